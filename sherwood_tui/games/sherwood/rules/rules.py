"""Sherwood (2005): the rules. The steps that ask a player something are declared once
in `steps.py` (who acts, the moves and their rules in `phases/`, the exact legal moves,
what is secret); the core dispatches through it. The state and moves are in `model.py`,
the views in `views.py`, the networks and the tally in `scoring.py`, the component
tables in `tables.py`. The other names here are re-exported for the screens, the bot
and tests.

A game turn has eight phases; only some of them ask a player something:

1. Mission assignments (automatic): up to three cards from the stack in play, laid at
   Strength, Dexterity and Cunning in the order drawn.
2. Ambush preparations (phase "prepare", simultaneous and private): every player forms
   a party (the characters before the Forest card) member by member (`AddMember`), gives
   it loot card by card (`GiveLoot`), then sends it (`SendParty`).
3. Springing (automatic once all have committed): the parties are revealed in
   `state.reveal`; a player who sent no one frees the top prisoner of their cell.
4. Unsuccessful missions: ties fail; a player leading several missions keeps one
   (phase "choose_mission", private); failed cards move to the next stack.
5. Rewards in the order Strength, Dexterity, Cunning: the winner picks a reward (phase
   "choose_reward", private) and, for Champion and Camp, towns ("choose_town").
6. Little Booty (automatic).
7. Capture (automatic); each captured player with two or more prisoners arranges the
   newcomers one by one (`LineUp`), then closes the cell (`CloseCell`; phase
   "order_prisoners", public).
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

from typing import Any

from sherwood_tui.core.contract import Event, Game, Player, ScoreLine
from sherwood_tui.core.rng import randbelow, shuffled
from sherwood_tui.core.wording import count
from sherwood_tui.games.sherwood.plugin import PLUGIN
from sherwood_tui.games.sherwood.rules import determinize, scoring, views
from sherwood_tui.games.sherwood.rules.data import DISCRETION, SKILL_NAMES, data  # noqa: F401 (re-exported)
from sherwood_tui.games.sherwood.rules.legal import available
from sherwood_tui.games.sherwood.rules.model import (  # noqa: F401 (the names other modules import)
    KING,
    NO_PARTY,
    RANSOM_COST,
    ROMAN,
    Action,
    AddMember,
    ChooseMission,
    ChooseReward,
    ChooseTown,
    CloseCell,
    GiveLoot,
    LineUp,
    Party,
    PendingParty,
    PendingReward,
    Phase,
    Ransom,
    RansomOffer,
    Reveal,
    ScoreEvent,
    SendParty,
    SkillResult,
    State,
    StepDraft,
    seat_names,
)
from sherwood_tui.games.sherwood.rules.options import SherwoodOptions
from sherwood_tui.games.sherwood.rules.phases.booty import little_booty_seats  # noqa: F401
from sherwood_tui.games.sherwood.rules.phases.capture import capture_seats, discretion_winners  # noqa: F401
from sherwood_tui.games.sherwood.rules.phases.prepare import ambush_moves
from sherwood_tui.games.sherwood.rules.phases.turn import start_turn
from sherwood_tui.games.sherwood.rules.scoring import (  # noqa: F401
    largest_network,
    network_components,
    network_of,
    networks,
    placement_points,
)
from sherwood_tui.games.sherwood.rules.steps import STEPS
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
    steps = STEPS

    # ----- setup ---------------------------------------------------------------------
    def _new_game(
        self, players: list[Player], options: SherwoodOptions, seed: int
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
            options=options,
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
            forming=(NO_PARTY,) * n,
            turn=0,
        )
        draft = StepDraft(state)
        events: list[Event] = []
        start_turn(draft, events)
        return draft.done(), events

    # ----- refusals in the game's words ---------------------------------------------
    def why_not_turn(self, state: State, seat: int) -> str:
        if 0 <= seat < len(state.players) and state.phase == "prepare" and state.pending[seat] is not None:
            return f"{state.players[seat].name} has already prepared an ambush this turn."
        return super().why_not_turn(state, seat)

    def why_refused(self, state: State, action: Any) -> str:
        if self.may_act(state, action.seat):
            return PHASE_TEXT[state.phase]
        return super().why_refused(state, action)

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

    # ----- saves of older formats -------------------------------------------------------
    def upgrade_action(self, state: State, data: dict[str, Any], version: int) -> list[dict[str, Any]]:
        """Format 3 and before: an ambush was one move (its party, its personal loot, its
        group card), and newcomers were lined up in one move (their order). Now: the
        member, loot and send moves of the ambush; each newcomer lined up, then the cell
        closed."""
        if version > 3:
            return [data]
        kind, seat = data.get("type"), data.get("seat")
        if kind == "prepare":
            party = PendingParty(
                members=tuple(data.get("party") or ()),
                personal=tuple((c, card) for c, card in data.get("personal") or ()),
                group=data.get("group"),
            )
            moves: list[Any] = ambush_moves(seat, party)  # type: ignore[arg-type]  # checked as they are parsed
            return [self.dump_action(move) for move in moves]
        if kind == "order_prisoners":
            lined = [{"type": "line_up", "seat": seat, "member": c} for c in data.get("order") or ()]
            return [*lined, {"type": "close_cell", "seat": seat}]
        return [data]

    # ----- the end -------------------------------------------------------------------
    def tally(self, state: State, seat: int) -> dict[str, float]:
        """The final tally of one player, part by part."""
        return scoring.tally(state, seat)

    def scores(self, state: State) -> list[ScoreLine]:
        """At the end: the final tally. During the game: the popularity track."""
        return scoring.scores(state)

    def search_totals(self, state: State) -> list[float]:
        """The final tally if the game ended now (popularity, largest network, favours,
        free characters: loot in hand scores nothing at the end), the largest network as
        a small fraction for the tie-break."""
        out = []
        for seat in range(len(state.players)):
            net = largest_network(state.towns, seat)
            out.append(sum(scoring.tally(state, seat, net).values()) + net / 1000)
        return out

    def round_label(self, state: State) -> str:
        return views.round_label(state)

    # ----- views -----------------------------------------------------------------------
    def public_view(self, state: State) -> PublicView:
        return views.public_view(state)

    def view(self, state: State, seat: int) -> SeatView:
        return views.view(state, seat)

    determinize = staticmethod(determinize.determinize)

    def scramble_secrets(self, state: State, keep_seat: int, seed: int) -> State:
        """Other hands (redealt from the unseen loot, sizes kept), other unrevealed
        parties and parties being formed (a different party without loot), the face-down orders of the loot deck
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
        pending, forming = list(state.pending), list(state.forming)
        for s in others:
            choices = [c for c in available(state, s) if not CHARACTERS[c].paid]
            pick, seed = randbelow(seed, 2 ** len(choices))
            party = tuple(c for i, c in enumerate(choices) if pick >> i & 1)
            if pending[s] is not None:
                pending[s] = PendingParty(members=party)
            elif state.phase == "prepare":
                forming[s] = PendingParty(members=party[::-1])
        stacks = list(state.stacks)
        stacks[state.stack - 1], seed = shuffled(seed, stacks[state.stack - 1])
        rng, _ = randbelow(seed, 2**62)
        draft = StepDraft(state)
        draft.hands, draft.loot_deck, draft.pending = tuple(hands), tuple(rest), tuple(pending)
        draft.forming = tuple(forming)
        draft.stacks, draft.rng = tuple(stacks), rng
        return draft.done()

    def secret_texts(self, state: State, seat: int) -> set[str]:
        """Names of the loot cards in this seat's hand that only one card bears (every
        card but Gold). Limits: how many Gold cards a player holds, and which characters
        an unrevealed party holds, have no text of their own (every player owns a Robin
        Hood, Gold cards are alike), so they cannot be told apart on a screen."""
        names = [c.name for c in LOOT]
        return {LOOT[c].name for c in state.hands[seat] if names.count(LOOT[c].name) == 1}
