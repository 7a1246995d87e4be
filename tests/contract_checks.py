"""Checks every game must pass, reused by each game's tests: random legal play (with
the game's options drawn), privacy of views, JSON round trips and replay."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from math import prod
from typing import Any

from sherwood_tui.core.contract import AnyGame, Game, Player


def players(n: int) -> list[Player]:
    return [Player(name=name) for name in ("Robin", "Marian", "Much", "Will", "Tuck", "Alan")[:n]]


def option_values(game: AnyGame) -> dict[str, list[Any]]:
    """Each option of the game, by its key, with the values it may take: its `choices` if
    its spec has some, else off and on (read from the specs by name, whatever their
    class)."""
    return {spec.key: list(getattr(spec, "choices", None) or (False, True)) for spec in game.options}


def drawn_options(game: AnyGame, rnd: random.Random) -> dict[str, Any]:
    """Each of the game's options at a value drawn at random."""
    return {key: rnd.choice(values) for key, values in option_values(game).items()}


def option_variants(game: AnyGame) -> list[dict[str, Any]]:
    """The game's options as it is set up by default, then with each option at each of its
    other values in turn (the others at their defaults): every variant rule, one at a time."""
    defaults = {spec.key: getattr(spec, "default", False) for spec in game.options}
    variants = [defaults]
    for key, values in option_values(game).items():
        variants += [{**defaults, key: value} for value in values if value != defaults[key]]
    return variants


def options_of(game: AnyGame) -> Any:
    """A hypothesis strategy of the game's options (each option at any of its values):
    randomized checks draw them, so that a variant rule's refusal is checked too."""
    from hypothesis import strategies as st

    return st.fixed_dictionaries({key: st.sampled_from(values) for key, values in option_values(game).items()})


def random_game(
    game: AnyGame,
    n: int,
    seed: int,
    options: dict[str, Any] | None = None,
    on_step: Callable[[Any, Any, Any], None] | None = None,
    max_actions: int = 20000,
) -> tuple[Any, list[Any]]:
    """Play a random legal game; call on_step(before, action, after) each step.

    Returns the final state and the action list."""
    rnd = random.Random(seed)
    state = game.new_game(players(n), options or {}, seed)
    actions: list[Any] = []
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


def check_views_hide_secrets(game: AnyGame, state: Any, seed: int) -> None:
    """A seat's view does not change when other seats' secrets are swapped."""
    for seat in range(len(state.players)):
        scrambled = game.scramble_secrets(state, seat, seed)
        assert game.view(scrambled, seat) == game.view(state, seat), f"seat {seat} sees a secret"
        public = game.public_view(state)
        assert game.public_view(game.scramble_secrets(state, -1, seed)) == public


def check_json_round_trip(game: AnyGame, state: Any, action: Any) -> None:
    """Actions go to save files as JSON and come back equal (a save holds actions, not
    states)."""
    assert game.parse_action(game.dump_action(action)) == action


def changed(state: Any, **updates: Any) -> Any:
    """A copy of a state (a plain frozen dataclass) with some fields replaced (for tests
    that build positions)."""
    from sherwood_tui.core.draft import evolve

    return evolve(state, **updates)


def check_replay(game: AnyGame, n: int, seed: int, options: dict[str, Any], actions: list[Any], final: Any) -> None:
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


_USUAL: dict[str, dict[tuple[type, str], frozenset[Any]]] = {}


def usual_values(game: AnyGame) -> dict[tuple[type, str], frozenset[Any]]:
    """The values each field of each kind of move takes in the legal moves of a random
    game with the default options (played once a game): the values tried for a field
    when no move listed now has one, so that a move an option forbids (a favour in a
    bribe, say) is tried with its usual values, not only with nonsense."""
    if game.id not in _USUAL:
        from sherwood_tui.core.draft import field_names

        values: dict[tuple[type, str], set[Any]] = {}

        def collect(before: Any, action: Any, after: Any) -> None:
            for seat in range(len(before.players)):
                for move in game.legal_actions(before, seat):
                    for name in field_names(move.__class__):
                        values.setdefault((move.__class__, name), set()).add(getattr(move, name))

        random_game(game, game.max_players, 0, on_step=collect)
        _USUAL[game.id] = {key: frozenset(found) for key, found in values.items()}
    return _USUAL[game.id]


