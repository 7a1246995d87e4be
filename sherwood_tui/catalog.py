"""The list of games (their plug-ins, declared as data), cheap to import: a game's parts
load only when the game is chosen. The core reads `GAMES` through its `CATALOG` reference."""

from __future__ import annotations

from sherwood_tui.core.plugin import GamePlugin, find
from sherwood_tui.games.bleeding_sherwood.plugin import PLUGIN as BLEEDING_SHERWOOD
from sherwood_tui.games.sheriff.plugin import PLUGIN as SHERIFF
from sherwood_tui.games.sherwood.plugin import PLUGIN as SHERWOOD

GameInfo = GamePlugin  # the name the app and tests know a game by

GAMES: tuple[GamePlugin, ...] = (BLEEDING_SHERWOOD, SHERIFF, SHERWOOD)


def get(game_id: str) -> GamePlugin:
    """The game with this id; ValueError names the known ones otherwise."""
    return find(game_id)
