"""Plain state and its one update idiom: frozen slotted dataclasses, changed through a
copy-on-write `Draft` (one new object per step, fields read as plain attributes).

    @dataclass(frozen=True, slots=True)
    class State:
        scores: tuple[int, ...]
        ...

    draft = Draft(state)        # the step's working copy (fields as plain attributes)
    draft.scores = (*draft.scores[:-1], 3)
    new_state = draft.done()    # the one new State; `state` is untouched

`Draft(state)` and `evolve(state, field=value)` (the one-off form: a part of the state,
say) are the one way a rule builds a new state. The speed is here, not in the games: a
draft of a class is written out for it once (`draft_class`: fields copied in and out
slot by slot), and `evolve` goes through a copier written out for the class and the
fields it changes (`copier`), several times quicker than `dataclasses.replace`, which
runs `__init__` again; `updater(cls, *fields)` is `evolve` made once for the fields a
rule changes at every step (a third of its cost). `@plain` declares a class (a game's moves, say) with a quick
keyword `__init__`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from typing import TYPE_CHECKING, Any, Generic, TypeVar, dataclass_transform

T = TypeVar("T")

_FIELDS: dict[type, tuple[str, ...]] = {}
_new = object.__new__
_set = object.__setattr__


def field_names(cls: type) -> tuple[str, ...]:
    """The field names of a dataclass, in order (kept per class)."""
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in fields(cls))
    return names


@dataclass_transform(frozen_default=True, kw_only_default=True)  # to a type checker, a dataclass
def plain(cls: type[T]) -> type[T]:
    """A frozen, slotted, keyword-only dataclass whose `__init__` stores each field
    straight into its slot (the rules build parts and moves at every step; the generated
    frozen `__init__` goes through `object.__setattr__` per field, several times slower).
    Equal and hashed by value, as any frozen dataclass."""
    made: type[Any] = dataclass(frozen=True, slots=True, kw_only=True)(cls)  # a new class (slots)
    scope: dict[str, Any] = {"_unset": MISSING}
    params, lines = [], []
    for f in fields(made):
        name = f.name
        scope[f"_set_{name}"] = made.__dict__[name].__set__
        if f.default is not MISSING:
            scope[f"_default_{name}"] = f.default
            params.append(f"{name}=_default_{name}")
            lines.append(f"    _set_{name}(self, {name})")
        elif f.default_factory is not MISSING:
            scope[f"_factory_{name}"] = f.default_factory
            params.append(f"{name}=_unset")
            lines.append(f"    _set_{name}(self, _factory_{name}() if {name} is _unset else {name})")
        else:
            params.append(name)
            lines.append(f"    _set_{name}(self, {name})")
    signature = f"self, *, {', '.join(params)}" if params else "self"
    init = written_out(f"def __init__({signature}):\n" + "\n".join(lines or ["    pass"]), "__init__", scope)
    init.__qualname__ = f"{made.__qualname__}.__init__"
    made.__init__ = init
    return made


def build(cls: type[T], values: dict[str, Any]) -> T:
    """An instance of the frozen dataclass `cls` from trusted `values` (every field),
    without running `__init__` (the rules' hot path)."""
    new = _new(cls)
    for name, value in values.items():
        _set(new, name, value)
    return new


def evolve(obj: T, **changes: Any) -> T:
    """A copy of a frozen dataclass with some fields replaced (no validation): through
    a copier written out for its class and the fields changed (`copier`, kept per
    class and names: the names come from the code, so they are few)."""
    key = (obj.__class__, *changes)
    copy = _COPIES.get(key)
    if copy is None:
        copy = _copier_for(obj.__class__, tuple(changes))
        if len(_COPIES) < MAX_COPIERS:
            _COPIES[key] = copy
    return copy(obj, changes)  # type: ignore[no-any-return]


MAX_COPIERS = 4096  # (class, names) pairs: beyond this many, copiers are made anew
_COPIES: dict[tuple[Any, ...], Callable[..., Any]] = {}


def _copier_for(cls: type, changed: tuple[str, ...]) -> Callable[..., Any]:
    """`copier(cls, *changed)`, or for a class with no slots of its own, a copy field by
    field."""
    if "__slots__" in cls.__dict__:
        return copier(cls, *changed)

    def copy(obj: Any, given: dict[str, Any]) -> Any:
        new: Any = _new(cls)
        for name in field_names(cls):
            _set(new, name, given[name] if name in given else getattr(obj, name))
        return new

    return copy


class Draft(Generic[T]):
    """The working copy of a state for one step: its fields are plain attributes to read
    and set; `done()` gives the new state. Never shared, so nobody sees it half-made.

    `Draft(state)` is a draft written out for the state's class (`draft_class`, made
    once per class): fields copied in and out slot by slot. Subclasses made by
    `draft_class` may add slots and methods of their own (names of the seats, say)."""

    __slots__ = ("__dict__", "_cls")

    def __new__(cls, state: T) -> Draft[T]:
        if cls is Draft:  # the draft written out for this state's class
            made = _DRAFTS.get(state.__class__)
            if made is None:
                made = _DRAFTS[state.__class__] = _plain_draft(state.__class__)
            return _new(made)  # its own __init__ follows
        return _new(cls)

    def __init__(self, state: T) -> None:  # a draft of a class with no slots of its own
        cls = type(state)
        self._cls = cls
        self.__dict__ = {name: getattr(state, name) for name in field_names(cls)}

    def done(self) -> T:
        return build(self._cls, self.__dict__)

    if TYPE_CHECKING:
        # The fields are the draft's slots (copied from the state), so a type checker
        # cannot know them: to it, any other attribute of a draft is read and set as an `Any`.
        def __getattr__(self, name: str) -> Any: ...

        def __setattr__(self, name: str, value: Any) -> None: ...


_DRAFTS: dict[type, type[Draft[Any]]] = {}  # a state class -> its draft class (one per class)


def _plain_draft(cls: type) -> type[Draft[Any]]:
    """The draft of `Draft(state)` for states of `cls`: written out if it has slots."""
    if "__slots__" in cls.__dict__:
        return draft_class(cls)

    class DictDraft(Draft[Any]):
        __slots__ = ()

    return DictDraft


def _twin(cls: type, kind: str) -> type:
    """A writable class with the slots and bases of the frozen slotted dataclass `cls`:
    filled with plain slot stores, an instance then becomes a `cls` (Python lets an
    object change to a class of the same layout: the same slots over the same base, such
    as `contract.Move`). A frozen dataclass's own stores go through
    `object.__setattr__`, several times slower: this is the rules' hot path."""
    return type(f"{cls.__name__}{kind}", cls.__bases__, {"__slots__": cls.__dict__["__slots__"]})


def written_out(source: str, name: str, scope: dict[str, Any]) -> Any:
    """The function `name` defined by `source` (code the core writes out for a class or
    a field, with `scope` as its globals)."""
    exec(source, scope)
    return scope[name]


def draft_class(
    cls: type[T], extra: dict[str, str] | None = None, scope: dict[str, Any] | None = None,
    base: type[Draft[Any]] | None = None,
) -> type[Draft[T]]:
    """A `Draft` of the frozen slotted dataclass `cls` for a game's hot path (`Step =
    draft_class(State)`, one a step): the fields are slots of the draft, copied in
    (`__init__`) and out (`done`) slot by slot in code written out for `cls`, three
    times as quick as a dict of fields.

    `extra`: more slots of the draft (not fields of the state), each with the expression
    over the state `o` that starts it, e.g. `{"events": "[]"}`; `scope`: the names those
    expressions use; `base`: a subclass of `Draft` with the game's own methods."""
    names = field_names(cls)
    extra = extra or {}
    init = (
        "def __init__(self, o):\n"
        + "".join(f"    self.{n} = o.{n}\n" for n in names)
        + "".join(f"    self.{n} = {expression}\n" for n, expression in extra.items())
    )
    done = (
        "def done(self):\n    o = twin()\n"
        + "".join(f"    o.{n} = self.{n}\n" for n in names)
        + "    o.__class__ = cls\n    return o\n"
    )
    names_in = {**(scope or {}), "cls": cls, "twin": _twin(cls, "Builder")}
    body = {
        "__slots__": (*names, *extra),
        "__init__": written_out(init, "__init__", dict(names_in)),
        "done": written_out(done, "done", dict(names_in)),
        "__doc__": (base or Draft).__doc__,
    }
    return type(f"{cls.__name__}Draft", (base or Draft,), body)


def _copy_function(cls: type, changed: tuple[str, ...], signature: str, value: str) -> Any:
    """A function `signature` returning a copy of a `cls` `o`, written out for `cls`: each
    field named in `changed` from `value` (a format of the field's name), the others
    from `o`. TypeError for a name that is no field of `cls`."""
    names = field_names(cls)
    unknown = set(changed) - set(names)
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {sorted(unknown)[0]}")
    name = signature.partition("(")[0]
    source = (
        f"def {signature}:\n    c = twin()\n"
        + "".join(f"    c.{n} = {value.format(n)}\n" if n in changed else f"    c.{n} = o.{n}\n" for n in names)
        + "    c.__class__ = cls\n    return c\n"
    )
    return written_out(source, name, {"cls": cls, "twin": _twin(cls, name.capitalize())})


def copier(cls: type[T], *changed: str) -> Callable[[T, dict[str, Any]], T]:
    """A function `(obj, changes)` -> a copy of the frozen slotted dataclass `obj` with
    the fields `changed` set to `changes[name]`, written out for `cls` and those names
    (`evolve` hands it its keyword dict as it is: a call with `*values` unpacked costs
    more than the copy)."""
    copy: Callable[[T, dict[str, Any]], T] = _copy_function(cls, changed, "copy(o, d)", "d[{!r}]")
    copy.__qualname__ = f"copy_{cls.__name__}_{'_'.join(changed)}"
    return copy


def replaced(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """A copy of a tuple with the entry at `index` replaced (through a list: two copies,
    where slicing and joining make five tuples)."""
    changed = list(items)
    changed[index] = value
    return tuple(changed)


def _replacer(size: int, index: int) -> Callable[[tuple[Any, ...], Any], tuple[Any, ...]]:
    entries = ", ".join("v" if k == index else f"t[{k}]" for k in range(size))
    made: Callable[[tuple[Any, ...], Any], tuple[Any, ...]] = written_out(f"def put(t, v):\n    return ({entries},)\n",
                                                                       "put", {})
    return made


MAX_REPLACED = 8  # the longest tuples REPLACE_AT has functions for (a tuple a seat: at most six)
# `REPLACE_AT[len(items)][index](items, value)` is `replaced(items, index, value)`, written
# out for each length and index (`(t[0], v, t[2])`: twice as quick, for a rule's hot path).
REPLACE_AT: tuple[tuple[Callable[[tuple[Any, ...], Any], tuple[Any, ...]], ...], ...] = tuple(
    tuple(_replacer(size, index) for index in range(size)) for size in range(MAX_REPLACED + 1)
)


def updater(cls: type[T], *changed: str) -> Callable[..., T]:
    """`evolve` made once for a class and the fields a rule changes at every step (declared
    at module level): `next_bid = updater(State, "hands", "turn")`, then `next_bid(state,
    hands=h, turn=t)` is `evolve(state, hands=h, turn=t)` at a third of its cost (the
    fields are keyword-only parameters, so a call builds no dict and looks nothing up).
    Every field named must be given."""
    if not changed:
        raise TypeError("no field to change")
    update: Callable[..., T] = _copy_function(cls, changed, f"update(o, *, {', '.join(changed)})", "{}")
    update.__qualname__ = f"update_{cls.__name__}_{'_'.join(changed)}"
    return update
