"""Screens that use the room of a large terminal.

A game screen carries size classes, set by Textual on every resize (its breakpoints):
`-wide` from 120 columns, `-tall` from 40 rows. At both (`.-wide.-tall`, 120x40 and
larger) a game's screens show the whole table at once, in a `Room` column beside the
decision (each game's `compose_room`, its layout in the game's CSS); below that, the
Room is not built (a screen built small mounts it when its terminal turns large, and
keeps it, not displayed, if it turns small again) and the screen is exactly the 80x24
layout, stretched.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, cast

from textual import events
from textual._context import active_app
from textual.containers import Vertical

if TYPE_CHECKING:
    from textual.screen import Screen

ROOMY = (120, 40)  # the smallest terminal that shows the whole table at once

# Textual's breakpoints (App.HORIZONTAL_BREAKPOINTS): the class of the largest threshold
# reached is set on the screen, the others removed; below every threshold, none.
HORIZONTAL: list[tuple[int, str]] = [(ROOMY[0], "-wide")]
VERTICAL: list[tuple[int, str]] = [(ROOMY[1], "-tall")]


def is_roomy(width: int, height: int) -> bool:
    """Whether a terminal this size shows the whole table (for widths computed in code)."""
    return width >= ROOMY[0] and height >= ROOMY[1]


def size_classes(width: int, height: int) -> dict[str, bool]:
    """Which size classes a screen of this size has (the largest threshold reached)."""
    classes: dict[str, bool] = {}
    for size, breakpoints in ((width, HORIZONTAL), (height, VERTICAL)):
        reached = [name for threshold, name in breakpoints if size >= threshold]
        classes.update({name: name == (reached[-1] if reached else None) for _, name in breakpoints})
    return classes


class SizeClasses:
    """Mix into a Screen (before it): the size classes `-wide` and `-tall`, set as the
    screen is made (Textual sets them on its first resize, after a first frame drawn in
    the small layout: a flash of it on every new screen) and on every resize."""

    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]] | None] = HORIZONTAL
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]] | None] = VERTICAL

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        try:
            app = active_app.get()
        except LookupError:  # made outside an app (a test's screen): the first resize sets them
            return
        screen = cast("Screen[Any]", self)
        for name, on in size_classes(*app.size).items():  # set_class: Textual 8.0 has no update_classes
            screen.set_class(on, name, update=False)  # not mounted yet: styled as it mounts

    def on_resize(self, event: events.Resize) -> None:
        """A Resize to the size the screen is already laid out at (Textual sends one to
        every new screen after its first layout) sets the size classes and lays nothing
        out again (a second layout and render of the whole screen, for nothing)."""
        screen = cast("Screen[Any]", self)
        if event.size == screen.outer_size:
            for name, on in size_classes(*event.size).items():
                screen.set_class(on, name)
            event.prevent_default()  # (Textual's own resize handler, Screen's, is not called)


class Room(Vertical):
    """The column of the whole table, beside the decision: shown at 120x40 and larger
    only (a game's CSS sizes it and lays out what is in it). Never focused: the keys
    stay with the decision (a table too tall for it shows a scrollbar, for the mouse)."""

    DEFAULT_CSS = """
    Room { display: none; width: 36; height: 1fr; overflow-y: auto; }
    Screen.-wide.-tall Room { display: block; }
    """
    SCOPED_CSS = False
