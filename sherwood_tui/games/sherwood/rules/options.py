"""Sherwood's options: one frozen dataclass, read by the rules, bots and screens
(`state.options`, `view.options`); setup offers its fields (`core.options`)."""

from __future__ import annotations

from dataclasses import dataclass

from sherwood_tui.core.options import GameOptions, option


@dataclass(frozen=True, slots=True)
class SherwoodOptions(GameOptions):
    camp_needs_town: bool = option(
        "Camp only after a town",
        help="The designer's variant: the Camp reward may only be taken by a player "
        "who already holds at least one town.",
    )
