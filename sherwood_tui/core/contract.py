"""The contract every game implements, so screens, saves, bots and tests treat games alike.

A game is a `Game` object with pure functions over an immutable state (plain frozen
slotted dataclasses): `new_game`, `to_act`, `is_private`, `legal_actions`, `apply`,
`view`, `public_view`, `is_over`, `scores` and `winners`. Actions are `Move`s: plain
frozen slotted classes carrying the acting `seat` and their `type`; the game's
`action_type` is their discriminated union, which pydantic validates only at the edge
(`parse_action`, `dump_action`: the save files' schema).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import MISSING, field, fields
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, Protocol, TypeVar, get_args, get_type_hints

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

from sherwood_tui.core.draft import field_names, plain, written_out
from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.levels import level_problem
from sherwood_tui.core.options import GameOptions, NoOptions, OptionSpec
from sherwood_tui.core.plugin import GamePlugin
from sherwood_tui.core.wording import printable

if TYPE_CHECKING:
    from sherwood_tui.core.steps import StepAnswers, StepTable

    Decision = tuple[Any, Sequence[int], StepAnswers]  # (a state, its deciders, their step's answers)

FINAL_EVENT_KINDS = frozenset({"reveal", "round_end", "game_end"})
# The most characters a player's name may have, wherever it enters: the set-up screen's
# field, `--player`, a save (its round label names the Sheriff, and a save's labels are
# bounded), so the host's and every screen's lines stay short.
NAME_LIMIT = 24
# What a half-built move, or one with values of the wrong kind, raises on its way
# through the rules (`Game.apply` turns it into a RuleError; a game's short cut in its
# own `apply` falls back to the core's checks on it).
MALFORMED_MOVE_ERRORS = (AttributeError, TypeError, ValueError, KeyError, IndexError)

_new_object = object.__new__


# How pydantic reads a move, and a plain class that is a part of one (its
# `__pydantic_config__`): a saved move has no fields but its own, and `Game.malformed`
# checks a part given as an object field by field, not taking it as it is.
MOVE_SCHEMA = ConfigDict(extra="forbid", revalidate_instances="always")


class Move:
    """Base of every game's moves (actions): a plain frozen slotted class, declared with
    `@plain` (`core.draft`), equal and hashed by value, built without checks (the rules
    build them in their hot loop). Each names its kind in a `type` field (a Literal with
    its default: the tag of the save files' JSON) and the acting `seat`, then its own
    fields. Pydantic sees moves only at the edge: `Game.parse_action` validates a saved
    move strictly, `Game.malformed` explains an object that is not a well-formed one.

    `part`: a move of this class leaves its seat's decision open (a card put in a bag):
    the decision is the run of part moves and the move that ends it (`core.steps`)."""

    __slots__ = ()
    __pydantic_config__ = MOVE_SCHEMA
    part: ClassVar[bool] = False
    if TYPE_CHECKING:
        type: str
        seat: int

        def __init__(self, **fields: Any) -> None: ...  # each class's own, by keyword


MoveT = TypeVar("MoveT", bound=Move)


def half_built(cls: type[MoveT], /, **values: Any) -> MoveT:
    """A move of `cls` with only its defaults and `values` set, unchecked: what a broken
    client might hand the rules (for tests of `Game.apply`'s refusals)."""
    new: MoveT = object.__new__(cls)
    for f in fields(cls):  # type: ignore[arg-type]  # every Move class is a dataclass
        if f.name in values:
            object.__setattr__(new, f.name, values.pop(f.name))
        elif f.default is not MISSING:
            object.__setattr__(new, f.name, f.default)
    if values:
        raise TypeError(f"{cls.__name__} has no field {sorted(values)[0]}")
    return new


def with_fields(action: MoveT, /, **changes: Any) -> MoveT:
    """A copy of a move with some fields replaced by any values at all, unchecked (for
    tests of `Game.apply`'s refusals; `dataclasses.replace` would run `__init__`)."""
    cls = type(action)
    given = {name: getattr(action, name) for name in field_names(cls) if hasattr(action, name)}
    return half_built(cls, **{**given, **changes})


class Player(BaseModel):
    """A seat at the table: a name, and the bot level if a bot plays it. A name typed or
    read from a save keeps no control characters (they could act on the terminal).
    Validated (a pydantic model): it comes from the set-up screen and from save files."""

    # The schema is built on first validation, not at import: the app starts lighter.
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    name: str  # at most NAME_LIMIT characters, once printable and stripped
    bot: str | None = Field(default=None, max_length=48)  # a level: BOT_LEVELS, or expert:N, maybe +RESTRICTION

    @field_validator("name")
    @classmethod
    def _printable_name(cls, name: str) -> str:
        name = printable(name).strip()
        if name_problem(name):
            raise ValueError(name_problem(name))
        return name

    @field_validator("bot")
    @classmethod
    def _a_bot_level(cls, bot: str | None) -> str | None:
        problem = None if bot is None else level_problem(bot)
        if problem:
            raise ValueError(problem)
        return bot


def name_problem(name: str) -> str:
    """Why `name` (as typed: it is kept printable and stripped) cannot be a player's
    name, too long, or ""."""
    length = len(printable(name).strip())
    return f"a name has at most {NAME_LIMIT} characters, not {length}" if length > NAME_LIMIT else ""


class HasPlayers(Protocol):
    """What the core reads of every game's state."""

    @property
    def players(self) -> Sequence[Player]: ...


S = TypeVar("S", bound=HasPlayers)  # a game's state
A = TypeVar("A")  # its actions (`Move`s)
V = TypeVar("V")  # what one seat may know


EventKind = Literal["info", "round_start", "round_end", "turn_start", "stack", "reveal", "game_end"]
EVENT_KINDS: frozenset[str] = frozenset(get_args(EventKind))  # the closed set of event kinds


class Event:
    """A public line of the game log: a `kind` the app reacts to (e.g. "round_end"), and
    its text. The rules give the text as a template and its arguments (`Event.of`): it
    is formatted only when someone reads `text` (the log, a curtain, a summary), once.
    A plain slotted class: the rules make several per action."""

    __slots__ = ("kind", "template", "args", "_text")

    def __init__(self, text: str | None = None, kind: str = "info") -> None:
        self.kind = kind
        self.template = ""
        self.args: tuple[Any, ...] = ()
        self._text = text

    @classmethod
    def of(cls, kind: str, template: str, *args: Any) -> Event:
        """An event whose text is `template.format(*args)`, formatted when first read."""
        event = _new_object(cls)
        event.kind = kind
        event.template = template
        event.args = args
        event._text = None
        return event

    @property
    def text(self) -> str:
        text = self._text
        if text is None:
            text = self._text = self.template.format(*self.args)
        return text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and (self.text, self.kind) == (other.text, other.kind)

    def __hash__(self) -> int:
        return hash((self.text, self.kind))

    def __repr__(self) -> str:
        return f"Event(text={self.text!r}, kind={self.kind!r})"


# `Event.of`, bound once, for the rules' hot path (a class method is bound anew at every
# look-up through its class; the rules make hundreds of events a game).
event = Event.of


@plain
class ScoreLine:
    """One player's final score with its parts, for the score sheet (numbers as floats)."""

    seat: int
    name: str
    total: float
    parts: dict[str, float] = field(default_factory=dict)
    tiebreak: tuple[float, ...] = ()


def _moves_in(annotation: Any) -> list[type]:
    """The move classes named in a type annotation (a union, an Annotated union)."""
    if isinstance(annotation, type) and issubclass(annotation, Move):
        return [annotation]
    return [move for arg in get_args(annotation) for move in _moves_in(arg)]


_FIELD_CHECKS: dict[type, tuple[tuple[str, Callable[[Any], Any]], ...]] = {}


def _field_checks(cls: type) -> tuple[tuple[str, Callable[[Any], Any]], ...]:
    """Each field of a move class with a strict validator of its values (kept per class)."""
    checks = _FIELD_CHECKS.get(cls)
    if checks is None:
        hints = get_type_hints(cls)
        checks = _FIELD_CHECKS[cls] = tuple(
            (name, partial(TypeAdapter(hints[name]).validate_python, strict=True))
            for name in field_names(cls)
        )
    return checks


def _a_kind_of(thing: Any) -> str:
    """ "a dict", "an object", "None": what a wrong object given as a move is."""
    if thing is None:
        return "nothing"
    kind = type(thing).__name__
    return f"{'an' if kind[:1].lower() in 'aeiou' else 'a'} {kind}"


def _kind_of(action: Any) -> str:
    """A move's kind for a message: "TakeBid" → "take bid"."""
    name = type(action).__name__
    return "".join(f" {c.lower()}" if c.isupper() else c for c in name).strip()


class Game(ABC, Generic[S, A, V]):
    """One game's rules. Subclasses are stateless; all state is in the state object.

    A subclass names its plug-in (`plugin = PLUGIN`, from the game's `plugin.py`): its
    metadata (id, title, players, options) is written there once and copied here: its
    options class is `options_type`, what setup offers of it `options`."""

    plugin: ClassVar[GamePlugin]
    id: ClassVar[str]
    title: ClassVar[str]
    blurb: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_type: ClassVar[type[GameOptions]] = NoOptions
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    tiebreak_label: ClassVar[str] = "Tie-break"
    state_type: ClassVar[type]
    action_type: ClassVar[Any]  # an Annotated discriminated union of action models
    view_type: ClassVar[type]  # what `view` returns (a seat on another terminal is sent it as JSON)
    public_view_type: ClassVar[type]  # what `public_view` returns

    steps: ClassVar[StepTable[Any]]  # the game's steps (`core.steps`): the core dispatches

    _adapter: ClassVar[TypeAdapter[Any] | None] = None
    _action_classes: ClassVar[frozenset[type] | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        plugin = cls.__dict__.get("plugin")
        if plugin is not None:
            for name in ("id", "title", "blurb", "min_players", "max_players", "options_type", "options",
                         "tiebreak_label"):
                setattr(cls, name, getattr(plugin, name))

    def __init__(self) -> None:
        """Bind the core's dispatch over this game's step table (`fast_dispatch`) in
        place of the generic methods below (the same answers, quicker). A game declares
        its steps: it defines none of these methods (TypeError)."""
        own = sorted(name for name in FAST_METHODS if getattr(type(self), name) is not getattr(Game, name))
        if own:
            raise TypeError(f"{type(self).__name__} defines {', '.join(own)}: the core dispatches from its step table")
        for name, function in fast_dispatch(self.steps, self.checked_apply).items():
            setattr(self, name, function)

    # ----- construction -------------------------------------------------------------
    def check_players(self, players: list[Player]) -> None:
        """Raise RuleError unless the player list suits this game."""
        n = len(players)
        if not self.min_players <= n <= self.max_players:
            raise RuleError(
                f"{self.title} takes {self.min_players} to {self.max_players} players, not {n}."
            )
        names = [p.name.strip() for p in players]
        if any(not name for name in names):
            raise RuleError("Every player needs a name.")
        if len({name.casefold() for name in names}) != n:
            raise RuleError("Two players have the same name; names must differ.")

    def check_options(self, options: Mapping[str, bool] | GameOptions) -> GameOptions:
        """The game's options object (`options_type`) from their dict form, the defaults
        filled in (an object of the game's options class is taken as it is); a RuleError
        names an option the game does not have."""
        if isinstance(options, self.options_type):
            return options
        if isinstance(options, GameOptions):
            raise RuleError(f"{self.title} has no options of {type(options).__name__}.")
        return self.options_type.from_dict(options, game=self.title)

    def new_game(self, players: list[Player], options: Mapping[str, bool] | GameOptions, seed: int) -> S:
        """A new game for these players, variants (their dict form, or the object) and seed."""
        return self.start(players, options, seed)[0]

    def start(
        self, players: list[Player], options: Mapping[str, bool] | GameOptions, seed: int
    ) -> tuple[S, list[Event]]:
        """A new game and the public events of its set-up (for the log)."""
        self.check_players(players)
        result = self._new_game(players, self.check_options(options), seed)
        return result if isinstance(result, tuple) else (result, [])

    @abstractmethod
    def _new_game(
        self, players: list[Player], options: Any, seed: int
    ) -> S | tuple[S, list[Event]]:
        """The set-up, given the game's options object (an `options_type`, which the
        state keeps); may also return the set-up's public events as (state, events)."""

    # ----- whose turn (read from the step table) -----------------------------------
    def to_act(self, state: S) -> list[int]:
        """The seats that must decide now (several for simultaneous decisions)."""
        steps = self.steps
        return list(steps.steps[steps.where(state)].actors(state))

    def decision_at(self, state: S) -> Decision | None:
        """The decision `state` awaits, as the playout loop asks it at every move: `(state,
        the seats that decide, their step's (actors, legal, rules))`, or None once the game
        is over. (The step's `rules`: each move class it takes and its rule.)"""
        steps = self.steps
        step = steps.steps[steps.where(state)]
        if step.name == steps.over:
            return None
        return state, step.actors(state), (step.actors, step.legal, step.moves)

    def may_act(self, state: S, seat: int) -> bool:
        """Whether `seat` is in `to_act(state)` (the step may answer without the list)."""
        steps = self.steps
        return steps.steps[steps.where(state)].may_act(state, seat)

    def is_private(self, state: S, seat: int) -> bool:
        """Whether this seat's decision shows it secrets (so needs the curtain)."""
        step = self.steps.of(state)
        return self.may_act(state, seat) and step.is_private(state, seat)

    def legal_actions(self, state: S, seat: int) -> list[A]:
        """Exactly the moves `apply` accepts from this seat now (empty if it need not act)."""
        steps = self.steps
        step = steps.steps[steps.where(state)]
        if not step.may_act(state, seat):
            return []
        return step.legal(state, seat)

    # ----- applying actions ---------------------------------------------------------
    def apply(self, state: S, action: Any) -> tuple[S, list[Event]]:
        """Apply one move; return the new state and the public events of this step.

        The step the state is at gives the rule of the move. An illegal move raises
        RuleError and the given state is untouched (it is immutable). The common case
        (a well-formed move of a seat that acts, in a step that takes it) goes straight
        to its rule; everything else takes the checked path, which says what is wrong.
        """
        steps = self.steps
        step = steps.steps[steps.where(state)]
        rule = step.moves.get(action.__class__)
        if rule is not None:
            try:
                seat = action.seat
                if seat.__class__ is int and step.may_act(state, seat):
                    result: tuple[S, list[Event]] = rule(state, action)
                    return result
            except MALFORMED_MOVE_ERRORS:
                pass  # a malformed move: the checked path says why
        return self.checked_apply(state, action)

    def checked_apply(self, state: S, action: Any) -> tuple[S, list[Event]]:
        """`apply` with every check in order, each refusal in words."""
        move: Any = action  # any object at all: checked here
        kind: type = move.__class__
        if kind not in (self._action_classes or self.action_classes()):
            raise RuleError(f"That is not a move of {self.title} (it is {_a_kind_of(move)}).")
        try:
            if move.seat.__class__ is not int:  # True would pass for seat 1
                raise RuleError(self.malformed(move))
            if self.is_over(state):
                raise RuleError("The game is over.")
            step = self.steps.of(state)
            rule = step.moves.get(kind)
            if rule is None or not step.may_act(state, move.seat):
                raise RuleError(self.why_refused(state, move))
            result: tuple[S, list[Event]] = rule(state, move)
            return result
        except MALFORMED_MOVE_ERRORS:
            # A half-built move (`half_built`) or one with values of the wrong kind;
            # a well-formed move that fails here is a bug in the rules.
            problem = self.malformed(action)
            if problem:
                raise RuleError(problem) from None
            raise

    def why_refused(self, state: S, action: Any) -> str:
        """Why a well-formed move is refused before its rule is asked: its seat does not
        act now, or this step does not take it (games may say it their own way)."""
        if not self.may_act(state, action.seat):
            return self.why_not_turn(state, action.seat)
        return f"You cannot make that move now ({_kind_of(action)})."

    @classmethod
    def action_classes(cls) -> frozenset[type]:
        """The move classes of this game (the members of `action_type`)."""
        known = cls.__dict__.get("_action_classes")
        if known is None:
            known = frozenset(_moves_in(cls.action_type))
            cls._action_classes = known
        return known

    def malformed(self, action: Any) -> str:
        """Why `action` is not a complete, well-typed move of this game, in words, or ""
        if it is one (its fields checked in order, strictly: "0" is no seat)."""
        for name, check in _field_checks(type(action)):
            try:
                value = getattr(action, name)
            except AttributeError:
                return f"That {_kind_of(action)} move is incomplete: it has no {name}."
            try:
                check(value)
            except ValidationError as err:
                first = err.errors()[0]
                where = ".".join(str(part) for part in (name, *first["loc"]))
                return f"That {_kind_of(action)} move is malformed: its {where} is not valid ({first['msg']})."
            except AttributeError:  # a part of it half-built
                return f"That {_kind_of(action)} move is malformed: its {name} is incomplete."
        return ""

    def why_not_turn(self, state: S, seat: int) -> str:
        """The message for a seat that tries to act out of turn (games may refine it)."""
        if not 0 <= seat < len(state.players):
            return "There is no such seat at this table."
        return f"It is not {state.players[seat].name}'s turn."

    # ----- what each seat may know -------------------------------------------------
    @abstractmethod
    def view(self, state: S, seat: int) -> V:
        """Everything this seat may know, and nothing more."""

    @abstractmethod
    def public_view(self, state: S) -> Any:
        """What the whole table may see."""

    @abstractmethod
    def scramble_secrets(self, state: S, keep_seat: int, seed: int) -> S:
        """A copy of the state where every secret `keep_seat` may not know is replaced by
        a different secret of the same shape (for the privacy tests)."""

    def determinize(self, view: V, rnd: Any) -> S:
        """A full state that fits everything in `view` (one seat's view): what the seat
        cannot see (other hands, bags, the decks' order) drawn with `rnd` among what the
        view allows. The expert's search plays from such states; it never sees the
        true one."""
        raise NotImplementedError(f"{self.title} has no expert yet")

    @abstractmethod
    def secret_texts(self, state: S, seat: int) -> set[str]:
        """Strings that identify this seat's secrets on a screen (for privacy tests)."""

    # ----- the end -----------------------------------------------------------------
    def is_over(self, state: S) -> bool:
        steps = self.steps
        return steps.where(state) == steps.over

    @abstractmethod
    def scores(self, state: S) -> list[ScoreLine]:
        """Scores of every seat (running during the game, final at the end)."""

    def search_totals(self, state: S) -> list[float]:
        """Each seat's total as it would count if the game ended now, hidden parts
        included: what the expert's search scores a playout cut short by (its states are
        its own samples, so nothing hidden of the real game is read). By default the
        running totals (`scores`)."""
        return [line.total for line in self.scores(state)]

    def winners(self, state: S) -> list[int]:
        """The winning seats by total, then the tie-breaks of the score lines."""
        lines = self.scores(state)
        best = max((line.total, line.tiebreak) for line in lines)
        return [line.seat for line in lines if (line.total, line.tiebreak) == best]

    def is_final(self, before: S, action: A, events: list[Event]) -> bool:
        """Whether this step can no longer be taken back (it showed something new to
        someone, or the rules make it final): its step declares it final, or it revealed
        something or ended a round."""
        if action.__class__ in self.steps.of(before).final:
            return True
        return any(e.kind in FINAL_EVENT_KINDS for e in events)

    def private_news(self, before: S, action: A, after: S) -> list[str]:
        """Lines that only the acting seat learnt from this action (a card it drew from
        another's hand, say): the app shows them to that seat alone, before the keyboard
        passes. Not on the rules' hot path (only screens ask). By default: none."""
        return []

    def ending(self, state: S) -> str:
        """A short category of how the game ended (for the simulator)."""
        return "complete"

    @abstractmethod
    def round_label(self, state: S) -> str:
        """A short public label of where the game stands ("Round 3")."""

    # ----- serialisation --------------------------------------------------------------
    @classmethod
    def action_adapter(cls) -> TypeAdapter[Any]:
        """The save files' schema of this game's moves (pydantic, over the plain classes)."""
        adapter = cls.__dict__.get("_adapter")
        if adapter is None:
            adapter = cls._adapter = TypeAdapter(cls.action_type)
        return adapter

    def parse_action(self, data: Any) -> A:
        """An action from JSON-like data, validated strictly: "0" is not seat 0, nor true
        seat 1 (ValidationError otherwise)."""
        import json

        action: A = self.action_adapter().validate_json(json.dumps(data), strict=True)
        return action

    def upgrade_action(self, state: S, data: dict[str, Any], version: int) -> list[dict[str, Any]]:
        """The moves (as JSON-like data) that a move saved in an older save format
        `version` stands for, played from `state` (a whole bag of one move then, card by
        card now, say). By default, the move itself."""
        return [data]

    def dump_action(self, action: A) -> dict[str, Any]:
        """A move as JSON-like data (its `type` first, then `seat` and its fields)."""
        dumped: dict[str, Any] = self.action_adapter().dump_python(action, mode="json")
        return dumped


AnyGame = Game[Any, Any, Any]  # a game of any kind (the app, saves, bots)


def fast_dispatch(table: StepTable[Any], checked_apply: Callable[[Any, Any], Any]) -> dict[str, Callable[..., Any]]:
    """`is_over`, `to_act`, `decision_at`, `may_act`, `legal_actions` and `apply` over one
    step table, as closures with the table's parts at hand (a dict a question, by step):
    the same answers as `Game`'s methods, which the simulator, the bots and the search
    call at every move. The rules' speed lives here, in the core.

    `decision_at(state)` (`decision_reading`) keeps the decision it found in `known[0]`
    (one tuple: a search in another thread never sees half of it). `legal_actions` and
    `apply` asked next of that same state object (the playout loop asks all three of
    each state), for one of its deciders, skip finding the step and asking whether the
    seat may act."""
    where, over = table.where, table.over
    steps = table.steps.items()
    actors_of = {name: step.actors for name, step in steps}
    may_of = {name: step.may_act for name, step in steps}
    legal_of = {name: (step.may_act, step.legal) for name, step in steps}
    rules_of = {name: (step.may_act, step.moves) for name, step in steps}
    answers_of = {name: (step.actors, step.legal, step.moves) for name, step in steps}
    known: list[Decision] = [(None, (), answers_of[over])]  # the last decision found
    decision_at = decision_reading(table.field)(over, answers_of, known)

    def is_over(state: Any) -> bool:
        return where(state) == over

    def to_act(state: Any) -> list[int]:
        return list(actors_of[where(state)](state))

    def may_act(state: Any, seat: int) -> bool:
        return may_of[where(state)](state, seat)

    def legal_actions(state: Any, seat: int) -> list[Any]:
        last_state, actors, answers = known[0]
        if last_state is state and seat in actors:
            return answers[1](state, seat)
        may, legal = legal_of[where(state)]
        return legal(state, seat) if may(state, seat) else []

    def apply(state: Any, action: Any) -> tuple[Any, list[Event]]:
        last_state, actors, answers = known[0]
        try:
            if last_state is state:  # the state `decision_at` answered: its step and deciders known
                rule = answers[2][action.__class__]
                seat = action.seat
                if seat.__class__ is int and seat in actors:
                    return rule(state, action)
            else:
                may, rules = rules_of[where(state)]
                rule = rules[action.__class__]
                seat = action.seat
                if seat.__class__ is int and may(state, seat):
                    return rule(state, action)
        except MALFORMED_MOVE_ERRORS:
            pass  # a move this step does not take, or a malformed one: the checked path says why
        return checked_apply(state, action)  # type: ignore[no-any-return]

    return {"is_over": is_over, "to_act": to_act, "decision_at": decision_at, "may_act": may_act,
            "legal_actions": legal_actions, "apply": apply}


DECISION_AT = """
def make(over, answers_of, known):
    def decision_at(state):
        step = state.{field}
        if step == over:
            return None
        answers = answers_of[step]
        found = known[0] = (state, answers[0](state), answers)
        return found
    return decision_at
"""


def decision_reading(field: str) -> Callable[..., Callable[[Any], Decision | None]]:
    """`make(over, answers_of, known)` -> `decision_at(state)` for states whose step is
    named by their attribute `field`, written out for it: `state.phase` is a plain
    attribute read, where `attrgetter("phase")(state)` is a call (about 1% of a
    random-move game; `StepTable` checks that `field` is an attribute name). It answers
    `Game.decision_at` (None once the step is `over`; `answers_of`: each step's answers,
    by name) and keeps the decision in `known[0]`."""
    return written_out(DECISION_AT.format(field=field), "make", {})  # type: ignore[no-any-return]


FAST_METHODS = ("is_over", "to_act", "decision_at", "may_act", "legal_actions", "apply")  # what fast_dispatch binds
