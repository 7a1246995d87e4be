"""The expert's guess of a whole state from one seat's view (`Game.determinize`), for
every game that has one: it fits the view exactly, keeps every card in one place (the
game's invariants), plays on to the end, and draws what the seat cannot see anew."""

from __future__ import annotations

import random

import pytest

from sherwood_tui import catalog
from sherwood_tui.core.playout import playout
from tests.contract_checks import random_game

SEARCHED = ["bleeding-sherwood", "sheriff", "sherwood"]


def states(game, seed: int, n: int, every: int = 7) -> list:
    seen = []
    random_game(game, n, seed, on_step=lambda before, action, after: seen.append(after))
    return [s for s in seen[::every] if not game.is_over(s)]


def sizes(info) -> list[int]:
    return sorted({info.min_players, (info.min_players + info.max_players) // 2, info.max_players})


@pytest.mark.parametrize("game_id", SEARCHED)
def test_a_guessed_state_shows_the_seat_exactly_its_view_and_keeps_every_card(game_id):
    info = catalog.get(game_id)
    game, problems = info.load(), info.invariants()
    for seed, n in enumerate(sizes(info), start=1):
        for state in states(game, seed, n, every=13):
            for seat in range(n):
                view = game.view(state, seat)
                guess = game.determinize(view, random.Random(seed))
                assert game.view(guess, seat) == view
                assert problems(guess) == []
                assert game.to_act(guess) == game.to_act(state)
                assert game.legal_actions(guess, seat) == game.legal_actions(state, seat)


@pytest.mark.parametrize("game_id", SEARCHED)
def test_a_guessed_state_plays_on_to_the_end(game_id):
    game = catalog.get(game_id).load()
    rnd = random.Random(5)
    for state in states(game, 5, 4, every=41):
        guess = game.determinize(game.view(state, 0), rnd)
        end, _ = playout(game, guess, lambda s, seat: rnd.choice(game.legal_actions(s, seat)), rnd)
        assert game.is_over(end)


@pytest.mark.parametrize("game_id", SEARCHED)
def test_what_the_seat_cannot_see_is_drawn_anew(game_id):
    game = catalog.get(game_id).load()
    state = states(game, 8, 4)[3]
    view = game.view(state, 0)
    guesses = {repr(game.determinize(view, random.Random(k)).hands[1:]) for k in range(10)}
    assert len(guesses) > 1
