"""Bots: a bot decides from its own seat's view and legal actions, never the full state.

Two levels for every game: "random" (uniform over the legal actions, for testing) and
"sensible" (a heuristic player in `games/<game>/bot.py`, function `sensible`).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from functools import cache
from typing import Any

from sherwood_tui.core.contract import BOT_LEVELS, Game

LEVELS = BOT_LEVELS


def decide(game: Game, level: str, view: Any, legal: list[Any], rnd: random.Random) -> Any:
    """The bot's action, given only what its seat may know."""
    if level == "random":
        return rnd.choice(legal)
    if level != "sensible":
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})")
    return sensible_player(type(game))(view, legal, rnd)


@cache
def sensible_player(game_type: type) -> Callable[..., Any]:
    """The `sensible` function of a game's package (games/<game>/bot.py)."""
    package = game_type.__module__.rsplit(".", 1)[0]
    return importlib.import_module(f"{package}.bot").sensible


def bot_action(game: Game, state: Any, seat: int, level: str, rnd: random.Random) -> Any:
    """The action of the bot in `seat`: it is shown that seat's view only."""
    legal = game.legal_actions(state, seat)
    if level == "random":  # needs no view at all: skip building it
        return rnd.choice(legal)
    return decide(game, level, game.view(state, seat), legal, rnd)
