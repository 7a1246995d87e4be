"""Sherwood (2005): secret ambush parties, missions, towns and the Sheriff's prison."""

from sherwood_tui.games.sherwood.rules import SherwoodGame

GAME = SherwoodGame()

__all__ = ["GAME", "SherwoodGame"]
