"""Bleeding Sherwood's counts for the simulator: bid cards per round, zero bids."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from sherwood_tui.games.bleeding_sherwood.rules.model import PlayGoode

if TYPE_CHECKING:
    from sherwood_tui.core.contract import Event
    from sherwood_tui.games.bleeding_sherwood.rules.model import Action, State


def count_step(counts: Counter[str], before: State, action: Action, after: State, events: list[Event]) -> None:
    if isinstance(action, PlayGoode):
        counts["bid cards played"] += 1
    if before.phase == "bidding" and after.phase != "bidding":
        bids = after.bids if after.phase == "collecting" else before.bids
        counts["rounds bid"] += 1
        counts["zero bids"] += sum(1 for bid in bids if not bid)
