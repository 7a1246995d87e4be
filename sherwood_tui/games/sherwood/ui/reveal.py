"""Sherwood (2005): the reveal, a public interlude once the ambushes are sprung: every
party side by side, who claims what, and why missions fail.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from sherwood_tui.games.sherwood.rules.views import PublicView
from sherwood_tui.games.sherwood.ui.common import MapView, PrisonView, plain
from sherwood_tui.games.sherwood.ui.text import outcome_lines, party_table
from sherwood_tui.ui.screens import SteadyScreen
from sherwood_tui.ui.widgets import PEEK, KeyBar, our_app


class RevealScreen(SteadyScreen):
    """All parties side by side with their totals, who claims what, which missions fail
    and why, capture and Little Booty. Enter goes on."""

    CSS_PATH = Path(__file__).parent / "sherwood.tcss"
    BINDINGS = [
        Binding("enter", "done", "Continue"),
        Binding("m", "show_map", "Map", group=PEEK),
        Binding("p", "show_prison", "Prison", show=False),
    ]

    def __init__(self, table: PublicView) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        reveal = self.table.reveal
        assert reveal is not None, "no ambush has been sprung"
        what = "King Richard's last ambush" if reveal.king else "the ambushes are sprung"
        yield plain(f"Sherwood (2005) · turn {reveal.turn}: {what}!", id="title")
        with VerticalScroll(id="reveal-body"):
            yield Static(party_table(self.table, reveal, self.app.size.width), markup=False, id="parties")
            yield Static(outcome_lines(self.table, reveal), markup=False, id="outcomes")
        if reveal.king:
            hint = "Enter: the final tally."
        else:
            hint = "Enter: on to the rewards, the capture and the Sheriff."
        yield plain(hint, "dim", id="reveal-hint")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#reveal-body").focus()

    def action_done(self) -> None:
        our_app(self).continue_interludes()

    def action_show_map(self) -> None:
        self.app.push_screen(MapView(self.table))

    def action_show_prison(self) -> None:
        self.app.push_screen(PrisonView(self.table))
