"""The lobby's screens on their own (table/lobby.py): the new-table form's rows and what
it asks the server for, and a table's row in the listing."""

from __future__ import annotations

from typing import Any

from textual.app import App

from sherwood_tui.table.lobby import NewTableScreen, row_text


class FormApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.asked: list[dict[str, Any] | None] = []

    def on_mount(self) -> None:
        self.push_screen(NewTableScreen(), self.asked.append)


def form(app: FormApp) -> NewTableScreen:
    screen = app.screen
    assert isinstance(screen, NewTableScreen)
    return screen


async def test_the_new_table_form_sets_the_game_seats_bots_options_and_privacy():
    app = FormApp()
    async with app.run_test(size=(80, 24)) as pilot:
        assert [label for label, _ in form(app).rows()][:2] == ["Game", "Seats"]
        await pilot.press("right")  # Bleeding Sherwood -> Sheriff of Nottingham: its 3 seats, its options
        assert form(app).rows()[0] == ("Game", "Sheriff of Nottingham")
        assert form(app).seats == ["you", "player", "player"]
        await pilot.press("down", "right", "right")  # 5 seats (the most: no further)
        await pilot.press("right")
        assert len(form(app).seats) == 5
        await pilot.press("down", "right")  # Seat 1 is yours: it does not change
        assert form(app).seats[0] == "you"
        await pilot.press("down", "down", "right", "down", "right", "right")  # seat 3 sensible, seat 4 random
        await pilot.press("up", "up", "up", "up", "left")  # 4 seats: the last goes
        assert form(app).row == 1
        rows = dict(form(app).rows())
        assert rows["Seats"] == "4" and rows["Seat 3"] == "sensible bot" and rows["Seat 4"] == "random bot"
        await pilot.press("up", "up")  # up past the first row: the last, private (the rows go round)
        assert form(app).row == len(form(app).rows()) - 1
        await pilot.press("right")
        await pilot.press("enter")
        await pilot.pause()
    request = app.asked[-1]
    assert request is not None
    assert request["type"] == "create" and request["game"] == "sheriff"
    assert request["seats"] == [None, None, "sensible", "random"]
    assert request["private"] is True and set(request["options"]) == {"royal_goods", "no_favours"}


async def test_escape_sets_up_no_table():
    app = FormApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("escape")
        await pilot.pause()
    assert app.asked == [None]


def test_a_row_of_the_listing_says_the_table_in_one_line_and_a_private_code_to_its_creator_only():
    row = {"table": "3", "game": "Sheriff of Nottingham", "players": "Robin and sensible bot",
           "state": "waits for 1 player", "private": True, "code": "4821-0937", "options": ["royal_goods"]}
    assert row_text(row).plain == ("#3 · Sheriff of Nottingham · Robin and sensible bot · waits for 1 player · "
                                   "options: royal_goods · private (code 4821-0937)")
    assert row_text(row | {"code": None}).plain.endswith("· private")
    assert "[bold]" in row_text(row | {"players": "[bold]Robin"}).plain  # a name shows as typed


def test_a_process_goes_on_in_place_so_many_times_then_afresh(monkeypatch):
    """A lobby becoming a seat and back runs the next command inside the last one (the
    warm template's memory stays shared); the stack grows each time, so after
    IN_PLACE_MOST times the process starts afresh (`exec`)."""
    import os

    from sherwood_tui.table import seat_app, seat_template

    ways: list[str] = []
    monkeypatch.setattr(seat_app, "_became", 0)
    monkeypatch.setattr(seat_template, "run_in_place", lambda command: ways.append("in place"))
    monkeypatch.setattr(os, "execv", lambda path, command: ways.append("exec"))
    for _ in range(seat_app.IN_PLACE_MOST + 1):
        ways.clear()
        seat_app.become(["python", "-m", "sherwood_tui", "lobby"])
    assert ways == ["exec"]
    monkeypatch.setattr(seat_app, "_became", 0)
    ways.clear()
    seat_app.become(["python", "-m", "sherwood_tui", "lobby"])
    assert ways == ["in place", "exec"]  # (the stand-in returns: a real one never does)


class ListingApp(App[None]):
    """The lobby's listing alone (no server): the keys a player is shown."""

    BINDINGS = [("ctrl+q", "quit", "Quit")]

    def __init__(self, own_link: str = "") -> None:
        super().__init__()
        self.own_link = own_link

    def on_mount(self) -> None:
        from sherwood_tui.table.lobby import LobbyScreen

        self.push_screen(LobbyScreen())


async def test_the_lobby_s_keys_fit_80_columns_with_quit_and_the_link_only_with_a_browser_door():
    from sherwood_tui.ui.widgets import KeyBar

    for link, shown in (("", False), ("http://127.0.0.1:8099/lobby/x", True)):
        app = ListingApp(link)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            keys = str(app.screen.query_one(KeyBar).render())
            for words in ("New table", "Watch", "Replay", "Leave", "My name", "Bell", "Quit"):
                assert words in keys, (words, keys)
            assert "…" not in keys
            app.screen.show_who("Alan", True, [], link=bool(link))
            await pilot.pause()
            who = str(app.screen.query_one("#who").render())
            assert ("u: browser link" in who) is shown
            assert (app.screen.check_action("link", ()) is not False) is shown
