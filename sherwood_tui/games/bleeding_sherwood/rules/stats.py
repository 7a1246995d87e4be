"""Bleeding Sherwood's counts for the simulator (bid cards per round, zero bids), and
its events for the records (`note_step`, `EVENT_KINDS`: core/notes.py)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from sherwood_tui.core.notes import EventKind
from sherwood_tui.games.bleeding_sherwood.rules.model import (
    CARDS,
    GOODE_VALUES,
    PEASANT_NAMES,
    PEASANT_VALUES,
    Pass,
    PlayGoode,
    TakeBid,
    TakeTarget,
)

if TYPE_CHECKING:
    from sherwood_tui.core.contract import Event
    from sherwood_tui.core.notes import Note
    from sherwood_tui.games.bleeding_sherwood.rules.model import Action, State


def count_step(counts: Counter[str], before: State, action: Action, after: State, events: list[Event]) -> None:
    if isinstance(action, PlayGoode):
        counts["bid cards played"] += 1
    if before.phase == "bidding" and after.phase != "bidding":
        bids = after.bids if after.phase == "collecting" else before.bids
        counts["rounds bid"] += 1
        counts["zero bids"] += sum(1 for bid in bids if not bid)


EVENT_KINDS = {
    "bid": EventKind("the bidder", "the Goode played onto the bid", "its value"),
    "passed": EventKind("who passed", "(none)", "the total of the seat's bid this round"),
    "taken": EventKind("the collector", "the Peasant taken from the centre", "its points", held=True),
    "goode taken": EventKind("the collector", "a Goode taken into the hand: attached to a Peasant taken, "
                             "or in another's spent bid", "its value"),
}

GOODE_NAMES = tuple(g.name for g in CARDS.goodes)  # the data's names (a label adds the value)


def note_step(note: Note, before: State, action: Action, after: State, events: list[Event]) -> None:
    if isinstance(action, PlayGoode):
        note("bid", action.seat, GOODE_NAMES[action.card], GOODE_VALUES[action.card])
    elif isinstance(action, Pass):
        note("passed", action.seat, "", before.totals[action.seat])
    elif isinstance(action, TakeTarget):
        note("taken", action.seat, PEASANT_NAMES[action.peasant], PEASANT_VALUES[action.peasant])
        for target in before.targets:
            if target.peasant == action.peasant:
                for goode in target.goodes:
                    note("goode taken", action.seat, GOODE_NAMES[goode], GOODE_VALUES[goode])
    elif isinstance(action, TakeBid):
        for goode in before.bids[action.owner]:
            note("goode taken", action.seat, GOODE_NAMES[goode], GOODE_VALUES[goode])
