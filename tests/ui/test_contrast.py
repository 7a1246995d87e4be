"""Every text on every screen of every game is readable in true colour, 16 colours and
NO_COLOR: a contrast ratio of at least 4.5:1 (WCAG AA) between each cell's foreground
and background as the terminal draws them. The rules (palettes, dim, reverse, what is
skipped) are in `contrast.py`; the screens are the snapshot set (`shots.py`).

Each screen is drawn once, as the app runs normally, and checked in each mode: as drawn,
as a 16-colour terminal shows it, and through Textual's no-colour filter (what NO_COLOR=1
draws, which `test_no_color_draws_what_is_checked` confirms on a few screens). A failure
names the screen, the mode, the text, where it is and its two colours.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.color import ColorSystem
from rich.style import Style
from textual.widgets import OptionList

from sherwood_tui.ui.app import SherwoodApp
from tests.ui.contrast import MODES, Mode, Run, colours, problems, ratio, runs, without_colour
from tests.ui.shots import SHOTS, Shot, drive, open_app

SHOWN = 12  # problems listed per screen; the count says how many more


async def drawn(shot: Shot, folder: Path) -> list[Run]:
    """The shot's screen as the app draws it, piece by piece."""
    folder.mkdir()
    app, plan = open_app(shot, folder)
    seen: list[str] = []
    async with app.run_test(size=shot.size) as pilot:
        await drive(pilot, plan, shot.expect, seen)
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        found = runs(app)
    assert seen == [shot.expect], f"the screen shows {seen}, not {shot.expect}"
    return found


