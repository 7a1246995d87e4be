"""The end of a round: leftovers are discarded; the game ends at the winning score (or
when the next round cannot be dealt), else the highest bidder starts the next round."""

from __future__ import annotations

from sherwood_tui.core.contract import Event, event
from sherwood_tui.core.draft import evolve
from sherwood_tui.core.wording import count, lazy
from sherwood_tui.games.bleeding_sherwood.rules import words
from sherwood_tui.games.bleeding_sherwood.rules.model import (
    GOODE_VALUES,
    NO_BIDS,
    NOBODY,
    PEASANT_VALUES,
    WINNING_SCORE,
    ZEROS,
    State,
    score_of,
)
from sherwood_tui.games.bleeding_sherwood.rules.phases import bidding, dealing
from sherwood_tui.games.bleeding_sherwood.rules.scoring import winners

ROUND_END = "Round {0} ends ({1} discarded). Scores: {2}."
REACHED = "{0} reached {1} points."
GAME_END = "{0} The game is over: {1} {2}."
# The words of each number of cards a round may discard (at most every card), one shared
# `Lazy` each (immutable): not one made at every round's end.
DISCARDED = tuple(lazy(count, (k, "leftover card")) for k in range(len(GOODE_VALUES) + len(PEASANT_VALUES) + 1))


def end_round(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """Discard leftovers; end at the winning score, else start the next round. (`state`:
    the last collector's, the collection over whatever its position and open bids.)"""
    targets, players, table, bids = state.targets, state.players, state.table, state.bids
    n = len(players)
    # (loops, not list comprehensions: quicker for so few items)
    leftovers_g: list[int] = []
    leftovers_p: list[int] = []
    for target in targets:
        leftovers_g += target.goodes
        leftovers_p.append(target.peasant)
    for bid, taken in zip(bids, state.bid_taken):
        if not taken:
            leftovers_g += bid
    peasant_discard = state.peasant_discard + tuple(leftovers_p)
    goode_discard = table.goode_discard + tuple(leftovers_g)
    hands_at_round_end = tuple(map(len, state.hands))
    points = []
    for got in state.collected:
        points.append(score_of(got))
    discarded = DISCARDED[len(leftovers_g) + len(leftovers_p)]
    events.append(event("round_end", ROUND_END, table.round, discarded, lazy(words.names_with, (players, points, "{} {}", ""))))
    if max(points) >= WINNING_SCORE:
        reached = ", ".join([players[s].name for s in range(n) if points[s] >= WINNING_SCORE])
        face_up = table.shown  # the bids were face up
        for bid in bids:
            face_up += bid
        table = evolve(table, goode_discard=goode_discard, effects=(), shown=face_up,
                       hands_at_round_end=hands_at_round_end)
        nobody = NOBODY[n]
        state = evolve(state, peasant_discard=peasant_discard, targets=(), bids=NO_BIDS[n], totals=ZEROS[n],
                       collect_pos=len(table.order), bid_open=nobody, bid_taken=nobody, table=table)
        return finish(state, REACHED.format(reached, WINNING_SCORE), events)
    state, dealt_in_full = dealing.start_round(
        state, table.high_bidder, events, seen=bids, peasant_discard=peasant_discard, goode_discard=goode_discard,
        hands_at_round_end=hands_at_round_end,
    )
    if not dealt_in_full:
        return finish(state, dealing.deck_empty(state), events)
    if state.hands[state.turn]:
        return state, events  # the common case: the first bidder holds Goodes
    return bidding.move_turn(state, events)


def finish(state: State, reason: str, events: list[Event]) -> tuple[State, list[Event]]:
    """End the game (once a game, so its reason is worded now: the state keeps it)."""
    state = evolve(state, phase="over", table=evolve(state.table, end_reason=reason))
    names = [state.players[s].name for s in winners(state.collected, state.hands)]
    if len(names) == 1:
        verdict = event("game_end", GAME_END, reason, names[0], "wins")
    else:
        verdict = event("game_end", GAME_END, reason, lazy(words.joined, (names, " and ")), "share the win")
    events.append(verdict)
    return state, events
