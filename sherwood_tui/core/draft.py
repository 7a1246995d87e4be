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
from typing import Any, Generic, TypeVar

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
