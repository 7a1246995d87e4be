"""Terminal sizes for every game: below 80x24 the app says how large the terminal must
be and the game waits; back at a usable size the same decision is on screen."""

from __future__ import annotations

import pytest

from sherwood_tui import catalog
from sherwood_tui.core.contract import Player
from sherwood_tui.ui.app import SherwoodApp
from sherwood_tui.ui.screens import CurtainScreen
from tests.ui.helpers import screen_text


@pytest.mark.parametrize("game_id", [info.id for info in catalog.GAMES])
async def test_resizing_mid_game_keeps_the_game(game_id, isolated_saves):
    info = catalog.get(game_id)
    players = [Player(name=name) for name in ("Robin", "Marian", "Much")]
    app = SherwoodApp(saves_dir=isolated_saves, bot_delay=0)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        app.start_game(info, players, {}, seed=3)
        await pilot.pause()
        if isinstance(app.screen, CurtainScreen):
            await pilot.press("enter")
            await pilot.pause()
        decision, state = type(app.screen), app.session.state
        await pilot.resize_terminal(79, 24)
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "needs at least 80x24" in text and "79x24" in text
        await pilot.press("enter", "space", "down", "enter")  # keys do not reach the game
        await pilot.pause()
        assert app.session.state == state
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert type(app.screen) is decision and app.session.state == state
