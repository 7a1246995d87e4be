"""Checks every game must pass, reused by each game's tests: random legal play,
privacy of views, JSON round trips and replay."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from sherwood_tui.core.contract import Game, Player


def players(n: int) -> list[Player]:
    return [Player(name=name) for name in ("Robin", "Marian", "Much", "Will", "Tuck", "Alan")[:n]]


def random_game(
    game: Game,
    n: int,
    seed: int,
    options: dict | None = None,
    on_step: Callable[[Any, Any, Any], None] | None = None,
    max_actions: int = 20000,
):
    """Play a random legal game; call on_step(before, action, after) each step.

    Returns the final state and the action list."""
    rnd = random.Random(seed)
    state = game.new_game(players(n), options or {}, seed)
    actions = []
    while not game.is_over(state):
        assert len(actions) < max_actions, "the game did not end"
        seats = game.to_act(state)
        assert seats, "nobody must act in a game that is not over"
        seat = rnd.choice(seats)
        legal = game.legal_actions(state, seat)
        assert legal, f"seat {seat} must act but has no legal action"
        action = rnd.choice(legal)
        after, events = game.apply(state, action)
        for event in events:
            assert "you" not in event.text.lower().split(), event.text
        if on_step:
            on_step(state, action, after)
        actions.append(action)
        state = after
    return state, actions


def check_views_hide_secrets(game: Game, state: Any, seed: int) -> None:
    """A seat's view does not change when other seats' secrets are swapped."""
    for seat in range(len(state.players)):
        scrambled = game.scramble_secrets(state, seat, seed)
        assert game.view(scrambled, seat) == game.view(state, seat), f"seat {seat} sees a secret"
        public = game.public_view(state)
        assert game.public_view(game.scramble_secrets(state, -1, seed)) == public


def check_json_round_trip(game: Game, state: Any, action: Any) -> None:
    """Actions go to save files as JSON and come back equal (a save holds actions, not
    states)."""
    assert game.parse_action(game.dump_action(action)) == action


def changed(state: Any, **updates: Any) -> Any:
    """A copy of a state (a plain frozen dataclass) with some fields replaced (for tests
    that build positions)."""
    from sherwood_tui.core.draft import evolve

    return evolve(state, **updates)


def check_replay(game: Game, n: int, seed: int, options: dict, actions: list, final: Any) -> None:
    state = game.new_game(players(n), options, seed)
    for action in actions:
        state, _ = game.apply(state, action)
    assert state == final
