"""What must hold in every state of Sherwood (checked by the soak runs and the property
tests): loot and mission cards are each in one place, every character is in one band,
prisoners are in cells, pawns on towns match the scoring log, the game stays short."""

from __future__ import annotations

from collections import Counter

from sherwood_tui.games.sherwood.data import data

MAX_TURNS = 40  # 24 cards in stack I, and failures only move forward: a game is short


def card_problems(state) -> list[str]:
    d = data()
    found = []
    loot = list(state.loot_deck) + list(state.loot_discard) + [c for h in state.hands for c in h]
    if sorted(loot) != list(range(len(d.loot))):
        found.append("loot cards appeared or vanished")
    missions = [m for s in state.stacks for m in s] + [m for m in state.missions if m] + list(state.removed)
    if sorted(missions) != sorted(m.id for m in d.missions):
        found.append("mission cards appeared or vanished")
    return found


def character_problems(state) -> list[str]:
    d = data()
    merry = tuple(c.id for c in d.merry_men)
    owners: Counter = Counter()
    found = []
    for seat, band in enumerate(state.bands):
        if band[:6] != merry or len(set(band)) != len(band):
            found.append(f"seat {seat}'s band lost a Merry Man or holds one twice")
        prison = state.prison[seat]
        if not set(prison) <= set(band) or len(set(prison)) != len(prison):
            found.append(f"seat {seat} has a prisoner that is not in the band")
        if prison and seat not in state.cells:
            found.append(f"seat {seat} has a prisoner without a cell")
        owners.update(band[6:])
    if any(count > 1 for count in owners.values()):
        found.append("a companion is in two bands")
    for companion in owners:
        card = next(m.id for m in d.missions if m.companion == companion)
        if card not in state.removed:
            found.append("a companion joined while its mission card is still in play")
    cells = [c for c in state.cells if c is not None]
    if len(cells) != len(set(cells)):
        found.append("two cells hold the same band")
    return found


def pawn_problems(state) -> list[str]:
    found = []
    for seat in range(len(state.players)):
        events = [e for e in state.score_log if e.seat == seat]
        if state.popularity[seat] != sum(e.points for e in events):
            found.append(f"seat {seat}'s popularity differs from its scoring events")
        if state.popularity[seat] < 0:
            found.append(f"seat {seat}'s popularity is negative")
        placed = sum(1 for e in events if e.kind in ("champion", "camp"))
        lost = sum(1 for e in events if e.kind == "displaced")
        held = sum(1 for owner in state.towns if owner == seat)
        if held != placed - lost:
            found.append(f"seat {seat}'s pawns on towns do not match its placements")
        if 1 + held > data().pawns_per_player - 1:
            found.append(f"seat {seat} has more pawns out than it owns")
    return found


def problems(state) -> list[str]:
    """The broken invariants of this state (empty when all hold)."""
    found = card_problems(state) + character_problems(state) + pawn_problems(state)
    if state.turn > MAX_TURNS:
        found.append(f"turn {state.turn} is past the longest possible game ({MAX_TURNS})")
    return found
