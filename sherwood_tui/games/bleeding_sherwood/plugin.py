"""Bleeding Sherwood: the plug-in (what the picker shows, and where each part lives)."""

from __future__ import annotations

from sherwood_tui.core.plugin import GamePlugin, OptionSpec, Parts

PLUGIN = GamePlugin(
    id="bleeding-sherwood",
    title="Bleeding Sherwood",
    blurb="Bid Goode cards to rob the Peasants; every bidder takes something.",
    min_players=2,
    max_players=6,
    parts=Parts(
        rules="sherwood_tui.games.bleeding_sherwood:GAME",
        bot="sherwood_tui.games.bleeding_sherwood.rules.bot:sensible",
        invariants="sherwood_tui.games.bleeding_sherwood.rules.invariants:problems",
        stats="sherwood_tui.games.bleeding_sherwood.rules.stats:count_step",
        screens="sherwood_tui.games.bleeding_sherwood.ui.screens",
        schema="sherwood_tui.games.bleeding_sherwood.rules.schema:BleedingSherwoodData",
    ),
    reference="sherwood_tui.games.bleeding_sherwood:rules_reference.md",
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
