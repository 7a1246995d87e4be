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
from typing import Any

from sherwood_tui.core.contract import Player
from sherwood_tui.games.bleeding_sherwood.rules.model import CARDS, EFFECT_TEXT, State, Table, Target, bid_total
from sherwood_tui.games.bleeding_sherwood.rules.scoring import ranking
from sherwood_tui.games.bleeding_sherwood.rules.views import SeatView

EFFECT_OF_TEXT = {text: effect for effect, text in EFFECT_TEXT.items()}


def determinize(view: SeatView, rnd: random.Random) -> State:
    """A state whose view for `view.seat` is `view`, the hidden cards drawn with `rnd`."""
    return guess_of(view).draw(rnd)


class Guess:
    """What a view fixes of every state fitting it (worked out once), and `draw`, which
    deals the rest (the expert's search draws hundreds of worlds from one view)."""

    def __init__(self, view: SeatView) -> None:
        table, me = view.table, view.seat
        seats = table.seats
        self.view = view
        self.hand = hand = tuple(card.id for card in view.hand)
        bids = tuple(tuple(card.id for card in seat.bid) for seat in seats)
        targets = tuple(Target(peasant=t.peasant, goodes=tuple(g.id for g in t.goodes)) for t in table.targets)
        discard = table.discard
        in_sight = set(hand).union(*(g.goodes for g in targets), discard)
        in_sight.update(g for bid, seat in zip(bids, seats) if not seat.bid_taken for g in bid)
        known = table.known or tuple(() for _ in seats)
        self.held = held = [tuple(g for g in cards if g not in in_sight) if s != me else () for s, cards in enumerate(known)]
        in_sight.update(*held)
        self.in_hands = in_hands = [g for bid, seat in zip(bids, seats) if seat.bid_taken for g in bid if g not in in_sight]
        self.unseen = [g for g in range(len(CARDS.goodes)) if g not in in_sight and g not in in_hands]
        self.counts = [seat.hand_count for seat in seats]
        collected = tuple(tuple(card.id for card in seat.collected) for seat in seats)
        peasants_seen = {t.peasant for t in targets}.union(*collected, table.peasant_discard)
        self.peasants = [p for p in range(len(CARDS.peasants)) if p not in peasants_seen]
        totals = tuple(bid_total(bid) for bid in bids)
        collecting = table.phase == "collecting"
        self.fields: dict[str, Any] = dict(
            players=tuple(Player(name=seat.name) for seat in seats),
            phase=table.phase,
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
        )
        self.table_fields: dict[str, Any] = dict(
            options=table.options, round=table.round, first=table.first,
            effects=tuple(EFFECT_OF_TEXT[text] for text in table.effects), order=table.order,
            high_bidder=ranking(totals, table.first)[0] if collecting else table.first,
            shown=(), end_reason=table.end_reason, hands_at_round_end=table.hands_at_round_end,
            rounds_bid=table.rounds_bid,
        )

    def draw(self, rnd: random.Random) -> State:
        """One state fitting the view: the hidden Goodes and Peasants dealt with `rnd`."""
        table = self.view.table
        in_hands, unseen, peasants = list(self.in_hands), list(self.unseen), list(self.peasants)
        rnd.shuffle(in_hands)
        rnd.shuffle(unseen)
        hands = _deal_hands(self.view.seat, self.hand, self.counts, rnd, held=self.held, in_hands=in_hands,
                            unseen=unseen)
        rnd.shuffle(peasants)
        decks = table.goode_deck, table.peasant_deck
        return State(
            hands=hands,
            peasant_discard=table.peasant_discard + tuple(peasants[decks[1] :]),
            table=Table(
                rng=rnd.getrandbits(62), goode_deck=tuple(unseen[: decks[0]]),
                goode_discard=table.discard + tuple(unseen[decks[0] :]), peasant_deck=tuple(peasants[: decks[1]]),
                **self.table_fields,
            ),
            **self.fields,
        )


_last: list[Guess] = []  # the last view's guess (a search draws all its worlds from one view)


def guess_of(view: SeatView) -> Guess:
    """The `Guess` of this view (the last one's again if it is the same view)."""
    last = _last[0] if _last else None
    if last is not None and last.view is view:
        return last
    guess = Guess(view)
    _last[:] = [guess]
    return guess


def _deal_hands(me: int, hand: tuple[int, ...], counts: list[int], rnd: random.Random, *,
                held: list[tuple[int, ...]], in_hands: list[int], unseen: list[int]) -> tuple[tuple[int, ...], ...]:
    """Each other seat's hand of its size: the Goodes it is known to hold (`held`), then
    from `in_hands` (Goodes known to be in some hand, at random places), then from
    `unseen` (shuffled; taken from the lists)."""
    hands: list[tuple[int, ...]] = []
    if in_hands:  # Goodes of a bid taken that the view does not place (a state built without `known`)
        others = [s for s in range(len(counts)) if s != me]
        slots = [s for s in others for _ in range(counts[s] - len(held[s]))]
        rnd.shuffle(slots)
        dealt: dict[int, list[int]] = {s: list(held[s]) for s in others}
        for s in slots:
            dealt[s].append(in_hands.pop() if in_hands else unseen.pop())
        unseen.extend(in_hands)  # more such Goodes than the hands hold: a view never has that
        return tuple(hand if s == me else tuple(sorted(dealt[s])) for s in range(len(counts)))
    for s, count in enumerate(counts):
        if s == me:
            hands.append(hand)
            continue
        mine = held[s]
        take = count - len(mine)
        if take:
            mine = tuple(sorted(mine + tuple(unseen[-take:])))
            del unseen[-take:]
        hands.append(mine)
    return tuple(hands)
