"""Sherwood (2005)'s counts for the simulator, per game: missions failed and won,
prisoners taken and freed, towns displaced, King Richard's favours; and its events for
the records (`note_step`, `EVENT_KINDS`: core/notes.py): missions won and failed,
rewards chosen, companions gained, towns taken and lost, parties captured."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from sherwood_tui.core.notes import EventKind
from sherwood_tui.games.sherwood.rules.data import data
from sherwood_tui.games.sherwood.rules.model import ChooseReward, Ransom

if TYPE_CHECKING:
    from sherwood_tui.core.contract import Event
    from sherwood_tui.core.notes import Note
    from sherwood_tui.games.sherwood.rules.model import Action, Reveal, ScoreEvent, State

FAILED = {"tie": "missions failed: tie", "unclaimed": "missions failed: unclaimed",
          "declined": "missions failed: declined (kept another)"}


def _settled(reveal: Reveal) -> bool:
    return not any(r.outcome == "pending" for r in reveal.skills)


def _settled_now(reveal: Reveal | None, old: Reveal | None, new_turn: bool) -> bool:
    """This step settled the missions of the turn's reveal (true once per turn)."""
    # When the turn is not new, `old` is this turn's reveal (not None); when it is, `reveal` is set.
    return reveal is not None and not reveal.king and _settled(reveal) and (new_turn or not _settled(old))  # type: ignore[arg-type]


def count_step(counts: Counter[str], before: State, action: Action, after: State, events: list[Event]) -> None:
    reveal, old = after.reveal, before.reveal
    new_turn = reveal is not None and (old is None or old.turn != reveal.turn)
    if _settled_now(reveal, old, new_turn):
        for r in reveal.skills:  # type: ignore[union-attr]  # settled: there is a reveal
            if r.mission is None:
                continue
            if r.outcome in FAILED:
                counts[FAILED[r.outcome]] += 1
            elif r.outcome == "won" and data().mission_by_id[r.mission].kind == "companion":
                counts["missions won: Companion"] += 1
    if new_turn:
        counts["breakouts (sent no one)"] += sum(1 for p in reveal.parties if p.freed)  # type: ignore[union-attr,misc]
    if isinstance(action, ChooseReward):
        counts[f"missions won: {action.reward.capitalize()}"] += 1
    if reveal is not None and reveal.captured and (new_turn or not old.captured):  # type: ignore[union-attr]
        counts["captures"] += len(reveal.captured)
        counts["prisoners taken"] += sum(len(reveal.parties[s].members) for s in reveal.captured)
    if isinstance(action, Ransom) and action.free:
        counts["prisoners freed: paid"] += action.free
    e: Event | ScoreEvent
    for e in events:
        if e.text.startswith("The Sheriff makes his rounds") and " and frees " in e.text:
            counts["prisoners freed: by the Sheriff"] += 1
    for e in after.score_log[len(before.score_log):]:
        if e.kind == "displaced":
            counts["towns displaced"] += 1
    if after.phase == "over" and before.phase != "over":
        counts["King Richard favours"] += sum(1 for f in after.favours if f is not None)
        counts["towns held at the end"] += sum(1 for o in after.towns if o is not None)


EVENT_KINDS = {
    "mission won": EventKind("the winner", "the mission (a companion's card: the companion's name)",
                             "the winning party's total at its skill", held=True),
    "mission failed": EventKind("(none)", "the mission", "(none)"),
    "reward chosen": EventKind("the mission's winner", '"champion", "camp", "theft" or "nothing"', "(none)"),
    "companion gained": EventKind("whose band the companion joins", "the companion", "(none)", held=True),
    "town taken": EventKind("who holds it now", "the town", "1 if it was taken from another seat, else 0",
                            held=True),
    "town lost": EventKind("who held it", "the town", "(none)"),
    "captured": EventKind("whose party the Sheriff caught", "(none)", "how many of its members went to prison"),
}


def note_step(note: Note, before: State, action: Action, after: State, events: list[Event]) -> None:
    reveal, old = after.reveal, before.reveal
    new_turn = reveal is not None and (old is None or old.turn != reveal.turn)
    if _settled_now(reveal, old, new_turn):
        missions = data().mission_by_id
        for r in reveal.skills:  # type: ignore[union-attr]  # settled: there is a reveal
            if r.mission is None:
                continue
            if r.outcome == "won":
                note("mission won", r.winner, missions[r.mission].name, r.best)
            elif r.outcome in FAILED:
                note("mission failed", None, missions[r.mission].name)
    if isinstance(action, ChooseReward):
        note("reward chosen", action.seat, action.reward)
    if reveal is not None and reveal.captured and (new_turn or not old.captured):  # type: ignore[union-attr]
        for seat in reveal.captured:
            note("captured", seat, "", len(reveal.parties[seat].members))
    if after.bands is not before.bands:
        characters = data().characters
        for seat, (band, grown) in enumerate(zip(before.bands, after.bands)):
            for member in grown[len(band):]:
                note("companion gained", seat, characters[member].name)
    if after.towns is not before.towns:
        towns = data().towns
        for index, (held, holder) in enumerate(zip(before.towns, after.towns)):
            if held == holder:
                continue
            if held is not None:
                note("town lost", held, towns[index].name)
            if holder is not None:
                note("town taken", holder, towns[index].name, 0 if held is None else 1)
