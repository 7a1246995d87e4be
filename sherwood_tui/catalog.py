"""The list of games, cheap to import: game modules load only when a game is chosen."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sherwood_tui.core.contract import Game


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    package: str
    min_players: int
    max_players: int
    blurb: str
    ready: bool

    def load(self) -> "Game":
        """The game's rules object (imports the game's package)."""
        return importlib.import_module(f"sherwood_tui.games.{self.package}").GAME

    def rules_reference(self) -> str:
        """The game's rules reference (markdown, in our own words)."""
        path = Path(__file__).parent / "games" / self.package / "rules_reference.md"
        return path.read_text(encoding="utf-8")

    def load_screens(self):
        """The game's screen module (imports textual widgets of this game only)."""
        return importlib.import_module(f"sherwood_tui.games.{self.package}.screens")


GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        "bleeding-sherwood", "Bleeding Sherwood", "bleeding_sherwood", 2, 6,
        "Bid Goode cards to rob the Peasants; every bidder takes something.", True,
    ),
    GameInfo(
        "sheriff", "Sheriff of Nottingham", "sheriff", 3, 5,
        "Smuggle goods past the Sheriff: declare, bluff and bribe.", True,
    ),
    GameInfo(
        "sherwood", "Sherwood (2005)", "sherwood", 2, 4,
        "Send secret ambush parties on missions; win towns, dodge prison.", True,
    ),
)


def get(game_id: str) -> GameInfo:
    """The game with this id; ValueError names the known ones otherwise."""
    for info in GAMES:
        if info.id == game_id:
            return info
    known = ", ".join(g.id for g in GAMES)
    raise ValueError(f"unknown game {game_id!r} (known: {known})")
