"""Sheriff of Nottingham: smuggle goods past the Sheriff by declaring, bluffing and bribing."""

from sherwood_tui.games.sheriff.rules import SheriffGame

GAME = SheriffGame()

__all__ = ["GAME", "SheriffGame"]
