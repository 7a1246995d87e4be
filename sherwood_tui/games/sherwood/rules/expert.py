"""What the expert's search is given in Sherwood (2005) (`core.search.ExpertKit`).

- **Beliefs** (`model`): each band's habits from the table's public record of every
  revealed party (`model.PastParty`, in every view): which kinds of mission it went for
  (a town, loot, a companion), how often it sent no one while it had prisoners, and the
  size and strength of its parties.
- **Worlds** (`sample`): the hidden cards dealt as `determinize` deals them; each other
  band that has sent its party sends one its habits make likely: the sensible bot's
  choice from that seat's hand in the sample, its wants weighed by the kinds of mission
  it goes for (not random legal moves: the search sees a rival's likely strength).
- **Candidates**: an ambush is a whole party. The sensible bot's party first (imagining
  the others by the beliefs), then for each mission in play, most valuable first, the
  cheapest party that should claim it against the strongest rival party there, the
  strongest party at it, the least conspicuous party that still beats the rivals, and
  sending no one. Every other decision: its legal moves, the sensible bot's first, then
  by the bot's own worth (every line-up of the newcomers).
- **Rollout**: read from the state's public fields and the seat's own hand (no view
  built). The searching seat's party by the sensible bot's rule, against two imagined
  ambushes of the others instead of twelve; a rival's party this turn by the same rule
  (four), in later turns a quick guess from its habits (`habit_party`: sending no one as often as it does with prisoners, a mission
  drawn by its worth and the kinds the band goes for, a party near the best at it, its
  hand's loot). The other decisions (rewards, towns, the prison, ransoms) are the
  sensible bot's, from the same fields.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations
from typing import Any

from sherwood_tui.core.search import Decision, ExpertKit
from sherwood_tui.core.steps import as_moves
from sherwood_tui.games.sherwood.rules.bot import (
    OPP_DISC,
    OPP_NOBODY,
    Board,
    Glance,
    Lean,
    _candidates,
    _fronts,
    _hand_loot,
    _loot_variants,
    _near_best_of,
    _usefulness,
    board_of,
    choose_party,
    decide_after_ambush,
    loot_cards,
    mission_kind,
    mission_value,
    mission_values,
    sensible,
    turns_left,
)
from sherwood_tui.games.sherwood.rules.data import DISCRETION
from sherwood_tui.games.sherwood.rules.determinize import determinize
from sherwood_tui.games.sherwood.rules.legal import free_characters
from sherwood_tui.games.sherwood.rules.model import (
    NO_PARTY,
    Action,
    AddMember,
    CloseCell,
    LineUp,
    PendingParty,
    State,
)
from sherwood_tui.games.sherwood.rules.phases.prepare import ambush_moves, extends
from sherwood_tui.games.sherwood.rules.scoring import largest_network
from sherwood_tui.games.sherwood.rules.steps import STEPS
from sherwood_tui.games.sherwood.rules.tables import CHARACTERS, gold_count
from sherwood_tui.games.sherwood.rules.views import SeatView

KINDS = ("town", "theft", "companion")
PRIOR = 2.0  # how many ambushes' worth of evidence a prior counts for
ROLLOUT_IMAGINED = 2  # imagined ambushes of the others, per party chosen in a playout
CANDIDATE_IMAGINED = 6  # ... for the sensible bot's party among the candidates
AMBUSHES = 8  # parties weighed at most (fewer, each played more often)
QUICK_RIVALS = True  # the rivals' parties in a playout: guessed from their habits (not the bot's rule)
SAMPLE_IMAGINED = 4  # ... for an other band's sent party in a sampled world
LINE_UPS = 24  # line-ups of the newcomers weighed at most


@dataclass(frozen=True, slots=True)
class Habits:
    """One band as the table has seen it."""

    ambushes: int  # turns it sent a party
    kinds: tuple[int, ...]  # its parties aimed at each kind of mission (`KINDS`)
    jailed: int  # turns it had prisoners
    nobody: int  # ... and sent no one
    size: float  # its parties' mean size (0: none seen)
    top: int  # its highest skill total seen

    def taste(self) -> dict[str, float]:
        """A weight per kind of mission: above 1 for a kind it goes for more than a
        third of the time (the prior: as often as any other)."""
        total = sum(self.kinds) + PRIOR * len(KINDS)
        return {k: (c + PRIOR) * len(KINDS) / total for k, c in zip(KINDS, self.kinds)}

    def nobody_rate(self) -> float:
        """How often it sends no one while it has prisoners (prior: the bot's guess)."""
        return (self.nobody + OPP_NOBODY * PRIOR) / (self.jailed + PRIOR)


@dataclass(frozen=True, slots=True)
class Beliefs:
    """What a seat believes of every band (its own too, as the table sees it): the
    habits, and how the sensible bot's rule is to imagine each (worked out once)."""

    me: int
    turn: int  # the turn of the decision searched
    habits: tuple[Habits, ...]
    leans: dict[int, Lean]  # how the seat imagines each other band's party
    tastes: tuple[dict[str, float], ...]  # what each band wants, by the kind of mission


def beliefs_of(me: int, turn: int, habits: tuple[Habits, ...]) -> Beliefs:
    tastes = tuple(h.taste() for h in habits)
    leans = {s: (h.nobody_rate(), tastes[s]) for s, h in enumerate(habits) if s != me}
    return Beliefs(me, turn, habits, leans, tastes)


def model(view: SeatView) -> Beliefs:
    """Each band's habits, from the record of the revealed parties."""
    table = view.table
    n = len(table.seats)
    kinds = [Counter[str]() for _ in range(n)]
    sent, jailed, nobody, members, top = [0] * n, [0] * n, [0] * n, [0] * n, [0] * n
    for p in table.record:
        s = p.seat
        if p.jailed:
            jailed[s] += 1
            nobody[s] += not p.size
        if p.size:
            sent[s] += 1
            members[s] += p.size
            top[s] = max(top[s], *p.totals[:DISCRETION])
            if p.mission is not None:
                kinds[s][mission_kind(p.mission)] += 1
    return beliefs_of(view.seat, table.turn, tuple(
        Habits(sent[s], tuple(kinds[s][k] for k in KINDS), jailed[s], nobody[s],
               members[s] / sent[s] if sent[s] else 0.0, top[s])
        for s in range(n)))


# ----- boards read from a state (what a seat may know there, no view built) ---------------


def board_in(state: State) -> Board:
    """The public board of a state (every seat may know it)."""
    towns = state.towns
    return Board(towns, state.missions, state.king, state.options.camp_needs_town,
                 turns_left(state.king, state.stack, tuple([len(s) for s in state.stacks])),
                 state.bands, state.prison, tuple([len(h) for h in state.hands]),
                 tuple([largest_network(towns, s) for s in range(len(state.players))]))


def _party_in(state: State, seat: int, rnd: random.Random, beliefs: Beliefs, *, imagined: int,
              quick: bool = False) -> PendingParty:
    """`seat`'s party in a sampled state, from its own hand and the public board: the
    searching seat imagines the others by its beliefs; another seat wants what its
    habits say (`quick`: a quick guess from them, `habit_party`)."""
    if seat == beliefs.me or not quick:
        taste = None if seat == beliefs.me else beliefs.tastes[seat]
        return choose_party(board_in(state), seat, state.hands[seat], rnd, imagined=imagined, leans=beliefs.leans, taste=taste)
    return habit_party(state, seat, rnd, beliefs)


def _near_front(avail: tuple[str, ...], paid_ok: int, k: int) -> tuple[tuple[str, ...], ...]:
    """The parties (members) near the best at skill `k` for their Discretion (as the
    sensible bot imagines a rival's)."""
    return _near_front_all(avail, paid_ok)[k]


@lru_cache(maxsize=4096)
def _near_front_all(avail: tuple[str, ...], paid_ok: int) -> tuple[tuple[tuple[str, ...], ...], ...]:
    out = []
    for k, front in enumerate(_fronts(avail, paid_ok)):
        scores = [t[k] - OPP_DISC * t[DISCRETION] for _, t in front]
        top = max(scores, default=0)
        out.append(tuple(members for (members, _), sc in zip(front, scores) if sc >= top - 1.5))
    return tuple(out)


def _like_its_parties(options: tuple[tuple[str, ...], ...], size: float, r: Any) -> tuple[str, ...]:
    """One of the parties, drawn with the weight of a size near the band's usual (each
    alike when none is seen yet)."""
    if not size or len(options) == 1:
        return options[int(r() * len(options))]
    weights = [1.0 / (1.0 + abs(len(members) - size)) for members in options]
    x = r() * sum(weights)
    for members, w in zip(options, weights):
        x -= w
        if x < 0:
            return members
    return options[-1]


def habit_party(state: State, seat: int, rnd: random.Random, beliefs: Beliefs) -> PendingParty:
    """A rival band's party as its habits make likely (a quick guess, as the sensible bot
    imagines a rival's): no one, as often as it frees a prisoner so; else a mission drawn
    by its worth to the band and the kinds it goes for, one of the parties near the best
    at it (of about its usual size), and the loot of its hand that helps it most there."""
    r = rnd.random
    prison = state.prison[seat]
    if prison and r() < beliefs.leans[seat][0]:
        return NO_PARTY
    avail = free_characters(state.bands[seat], prison)
    hand = state.hands[seat]
    gold = gold_count(hand)
    missions, taste = state.missions, beliefs.tastes[seat]
    if state.king:
        weights = [1.0, 1.0, 1.0]
    else:
        values = mission_values(state.towns, seat, missions, min(gold, 2),
                                horizon=turns_left(False, state.stack, tuple([len(s) for s in state.stacks])),
                                camp_needs_town=state.options.camp_needs_town, n=len(state.players))
        weights = [(v + 0.3) * taste.get(mission_kind(m), 1.0) if m is not None else 0.0
                   for v, m in zip(values, missions)]
    total = sum(weights)
    if not avail or total <= 0:
        return NO_PARTY
    x = r() * total
    k = 0 if x < weights[0] else 1 if x < weights[0] + weights[1] else 2
    options = _near_front(avail, min(gold, 2), k)
    if not options:
        return NO_PARTY
    members = _like_its_parties(options, beliefs.habits[seat].size, r)
    variants = _loot_variants(members, k, _hand_loot(loot_cards(hand)))
    personal, group, _, _ = max(variants, key=lambda v: v[2][k] - v[2][DISCRETION] - 0.6 * v[3] + r() * 0.5)
    return PendingParty(members=members, personal=personal, group=group)


def sample(view: SeatView, beliefs: Beliefs, rnd: random.Random) -> State:
    """A world fitting the view; each band that has sent its party sent one its habits
    make likely, from its hand in this world."""
    return determinize(view, rnd, lambda state, seat, r: _party_in(state, seat, r, beliefs, imagined=SAMPLE_IMAGINED))


def rollout(state: State, seat: int, rnd: random.Random, beliefs: Beliefs) -> Any:
    """A quick decision of `seat` in a sampled state, as that seat knows it."""
    if state.phase == "prepare":
        quick = QUICK_RIVALS and state.turn > beliefs.turn  # this turn's rivals: as the bot would
        party = _party_in(state, seat, rnd, beliefs, imagined=ROLLOUT_IMAGINED if quick else SAMPLE_IMAGINED, quick=quick)
        formed = state.forming[seat]
        if not extends(party, formed):
            party = formed
        return tuple(ambush_moves(seat, party, formed))
    legal = STEPS.of(state).legal(state, seat)
    if len(legal) == 1:
        return legal[0]
    return decide_after_ambush(glance_in(state, seat), state.phase, legal, rnd)


def glance_in(state: State, seat: int) -> Glance:
    """What `seat` knows of a state for its decisions after the ambush (its own hand
    and the public fields)."""
    return Glance(seat, state.hands[seat], len(state.players), state.towns, state.missions, state.options.camp_needs_town,
                  turns_left(state.king, state.stack, tuple([len(s) for s in state.stacks])),
                  state.reward, state.reveal, state.bands[seat], state.prison[seat])


# ----- candidates ----------------------------------------------------------------------


def candidates(view: SeatView, legal: list[Action], beliefs: Beliefs, rnd: random.Random) -> list[Decision]:
    """The seat's decisions worth weighing, most promising first."""
    if view.table.phase == "prepare":
        return _ambushes(view, beliefs, rnd)
    first = as_moves(sensible(view, legal, rnd))
    if view.table.phase == "order_prisoners":
        return [first, *_line_ups(view, legal)]
    return [first, *((move,) for move in legal)]


def _rival_tops(board: Board, me: int) -> tuple[int, ...]:
    """Per skill, the highest total a rival's party of its best characters for it may
    reach (its front's best, plus a loot card of +1 a member it may hold, up to two)."""
    tops = [0, 0, 0]
    for o, band in enumerate(board.bands):
        if o == me:
            continue
        count = board.hand_counts[o]
        near = _near_best_of(free_characters(band, board.prisons[o]), min(1, count))
        for k in range(3):
            best = max((t[k] for t in near[k]), default=0) + min(2, count)
            tops[k] = max(tops[k], best)
    return tuple(tops)


def _ambushes(view: SeatView, beliefs: Beliefs, rnd: random.Random) -> list[Decision]:
    """Parties by skill, the sensible bot's first, at most `AMBUSHES` (see the module's
    docstring): each mission's cheapest party that beats its strongest rival, then each
    one's strongest, (sending no one, with prisoners to free), then each one's least
    conspicuous winner and a hidden try."""
    me, hand = view.seat, view.hand
    board = board_of(view)
    formed = view.forming or NO_PARTY
    first = choose_party(board, me, hand, rnd, imagined=CANDIDATE_IMAGINED, leans=beliefs.leans)
    rounds: list[list[PendingParty]] = [[], [], []]
    present = tuple(board.king or m is not None for m in board.missions)
    avail = free_characters(board.bands[me], board.prisons[me])
    gold = gold_count(hand)
    options = _candidates(avail, min(gold, 2), loot_cards(hand), present)  # (members, personal, group, totals, cards, paid)
    if options:
        n = len(board.bands)
        values = [mission_value(board.towns, me, m, gold=min(gold, 2), horizon=board.horizon,
                                camp_needs_town=board.camp_needs_town, n=n) for m in board.missions]
        tops = _rival_tops(board, me)
        for k in sorted((k for k in range(3) if present[k]), key=lambda k: -values[k]):
            beats = [o for o in options if o[3][k] > tops[k]]
            if beats:
                rounds[0].append(_party(min(beats, key=lambda o: (o[4] + o[5], len(o[0]), o[3][DISCRETION]))))
                rounds[2].append(_party(min(beats, key=lambda o: (o[3][DISCRETION], o[4] + o[5], len(o[0])))))
            rounds[1].append(_party(max(options, key=lambda o: (o[3][k], -o[3][DISCRETION], -o[4] - o[5]))))
            close = [o for o in options if o[3][k] >= tops[k] - 1 and o[3][DISCRETION] <= 0]
            if close:
                rounds[2].append(_party(max(close, key=lambda o: (o[3][k], -o[4] - o[5]))))
    nobody = [NO_PARTY]
    parties = [first, *rounds[0], *(nobody if board.prisons[me] else []), *rounds[1], *rounds[2], *nobody]
    out: dict[Decision, None] = {}
    for party in parties:
        if extends(party, formed):
            out.setdefault(tuple(ambush_moves(me, party, formed)))
    return list(out)[:AMBUSHES]


def _party(option: tuple[Any, ...]) -> PendingParty:
    members, personal, group = option[:3]
    return PendingParty(members=members, personal=personal, group=group)


def _line_ups(view: SeatView, legal: list[Action]) -> list[Decision]:
    """Every order of the newcomers not lined up yet (the most useful first ones first)."""
    rest = sorted((m.member for m in legal if isinstance(m, LineUp)), key=_usefulness, reverse=True)
    out: list[Decision] = []
    for order in permutations(rest):
        out.append((*(LineUp(seat=view.seat, member=c) for c in order), CloseCell(seat=view.seat)))
        if len(out) >= LINE_UPS:
            break
    return out


# ----- reasons -------------------------------------------------------------------------


KIND_WORDS = {"town": "missions won for a town", "theft": "missions won for loot",
              "companion": "companions' missions"}


def reason(view: SeatView, beliefs: Beliefs, decision: Decision) -> str:
    """Why an ambush, in the game's words: sending no one frees the top prisoner; else
    the rival habit the table shows most plainly ("Much went for missions won for a
    town in 6 of 8 ambushes")."""
    table = view.table
    if table.phase != "prepare":
        return ""
    prison = table.seats[view.seat].prison
    formed = view.forming or NO_PARTY
    if prison and not formed.members and not any(isinstance(move, AddMember) for move in decision):
        return f"sending no one frees {CHARACTERS[prison[0]].name}"
    best: tuple[float, str] = (0.0, "")
    for s, h in enumerate(beliefs.habits):
        if s == view.seat or not h.ambushes:
            continue
        name = table.seats[s].name
        kind, most = max(zip(KINDS, h.kinds), key=lambda kc: kc[1])
        if most >= 2:
            best = max(best, (most / h.ambushes, f"{name} went for {KIND_WORDS[kind]} in {most} of {h.ambushes} ambushes"))
        if h.jailed >= 2 and h.nobody:
            best = max(best, (h.nobody / h.jailed, f"{name} sent no one in {h.nobody} of {h.jailed} turns with prisoners"))
    return best[1]


KIT = ExpertKit(candidates=candidates, model=model, sample=sample, rollout=rollout, reason=reason, scale=6.0)
