"""The host's terminal while a table is open: the join instructions, who sits where and
who is connected, whom the game waits for; `b` hands the chosen away seat to a bot, and
Ctrl+Q closes the table (the save stays: `sherwood-tui host --resume SAVE` opens it again)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Footer, Static

from sherwood_tui.table.host import OpenTable, status_line
from sherwood_tui.ui import compat  # noqa: F401  (guards every Textual timer: see ui/compat.py)
from sherwood_tui.ui.notices import SeverityInWords


class HostApp(SeverityInWords, App[int]):
    """The host's screen of one open table (started and closed by the caller)."""

    TITLE = "sherwood-tui host"
    ENABLE_COMMAND_PALETTE = False
    # The game screens' colours (they read in true colour, 16 colours and NO_COLOR):
    # the table's header and cursor, the footer, toasts.
    CSS_PATH = Path(__file__).parent.parent / "ui" / "app.tcss"
    CSS = """
    #join { padding: 1 2; border: round $primary; height: auto; }
    #seats { height: auto; max-height: 14; margin: 1 2 0 2; }
    #status { padding: 1 2; height: auto; }
    #notices { padding: 0 2; height: auto; max-height: 4; }
    """
    BINDINGS = [
        Binding("b", "hand_to_bot", "A bot plays the chosen away seat"),
        Binding("ctrl+q", "quit", "Close the table", priority=True),
    ]

    def __init__(self, table: OpenTable) -> None:
        super().__init__()
        self.table = table
        self.host = table.host

    def compose(self) -> ComposeResult:
        lines = [*self.table.instructions(), f"Saved in {self.host.save_path}"]
        yield Static("\n".join(lines), id="join", markup=False)
        seats: DataTable[Any] = DataTable(id="seats", cursor_type="row", zebra_stripes=True)
        seats.add_columns("Seat", "Login", "At the table", "Turn")
        yield seats
        yield Static("", id="status", markup=False)
        yield Static("", id="notices", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.host.listeners.append(self.show_table)
        self.show_table()

    def on_unmount(self) -> None:
        if self.show_table in self.host.listeners:
            self.host.listeners.remove(self.show_table)

    def show_table(self) -> None:
        """Redraw the seats and the status line from the host's status."""
        status = self.host.status()
        seats = self.query_one("#seats", DataTable)
        row = seats.cursor_row
        seats.clear()
        for number, seat in enumerate(status.seats):
            if seat.connected:
                where = "connected"
            elif seat.away:
                where = f"away, a {seat.bot} bot plays" if seat.bot else "away"
            else:
                where = f"a {seat.bot} bot"
            turn = "to move" if number in status.waiting_for else ""
            seats.add_row(Text(seat.name), Text(seat.login), Text(where), Text(turn))
        if status.seats:
            seats.move_cursor(row=min(row, len(status.seats) - 1))
        self.query_one("#status", Static).update(status_line(status, self.host.problem))
        self.query_one("#notices", Static).update("\n".join(list(self.host.notices)[-3:]))

    def action_hand_to_bot(self) -> None:
        seat = self.query_one("#seats", DataTable).cursor_row
        try:
            self.host.hand_to_bot(seat)
        except ValueError as err:
            self.notify(str(err), severity="warning", markup=False)
