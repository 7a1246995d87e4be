"""The lobby of a `sherwood-tui serve` server: the terminal a player gets as they connect.

Started by the server's SSH door for each connection (`sherwood-tui lobby --socket PATH
--ticket T`), it talks to the server over its socket (the messages are in
table/serve.py) and shows its tables: the player's own games (Enter: back to their
seat), tables waiting for players (Enter: join), games in progress (Enter: watch) and
their finished games (Enter: the final scores, the log, a rematch; `r`: a replay, step
by step, of only what their seat saw: table/seat_replay.py). `n` sets up a new table
(game, seats, bots and their levels, options, private or open); `m` gives the player's name; `b` turns the your-turn bell
on or off; `u` shows the player's own browser link (a server with a browser door). When
the player goes to a table, this process becomes its seat process (`exec`: the same
terminal), which comes back here when they leave the table. In a browser (`--browser`)
it stays the lobby and gives the table's own page, its link, instead: a textual-serve
page runs one app to its end.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from sherwood_tui.core.wording import printable
from sherwood_tui.table.protocol import Follower
from sherwood_tui.ui.compat import CrashHooks
from sherwood_tui.ui.widgets import PEEK, KeyBar

SERVER_GONE = "The server has gone. Your games wait: connect again when it is back."
PARTS = {"mine": "Your games", "waiting": "Tables waiting for players", "playing": "Games in progress",
         "finished": "Your finished games (played or watched)"}
SEAT_KINDS = ("player", "sensible", "random", "expert")  # what a seat of a new table may be


def lobby_command(socket_path: Path, ticket: str) -> list[str]:
    """The command line of a lobby process."""
    import sys

    return [sys.executable, "-m", "sherwood_tui", "lobby", f"--socket={socket_path}", f"--ticket={ticket}"]


def run_lobby(socket_path: Path, ticket: str, browser: bool = False) -> int:
    """Run the lobby until the player leaves it (0) or goes to a table (this process
    becomes its seat; in a browser, it stays and gives the table's link); 4 when the
    server has gone."""
    from sherwood_tui.table.seat_app import become, seat_command
    from sherwood_tui.ui.lifecycle import say

    app = LobbyApp(socket_path, ticket, browser=browser)
    app.run()
    if app.go is not None:
        table_socket, table_ticket, back = app.go
        become(seat_command(Path(table_socket), table_ticket, socket_path, back))
    if app.farewell:
        say(app.farewell)
    return app.return_code or 0


def row_text(row: dict[str, Any]) -> Text:
    """One table of the listing in a line: "#3 Sheriff of Nottingham · Robin, Marian ·
    waits for 1 player · private"."""
    parts = [f"#{row.get('table')}", str(row.get("game", "")), str(row.get("players", "")), str(row.get("state", ""))]
    if row.get("options"):
        parts.append("options: " + ", ".join(str(option) for option in row["options"]))
    if row.get("private"):
        parts.append("private" + (f" (code {row['code']})" if row.get("code") else ""))
    text = Text(printable(" · ".join(parts)))
    if row.get("state") == "your turn":
        text.stylize("bold")
    return text


class LobbyScreen(Screen[None]):
    """The tables, by part; Enter does what the highlighted row offers."""

    BINDINGS = [
        Binding("n", "new", "New table"),
        Binding("w", "watch", "Watch"),
        Binding("r", "replay", "Replay"),
        Binding("x", "leave", "Leave"),
        Binding("m", "name", "My name"),
        Binding("b", "bell", "Bell"),
        # (the first to leave the key bar when the keys do not all fit: the lobby says it)
        Binding("u", "link", "Browser link", group=PEEK),
    ]
    DEFAULT_CSS = """
    #who { height: 1; padding: 0 1; background: $panel; }
    #record { height: auto; max-height: 4; padding: 0 1; }
    #tables { height: 1fr; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.rows: dict[str, dict[str, Any]] = {}

    def compose(self) -> ComposeResult:
        yield Static("Connecting to the server...", id="who")
        yield Static(id="record")
        yield OptionList(id="tables")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def show_who(self, name: str, bell: bool, records: list[str], link: bool = False) -> None:
        """Who the player is here, their bell, their record per game, and (`link`) that
        `u` gives their browser link (a key the key bar may not have room for)."""
        who = f"sherwood-tui server · you are {name} · your-turn bell {'on' if bell else 'off'}"
        self.query_one("#who", Static).update(Text(printable(who + (" · u: browser link" if link else ""))))
        self.query_one("#record", Static).update(Text(printable("\n".join(records)), style="dim"))

    def show_tables(self, rows: list[dict[str, Any]]) -> None:
        """The listing, keeping the highlighted table where it is still listed."""
        tables = self.query_one(OptionList)
        shown = tables.highlighted_option.id if tables.highlighted_option is not None else None
        self.rows = {}
        options: list[Option] = []
        part = ""
        for row in rows:
            if row.get("part") != part:
                part = str(row.get("part"))
                options.append(Option(Text(PARTS.get(part, part), style="bold underline"), disabled=True))
            ident = f"{part}:{row.get('table')}"
            self.rows[ident] = row
            options.append(Option(row_text(row), id=ident))
        if not rows:
            options.append(Option(Text("No tables yet: n sets up a new one."), disabled=True))
        tables.clear_options()
        tables.add_options(options)
        ids = [option.id for option in options if option.id is not None]
        if ids:
            tables.highlighted = next(
                (index for index, option in enumerate(options) if option.id == (shown if shown in ids else ids[0])), None)

    def chosen(self) -> dict[str, Any] | None:
        option = self.query_one(OptionList).highlighted_option
        return None if option is None or option.id is None else self.rows.get(option.id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        row = self.rows.get(event.option.id or "")
        if row is not None:
            self.lobby.act(row, str(row.get("action")))

    @property
    def lobby(self) -> LobbyApp:
        app = self.app
        assert isinstance(app, LobbyApp)
        return app

    def action_new(self) -> None:
        self.app.push_screen(NewTableScreen(), self.lobby.create)

    def action_watch(self) -> None:
        row = self.chosen()
        if row is not None:
            self.lobby.act(row, "watch")

    def action_replay(self) -> None:
        row = self.chosen()
        if row is not None:
            self.lobby.act(row, "replay")

    def action_leave(self) -> None:
        row = self.chosen()
        if row is not None:
            self.lobby.act(row, "leave")

    def action_name(self) -> None:
        def named(name: str | None) -> None:
            if name:
                self.lobby.send({"type": "name", "name": name})

        if self.lobby.named:
            self.app.notify(f"You are {self.lobby.name_shown} here: a name is given once.", markup=False)
            return
        self.app.push_screen(LineScreen("Your name", "The name the other players see, given once."), named)

    def action_bell(self) -> None:
        self.lobby.send({"type": "bell", "on": not self.lobby.bell_on})

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The browser link only at a server with a browser door."""
        if action == "link" and not getattr(self.app, "own_link", ""):  # (the lobby app's, once welcomed)
            return False
        return super().check_action(action, parameters)

    def action_link(self) -> None:
        link = self.lobby.own_link
        if not link:
            self.app.notify("This server has no browser door.", markup=False)
            return
        self.app.push_screen(LinkScreen("Your own browser link", link,
                                        "Whoever has it is you at this server: keep it to yourself."))


class LinkScreen(ModalScreen[None]):
    """A link to open in the browser (a player's own, a table's page): any key closes it."""

    DEFAULT_CSS = """
    LinkScreen { align: center middle; }
    #link-box { width: 90%; max-width: 100; height: auto; border: round $accent; background: $background; padding: 0 1; }
    """

    def __init__(self, heading: str, link: str, detail: str) -> None:
        super().__init__()
        self.heading, self.link, self.detail = heading, link, detail

    def compose(self) -> ComposeResult:
        with Vertical(id="link-box"):
            yield Static(Text(self.heading, style="bold"))
            yield Static(Text(self.link, style="underline"), id="link")
            yield Static(Text(self.detail + " Any key closes this.", style="dim"))

    def on_key(self, event: Any) -> None:
        event.stop()
        self.dismiss(None)


class LineScreen(ModalScreen[str | None]):
    """One line to type (a name, a table's code): Enter gives it, Escape goes back."""

    BINDINGS = [Binding("escape", "back", "Back")]
    DEFAULT_CSS = """
    LineScreen { align: center middle; }
    #line-box { width: 60; height: auto; border: round $accent; background: $background; padding: 0 1; }
    """

    def __init__(self, heading: str, detail: str) -> None:
        super().__init__()
        self.heading, self.detail = heading, detail

    def compose(self) -> ComposeResult:
        with Center():
            with Vertical(id="line-box"):
                yield Static(Text(self.heading, style="bold"))
                yield Static(Text(self.detail))
                yield Input(max_length=64, id="line")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip() or None)

    def action_back(self) -> None:
        self.dismiss(None)


