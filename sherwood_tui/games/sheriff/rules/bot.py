"""A sensible Sheriff of Nottingham bot: a fair, casual-human-like opponent.

It decides only from its seat's view (its hand, bag, set-aside and face-down cards plus
the public table) and its legal actions:

- market: picks one legal good to collect (most cards, then value and King/Queen
  bonus), keeps those cards and its best contraband, sets the rest aside, takes useful
  cards from the top of the discard piles, and buries what it puts back (cheapest on top,
  on the pile whose top card is most tempting for the next merchant);
- load and declare: mostly an honest bag of its collected good; sometimes hides one or
  two contraband (more likely with the gold to pay a bribe or fine), now and then bluffs a
  bag of contraband alone; always declares a legal good it plausibly holds;
- as a threatened merchant: offers a bribe (a share of what opening would cost it) only
  when the bag lies, answers a Sheriff's demand when paying it is cheaper than being
  caught; an honest merchant offers nothing (rarely a token coin, to tempt an opening);
- as Sheriff: scores each bag's suspicion from what the table shows (more cards of the
  declared good than can still be unseen, a face-down stand, being caught lying this or
  last round, big bags of rare goods), opens certain lies, questions the rest, accepts
  bribes that pay better than opening would, counters a low offer now and then, and opens
  when nothing (or too little) is offered and the bag looks suspicious enough;
- debts: pays with the cheapest good; confiscated goods go back cheapest on top.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from functools import cache
from operator import attrgetter
from typing import Any

from sherwood_tui.games.sheriff.rules import decisions
from sherwood_tui.games.sheriff.rules.data import deck
from sherwood_tui.games.sheriff.rules.model import (
    DATA,
    HAND_SIZE,
    LEGAL_GOODS,
    NAME,
    Action,
    Bribe,
    Confiscate,
    CounterOffer,
    Declare,
    Draw,
    LetPass,
    LoadBag,
    Offer,
    OpenBag,
    PayWithGood,
    PlaceAside,
    SetAside,
    Threaten,
)
from sherwood_tui.games.sheriff.rules.views import (
    CardView,
    PublicView,
    SeatPublic,
    SeatView,
)

BY_NAME = DATA.by_name
BAG_MAX = DATA.bag_max
# a legal good's worth to a collector: its value plus a share of its King bonus
KIND_WORTH = {g: BY_NAME[g].value + DATA.bonuses[g][0] / 10 for g in LEGAL_GOODS}
SMUGGLE_RATE = 0.4  # how often a merchant holding contraband hides some in the bag
BLUFF_RATE = 0.1  # how often a smuggler sends contraband alone
LIE_PRIOR = 0.35  # the Sheriff's prior that a bag lies
STERN_RATE = 0.1  # how often the Sheriff refuses any deal and opens
OFFER_SHARE = 0.3  # a first bribe offers about this share of what opening would cost
ACCEPT_SHARE = 0.6  # bribes up to this share of that cost are worth paying
BOLD_RATE = 0.15  # how often a liar offers nothing (twice as often with one lie)


@cache
def _totals(players: int, royal: bool) -> dict[str, int]:
    return dict(Counter(NAME[c] for c in deck(players, royal)))


_name_of = attrgetter("name")


def _value(name: str) -> int:
    return BY_NAME[name].value


def _is_legal(card: CardView) -> bool:
    return card.kind == "legal"


Decision = Action | tuple[Action, ...]  # one move, or a whole decision's small moves
CLOSING = (SetAside, PlaceAside, LoadBag, Offer, CounterOffer, Confiscate)


def _half_made(view: SeatView) -> bool:
    """Whether this seat's decision is under way (some of its small moves made): the bot
    decides whole decisions, so it only finishes one it did not start."""
    step = view.table.step
    return bool(
        step == "set_aside" and view.set_aside
        or step == "load" and view.loading
        or step in ("offer", "decide") and view.building is not None
    )


def sensible(view: SeatView, legal: list[Action], rnd: random.Random) -> Decision:
    """The bot's decision: a whole one (the small moves of a bag, a bribe, a market turn's
    put-back), or one move."""
    if _half_made(view):
        return next((a for a in legal if isinstance(a, CLOSING)), legal[0])
    step = view.table.step
    handler = _HANDLERS.get(step)
    if handler is None:
        return rnd.choice(legal)
    if step in ("place", "confiscate") and len({getattr(a, "pile", None) for a in legal}) == 1:
        return legal[0]  # a put-back under way (its pile chosen), or done
    return handler(view, legal, rnd)


# ----- the market ------------------------------------------------------------------------


def _top_run(pile: tuple[CardView, ...], kind: str) -> int:
    run = 0
    for card in reversed(pile):
        if card.name != kind:
            break
        run += 1
    return run


def _target(view: SeatView) -> str:
    """The legal good this merchant collects: most cards (in hand, and on top of the
    discard piles while it may still take them), then worth, then King/Queen prospects."""
    table = view.table
    counts = dict.fromkeys(LEGAL_GOODS, 0.0)
    for c in view.hand:
        if c.kind == "legal":
            counts[c.name] += 1
    if table.step in ("set_aside", "draw") and not table.drew_from_pile:
        for pile in table.discards:
            if pile and pile[-1].kind == "legal":
                counts[pile[-1].name] += 0.6 * _top_run(pile, pile[-1].name)
    mine = _stand_counts(table.seats[view.seat])
    others = [_stand_counts(s) for i, s in enumerate(table.seats) if i != view.seat] if mine else []
    best, best_score = LEGAL_GOODS[0], -1.0
    for kind in LEGAL_GOODS:
        score = counts[kind] * KIND_WORTH[kind] + 0.01 * KIND_WORTH[kind]
        if mine.get(kind):
            lead = max(s.get(kind, 0) for s in others)
            if mine[kind] + 3 >= lead:
                score += 1.0  # in the running for its King or Queen bonus
        if score > best_score:
            best, best_score = kind, score
    return best


def _stand_counts(seat: SeatPublic) -> Counter[str]:
    return Counter(map(_name_of, seat.stand))


def _keepers(view: SeatView, cards: Iterable[CardView]) -> set[int]:
    """The cards worth keeping: the collected good and the two best contraband."""
    target = _target(view)
    keep = {c.id for c in cards if c.name == target}
    contraband = sorted((c for c in cards if not _is_legal(c)), key=lambda c: -c.value)
    keep.update(c.id for c in contraband[:2])
    return keep


def _set_aside(view: SeatView, legal: list[Action], rnd: random.Random) -> Decision:
    keep = _keepers(view, view.hand)
    junk = sorted((c for c in view.hand if c.id not in keep), key=lambda c: c.value)
    if len(junk) > 1 and rnd.random() < 0.15:
        junk = junk[:-1]  # now and then hold on to a card for a later round
    cards = tuple(c.id for c in junk[: DATA.set_aside_max])
    return decisions.set_aside(view.seat, cards)


def _draw(view: SeatView, legal: list[Draw], rnd: random.Random) -> Decision:
    table = view.table
    target = _target(view)
    contraband = sum(1 for c in view.hand if not _is_legal(c))
    best, best_score = None, 0.0
    for action in legal:
        if action.from_discard is None:
            continue
        top = table.discards[action.from_discard][-1]
        if top.name == target:
            score = 10 + top.value
        elif not _is_legal(top) and contraband < 2 and top.value >= 7:
            score = top.value
        else:
            continue
        if score > best_score:
            best, best_score = action, score
    if best is not None:
        pile = table.discards[best.from_discard]  # type: ignore[index]  # `best` is a draw from a discard pile
        if pile[-1].name == target:  # take the whole run of that good at once
            need = HAND_SIZE - len(view.hand)
            count = min(_top_run(pile, target), need)
            return decisions.draws(best.seat, best.from_discard, count) if count > 1 else best
        return best
    from_pile = next((a for a in legal if a.from_discard is None), None)
    if from_pile is not None:
        return from_pile
    # no draw pile left: the less bad discard-pile top
    return max(legal, key=lambda a: table.discards[a.from_discard][-1].value)  # type: ignore[index]  # only discard piles are left


def _bury(table: PublicView, cards: Iterable[CardView]) -> tuple[int, tuple[int, ...]]:
    """The pile to put cards on (covering the more tempting top) and their order,
    bottom first, the cheapest on top."""
    tops = [p[-1].value if p else 0 for p in table.discards]
    pile = 0 if tops[0] >= tops[1] else 1
    order = tuple(c.id for c in sorted(cards, key=lambda c: (-c.value, c.id)))
    return pile, order


def _place(view: SeatView, legal: list[Action], rnd: random.Random) -> Decision:
    pile, order = _bury(view.table, view.set_aside)
    return decisions.place(view.seat, pile, order)


# ----- loading and declaring ---------------------------------------------------------------


def _load(view: SeatView, legal: list[Action], rnd: random.Random) -> Decision:
    hand = view.hand
    gold = view.table.seats[view.seat].gold
    groups: dict[str, list[int]] = {}
    for c in hand:
        if _is_legal(c):
            groups.setdefault(c.name, []).append(c.id)
    contraband = [c.id for c in sorted((c for c in hand if not _is_legal(c)), key=lambda c: -c.value)]
    honest: tuple[int, ...] = ()
    if groups:
        kind = _target(view)
        if kind not in groups:
            kind = max(groups, key=lambda k: (len(groups[k]), KIND_WORTH[k]))
        honest = tuple(groups[kind][:BAG_MAX])
    rate = SMUGGLE_RATE * (1.0 if gold >= 10 else 0.5)
    if not contraband:
        cards = honest
    elif not honest:
        k = 2 if len(contraband) > 1 and rnd.random() < 0.3 else 1
        cards = tuple(contraband[:k])
    elif rnd.random() < rate:
        if rnd.random() < BLUFF_RATE:
            cards = tuple(contraband[:2])
        else:
            k = 2 if len(contraband) > 1 and rnd.random() < 0.3 else 1
            cards = honest[: BAG_MAX - k] + tuple(contraband[:k])
    else:
        cards = honest
    return decisions.load(view.seat, cards)


def _declare(view: SeatView, legal: list[Declare], rnd: random.Random) -> Declare:
    goods = Counter(c.name for c in view.bag if _is_legal(c))
    if goods:
        good = max(goods, key=lambda k: (goods[k], KIND_WORTH[k]))
    else:  # contraband alone: claim the good it could most plausibly be carrying
        in_hand = Counter(c.name for c in view.hand if _is_legal(c))
        good = max(LEGAL_GOODS, key=lambda k: (in_hand[k], k == "Apples", KIND_WORTH[k]))
    return Declare(seat=view.seat, good=good, count=len(view.bag))


# ----- a threatened merchant -----------------------------------------------------------------


def _cost(bribe: Bribe, bag: Iterable[CardView]) -> int:
    """What paying a bribe costs the merchant (bag goods only as far as they are there)."""
    cost = bribe.gold + sum(_value(k) for k in bribe.stand)
    left = [c.name for c in bag]
    for kind in bribe.bag:
        if kind in left:
            left.remove(kind)
            cost += _value(kind)
    return cost


def _can_pay(view: SeatView, bribe: Bribe) -> bool:
    """Whether this merchant holds what a bribe (the Sheriff's demand) names."""
    me = view.table.seats[view.seat]
    have = Counter(c.name for c in me.stand + view.hidden)
    return bribe.gold <= me.gold and not Counter(bribe.stand) - have and len(bribe.bag) <= len(view.bag)


def _offer(view: SeatView, legal: list[Action], rnd: random.Random) -> Decision:
    table, me = view.table, view.seat
    declared = table.seats[me].declaration
    lies = [c for c in view.bag if c.name != declared]  # what opening would confiscate
    gold = table.seats[me].gold
    if not lies:
        if table.demand is None and gold and rnd.random() < 0.08:
            return decisions.offer(me, Bribe(gold=1))  # a nervous-looking honest merchant
        return Offer(seat=me)
    loss = sum(c.value + c.penalty for c in lies)  # goods lost and the fine
    first = table.demand is None and table.offer is None
    if first and rnd.random() < BOLD_RATE * (2 if len(lies) == 1 else 1):
        return Offer(seat=me)  # a bold liar: offering nothing looks honest
    worth_paying = ACCEPT_SHARE * loss  # opening is likely, not certain, once refused
    if table.demand is not None:
        if _can_pay(view, table.demand) and _cost(table.demand, view.bag) <= worth_paying:
            return decisions.offer(me, table.demand)
    previous = table.offer.gold if table.offer is not None else 0
    if first:
        amount = round(loss * OFFER_SHARE * rnd.uniform(0.7, 1.3))
    else:  # meet the Sheriff part of the way, no further than it is worth
        amount = max(previous + 1, round((previous + worth_paying) / 2))
    amount = max(1, min(amount, gold, round(worth_paying)))
    if gold:
        return decisions.offer(me, Bribe(gold=amount))
    # no gold: offer one of the smuggled goods from the bag, keeping the rest
    if len(lies) > 1:
        cheapest = min(lies, key=lambda c: c.value)
        return decisions.offer(me, Bribe(bag=(cheapest.name,)))
    return Offer(seat=me)


# ----- the Sheriff -------------------------------------------------------------------------


def _caught_before(table: PublicView, merchant: int) -> bool:
    mark = f"{table.seats[merchant].name} was caught lying"
    return any(note.startswith(mark) for note in table.round_notes + table.last_round)


def _unseen(view: SeatView, good: str) -> int:
    """How many cards of a good could still be anywhere the Sheriff cannot see."""
    table = view.table
    names = list(map(_name_of, view.hand))
    for zone in (*table.discards, table.confiscated, *(seat.stand for seat in table.seats)):
        names += map(_name_of, zone)
    seen = names.count(good)
    return _totals(len(table.seats), table.options.royal_goods).get(good, 0) - seen


def _suspicion(view: SeatView, merchant: int) -> float:
    """The Sheriff's estimate that this bag lies, from what the table shows."""
    table = view.table
    seat = table.seats[merchant]
    good, count = seat.declaration, seat.bag_count
    assert good is not None  # every bag is declared before the inspection
    unseen = _unseen(view, good)
    claimed = sum(s.bag_count for s in table.seats if s.bag_count and s.declaration == good)
    if count > unseen:
        return 1.0  # more of that good than can still be hidden anywhere
    p = LIE_PRIOR
    if claimed > unseen:
        p += 0.2  # the bags claim more of it than is left: someone lies
    if count >= 4:
        p += 0.2 * count / max(count, unseen) + 0.03
    elif count == 1:
        p -= 0.1
    if seat.hidden_count:
        p += 0.04 + 0.02 * min(seat.hidden_count, 5)
    if _caught_before(table, merchant):
        p += 0.12
    return max(0.05, min(0.95, p))


def _open_gain(p: float, count: int) -> float:
    """What the Sheriff expects from opening: a lying bag's fine and the goods denied to
    a rival, against paying an honest merchant two per card."""
    liar_gain = 10 + 3 * max(0, count - 4)
    return p * liar_gain - (1 - p) * 2 * count


def _bribe_worth(bribe: Bribe | None, declared: str | None) -> float:
    if bribe is None:
        return 0.0
    worth: float = bribe.gold + sum(_value(k) for k in bribe.stand)
    worth += sum(_value(k) * (1.0 if k == declared else 0.6) for k in bribe.bag)
    if bribe.favour:
        worth += 1
    return worth


def _choose(view: SeatView, legal: list[Action], rnd: random.Random) -> Action:
    """The first bag: open a certain lie, let an unlikely one pass, question the rest (a
    Sheriff kept from some of these, `restrictions.py`, takes the first it may)."""
    bag_moves = [a for a in legal if isinstance(a, (Threaten, LetPass, OpenBag))]
    merchant = bag_moves[0].merchant
    p = _suspicion(view, merchant)
    if p >= 1.0:
        choice: Action = OpenBag(seat=view.seat, merchant=merchant)
    elif rnd.random() < 1.5 * (0.45 - p):
        choice = LetPass(seat=view.seat, merchant=merchant)  # not worth the questions
    else:
        choice = Threaten(seat=view.seat, merchant=merchant)
    return choice if choice in legal else next(a for a in bag_moves if a.merchant == merchant)


def _decide(view: SeatView, legal: list[Action], rnd: random.Random) -> Decision:
    table = view.table
    me, m = view.seat, table.target
    assert m is not None  # the bag under inspection
    seat = table.seats[m]
    count = seat.bag_count
    offer = table.offer
    p = _suspicion(view, m)
    if offer is None or offer.empty:
        p *= 0.55 if table.demand is None else 0.8  # silence suggests honesty (or nerve)
        if _open_gain(p, count) + rnd.gauss(0, 3) > 0:
            return OpenBag(seat=me, merchant=m)
        return LetPass(seat=me, merchant=m)
    p = max(p, 0.8)  # an offer is the mark of a liar, most of the time
    gain = _open_gain(p, count)
    worth = _bribe_worth(offer, seat.declaration)
    ratio = worth / max(gain, 1.0)
    if rnd.random() < STERN_RATE:
        return OpenBag(seat=me, merchant=m)  # a stern Sheriff: no deals this time
    if ratio >= 1.0:
        return LetPass(seat=me, merchant=m)
    if table.counters_left and rnd.random() < 0.65:
        counter = _counter(view, legal, offer, gain - worth)
        if counter is not None:
            return counter
    if ratio >= 0.6 and rnd.random() < 0.6:
        return LetPass(seat=me, merchant=m)
    return OpenBag(seat=me, merchant=m)


def _counter(view: SeatView, legal: list[Action], offer: Bribe, short: float) -> Decision | None:
    """Ask for what opening is worth: more gold if the merchant has it, else one more of
    the declared good from the bag."""
    table = view.table
    assert table.target is not None  # the bag under inspection
    seat = table.seats[table.target]
    more = min(seat.gold, offer.gold + max(1, round(short)))
    if more > offer.gold:
        return decisions.counter(view.seat, Bribe(gold=more, stand=offer.stand, bag=offer.bag, favour=offer.favour))
    if len(offer.bag) < seat.bag_count and seat.declaration is not None:
        extra = Bribe(gold=offer.gold, stand=offer.stand, bag=(*offer.bag, seat.declaration), favour=offer.favour)
        return decisions.counter(view.seat, extra)
    return None


def _confiscate(view: SeatView, legal: list[Action], rnd: random.Random) -> Decision:
    pile, order = _bury(view.table, view.table.confiscated)
    return decisions.confiscate(view.seat, pile, order)


def _pay(view: SeatView, legal: list[PayWithGood], rnd: random.Random) -> PayWithGood:
    return min(legal, key=lambda a: (_value(a.good), a.good))


_HANDLERS: dict[str, Callable[[SeatView, Any, random.Random], Decision]] = {
    "set_aside": _set_aside,
    "draw": _draw,
    "place": _place,
    "load": _load,
    "declare": _declare,
    "choose": _choose,
    "offer": _offer,
    "decide": _decide,
    "confiscate": _confiscate,
    "pay": _pay,
}
