"""What a player reads at 80x24 on every decision screen, with long names and names that
look like markup: a box's title that names a player shows the name as typed (never read
as markup) and fits its box (the name cut with "…" where it must be, so the rest of the
title is still read); the key bar's keys are never cut."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from sherwood_tui import catalog
from sherwood_tui.core.contract import NAME_LIMIT, Player
from sherwood_tui.ui.app import SherwoodApp
from tests.ui.helpers import screen_text
from tests.ui.test_privacy_random import Privacy

# as long as a name may be, each with markup in it
NAMES = ("[b]Bartholomew Greenleaf", "[i]Marian of Leaford Gra", "[u]Much the Miller's Son")
assert all(len(name) == NAME_LIMIT for name in NAMES)


def title_problems(screen) -> list[str]:
    """Each box title of `screen` that shows a name otherwise than typed, or is cut."""
    problems = []
    for widget in screen.query("*"):
        if not widget.display or widget.outer_size.width == 0:
            continue
        for title in (widget._border_title, widget._border_subtitle):
            if title is None:
                continue
            plain = title.plain
            for name in NAMES:
                if name[3:10] in plain and name[:10] not in plain:
                    problems.append(f"{type(screen).__name__}: {plain!r} does not show {name!r} as typed")
            if cell_len(plain) > widget.outer_size.width - 6:  # less "┏━ " and " ━┓"
                problems.append(f"{type(screen).__name__}: {plain!r} is cut at {widget.outer_size.width} cells")
    return problems


def key_bar_problems(app) -> list[str]:
    """The key bar, if it is cut (Help lists every key, but those shown are read whole)."""
    bar = screen_text(app).rstrip("\n").split("\n")[-1]
    return [f"{type(app.screen).__name__}: the key bar is cut: {bar.strip()!r}"] if "…" in bar else []


class Titles(Privacy):
    """Plays a game through the app (as the privacy test does), checking what is read."""

    def check(self) -> None:
        super().check()
        problems = title_problems(self.app.screen) + key_bar_problems(self.app)
        assert not problems, f"{self.game_id} seed {self.seed}, step {self.step}:\n  " + "\n  ".join(problems)


@pytest.mark.slow  # a whole game of each with long names (`make slow`, in CI)
@pytest.mark.parametrize("game_id", [info.id for info in catalog.GAMES])
async def test_names_in_box_titles_show_as_typed_and_fit(game_id, isolated_saves):
    app = SherwoodApp(saves_dir=isolated_saves, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.start_game(catalog.get(game_id), [Player(name=name) for name in NAMES], {}, seed=7)
        await Titles(pilot, game_id, 7).play(150)
