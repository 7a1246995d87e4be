"""Bleeding Sherwood's options: one frozen dataclass, read by the rules, bots and screens
(`state.options`, `view.options`); setup offers its fields (`core.options`)."""

from __future__ import annotations

from dataclasses import dataclass

from sherwood_tui.core.options import GameOptions, option


@dataclass(frozen=True, slots=True)
class BleedingSherwoodOptions(GameOptions):
    classic_1996: bool = option(
        "1996 rules", help="One target a round, and only the highest bid captures anything."
    )