class NewTableScreen(Screen[dict[str, Any] | None]):
    """A new table, one setting a row: up and down choose the row, left and right its
    value; Enter sets the table up, Escape goes back."""

    BINDINGS = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("left", "change(-1)", "Change", show=False),
        Binding("right", "change(1)", "Change"),
        Binding("enter", "create", "Set up the table"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self) -> None:
        from sherwood_tui import catalog

        super().__init__()
        self.games = [info for info in catalog.GAMES if info.ready]
        self.game_index = 0
        self.row = 0
        self.seats: list[str] = []
        self.options: dict[str, bool] = {}
        self.private = False
        self._reset_game()

    def _reset_game(self) -> None:
        info = self.games[self.game_index]
        self.seats = ["you"] + ["player"] * (info.min_players - 1)
        self.options = {spec.key: spec.default for spec in info.options}

    def compose(self) -> ComposeResult:
        yield Static(Text("A new table", style="bold"), id="heading")
        yield Static(id="form")
        yield KeyBar()

    def on_mount(self) -> None:
        self.draw()

    def rows(self) -> list[tuple[str, str]]:
        """(label, value) of each row, in order."""
        info = self.games[self.game_index]
        rows = [("Game", info.title), ("Seats", str(len(self.seats)))]
        rows += [(f"Seat {number}", kind if kind in ("you", "player") else f"{kind} bot")
                 for number, kind in enumerate(self.seats, start=1)]
        labels = {spec.key: spec.label for spec in info.options}
        rows += [(labels[key], "yes" if on else "no") for key, on in self.options.items()]
        rows.append(("Private (with a code)", "yes" if self.private else "no"))
        return rows

    def draw(self) -> None:
        text = Text()
        for index, (label, value) in enumerate(self.rows()):
            line = Text(f"{label:<28}‹ {value} ›\n")
            if index == self.row:
                line.stylize("reverse")
            text.append_text(line)
        text.append("\nThe first seat is yours. Enter sets the table up; the others join it from the lobby.")
        self.query_one("#form", Static).update(text)

    def action_move(self, step: int) -> None:
        self.row = (self.row + step) % len(self.rows())
        self.draw()

    def action_change(self, step: int) -> None:
        info = self.games[self.game_index]
        option_keys = list(self.options)
        row = self.row
        if row == 0:
            self.game_index = (self.game_index + step) % len(self.games)
            self._reset_game()
        elif row == 1:
            low, high = info.min_players, info.max_players
            count = min(high, max(low, len(self.seats) + step))
            self.seats = (self.seats + ["player"] * count)[:count]
        elif row < 2 + len(self.seats):
            seat = row - 2
            if seat > 0:
                kinds = list(SEAT_KINDS)
                self.seats[seat] = kinds[(kinds.index(self.seats[seat]) + step) % len(kinds)]
        elif row < 2 + len(self.seats) + len(option_keys):
            key = option_keys[row - 2 - len(self.seats)]
            self.options[key] = not self.options[key]
        else:
            self.private = not self.private
        self.row = min(self.row, len(self.rows()) - 1)
        self.draw()

    def action_create(self) -> None:
        seats = [None if kind in ("you", "player") else kind for kind in self.seats]
        self.dismiss({"type": "create", "game": self.games[self.game_index].id, "seats": seats,
                      "options": dict(self.options), "private": self.private})

    def action_back(self) -> None:
        self.dismiss(None)


