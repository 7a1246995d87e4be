"""The rules' and bots' caches between games.

Games keep two kinds of `functools` caches: `@cache` over small fixed domains (the
decks of a table size, say), which never grow past their first game, and bounded
`@lru_cache(maxsize=N)` over positions met in play, which fill as games are played.
A long simulator run profits from the bounded ones; a player in the app does not carry
them from one game to the next, so that memory does not grow with play.
"""

from __future__ import annotations

import functools
import sys

GAMES_PACKAGE = "sherwood_tui.games."


def bounded_caches(package: str = GAMES_PACKAGE) -> list[functools._lru_cache_wrapper[object]]:
    """Every bounded cache of the modules loaded under `package`."""
    found = []
    for name, module in list(sys.modules.items()):
        if not name.startswith(package) or module is None:
            continue
        for value in vars(module).values():
            if (
                isinstance(value, functools._lru_cache_wrapper)
                and value.__module__ == name
                and value.cache_parameters()["maxsize"] is not None
            ):
                found.append(value)
    return found


def clear_play_caches(package: str = GAMES_PACKAGE) -> int:
    """Empty the bounded caches of the games (between two games in one process); how
    many there were."""
    caches = bounded_caches(package)
    for cached in caches:
        cached.cache_clear()
    return len(caches)
