"""What each seat may know (its hand and the public table): plain frozen classes, built
from shared parts: the sensible bot asks for a view at every decision, and from one step
to the next most seats and targets look the same."""

from __future__ import annotations

from dataclasses import field
from functools import lru_cache

from sherwood_tui.core.draft import plain
from sherwood_tui.games.bleeding_sherwood.rules.model import CARDS, EFFECT_TEXT, RoundBids, State, bid_total, score_of
from sherwood_tui.games.bleeding_sherwood.rules.options import BleedingSherwoodOptions


@plain
class CardView:
    id: int
    name: str
    value: int


@plain
class TargetView:
    peasant: int
    name: str
    value: int
    text: str  # the card's own text
    note: str  # a special's part in this round ("each drew a Goode"); "" for none
    goodes: tuple[CardView, ...]


@plain
class SeatPublic:
    name: str
    hand_count: int
    bid: tuple[CardView, ...]
    bid_total: int
    passed: bool
    bid_open: bool
    bid_taken: bool
    collected: tuple[CardView, ...]
    score: int


@plain
class PublicView:
    round: int
    phase: str
    first: int
    turn: int | None
    collector: int | None
    order: tuple[int, ...]
    effects: tuple[str, ...]
    targets: tuple[TargetView, ...]
    seats: tuple[SeatPublic, ...]
    goode_deck: int
    peasant_deck: int
    # the game's options (public; the same all game: the traces leave them out)
    options: BleedingSherwoodOptions = field(metadata={"trace": False})
    end_reason: str
    hands_at_round_end: tuple[int, ...]  # Goodes in hand as the last round ended
    # The table's memory of public events, for the expert (summaries of what the log
    # said, so left out of the behaviour traces): each seat's Goodes seen taken into its
    # hand and not bid since (Goode ids), the Goodes and the Peasants discarded (every
    # one was face up), and each round's bids as its bidding closed, with the Goodes
    # each seat held then.
    known: tuple[tuple[int, ...], ...] = field(default=(), metadata={"trace": False})
    discard: tuple[int, ...] = field(default=(), metadata={"trace": False})
    peasant_discard: tuple[int, ...] = field(default=(), metadata={"trace": False})
    rounds_bid: tuple[RoundBids, ...] = field(default=(), metadata={"trace": False})


@plain
class SeatView:
    seat: int
    hand: tuple[CardView, ...]
    table: PublicView


# What the table shows beside a special Peasant: what it did (the specials act as the
# targets are dealt) or what it does this round. Under the 1996 rules the Town Crier and
# the Jester do nothing (one target a round; only the highest bid captures).
SPECIAL_NOTE = {
    "extra_target": "brought one more",
    "all_draw": "each drew a Goode",
    "gather_bonus": "took the bonuses",
    "reverse_order": "lowest bid collects first",
    "no_zero_capture": "zero bids collect nothing",
}
SPECIAL_NOTE_1996 = {**SPECIAL_NOTE, "extra_target": "no effect: 1996 rules", "reverse_order": "no effect: 1996 rules"}

# Views share one immutable CardView per card.
GOODE_VIEWS = tuple(CardView(id=i, name=g.name, value=g.value) for i, g in enumerate(CARDS.goodes))
PEASANT_VIEWS = tuple(CardView(id=i, name=p.name, value=p.value) for i, p in enumerate(CARDS.peasants))


@lru_cache(maxsize=4096)
def seat_public(
    name: str,
    hand_count: int,
    bid: tuple[int, ...],
    collected: tuple[int, ...],
    *,
    passed: bool,
    bid_open: bool,
    bid_taken: bool,
) -> SeatPublic:
    """What the table sees of a seat (shared: views are immutable)."""
    return SeatPublic(
        name=name,
        hand_count=hand_count,
        bid=tuple([GOODE_VIEWS[g] for g in bid]),
        bid_total=bid_total(bid),
        passed=passed,
        bid_open=bid_open,
        bid_taken=bid_taken,
        collected=tuple([PEASANT_VIEWS[c] for c in collected]),
        score=score_of(collected),
    )


@lru_cache(maxsize=1024)
def target_view(peasant: int, goodes: tuple[int, ...], classic: bool = False) -> TargetView:
    """What the table sees of a target (shared: views are immutable)."""
    card = CARDS.peasants[peasant]
    return TargetView(
        peasant=peasant,
        name=card.name,
        value=card.value,
        text=card.text,
        note=(SPECIAL_NOTE_1996 if classic else SPECIAL_NOTE).get(card.special or "", ""),
        goodes=tuple([GOODE_VIEWS[g] for g in goodes]),
    )


def public_view(state: State) -> PublicView:
    hands, bids, passed, collected = state.hands, state.bids, state.passed, state.collected
    bid_open, bid_taken = state.bid_open, state.bid_taken
    seats = tuple([
        seat_public(p.name, len(hands[s]), bids[s], collected[s], passed=passed[s], bid_open=bid_open[s],
                    bid_taken=bid_taken[s])
        for s, p in enumerate(state.players)
    ])
    table = state.table
    options, phase = table.options, state.phase
    return PublicView(
        round=table.round,
        phase=phase,
        first=table.first,
        turn=state.turn if phase == "bidding" else None,
        collector=table.order[state.collect_pos] if phase == "collecting" else None,
        order=table.order,
        effects=tuple([EFFECT_TEXT[e] for e in table.effects]),
        targets=tuple([target_view(t.peasant, t.goodes, options.classic_1996) for t in state.targets]),
        seats=seats,
        goode_deck=len(table.goode_deck),
        peasant_deck=len(table.peasant_deck),
        options=options,
        end_reason=table.end_reason,
        hands_at_round_end=table.hands_at_round_end,
        known=state.known,
        discard=table.goode_discard,
        peasant_discard=state.peasant_discard,
        rounds_bid=table.rounds_bid,
    )


def view(state: State, seat: int) -> SeatView:
    return SeatView(seat=seat, hand=tuple([GOODE_VIEWS[g] for g in state.hands[seat]]), table=public_view(state))
