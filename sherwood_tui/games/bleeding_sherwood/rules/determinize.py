"""A whole state from one seat's view, for the expert's search (`Game.determinize`):
what the seat sees is kept, what it cannot see is drawn at random among what the view
allows.

Seen: the seat's hand, the targets with their Goodes, every bid, who passed, the
collections, the order, the effects, the counts of hands and decks, the discards (every
discarded Goode was face up) and the Goodes each seat was seen to take into its hand
and has not bid since. Not seen: the rest of the others' hands and the decks' order.
A discarded Goode is never drawn into a hand: the others' hands are filled from the
Goodes the seat has not seen leave, and the deck gets the rest. The random source of
the rules (the next shuffles) is drawn anew too.
"""

from __future__ import annotations

import random

from sherwood_tui.core.contract import Player
from sherwood_tui.games.bleeding_sherwood.rules.model import CARDS, EFFECT_TEXT, State, Table, Target, bid_total
from sherwood_tui.games.bleeding_sherwood.rules.scoring import ranking
from sherwood_tui.games.bleeding_sherwood.rules.views import SeatView

EFFECT_OF_TEXT = {text: effect for effect, text in EFFECT_TEXT.items()}


def determinize(view: SeatView, rnd: random.Random) -> State:
    """A state whose view for `view.seat` is `view`, the hidden cards drawn with `rnd`."""
    table, me = view.table, view.seat
    seats = table.seats
    hand = tuple(card.id for card in view.hand)
    bids = tuple(tuple(card.id for card in seat.bid) for seat in seats)
    targets = tuple(Target(peasant=t.peasant, goodes=tuple(g.id for g in t.goodes)) for t in table.targets)
    discard = table.discard
    in_sight = set(hand).union(*(g.goodes for g in targets), discard)
    in_sight.update(g for bid, seat in zip(bids, seats) if not seat.bid_taken for g in bid)
    known = table.known or tuple(() for _ in seats)
    held = [tuple(g for g in cards if g not in in_sight) if s != me else () for s, cards in enumerate(known)]
    in_sight.update(*held)
    in_hands = [g for bid, seat in zip(bids, seats) if seat.bid_taken for g in bid if g not in in_sight]
    unseen = [g for g in range(len(CARDS.goodes)) if g not in in_sight and g not in in_hands]
    rnd.shuffle(in_hands)
    rnd.shuffle(unseen)
    hands = _deal_hands(me, hand, [seat.hand_count for seat in seats], rnd, held=held, in_hands=in_hands,
                        unseen=unseen)
    goode_deck, goode_discard = tuple(unseen[: table.goode_deck]), discard + tuple(unseen[table.goode_deck :])

    collected = tuple(tuple(card.id for card in seat.collected) for seat in seats)
    peasants_seen = {t.peasant for t in targets}.union(*collected, table.peasant_discard)
    peasants = [p for p in range(len(CARDS.peasants)) if p not in peasants_seen]
    rnd.shuffle(peasants)

    totals = tuple(bid_total(bid) for bid in bids)
    collecting = table.phase == "collecting"
    return State(
        players=tuple(Player(name=seat.name) for seat in seats),
        phase=table.phase,  # type: ignore[arg-type]  # the view's phase is the state's
        hands=hands,
        peasant_discard=table.peasant_discard + tuple(peasants[table.peasant_deck :]),
        collected=collected,
        targets=targets,
        turn=table.turn if table.turn is not None else table.first,
        bids=bids,
        totals=totals,
        passed=tuple(seat.passed for seat in seats),
        collect_pos=table.order.index(table.collector) if collecting and table.collector is not None else 0,
        bid_open=tuple(seat.bid_open for seat in seats),
        bid_taken=tuple(seat.bid_taken for seat in seats),
        known=table.known,
        table=Table(
            classic=table.classic, rng=rnd.getrandbits(62), goode_deck=goode_deck,
            peasant_deck=tuple(peasants[: table.peasant_deck]), goode_discard=goode_discard,
            round=table.round, first=table.first,
            effects=tuple(EFFECT_OF_TEXT[text] for text in table.effects), order=table.order,
            high_bidder=ranking(totals, table.first)[0] if collecting else table.first,
            shown=(), end_reason=table.end_reason, hands_at_round_end=table.hands_at_round_end,
            bidding=table.bidding,
        ),
    )


def _deal_hands(me: int, hand: tuple[int, ...], counts: list[int], rnd: random.Random, *,
                held: list[tuple[int, ...]], in_hands: list[int], unseen: list[int]) -> tuple[tuple[int, ...], ...]:
    """Each other seat's hand of its size: the Goodes it is known to hold (`held`), then
    from `in_hands` (Goodes known to be in some hand), then from `unseen` (taken from
    the lists)."""
    others = [s for s in range(len(counts)) if s != me]
    slots = [s for s in others for _ in range(counts[s] - len(held[s]))]
    rnd.shuffle(slots)
    dealt: dict[int, list[int]] = {s: list(held[s]) for s in others}
    for s in slots:
        dealt[s].append(in_hands.pop() if in_hands else unseen.pop())
    unseen.extend(in_hands)  # more such Goodes than the hands hold: a view never has that
    return tuple(hand if s == me else tuple(sorted(dealt[s])) for s in range(len(counts)))
