"""The search beside the app (core/thinker.py): worker processes play a search's
playouts, with the same decision and figures as one process, and a broken worker costs
nothing but time."""

from __future__ import annotations

import random

import pytest

from sherwood_tui import catalog
from sherwood_tui.core import thinker
from sherwood_tui.core.bots import rank, sensible_player
from sherwood_tui.core.contract import Player


def position(game_id: str = "bleeding-sherwood", players: int = 4, decisions: int = 12):
    """A seeded sensible-bot game `decisions` decisions in, with seat 1 to choose among several moves."""
    game = catalog.get(game_id).load()
    state = game.new_game([Player(name=f"P{i}") for i in range(players)], {}, 5)
    rnd, made = random.Random(5), 0
    while True:
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if seat == 0 and len(legal) > 1 and made >= decisions:
            return game, state
        decision = sensible_player(game.id)(game.view(state, seat), legal, rnd)
        for move in decision if isinstance(decision, tuple) else (decision,):
            state = game.apply(state, move)[0]
        made += 1


def judged(game, state, playouts: int = 120):
    return rank(game, game.view(state, 0), game.legal_actions(state, 0), random.Random(9), seat=0,
                seats=len(state.players), playouts=playouts)


@pytest.fixture
def workers():
    thinker.start(2)
    yield thinker.pool()
    thinker.close()


@pytest.mark.parametrize(("game_id", "players"), [("bleeding-sherwood", 4), ("sheriff", 4), ("sherwood", 3)])
def test_two_workers_judge_exactly_as_one_process(workers, monkeypatch, game_id, players):
    game, state = position(game_id, players, 20)
    thinker.close()
    alone = judged(game, state, 60)
    thinker.start(2)
    trips = []
    play_worlds = thinker.Pool.play_worlds
    monkeypatch.setattr(thinker.Pool, "play_worlds", lambda *args: trips.append(1) or play_worlds(*args))
    assert judged(game, state, 60) == alone
    assert trips  # the workers played it


def test_a_broken_worker_is_let_go_and_the_search_is_made_here(workers):
    game, state = position()
    for process, _ in workers.workers:
        process.kill()
        process.wait()
    thinker.close()
    alone = judged(game, state)
    thinker.start(2)
    for process, _ in thinker.pool().workers:
        process.kill()
        process.wait()
    assert judged(game, state) == alone
    assert thinker.pool() is None


def test_one_core_starts_no_workers():
    thinker.start(1)
    assert thinker.pool() is None
