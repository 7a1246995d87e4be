"""Bleeding Sherwood's card data (our design), loaded once from assets/."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from sherwood_tui.core.assets import asset_data


@dataclass(frozen=True)
class Goode:
    name: str
    value: int


@dataclass(frozen=True)
class Peasant:
    name: str
    value: int
    bonus: int
    special: str | None
    text: str


@dataclass(frozen=True)
class Cards:
    goodes: tuple[Goode, ...]
    peasants: tuple[Peasant, ...]
    hand_size: int
    winning_score: int
    min_target_value: dict[int, int]
    two_player_targets: int


@cache
def cards() -> Cards:
    raw = asset_data("bleeding-sherwood.json")
    return Cards(
        goodes=tuple(Goode(g["name"], g["value"]) for g in raw["goodes"]),
        peasants=tuple(
            Peasant(p["name"], p["value"], p["bonus"], p["special"], p["text"])
            for p in raw["peasants"]
        ),
        hand_size=raw["hand_size"],
        winning_score=raw["winning_score"],
        min_target_value={int(k): v for k, v in raw["min_target_value"].items()},
        two_player_targets=raw["two_player_targets"],
    )
