"""King Richard's turn, after the springing: each skill won outright is a favour (no
choose-one rule); then the capture, and the game ends."""

from __future__ import annotations

from sherwood_tui.core.contract import Event, event
from sherwood_tui.core.draft import evolve
from sherwood_tui.games.sherwood.rules.data import SKILL_NAMES
from sherwood_tui.games.sherwood.rules.model import StepDraft
from sherwood_tui.games.sherwood.rules.phases import capture
from sherwood_tui.games.sherwood.rules.tables import seats_text

NOTE = "{0}"


def king_results(draft: StepDraft, events: list[Event]) -> None:
    reveal = draft.reveal
    names = draft.names
    skills = []
    favours = []
    for r in reveal.skills:
        what = SKILL_NAMES[r.skill]
        if len(r.leaders) == 1:
            w = r.leaders[0]
            note = f"{names[w]} wins King Richard's favour for {what} with {r.best}."
            skills.append(evolve(r, outcome="favour", winner=w, note=note))
            favours.append(w)
        else:
            why = f"{seats_text(names, r.leaders)} tie at {r.best}" if r.leaders else f"no party has any {what}"
            skills.append(evolve(r, outcome="no favour", note=f"No favour for {what}: {why}."))
            favours.append(None)
    draft.reveal = evolve(reveal, skills=tuple(skills))
    draft.favours = tuple(favours)
    for r in skills:  # a plain loop: a comprehension is a call of its own
        events.append(event("info", NOTE, r.note))
    capture.capture(draft, events)
