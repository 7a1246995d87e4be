"""One contract test suite for every game of the catalog (a new game cannot skip it):
random legal games, with the game's options drawn, reach their end with the game's
invariants after every step, legal actions never empty for a seat that must act,
actions surviving JSON, replay from the seed; the legal moves exactly the moves `apply`
accepts, both ways, with each option on in turn (so a variant's refusal is checked too);
and privacy: a seat's view is the same when every other seat's secrets are scrambled,
and the scramble really changes something."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sherwood_tui import catalog
from sherwood_tui.core.plugin import GamePlugin
from tests.contract_checks import (
    check_decision_both_ways,
    check_json_round_trip,
    check_moves_both_ways,
    check_replay,
    check_views_hide_secrets,
    option_variants,
    options_of,
    random_game,
)

GAMES = [info for info in catalog.GAMES if info.ready]
IDS = [info.id for info in GAMES]


@pytest.mark.parametrize("info", GAMES, ids=IDS)
@settings(max_examples=8, deadline=None)
@given(data=st.data())
def test_contract_random_games_keep_the_invariants_and_replay(info: GamePlugin, data: st.DataObject) -> None:
    game, problems = info.load(), info.invariants()
    n = data.draw(st.integers(game.min_players, game.max_players), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    options = data.draw(options_of(game), label="options")

    def step(before: Any, action: Any, after: Any) -> None:
        assert problems(after) == [], problems(after)
        check_json_round_trip(game, after, action)

    final, actions = random_game(game, n, seed, options, on_step=step)
    assert game.is_over(final) and game.winners(final)
    check_replay(game, n, seed, options, actions, final)


@pytest.mark.parametrize("info", GAMES, ids=IDS)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32), data=st.data())
def test_contract_views_hide_secrets_and_the_scramble_changes_something(info: GamePlugin, seed: int, data: st.DataObject) -> None:
    game = info.load()
    options = data.draw(options_of(game), label="options")
    changed = []

    def step(before: Any, action: Any, after: Any) -> None:
        check_views_hide_secrets(game, after, seed)
        for seat in range(len(after.players)):
            changed.append(game.scramble_secrets(after, seat, seed) != after)

    random_game(game, game.max_players, seed, options, on_step=step)
    assert any(changed), f"{info.id}: scrambling the other seats' secrets never changed the state"


VARIANTS = [(info, options) for info in GAMES for options in option_variants(info.load())]


def variant_id(options: dict[str, Any]) -> str:
    return ",".join(key for key, value in options.items() if value) or "defaults"


@pytest.mark.parametrize(
    ("info", "options"), VARIANTS, ids=[f"{info.id}-{variant_id(options)}" for info, options in VARIANTS]
)
@settings(max_examples=1, deadline=None)  # a game a variant: every decision of it is checked
@given(seed=st.integers(0, 2**32))
def test_contract_the_legal_moves_are_exactly_the_moves_apply_accepts(
    info: GamePlugin, options: dict[str, Any], seed: int
) -> None:
    """Both ways, in random games of every variant of the game (its options as set up by
    default, then each option on in turn): every listed move applies, and every other
    well-formed move (a brute force over each move class's fields) is refused: the deciding
    seats' moves of the step's kinds at every decision (so a variant's refusal is met
    wherever it applies), every seat's moves of every kind at some."""
    game = info.load()
    rnd = random.Random(seed)
    tried = []

    def step(before: Any, action: Any, after: Any) -> None:
        if game.is_over(after):
            return
        tried.append(check_decision_both_ways(game, after, rnd))  # every decision, its own kinds of move
        if rnd.random() < 0.03:
            tried.append(check_moves_both_ways(game, after, rnd, per_class=25))

    random_game(game, rnd.randint(game.min_players, game.max_players), seed, options, on_step=step)
    assert tried, "no state was checked"
