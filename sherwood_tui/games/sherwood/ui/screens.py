"""Sherwood (2005) screens, as the app asks for them (the plug-in loads this module):
which decision screen serves a seat now, the public interludes, the scoreboard, and the
game in words.

- ambush preparations (private): AmbushScreen (ambush.py)
- the reveal (public interlude): RevealScreen (reveal.py)
- keeping one mission, taking a reward (private): MissionChoiceScreen, RewardScreen
  (rewards.py)
- a town on the map: TownScreen, PrivateTownScreen (towns.py)
- the prison: OrderScreen (public), RansomScreen (private) (prison.py)
- the peeks at the map and the prison, and the screens' base: common.py

Every screen is given its seat's `SeatFeed[SeatView, PublicView]` (core/seat.py), never the state: the public
view (`self.table`), the seat's legal actions (`self.legal`) and, on private screens
only, its own view (`self.view`), nothing of anyone else's. What a screen works out
beyond them comes from the rules' own functions over a view (`views.py`, `legal.py`).
The peeks and the reveal are given the public view. Player names are always plain Text.
`seat_text` and `move_text` word a seat's secrets for a replay's designer view only.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widget import Widget

from sherwood_tui.core.seat import SeatFeed
from sherwood_tui.games.sherwood.rules.views import PublicView, SeatView
from sherwood_tui.games.sherwood.ui.ambush import AmbushScreen
from sherwood_tui.games.sherwood.ui.common import MapView, PrisonView, SherwoodScreen, room_parts, scoreboard_text
from sherwood_tui.games.sherwood.ui.prison import OrderScreen, RansomScreen
from sherwood_tui.games.sherwood.ui.reveal import RevealScreen
from sherwood_tui.games.sherwood.ui.rewards import MissionChoiceScreen, RewardScreen
from sherwood_tui.games.sherwood.ui.towns import PrivateTownScreen, TownScreen
from sherwood_tui.games.sherwood.ui.words import decision_text, move_text, seat_text, table_text
from sherwood_tui.ui.game_screen import GameScreen
from sherwood_tui.ui.widgets import Panel

SCREENS: dict[str, type[SherwoodScreen]] = {
    "prepare": AmbushScreen,
    "choose_mission": MissionChoiceScreen,
    "choose_reward": RewardScreen,
    "choose_town": TownScreen,
    "order_prisoners": OrderScreen,
    "ransom": RansomScreen,
}


def screen_for(feed: SeatFeed[SeatView, PublicView]) -> GameScreen[SeatView, PublicView]:
    """The decision screen of the feed's seat now (a town is chosen after the curtain,
    `feed.private`, when taking one may cost Gold: the rules' `is_private`)."""
    phase = feed.table.phase
    if phase == "choose_town" and feed.private:
        return PrivateTownScreen(feed)
    if phase not in SCREENS:
        raise ValueError(f"no screen for phase {phase!r}")
    return SCREENS[phase](feed)


def whole_table(table: PublicView) -> list[Widget]:
    """The whole table's column beside a bot's turn at 120x40 and larger: the missions
    (the narrow screen's table), the map with its legend, and the prison."""
    return [Panel(table_text(table), title="Missions", id="room-missions"), *room_parts(table)]


def interludes_for(feed: SeatFeed[SeatView, PublicView], events: list[Any]) -> list[Screen[Any]]:
    """The public reveal after the ambushes are sprung (a final step: see rules.is_final)."""
    if any(e.kind == "reveal" for e in events):
        return [RevealScreen(feed.table)]
    return []


__all__ = [
    "AmbushScreen",
    "MapView",
    "MissionChoiceScreen",
    "OrderScreen",
    "PrisonView",
    "PrivateTownScreen",
    "RansomScreen",
    "RevealScreen",
    "RewardScreen",
    "SherwoodScreen",
    "TownScreen",
    "decision_text",
    "interludes_for",
    "move_text",
    "scoreboard_text",
    "screen_for",
    "seat_text",
    "table_text",
    "whole_table",
]
