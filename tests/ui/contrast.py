"""What a screen looks like cell by cell, as a terminal draws it, and which of its text is
too faint to read (WCAG's contrast ratio between a cell's foreground and background).

The rules, for every cell of the screen as Textual composes it (its lines after Textual's
own filters, exactly what it sends to the terminal; the same lines as its SVG screenshot):

- **Colours as the terminal shows them.**
  - *true colour*: the app as it runs normally; each colour is its 24-bit value.
  - *16 colours* (`TERM=xterm`): the same lines, each colour downgraded as rich does for
    a 16-colour console (the nearest of rich's standard palette), then drawn with the
    terminal's own palette: xterm's default 16 colours (`XTERM_16` below).
  - *NO_COLOR*: with `NO_COLOR=1` Textual adds its no-colour filter, `Monochrome` (every
    colour becomes the grey of its weighted lightness), after the others. The checker
    applies that same filter to the lines of the true-colour drawing (one run of the app
    serves every mode; `test_contrast.py` checks on a few screens that an app started
    with NO_COLOR=1 draws exactly that). Checked twice: in true colour, and as a
    256-colour terminal draws it (TERM=xterm-256color, as over ssh, which does not pass
    COLORTERM on): each grey downgraded by rich to the xterm-256 palette, whose greys
    come in steps of ten. And a third time as a 16-colour terminal draws it (both set).
  - A colour the app leaves to the terminal (none or "default") is the terminal's own:
    `DEFAULT_FG` on `DEFAULT_BG`, a dark terminal (xterm's white on black).
- **Dim.** Textual itself replaces dim text that has a colour by a blend of that colour
  toward the background (66%, `textual.constants.DIM_FACTOR`), so the lines already hold
  the colour drawn. Dim text left with the terminal's colour is blended the same way here.
- **Reverse.** Foreground and background are swapped (after dim), as a terminal does.
  Bold changes no colour here (some terminals brighten it; none must be relied on).
- **What must be readable:** every cell holding a visible character. Skipped: spaces (and
  other white space), the lines and corners of boxes (U+2500 to U+257F: borders and
  rules; a border's title is text and is checked), and block elements (U+2580 to U+259F:
  the ends of a scrollbar's thumb, the half-cell edges of a button), which carry no words.
  Marks such as ▸ ◆ ← ↑ are checked like letters.
- **The bar:** a contrast ratio of at least 4.5:1 (WCAG 2 AA for text), computed from
  the two colours' relative luminance (sRGB).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from rich.color import Color, ColorSystem, ColorType
from rich.segment import Segment
from rich.style import Style
from textual.color import Color as TextualColor
from textual.constants import DIM_FACTOR
from textual.filter import Monochrome

MINIMUM = 4.5

RGB = tuple[int, int, int]

# xterm's default 16 colours (its XTerm resource defaults), which a 16-colour terminal
# uses to draw the colour numbers 0 to 15.
XTERM_16: list[RGB] = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
    (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
    (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
    (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
]
DEFAULT_FG: RGB = XTERM_16[7]
DEFAULT_BG: RGB = XTERM_16[0]


def xterm_256(number: int) -> RGB:
    """The colour xterm draws for a 256-colour number: the 16 above, a 6x6x6 cube, 24 greys."""
    if number < 16:
        return XTERM_16[number]
    if number >= 232:
        grey = 8 + 10 * (number - 232)
        return (grey, grey, grey)
    levels = (0, 95, 135, 175, 215, 255)
    n = number - 16
    return (levels[n // 36], levels[n // 6 % 6], levels[n % 6])


@dataclass(frozen=True)
class Mode:
    """One way a terminal shows the app: the lines as drawn or through Textual's
    no-colour filter (`no_color`), in which colour system."""

    name: str
    no_color: bool
    system: ColorSystem


MODES = [
    Mode("true colour", False, ColorSystem.TRUECOLOR),
    Mode("16 colours (TERM=xterm)", False, ColorSystem.STANDARD),
    Mode("NO_COLOR", True, ColorSystem.TRUECOLOR),
    Mode("NO_COLOR, 256 colours", True, ColorSystem.EIGHT_BIT),
    Mode("NO_COLOR, 16 colours", True, ColorSystem.STANDARD),
]


def drawn(color: Color | None, system: ColorSystem, default: RGB) -> RGB:
    """The colour a terminal of `system` draws for `color`."""
    if color is None or color.type == ColorType.DEFAULT:
        return default
    color = color.downgrade(system)
    if color.triplet is not None:
        return tuple(color.triplet)  # type: ignore[return-value]
    assert color.number is not None
    return xterm_256(color.number)


def blend(background: RGB, foreground: RGB, factor: float) -> RGB:
    """`foreground` faded toward `background` (1: unchanged), as Textual's dim_color."""
    return tuple(int(b + (f - b) * factor) for b, f in zip(background, foreground, strict=True))  # type: ignore[return-value]


