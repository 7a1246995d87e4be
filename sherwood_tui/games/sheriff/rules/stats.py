"""Sheriff of Nottingham's counts for the simulator (per game; the simulator averages
them over the games).

Bags: every bag that went to market, honest or lying (the simulator sees the full
state, so a bag that passes unopened still counts as honest or lying), and what became
of it: opened ("inspections"), caught, smuggled through, waved through without a
threat. Negotiation: threats, bribes offered (a non-empty first answer to a threat) and
accepted (a bag let pass with a non-empty offer), the gold in accepted bribes,
counter-offers and how many the merchant paid as asked. Money: fines owed by caught merchants, gold owed by Sheriffs who
opened honest bags, goods handed over for debts, debts forgiven.

Per seat ("seat 1 ..." for the first seat): bags loaded and how many of them lied
(carried anything but the declared good); as Sheriff, bags faced and opened, and the
same after its first Sheriff round ("... later": once it has seen the table, what it
learned shows). The simulator's `--json` gives each as a mean per game; a rate is the
ratio of two means (e.g. "seat 1 lying bags" / "seat 1 bags loaded").

Events for the records (`note_step`, `EVENT_KINDS`: core/notes.py): declarations,
threats, bribes offered and accepted, bags opened, and each card smuggled or confiscated.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import TYPE_CHECKING

from sherwood_tui.core.notes import EventKind
from sherwood_tui.games.sheriff.rules.model import (
    FACE_DOWN,
    NAME,
    PENALTY,
    VALUE,
    Confiscate,
    CounterOffer,
    Declare,
    EndInspection,
    LetPass,
    Offer,
    OpenBag,
    PayWithGood,
    Threaten,
    judge_bag,
)

if TYPE_CHECKING:
    from sherwood_tui.core.contract import Event
    from sherwood_tui.core.notes import Note
    from sherwood_tui.games.sheriff.rules.model import Action, State


@cache
def seat_keys(seat: int) -> tuple[str, str, str, str, str, str]:
    """A seat's per-seat count names: bags loaded, lying bags, bags faced and opened as
    Sheriff, and those two after its first Sheriff round."""
    k = f"seat {seat + 1}"
    return (f"{k} bags loaded", f"{k} lying bags", f"{k} bags faced as Sheriff", f"{k} bags opened as Sheriff",
            f"{k} bags faced as Sheriff later", f"{k} bags opened as Sheriff later")


def count_step(counts: Counter[str], before: State, action: Action, after: State, events: list[Event]) -> None:
    if action.part:
        return  # a small move of a decision (a card in a bag, an item of a bribe) counts nothing
    if isinstance(action, Threaten):
        counts["threats"] += 1
    elif isinstance(action, Offer):
        if before.demand is None:
            if after.offer is not None and not after.offer.empty:
                counts["bribes offered"] += 1
        elif after.offer == before.demand:
            counts["counter-offers paid"] += 1
    elif isinstance(action, CounterOffer):
        counts["counter-offers"] += 1
    elif isinstance(action, LetPass):
        if before.step == "decide" and before.offer is not None and not before.offer.empty:
            counts["bribes accepted"] += 1
            counts["bribe gold accepted"] += before.offer.gold
        elif before.step == "choose":
            counts["bags waved through"] += 1
    elif isinstance(action, EndInspection):
        counts["inspections ended early"] += 1
    if isinstance(action, (OpenBag, Confiscate, PayWithGood)):
        handed = sum(
            max(0, len(before.stands_up[s]) + len(before.stands_down[s])
                - len(after.stands_up[s]) - len(after.stands_down[s]))
            for s in range(len(before.players))
        )
        if handed:
            counts["goods paid for debts"] += handed
        if any("forgiven" in e.text for e in events):
            counts["debts forgiven"] += 1
    if before.step not in ("choose", "decide"):
        return
    opened = action.merchant if isinstance(action, OpenBag) else None
    sheriff = seat_keys(before.sheriff)
    later = before.round > len(before.players)  # every seat has been Sheriff once
    for m, bag in enumerate(before.bags):
        if not bag or after.bags[m]:
            continue
        judged = judge_bag(bag, before.declarations[m])  # type: ignore[arg-type]  # a bag at market is declared
        counts["bags"] += 1
        counts["honest bags" if judged.honest else "lying bags"] += 1
        merchant = seat_keys(m)
        counts[merchant[0]] += 1
        counts[sheriff[2]] += 1
        if later:
            counts[sheriff[4]] += 1
        if not judged.honest:
            counts[merchant[1]] += 1
        if m == opened:
            counts[sheriff[3]] += 1
            if later:
                counts[sheriff[5]] += 1
            counts["inspections"] += 1
            if judged.honest:
                counts["honest bags opened"] += 1
                counts["gold owed to honest merchants"] += judged.sheriff_pays
            else:
                counts["lying bags caught"] += 1
                counts["fines"] += judged.fine
        elif not judged.honest:
            counts["lying bags passed"] += 1
            counts["contraband smuggled"] += sum(1 for c in judged.confiscated if FACE_DOWN[c])


EVENT_KINDS = {
    "declared": EventKind("the merchant", "the good declared", "how many cards"),
    "threatened": EventKind("the merchant threatened with an inspection", "(none)", "(none)"),
    "bribe offered": EventKind("the merchant", "(none)", "the offer's gold (a first offer with anything in it)"),
    "bribe accepted": EventKind("the Sheriff who let the bag pass for it", "(none)", "the offer's gold"),
    "inspected": EventKind("the Sheriff who opened a bag", '"honest bag" or "lying bag"',
                           "the gold the Sheriff owes (honest) or the merchant's fine (lying)"),
    "smuggled": EventKind("the merchant", "a card not declared that reached the stand (its bag passed unopened)",
                          "its value", held=True),
    "confiscated": EventKind("the merchant who lost it", "a card not declared, found in an opened bag",
                             "its penalty"),
}


def note_step(note: Note, before: State, action: Action, after: State, events: list[Event]) -> None:
    if action.part:
        return
    if isinstance(action, Declare):
        note("declared", action.seat, action.good, action.count)
    elif isinstance(action, Threaten):
        note("threatened", action.merchant)
    elif isinstance(action, Offer):
        if before.demand is None and after.offer is not None and not after.offer.empty:
            note("bribe offered", action.seat, "", after.offer.gold)
    elif isinstance(action, LetPass) and before.step == "decide" and before.offer is not None and not before.offer.empty:
        note("bribe accepted", action.seat, "", before.offer.gold)
    if before.step not in ("choose", "decide"):
        return
    opened = action.merchant if isinstance(action, OpenBag) else None
    for m, bag in enumerate(before.bags):
        if not bag or after.bags[m]:
            continue
        judged = judge_bag(bag, before.declarations[m])  # type: ignore[arg-type]  # a bag at market is declared
        if m == opened:
            note("inspected", before.sheriff, "honest bag" if judged.honest else "lying bag",
                 judged.sheriff_pays if judged.honest else judged.fine)
            for card in judged.confiscated:
                note("confiscated", m, NAME[card], PENALTY[card])
        else:
            for card in judged.confiscated:
                note("smuggled", m, NAME[card], VALUE[card])
