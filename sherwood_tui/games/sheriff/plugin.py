"""Sheriff of Nottingham: the plug-in (what the picker shows, and where each part lives)."""

from __future__ import annotations

from sherwood_tui.core.plugin import GamePlugin, Parts

PACKAGE = __name__.rpartition(".")[0]  # sherwood_tui.games.<game>

PLUGIN = GamePlugin(
    id="sheriff",
    title="Sheriff of Nottingham",
    blurb="Smuggle goods past the Sheriff: declare, bluff and bribe.",
    min_players=3,
    max_players=5,
    parts=Parts.of_game(PACKAGE, schema="SheriffData", options="SheriffOptions"),
    reference=f"{PACKAGE}:rules_reference.md",
    asset="sheriff-of-nottingham.json",
    asset_continues=("63a0b0c763c784cd",),  # before the list of favours (rules core v3)
    # expert:50 against three sensible bots, 4 players, 8 games each (2026-12-03): seat 1
    # won 12% looking 1 round (one Sheriff's turn) ahead, 50% looking 2
    search_rounds=2,
    # the expert v2 (its own kit, rules/expert.py): 300 playouts keep a merchant's whole
    # market turn within a second of CPU and the median decision within half the expert
    # v1's (`python -m sherwood_tui.bench --search sheriff`, 2026-12-07 at 7a745d9, a
    # shared machine: 300 playouts: median decision 0.28 s against v1's 1.02 s, market
    # turn 0.77 s against v1's 3.28 s; 400 (before draws refilled the hand at once):
    # market turn 1.13 s); at 100 it already won 14 of 16 games against three sensible bots
    default_playouts=300,
)
