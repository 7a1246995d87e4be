"""Bots: a bot decides from its own seat's view and legal actions, never the full state.

Two levels for every game: "random" (uniform over the legal actions, for testing) and
"sensible" (a heuristic player in `games/<game>/rules/bot.py`, function `sensible`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import Any

from sherwood_tui.core.contract import BOT_LEVELS, AnyGame
from sherwood_tui.core.plugin import find

LEVELS = BOT_LEVELS


def decide(game: AnyGame, level: str, view: Any, legal: list[Any], rnd: random.Random) -> Any:
    """The bot's action, given only what its seat may know."""
    if level == "random":
        return rnd.choice(legal)
    if level != "sensible":
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})")
    return sensible_player(game.id)(view, legal, rnd)


@cache
def sensible_player(game_id: str) -> Callable[..., Any]:
    """The sensible bot of a game (its plug-in's `bot`)."""
    return find(game_id).bot()


def bot_action(game: AnyGame, state: Any, seat: int, level: str, rnd: random.Random) -> Any:
    """The action of the bot in `seat`: it is shown that seat's view only."""
    legal = game.legal_actions(state, seat)
    if level == "random":  # needs no view at all: skip building it
        return rnd.choice(legal)
    return decide(game, level, game.view(state, seat), legal, rnd)