def move_candidates(
    game: AnyGame,
    state: Any,
    rnd: random.Random,
    per_class: int = 40,
    *,
    seats: Iterable[int] | None = None,
    classes: Iterable[type] | None = None,
    legal: list[Any] | None = None,
) -> list[Any]:
    """Well-formed moves of every kind for every seat, built by brute force over each move
    class's fields (bounded: values seen in any seat's legal moves now, or if there are
    none the field's `usual_values`, and a few more of each field's type): every
    combination if a kind has at most `per_class`, else `per_class` drawn; and the listed
    moves. Given `seats` and `classes`: only those seats' moves of those kinds, and no
    listed move but these. `legal`: every seat's listed moves, if the caller has them."""
    from itertools import product
    from typing import get_type_hints

    from sherwood_tui.core.draft import field_names

    every_seat = range(len(state.players))
    if legal is None:
        legal = [move for seat in every_seat for move in game.legal_actions(state, seat)]
    focused = seats is not None or classes is not None
    seats = list(every_seat if seats is None else seats)
    candidates: list[Any] = [] if focused else list(legal)
    for cls in sorted(game.action_classes() if classes is None else classes, key=lambda c: c.__name__):
        hints = get_type_hints(cls)
        names = [n for n in field_names(cls) if n not in ("type", "seat")]
        domains = [seats]
        for name in names:
            seen = {getattr(m, name) for m in legal if hasattr(m, name)} or set(usual_values(game).get((cls, name), ()))
            domains.append(_values_of(hints[name], seen) or [None])
        if prod(len(domain) for domain in domains) <= per_class:
            chosen = list(product(*domains))
        else:
            chosen = [tuple(rnd.choice(domain) for domain in domains) for _ in range(per_class)]
        candidates += [cls(seat=seat, **dict(zip(names, values))) for seat, *values in chosen]
    return candidates


def check_moves_both_ways(
    game: AnyGame,
    state: Any,
    rnd: random.Random,
    per_class: int = 40,
    *,
    seats: Iterable[int] | None = None,
    classes: Iterable[type] | None = None,
) -> int:
    """Every listed legal move applies; every other well-formed move (brute force, see
    `move_candidates`) is refused with a RuleError and changes nothing. How many moves
    were tried."""
    from sherwood_tui.core.errors import RuleError

    legal = [game.legal_actions(state, seat) for seat in range(len(state.players))]
    listed = {seat: set(moves) for seat, moves in enumerate(legal)}
    for seat, moves in listed.items():
        if moves:
            assert game.may_act(state, seat), f"seat {seat} has moves but may not act"
    by_step = step_rules(game, state)
    tried = 0
    every = [move for moves in legal for move in moves]
    for move in move_candidates(game, state, rnd, per_class, seats=seats, classes=classes, legal=every):
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


def check_decision_both_ways(game: AnyGame, state: Any, rnd: random.Random, per_class: int = 8) -> int:
    """`check_moves_both_ways` at the decision `state` is at, cheap enough for every step:
    only the deciding seats' moves of the kinds this step takes (every combination of a
    kind's field values if there are at most `per_class`: a refusal of a variant, such as
    a reward an option forbids, is met wherever it applies). How many moves were tried."""
    found = game.decision_at(state)
    if found is None:
        return 0
    _, actors, (_, _, rules) = found
    return check_moves_both_ways(game, state, rnd, per_class, seats=actors, classes=list(rules))


def step_rules(game: AnyGame, state: Any) -> Any:
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
