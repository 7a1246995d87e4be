"""Screens that use the room of a large terminal.

A game screen carries size classes, set by Textual on every resize (its breakpoints):
`-wide` from 120 columns, `-tall` from 40 rows. At both (`.-wide.-tall`, 120x40 and
larger) a game's screens show the whole table at once, in a `Room` column beside the
decision (each game's `compose_room`, its layout in the game's CSS); below that, the
Room is not displayed and the screen is exactly the 80x24 layout, stretched.
"""

from __future__ import annotations

from typing import ClassVar

from textual.containers import Vertical

ROOMY = (120, 40)  # the smallest terminal that shows the whole table at once

# Textual's breakpoints (App.HORIZONTAL_BREAKPOINTS): the class of the largest threshold
# reached is set on the screen, the others removed; below every threshold, none.
HORIZONTAL: list[tuple[int, str]] = [(ROOMY[0], "-wide")]
VERTICAL: list[tuple[int, str]] = [(ROOMY[1], "-tall")]


def is_roomy(width: int, height: int) -> bool:
    """Whether a terminal this size shows the whole table (for widths computed in code)."""
    return width >= ROOMY[0] and height >= ROOMY[1]


class SizeClasses:
    """Mix into a Screen (before it): the size classes `-wide` and `-tall`."""

    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]] | None] = HORIZONTAL
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]] | None] = VERTICAL


class Room(Vertical):
    """The column of the whole table, beside the decision: shown at 120x40 and larger
    only (a game's CSS sizes it and lays out what is in it). Never focused: the keys
    stay with the decision (a table too tall for it shows a scrollbar, for the mouse)."""

    DEFAULT_CSS = """
    Room { display: none; width: 36; height: 1fr; overflow-y: auto; }
    Screen.-wide.-tall Room { display: block; }
    """
    SCOPED_CSS = False
