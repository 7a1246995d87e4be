"""Helpers for the Sheriff of Nottingham rules tests: arranged states with chosen cards."""

from __future__ import annotations

from collections import Counter

import pytest

from sherwood_tui.core.contract import Player
from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.steps import as_moves
from sherwood_tui.games.sheriff import GAME
from sherwood_tui.games.sheriff.rules import decisions
from sherwood_tui.games.sheriff.rules.data import deck
from sherwood_tui.games.sheriff.rules.model import NAME, Action, Bribe, State
from tests.contract_checks import changed

NAMES = ("Robin", "Marian", "Will", "Much", "Tuck")


def players(n: int) -> list[Player]:
    return [Player(name=name) for name in NAMES[:n]]


def new_game(n: int = 3, royal: bool = False, seed: int = 1) -> State:
    return GAME.new_game(players(n), {"royal_goods": royal}, seed)


def kinds(cards) -> list[str]:
    """Card names of card ids, in order."""
    return [NAME[c] for c in cards]


def bag_of(cards) -> Counter:
    return Counter(NAME[c] for c in cards)


def arrange(
    n: int = 3,
    royal: bool = False,
    sheriff: int = 0,
    step: str = "set_aside",
    hands: dict[int, list[str]] | None = None,
    bags: dict[int, list[str]] | None = None,
    declarations: dict[int, str] | None = None,
    up: dict[int, list[str]] | None = None,
    down: dict[int, list[str]] | None = None,
    discards: tuple[list[str], list[str]] = ([], []),
    draw_top: list[str] | None = None,
    gold: dict[int, int] | None = None,
    round: int = 1,
    **extra,
) -> State:
    """A state with the named cards where asked (every other card in the draw pile, under
    `draw_top`, whose last card is the top). Unlisted hands are empty."""
    pool: dict[str, list[int]] = {}
    for card in deck(n, royal):
        pool.setdefault(NAME[card], []).append(card)

    def take(names) -> tuple[int, ...]:
        return tuple(pool[name].pop() for name in names)

    def zone(spec) -> tuple[tuple[int, ...], ...]:
        spec = spec or {}
        return tuple(take(spec.get(s, [])) for s in range(n))

    state = new_game(n, royal)
    fields = dict(
        hands=zone(hands),
        bags=zone(bags),
        stands_up=zone(up),
        stands_down=zone(down),
        discards=(take(discards[0]), take(discards[1])),
    )
    top = take(draw_top or [])
    rest = tuple(c for ids in pool.values() for c in ids)
    decl = (declarations or {})
    market_seat = (sheriff + 1) % n if step in ("set_aside", "draw", "place") else None
    update = dict(
        fields,
        draw_pile=rest + top,
        sheriff=sheriff,
        step=step,
        round=round,
        market_seat=market_seat,
        declarations=tuple(decl.get(s) for s in range(n)),
        gold=tuple((gold or {}).get(s, 50) for s in range(n)),
    )
    update.update(extra)
    return changed(state, **update)


def set_aside_cards(seat: int, cards=()) -> tuple[Action, ...]:
    """A whole market choice: set these cards aside, then done."""
    return decisions.set_aside(seat, cards)


def draw_cards(seat: int, from_discard: int | None = None, count: int = 1) -> tuple[Action, ...]:
    return decisions.draws(seat, from_discard, count)


def place_cards(seat: int, pile: int, order) -> tuple[Action, ...]:
    return decisions.place(seat, pile, order)


def load_bag(seat: int, cards) -> tuple[Action, ...]:
    return decisions.load(seat, cards)


def offer_bribe(seat: int, bribe: Bribe | None = None) -> tuple[Action, ...]:
    return decisions.offer(seat, bribe or Bribe())


def counter_bribe(seat: int, bribe: Bribe) -> tuple[Action, ...]:
    return decisions.counter(seat, bribe)


def confiscate_goods(seat: int, pile: int, order) -> tuple[Action, ...]:
    return decisions.confiscate(seat, pile, order)


def is_legal_run(state: State, decision) -> bool:
    """Every move of the decision is among the legal moves of its seat in its turn."""
    for move in as_moves(decision):
        if move not in GAME.legal_actions(state, move.seat):
            return False
        state, _ = GAME.apply(state, move)
    return True


def act(state: State, decision) -> tuple[State, list]:
    """Apply one move or a whole decision (its run of small moves); all the events."""
    events: list = []
    for move in as_moves(decision):
        state, more = GAME.apply(state, move)
        events += more
    return state, events


def rejects(state: State, decision, message: str) -> None:
    """The decision (one move, or a run of small moves) is refused, at one of its moves,
    with a message containing `message`; the state is untouched."""
    before = repr(state)
    with pytest.raises(RuleError) as err:
        act(state, decision)
    assert message in str(err.value), str(err.value)
    assert repr(state) == before


def texts(events) -> str:
    return "\n".join(e.text for e in events)
