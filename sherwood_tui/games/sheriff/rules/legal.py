"""The legal actions of a seat (a representative set for the combinatorial choices).

Actions are shared (they are immutable) where the same few come up again and again: those
are built once and kept in bounded caches. Choices of cards from a hand (set aside, load,
place, confiscate) rarely repeat: they are built afresh (plain classes: no checks)."""

from __future__ import annotations

from functools import cache, lru_cache
from operator import attrgetter
from typing import TYPE_CHECKING

from sherwood_tui.core.errors import RuleError
from sherwood_tui.games.sheriff.rules.model import (
    DATA,
    FACE_DOWN,
    HAND_SIZE,
    KIND_INDEX,
    LEGAL_GOODS,
    NAME,
    Action,
    Bribe,
    Confiscate,
    CounterOffer,
    Declare,
    Draw,
    EndInspection,
    LetPass,
    LoadBag,
    Offer,
    OpenBag,
    PayWithGood,
    PlaceAside,
    SetAside,
    Threaten,
    kinds_in_play,
)
from sherwood_tui.games.sheriff.rules.phases.bribes import A_FAVOUR, canonical_bribe, check_bribe
from sherwood_tui.games.sheriff.rules.phases.deck import draw_sources
from sherwood_tui.games.sheriff.rules.turns import may_act, pending_bags
from sherwood_tui.games.sheriff.rules.wording import kinds_key

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from sherwood_tui.games.sheriff.rules.model import State

SET_ASIDE_MAX = DATA.set_aside_max
BAG_MAX = DATA.bag_max
MAX_COUNTERS = DATA.max_counter_offers
NO_BRIBE = Bribe()
_terms = attrgetter("gold", "stand", "bag", "favour")  # what makes two bribes equal, quickly

def legal_actions(state: State, seat: int) -> list[Action]:
    step = state.step
    if not may_act(state, step, seat):  # nobody acts once the game is over
        return []
    return _LEGAL[step](state, seat)


def _by_kind_index(cards: Iterable[int]) -> tuple[dict[int, list[int]], int | None]:
    """The cards grouped by the index of their type, in order of first appearance, and
    the first face-down card (None if none)."""
    groups: dict[int, list[int]] = {}
    hidden = None
    for c in cards:
        k = KIND_INDEX[c]
        if k in groups:
            groups[k].append(c)
        else:
            groups[k] = [c]
            if hidden is None and FACE_DOWN[c]:
                hidden = c
    return groups, hidden


@cache
def _keep_hand(seat: int) -> SetAside:
    return SetAside(seat=seat, cards=())


@lru_cache(maxsize=2048)
def _set_aside_one(seat: int, card: int) -> SetAside:
    """Setting aside one card (shared: there are only so many seats and cards)."""
    return SetAside(seat=seat, cards=(card,))


def _set_aside(state: State, seat: int) -> list[Action]:
    """Keep everything, set aside all cards of one kind (up to five), or the first five
    cards (unless they are all of one kind: then that kind's choice already takes them)."""
    hand = state.hands[seat]
    groups = _by_kind_index(hand)[0]
    out: list[Action] = [_keep_hand(seat)]
    for ids in groups.values():
        if len(ids) == 1:
            out.append(_set_aside_one(seat, ids[0]))
        else:
            out.append(SetAside(seat=seat, cards=tuple(ids[:SET_ASIDE_MAX])))
    if len(groups) > 1:  # (else the one kind's choice takes the first five already)
        first = hand[:SET_ASIDE_MAX]
        kind = KIND_INDEX[first[0]]
        for c in first:
            if KIND_INDEX[c] != kind:
                out.append(SetAside(seat=seat, cards=first))
                break
    return out


@cache
def _draw_choices(seat: int, need: int, sources: tuple[int | None, ...]) -> tuple[Draw, ...]:
    """One card from a discard pile, or all `need` cards from the draw pile."""
    return tuple(
        Draw(seat=seat, from_discard=p, count=1 if p is not None else need) for p in sources
    )


