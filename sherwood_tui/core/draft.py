"""Plain state and its one update idiom: frozen slotted dataclasses, changed through a
copy-on-write `Draft` (one new object per step, fields read as plain attributes).

    @dataclass(frozen=True, slots=True)
    class State:
        scores: tuple[int, ...]
        ...

    draft = Draft(state)        # the step's working copy (fields as plain attributes)
    draft.scores = (*draft.scores[:-1], 3)
    new_state = draft.done()    # the one new State; `state` is untouched

`evolve(state, field=value)` is the one-off form (a part of the state, say) and is several
times quicker than `dataclasses.replace`, which runs `__init__` again.
"""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Any, Generic, TypeVar

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


def build(cls: type[T], values: dict[str, Any]) -> T:
    """An instance of the frozen dataclass `cls` from trusted `values` (every field),
    without running `__init__` (the rules' hot path)."""
    new = _new(cls)
    for name, value in values.items():
        _set(new, name, value)
    return new


def evolve(obj: T, **changes: Any) -> T:
    """A copy of a frozen dataclass with some fields replaced (no validation)."""
    cls = type(obj)
    new = _new(cls)
    for name in field_names(cls):
        _set(new, name, changes[name] if name in changes else getattr(obj, name))
    return new


class Draft(Generic[T]):
    """The working copy of a state for one step: its fields are plain attributes to read
    and set; `done()` gives the new state. Never shared, so nobody sees it half-made.
    Subclasses may add slots of their own (names of the seats, say)."""

    __slots__ = ("__dict__", "_cls")

    def __init__(self, state: T) -> None:
        cls = type(state)
        self._cls = cls
        self.__dict__ = {name: getattr(state, name) for name in field_names(cls)}

    def done(self) -> T:
        return build(self._cls, self.__dict__)

    if TYPE_CHECKING:
        # The fields live in `__dict__` (copied from the state), so a type checker cannot
        # know them: to it, any other attribute of a draft is read and set as an `Any`.
        def __getattr__(self, name: str) -> Any: ...

        def __setattr__(self, name: str, value: Any) -> None: ...


def draft_class(cls: type[T]) -> type[Draft[T]]:
    """A `Draft` of the frozen slotted dataclass `cls` whose copy in (`__init__`) and out
    (`done`) are written out field by field, for a game's hot path (`Step =
    draft_class(State)`, one a step): twice or more as quick as the generic loops.
    `done` fills a writable twin of `cls` (the same slots, so Python lets the object's
    class change) and then makes it a `cls`: a plain slot store a field, where a frozen
    dataclass's own stores go through `object.__setattr__`."""
    names = field_names(cls)
    twin = type(f"{cls.__name__}Builder", (), {"__slots__": cls.__dict__["__slots__"]})
    source = (
        "def __init__(self, o):\n    self._cls = cls\n"
        "    self.__dict__ = {" + ", ".join(f"{n!r}: o.{n}" for n in names) + "}\n"
        "def done(self):\n    d = self.__dict__\n    o = twin()\n"
        + "".join(f"    o.{n} = d[{n!r}]\n" for n in names)
        + "    o.__class__ = cls\n    return o\n"
    )
    scope: dict[str, Any] = {"cls": cls, "twin": twin}
    exec(source, scope)
    body = {"__slots__": (), "__init__": scope["__init__"], "done": scope["done"], "__doc__": draft_class.__doc__}
    return type(f"{cls.__name__}Draft", (Draft,), body)
