"""Sheriff of Nottingham: smuggle goods past the Sheriff by declaring, bluffing and bribing.

Importing the package is cheap (the catalog imports its `plugin`); `GAME`, the rules
object, loads the rules when first asked for."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # made when first asked for (below)
    from sherwood_tui.games.sheriff.rules.rules import SheriffGame

    GAME: SheriffGame


__all__ = ["GAME", "SheriffGame"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from sherwood_tui.games.sheriff.rules import rules

        game = rules.SheriffGame()
        globals().update(GAME=game, SheriffGame=rules.SheriffGame)
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