@pytest.mark.parametrize("shot", SHOTS, ids=[s.id for s in SHOTS])
async def test_every_text_is_readable(shot: Shot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    found = await drawn(shot, tmp_path / "saves")
    faint = [problem for mode in MODES for problem in problems(found, mode)]
    listed = "\n".join(f"  {problem}" for problem in faint[:SHOWN])
    more = f"\n  ... and {len(faint) - SHOWN} more" if len(faint) > SHOWN else ""
    assert not faint, f"{shot.id}: {len(faint)} pieces of text below 4.5:1\n{listed}{more}"


# A screen of each kind of widget: lists and their highlight, the setup form (inputs, a
# select, a button), a card list with every kind, the map and its legend.
SAMPLE = ["picker", "sheriff-setup", "sheriff-load", "sherwood-town"]


@pytest.mark.parametrize("shot", [s for s in SHOTS if s.id in SAMPLE], ids=SAMPLE)
async def test_no_color_draws_what_is_checked(shot: Shot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An app started with NO_COLOR=1 draws exactly the true-colour drawing through
    Textual's no-colour filter, which is what the checker reads for NO_COLOR (if a Textual
    upgrade makes them differ, the checker must draw each screen twice)."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    coloured = await drawn(shot, tmp_path / "colour")
    monkeypatch.setenv("NO_COLOR", "1")
    grey = await drawn(shot, tmp_path / "no-color")
    assert grey == without_colour(coloured)


async def test_notifications_are_readable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Toasts (no screen of the snapshot set shows one): each severity, with a title."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    app = SherwoodApp(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.notify("Saved in the folder.", title="Saved", markup=False)
        app.notify("A bag holds at most 5 cards.", severity="warning", markup=False)
        app.notify("Could not save the game.", title="Cannot continue", severity="error", markup=False)
        await pilot.pause()
        found = runs(app)
    assert "Cannot continue" in "".join(run.text for run in found)
    faint = [str(problem) for mode in MODES for problem in problems(found, mode)]
    assert not faint, "\n".join(faint)


async def test_a_warning_or_an_error_says_so_in_words(tmp_path: Path) -> None:
    """A toast's edge is its only colour: without colour a warning or an error without a
    title of its own is told by one, its severity in words (a screen's notify too); a
    title given stays, and a plain notice has none."""
    app = SherwoodApp(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.screen.notify("A bag holds at most 5 cards.", severity="warning", markup=False)
        app.notify("Could not save the game.", severity="error", markup=False)
        app.notify("Not a save.", title="Cannot continue", severity="error", markup=False)
        app.notify("Saved in the folder.", markup=False)
        await pilot.pause()
        titles = [(n.severity, n.title) for n in app._notifications]
        drawn = "\n".join("".join(run.text for run in runs(app) if run.y == y) for y in range(24))
    assert titles == [("warning", "Warning"), ("error", "Error"), ("error", "Cannot continue"), ("information", "")]
    assert "Warning" in drawn and "Error" in drawn


def underlined_rows(found: list[Run], top: int, bottom: int) -> set[int]:
    """The rows from `top` to `bottom` (inclusive) holding text drawn underlined."""
    return {run.y for run in found if top <= run.y <= bottom and run.style is not None
            and run.style.underline and any(not c.isspace() for c in run.text)}


async def test_a_lists_highlighted_row_is_marked_without_colour_with_or_without_focus(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The highlighted row is underlined, and no other row of its list, whether the list
    has focus (its border is heavy) or not (its navy is lost with NO_COLOR and in 16
    colours, where both backgrounds are black): the mark is not a colour."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    app = SherwoodApp(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        games = app.screen.query_one("#games", OptionList)
        games.highlighted = 2  # the third game: a title and its words
        await pilot.pause()
        top, bottom = games.region.y + 1, games.region.bottom - 2  # inside the border
        found = runs(app)
        assert games.has_focus
        with_focus = underlined_rows(without_colour(found), top, bottom)
        app.screen.set_focus(None)
        await pilot.pause()
        assert not games.has_focus and games.highlighted == 2
        blurred = runs(app)
        without_focus = underlined_rows(without_colour(blurred), top, bottom)
    first = next(run.y for run in blurred if "Sherwood (2005)" in run.text)
    after = next(run.y for run in blurred if "Continue a saved game" in run.text)
    highlighted = set(range(first, after))  # the option's lines (its words wrap)
    assert len(highlighted) >= 2
    assert with_focus == highlighted
    assert without_focus == highlighted


# The checker itself: it fails what the issue saw, and passes what reads.
TRUE, SIXTEEN, NO_COLOR, NO_COLOR_256, NO_COLOR_16 = MODES


def faint(style: str, mode: Mode, text: str = "Pepper") -> list[str]:
    return [str(problem) for problem in problems([Run(3, 4, text, Style.parse(style))], mode)]


def test_the_checker_fails_what_the_issue_saw() -> None:
    # A contraband card's name with NO_COLOR: #f4005f on a list's #272727 becomes 237 on 235.
    assert faint("#f4005f on #272727", NO_COLOR_256) == [
        "NO_COLOR, 256 colours: 'Pepper' at column 3, row 4: #3a3a3a on #262626 (1.33:1)"]
    assert faint("#f4005f on #272727", NO_COLOR)
    # The highlighted line in 16 colours: Textual's blue becomes cyan, under white.
    assert faint("#ddedf9 on #0178d4", SIXTEEN) == [
        "16 colours (TERM=xterm): 'Pepper' at column 3, row 4: #ffffff on #00cdcd (1.98:1)"]
    # A panel's title in 16 colours: dark blue on black.
    assert faint("#0053aa on #121212", SIXTEEN)
    # The title bar with NO_COLOR on a 16-colour terminal: its grey became xterm's grey 127.
    assert faint("#e0e0e0 on #0053aa", NO_COLOR_16) and not faint("#e0e0e0 on #0053aa", NO_COLOR)
    # Dim text left in the terminal's colour fades toward its background.
    assert faint("dim", TRUE) == [] and faint("dim on #e0e0e0", TRUE)


def test_the_checker_passes_what_reads_and_skips_what_is_not_text() -> None:
    for mode in MODES:
        assert faint("#e0e0e0 on #121212", mode) == []
        assert faint("bold reverse #e0e0e0 on #1f2a33", mode) == []
        assert faint("#121212 on #131313", mode, text=" ─│╭╮ ▁▔▅ ") == []  # spaces, box lines, blocks
    assert faint("#121212 on #131313", TRUE, text=" ▸ ") != []  # a mark is read like a letter


def test_contrast_follows_wcag() -> None:
    assert ratio((255, 255, 255), (0, 0, 0)) == pytest.approx(21)
    assert ratio((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)
    assert colours(Style.parse("reverse #ffffff on #000000"), ColorSystem.TRUECOLOR) == ((0, 0, 0), (255, 255, 255))
    # 16 colours are drawn in xterm's palette: rich's nearest "bright black" is xterm's grey 127.
    assert colours(Style.parse("#242f38 on #000000"), ColorSystem.STANDARD)[0] == (127, 127, 127)
