"""A game played on a player's own data file (`--assets`) says so: on the picker, in
player setup, on the curtain and in the title of every game screen, at 80x24."""

from __future__ import annotations

import json

import pytest

from sherwood_tui import catalog
from sherwood_tui.core.assets import builtin_text, use_asset_file
from sherwood_tui.core.contract import Player
from sherwood_tui.ui.app import SherwoodApp
from sherwood_tui.ui.game_screen import GameScreen
from sherwood_tui.ui.screens import CurtainScreen, SetupScreen
from tests.ui.helpers import screen_text

BLEEDING = catalog.get("bleeding-sherwood")
NOTE = "own data: my-deck.json"


@pytest.fixture
def own_deck(tmp_path):
    """Bleeding Sherwood on a copy of its data (the rules play it as the built-in)."""
    data = json.loads(builtin_text(BLEEDING.asset))
    data["notes"] = "my deck"
    path = tmp_path / "my-deck.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    use_asset_file(BLEEDING.asset, path)
    yield path
    use_asset_file(BLEEDING.asset, None)


async def test_own_data_is_named_on_every_screen_of_the_game(own_deck, isolated_saves):
    app = SherwoodApp(saves_dir=isolated_saves, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        picker = screen_text(app)
        assert f"Bleeding Sherwood · {NOTE}" in picker
        assert picker.count("own data") == 1  # the other games play on the built-in data
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert f"Bleeding Sherwood · player setup · {NOTE}" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        app.start_game(BLEEDING, [Player(name="Robin"), Player(name="Marian")], {}, seed=3)
        await pilot.pause()
        seen = set()
        for _ in range(4):  # curtains and decisions alike
            seen.add(CurtainScreen if isinstance(app.screen, CurtainScreen) else GameScreen)
            if isinstance(app.screen, CurtainScreen):
                assert NOTE in screen_text(app)
                await pilot.press("enter")
            else:
                assert isinstance(app.screen, GameScreen)
                assert NOTE in screen_text(app).splitlines()[0]
                app.screen.submit(app.screen.legal[0])
            await pilot.pause()
        assert seen == {CurtainScreen, GameScreen}
        saved = json.loads(next(isolated_saves.glob("*.json")).read_text())
        assert saved["assets"]["file"] == "my-deck.json"


async def test_builtin_data_shows_no_note(isolated_saves):
    app = SherwoodApp(saves_dir=isolated_saves, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.start_game(BLEEDING, [Player(name="Robin"), Player(name="Marian", bot="sensible")], {}, seed=3)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and "own data" not in screen_text(app)
