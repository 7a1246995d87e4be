"""Bots: a bot decides from its own seat's view and legal actions, never the full state.

Three levels for every game: "random" (uniform over the legal moves, for testing),
"sensible" (a heuristic player in `games/<game>/rules/bot.py`, function `sensible`) and
"expert" (a search from the seat's view, `core/search.py`, given its game's kit:
`games/<game>/rules/expert.py`). An expert's budget is a number of playouts per decision: "expert:400";
plain "expert" takes its game's `default_playouts` (or the command's `--playouts`).
Any level may play restricted, "expert+honest": kept from a strategy its game declares
(`games/<game>/rules/restrictions.py`), to measure what that strategy is worth.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from sherwood_tui.core.contract import AnyGame
from sherwood_tui.core.levels import BOT_LEVELS, level_problem, restriction_of, split_level, unrestricted
from sherwood_tui.core.plugin import Restriction, find
from sherwood_tui.core.steps import as_moves

if TYPE_CHECKING:
    from sherwood_tui.core.search import Choice, ExpertKit

LEVELS = BOT_LEVELS


def decide(game: AnyGame, level: str, view: Any, legal: list[Any], rnd: random.Random, *,
           seat: int | None = None, seats: int | None = None, stop: Callable[[], bool] | None = None) -> Any:
    """The bot's decision (a move, or a sequence of its moves), given only what its seat
    may know: its view and its legal moves (the expert also its seat and the table size;
    `stop()`, asked between its playouts, ends its search early)."""
    if level == "random":
        return rnd.choice(legal)
    if level == "sensible":
        return sensible_player(game.id)(view, legal, rnd)
    name, budget = split_level(level)
    if name != "expert" or level_problem(level):
        raise ValueError(level_problem(level) or f"unknown bot level {level!r}")
    if seat is None or seats is None:
        raise ValueError("the expert needs its seat and the table size")
    from sherwood_tui.core.search import expert_decision

    return expert_decision(game, view, expert_kit(game), legal=legal, seat=seat, rnd=rnd,
                           playouts=budget or default_playouts(game), rounds=find(game.id).search_rounds, stop=stop)


def rank(game: AnyGame, view: Any, legal: list[Any], rnd: random.Random, *, seat: int, seats: int,
         playouts: int | None = None, stop: Callable[[], bool] | None = None) -> list[Choice]:
    """The expert's judgement of the seat's decisions now, best first, each with its
    estimated chance to win (a player's hint): from its view and legal moves alone
    (`playouts`: the game's default budget if None)."""
    from sherwood_tui.core.search import rank_decisions

    return rank_decisions(game, view, expert_kit(game), legal=legal, seat=seat, rnd=rnd,
                          playouts=playouts or default_playouts(game), rounds=find(game.id).search_rounds, stop=stop)


def default_playouts(game: AnyGame) -> int:
    """A plain expert's budget in `game` (its plug-in's `default_playouts`)."""
    return find(game.id).default_playouts


@cache
def expert_kit(game: AnyGame) -> ExpertKit:
    """What the expert's search is given in `game`: its kit (`rules/expert.py`), or the
    core's default (the sensible bot's proposals and playouts)."""
    from sherwood_tui.core.search import default_kit

    kit: ExpertKit | None = find(game.id).expert_kit()
    return kit if kit is not None else default_kit(game)


@cache
def sensible_player(game_id: str) -> Callable[..., Any]:
    """The sensible bot of a game (its plug-in's `bot`)."""
    return find(game_id).bot()


def restriction_problem(game_id: str, level: str) -> str | None:
    """Why `level` cannot play `game_id` (not a level, or a restriction the game does
    not declare), or None."""
    problem = level_problem(level)
    name = restriction_of(level) if problem is None else None
    if name is None or name in find(game_id).restrictions():
        return problem
    known = ", ".join(f"{key} ({r.says})" for key, r in find(game_id).restrictions().items()) or "none"
    return f"{find(game_id).title} has no bot restriction {name!r} (known: {known})"


def bot_action(game: AnyGame, state: Any, seat: int, level: str, rnd: random.Random, *,
               stop: Callable[[], bool] | None = None) -> Any:
    """The decision of the bot in `seat`: it is shown that seat's view only (`stop`: see
    `decide`)."""
    if "+" in level:
        return restricted_action(game, state, seat, level, rnd, stop=stop)
    legal = game.legal_actions(state, seat)
    if level == "random":  # needs no view at all: skip building it
        return rnd.choice(legal)
    return decide(game, level, game.view(state, seat), legal, rnd, seat=seat, seats=len(state.players), stop=stop)


def restricted_action(game: AnyGame, state: Any, seat: int, level: str, rnd: random.Random, *,
                      stop: Callable[[], bool] | None = None) -> Any:
    """The decision of a restricted bot ("expert+honest"): its level decides among the
    moves the restriction keeps; a decision of many small moves is cut where a later
    move is one the restriction would not keep (the bot decides again from there). Its
    own moves are followed in its own view only."""
    name = restriction_of(level)
    restriction: Restriction = find(game.id).restrictions()[name or ""]
    view, legal = game.view(state, seat), game.legal_actions(state, seat)
    allowed = restriction.keep(view, legal) or legal
    base = unrestricted(level)
    if base == "random":
        return rnd.choice(allowed)
    decision = as_moves(decide(game, base, view, allowed, rnd, seat=seat, seats=len(state.players), stop=stop))
    kept: list[Any] = []
    for move in decision:
        if kept:  # after the bot's own moves: what it may do now
            legal = game.legal_actions(state, seat)
            allowed = restriction.keep(game.view(state, seat), legal) or legal
        if move not in allowed:
            break
        kept.append(move)
        state = game.apply(state, move)[0]
    return tuple(kept) if kept else rnd.choice(allowed)