def _draw(state: State, seat: int) -> list[Action]:
    need = HAND_SIZE - len(state.hands[seat])
    sources = draw_sources(state.drew_from_pile, state.discards, state.draw_pile)
    return list(_draw_choices(seat, need, sources))


def _order_choices(kind: type[PlaceAside] | type[Confiscate], seat: int, cards: tuple[int, ...]) -> list[Action]:
    """Both piles, with the cards in their order and reversed (if that shows differently)."""
    names = tuple(map(NAME.__getitem__, cards))
    if names == names[::-1]:  # reversed, the pile would show the same
        return [kind(seat=seat, pile=0, order=cards), kind(seat=seat, pile=1, order=cards)]
    back = cards[::-1]
    return [
        kind(seat=seat, pile=0, order=cards), kind(seat=seat, pile=0, order=back),
        kind(seat=seat, pile=1, order=cards), kind(seat=seat, pile=1, order=back),
    ]


def _place(state: State, seat: int) -> list[Action]:
    return _order_choices(PlaceAside, seat, state.set_aside)


@lru_cache(maxsize=2048)
def _load_one(seat: int, card: int) -> LoadBag:
    """A bag of one card (shared: there are only so many seats and cards)."""
    return LoadBag(seat=seat, cards=(card,))


def _loads(state: State, seat: int) -> list[Action]:
    """The first five cards, then for each kind in order: one card of it, all its cards,
    and (a legal kind) its cards with the first face-down good hidden among them; each
    mix of kinds once. The choices of different kinds never have the same mix (only the
    first five may repeat one), so only the first five's mix is compared."""
    hand = state.hands[seat]
    if not hand:
        return []
    groups, hidden = _by_kind_index(hand)
    first = hand[:BAG_MAX]
    size = len(first)
    first_mix = kinds_key(first)
    out: list[Action] = [LoadBag(seat=seat, cards=first)]
    for kind, ids in groups.items():
        if size != 1 or first_mix[0] != kind:
            out.append(_load_one(seat, ids[0]))
        if len(ids) > 1:
            cards = tuple(ids[:BAG_MAX])
            if len(cards) != size or first_mix != (kind,) * size:
                out.append(LoadBag(seat=seat, cards=cards))
        if hidden is not None and not FACE_DOWN[ids[0]]:
            cards = (*ids[: BAG_MAX - 1], hidden)
            if len(cards) != size or kinds_key(cards) != first_mix:
                out.append(LoadBag(seat=seat, cards=cards))
    return out


@cache
def _declarations(seat: int, count: int) -> tuple[Declare, ...]:
    return tuple(Declare(seat=seat, good=g, count=count) for g in LEGAL_GOODS)


def _declare(state: State, seat: int) -> list[Action]:
    return list(_declarations(seat, len(state.bags[seat])))


@cache
def _inspection_choices(sheriff: int, pending: tuple[int, ...]) -> tuple[Action, ...]:
    """Threaten, let pass or open each pending bag, or end the inspection."""
    out: list[Action] = []
    for m in pending:
        out += [
            Threaten(seat=sheriff, merchant=m),
            LetPass(seat=sheriff, merchant=m),
            OpenBag(seat=sheriff, merchant=m),
        ]
    out.append(EndInspection(seat=sheriff))
    return tuple(out)


def _choose(state: State, seat: int) -> list[Action]:
    return list(_inspection_choices(seat, tuple(pending_bags(state))))


@lru_cache(maxsize=4096)
def _offer(seat: int, bribe: Bribe) -> Offer:
    """An offer of a canonical bribe (shared: the same few come up again and again)."""
    return Offer(seat=seat, bribe=bribe)


