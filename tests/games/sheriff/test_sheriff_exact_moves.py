"""The legal moves are exact: at many states of random games every listed move applies,
and every other well-formed move (a brute force over each move's fields) is refused with
a RuleError and changes nothing. Every choice of several things is a run of small moves,
bounded by the rules, so random play ends."""

from __future__ import annotations

import random

import pytest

from sherwood_tui.games.sheriff import GAME
from tests.contract_checks import check_moves_both_ways, players

SEEDS = range(20)


@pytest.mark.parametrize("seed", SEEDS)
def test_listed_moves_apply_and_every_other_is_refused(seed):
    rnd = random.Random(seed)
    n = 3 + seed % 3
    state = GAME.new_game(players(n), {"royal_goods": seed % 2 == 1}, seed)
    steps = 0
    while not GAME.is_over(state):
        if steps % 5 == 0:
            check_moves_both_ways(GAME, state, rnd, per_class=12)
        seat = rnd.choice(GAME.to_act(state))
        state, _ = GAME.apply(state, rnd.choice(GAME.legal_actions(state, seat)))
        steps += 1
        assert steps < 20000
