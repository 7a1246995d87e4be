"""Sheriff of Nottingham's options: one frozen dataclass, read by the rules, bots and
screens (`state.options`, `view.options`); setup offers its fields (`core.options`)."""

from __future__ import annotations

from dataclasses import dataclass

from sherwood_tui.core.options import GameOptions, option


@dataclass(frozen=True, slots=True)
class SheriffOptions(GameOptions):
    royal_goods: bool = option(
        "Royal Goods",
        help="Add the 12 Royal Goods: never declarable, they travel face down like "
        "contraband but count as 2 or 3 legal goods for King and Queen.",
    )
    no_favours: bool = option(
        "Bribes without favours",
        help="A bribe holds gold and goods only: nobody may promise a favour.",
    )
