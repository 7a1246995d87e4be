"""Declarations: in order from the Sheriff's left, each merchant declares one legal good
and the bag's exact size."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sherwood_tui.core.draft import replaced
from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.wording import Lazy
from sherwood_tui.games.sheriff.rules.model import DATA, LEGAL_GOODS, Declare, State, Turn
from sherwood_tui.games.sheriff.rules.phases.round_end import next_bag
from sherwood_tui.games.sheriff.rules.turns import declarer
from sherwood_tui.games.sheriff.rules.wording import CARDS, count_text

if TYPE_CHECKING:
    from sherwood_tui.core.contract import Event

DECLARES = "{0} declares {1}."
INSPECTION_BEGINS = "{0}, the Sheriff, begins the inspection."


def declare(state: State, action: Declare) -> tuple[State, list[Event]]:
    seat, good = action.seat, action.good
    card_type = DATA.by_name.get(good)
    if card_type is None:
        raise RuleError(f"There is no good called {good!r}.")
    if card_type.kind == "royal":
        raise RuleError(f"{good} is a Royal Good: Royal Goods can never be declared.")
    if card_type.kind != "legal":
        raise RuleError(
            f"{good} is contraband: only legal goods ({', '.join(LEGAL_GOODS)}) may be declared."
        )
    size = len(state.bags[seat])
    if action.count != size:
        raise RuleError(f"Your bag holds {CARDS[size]}: declare exactly {size}.")
    t = Turn(state)
    t.declarations = replaced(state.declarations, seat, good)
    t.say(DECLARES, t.name(seat), Lazy(count_text, size, good))
    return after_declare(t)


def after_declare(t: Turn) -> tuple[State, list[Event]]:
    """Once every bag is declared, the Sheriff inspects."""
    if declarer(t) is not None:
        return t.finish()
    t.step = "choose"
    t.say(INSPECTION_BEGINS, t.name(t.sheriff))
    return next_bag(t)
