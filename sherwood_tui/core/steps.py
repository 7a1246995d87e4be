"""A game's steps, each declared once: who acts, the moves it takes and the rule of
each, its exact legal moves, whether it is private, and which of its moves are final.

    STEPS = StepTable(field="step", over="over", steps=(
        Step("bidding", actors=bidder, legal=bids, private=True,
             moves={PlayGoode: bidding.play_goode, Pass: bidding.pass_}, final={Pass}),
        Step("collecting", actors=collector, legal=takes,
             moves={TakeTarget: collecting.take_target, TakeBid: collecting.take_bid}),
    ))

The core (`Game.apply`, `to_act`, `legal_actions`, `is_private`, `is_final`) reads the
table; a game has no dispatch of its own. A rule (a handler) takes the state and a move
of the seat whose turn it is, and returns the new state and the public events, or raises
`RuleError` with a message a player understands (the state is immutable: nothing
changed). `legal` lists exactly the moves that the step's rules accept from a seat that
may act: the contract suite checks both directions.

A decision made of several small moves (a bag loaded card by card, then closed) is a
run of *part* moves (`Move.part`, a class attribute) ended by a move that is not a
part, all of the same seat: the log, undo and the hand-off treat the run as one
decision.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from sherwood_tui.core.contract import Event

S = TypeVar("S")  # a game's state

Rule = Callable[[Any, Any], "tuple[Any, list[Event]]"]  # (state, move) -> (state, events)
# A step's answers, as the dispatch keeps them: its actors, its legal moves, its rules.
StepAnswers = tuple[Callable[[Any], Sequence[int]], Callable[[Any, int], list[Any]], Mapping[type, Rule]]


def nobody(state: Any) -> tuple[int, ...]:
    """The actors of a step where no seat decides (the game's end)."""
    return ()


def no_moves(state: Any, seat: int) -> list[Any]:
    return []


def among_actors(state: Any, seat: int) -> bool:
    """The default `Step.may_act`: replaced by `seat in actors(state)` for each step."""
    raise NotImplementedError


@dataclass(frozen=True, slots=True, eq=False)
class Step(Generic[S]):
    """One step of a game (boardgame.io's stage): declared once, read by the core.

    - `actors(state)`: the seats that decide now (several: they decide at once);
    - `moves`: each move class this step takes, and its rule `(state, move) -> (state,
      events)`;
    - `legal(state, seat)`: exactly the moves the rules accept from `seat` (asked only
      of a seat among the actors);
    - `private`: whether the decision shows the seat its secrets (so it needs the
      curtain): a bool, or `(state, seat) -> bool`;
    - `final`: the move classes that can never be taken back (they show something new,
      or the rules make them final);
    - `may_act(state, seat)`: whether `seat` is among the actors, when that can be
      answered without building the list (by default, it is built).
    """

    name: str
    actors: Callable[[S], Sequence[int]] = nobody
    moves: Mapping[type, Rule] = field(default_factory=dict)
    legal: Callable[[S, int], list[Any]] = no_moves
    private: bool | Callable[[S, int], bool] = False
    final: frozenset[type] = frozenset()
    may_act: Callable[[S, int], bool] = among_actors

    def __post_init__(self) -> None:
        object.__setattr__(self, "moves", dict(self.moves))
        object.__setattr__(self, "final", frozenset(self.final))
        if self.may_act is among_actors:
            actors = self.actors
            object.__setattr__(self, "may_act", lambda state, seat: seat in actors(state))

    def is_private(self, state: S, seat: int) -> bool:
        private = self.private
        return private if isinstance(private, bool) else private(state, seat)


class StepTable(Generic[S]):
    """Every step of one game, and where a state is: its attribute `field` names its step
    (`where(state)` reads it). `over` names the step of a finished game (no actors, no
    moves)."""

    def __init__(self, field: str, steps: Iterable[Step[S]], over: str = "over") -> None:
        if not field.isidentifier():
            raise ValueError(f"a step table's field is an attribute name, not {field!r}")
        self.field = field
        self.where: Callable[[S], str] = attrgetter(field)
        self.over = over
        self.steps: dict[str, Step[S]] = {}
        for step in steps:
            if step.name in self.steps:
                raise ValueError(f"step {step.name!r} is declared twice")
            self.steps[step.name] = step
        if over not in self.steps:
            self.steps[over] = Step(over)
        self.steps_of: dict[type, tuple[str, ...]] = {}  # move class -> the steps that take it
        for step in self.steps.values():
            for kind in step.moves:
                self.steps_of[kind] = (*self.steps_of.get(kind, ()), step.name)

    def of(self, state: S) -> Step[S]:
        """The step `state` is at."""
        return self.steps[self.where(state)]

    def __iter__(self) -> Any:
        return iter(self.steps.values())

    def move_classes(self) -> frozenset[type]:
        return frozenset(self.steps_of)


MAX_DECISION_MOVES = 256  # a decision of more small moves than this is no player's


def as_moves(decision: Any) -> tuple[Any, ...]:
    """The moves of a decision: one move, or a sequence (tuple, list) of moves."""
    if isinstance(decision, (tuple, list)):
        return tuple(decision)
    return (decision,)


def is_part(move: Any) -> bool:
    """Whether a move leaves its seat's decision open (a card put in a bag, say)."""
    return bool(getattr(type(move), "part", False))


def decision_starts(moves: Sequence[Any]) -> list[int]:
    """The index where each decision of a move list begins: a decision is a run of part
    moves of one seat and the move that ends it."""
    starts: list[int] = []
    open_seat: int | None = None
    for index, move in enumerate(moves):
        if open_seat is None or move.seat != open_seat:
            starts.append(index)
        open_seat = move.seat if is_part(move) else None
    return starts
