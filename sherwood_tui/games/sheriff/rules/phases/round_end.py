"""The end of a bag and of a round: the next bag, or the round's summary; then the
Sheriff passes left and hands refill, or, after the last round, the game is over."""

from __future__ import annotations

from sherwood_tui.core.contract import Event, Player
from sherwood_tui.core.wording import Lazy
from sherwood_tui.games.sheriff.rules.model import HAND_SIZE, State, Turn
from sherwood_tui.games.sheriff.rules.phases.deck import draw_from
from sherwood_tui.games.sheriff.rules.scoring import score_lines, winners
from sherwood_tui.games.sheriff.rules.turns import pending_bags

ROUND_ENDS = "Round {0} of {1} ends (Sheriff: {2}). {3}. Gold: {4}."
GAME_OVER = (
    "The game is over: the hands are discarded and the stands revealed. {0}. Scores: {1}."
)
REFILLED = "Hands are refilled from the draw pile: {0}."
ROUND_STARTS = "Round {0} of {1}: {2} is the Sheriff."


def finish_bag(t: Turn) -> tuple[State, list[Event]]:
    """The bag is dealt with: on to the next bag, or to the end of the round."""
    t.step = "choose"
    t.target = t.offer = t.demand = t.debt = t.building = None
    t.counters = 0
    return next_bag(t)


def next_bag(t: Turn) -> tuple[State, list[Event]]:
    if t.step == "choose" and not pending_bags(t):
        return _end_round(t)
    return t.finish()


def _summary(notes: tuple[Event, ...]) -> str:
    return "; ".join([note.text for note in notes]) if notes else "no bags went to market"


def _gold(players: tuple[Player, ...], gold: tuple[int, ...]) -> str:
    return ", ".join([f"{p.name} {g}" for p, g in zip(players, gold)])


def _verdict(state: State) -> str:
    lines, best_seats = score_lines(state), winners(state)
    best = lines[best_seats[0]].total
    names = [state.players[s].name for s in best_seats]
    if len(names) == 1:
        return f"{names[0]} wins with {best:g} points"
    return " and ".join(names) + f" share the win with {best:g} points"


def _score_table(state: State) -> str:
    return ", ".join(f"{line.name} {line.total:g}" for line in score_lines(state))


def _drawn(pairs: list[tuple[str, int]]) -> str:
    return ", ".join([f"{name} {k}" for name, k in pairs])


def _end_round(t: Turn) -> tuple[State, list[Event]]:
    n = len(t.players)
    notes = t.round_notes
    t.events.append(Event.of(
        "round_end", ROUND_ENDS, t.round, t.rounds_total, t.name(t.sheriff),
        Lazy(_summary, notes), Lazy(_gold, t.players, t.gold),
    ))
    t.declarations = (None,) * n
    t.bags = ((),) * n
    t.target = t.offer = t.demand = t.debt = t.building = None
    t.counters = 0
    t.round_notes = ()
    t.last_round = notes
    if t.round >= t.rounds_total:
        a, b = t.discards
        t.discards = (a + tuple(c for h in t.hands for c in h), b)
        t.hands = ((),) * n
        t.step = "over"
        state = t.done()
        t.events.append(
            Event.of("game_end", GAME_OVER, Lazy(_verdict, state), Lazy(_score_table, state))
        )
        return state, t.events
    sheriff = t.sheriff = (t.sheriff + 1) % n
    hands = list(t.hands)
    drawn = []
    for k in range(n):
        s = (sheriff + k) % n
        cards = draw_from(t, HAND_SIZE - len(hands[s]))
        if cards:
            hands[s] += cards
            drawn.append((t.name(s), len(cards)))
    if drawn:
        t.say(REFILLED, Lazy(_drawn, drawn))
    t.round += 1
    t.hands = tuple(hands)
    t.step = "set_aside"
    t.market_seat = (sheriff + 1) % n
    t.set_aside = ()
    t.drew_from_pile = False
    t.events.append(
        Event.of("round_start", ROUND_STARTS, t.round, t.rounds_total, t.name(sheriff))
    )
    return t.finish()
