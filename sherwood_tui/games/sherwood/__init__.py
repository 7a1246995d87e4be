"""Sherwood (2005): secret ambush parties, missions, towns and the Sheriff's prison.

Importing the package is cheap (the catalog imports its `plugin`); `GAME`, the rules
object, loads the rules when first asked for."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # made when first asked for (below)
    from sherwood_tui.games.sherwood.rules.rules import SherwoodGame

    GAME: SherwoodGame


__all__ = ["GAME", "SherwoodGame"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from sherwood_tui.games.sherwood.rules import rules

        game = rules.SherwoodGame()
        globals().update(GAME=game, SherwoodGame=rules.SherwoodGame)
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
