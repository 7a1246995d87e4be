"""Bleeding Sherwood: the plug-in (what the picker shows, and where each part lives)."""

from __future__ import annotations

from sherwood_tui.core.plugin import GamePlugin, OptionSpec, Parts

PACKAGE = __name__.rpartition(".")[0]  # sherwood_tui.games.<game>

PLUGIN = GamePlugin(
    id="bleeding-sherwood",
    title="Bleeding Sherwood",
    blurb="Bid Goode cards to rob the Peasants; every bidder takes something.",
    min_players=2,
    max_players=6,
    parts=Parts.of_game(PACKAGE, schema="BleedingSherwoodData"),
    reference=f"{PACKAGE}:rules_reference.md",
    asset="bleeding-sherwood.json",
    options=(
        OptionSpec(
            key="classic_1996",
            label="1996 rules",
            help="One target a round, and only the highest bid captures anything.",
        ),
    ),
    tiebreak_label="Goodes in hand",
    # expert:200 against three sensible bots, 4 players, 24 games each (2026-12-03): seat 1
    # won 17% with playouts to the game's end (expert:50), 33% looking 2 rounds ahead, 54%
    # looking 3, 50% looking 4 (slower)
    search_rounds=3,
    # 1300 playouts: the largest round budget whose median decision is within a second, with
    # a margin (`python -m sherwood_tui.bench --search bleeding-sherwood --playouts N`,
    # 2026-12-06, a shared machine, two runs each: 1300: 0.80 s and 0.75 s; 1500: 1.01 s and
    # 0.90 s; 1600: 1.09 s and 1.07 s)
    default_playouts=1300,
)