@lru_cache(maxsize=4096)
def _standard_offers(
    seat: int, gold: int, stand_good: str | None, bag_goods: tuple[str, ...]
) -> tuple[Offer, ...]:
    """Nothing, some gold, the first stand good, one good of the bag, or a favour."""
    offers = [_offer(seat, canonical_bribe(0, (), (), ""))]
    for amount in sorted({1, 5, 10, gold // 2, gold}):
        if 0 < amount <= gold:
            offers.append(_offer(seat, canonical_bribe(amount, (), (), "")))
    if stand_good is not None:
        offers.append(_offer(seat, canonical_bribe(0, (stand_good,), (), "")))
    for good in bag_goods:
        offers.append(_offer(seat, canonical_bribe(0, (), (good,), "")))
    offers.append(_offer(seat, canonical_bribe(0, (), (), A_FAVOUR)))
    return tuple(offers)


def _offers(state: State, seat: int) -> list[Action]:
    stand = state.stands_up[seat] or state.stands_down[seat]
    bag_goods: tuple[str, ...] = ()
    declared = state.declarations[seat]
    if declared in kinds_in_play(len(state.players), state.royal):
        bag_goods = (declared,)
    hidden = next((c for c in state.bags[seat] if FACE_DOWN[c]), None)
    if hidden is not None:
        bag_goods += (NAME[hidden],)
    offers: list[Action] = list(_standard_offers(
        seat, state.gold[seat], NAME[stand[0]] if stand else None, bag_goods
    ))
    if state.demand is None:
        return offers
    try:
        asked = check_bribe(state, seat, state.demand, by_merchant=True)
    except RuleError:
        return offers
    if _terms(asked) not in [_terms(offer.bribe) for offer in offers]:  # type: ignore[union-attr]  # all offers
        offers.append(_offer(seat, asked))
    return offers


@cache
def _verdicts(sheriff: int, merchant: int) -> tuple[LetPass, OpenBag]:
    return LetPass(seat=sheriff, merchant=merchant), OpenBag(seat=sheriff, merchant=merchant)


def _decide(state: State, seat: int) -> list[Action]:
    m = state.target
    out: list[Action] = list(_verdicts(seat, m))
    if state.counters < MAX_COUNTERS:
        out += _counter_offers(state, seat, m)  # type: ignore[arg-type]  # the decide step has a target
    return out


@lru_cache(maxsize=4096)
def _counter(seat: int, bribe: Bribe) -> CounterOffer:
    return CounterOffer(seat=seat, bribe=bribe)


def _counter_offers(state: State, seat: int, m: int) -> list[CounterOffer]:
    """Five gold more (as far as the merchant has it), or one more of the declared good
    from the bag, if the table can see the merchant could pay it."""
    offer = state.offer or NO_BRIBE
    demands = []
    more = min(state.gold[m], offer.gold + 5)
    if more > offer.gold:
        demands.append(canonical_bribe(more, offer.stand, offer.bag, offer.favour))
    if len(offer.bag) < len(state.bags[m]):
        extra = offer.bag + (state.declarations[m],)
        demands.append(canonical_bribe(offer.gold, offer.stand, extra, offer.favour))
    out = []
    for demand in demands:
        try:
            demand = check_bribe(state, m, demand, by_merchant=False)
        except RuleError:
            continue
        if _terms(demand) != _terms(offer):
            out.append(_counter(seat, demand))
    return out


def _confiscate(state: State, seat: int) -> list[Action]:
    return _order_choices(Confiscate, seat, state.confiscated)


@lru_cache(maxsize=1024)
def _pay_with(seat: int, good: str) -> PayWithGood:
    return PayWithGood(seat=seat, good=good)


def _pay(state: State, seat: int) -> list[Action]:
    stand = state.stands_up[seat] + state.stands_down[seat]
    return [_pay_with(seat, k) for k in dict.fromkeys(map(NAME.__getitem__, stand))]


_LEGAL: dict[str, Callable[[State, int], list[Action]]] = {
    "set_aside": _set_aside, "draw": _draw, "place": _place, "load": _loads,
    "declare": _declare, "choose": _choose, "offer": _offers, "decide": _decide,
    "confiscate": _confiscate, "pay": _pay,
}
