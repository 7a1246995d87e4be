"""The one loop that plays a game forward: the simulator, soak runs, kept games, the
bench and searching bots all play through `playout`.

At each step the seat to act decides (the only one, or one drawn with `rnd` among
several deciding at once; a seat whose decision is still open — its last move was a part
move — keeps the turn until it ends it). `choose(state, seat)` gives its decision: one
move, or a sequence of its moves, applied in order; or, with `choose` None, `rnd` draws
one of the seat's legal moves (the random bot's decision, made in the loop).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from sherwood_tui.core.contract import AnyGame, Event

MAX_MOVES = 200_000  # no game of ours comes near; a bug that loops stops here

Chooser = Callable[[Any, int], Any]  # (state, seat) -> a move or a sequence of moves
RANDOM_MOVE = None  # as `choose`: each decision a legal move drawn with `rnd`, in the loop
OnMove = Callable[[Any, Any, Any, list[Event]], None]  # (before, move, after, events)


class PlayoutError(AssertionError):
    """A game that cannot go on: nobody may act, or it did not end in `MAX_MOVES`."""


def playout(
    game: AnyGame, state: Any, choose: Chooser | None, rnd: random.Random, *,
    on_move: OnMove | None = None, limit: int = MAX_MOVES, rounds: int | None = None,
) -> tuple[Any, int]:
    """Play from `state` to the game's end (or, given `rounds`, until that many rounds
    have ended, at a decision's end); the state reached and how many moves were made.
    `on_move` is told every move. A move the rules refuse raises their RuleError.

    `choose` `RANDOM_MOVE` (None): each decision is one of the seat's legal moves drawn
    with `rnd` (`rnd.choice`, as the random bot draws: the same game from the same seed),
    in the loop: the move, from the step's own exact list, goes straight to the step's
    rule for it, as `apply` takes a legal move (its checks are for moves from outside).

    A decision of one move (the common case) makes no list: a sequence is kept in `rest`
    and its moves made one a pass of the loop, with no new question to the game."""
    decision_at, apply, draw = game.decision_at, game.apply, rnd.choice
    moves = seat = 0
    open_seat: int | None = None
    rest: list[Any] = []  # the moves still to make of a decision given as several (last first)
    while True:
        made = None  # a random move's (new state, events), made as it was drawn
        if rest:
            move, queued = rest.pop(), True
        else:
            queued = False
            found = decision_at(state)
            if found is None:
                break
            _, seats, step = found  # the seats that decide; their step's (actors, legal, rules)
            if moves >= limit:
                raise PlayoutError(f"the game did not end in {limit:,} moves")
            if open_seat is None:
                if len(seats) == 1:
                    seat = seats[0]
                elif seats:
                    seat = draw(seats)
                else:
                    raise PlayoutError("nobody may act, yet the game is not over")
            else:
                seat = open_seat
            if choose is None:
                move = draw(step[1](state, seat))
                made = step[2][move.__class__](state, move)
            else:
                move = choose(state, seat)
        try:
            part = move.part
        except AttributeError:  # a sequence of moves (or something that is no move)
            rest = several(game, state, move, inside=queued)
            continue
        after, events = apply(state, move) if made is None else made
        if on_move is not None:
            on_move(state, move, after, events)
        state = after
        moves += 1
        open_seat = seat if part else None
        if rounds is not None:
            rounds -= count_round_ends(events)
            if rounds <= 0 and open_seat is None and not rest:
                break
    return state, moves


def several(game: AnyGame, state: Any, decision: Any, *, inside: bool) -> list[Any]:
    """The moves of a decision given as a tuple or list, last first (to be popped).
    Anything else (or a sequence inside one: `inside`) is refused by the rules, in their
    words, as any object that is not a move."""
    if inside or (type(decision) is not tuple and type(decision) is not list):
        game.apply(state, decision)  # raises RuleError: not a move of the game
        raise PlayoutError(f"not a move: {decision!r}")
    if not decision:
        raise PlayoutError("a decision of no moves")
    moves = list(decision)
    moves.reverse()
    return moves


def count_round_ends(events: list[Event]) -> int:
    """How many of these events end a round."""
    ends = 0
    for event in events:  # (a loop: a generator costs more for a step's few events)
        if event.kind == "round_end":
            ends += 1
    return ends
