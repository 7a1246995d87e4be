"""Bleeding Sherwood: bid Goode cards for Peasant targets."""

from sherwood_tui.games.bleeding_sherwood.rules import BleedingSherwood

GAME = BleedingSherwood()

__all__ = ["GAME", "BleedingSherwood"]
