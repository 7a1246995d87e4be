"""Fines and debts: the Sheriff places confiscated goods on a discard pile; a debtor pays
in gold first and, if short, with goods of the stand (our ruling), asked which when the
stand holds more than one kind."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sherwood_tui.core.draft import evolve
from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.wording import Lazy
from sherwood_tui.games.sheriff.rules.model import (
    FACE_DOWN,
    NAME,
    VALUE,
    Confiscate,
    Debt,
    PayWithGood,
    State,
    Turn,
)
from sherwood_tui.games.sheriff.rules.phases.round_end import finish_bag
from sherwood_tui.games.sheriff.rules.wording import CARDS, PILE_NAME, names

if TYPE_CHECKING:
    from sherwood_tui.core.contract import Event

PUTS_CONFISCATED = "{0} puts the confiscated {1} on {2} ({3} on top)."
PAYS = "{0} pays {1} {2} gold."
PAYS_ALL = "{0} pays all {1} gold to {2} and still owes {3}."
HAS_NO_GOLD = "{0} has no gold and owes {1} {2}."
FORGIVEN = "{0} has nothing left to pay with: the remaining {1} gold is forgiven."
GIVES_OWING = "{0} gives {1} {2} (worth {3}) from the stand; {4} gold still owed."
GIVES_NO_CHANGE = "{0} gives {1} {2} (worth {3}) from the stand; the debt is paid (no change is given)."
GIVES_PAID = "{0} gives {1} {2} (worth {3}) from the stand; the debt is paid."


def confiscate(state: State, action: Confiscate) -> tuple[State, list[Event]]:
    """Every confiscated good is on the pile (`PileCard`, one at a time): the fine is due."""
    if state.confiscated:
        raise RuleError(f"Place every confiscated good first ({CARDS[len(state.confiscated)]} left).")
    t = Turn(state)
    placed, pile = state.placed, state.pile
    t.say(PUTS_CONFISCATED, t.name(t.sheriff), Lazy(names, placed), PILE_NAME[pile], NAME[placed[-1]])  # type: ignore[index]  # a good was put
    t.pile, t.placed = None, ()
    t.fine_due = 0
    return charge(t, state.target, state.sheriff, state.fine_due)  # type: ignore[arg-type]  # target: the bag opened


def charge(t: Turn, debtor: int, creditor: int, amount: int) -> tuple[State, list[Event]]:
    """Debtor pays creditor: gold first; if short, goods of the stand."""
    pay = min(t.gold[debtor], amount)
    gold = list(t.gold)
    gold[debtor] -= pay
    gold[creditor] += pay
    t.gold = tuple(gold)
    rest = amount - pay
    if not rest:
        if amount:
            t.say(PAYS, t.name(debtor), t.name(creditor), amount)
        return finish_bag(t)
    if pay:
        t.say(PAYS_ALL, t.name(debtor), pay, t.name(creditor), rest)
    else:
        t.say(HAS_NO_GOLD, t.name(debtor), t.name(creditor), rest)
    t.debt = Debt(debtor, creditor, rest)
    return _settle(t)


def _settle(t: Turn) -> tuple[State, list[Event]]:
    """Continue paying a debt with stand goods: asks the debtor when there is a real
    choice, pays automatically when the stand holds only one kind of good."""
    while True:
        debt = t.debt
        if debt.amount <= 0:
            return finish_bag(t)
        stand = t.stands_up[debt.debtor] + t.stands_down[debt.debtor]
        if not stand:
            t.say(FORGIVEN, t.name(debt.debtor), debt.amount)
            return finish_bag(t)
        if len({NAME[c] for c in stand}) > 1:
            t.step = "pay"
            return t.finish()
        _pay_card(t, stand[-1])


def _pay_card(t: Turn, card: int) -> None:
    debt = t.debt
    d, c = debt.debtor, debt.creditor
    ups, downs = list(t.stands_up), list(t.stands_down)
    stack = downs if FACE_DOWN[card] else ups
    stack[d] = tuple(x for x in stack[d] if x != card)
    stack[c] = stack[c] + (card,)
    rest = debt.amount - VALUE[card]
    if rest > 0:
        t.say(GIVES_OWING, t.name(d), t.name(c), NAME[card], VALUE[card], rest)
    else:
        t.say(GIVES_NO_CHANGE if rest < 0 else GIVES_PAID, t.name(d), t.name(c), NAME[card], VALUE[card])
    t.stands_up, t.stands_down = tuple(ups), tuple(downs)
    t.debt = evolve(debt, amount=max(rest, 0))


def pay_good(state: State, action: PayWithGood) -> tuple[State, list[Event]]:
    seat = action.seat
    stand = state.stands_up[seat] + state.stands_down[seat]
    card = next((c for c in reversed(stand) if NAME[c] == action.good), None)
    if card is None:
        raise RuleError(f"You have no {action.good} on your stand.")
    t = Turn(state)
    _pay_card(t, card)
    return _settle(t)
