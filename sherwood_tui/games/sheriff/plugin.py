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
    # the expert v2 (its own kit, rules/expert.py) at 120 playouts, where thinking still
    # buys strength: by 300 its search is near its ceiling (regret a decision 0.0142 at 75,
    # 0.0096 at 300, 0.0087 at 1200), and expert:300 finished above expert:75 in only 53.1%
    # [47.4, 58.8] of 288 meetings; expert:120 above expert:30: 59.2% [53.4, 64.7] of 288
    # (`tournament sheriff --bots expert:30,expert:120 --players 3 --games 144 --seed 1001
    # --jobs 1`, 2026-12-07; with seeds 2001 and 3001, 72 games each: 58.7% [54.6, 62.6]
    # of 576). Against three sensible bots (4 players, seeds 1-120) seat 1
    # won 82.5% [74.7, 88.3] at 120 (85.8% at 300). Speed (`python -m sherwood_tui.bench
    # --search sheriff`, one core of a shared machine): at 120, median decision 0.09 s and
    # a merchant's whole market turn 0.22 s (the expert v1 in the same run: 0.90 s, 2.46 s)
    default_playouts=120,
)
