"""The list of games (their plug-ins), cheap to import: a game's parts load only when
the game is chosen. Importing the catalog registers the games with the core."""

from __future__ import annotations

from sherwood_tui.core.plugin import GamePlugin, find, register
from sherwood_tui.games.bleeding_sherwood.plugin import PLUGIN as BLEEDING_SHERWOOD
from sherwood_tui.games.sheriff.plugin import PLUGIN as SHERIFF
from sherwood_tui.games.sherwood.plugin import PLUGIN as SHERWOOD

GameInfo = GamePlugin  # the name the app and tests know a game by

GAMES: tuple[GamePlugin, ...] = (BLEEDING_SHERWOOD, SHERIFF, SHERWOOD)
register(*GAMES)


def get(game_id: str) -> GamePlugin:
    """The game with this id; ValueError names the known ones otherwise."""
    return find(game_id)
