"""Bribes: checking an offer or a demand, and paying an accepted one."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING

from sherwood_tui.core.draft import updater
from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.wording import Lazy
from sherwood_tui.core.wording import count as counted
from sherwood_tui.games.sheriff.rules.model import (
    DATA,
    FACE_DOWN,
    KIND_ORDER,
    NAME,
    Bribe,
    BribeBagGood,
    BribeFavour,
    BribeGold,
    BribeStandGood,
    State,
    Turn,
    kinds_in_play,
)
from sherwood_tui.games.sheriff.rules.wording import count_text, describe, describe_kinds

if TYPE_CHECKING:
    from sherwood_tui.core.contract import Event

BY_NAME = DATA.by_name
PAYS_GOLD = "{0} pays {1} {2} gold."
PAYS_STAND = "{0} pays {1} {2} from the stand."
PAYS_BOTH = "{0} pays {1} {2} gold and {3} from the stand."
HANDS_OVER = "From the bag {0} hands {1} {2} (promised: {3})."
NOT_IN_BAG = "None of the promised goods ({0}) were in {1}'s bag."
FAVOUR = '{0} promised {1} a favour: "{2}"'  # (each favour on the list ends its own sentence)


@lru_cache(maxsize=4096)
def canonical_bribe(gold: int, stand: tuple[str, ...], bag: tuple[str, ...], favour: str) -> Bribe:
    """A bribe with its goods in canonical order (shared: the same few come up again and
    again, and a shared bribe compares equal to itself at once)."""
    order = KIND_ORDER.__getitem__
    return Bribe(
        gold=gold, stand=tuple(sorted(stand, key=order)), bag=tuple(sorted(bag, key=order)),
        favour=favour,
    )


NO_BRIBE = Bribe()


def _builder_target(state: State) -> tuple[int, bool]:
    """The merchant whose bribe is being built, and whether that merchant builds it (an
    offer) or the Sheriff (a demand)."""
    assert state.target is not None  # the steps of a bribe have a target
    return state.target, state.step == "offer"


item_added = updater(State, "building")  # a small move's new state (`evolve` made once)


def _add(state: State, bribe: Bribe) -> tuple[State, list[Event]]:
    """The bribe under way, with one more item, checked as a whole."""
    merchant, by_merchant = _builder_target(state)
    if not by_merchant and state.counters >= DATA.max_counter_offers:
        raise RuleError(
            f"No more counter-offers for this bag ({DATA.max_counter_offers} made): "
            "let it pass or open it."
        )
    return item_added(state, building=check_bribe(state, merchant, bribe, by_merchant)), []


def bribe_gold(state: State, action: BribeGold) -> tuple[State, list[Event]]:
    b = state.building or NO_BRIBE
    if b.gold:
        raise RuleError(f"This bribe already holds {b.gold} gold.")
    if action.amount < 1:
        raise RuleError("Name at least 1 gold.")
    return _add(state, Bribe(gold=action.amount, stand=b.stand, bag=b.bag, favour=b.favour))


def bribe_stand_good(state: State, action: BribeStandGood) -> tuple[State, list[Event]]:
    b = state.building or NO_BRIBE
    return _add(state, Bribe(gold=b.gold, stand=b.stand + (action.good,), bag=b.bag, favour=b.favour))


def bribe_bag_good(state: State, action: BribeBagGood) -> tuple[State, list[Event]]:
    b = state.building or NO_BRIBE
    return _add(state, Bribe(gold=b.gold, stand=b.stand, bag=b.bag + (action.good,), favour=b.favour))


def bribe_favour(state: State, action: BribeFavour) -> tuple[State, list[Event]]:
    if state.options.no_favours:
        raise RuleError("This game's bribes are without favours: offer gold or goods.")
    b = state.building or NO_BRIBE
    if b.favour:
        raise RuleError("This bribe already promises a favour.")
    if action.favour not in DATA.favours:
        raise RuleError("Promise one of the favours on the list: " + " / ".join(DATA.favours))
    return _add(state, Bribe(gold=b.gold, stand=b.stand, bag=b.bag, favour=action.favour))


def check_bribe(state: State | Turn, merchant: int, bribe: Bribe, by_merchant: bool) -> Bribe:
    """Validate an offer (against what the merchant really has) or a Sheriff's demand
    (against what the table can see); return it in canonical order."""
    gold = bribe.gold
    if not isinstance(gold, int) or gold < 0:
        raise RuleError("A bribe's gold cannot be negative.")
    if gold > state.gold[merchant]:
        who = "You have" if by_merchant else f"{state.players[merchant].name} has"
        raise RuleError(f"{who} only {state.gold[merchant]} gold.")
    if bribe.stand or bribe.bag:
        in_play = kinds_in_play(len(state.players), state.options.royal_goods)
        for kind in bribe.stand + bribe.bag:
            if kind not in BY_NAME:
                raise RuleError(f"There is no good called {kind!r}.")
            if kind not in in_play:
                raise RuleError(f"There is no {kind} in this game.")
    if bribe.stand:
        _check_stand_goods(state, merchant, bribe.stand, by_merchant)
    size = len(state.bags[merchant])
    if len(bribe.bag) > size:
        whose = "Your" if by_merchant else f"{state.players[merchant].name}'s"
        if not size:
            raise RuleError(f"{whose} bag is empty.")
        raise RuleError(f"{whose} bag holds only {counted(size, 'card')}.")
    return canonical_bribe(gold, tuple(bribe.stand), tuple(bribe.bag), bribe.favour)


def _check_stand_goods(state: State | Turn, merchant: int, kinds: tuple[str, ...], by_merchant: bool) -> None:
    """Check that the stand holds the goods a bribe names (a Sheriff's demand only
    against what the table can see: face-down goods by their number)."""
    name = state.players[merchant].name
    up, down = state.stands_up[merchant], state.stands_down[merchant]
    wanted = Counter(kinds)
    if by_merchant:
        have = Counter(NAME[c] for c in up + down)
        for kind, n in wanted.items():
            if n > have[kind]:
                if have[kind]:
                    raise RuleError(f"You have only {count_text(have[kind], kind)} on your stand.")
                raise RuleError(f"You have no {kind} on your stand.")
        return
    have = Counter(NAME[c] for c in up)
    hidden = 0
    for kind, n in wanted.items():
        if BY_NAME[kind].legal:
            if n > have[kind]:
                if not have[kind]:
                    raise RuleError(f"{name} has no {kind} on the stand.")
                raise RuleError(f"{name} has only {count_text(have[kind], kind)} on the stand.")
        else:
            hidden += n
    if hidden > len(down):
        if not down:
            raise RuleError(f"{name} has no face-down goods on the stand.")
        raise RuleError(f"{name} has only {counted(len(down), 'face-down good')} on the stand.")


def pay_bribe(t: Turn, m: int, bribe: Bribe, *, stands: tuple[list[tuple[int, ...]], list[tuple[int, ...]]]) -> tuple[int, ...]:
    """Merchant `m` pays the Sheriff an accepted bribe: gold, stand goods, and the
    promised bag goods as far as they are in the bag. Moves the goods in the stand lists
    `stands` (the caller's copies of the face-up and face-down stands) and sets the
    gold; returns what is left in the bag."""
    ups, downs = stands
    sh = t.sheriff
    name, sheriff = t.name(m), t.name(sh)
    gold = list(t.gold)
    bag = list(t.bags[m])
    gold[m] -= bribe.gold
    gold[sh] += bribe.gold
    t.gold = tuple(gold)
    to_sheriff: list[int] = []
    card: int | None  # a stand good given, then a bag good (if in the bag)
    for kind in bribe.stand:
        stack = ups if BY_NAME[kind].legal else downs
        card = next(c for c in reversed(stack[m]) if NAME[c] == kind)
        stack[m] = tuple(c for c in stack[m] if c != card)
        to_sheriff.append(card)
    if bribe.gold and bribe.stand:
        t.say(PAYS_BOTH, name, sheriff, bribe.gold, Lazy(describe_kinds, bribe.stand))
    elif bribe.gold:
        t.say(PAYS_GOLD, name, sheriff, bribe.gold)
    elif bribe.stand:
        t.say(PAYS_STAND, name, sheriff, Lazy(describe_kinds, bribe.stand))
    if bribe.bag:
        handed = []
        for kind in bribe.bag:
            card = next((c for c in bag if NAME[c] == kind), None)
            if card is not None:
                bag.remove(card)
                handed.append(card)
        to_sheriff += handed
        promised = Lazy(describe_kinds, bribe.bag)
        if handed:
            t.say(HANDS_OVER, name, sheriff, Lazy(describe, handed), promised)
        else:
            t.say(NOT_IN_BAG, promised, name)
    if bribe.favour:
        t.say(FAVOUR, name, sheriff, bribe.favour)
    for card in to_sheriff:
        if FACE_DOWN[card]:
            downs[sh] = downs[sh] + (card,)
        else:
            ups[sh] = ups[sh] + (card,)
    return tuple(bag)
