"""A burst of keys (typed fast, pasted, auto-repeat) acts exactly as the same keys
pressed one by one: in the order typed, on the screen they were typed on, on the
decision screens of every game (see `KeysInOrder` in ui/compat.py)."""

from __future__ import annotations

import pytest
from textual import events

from sherwood_tui import catalog
from sherwood_tui.core.contract import Player
from sherwood_tui.ui.app import SherwoodApp
from sherwood_tui.ui.game_screen import GameScreen
from sherwood_tui.ui.screens import CurtainScreen

NAMES = ("Robin", "Marian", "Much")
CHARS = {"enter": "\r", "space": " "}
# Keys of each game's first decision (Bleeding Sherwood: bid; Sheriff: set cards aside;
# Sherwood: the ambush party), each ending with the key that decides.
CASES = [
    ("bleeding-sherwood", ("down", "down", "enter")),
    ("bleeding-sherwood", ("end", "up", "enter")),
    ("sheriff", ("space", "down", "space", "down", "enter")),
    ("sheriff", ("down", "down", "space", "enter")),
    ("sherwood", ("down", "space", "down", "space", "enter")),
    ("sherwood", ("space", "space", "down", "enter")),
]


def burst(app, keys: tuple[str, ...]) -> None:
    """Keys as a terminal sends a burst: all posted before the app handles the first."""
    for key in keys:
        event = events.Key(key, CHARS.get(key, key if len(key) == 1 else None))
        event.set_sender(app)
        app.post_message(event)


async def decide(game_id: str, keys: tuple[str, ...], at_once: bool) -> tuple[list[str], str]:
    """The moves the first private decision screen of `game_id` makes with `keys`, and
    the screen that follows."""
    info = catalog.get(game_id)
    players = [Player(name=name) for name in NAMES[: max(2, info.min_players)]]
    app = SherwoodApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.start_game(info, players, {}, 7)
        await pilot.pause()
        while isinstance(app.screen, CurtainScreen):
            await pilot.press("enter")
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.private
        if at_once:
            burst(app, keys)
        else:
            for key in keys:
                await pilot.press(key)
        await pilot.pause()
        dump = app.session.game.dump_action
        return [str(dump(action)) for action in app.session.actions], type(app.screen).__name__


@pytest.mark.parametrize(("game_id", "keys"), CASES)
async def test_a_burst_decides_what_the_same_keys_one_by_one_decide(game_id, keys):
    one_by_one = await decide(game_id, keys, at_once=False)
    assert one_by_one[0], "the keys decided nothing: the case tests nothing"
    assert await decide(game_id, keys, at_once=True) == one_by_one