class LobbyApp(Follower, CrashHooks, App[None]):
    """A player's lobby (see the module's docstring). A crash never draws Textual's
    traceback with its local values (a replay holds the whole save): the traceback goes
    to a crash file on the server, the player reads one line."""

    _crash_report = ""

    def crashed(self, error: Exception, exit_code: int) -> None:
        from sherwood_tui.ui.lifecycle import write_crash_report

        self._crash_report = write_crash_report(error).rpartition("; ")[2]

    def crash_line(self) -> None:
        line, self._crash_report = self._crash_report, ""
        if line:
            from sherwood_tui.ui.lifecycle import say

            say(f"The lobby stopped on an unexpected error ({line}); connect again.")

    TITLE = "sherwood-tui"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+q", "leave_lobby", "Quit", priority=True)]

    def __init__(self, socket_path: Path, ticket: str, browser: bool = False) -> None:
        super().__init__()
        self.socket_path, self.ticket = socket_path, ticket
        self.browser = browser  # in a browser: a table opens in a page of its own
        self.own_link = ""  # the player's own browser link (a server with a browser door)
        self.writer: asyncio.StreamWriter | None = None
        self.name_shown = ""
        self.named = False  # the player has given their name (once)
        self.bell_on = True
        self.go: tuple[str, str, str] | None = None  # the table's socket and ticket, the pass back
        self.farewell = ""
        self.lobby_screen = LobbyScreen()

    def on_mount(self) -> None:
        self.push_screen(self.lobby_screen)
        self.run_worker(self.listen(), name="server", exclusive=True)

    async def listen(self) -> None:
        """Connect, say hello, then follow the server's messages until it goes."""
        if not await self.follow():
            self.leave_with(SERVER_GONE)
            return
        if self.go is None:
            self.leave_with(self.farewell or SERVER_GONE)

    def handle(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "welcome":
            self.name_shown, self.bell_on = str(message.get("name", "")), message.get("bell") is not False
            self.named = message.get("named") is True
            self.own_link = str(message.get("link") or "")
            self.lobby_screen.refresh_bindings()  # (the link's key shows only with a link)
            records = message.get("records")
            lines = [str(line) for line in records] if isinstance(records, list) else []
            self.lobby_screen.show_who(self.name_shown, self.bell_on, lines, link=bool(self.own_link))
        elif kind == "tables":
            rows = message.get("tables")
            self.lobby_screen.show_tables([row for row in rows if isinstance(row, dict)] if isinstance(rows, list) else [])
        elif kind == "created":
            code = message.get("code")
            said = f"Table #{message.get('table')} is set up" + (f": its code is {code}, for your players" if code else "")
            self.notify(printable(said) + ".", markup=False, timeout=10)
        elif kind == "refused":
            self.notify(printable(str(message.get("message", ""))), severity="error", markup=False)
            refused = getattr(getattr(self.screen, "replay", None), "refused", None)
            if callable(refused):  # (a step of its replay: the next key asks again)
                refused()
        elif kind == "go" and self.browser:
            link = str(message.get("link") or "")
            if link:
                self.push_screen(LinkScreen(f"Table #{printable(str(message.get('table', '')))[:12]}", link,
                                            "Open it in a new tab: your seat is there. This lobby stays here."))
        elif kind == "go":
            self.go = (str(message.get("socket", "")), str(message.get("ticket", "")), str(message.get("back", "")))
            self.send({"type": "bye"})
            self.exit(return_code=0)
        elif kind == "closed":
            self.farewell = str(message.get("message", ""))
        elif kind in ("replay", "replay_step"):
            self.replay_message(kind, message)

    def replay_message(self, kind: str, message: dict[str, Any]) -> None:
        """A finished game's replay opens over the lobby with its first step (`replay`),
        or the step asked for comes (`replay_step`); the server makes every step
        (table/seat_replay.py), so this process holds only the one shown."""
        from sherwood_tui.catalog import get
        from sherwood_tui.table.seat_replay import RemoteSeatReplay, SeatReplayScreen, step_from_json

        table = message.get("table")
        try:
            at = step_from_json(get(str(message["at"]["feed"]["game"])).load(), message["at"])
        except (KeyError, TypeError, ValueError):  # (pydantic's ValidationError is a ValueError)
            self.notify("This game cannot be replayed here.", severity="error", markup=False)
            return
        if kind == "replay":
            def ask(step: int) -> None:
                self.send({"type": "replay_step", "table": table, "step": step})

            seat = message.get("seat")
            replay = RemoteSeatReplay(printable(str(message.get("title", ""))), printable(str(message.get("viewer", ""))),
                                      at, ask, seat=seat if type(seat) is int else None)
            self.push_screen(SeatReplayScreen(replay))
            return
        screen = self.screen
        if isinstance(screen, SeatReplayScreen) and isinstance(screen.replay, RemoteSeatReplay):
            screen.replay.arrived(at)
            screen.show()

    def act(self, row: dict[str, Any], action: str) -> None:
        """Do `action` at the table of `row` (a private table's code asked first)."""
        table = row.get("table")
        if action == "wait":
            self.notify("This table waits for its players: it starts when every seat is taken (x leaves it).")
            return
        if action == "leave":
            self.send({"type": "leave", "table": table})
            return
        if action in ("join", "watch", "replay") and row.get("private") and not row.get("code") and row.get("part") != "mine":
            def coded(code: str | None) -> None:
                if code:
                    self.send({"type": action, "table": table, "code": code})

            self.push_screen(LineScreen(f"Table #{table} is private", "Type its code (like 4821-0937)."), coded)
            return
        self.send({"type": action, "table": table})

    def create(self, request: dict[str, Any] | None) -> None:
        if request is not None:
            self.send(request)

    def leave_with(self, message: str) -> None:
        self.farewell = message
        self.exit(return_code=4)

    def action_leave_lobby(self) -> None:
        self.send({"type": "bye"})
        self.exit(return_code=0)
