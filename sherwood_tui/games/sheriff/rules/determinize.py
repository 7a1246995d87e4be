"""A whole state from one seat's view, for the expert's search (`Game.determinize`):
what the seat sees is kept, what it cannot see is drawn at random among what the view
allows.

Seen: the seat's hand, bag, set-aside cards and face-down goods, the cards it is
loading and the bribe it is building; every stand's face-up goods, both discard piles
(with the cards being put on one), the confiscated goods, gold, declarations, offers,
debts and the size of every hidden zone. Not seen: the other seats' hands, bags,
face-down goods and set-aside cards, and the draw pile's order. The cards left over are
dealt into those zones at random, each of its size; only contraband and Royal Goods go
face down, and the face-down goods a standing offer names are its merchant's. The rules'
random source is drawn anew. Not kept (no view holds them): a bag another seat is still
loading, a bribe it is still building (they begin again). The public log's hints (a
card seen taken from a discard pile) are not used.

A declared bag is not dealt uniformly (that would make nearly every bag a lie: a few
cards drawn at random are seldom all of one good): it is honest, its declared good
only, with the chance `HONEST_BAG` (about how often players we have watched bring an
honest bag: the sensible bot's 61%), far less when its merchant has just offered a bribe
(`HONEST_AFTER_BRIBE`: a bribe is mostly a liar's); else it hides one or two contraband
or Royal Goods among the declared good, or, now and then, carries nothing else
(`BLUFF_BAG`). Every sample still fits the view: where too few unseen cards of a kind
are left, the rest of the bag is drawn from any unseen card. These chances are our own
design, easy to change here."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from sherwood_tui.core.contract import Event, Player
from sherwood_tui.games.sheriff.rules.data import deck
from sherwood_tui.games.sheriff.rules.model import DATA, FACE_DOWN, NAME, State
from sherwood_tui.games.sheriff.rules.views import CardView, PublicView, SeatView

HONEST_BAG = 0.6  # the chance that a declared bag holds its declared good only
HONEST_AFTER_BRIBE = 0.15  # the same, for the bag of a merchant offering a bribe now
BLUFF_BAG = 0.1  # the chance that a lying bag holds no card of its declared good


def _take(unseen: list[int], count: int, fits: Callable[[int], bool]) -> list[int]:
    """Up to `count` cards of `unseen` (shuffled) that `fits` accepts, taken out of it."""
    taken: list[int] = []
    if count <= 0:
        return taken
    for card in unseen:
        if fits(card):
            taken.append(card)
            if len(taken) == count:
                break
    for card in taken:
        unseen.remove(card)
    return taken


def _believed_bag(unseen: list[int], count: int, declared: str, *, honest_chance: float,
                  rnd: random.Random) -> tuple[int, ...]:
    """A declared bag of `count` cards drawn from `unseen` (shuffled; taken out of it):
    honest with `honest_chance`, else one or two contraband (a bluff: all of them)."""
    if rnd.random() < honest_chance:
        hidden = 0
    elif rnd.random() < BLUFF_BAG:
        hidden = count
    else:
        hidden = min(count, 1 + (rnd.random() < 0.3))
    cards = _take(unseen, hidden, FACE_DOWN.__getitem__)
    cards += _take(unseen, count - len(cards), lambda card: NAME[card] == declared)
    cards += _take(unseen, count - len(cards), lambda card: True)
    return tuple(cards)


def _ids(cards: tuple[CardView, ...]) -> tuple[int, ...]:
    return tuple(card.id for card in cards)


def _offered_face_down(view: SeatView, unseen: list[int]) -> tuple[int, ...]:
    """The face-down goods the threatened merchant's offer names (they must be on its
    stand), taken out of `unseen`; none when the seat is that merchant."""
    table = view.table
    offer = table.offer
    if offer is None or table.target is None or table.target == view.seat:
        return ()
    taken: list[int] = []
    for kind in offer.stand:
        if DATA.by_name[kind].legal:
            continue  # a face-up good: on the stand for all to see
        card = next(c for c in unseen if NAME[c] == kind)
        unseen.remove(card)
        taken.append(card)
    return tuple(taken)


def _face_down(view: SeatView, seat: int, unseen: list[int], known: tuple[int, ...]) -> tuple[int, ...]:
    """A seat's face-down goods: its own as seen, all once revealed, else `known` and
    contraband or Royal Goods from `unseen` (only those travel face down), taken out."""
    public = view.table.seats[seat]
    if seat == view.seat:
        return _ids(view.hidden)
    if public.hidden is not None:
        return _ids(public.hidden)
    return known + tuple(_take(unseen, public.hidden_count - len(known), FACE_DOWN.__getitem__))


def _bag(table: PublicView, seat: int, unseen: list[int], rnd: random.Random, *, honest: float) -> tuple[int, ...]:
    """Another seat's bag: honest with the chance `honest` once declared (far less
    after a bribe offer; `_believed_bag`), else any unseen cards."""
    public = table.seats[seat]
    count, declared = public.bag_count, public.declaration
    if not count:
        return ()
    if declared is None:
        return tuple(_take(unseen, count, lambda card: True))
    bribing = table.target == seat and table.offer is not None and not table.offer.empty
    if bribing:
        honest *= HONEST_AFTER_BRIBE / HONEST_BAG
    return _believed_bag(unseen, count, declared, honest_chance=honest, rnd=rnd)


def determinize(view: SeatView, rnd: random.Random, honesty: Sequence[float] | None = None) -> State:
    """A state whose view for `view.seat` is `view`, the hidden cards dealt with `rnd`
    (`honesty`: each seat's chance that its declared bag is honest, `HONEST_BAG` if
    None; the expert's beliefs give it)."""
    table, me = view.table, view.seat
    seats, n = table.seats, len(table.seats)
    over = table.over
    mine_aside = table.market_seat == me
    stands_up = tuple(_ids(seat.stand) for seat in seats)
    seen = set(_ids(view.hand) + _ids(view.bag) + _ids(view.set_aside) + _ids(view.hidden))
    seen.update(*stands_up, *(_ids(pile) for pile in table.discards), _ids(table.confiscated))
    if over:
        seen.update(*(_ids(seat.hidden or ()) for seat in seats))
    unseen = [card for card in deck(n, table.options.royal_goods) if card not in seen]
    rnd.shuffle(unseen)

    def deal(count: int) -> tuple[int, ...]:
        dealt = tuple(unseen[len(unseen) - count:]) if count else ()
        del unseen[len(unseen) - count:]
        return dealt

    offered = _offered_face_down(view, unseen)  # an offer names goods its merchant has
    downs = [_face_down(view, s, unseen, offered if s == table.target else ()) for s in range(n)]
    bags = [_ids(view.bag) if s == me else _bag(table, s, unseen, rnd, honest=honesty[s] if honesty else HONEST_BAG)
            for s in range(n)]
    hands = [_ids(view.hand) if s == me else deal(seat.hand_count) for s, seat in enumerate(seats)]
    set_aside = _ids(view.set_aside) if mine_aside else deal(table.set_aside_count)
    draw_pile = deal(table.draw_pile)
    assert not unseen, "the view's counts and the deck disagree"
    loading = tuple(_ids(view.loading) if s == me else () for s in range(n))
    return State(
        players=tuple(Player(name=seat.name) for seat in seats),
        options=table.options,
        rng=rnd.getrandbits(62),
        round=table.round,
        rounds_total=table.rounds_total,
        first_sheriff=(table.sheriff - table.round + 1) % n,
        sheriff=table.sheriff,
        step=table.step,  # type: ignore[arg-type]  # the view's step is the state's
        draw_pile=draw_pile,
        discards=(_ids(table.discards[0]), _ids(table.discards[1])),
        gold=tuple(seat.gold for seat in seats),
        hands=tuple(hands),
        stands_up=stands_up,
        stands_down=tuple(downs),
        bags=tuple(bags),
        declarations=tuple(seat.declaration for seat in seats),
        market_seat=table.market_seat,
        set_aside=set_aside,
        drew_from_pile=table.drew_from_pile,
        loading=loading,
        target=table.target,
        offer=table.offer,
        demand=table.demand,
        counters=DATA.max_counter_offers - table.counters_left,
        building=view.building,
        confiscated=_ids(table.confiscated),
        pile=table.pile,
        placed=_ids(table.placed),
        fine_due=table.fine_due,
        debt=table.debt,
        round_notes=tuple(Event(note) for note in table.round_notes),
        last_round=tuple(Event(note) for note in table.last_round),
        record=table.record,
    )
