"""Bleeding Sherwood: bid Goode cards for Peasant targets.

Importing the package is cheap (the catalog imports its `plugin`); `GAME`, the rules
object, loads the rules when first asked for."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # made when first asked for (below)
    from sherwood_tui.games.bleeding_sherwood.rules.rules import BleedingSherwood

    GAME: BleedingSherwood


__all__ = ["GAME", "BleedingSherwood"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from sherwood_tui.games.bleeding_sherwood.rules import rules

        game = rules.BleedingSherwood()
        globals().update(GAME=game, BleedingSherwood=rules.BleedingSherwood)
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
