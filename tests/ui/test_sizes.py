"""Terminal sizes for every game: below 80x24 the app says how large the terminal must
be and the game waits; back at a usable size the same decision is on screen. From 120x40
the whole table shows beside the decision, and goes away below it, keys and decision
unchanged."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from sherwood_tui import catalog
from sherwood_tui.core.contract import Player
from sherwood_tui.games.sheriff.ui.common import runs
from sherwood_tui.ui.app import SherwoodApp
from sherwood_tui.ui.room import Room
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


# ----- the whole table at 120x40 and larger (sherwood_tui/ui/room.py) ------------------------
async def first_decision(pilot, game_id: str, size: tuple[int, int]):
    """Start a three-player game of `game_id` and lift the first curtain."""
    app = pilot.app
    await pilot.pause()
    app.start_game(catalog.get(game_id), [Player(name=n) for n in ("Robin", "Marian", "Much")], {}, seed=5)
    await pilot.pause()
    if isinstance(app.screen, CurtainScreen):
        await pilot.press("enter")
        await pilot.pause()
    return app.screen


async def resize(pilot, width: int, height: int) -> None:
    """Resize the terminal and wait until the screen is laid out again at the new size."""
    await pilot.resize_terminal(width, height)
    for _ in range(100):
        await pilot.pause(0.01)
        text = screen_text(pilot.app).split("\n")
        if pilot.app.screen.size == (width, height) and len(text) == height and len(text[0]) == width:
            await pilot.pause()
            return
    raise AssertionError(f"the screen was not laid out again at {width}x{height}")


def room_shown(app) -> bool:
    rooms = list(app.screen.query(Room))
    return bool(rooms) and rooms[0].display and rooms[0].region.width > 0


def sheriff_table_is_whole(app) -> None:
    """Every merchant's stand and bag, and both discard piles card by card."""
    table = app.screen.table
    held = str(app.screen.query_one("#whole-table", Static).content)
    for seat in table.seats:
        assert f"{seat.name} · " in held
    assert held.count("  stand: ") == len(table.seats)
    for pile in (0, 1):
        assert runs(table.discards[pile]) in held, f"discard pile {pile + 1} is not whole"
    assert "The table" in screen_text(app)


def sherwood_map_and_prison_beside(app) -> None:
    drawn = screen_text(app)
    assert "Nottinghamshire" in drawn and "[NOT]" in drawn and "Cell 1" in drawn
    main, room = app.screen.query_one("#main"), app.screen.query_one(Room)
    assert room.region.x >= main.region.right, "the map is not beside the ambush"


def bleeding_bids_and_hands_beside(app) -> None:
    table = app.screen.table
    drawn = screen_text(app)
    for seat in table.seats:
        assert f"bid {seat.bid_total:>2} · hand {seat.hand_count}" in drawn
    hand, room = app.screen.query_one("#hand"), app.screen.query_one(Room)
    assert room.region.x >= hand.region.right, "the bids are not beside the hand"


WHOLE = {
    "sheriff": sheriff_table_is_whole,
    "sherwood": sherwood_map_and_prison_beside,
    "bleeding-sherwood": bleeding_bids_and_hands_beside,
}


@pytest.mark.parametrize("game_id", [info.id for info in catalog.GAMES])
async def test_from_120x40_the_whole_table_shows_beside_the_decision(game_id, isolated_saves):
    app = SherwoodApp(saves_dir=isolated_saves, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await first_decision(pilot, game_id, (120, 40))
        assert room_shown(app)
        WHOLE[game_id](app)
        room = screen.query_one(Room)
        assert not any(widget.focusable for widget in (room, *room.query("*"))), "keys stay with the decision"
        assert screen.focused is None or room not in screen.focused.ancestors
        focused, state = screen.focused, app.session.state
        for size, shown in (((119, 40), False), ((120, 39), False), ((160, 50), True), ((80, 24), False),
                            ((120, 40), True)):
            await resize(pilot, *size)
            assert app.screen is screen and screen.focused is focused and app.session.state == state
            assert room_shown(app) is shown, f"at {size[0]}x{size[1]}"
        WHOLE[game_id](app)


@pytest.mark.parametrize("game_id", [info.id for info in catalog.GAMES])
async def test_below_120x40_the_table_is_not_drawn_twice(game_id, isolated_saves):
    """At 80x24 the Room is not drawn at all: the screen is today's."""
    app = SherwoodApp(saves_dir=isolated_saves, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await first_decision(pilot, game_id, (80, 24))
        assert not room_shown(app)
        drawn = screen_text(app)
        assert "The table" not in drawn and "Nottinghamshire" not in drawn


# ----- a bot's turn at 120x40 and larger: the game's whole table (its plug-in's `room`) -----
BOT_TURN_TABLE = {
    "sheriff": lambda drawn: "The table" in drawn and "Discard pile 2" in drawn,
    "sherwood": lambda drawn: "Nottinghamshire" in drawn and "Cell 1" in drawn and "Missions" in drawn,
    "bleeding-sherwood": lambda drawn: "The table" in drawn and "bid  0 · hand" in drawn,
}


@pytest.mark.parametrize("game_id", [info.id for info in catalog.GAMES])
async def test_a_bots_turn_shows_the_whole_table_beside_it_from_120x40(game_id, isolated_saves):
    """The shared bot's-turn screen has the game's whole-table column at 120x40 and
    larger, in place of its narrow table; below that it is the 80x24 screen."""
    from sherwood_tui.ui.game_screen import BotTurnScreen

    app = SherwoodApp(saves_dir=isolated_saves, bot_delay=10)  # the bot's turn stays on screen
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        bots = [Player(name=name, bot="sensible") for name in ("Robin", "Marian", "Much")]
        app.start_game(catalog.get(game_id), bots, {}, seed=5)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BotTurnScreen)
        await resize(pilot, 120, 40)
        assert room_shown(app)
        main, room = screen.query_one("#main"), screen.query_one(Room)
        assert room.region.x >= main.region.right, "the table is not beside the bot's turn"
        assert BOT_TURN_TABLE[game_id](screen_text(app))
        assert not screen.query_one("#bot-table").display, "the narrow table is drawn twice"
        assert not any(widget.focusable for widget in (room, *room.query("*")))
        for size, shown in (((80, 24), False), ((160, 50), True), ((119, 40), False)):
            await resize(pilot, *size)
            assert app.screen is screen and room_shown(app) is shown, f"at {size[0]}x{size[1]}"
            assert screen.query_one("#bot-table").display is not shown


async def test_a_new_screen_has_its_size_classes_before_its_first_frame(isolated_saves):
    """A screen made on a large terminal is laid out large from its first frame (Textual
    would set the classes on its first resize, after a frame in the small layout: a
    flash of the narrow bot's turn was seen at 120x40)."""
    from textual.screen import Screen

    from sherwood_tui.ui.room import SizeClasses

    class Probe(SizeClasses, Screen[None]):
        pass

    for size, classes in (((120, 40), {"-wide", "-tall"}), ((130, 30), {"-wide"}), ((80, 45), {"-tall"}),
                          ((80, 24), set())):
        app = SherwoodApp(saves_dir=isolated_saves, bot_delay=0)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            probe = Probe()
            assert {name for name in ("-wide", "-tall") if probe.has_class(name)} == classes, size
