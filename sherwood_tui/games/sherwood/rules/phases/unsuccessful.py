"""Phase 4, unsuccessful missions: a player leading several missions keeps one
(`ChooseMission`, private); failed cards move to the next stack or leave the game."""

from __future__ import annotations

from sherwood_tui.core.contract import Event, event
from sherwood_tui.core.draft import evolve
from sherwood_tui.core.errors import RuleError
from sherwood_tui.games.sherwood.rules.data import SKILL_NAMES
from sherwood_tui.games.sherwood.rules.model import ChooseMission, State, StepDraft
from sherwood_tui.games.sherwood.rules.phases import rewards
from sherwood_tui.games.sherwood.rules.tables import MISSION_NAMES, MISSIONS

KEEPS = "{0} keeps {1} ({2})."
GOES_TO = "{0} goes to {1}."
GOES_OUT = "{0} goes {1}."
OUT = "out of the game"



def choose_mission(state: State, action: ChooseMission) -> tuple[State, list[Event]]:
    draft = StepDraft(state)
    reveal = draft.reveal
    options = [r.skill for r in reveal.skills if r.outcome == "pending"]
    if action.skill not in options:
        led = " or ".join(SKILL_NAMES[k] for k in options)
        raise RuleError(f"You can keep only a mission you lead: {led}.")
    name = draft.names[action.seat]
    skills = []
    stack = draft.stack
    for r in reveal.skills:  # with where the failed missions go (phase 4, just below)
        if r.outcome != "pending":
            failed = r.mission is not None and r.outcome != "won"
            skills.append(evolve(r, destination=destination(stack, r.mission)) if failed else r)
        elif r.skill == action.skill:
            skills.append(evolve(r, outcome="won", note=f"{name} claims it with {r.best}."))
        else:
            kept = SKILL_NAMES[action.skill]
            skills.append(evolve(
                r, outcome="declined", winner=None, destination=destination(stack, r.mission),
                note=f"{name} led with {r.best} but kept the {kept} mission: this one fails."))
    draft.reveal = evolve(reveal, skills=tuple(skills))
    kept = draft.missions[action.skill]
    events = [event("info", KEEPS, name, MISSION_NAMES[kept], SKILL_NAMES[action.skill])]
    discard_failed(draft, events)
    return draft.done(), events


def choosers(state: State) -> tuple[int, ...]:
    """The player leading several missions, who keeps one."""
    chooser = state.reveal.chooser if state.reveal is not None else None
    return () if chooser is None else (chooser,)


def missions_kept(state: State, seat: int) -> list[ChooseMission]:
    assert state.reveal is not None  # the step has one
    return [ChooseMission(seat=seat, skill=r.skill) for r in state.reveal.skills
            if r.outcome == "pending" and r.winner == seat]


def destination(stack: int, mission: str) -> str:
    """Where a failed mission of this stack goes: stack II from stack I, stack III from
    stack II (its companions leave the game), out of the game from stack III."""
    if stack == 1:
        return "stack II"
    if stack == 2 and MISSIONS[mission].kind != "companion":
        return "stack III"
    return OUT


def discard_failed(draft: StepDraft, events: list[Event]) -> None:
    """Each failed mission card goes where its result says (`destination`: the reveal
    knows it since the springing, or since the choice of the mission kept)."""
    stacks = draft.stacks
    removed = draft.removed
    board = draft.missions
    moved = False
    for r in draft.reveal.skills:
        mission = r.mission
        if mission is None or r.outcome == "won":
            continue
        moved = True
        board = board[: r.skill] + (None,) + board[r.skill + 1 :]  # the reveal still names it
        where = r.destination
        if where == "stack II":
            stacks = (stacks[0], stacks[1] + (mission,), stacks[2])
        elif where == "stack III":
            stacks = (stacks[0], stacks[1], stacks[2] + (mission,))
        else:  # stack II companions, and everything in stack III
            removed = removed + (mission,)
        events.append(event("info", GOES_OUT if where == OUT else GOES_TO, MISSION_NAMES[mission], where))
    if moved:
        draft.stacks, draft.removed, draft.missions = stacks, removed, board
    draft.reward_skill = 0
    rewards.next_reward(draft, events)