def colours(style: Style | None, system: ColorSystem) -> tuple[RGB, RGB]:
    """A cell's foreground and background as the terminal draws them (dim, then reverse)."""
    if style is None:
        return DEFAULT_FG, DEFAULT_BG
    fg = drawn(style.color, system, DEFAULT_FG)
    bg = drawn(style.bgcolor, system, DEFAULT_BG)
    if style.dim:
        fg = blend(bg, fg, DIM_FACTOR)
    if style.reverse:
        fg, bg = bg, fg
    return fg, bg


def luminance(rgb: RGB) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(one: RGB, other: RGB) -> float:
    """WCAG 2's contrast ratio of two colours, 1 to 21."""
    a, b = sorted((luminance(one), luminance(other)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def hex_of(rgb: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def is_text(character: str) -> bool:
    """Whether a cell's character must be readable: not white space, not a box line."""
    if not character or character.isspace() or unicodedata.category(character) in ("Zs", "Cc", "Cf"):
        return False
    return not 0x2500 <= ord(character[0]) <= 0x259F  # box drawing, block elements


@dataclass(frozen=True)
class Run:
    """A piece of text drawn in one style, where it starts on the screen."""

    x: int
    y: int
    text: str
    style: Style | None


def runs(app: Any) -> list[Run]:
    """Every piece of text of the app's screen (the screens below a modal too), as
    Textual composes it for the terminal: the same call as `App.export_screenshot`
    (Textual's compositor is private; this is what its own screenshots use)."""
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    found: list[Run] = []
    for y, line in enumerate(update.strips):
        x = 0
        for strip in line:
            for segment in strip:
                if segment.control:
                    continue
                found.append(Run(x, y, segment.text, segment.style))
                x += cell_len(segment.text)
    return found


@dataclass(frozen=True)
class Problem:
    """Text too faint to read: where, what, its colours as drawn and their ratio."""

    mode: str
    x: int
    y: int
    text: str
    fg: RGB
    bg: RGB
    ratio: float

    def __str__(self) -> str:
        return (f"{self.mode}: {self.text.strip()!r} at column {self.x}, row {self.y}: "
                f"{hex_of(self.fg)} on {hex_of(self.bg)} ({self.ratio:.2f}:1)")


def without_colour(found: list[Run]) -> list[Run]:
    """The runs as Textual draws them with NO_COLOR=1: through its Monochrome filter."""
    segments = Monochrome().apply([Segment(run.text, run.style) for run in found], TextualColor(0, 0, 0))
    return [Run(run.x, run.y, segment.text, segment.style) for run, segment in zip(found, segments, strict=True)]


def problems(found: list[Run], mode: Mode) -> Iterator[Problem]:
    """The pieces of text that hold a visible character drawn below the bar in `mode`."""
    for run in without_colour(found) if mode.no_color else found:
        if not any(is_text(character) for character in run.text):
            continue
        fg, bg = colours(run.style, mode.system)
        contrast = ratio(fg, bg)
        if contrast < MINIMUM:
            yield Problem(mode.name, run.x, run.y, run.text, fg, bg, contrast)
