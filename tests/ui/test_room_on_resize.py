"""The large terminal's room column is built only when the terminal is large (ui/room.py):
a decision screen made at 80x24 has none, and mounts it when its terminal turns large."""

import pytest

from sherwood_tui import catalog
from sherwood_tui.ui.app import SherwoodApp
from sherwood_tui.ui.room import Room
from tests.ui.test_sizes import WHOLE, first_decision, resize, room_shown


@pytest.mark.parametrize("game_id", [info.id for info in catalog.GAMES])
async def test_a_screen_made_small_builds_no_room_and_mounts_it_when_the_terminal_turns_large(
        game_id, isolated_saves):
    app = SherwoodApp(saves_dir=isolated_saves, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await first_decision(pilot, game_id, (80, 24))
        assert not screen.query(Room), "a room built at 80x24, never shown"
        focused, state = screen.focused, app.session.state
        for size, shown in (((120, 40), True), ((80, 24), False), ((160, 50), True)):
            await resize(pilot, *size)
            assert app.screen is screen and screen.focused is focused and app.session.state == state
            assert room_shown(app) is shown, f"at {size[0]}x{size[1]}"
            assert len(screen.query(Room)) == 1
        WHOLE[game_id](app)
