"""The seat app's own screens: a message (connecting, or the table closed), the
waiting screen (the seat's view and the table while others decide) and the
final scores. Decisions and interludes are the games' own screens."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static

from sherwood_tui.ui.game_screen import table_frame
from sherwood_tui.ui.screens import FinalScreen, SteadyScreen, StylesKept
from sherwood_tui.ui.widgets import GameLog, KeyBar, Panel, clip, data_note, fit, plain, update_in_place

if TYPE_CHECKING:
    from sherwood_tui.core.plugin import GameScreens
    from sherwood_tui.core.seat import AnyFeed
    from sherwood_tui.table.protocol import TableStatus

NAME_CELLS = 20


class MessageScreen(SteadyScreen):
    """A few lines in a box: "Connecting..." or why the table closed (`leave_code` set:
    Enter ends the app with that status)."""

    BINDINGS = [Binding("enter", "leave", "Leave")]

    def __init__(self, heading: str, message: str, leave_code: int | None = None) -> None:
        super().__init__()
        self.heading, self.message = heading, message
        self.leave_code = leave_code

    def compose(self) -> ComposeResult:
        with Center(id="curtain"):
            with Vertical(id="curtain-box"):
                yield plain(self.heading, "bold")
                yield plain("")
                yield plain(self.message, id="message")
                if self.leave_code is not None:
                    yield plain("")
                    yield plain("Press Enter to leave.", "dim")
        yield KeyBar()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "leave" and self.leave_code is None:
            return False
        return super().check_action(action, parameters)

    def action_leave(self) -> None:
        if self.leave_code is not None:
            self.app.exit(return_code=self.leave_code)


def status_text(status: TableStatus, seat: int | None) -> Text:
    """Who sits at the table: each seat connected, away or a bot's, whom the game
    waits for (marked >), and how many watch."""
    out = Text()
    for index, s in enumerate(status.seats):
        awaited = index in status.waiting_for
        if s.bot is not None:
            state = f"{s.bot} bot"
        elif index == seat:
            state = "you"
        else:
            state = "connected" if s.connected else "away"
        out.append(f"{'>' if awaited else ' '} {fit(s.name, NAME_CELLS)} ", style="bold" if awaited else "")
        out.append(f"{state}\n", style="bold" if state == "away" else "dim")
    if status.spectators:
        out.append(f"  {status.spectators} watching\n", style="dim")
    out.rstrip()
    return out


class WaitingScreen(StylesKept, SteadyScreen):
    """While others decide: the seat's own view in its game's words (`seat_text`), the
    public table (`table_text`), who sits where and whom the game waits for, the scores
    and the log. `show` brings it up to date in place. `u` asks the host to take back
    the seat's last move (it may, until another player has moved).

    Each feed redraws only the parts whose text changed: a seat at a busy table gets a
    feed for every other player's move, and every part redrawn costs the seat's process
    a layout and a render of its lines."""

    BINDINGS = [Binding("u", "app.undo", "Take back my move")]

    def __init__(self, feed: AnyFeed, status: TableStatus, screens: GameScreens) -> None:
        super().__init__()
        self.feed, self.status, self.screens = feed, status, screens
        self.shown: dict[str, Any] = {}  # what each part shows (`drawn_as`), by its id
        self.shown_log: tuple[Any, ...] = ()  # the log as shown

    ready = False  # mounted: its widgets can be updated

    def compose(self) -> ComposeResult:
        parts = self.parts(self.feed, self.status)
        self.shown = {part: drawn_as(text) for part, text in parts.items()}
        self.shown_log = self.feed.log
        main: list[Widget] = [Static(parts["waiting"], markup=False, id="waiting")]
        if "own" in parts:
            main.append(Panel(parts["own"], title=self.own_title(), id="own"))
        main.append(Panel(parts["seats"], title="At the table", id="seats"))
        if "table" in parts:
            main.append(VerticalScroll(Panel(parts["table"], title="Table", id="table"), id="table-scroll"))
        side = [Panel(parts["scoreboard"], title="Scores", id="scoreboard"), GameLog(list(self.feed.log))]
        yield from table_frame(self.heading(self.feed), self.feed.game.id, main, side)

    def own_title(self) -> str:
        seat = self.feed.seat
        return "" if seat is None else f"{clip(self.feed.name(seat), NAME_CELLS)}'s own"

    def heading(self, feed: AnyFeed) -> str:
        return f"{feed.game.title} · {feed.round_label}"

    def parts(self, feed: AnyFeed, status: TableStatus) -> dict[str, Text]:
        """The text of each part of the screen for `feed` and `status`, by its id (the
        seat's own view and the table only where its game has words for them)."""
        watching = feed.seat is None
        waiting = status.waiting_text(feed.seat) or "Nobody is deciding just now."
        note = "You are watching." if watching else "Nothing for you to decide now: your turn comes up by itself."
        parts = {"waiting": Text(f"{waiting} {note}", style="bold")}
        seat_text, table_text = self.screens.seat_text, self.screens.table_text
        if seat_text is not None and feed.view is not None:
            parts["own"] = seat_text(feed.view)
        parts["seats"] = status_text(status, feed.seat)
        if table_text is not None:
            parts["table"] = table_text(feed.table)
        parts["scoreboard"] = self.screens.scoreboard_text(feed)
        parts["title"] = Text(self.heading(feed) + data_note(feed.game.id))
        return parts

    def on_mount(self) -> None:
        self.ready = True
        self.show(self.feed, self.status)  # a feed that came while it was being built

    def show(self, feed: AnyFeed, status: TableStatus) -> None:
        """Show `feed` and `status` (the screen stays: keys in flight keep working); a
        feed that comes before the screen is mounted is shown when it is."""
        self.feed, self.status = feed, status
        if not self.ready:
            return
        for part, text in self.parts(feed, status).items():
            drawn = drawn_as(text)
            if self.shown.get(part) != drawn:
                self.shown[part] = drawn
                for widget in self.query(f"#{part}").results(Static):
                    update_in_place(widget, text)
        if feed.log != self.shown_log:
            self.shown_log = feed.log
            log = self.query_one(GameLog)
            log.events = list(feed.log)
            log.refresh()


def drawn_as(text: Any) -> Any:
    """What a part's text draws, to tell whether a new one changes anything (a Rich
    Text's equality leaves its style out); anything but a Text counts as changed."""
    if not isinstance(text, Text):
        return object()
    return (text.plain, tuple(text.spans), str(text.style), text.justify, text.overflow, text.no_wrap, text.end)


class SeatFinalScreen(FinalScreen):
    """The final scores at a table: Enter leaves it (at a server's, r asks for a rematch)."""

    BINDINGS = [Binding("enter", "done", "Leave the table"), Binding("escape", "done", "Leave", show=False),
                Binding("r", "app.rematch", "Rematch")]
    DONE_HINT = "Press Enter to leave the table."


class TalkScreen(ModalScreen[str | None]):
    """The table's talk (F4 at a server's table): the last lines said, and a line to
    say (Enter sends it, Escape goes back)."""

    BINDINGS = [Binding("escape", "back", "Back")]
    DEFAULT_CSS = """
    TalkScreen { align: center middle; }
    #talk-box { width: 90%; max-width: 100; height: auto; max-height: 90%; border: round $accent;
                background: $background; padding: 0 1; }
    #talk-lines { height: auto; max-height: 16; }
    """

    def __init__(self, lines: list[tuple[str, str]], speaker: bool = True, draft: str = "") -> None:
        super().__init__()
        self.lines, self.speaker, self.first_draft = lines, speaker, draft

    def compose(self) -> ComposeResult:
        from textual.widgets import Input

        from sherwood_tui.table.host import TALK_CELLS

        with Vertical(id="talk-box"):
            yield plain("Table talk", "bold")
            with VerticalScroll(id="talk-lines"):
                for name, text in self.lines[-50:] or [("", "Nobody has said anything yet.")]:
                    yield Static(Text.assemble((f"{name}: " if name else "", "bold"), text))
            if self.speaker:
                yield Input(self.first_draft, placeholder="Say something, then Enter (Escape: back)",
                            max_length=TALK_CELLS, id="say")
            else:
                yield plain("Spectators read the talk; the players talk.", "dim")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#talk-lines", VerticalScroll).scroll_end(animate=False)
        for line in self.query("#say"):
            line.focus()

    def draft(self) -> str:
        """What is typed on the line so far."""
        from textual.widgets import Input

        found = self.query("#say")
        return str(found.first(Input).value) if found else ""

    def on_input_submitted(self, event: Any) -> None:
        event.stop()
        self.dismiss(str(event.value).strip() or None)

    def action_back(self) -> None:
        self.dismiss(None)
