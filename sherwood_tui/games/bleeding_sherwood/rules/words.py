"""Lazy parts of the log's lines: the rules pass `Lazy(function, *parts)` as an event's
arguments (`core.wording.Lazy`), and these functions make the words only when someone
reads the event (`Event.text`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from sherwood_tui.games.bleeding_sherwood.rules.model import GOODE_LABELS, PEASANT_LABELS

if TYPE_CHECKING:
    from sherwood_tui.core.contract import Player
    from sherwood_tui.games.bleeding_sherwood.rules.model import Target


def goodes(ids: Iterable[int]) -> str:
    """Goode cards by name and value: "Lute (2), Pigge (3)"."""
    return ", ".join([GOODE_LABELS[g] for g in ids])


def targets(dealt: Sequence[Target]) -> str:
    """A round's targets as dealt: "the targets are Hodge (2) with Lute (2); ..."."""
    if not dealt:
        return "no Peasant is left to deal"
    listed = "; ".join(
        [PEASANT_LABELS[t.peasant] + (f" with {goodes(t.goodes)}" if t.goodes else "") for t in dealt]
    )
    return f"the target is {listed}" if len(dealt) == 1 else f"the targets are {listed}"


def names_with(players: Sequence[Player], numbers: Sequence[object], fmt: str, empty: str) -> str:
    """Players' names each with a number: "Robin (4), Marian (0)" (`fmt` spaces them)."""
    return ", ".join([fmt.format(p.name, x) for p, x in zip(players, numbers)]) or empty


def seats_with(players: Sequence[Player], numbers: Sequence[object], seats: Iterable[int], *, fmt: str = "{} ({})",
               empty: str = "nobody") -> str:
    """`names_with` over these seats, in their order: "Much (5), Robin (2)"."""
    return names_with([players[s] for s in seats], [numbers[s] for s in seats], fmt, empty)


def joined(names: Iterable[str], sep: str) -> str:
    """Names joined by `sep`."""
    return sep.join(names)

