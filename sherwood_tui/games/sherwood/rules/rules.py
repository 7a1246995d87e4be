"""Sherwood (2005): the rules. `SherwoodGame` dispatches each action to its phase's
handler (`phases/`) through one table (`handlers`: action type -> phase, handler); the
state and actions are in `model.py`, the legal actions in `legal.py`, the views in
`views.py`, the networks and the tally in `scoring.py`, the component tables in
`tables.py`. The other names here are re-exported for the screens, the bot and tests.

A game turn has eight phases; only some of them ask a player something:

1. Mission assignments (automatic): up to three cards from the stack in play, laid at
   Strength, Dexterity and Cunning in the order drawn.
2. Ambush preparations (phase "prepare", simultaneous and private): every player sends
   a party (the characters before the Forest card) with loot, in one `PrepareAmbush`.
3. Springing (automatic once all have committed): the parties are revealed in
   `state.reveal`; a player who sent no one frees the top prisoner of their cell.
4. Unsuccessful missions: ties fail; a player leading several missions keeps one
   (phase "choose_mission", private); failed cards move to the next stack.
5. Rewards in the order Strength, Dexterity, Cunning: the winner picks a reward (phase
   "choose_reward", private) and, for Champion and Camp, towns ("choose_town").
6. Little Booty (automatic).
7. Capture (automatic); each captured player with two or more prisoners arranges the
   newcomers (phase "order_prisoners", public).
8. Sheriff's rounds (automatic); the owner of the cell he stops at may pay Gold to free
   more prisoners (phase "ransom", private).

Interpretations where the rulebook is unclear (also in rules_reference.md):
- A skill total of 0 (or less) claims nothing; a party whose Discretion is 0 or less is
  never noticed (cannot be the "highest Discretion").
- Discretion is a skill like the others, won by the highest total among the parties
  sent (players who sent no one take no part); unlike a mission, a tie makes every tied
  player a winner of Discretion ("the player(s) with the highest score ... place a
  pawn"). Capture (phase 7): a winner of Discretion who was also successful in a
  mission (kept one) goes to prison; on King Richard's turn every winner of Discretion
  goes, favour or not ("the player who wins discretion still sends their party to
  prison"). So a successful party that is less conspicuous than an unsuccessful one is
  not caught. Little Booty: sent someone, won no mission and did not win Discretion.
  `discretion_winners`, `capture_seats` and `little_booty_seats` compute these from a
  reveal, for the rules and the screens alike.
- A party uses either personal loot (at most one card per character) or one group loot
  card, never both. Loot cards and Gold are used up (discarded) when the party is
  revealed, whatever the outcome. A paid companion cannot be sent without its Gold card.
- The special missions of stack II each offer two enhanced rewards: Prince John
  Champion (two towns of its list) and Camp (two empty forest towns or one empty plain
  town); Guy of Gisbourne Champion (two towns) and Booty (5 loot); the Bishop of
  Hereford Booty (5 loot) and Camp (two forest or one plain). Each town taken scores on
  its own; Alan-a-Dale's bonus counts once per reward; a second town may be declined.
- A mission that no party can claim (nobody has the skill, or nobody went) fails like
  a tie. If no reward of a won mission can be taken, its winner takes "nothing".
- A turn's missions all come from one stack: if fewer than three cards remain, the
  empty places have no mission. When King Richard is drawn, drawing stops and every
  other mission card (drawn with him or still in a stack) leaves the game. In King
  Richard's turn each skill won outright is a favour (a player may win several, no
  choose-one rule); the game ends after the capture (no Little Booty, no Sheriff's
  rounds, and the order of the last prisoners is not asked: it no longer matters).
- The prison has one cell per player; cell 1 is next to the stairs and all cells are
  "in play", so the Sheriff walks 1, 2, ..., n, 1, ... whether or not a cell is taken.
  Newcomers are first put under the old prisoners in party order, then their owner
  rearranges them. The ransom decision is offered whenever prisoners remain in the
  Sheriff's cell (even without Gold, so that it reveals nothing).
- A displaced player's pawn returns to their stock; popularity never goes below 0,
  since every pawn lost had scored at least 1 when placed. One pawn marks popularity
  and one claims the mission, so a player holds at most 12 towns.
- When the loot deck is empty its discard pile is shuffled into a new deck.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from sherwood_tui.core.contract import MALFORMED_MOVE_ERRORS, Event, Game, Player, ScoreLine
from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.rng import randbelow, shuffled
from sherwood_tui.core.wording import count
from sherwood_tui.games.sherwood.plugin import PLUGIN
from sherwood_tui.games.sherwood.rules import legal, scoring, views
from sherwood_tui.games.sherwood.rules.data import DISCRETION, SKILL_NAMES, data  # noqa: F401 (re-exported)
from sherwood_tui.games.sherwood.rules.legal import available
from sherwood_tui.games.sherwood.rules.model import (  # noqa: F401 (the names other modules import)
    KING,
    RANSOM_COST,
    ROMAN,
    Action,
    ChooseMission,
    ChooseReward,
    ChooseTown,
    OrderPrisoners,
    Party,
    PendingParty,
    PendingReward,
    Phase,
    PrepareAmbush,
    Ransom,
    RansomOffer,
    Reveal,
    ScoreEvent,
    SkillResult,
    State,
    StepDraft,
    seat_names,
)
from sherwood_tui.games.sherwood.rules.phases import prepare, rewards, unsuccessful
from sherwood_tui.games.sherwood.rules.phases.booty import little_booty_seats  # noqa: F401
from sherwood_tui.games.sherwood.rules.phases.capture import (  # noqa: F401
    capture_seats,
    discretion_winners,
    do_order_prisoners,
)
from sherwood_tui.games.sherwood.rules.phases.sheriff import do_ransom
from sherwood_tui.games.sherwood.rules.phases.turn import start_turn
from sherwood_tui.games.sherwood.rules.scoring import (  # noqa: F401
    largest_network,
    network_components,
    network_of,
    networks,
    placement_points,
)
from sherwood_tui.games.sherwood.rules.tables import (  # noqa: F401
    CHARACTERS,
    GOLD,
    LOOT,
    TOWNS,
    char_name,
    gold_cards,
    gold_count,
    has_trait,
    loot_words,
    mission_name,
    paid_count,
    party_totals,
    pawn_stock,
)
from sherwood_tui.games.sherwood.rules.views import PublicView, SeatPublic, SeatView  # noqa: F401

PHASE_TEXT = {
    "prepare": "Every player is preparing an ambush now.",
    "choose_mission": "A player must first choose which mission to keep.",
    "choose_reward": "A reward is being chosen now.",
    "choose_town": "A town is being chosen for a reward now.",
    "order_prisoners": "New prisoners are being arranged in their cell now.",
    "ransom": "The Sheriff's rounds are under way: only paying to free prisoners is possible.",
    "over": "The game is over.",
}


class SherwoodGame(Game[State, Action, views.SeatView]):
    plugin = PLUGIN
    state_type = State
    action_type = Action
    view_type = views.SeatView
    public_view_type = views.PublicView

    def __init__(self) -> None:
        # action type -> (the phase it belongs to, its handler(draft, action) -> events)
        self.handlers: dict[type, tuple[str, Callable[[StepDraft, Any], list[Event]]]] = {
            PrepareAmbush: ("prepare", partial(prepare.do_prepare, malformed=self.malformed)),
            ChooseMission: ("choose_mission", unsuccessful.do_choose_mission),
            ChooseReward: ("choose_reward", rewards.do_choose_reward),
            ChooseTown: ("choose_town", rewards.do_choose_town),
            OrderPrisoners: ("order_prisoners", do_order_prisoners),
            Ransom: ("ransom", do_ransom),
        }

    # ----- setup ---------------------------------------------------------------------
    def _new_game(
        self, players: list[Player], options: dict[str, bool], seed: int
    ) -> tuple[State, list[Event]]:
        d = data()
        n = len(players)
        golds = [c.id for c in d.loot if c.kind == "gold"]
        start = d.starting_gold
        hands = tuple(tuple(golds[i * start : (i + 1) * start]) for i in range(n))
        dealt = {c for h in hands for c in h}
        deck, rng = shuffled(seed, [c.id for c in d.loot if c.id not in dealt])
        stack1, rng = shuffled(rng, [m.id for m in d.missions if m.stack == 1])
        stack2 = tuple(m.id for m in d.missions if m.stack == 2)
        stack3 = tuple(m.id for m in d.missions if m.stack == 3)
        merry = tuple(c.id for c in d.merry_men)
        state = State(
            players=tuple(players),
            camp_needs_town=options.get("camp_needs_town", False),
            rng=rng,
            stacks=(stack1, stack2, stack3),
            loot_deck=deck,
            hands=hands,
            bands=(merry,) * n,
            prison=((),) * n,
            cells=(None,) * n,
            towns=(None,) * len(d.towns),
            popularity=(0,) * n,
            pending=(None,) * n,
            turn=0,
        )
        draft = StepDraft(state)
        events: list[Event] = []
        start_turn(draft, events)
        return draft.done(), events

    # ----- whose turn ----------------------------------------------------------------
    # The rules' functions themselves (no method frame around them: asked at every step).
    may_act = staticmethod(legal.may_act)
    to_act = staticmethod(legal.to_act)
    is_private = staticmethod(legal.is_private)

    def why_not_turn(self, state: State, seat: int) -> str:
        if 0 <= seat < len(state.players) and state.phase == "prepare" and state.pending[seat] is not None:
            return f"{state.players[seat].name} has already prepared an ambush this turn."
        return super().why_not_turn(state, seat)

    def is_final(self, before: State, action: Action, events: list[Event]) -> bool:
        """A reward that draws Loot shows new cards: it cannot be taken back."""
        if isinstance(action, ChooseReward) and action.reward == "theft":
            return True
        return super().is_final(before, action, events)

    def private_news(self, before: State, action: Action, after: State) -> list[str]:
        """Theft: the cards the drawer drew, which only they see (the log says how many)."""
        if not (isinstance(action, ChooseReward) and action.reward == "theft"):
            return []
        seat = action.seat
        old = set(before.hands[seat])
        drawn = [c for c in after.hands[seat] if c not in old]
        title = mission_name(before.reward.mission) if before.reward else "the mission"
        if not drawn:
            return [f"You take Theft from {title}, but the loot deck and its discards are "
                    "empty: you draw nothing."]
        lines = [f"You take Theft from {title} and draw {count(len(drawn), 'Loot card')}:"]
        gold = [c for c in drawn if c in GOLD]
        if gold:
            lines.append(f"  {count(len(gold), 'Gold card')}")
        lines += [f"  {loot_words(c)}" for c in drawn if c not in GOLD]
        lines.append("They are in your hand now, secret from the others, for your next ambushes.")
        return lines

    # ----- legal actions ------------------------------------------------------------
    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if state.phase == "prepare" and seat.__class__ is int:  # half the decisions: `may_act` written out
            pending = state.pending
            return legal.prepare_legal(state, seat) if 0 <= seat < len(pending) and pending[seat] is None else []
        if not legal.may_act(state, seat):
            return []
        return legal.LEGAL[state.phase](state, seat)

    # ----- applying actions ---------------------------------------------------------
    def apply(self, state: State, action: Any) -> tuple[State, list[Event]]:
        """The core's `apply`, with a short cut for the common case: a move of this game
        with an int seat, in the phase it belongs to, by a seat that may act (every check
        of the core's passes). Anything else, or an error on the way, goes through the
        core's `apply`, which gives the same result or refusal (the rules are pure). The
        ambushes (half the moves) are checked first, written out (`may_act` of a seat in
        the prepare phase)."""
        try:
            if action.__class__ is PrepareAmbush:
                seat = action.seat
                if seat.__class__ is int and state.phase == "prepare":
                    pending = state.pending
                    if 0 <= seat < len(pending) and pending[seat] is None:
                        quick = prepare.quick_prepare(state, action)
                        if quick is not None:
                            return quick
            else:
                entry = self.handlers.get(action.__class__)
                if entry is not None:
                    seat = action.seat
                    if seat.__class__ is int and state.phase == entry[0] and legal.may_act(state, seat):
                        draft = StepDraft(state)
                        events = entry[1](draft, action)
                        return draft.done(), events
        except MALFORMED_MOVE_ERRORS:
            pass
        return super().apply(state, action)

    def _apply(self, state: State, action: Action) -> tuple[State, list[Event]]:
        handler = self.handlers.get(action.__class__)
        if handler is None:
            raise RuleError("That is not a move of Sherwood.")
        phase, handle = handler
        if state.phase != phase:
            raise RuleError(PHASE_TEXT[state.phase])
        draft = StepDraft(state)
        events = handle(draft, action)
        return draft.done(), events

    def check_ambush(self, state: State, seat: int, party: tuple[str, ...], personal: tuple[tuple[str, int], ...],
                     group: int | None) -> PendingParty:
        """The validated party of an ambush, or RuleError with the reason."""
        return prepare.check_ambush(state, seat, party, personal, group)

    # ----- the end -------------------------------------------------------------------
    is_over = staticmethod(legal.is_over)

    def tally(self, state: State, seat: int) -> dict[str, float]:
        """The final tally of one player, part by part."""
        return scoring.tally(state, seat)

    def scores(self, state: State) -> list[ScoreLine]:
        """At the end: the final tally. During the game: the popularity track."""
        return scoring.scores(state)

    def round_label(self, state: State) -> str:
        return views.round_label(state)

    # ----- views -----------------------------------------------------------------------
    def public_view(self, state: State) -> PublicView:
        return views.public_view(state)

    def view(self, state: State, seat: int) -> SeatView:
        return views.view(state, seat)

    def scramble_secrets(self, state: State, keep_seat: int, seed: int) -> State:
        """Other hands (redealt from the unseen loot, sizes kept), other unrevealed
        parties (a different party without loot), the face-down orders of the loot deck
        and of the stack in play, and the random seed."""
        n = len(state.players)
        others = [s for s in range(n) if s != keep_seat]
        pool = [c for s in others for c in state.hands[s]] + list(state.loot_deck)
        pool_t, seed = shuffled(seed, pool)
        rest = list(pool_t)
        hands = list(state.hands)
        for s in others:
            size = len(hands[s])
            hands[s], rest = tuple(rest[:size]), rest[size:]
        pending = list(state.pending)
        for s in others:
            if pending[s] is not None:
                choices = [c for c in available(state, s) if not CHARACTERS[c].paid]
                pick, seed = randbelow(seed, 2 ** len(choices))
                party = tuple(c for i, c in enumerate(choices) if pick >> i & 1)
                pending[s] = PendingParty(members=party)
        stacks = list(state.stacks)
        stacks[state.stack - 1], seed = shuffled(seed, stacks[state.stack - 1])
        rng, _ = randbelow(seed, 2**62)
        draft = StepDraft(state)
        draft.hands, draft.loot_deck, draft.pending = tuple(hands), tuple(rest), tuple(pending)
        draft.stacks, draft.rng = tuple(stacks), rng
        return draft.done()

    def secret_texts(self, state: State, seat: int) -> set[str]:
        """Names of the loot cards in this seat's hand that only one card bears (every
        card but Gold). Limits: how many Gold cards a player holds, and which characters
        an unrevealed party holds, have no text of their own (every player owns a Robin
        Hood, Gold cards are alike), so they cannot be told apart on a screen."""
        names = [c.name for c in LOOT]
        return {LOOT[c].name for c in state.hands[seat] if names.count(LOOT[c].name) == 1}
