"""King Richard's turn, after the springing: each skill won outright is a favour (no
choose-one rule); then the capture, and the game ends."""

from __future__ import annotations

from sherwood_tui.core.contract import Event, event
from sherwood_tui.core.draft import copier
from sherwood_tui.games.sherwood.rules.data import SKILL_NAMES
from sherwood_tui.games.sherwood.rules.model import Reveal, SkillResult, StepDraft
from sherwood_tui.games.sherwood.rules.phases import capture
from sherwood_tui.games.sherwood.rules.tables import seats_text

NOTE = "{0}"
# `evolve` of the reveal and its skill results, written out (the last step of every game)
_with_favour = copier(SkillResult, "outcome", "winner", "note")
_with_no_favour = copier(SkillResult, "outcome", "note")
_with_skills = copier(Reveal, "skills")


def king_results(draft: StepDraft, events: list[Event]) -> None:
    reveal = draft.reveal
    names = draft.names
    skills = []
    favours = []
    for r in reveal.skills:
        what = SKILL_NAMES[r.skill]
        if len(r.leaders) == 1:
            w = r.leaders[0]
            skills.append(_with_favour(r, "favour", w, f"{names[w]} wins King Richard's favour for {what} with {r.best}."))
            favours.append(w)
        else:
            why = f"{seats_text(names, r.leaders)} tie at {r.best}" if r.leaders else f"no party has any {what}"
            skills.append(_with_no_favour(r, "no favour", f"No favour for {what}: {why}."))
            favours.append(None)
    draft.reveal = _with_skills(reveal, tuple(skills))
    draft.favours = tuple(favours)
    for r in skills:  # a plain loop: a comprehension is a call of its own
        events.append(event("info", NOTE, r.note))
    capture.capture(draft, events)
