"""Sherwood (2005): the plug-in (what the picker shows, and where each part lives)."""

from __future__ import annotations

from sherwood_tui.core.plugin import GamePlugin, Parts

PACKAGE = __name__.rpartition(".")[0]  # sherwood_tui.games.<game>

PLUGIN = GamePlugin(
    id="sherwood",
    title="Sherwood (2005)",
    blurb="Send secret ambush parties on missions; win towns, dodge prison.",
    min_players=2,
    max_players=4,
    parts=Parts.of_game(PACKAGE, schema="SherwoodData", options="SherwoodOptions"),
    reference=f"{PACKAGE}:rules_reference.md",
    asset="sherwood-2005.json",
    # expert:50 against two sensible bots, 3 players (2026-12-03): seat 1 won 17% of 12
    # games looking 1 round (a turn of the game) ahead, 33% of 12 looking 2, 48% of 24 looking 3
    search_rounds=3,
    # the expert v2 (rules/expert.py) at 150 playouts: `python -m sherwood_tui.bench --search
    # sherwood` (2026-12-07, a shared, loaded machine): median decision 0.43 s against the
    # expert v1 (8d1879c) at its 150 in the same run, 1.05 s (ratio 2.43; another run 0.38 s
    # against 0.84 s, 2.22; a third 0.32 s against 0.81 s, 2.51): at most half, kept at 150
    # for strength (`simulate sherwood --players 3 --bots expert,sensible,sensible --games
    # 120 --seed 1`: seat 1 won 73.8% [65.2, 80.8])
    default_playouts=150,
)
