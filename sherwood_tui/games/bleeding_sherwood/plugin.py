"""Bleeding Sherwood: the plug-in (what the picker shows, and how to load each part)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sherwood_tui.core.plugin import GamePlugin, GameScreens, OptionSpec

if TYPE_CHECKING:
    from sherwood_tui.core.contract import AnyGame


def rules() -> AnyGame:
    from sherwood_tui.games.bleeding_sherwood import GAME

    return GAME


def bot() -> Callable[..., Any]:
    from sherwood_tui.games.bleeding_sherwood.bot import sensible

    return sensible


def invariants() -> Callable[[Any], list[str]]:
    from sherwood_tui.games.bleeding_sherwood.invariants import problems

    return problems


def stats() -> Callable[..., None]:
    from sherwood_tui.games.bleeding_sherwood.stats import count_step

    return count_step


def schema() -> type[Any]:
    from sherwood_tui.games.bleeding_sherwood.schema import BleedingSherwoodData

    return BleedingSherwoodData


def screens() -> GameScreens:
    from sherwood_tui.games.bleeding_sherwood import screens

    return GameScreens(
        screen_for=screens.screen_for,
        scoreboard_text=screens.scoreboard_text,
        table_text=screens.table_text,
        seat_text=screens.seat_text,
        move_text=screens.move_text,
    )


PLUGIN = GamePlugin(
    id="bleeding-sherwood",
    title="Bleeding Sherwood",
    blurb="Bid Goode cards to rob the Peasants; every bidder takes something.",
    min_players=2,
    max_players=6,
    rules=rules,
    bot=bot,
    invariants=invariants,
    stats=stats,
    screens=screens,
    schema=schema,
    reference=Path(__file__).with_name("rules_reference.md"),
    asset="bleeding-sherwood.json",
    options=(
        OptionSpec(
            key="classic_1996",
            label="1996 rules",
            help="One target a round, and only the highest bid captures anything.",
        ),
    ),
    tiebreak_label="Goodes in hand",
)
