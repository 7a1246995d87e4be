"""Random legal games of Bleeding Sherwood: invariants hold at every step."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sherwood_tui.games.bleeding_sherwood import GAME
from sherwood_tui.games.bleeding_sherwood.rules.data import cards
from sherwood_tui.games.bleeding_sherwood.rules.invariants import problems
from tests.contract_checks import (
    check_json_round_trip,
    check_replay,
    check_views_hide_secrets,
    random_game,
)

GAMES = settings(max_examples=25, deadline=None)


@GAMES
@given(n=st.integers(2, 6), seed=st.integers(0, 2**32), classic=st.booleans())
def test_random_games_conserve_cards_and_end(n, seed, classic):
    options = {"classic_1996": classic}

    def step(before, action, after):
        assert problems(after) == []  # every Goode and Peasant in exactly one place

    final, actions = random_game(GAME, n, seed, options, on_step=step)
    assert GAME.is_over(final)
    for line in GAME.scores(final):
        assert line.total == sum(cards().peasants[p].value for p in final.collected[line.seat])
    check_replay(GAME, n, seed, options, actions, final)


@settings(max_examples=10, deadline=None)
@given(n=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_every_state_survives_json_and_hides_secrets(n, seed):
    def step(before, action, after):
        check_json_round_trip(GAME, after, action)
        check_views_hide_secrets(GAME, after, seed)

    random_game(GAME, n, seed, on_step=step)


@settings(max_examples=10, deadline=None)
@given(n=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_scrambling_changes_every_secret_it_can(n, seed):
    """The privacy checks compare views of a state and of its scrambled copy: the copy
    must differ wherever there is a secret to swap (two cards or more)."""

    def step(before, action, after):
        for keep in range(-1, n):
            scrambled = GAME.scramble_secrets(after, keep, seed)
            others = [s for s in range(n) if s != keep]
            secret = sum(len(after.hands[s]) for s in others) + len(after.goode_deck)
            if secret > 1:
                assert [scrambled.hands[s] for s in others] + [scrambled.goode_deck] != (
                    [after.hands[s] for s in others] + [after.goode_deck]
                )
            if len(after.peasant_deck) > 1:
                assert scrambled.peasant_deck != after.peasant_deck
            if keep >= 0:
                assert scrambled.hands[keep] == after.hands[keep]
            assert problems(scrambled) == []

    random_game(GAME, n, seed, on_step=step)
