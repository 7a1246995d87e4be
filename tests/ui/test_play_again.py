"""At one screen: a finished game is recorded for its named players (once), "play again"
starts the same game with the same players and options, and each game's set-up screen
opens with the line-up it last started with."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from textual.widgets import Input, Select

from sherwood_tui import catalog
from sherwood_tui.core.contract import Player
from sherwood_tui.core.saves import new_save_path, write_save
from sherwood_tui.ui.app import PEOPLE_FILE, SherwoodApp
from sherwood_tui.ui.screens import FinalScreen, SetupScreen
from sherwood_tui.workbench.people import PeopleBook
from tests.table.test_people import finished_session
from tests.ui.helpers import open_setup, screen_text

SIZE = (80, 24)


async def until(pilot, check, tries: int = 400) -> None:
    for _ in range(tries):
        if check():
            return
        await pilot.pause(0.05)
    raise AssertionError("never came:\n" + screen_text(pilot.app))


async def test_a_finished_game_is_recorded_once_for_its_named_players(isolated_saves: Path) -> None:
    session = finished_session(["Robin", "Marian"], bots={1: "sensible"})
    save = new_save_path("bleeding-sherwood", isolated_saves)
    write_save(session, save)
    for _ in range(2):  # the finished save opened twice: one game in the record
        app = SherwoodApp(resume_path=save)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(pilot.app.screen, FinalScreen))
    book = PeopleBook(isolated_saves / PEOPLE_FILE)
    [robin] = book.summary(book.local("Robin"))
    assert (robin.game, robin.games) == ("bleeding-sherwood", 1)
    with sqlite3.connect(book.path) as connection:  # the bot's seat is its level's
        keys = [key for (key,) in connection.execute(
            "SELECT people.key FROM played JOIN people ON people.id = played.person ORDER BY played.seat")]
    assert keys == ["local:robin", "bot:sensible"]


async def test_play_again_starts_the_same_game_with_the_same_players_and_options(isolated_saves: Path) -> None:
    app = SherwoodApp(saves_dir=isolated_saves, bot_delay=0)
    players = [Player(name="Guy", bot="random"), Player(name="Isabella", bot="random")]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.start_game(catalog.get("bleeding-sherwood"), players, {}, seed=5)
        await until(pilot, lambda: isinstance(app.screen, FinalScreen))
        first = app.session
        await until(pilot, lambda: "p  Play again" in screen_text(app))  # (once it is drawn)
        await pilot.press("p")
        await until(pilot, lambda: app.session is not first and app.session is not None)
        assert app.session.players == players
        assert app.session.options == first.options
        assert app.session.game.id == "bleeding-sherwood"


async def test_the_set_up_screen_opens_with_the_games_last_line_up(isolated_saves: Path) -> None:
    lineup = [Player(name="Tuck"), Player(name="Alan", bot="sensible"), Player(name="Much")]
    PeopleBook(isolated_saves / PEOPLE_FILE).remember_lineup("bleeding-sherwood", lineup, {})
    app = SherwoodApp(saves_dir=isolated_saves)
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot, [g.id for g in catalog.GAMES].index("bleeding-sherwood"))
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert screen.count == 3
        assert [screen.query_one(f"#name-{i}", Input).value for i in range(3)] == ["Tuck", "Alan", "Much"]
        assert [screen.query_one(f"#kind-{i}", Select).value for i in range(3)] == ["human", "sensible", "human"]
        assert screen.players() == lineup
