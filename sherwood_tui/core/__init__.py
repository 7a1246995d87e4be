"""The UI-free rules layer shared by every game (never imports textual or rich)."""

from sherwood_tui.core.contract import Event, Game, OptionSpec, Player, ScoreLine
from sherwood_tui.core.errors import RuleError

__all__ = ["Event", "Game", "OptionSpec", "Player", "RuleError", "ScoreLine"]
