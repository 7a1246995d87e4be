"""Sherwood (2005): the plug-in (what the picker shows, and how to load each part)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sherwood_tui.core.plugin import GamePlugin, GameScreens, OptionSpec

if TYPE_CHECKING:
    from sherwood_tui.core.contract import AnyGame


def rules() -> AnyGame:
    from sherwood_tui.games.sherwood import GAME

    return GAME


def bot() -> Callable[..., Any]:
    from sherwood_tui.games.sherwood.bot import sensible

    return sensible


def invariants() -> Callable[[Any], list[str]]:
    from sherwood_tui.games.sherwood.invariants import problems

    return problems


def stats() -> Callable[..., None]:
    from sherwood_tui.games.sherwood.stats import count_step

    return count_step


def schema() -> type[Any]:
    from sherwood_tui.games.sherwood.schema import SherwoodData

    return SherwoodData


def screens() -> GameScreens:
    from sherwood_tui.games.sherwood import screens

    return GameScreens(
        screen_for=screens.screen_for,
        scoreboard_text=screens.scoreboard_text,
        interludes_for=screens.interludes_for,
        table_text=screens.table_text,
        seat_text=screens.seat_text,
        move_text=screens.move_text,
    )


PLUGIN = GamePlugin(
    id="sherwood",
    title="Sherwood (2005)",
    blurb="Send secret ambush parties on missions; win towns, dodge prison.",
    min_players=2,
    max_players=4,
    rules=rules,
    bot=bot,
    invariants=invariants,
    stats=stats,
    screens=screens,
    schema=schema,
    reference=Path(__file__).with_name("rules_reference.md"),
    asset="sherwood-2005.json",
    options=(
        OptionSpec(
            key="camp_needs_town",
            label="Camp only after a town",
            help="The designer's variant: the Camp reward may only be taken by a player "
            "who already holds at least one town.",
        ),
    ),
)
