"""Sheriff of Nottingham's screens: which one serves a seat now, the scoreboard, and the
inspection-result interlude.

- market (private): SetAsideScreen, DrawScreen, PlaceScreen
- load and declare (private): LoadScreen, DeclareScreen
- inspection (public, the Sheriff): ChooseScreen, DecideScreen, CounterScreen,
  ConfiscateScreen; (private, the threatened merchant) OfferScreen; (private, a debtor)
  PayScreen
- an opened bag is shown to the table on a InspectionResultScreen before play goes on.
"""

from __future__ import annotations

from textual.screen import Screen

from sherwood_tui.core.contract import Event
from sherwood_tui.core.seat import SeatFeed
from sherwood_tui.games.sheriff.rules.model import OpenBag
from sherwood_tui.games.sheriff.rules.views import PublicView, SeatView
from sherwood_tui.games.sheriff.ui.common import (
    SheriffScreen,
    SheriffTableScreen,
    decision_text,
    move_text,
    scoreboard_text,
    seat_text,
    table_text,
    whole_table,
)
from sherwood_tui.games.sheriff.ui.merchant import (
    DeclareScreen,
    DrawScreen,
    LoadScreen,
    OfferScreen,
    PayScreen,
    PlaceScreen,
    SetAsideScreen,
)
from sherwood_tui.games.sheriff.ui.sheriff import (
    ChooseScreen,
    ConfiscateScreen,
    CounterScreen,
    DecideScreen,
    InspectionResultScreen,
    SheriffScoreSheetScreen,
)
from sherwood_tui.ui.game_screen import GameScreen

SCREENS = {
    "set_aside": SetAsideScreen,
    "draw": DrawScreen,
    "place": PlaceScreen,
    "load": LoadScreen,
    "declare": DeclareScreen,
    "choose": ChooseScreen,
    "offer": OfferScreen,
    "decide": DecideScreen,
    "confiscate": ConfiscateScreen,
    "pay": PayScreen,
}


def screen_for(feed: SeatFeed[SeatView, PublicView]) -> GameScreen[SeatView, PublicView]:
    """The decision screen for the feed's seat now."""
    screen: type[SheriffScreen] = SCREENS[feed.table.step]
    return screen(feed)


def interludes_for(feed: SeatFeed[SeatView, PublicView], events: list[Event]) -> list[Screen[None]]:
    """Public screens for the whole table (`feed` is the public table's; its
    `last_action` made `events`): what an opened bag held, and at the end of the game
    the score sheet (players side by side) before the generic final screen."""
    shown: list[Screen[None]] = []
    action = feed.last_action
    if isinstance(action, OpenBag):
        lines = []
        for event in events:
            if event.kind in ("round_end", "game_end"):
                break
            lines.append(event.text)
        sheriff, merchant = feed.name(action.seat), feed.name(action.merchant)
        shown.append(InspectionResultScreen(feed.table, f"Inspection: {sheriff} opens {merchant}'s bag", lines))
    if feed.over and any(e.kind == "game_end" for e in events):
        shown.append(SheriffScoreSheetScreen(feed))
    return shown


__all__ = [
    "ChooseScreen",
    "ConfiscateScreen",
    "CounterScreen",
    "DecideScreen",
    "DeclareScreen",
    "DrawScreen",
    "LoadScreen",
    "OfferScreen",
    "PayScreen",
    "PlaceScreen",
    "InspectionResultScreen",
    "SheriffScoreSheetScreen",
    "SetAsideScreen",
    "SheriffScreen",
    "SheriffTableScreen",
    "decision_text",
    "interludes_for",
    "move_text",
    "scoreboard_text",
    "screen_for",
    "seat_text",
    "table_text",
    "whole_table",
]
