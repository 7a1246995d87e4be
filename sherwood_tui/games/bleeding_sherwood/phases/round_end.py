"""The end of a round: leftovers are discarded; the game ends at the winning score (or
when the next round cannot be dealt), else the highest bidder starts the next round."""

from __future__ import annotations

from sherwood_tui.core.contract import Event
from sherwood_tui.core.draft import Draft, evolve
from sherwood_tui.core.wording import Lazy, count
from sherwood_tui.games.bleeding_sherwood import words
from sherwood_tui.games.bleeding_sherwood.model import PEASANT_VALUES, WINNING_SCORE, State
from sherwood_tui.games.bleeding_sherwood.phases import bidding, dealing
from sherwood_tui.games.bleeding_sherwood.scoring import winners

_peasant_value = PEASANT_VALUES.__getitem__

ROUND_END = "Round {0} ends ({1} discarded). Scores: {2}."
REACHED = "{0} reached {1} points."
GAME_END = "{0} The game is over: {1} {2}."


def end_round(draft: Draft, events: list[Event]) -> tuple[State, list[Event]]:
    """Discard leftovers; end at the winning score, else start the next round."""
    targets, players, n, table = draft.targets, draft.players, len(draft.players), draft.table
    bids = draft.bids
    leftovers_g = [g for t in targets for g in t.goodes]
    for bid, taken in zip(bids, draft.bid_taken):
        if not taken:
            leftovers_g += bid
    leftovers_p = [t.peasant for t in targets]
    draft.peasant_discard += tuple(leftovers_p)
    draft.targets = ()
    draft.bids = ((),) * n
    draft.bid_open = draft.bid_taken = (False,) * n
    changes = dict(
        goode_discard=table.goode_discard + tuple(leftovers_g),
        effects=(),
        hands_at_round_end=tuple(map(len, draft.hands)),
    )
    points = [sum(map(_peasant_value, got)) for got in draft.collected]
    discarded = Lazy(count, len(leftovers_g) + len(leftovers_p), "leftover card")
    events.append(Event.of("round_end", ROUND_END, table.round, discarded, Lazy(words.names_with, players, points, "{} {}", "")))
    if max(points) >= WINNING_SCORE:
        reached = ", ".join([players[s].name for s in range(n) if points[s] >= WINNING_SCORE])
        draft.table = evolve(table, shown=table.shown.union(*bids), **changes)  # the bids were face up
        return finish(draft, REACHED.format(reached, WINNING_SCORE), events)
    if not dealing.start_round(draft, table.high_bidder, events, bids, **changes):
        return finish(draft, dealing.deck_empty(draft), events)
    return bidding.move_turn(draft, draft.table.first, events)


def finish(draft: Draft, reason: str, events: list[Event]) -> tuple[State, list[Event]]:
    """End the game (once a game, so its reason is worded now: the state keeps it)."""
    draft.phase = "over"
    draft.table = evolve(draft.table, end_reason=reason)
    names = [draft.players[s].name for s in winners(draft.collected, draft.hands)]
    if len(names) == 1:
        verdict = Event.of("game_end", GAME_END, reason, names[0], "wins")
    else:
        verdict = Event.of("game_end", GAME_END, reason, Lazy(words.joined, names, " and "), "share the win")
    events.append(verdict)
    return draft.done(), events
