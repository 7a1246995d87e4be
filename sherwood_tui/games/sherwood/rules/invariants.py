"""What must hold in every state of Sherwood (checked by the soak runs and the property
tests): loot and mission cards are each in one place, every character is in one band,
prisoners are in cells, pawns on towns match the scoring log, the game stays short."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from sherwood_tui.games.sherwood.rules.data import data

if TYPE_CHECKING:
    from sherwood_tui.games.sherwood.rules.model import State

MAX_TURNS = 40  # 24 cards in stack I, and failures only move forward: a game is short


class Components(NamedTuple):
    """What a complete game holds."""

    loot: list[int]  # every loot card id, sorted
    missions: list[str]  # every mission card id, sorted
    merry_men: tuple[str, ...]  # the six Merry Men every band starts with
    mission_of: dict[str, str]  # companion -> the mission card that brings it
    pawns: int  # pawns each player owns


@cache
def components() -> Components:
    d = data()
    return Components(
        loot=list(range(len(d.loot))),
        missions=sorted(m.id for m in d.missions),
        merry_men=tuple(c.id for c in d.merry_men),
        mission_of={m.companion: m.id for m in d.missions if m.companion is not None},
        pawns=d.pawns_per_player,
    )


def card_problems(state: State) -> list[str]:
    every = components()
    found = []
    loot = list(state.loot_deck) + list(state.loot_discard) + [c for h in state.hands for c in h]
    if sorted(loot) != every.loot:
        found.append("loot cards appeared or vanished")
    missions = [m for s in state.stacks for m in s] + [m for m in state.missions if m] + list(state.removed)
    if sorted(missions) != every.missions:
        found.append("mission cards appeared or vanished")
    return found


def character_problems(state: State) -> list[str]:
    merry, mission_of = components().merry_men, components().mission_of
    companions: list[str] = []
    found = []
    for seat, band in enumerate(state.bands):
        if band[:6] != merry or len(set(band)) != len(band):
            found.append(f"seat {seat}'s band lost a Merry Man or holds one twice")
        prison = state.prison[seat]
        if not set(prison) <= set(band) or len(set(prison)) != len(prison):
            found.append(f"seat {seat} has a prisoner that is not in the band")
        if prison and seat not in state.cells:
            found.append(f"seat {seat} has a prisoner without a cell")
        companions += band[6:]
    if len(set(companions)) != len(companions):
        found.append("a companion is in two bands")
    if any(mission_of[c] not in state.removed for c in companions):
        found.append("a companion joined while its mission card is still in play")
    cells = [c for c in state.cells if c is not None]
    if len(cells) != len(set(cells)):
        found.append("two cells hold the same band")
    return found


def pawn_problems(state: State) -> list[str]:
    pawns = components().pawns
    n = len(state.players)
    points, out = [0] * n, [0] * n  # pawns placed minus displaced
    for e in state.score_log:
        points[e.seat] += e.points
        if e.kind in ("champion", "camp"):
            out[e.seat] += 1
        elif e.kind == "displaced":
            out[e.seat] -= 1
    found = []
    for seat in range(n):
        if state.popularity[seat] != points[seat]:
            found.append(f"seat {seat}'s popularity differs from its scoring events")
        if state.popularity[seat] < 0:
            found.append(f"seat {seat}'s popularity is negative")
        held = state.towns.count(seat)
        if held != out[seat]:
            found.append(f"seat {seat}'s pawns on towns do not match its placements")
        if 1 + held > pawns - 1:
            found.append(f"seat {seat} has more pawns out than it owns")
    return found


def problems(state: State) -> list[str]:
    """The broken invariants of this state (empty when all hold)."""
    found = card_problems(state) + character_problems(state) + pawn_problems(state)
    if state.turn > MAX_TURNS:
        found.append(f"turn {state.turn} is past the longest possible game ({MAX_TURNS})")
    return found
