"""The replay viewer by keys at 80x24: steps both ways, to either end, and every seat's
hidden information only after `s`."""

from __future__ import annotations

import re

from sherwood_tui import catalog
from sherwood_tui.core.saves import write_save
from sherwood_tui.core.session import Session
from sherwood_tui.ui.replay import DESIGNER_NOTE, ReplayApp, ReplayScreen
from sherwood_tui.ui.screens import HelpScreen
from sherwood_tui.ui.widgets import Panel
from sherwood_tui.workbench.replay import Replay
from tests.contract_checks import players, random_game
from tests.ui.helpers import screen_text


def step_shown(app) -> tuple[int, int]:
    """The step counter of the title: (step, steps)."""
    found = re.search(r"step (\d+) / (\d+)", screen_text(app).splitlines()[0])
    assert found, screen_text(app)
    return int(found[1]), int(found[2])


async def test_replay_steps_by_keys_and_shows_secrets_only_after_s(tmp_path):
    game = catalog.get("sheriff").load()
    _, actions = random_game(game, 3, 2)
    path = tmp_path / "kept.json"
    write_save(Session.replay(game, players(3), {}, 2, actions), path)
    replay = Replay.open(path)
    steps = replay.steps
    app = ReplayApp(replay)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert step_shown(app) == (0, steps)
        text = screen_text(app)
        assert "A game of Sheriff of Nottingham begins." in text and "Table" in text and "Scores" in text
        for key in ("right", "l", "n"):
            await pilot.press(key)
        await pilot.pause()
        assert step_shown(app) == (3, steps)
        first = replay.at(3).events[0].text
        assert first[:30] in screen_text(app)  # the step's log line (its start: it may wrap)
        for key, step in (("left", 2), ("h", 1), ("p", 0), ("p", 0), ("pagedown", 10), ("pageup", 0),
                          ("end", steps), ("right", steps), ("home", 0), ("end", steps), ("pageup", steps - 10)):
            await pilot.press(key)
            await pilot.pause()
            assert step_shown(app) == (step, steps), key
        await pilot.press("end")
        await pilot.pause()
        assert "Game over" in screen_text(app)

        # Secrets: none on screen until `s`, then every seat's by name, and gone again.
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("home", "right", "right")
        await pilot.pause()
        assert DESIGNER_NOTE[:20] not in screen_text(app) and "'s secrets" not in screen_text(app)
        assert not screen.query_one("#hidden").display and "designer's view" not in screen_text(app).splitlines()[0]
        assert str(screen.query_one("#hidden", Panel).content) == ""  # not even held by a widget
        await pilot.press("s")
        await pilot.pause()
        assert screen.query_one("#hidden").display
        assert "designer's view" in screen_text(app).splitlines()[0]
        seen = screen_text(app)
        for _ in range(15):  # scroll down by keys through every seat's secrets
            await pilot.press("down")
            await pilot.pause()
            seen += screen_text(app)
        assert DESIGNER_NOTE[:20] in seen
        for seat, view in enumerate(replay.position.seat_views()):
            name = replay.players[seat].name
            assert f"{name}'s secrets" in seen
            assert f"hand: {view.hand[0].name} ({view.hand[0].value})" in " ".join(seen.split())
        await pilot.press("s")
        await pilot.pause()
        assert "'s secrets" not in screen_text(app) and not screen.query_one("#hidden").display
        assert str(screen.query_one("#hidden", Panel).content) == ""

        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and "previous step" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


def test_the_game_app_never_offers_the_replay():
    """The designer's view is a command of its own: nothing the game app loads (the app,
    its screens, the games' screens) imports the viewer or its model."""
    from tests.core.test_layers import ROOT, imports

    drawing = [ROOT / "ui" / name for name in ("app.py", "screens.py", "game_screen.py", "widgets.py")]
    drawing += sorted((ROOT / "games").rglob("screens*.py"))
    for path in drawing:
        assert not {m for m in imports(path) if m.endswith(".replay")}, path.name
