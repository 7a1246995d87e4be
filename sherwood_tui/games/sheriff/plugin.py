"""Sheriff of Nottingham: the plug-in (what the picker shows, and how to load each part)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sherwood_tui.core.plugin import GamePlugin, GameScreens, OptionSpec

if TYPE_CHECKING:
    from sherwood_tui.core.contract import AnyGame


def rules() -> AnyGame:
    from sherwood_tui.games.sheriff import GAME

    return GAME


def bot() -> Callable[..., Any]:
    from sherwood_tui.games.sheriff.bot import sensible

    return sensible


def invariants() -> Callable[[Any], list[str]]:
    from sherwood_tui.games.sheriff.invariants import problems

    return problems


def stats() -> Callable[..., None]:
    from sherwood_tui.games.sheriff.stats import count_step

    return count_step


def schema() -> type[Any]:
    from sherwood_tui.games.sheriff.schema import SheriffData

    return SheriffData


def screens() -> GameScreens:
    from sherwood_tui.games.sheriff import screens

    return GameScreens(
        screen_for=screens.screen_for,
        scoreboard_text=screens.scoreboard_text,
        interludes_for=screens.interludes_for,
        table_text=screens.table_text,
        seat_text=screens.seat_text,
        move_text=screens.move_text,
    )


PLUGIN = GamePlugin(
    id="sheriff",
    title="Sheriff of Nottingham",
    blurb="Smuggle goods past the Sheriff: declare, bluff and bribe.",
    min_players=3,
    max_players=5,
    rules=rules,
    bot=bot,
    invariants=invariants,
    stats=stats,
    screens=screens,
    schema=schema,
    reference=Path(__file__).with_name("rules_reference.md"),
    asset="sheriff-of-nottingham.json",
    options=(
        OptionSpec(
            key="royal_goods",
            label="Royal Goods",
            help="Add the 12 Royal Goods: never declarable, they travel face down like "
            "contraband but count as 2 or 3 legal goods for King and Queen.",
        ),
    ),
)
