"""The expert's search (core/search.py) on the toy game: it plays from a seat's view,
finds the winning move, and gives the same choice for the same seed and budget."""

from __future__ import annotations

import random

from sherwood_tui.core.search import Search, expert_decision
from tests.contract_checks import players
from tests.core.pebbles import GAME, Hide, Stop, Take


def rollout(state, seat, rnd):
    return rnd.choice(GAME.legal_actions(state, seat))


def position(heap: int, taken_now: int = 0, pebbles=(0, 0)):
    state = GAME.new_game(players(2), {}, 1)
    for seat in range(2):
        state = GAME.apply(state, Hide(seat=seat, number=0))[0]
    from sherwood_tui.core.draft import evolve

    return evolve(state, heap=heap, taken_now=taken_now, pebbles=pebbles)


def search(state, seed=1, playouts=400):
    seat = state.turn
    legal = GAME.legal_actions(state, seat)
    found = Search(GAME, GAME.view(state, seat), seat=seat, seats=2, legal=legal, rnd=random.Random(seed),
                   rollout=rollout)
    found.run(playouts)
    return found


def test_the_search_takes_the_last_pebble_when_it_can():
    state = position(heap=1)
    assert search(state).choices()[0].move == Take(seat=0)


def test_the_search_stops_when_it_must():
    """Three taken this turn: the only move is to stop."""
    state = position(heap=2, taken_now=3)
    assert search(state).choices()[0].move == Stop(seat=0)


def test_a_choice_names_the_rest_of_its_decision_and_its_chance():
    state = position(heap=3, pebbles=(0, 2))  # all three win; two and a stop lose
    best = search(state, playouts=600).choices()[0]
    assert best.move == Take(seat=0) and best.then[:2] == (Take(seat=0), Take(seat=0))
    assert 0.5 < best.wins <= 1.0


def test_same_seed_and_budget_same_decision():
    state = position(heap=7)
    seat, legal = 0, GAME.legal_actions(state, 0)
    decide = lambda seed: expert_decision(GAME, GAME.view(state, seat), seat=seat, seats=2, legal=legal,
                                          rnd=random.Random(seed), playouts=200, rollout=rollout)
    assert decide(5) == decide(5) and len(decide(5)) >= 1


def test_with_proposals_the_expert_picks_the_best_whole_decision_proposed():
    """Given a proposer of whole decisions (the sensible bot's, in the app), the expert
    weighs the distinct ones proposed (and every single move that is a decision alone)
    by playouts from its view: one pebble taken, two left, it takes both and wins."""
    state = position(heap=2, taken_now=1, pebbles=(1, 2))
    seat, legal = 0, GAME.legal_actions(state, 0)
    take, stop = Take(seat=0), Stop(seat=0)
    assert set(legal) == {take, stop}
    propose = lambda rnd: rnd.choice([(take, take), (take, stop)])
    decision = expert_decision(GAME, GAME.view(state, seat), seat=seat, seats=2, legal=legal,
                               rnd=random.Random(3), playouts=60, rollout=rollout, propose=propose)
    assert decision == (take, take)
