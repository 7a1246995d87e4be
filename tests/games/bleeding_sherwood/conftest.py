"""Helpers to set up Bleeding Sherwood rounds with chosen cards."""

from __future__ import annotations

import pytest

from sherwood_tui.core.contract import Player
from sherwood_tui.games.bleeding_sherwood import GAME
from sherwood_tui.games.bleeding_sherwood.rules.data import cards
from sherwood_tui.games.bleeding_sherwood.rules.model import new_state
from sherwood_tui.games.bleeding_sherwood.rules.options import BleedingSherwoodOptions
from sherwood_tui.games.bleeding_sherwood.rules.phases.dealing import first_round
from tests.contract_checks import changed

NAMES = ("Robin", "Marian", "Much", "Will", "Tuck", "Alan")


def G(name: str) -> int:
    """The id of the Goode with this name."""
    return next(i for i, g in enumerate(cards().goodes) if g.name == name)


def P(name: str) -> int:
    """The id of the Peasant with this name."""
    return next(i for i, p in enumerate(cards().peasants) if p.name == name)


def rig(
    n: int,
    hands: list[list[str]],
    peasants: list[str],
    goodes: list[str] = (),
    first: int = 0,
    classic: bool = False,
    peasant_rest: bool = True,
    goode_rest: bool = True,
    collected: list[list[str]] | None = None,
):
    """A state whose round starts with these hands and deck tops; returns (state, events)."""
    hand_ids = [tuple(G(c) for c in h) for h in hands]
    top_g = [G(c) for c in goodes]
    used = {c for h in hand_ids for c in h} | set(top_g)
    rest_g = [i for i in range(len(cards().goodes)) if i not in used] if goode_rest else []
    top_p = [P(p) for p in peasants]
    coll = [tuple(P(p) for p in c) for c in (collected or [[] for _ in range(n)])]
    used_p = set(top_p) | {p for c in coll for p in c}
    normal = [i for i, p in enumerate(cards().peasants) if p.special is None and p.bonus < 2 and p.value > 0]
    rest_p = [i for i in normal if i not in used_p] if peasant_rest else []
    base = new_state(
        tuple(Player(name=x) for x in NAMES[:n]),
        tuple(hand_ids),
        options=BleedingSherwoodOptions(classic_1996=classic),
        rng=7,
        goode_deck=tuple(top_g + rest_g),
        peasant_deck=tuple(top_p + rest_p),
    )
    return first_round(changed(base, collected=tuple(coll)), first)


@pytest.fixture
def game():
    return GAME
