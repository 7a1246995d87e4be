"""The expert's guess of a whole state from one seat's view (`rules/determinize.py`):
it fits the view exactly, keeps every card in one place, plays on to the end, and
draws what the seat cannot see anew each time."""

from __future__ import annotations

import random

from sherwood_tui.core.playout import playout
from sherwood_tui.games.bleeding_sherwood import GAME
from sherwood_tui.games.bleeding_sherwood.rules.determinize import determinize
from sherwood_tui.games.bleeding_sherwood.rules.invariants import problems
from tests.contract_checks import random_game


def states(seed: int, n: int, every: int = 7) -> list:
    seen = []
    random_game(GAME, n, seed, on_step=lambda before, action, after: seen.append(after))
    return [s for s in seen[::every] if not GAME.is_over(s)]


def test_a_guessed_state_shows_the_seat_exactly_its_view_and_keeps_every_card():
    for seed, n in ((1, 3), (2, 4), (3, 6)):
        for state in states(seed, n):
            for seat in range(n):
                view = GAME.view(state, seat)
                guess = determinize(view, random.Random(seed))
                assert GAME.view(guess, seat) == view
                assert problems(guess) == []
                assert GAME.to_act(guess) == GAME.to_act(state)
                assert GAME.legal_actions(guess, seat) == GAME.legal_actions(state, seat)


def test_a_guessed_state_plays_on_to_the_end():
    rnd = random.Random(5)
    for state in states(5, 4, every=11):
        guess = determinize(GAME.view(state, 0), rnd)
        end, _ = playout(GAME, guess, lambda s, seat: rnd.choice(GAME.legal_actions(s, seat)), rnd)
        assert GAME.is_over(end)


def test_what_the_seat_cannot_see_is_drawn_anew():
    state = states(8, 4)[0]
    view = GAME.view(state, 0)
    guesses = {determinize(view, random.Random(k)).hands[1:] for k in range(10)}
    assert len(guesses) > 1
