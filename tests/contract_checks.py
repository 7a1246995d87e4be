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


# ----- legal moves, both ways ------------------------------------------------------------
def _values_of(hint: Any, seen: set[Any]) -> list[Any]:
    """Candidate values of a move field: those seen in legal moves, and a few of the
    field's type that are rarely legal (bounded)."""
    from typing import Literal, Union, get_args, get_origin

    origin, args = get_origin(hint), get_args(hint)
    extra: list[Any] = []
    if origin is Literal:
        extra = list(args)
    elif origin is Union or type(hint).__name__ == "UnionType":
        for arg in args:
            extra += [None] if arg is type(None) else _values_of(arg, set())
    elif hint is bool:
        extra = [False, True]
    elif hint is int:
        ints = [v for v in seen if type(v) is int]
        extra = [-1, 0, 1, 2, 3, *(max(ints) + 1 for _ in [0] if ints)]
    elif hint is str:
        extra = ["", "nonsense"]
    elif origin is tuple:
        elements = sorted({e for value in seen if isinstance(value, tuple) for e in value}, key=repr)[:6]
        extra = [(), *((e,) for e in elements), *((a, b) for a in elements[:3] for b in elements[:3])]
    return sorted({*seen, *extra}, key=repr)


def move_candidates(game: Game, state: Any, rnd: random.Random, per_class: int = 40) -> list[Any]:
    """Well-formed moves of every kind for every seat, built by brute force over each move
    class's fields (bounded: values seen in any seat's legal moves now, and a few more of
    each field's type), sampled to `per_class` of each kind."""
    from typing import get_type_hints

    from sherwood_tui.core.draft import field_names

    seats = range(len(state.players))
    legal = [move for seat in seats for move in game.legal_actions(state, seat)]
    candidates: list[Any] = list(legal)
    for cls in sorted(game.action_classes(), key=lambda c: c.__name__):
        hints = get_type_hints(cls)
        names = [n for n in field_names(cls) if n not in ("type", "seat")]
        domains = []
        for name in names:
            seen = {getattr(m, name) for m in legal if hasattr(m, name)}
            domains.append(_values_of(hints[name], seen) or [None])
        for _ in range(per_class):
            values = {name: rnd.choice(domain) for name, domain in zip(names, domains)}
            candidates.append(cls(seat=rnd.choice(seats), **values))
    return candidates


def check_moves_both_ways(game: Game, state: Any, rnd: random.Random, per_class: int = 40) -> int:
    """Every listed legal move applies; every other well-formed move (brute force, see
    `move_candidates`) is refused with a RuleError and changes nothing. How many moves
    were tried."""
    from sherwood_tui.core.errors import RuleError

    listed = {seat: set(game.legal_actions(state, seat)) for seat in range(len(state.players))}
    for seat, moves in listed.items():
        if moves:
            assert game.may_act(state, seat), f"seat {seat} has moves but may not act"
    by_step = step_rules(game, state)
    tried = 0
    for move in move_candidates(game, state, rnd, per_class):
        tried += 1
        if move in listed[move.seat]:
            after, events = game.apply(state, move)  # raises if a listed move is refused
            assert by_step[move.__class__](state, move) == (after, events), "the step's rule and apply differ"
            continue
        try:
            game.apply(state, move)
        except RuleError:
            continue
        raise AssertionError(f"a move not in the legal list was accepted: {move!r}")
    return tried


def step_rules(game: Game, state: Any) -> Any:
    """The rules of the step `state` is at, as the playout loop reads them from
    `decision_at` (a random move goes straight to its rule), checked against the
    generic methods: the same deciders and legal moves."""
    found = game.decision_at(state)
    assert (found is None) == game.is_over(state)
    if found is None:
        return {}
    same, actors, (_, legal, rules) = found
    assert same is state and list(actors) == game.to_act(state)
    assert Game.decision_at(game, state) == found, "the dispatch's decision_at and Game's differ"
    for seat in actors:
        assert legal(state, seat) == game.legal_actions(state, seat)
    return rules
