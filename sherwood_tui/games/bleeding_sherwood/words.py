"""Lazy parts of the log's lines: the rules pass these as an event's arguments, and the
words are made only when someone reads the event (`Event.text`)."""

from __future__ import annotations

from sherwood_tui.core.wording import count
from sherwood_tui.games.bleeding_sherwood.model import GOODE_LABELS, PEASANT_LABELS


class Lazy:
    """An argument of an event's template whose words are made by `words()` when read."""

    __slots__ = ("parts",)

    def __init__(self, *parts) -> None:
        self.parts = parts

    def __format__(self, spec: str) -> str:
        return format(self.words(*self.parts), spec)

    def __str__(self) -> str:
        return self.words(*self.parts)

    def words(self, *parts) -> str:
        raise NotImplementedError


class Goodes(Lazy):
    """Goode cards by name and value: "Lute (2), Pigge (3)"."""

    __slots__ = ()

    def words(self, ids) -> str:
        return ", ".join([GOODE_LABELS[g] for g in ids])


class Targets(Lazy):
    """A round's targets as dealt: "the targets are Hodge (2) with Lute (2); ..."."""

    __slots__ = ()

    def words(self, targets) -> str:
        if not targets:
            return "no Peasant is left to deal"
        listed = "; ".join(
            [PEASANT_LABELS[t.peasant] + (f" with {Goodes(t.goodes)}" if t.goodes else "") for t in targets]
        )
        return f"the target is {listed}" if len(targets) == 1 else f"the targets are {listed}"


class NamesWith(Lazy):
    """Players' names each with a number: "Robin (4), Marian (0)" (`fmt` spaces them)."""

    __slots__ = ()

    def words(self, players, numbers, fmt, empty) -> str:
        return ", ".join([fmt.format(p.name, x) for p, x in zip(players, numbers)]) or empty


class Joined(Lazy):
    """Names joined by `sep`."""

    __slots__ = ()

    def words(self, names, sep) -> str:
        return sep.join(names)


class Counted(Lazy):
    """`n` and its noun: "3 leftover cards", "no leftover cards"."""

    __slots__ = ()

    def words(self, n, noun) -> str:
        return count(n, noun)
