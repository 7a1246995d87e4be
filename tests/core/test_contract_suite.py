"""One contract test suite for every game of the catalog (a new game cannot skip it):
random legal games reach their end with the game's invariants after every step, legal
actions never empty for a seat that must act, actions surviving JSON, replay from the
seed; the legal moves exactly the moves `apply` accepts (both ways); and privacy: a
seat's view is the same when every other seat's secrets are scrambled, and the scramble
really changes something."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sherwood_tui import catalog
from tests.contract_checks import (
    check_json_round_trip,
    check_moves_both_ways,
    check_replay,
    check_views_hide_secrets,
    random_game,
)

GAMES = [info for info in catalog.GAMES if info.ready]
IDS = [info.id for info in GAMES]


@pytest.mark.parametrize("info", GAMES, ids=IDS)
@settings(max_examples=8, deadline=None)
@given(data=st.data())
def test_contract_random_games_keep_the_invariants_and_replay(info, data):
    game, problems = info.load(), info.invariants()
    n = data.draw(st.integers(game.min_players, game.max_players), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    options = {o.key: data.draw(st.booleans(), label=o.key) for o in game.options}

    def step(before, action, after):
        assert problems(after) == [], problems(after)
        check_json_round_trip(game, after, action)

    final, actions = random_game(game, n, seed, options, on_step=step)
    assert game.is_over(final) and game.winners(final)
    check_replay(game, n, seed, options, actions, final)


@pytest.mark.parametrize("info", GAMES, ids=IDS)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_contract_views_hide_secrets_and_the_scramble_changes_something(info, seed):
    game = info.load()
    changed = []

    def step(before, action, after):
        check_views_hide_secrets(game, after, seed)
        for seat in range(len(after.players)):
            changed.append(game.scramble_secrets(after, seat, seed) != after)

    random_game(game, game.max_players, seed, on_step=step)
    assert any(changed), f"{info.id}: scrambling the other seats' secrets never changed the state"


@pytest.mark.parametrize("info", GAMES, ids=IDS)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_contract_the_legal_moves_are_exactly_the_moves_apply_accepts(info, seed):
    """Both ways, at states of a random game: every listed move applies, and every other
    well-formed move (a brute force over each move class's fields) is refused."""
    game = info.load()
    rnd = random.Random(seed)
    tried = []

    def step(before, action, after):
        if not game.is_over(after) and rnd.random() < 0.08:
            tried.append(check_moves_both_ways(game, after, rnd, per_class=25))

    random_game(game, rnd.randint(game.min_players, game.max_players), seed, on_step=step)
    assert tried, "no state was checked"
