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
rule changes at every step (a third of its cost). `@plain` declares a class (a game's
moves, say) with a quick keyword `__init__`. They all take frozen slotted dataclasses.

The code written out here (`written_out`) is compiled under a file name of its own
whose source `linecache` holds, so that a traceback, pdb or a profiler shows its lines.
"""

from __future__ import annotations

import linecache
from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from typing import TYPE_CHECKING, Any, Generic, TypeVar, dataclass_transform

T = TypeVar("T")

_FIELDS: dict[type, tuple[str, ...]] = {}
_new = object.__new__


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
    source = f"def __init__({signature}):\n" + "\n".join(lines or ["    pass"]) + "\n"
    init = written_out(source, "__init__", scope, label=f"{made.__qualname__}.__init__")
    init.__qualname__ = f"{made.__qualname__}.__init__"
    made.__init__ = init
    return made


def evolve(obj: T, **changes: Any) -> T:
    """A copy of a frozen dataclass with some fields replaced (no validation): through
    a copier written out for its class and the fields changed (`copier`, kept per
    class and names: the names come from the code, so they are few)."""
    key = (obj.__class__, *changes)
    copy = _COPIES.get(key)
    if copy is None:
        copy = copier(obj.__class__, *changes)
        if len(_COPIES) < MAX_COPIERS:
            _COPIES[key] = copy
    return copy(obj, changes)  # type: ignore[no-any-return]


MAX_COPIERS = 4096  # (class, names) pairs: beyond this many, copiers are made anew
_COPIES: dict[tuple[Any, ...], Callable[..., Any]] = {}


class Draft(Generic[T]):
    """The working copy of a state for one step: its fields are plain attributes to read
    and set; `done()` gives the new state. Never shared, so nobody sees it half-made.

    `Draft(state)` is the draft written out for the state's class (`draft_class`, made
    once per class): its `__init__` and `done` copy the fields in and out slot by slot.
    Subclasses made by `draft_class` may add slots and methods of their own (names of
    the seats, say)."""

    __slots__ = ()

    def __new__(cls, state: T) -> Draft[T]:
        if cls is Draft:  # the draft written out for this state's class
            made = _DRAFTS.get(state.__class__)
            if made is None:
                made = _DRAFTS[state.__class__] = draft_class(state.__class__)
            return _new(made)  # its own __init__ follows
        return _new(cls)

    if TYPE_CHECKING:
        # Written out for each class by `draft_class`.
        def __init__(self, state: T) -> None: ...

        def done(self) -> T: ...

        # The fields are the draft's slots (copied from the state), so a type checker
        # cannot know them: to it, any other attribute of a draft is read and set as an `Any`.
        def __getattr__(self, name: str) -> Any: ...

        def __setattr__(self, name: str, value: Any) -> None: ...


_DRAFTS: dict[type, type[Draft[Any]]] = {}  # a state class -> its draft class (one per class)


def _slotted(cls: type) -> tuple[str, ...]:
    """The slots of the frozen slotted dataclass `cls` (TypeError for any other class)."""
    slots = cls.__dict__.get("__slots__")
    if slots is None or not hasattr(cls, "__dataclass_fields__"):
        raise TypeError(f"{cls.__name__} is not a slotted dataclass (@dataclass(frozen=True, slots=True) or @plain)")
    return tuple(slots)


def _twin(cls: type, kind: str) -> type:
    """A writable class with the slots and bases of the frozen slotted dataclass `cls`:
    filled with plain slot stores, an instance then becomes a `cls` (Python lets an
    object change to a class of the same layout: the same slots over the same base, such
    as `contract.Move`). A frozen dataclass's own stores go through
    `object.__setattr__`, several times slower: this is the rules' hot path."""
    return type(f"{cls.__name__}{kind}", cls.__bases__, {"__slots__": _slotted(cls)})


_FILES: dict[tuple[str, str], str] = {}  # (label, source) -> the file name it is compiled under


