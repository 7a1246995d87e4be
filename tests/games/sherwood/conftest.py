"""Scenario builders for the Sherwood rules tests.

`make(...)` builds a table: the missions at Strength/Dexterity/Cunning, loot hands by
card name ("Gold" for a Gold card), extra companions, towns, prisoners and cells. The
loot deck keeps every card that is not in a hand, so the cards stay conserved.
`ambush(...)` is one seat's whole ambush (its small moves: members, loot, sent), and
`spring(...)` plays every seat's; `line_up(...)` arranges newcomers the same way.
"""

from __future__ import annotations

import pytest

from sherwood_tui.core.contract import Player
from sherwood_tui.games.sherwood import GAME
from sherwood_tui.games.sherwood.rules.data import data
from sherwood_tui.games.sherwood.rules.phases.prepare import ambush_moves
from sherwood_tui.games.sherwood.rules.rules import CloseCell, LineUp, PendingParty, State
from tests.contract_checks import changed

NAMES = ("Alice", "Bob", "Cleo", "Dan")


def players(n: int) -> list[Player]:
    return [Player(name=name) for name in NAMES[:n]]


def loot_id(name: str) -> int:
    ids = [c.id for c in data().loot if c.name == name]
    assert len(ids) == 1, f"{name} is not a unique loot card"
    return ids[0]


def names_of(cards) -> list[str]:
    return [data().loot[c].name for c in cards]


def gold_count(state: State, seat: int) -> int:
    return sum(1 for c in state.hands[seat] if data().loot[c].kind == "gold")


def town(state: State, town_id: str) -> int | None:
    return state.towns[data().town_index[town_id]]


def make(
    n: int = 2,
    missions=(None, None, None),
    hands: dict[int, tuple[str, ...]] | None = None,
    companions: dict[int, tuple[str, ...]] | None = None,
    towns: dict[str, int] | None = None,
    prison: dict[int, tuple[str, ...]] | None = None,
    cells: tuple[int | None, ...] | None = None,
    options: dict[str, bool] | None = None,
    seed: int = 7,
    **update,
) -> State:
    """A table in the ambush phase of a turn, set up as asked."""
    d = data()
    state = GAME.new_game(players(n), options or {}, seed)
    new_hands = list(state.hands)
    if hands is not None:
        golds = iter(c.id for c in d.loot if c.kind == "gold")
        for seat in range(n):
            names = hands.get(seat, ())
            new_hands[seat] = tuple(next(golds) if nm == "Gold" else loot_id(nm) for nm in names)
    in_hand = {c for h in new_hands for c in h}
    deck = tuple(c for c in state.loot_deck if c not in in_hand)
    deck += tuple(c for h in state.hands for c in h if c not in in_hand)  # unused starting Gold
    stacks = [tuple(m for m in st if m not in missions) for st in state.stacks]
    stacks[0] += tuple(m for m in state.missions if m is not None and m not in missions)
    bands = list(state.bands)
    for seat, comps in (companions or {}).items():
        bands[seat] = bands[seat] + tuple(comps)
    owners = list(state.towns)
    for town_id, seat in (towns or {}).items():
        owners[d.town_index[town_id]] = seat
    jail = list(state.prison)
    for seat, chars in (prison or {}).items():
        jail[seat] = tuple(chars)
    fields = dict(
        hands=tuple(new_hands),
        loot_deck=deck,
        missions=tuple(missions),
        stacks=tuple(stacks),
        bands=tuple(bands),
        towns=tuple(owners),
        prison=tuple(jail),
    )
    if cells is not None:
        fields["cells"] = tuple(cells)
    elif prison:
        # Prisoners need cells: give them out furthest first, in seat order.
        c = [None] * n
        for i, seat in enumerate(s for s in range(n) if jail[s]):
            c[n - 1 - i] = seat
        fields["cells"] = tuple(c)
    fields.update(update)
    return changed(state, **fields)


def party(*members: str, personal: dict[str, str] | None = None, group: str | None = None) -> PendingParty:
    return PendingParty(
        members=members,
        personal=tuple((c, loot_id(nm)) for c, nm in (personal or {}).items()),
        group=loot_id(group) if group else None,
    )


def ambush(seat: int, *members: str, personal: dict[str, str] | None = None, group: str | None = None) -> tuple:
    """One seat's whole ambush: its small moves (each member, each loot card, then sent)."""
    return tuple(ambush_moves(seat, party(*members, personal=personal, group=group)))


def line_up(seat: int, *order: str) -> tuple:
    """Newcomers lined up in this order, then the cell closed."""
    return (*(LineUp(seat=seat, member=c) for c in order), CloseCell(seat=seat))


def play(state: State, *actions):
    """Apply the moves in turn (a decision, a tuple of moves, counts as its moves);
    return the state and all events."""
    events = []
    for action in actions:
        for move in action if isinstance(action, tuple) else (action,):
            state, more = GAME.apply(state, move)
            events += more
    return state, events


def spring(state: State, *parties):
    """Every seat prepares: each item is a tuple of character ids or a whole ambush
    (`ambush(...)`)."""
    actions = [p if p and not isinstance(p[0], str) else ambush(seat, *p) for seat, p in enumerate(parties)]
    return play(state, *actions)


def texts(events) -> str:
    return "\n".join(e.text for e in events)


@pytest.fixture
def game():
    return GAME
