"""Bleeding Sherwood: the plug-in (what the picker shows, and where each part lives)."""

from __future__ import annotations

from sherwood_tui.core.plugin import GamePlugin, Parts

PACKAGE = __name__.rpartition(".")[0]  # sherwood_tui.games.<game>

PLUGIN = GamePlugin(
    id="bleeding-sherwood",
    title="Bleeding Sherwood",
    blurb="Bid Goode cards to rob the Peasants; every bidder takes something.",
    min_players=2,
    max_players=6,
    parts=Parts.of_game(PACKAGE, schema="BleedingSherwoodData", options="BleedingSherwoodOptions"),
    reference=f"{PACKAGE}:rules_reference.md",
    asset="bleeding-sherwood.json",
    tiebreak_label="Goodes in hand",
    # expert:200 against three sensible bots, 4 players, 24 games each (2026-12-03): seat 1
    # won 17% with playouts to the game's end (expert:50), 33% looking 2 rounds ahead, 54%
    # looking 3, 50% looking 4 (slower)
    search_rounds=3,
    # 1000 playouts: the expert v2's median decision at most half the expert v1's (8d1879c,
    # 1300 playouts: 0.83 s in the bench's run) with a margin (`python -m sherwood_tui.bench
    # --search bleeding-sherwood --playouts N`, 2026-12-07, a shared machine: 1000: 0.31 s
    # and 0.32 s; 1300: 0.40 s and 0.47 s)
    default_playouts=1000,
)
