"""Sherwood (2005)'s counts for the simulator, per game: missions failed and won,
prisoners taken and freed, towns displaced, King Richard's favours."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from sherwood_tui.games.sherwood.rules.data import data
from sherwood_tui.games.sherwood.rules.model import ChooseReward, Ransom

if TYPE_CHECKING:
    from sherwood_tui.core.contract import Event
    from sherwood_tui.games.sherwood.rules.model import Action, Reveal, ScoreEvent, State

FAILED = {"tie": "missions failed: tie", "unclaimed": "missions failed: unclaimed",
          "declined": "missions failed: declined (kept another)"}


def _settled(reveal: Reveal) -> bool:
    return not any(r.outcome == "pending" for r in reveal.skills)


def count_step(counts: Counter[str], before: State, action: Action, after: State, events: list[Event]) -> None:
    reveal, old = after.reveal, before.reveal
    new_turn = reveal is not None and (old is None or old.turn != reveal.turn)
    # When the turn is not new, `old` is this turn's reveal (not None); when it is, `reveal` is set.
    if reveal is not None and not reveal.king and _settled(reveal) and (new_turn or not _settled(old)):  # type: ignore[arg-type]
        # The missions of this turn are settled (once per turn).
        for r in reveal.skills:
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
