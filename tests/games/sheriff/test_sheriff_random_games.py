"""Random legal games of Sheriff of Nottingham: invariants hold at every step."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sherwood_tui.core.errors import RuleError
from sherwood_tui.games.sheriff import GAME
from sherwood_tui.games.sheriff.rules.data import load
from sherwood_tui.games.sheriff.rules.invariants import problems
from tests.contract_checks import (
    check_json_round_trip,
    check_replay,
    check_views_hide_secrets,
    players,
    random_game,
)

GAMES = settings(max_examples=30, deadline=None)


@GAMES
@given(n=st.integers(3, 5), seed=st.integers(0, 2**32), royal=st.booleans())
def test_random_games_conserve_cards_and_gold_and_end_on_time(n, seed, royal):
    options = {"royal_goods": royal}
    sheriffs = []

    def step(before, action, after):
        assert problems(after) == []  # cards and gold conserved, no negative gold, limits
        if not sheriffs:
            sheriffs.append(before.sheriff)
        if after.round != before.round:
            sheriffs.append(after.sheriff)

    final, actions = random_game(GAME, n, seed, options, on_step=step)
    assert GAME.is_over(final)
    turns = load().sheriff_turns[n]
    assert final.round == n * turns
    assert sorted(sheriffs) == sorted(list(range(n)) * turns)
    assert all(h == () for h in final.hands)
    lines = GAME.scores(final)
    values = load().card_types
    for line in lines:
        assert line.total == sum(line.parts.values())
        stand = final.stands_up[line.seat] + final.stands_down[line.seat]
        assert line.parts["Goods"] == sum(values[c].value for c in stand)
        assert line.parts["Gold"] == final.gold[line.seat]
    check_replay(GAME, n, seed, options, actions, final)


@settings(max_examples=12, deadline=None)
@given(n=st.integers(3, 5), seed=st.integers(0, 2**32), royal=st.booleans())
def test_every_state_survives_json_and_hides_secrets(n, seed, royal):
    def step(before, action, after):
        check_json_round_trip(GAME, after, action)
        check_views_hide_secrets(GAME, after, seed)

    random_game(GAME, n, seed, {"royal_goods": royal}, on_step=step)


@settings(max_examples=5, deadline=None)
@given(n=st.integers(3, 5), seed=st.integers(0, 2**32))
def test_every_listed_action_is_legal(n, seed):
    def step(before, action, after):
        for seat in GAME.to_act(after):
            for legal in GAME.legal_actions(after, seat):
                try:
                    GAME.apply(after, legal)
                except RuleError as err:  # pragma: no cover - reported by the assert
                    raise AssertionError(f"listed action {legal!r} refused: {err}") from None

    random_game(GAME, n, seed, {"royal_goods": True}, on_step=step)


def test_same_seed_and_actions_give_the_same_game():
    final, actions = random_game(GAME, 4, 1234, {"royal_goods": True})
    again, actions_again = random_game(GAME, 4, 1234, {"royal_goods": True})
    assert again == final and actions_again == actions
    state = GAME.new_game(players(4), {"royal_goods": True}, 1234)
    for action in actions:
        state, _ = GAME.apply(state, GAME.parse_action(GAME.dump_action(action)))
    assert state == final


def test_seats_not_to_act_have_no_legal_actions():
    rnd = random.Random(3)
    state = GAME.new_game(players(5), {}, 3)
    for _ in range(300):
        if GAME.is_over(state):
            break
        acting = GAME.to_act(state)
        for seat in range(5):
            if seat not in acting:
                assert GAME.legal_actions(state, seat) == []
                assert not GAME.is_private(state, seat)
        seat = rnd.choice(acting)
        state, _ = GAME.apply(state, rnd.choice(GAME.legal_actions(state, seat)))