def written_out(source: str, name: str, scope: dict[str, Any], label: str = "") -> Any:
    """The function `name` defined by `source` (code the core writes out for a class or
    a field, with `scope` as its globals). Its source is compiled under a file name of
    its own, `<written out: LABEL #N>` (`label`, by default `name`), and `linecache`
    holds it: a traceback from inside shows the line, as pdb does. The same source gets
    the same file again, so code made anew adds no lines."""
    label = label or name
    filename = _FILES.get((label, source))
    if filename is None:
        filename = _FILES[label, source] = f"<written out: {label} #{len(_FILES) + 1}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(keepends=True), filename)
    exec(compile(source, filename, "exec"), scope)
    return scope[name]


def draft_class(
    cls: type[T], extra: dict[str, str] | None = None, scope: dict[str, Any] | None = None,
    base: type[Draft[Any]] | None = None,
) -> type[Draft[T]]:
    """A `Draft` of the frozen slotted dataclass `cls` for a game's hot path (`Turn =
    draft_class(State)`, one a step): the fields are slots of the draft, copied in
    (`__init__`) and out (`done`) slot by slot in code written out for `cls`, three
    times as quick as a dict of fields.

    `extra`: more slots of the draft (not fields of the state), each with the expression
    over the state `o` that starts it, e.g. `{"events": "[]"}`; `scope`: the names those
    expressions use; `base`: a subclass of `Draft` with the game's own methods."""
    _slotted(cls)
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
    label = f"{cls.__qualname__}Draft"
    body = {
        "__slots__": (*names, *extra),
        "__init__": written_out(init, "__init__", dict(names_in), label=f"{label}.__init__"),
        "done": written_out(done, "done", dict(names_in), label=f"{label}.done"),
        "__doc__": (base or Draft).__doc__,
    }
    return type(f"{cls.__name__}Draft", (base or Draft,), body)


def _copy_function(cls: type, changed: tuple[str, ...], signature: str, value: str, label: str) -> Any:
    """A function `signature` returning a copy of a `cls` `o`, written out for `cls`: each
    field named in `changed` from `value` (a format of the field's name), the others
    from `o`. TypeError for a class that is not a slotted dataclass, or a name that is
    no field of it."""
    _slotted(cls)
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
    return written_out(source, name, {"cls": cls, "twin": _twin(cls, name.capitalize())}, label=label)


def copier(cls: type[T], *changed: str) -> Callable[[T, dict[str, Any]], T]:
    """A function `(obj, changes)` -> a copy of the frozen slotted dataclass `obj` with
    the fields `changed` set to `changes[name]`, written out for `cls` and those names
    (`evolve` hands it its keyword dict as it is: a call with `*values` unpacked costs
    more than the copy)."""
    qualname = f"copy_{cls.__name__}_{'_'.join(changed)}"
    copy: Callable[[T, dict[str, Any]], T] = _copy_function(cls, changed, "copy(o, d)", "d[{!r}]", qualname)
    copy.__qualname__ = qualname
    return copy


def replaced(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """A copy of a tuple with the entry at `index` replaced (through a list: two copies,
    where slicing and joining make five tuples)."""
    changed = list(items)
    changed[index] = value
    return tuple(changed)


def _replacer(size: int, index: int) -> Callable[[tuple[Any, ...], Any], tuple[Any, ...]]:
    entries = ", ".join("v" if k == index else f"t[{k}]" for k in range(size))
    made: Callable[[tuple[Any, ...], Any], tuple[Any, ...]] = written_out(
        f"def put(t, v):\n    return ({entries},)\n", "put", {}, label=f"put_{index}_of_{size}")
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
    qualname = f"update_{cls.__name__}_{'_'.join(changed)}"
    update: Callable[..., T] = _copy_function(cls, changed, f"update(o, *, {', '.join(changed)})", "{}", qualname)
    update.__qualname__ = qualname
    return update
