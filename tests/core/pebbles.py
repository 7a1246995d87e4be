"""Pebbles: a toy game on the core's step table, for the core's own tests.

Two or three players take turns; a turn is one decision made of small moves: take a
pebble at a time from the heap (a part move, at most three), then stop (at least one
taken). Whoever takes the last pebble ends the game; the most pebbles wins. In a first
step everyone at once hides a number (0-2) they keep secret until the first turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from sherwood_tui.core.contract import Event, Game, Move, Player, ScoreLine
from sherwood_tui.core.draft import Draft, evolve, plain
from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.plugin import GamePlugin, Parts
from sherwood_tui.core.steps import Step, StepTable

HEAP = 9
MAX_TAKE = 3


@dataclass(frozen=True, slots=True)
class State:
    players: tuple[Player, ...]
    step: str
    heap: int
    turn: int
    taken_now: int  # pebbles taken in the decision under way
    pebbles: tuple[int, ...]
    hidden: tuple[int | None, ...]


@plain
class Hide(Move):
    type: Literal["hide"] = "hide"
    seat: int
    number: int


@plain
class Take(Move):
    part = True
    type: Literal["take"] = "take"
    seat: int


@plain
class Stop(Move):
    type: Literal["stop"] = "stop"
    seat: int


Action = Hide | Take | Stop


def hide(state: State, move: Hide) -> tuple[State, list[Event]]:
    if not 0 <= move.number <= 2:
        raise RuleError("Hide 0, 1 or 2.")
    draft = Draft(state)
    draft.hidden = tuple(move.number if s == move.seat else h for s, h in enumerate(state.hidden))
    if None not in draft.hidden:
        draft.step = "take"
    return draft.done(), []


def take(state: State, move: Take) -> tuple[State, list[Event]]:
    if state.taken_now >= MAX_TAKE:
        raise RuleError(f"Take at most {MAX_TAKE} a turn.")
    draft = Draft(state)
    draft.heap -= 1
    draft.taken_now += 1
    draft.pebbles = tuple(p + (s == move.seat) for s, p in enumerate(state.pebbles))
    if draft.heap == 0:
        draft.step = "over"
    return draft.done(), []


def stop(state: State, move: Stop) -> tuple[State, list[Event]]:
    if state.taken_now == 0:
        raise RuleError("Take a pebble first.")
    name = state.players[move.seat].name
    after = evolve(state, taken_now=0, turn=(state.turn + 1) % len(state.players))
    return after, [Event.of("info", "{} took {}.", name, state.taken_now)]


def hiders(state: State) -> tuple[int, ...]:
    return tuple(s for s, h in enumerate(state.hidden) if h is None)


def hides(state: State, seat: int) -> list[Hide]:
    return [Hide(seat=seat, number=n) for n in range(3)]


def takes(state: State, seat: int) -> list[Take | Stop]:
    moves: list[Take | Stop] = [Take(seat=seat)] if state.taken_now < MAX_TAKE else []
    return moves + ([Stop(seat=seat)] if state.taken_now else [])


PLUGIN = GamePlugin(
    id="pebbles", title="Pebbles", blurb="A toy game.", min_players=2, max_players=3,
    parts=Parts(rules="tests.core.pebbles:GAME", bot="", invariants="", stats="", screens=""),
    reference="",
)


class Pebbles(Game[State, Action, State]):
    plugin = PLUGIN
    state_type = State
    action_type = Action
    view_type = State
    public_view_type = State
    steps = StepTable(field="step", over="over", steps=(
        Step("hide", actors=hiders, moves={Hide: hide}, legal=hides, private=True, final={Hide}),
        Step("take", actors=lambda state: (state.turn,), moves={Take: take, Stop: stop}, legal=takes),
    ))

    def _new_game(self, players: list[Player], options: dict[str, bool], seed: int) -> State:
        n = len(players)
        return State(players=tuple(players), step="hide", heap=HEAP, turn=0, taken_now=0,
                     pebbles=(0,) * n, hidden=(None,) * n)

    def view(self, state: State, seat: int) -> State:
        """The state with the other seats' hidden numbers unknown (None) until all hid."""
        if None in state.hidden:
            return evolve(state, hidden=tuple(h if s == seat else None for s, h in enumerate(state.hidden)))
        return state

    def determinize(self, view: State, rnd: Any) -> State:
        return view  # nothing hidden matters once play starts; before, the others have not hidden yet

    def public_view(self, state: State) -> State:
        return state

    def scramble_secrets(self, state: State, keep_seat: int, seed: int) -> State:
        return state

    def secret_texts(self, state: State, seat: int) -> set[str]:
        return set()

    def scores(self, state: State) -> list[ScoreLine]:
        return [ScoreLine(seat=s, name=p.name, total=float(state.pebbles[s])) for s, p in enumerate(state.players)]

    def round_label(self, state: State) -> str:
        return "Over" if state.step == "over" else f"Heap {state.heap}"


GAME = Pebbles()
