"""Counted nouns as a person says them: "1 card", "2 cards", "no cards"."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any


def plural(n: int, singular: str, many: str | None = None) -> str:
    """The noun for `n` things, without the number: "card" or "cards"."""
    return singular if n == 1 else (many or singular + "s")


def count(n: int, singular: str, many: str | None = None, *, zero: str = "no") -> str:
    """`n` and its noun: count(1, "card") is "1 card", count(3, "card") "3 cards" and
    count(0, "card") "no cards" (`zero` replaces the number: zero="0" keeps it)."""
    return f"{zero if n == 0 else n} {plural(n, singular, many)}"


# Characters that move the cursor, change colours or reorder text when printed: C0 and
# C1 controls (ESC and CSI among them), DEL, and the bidirectional overrides, embeddings,
# isolates and marks, and the line and paragraph separators.
_UNPRINTABLE = dict.fromkeys(
    [*range(0x00, 0x20), *range(0x7F, 0xA0), 0x061C, 0x200E, 0x200F, *range(0x2028, 0x202F),
     *range(0x2066, 0x206A)]
)


def printable(text: str) -> str:
    """`text` (a name typed or read from a file) without anything that could act on a
    terminal: control characters and bidi controls are dropped, spaces kept."""
    return text.translate(_UNPRINTABLE)


def listing(words: Iterable[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


_new_object = object.__new__


class Lazy:
    """An argument of an event's template that is worded only when the event is read:
    `Lazy(listing, names)` formats as `listing(names)` (see `contract.Event.of`)."""

    __slots__ = ("function", "args")

    def __init__(self, function: Callable[..., str], *args: Any) -> None:
        self.function = function
        self.args = args

    @classmethod
    def of(cls, function: Callable[..., str], args: tuple[Any, ...]) -> Lazy:
        """`Lazy(function, *args)` without the call of `__init__` (the rules' hot path)."""
        lazy = _new_object(cls)
        lazy.function = function
        lazy.args = args
        return lazy

    def __str__(self) -> str:
        return self.function(*self.args)

    def __format__(self, spec: str) -> str:
        return format(self.function(*self.args), spec)


lazy = Lazy.of  # bound once, for the rules' hot path (see `contract.event`)
