"""The invariants that the soak runs check: they hold in real games, and they catch a
state where something appeared or vanished."""

from __future__ import annotations

import pytest

from sherwood_tui.games.bleeding_sherwood import GAME as BLEEDING
from sherwood_tui.games.bleeding_sherwood.rules import invariants as bleeding
from sherwood_tui.games.sheriff import GAME as SHERIFF
from sherwood_tui.games.sheriff.rules import invariants as sheriff
from sherwood_tui.games.sherwood import GAME as SHERWOOD
from sherwood_tui.games.sherwood.rules import invariants as sherwood
from tests.contract_checks import changed, random_game


def midgame(game, n: int, seed: int, steps: int = 40):
    states = []
    random_game(game, n, seed, on_step=lambda before, action, after: states.append(after))
    return states[min(steps, len(states) - 1)]


def test_bleeding_sherwood_invariants_catch_a_lost_goode_and_a_copied_peasant():
    state = midgame(BLEEDING, 4, 3)
    assert bleeding.problems(state) == []
    hands = (state.hands[0][1:],) + state.hands[1:]
    assert bleeding.problems(changed(state, hands=hands)) == ["Goodes appeared or vanished"]
    copied = changed(state, peasant_discard=state.peasant_discard + (0,))
    assert bleeding.problems(copied) == ["Peasants appeared or vanished"]


def test_sheriff_invariants_catch_made_gold_negative_gold_and_a_lost_card():
    state = midgame(SHERIFF, 4, 3)
    assert sheriff.problems(state) == []
    richer = changed(state, gold=(state.gold[0] + 1,) + state.gold[1:])
    assert sheriff.problems(richer)[0].startswith("gold appeared or vanished")
    negative = changed(state, gold=(-1, state.gold[1] + state.gold[0] + 1) + state.gold[2:])
    assert sheriff.problems(negative)[0].startswith("negative gold")
    lost = changed(state, draw_pile=state.draw_pile[1:])
    assert sheriff.problems(lost) == ["a card appeared or vanished"]


@pytest.mark.parametrize("steps", [30, 80])
def test_sherwood_invariants_catch_lost_loot_false_popularity_and_a_runaway_game(steps):
    state = midgame(SHERWOOD, 3, 5, steps)
    assert sherwood.problems(state) == []
    lost = changed(state, loot_deck=state.loot_deck[1:])
    assert "loot cards appeared or vanished" in sherwood.problems(lost)
    famous = changed(state, popularity=(state.popularity[0] + 2,) + state.popularity[1:])
    assert "seat 0's popularity differs from its scoring events" in sherwood.problems(famous)
    endless = changed(state, turn=sherwood.MAX_TURNS + 1)
    assert sherwood.problems(endless)[-1].startswith("turn 41")
