"""Helpers for the Sheriff of Nottingham rules tests: arranged states with chosen cards."""

from __future__ import annotations

from collections import Counter

import pytest

from sherwood_tui.core.contract import Player
from sherwood_tui.core.errors import RuleError
from sherwood_tui.games.sheriff import GAME
from sherwood_tui.games.sheriff.rules.data import deck
from sherwood_tui.games.sheriff.rules.model import NAME, State
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


def act(state: State, action) -> tuple[State, list]:
    return GAME.apply(state, action)


def rejects(state: State, action, message: str) -> None:
    """The action is refused with a message containing `message`; the state is untouched."""
    before = repr(state)
    with pytest.raises(RuleError) as err:
        GAME.apply(state, action)
    assert message in str(err.value), str(err.value)
    assert repr(state) == before


def texts(events) -> str:
    return "\n".join(e.text for e in events)
