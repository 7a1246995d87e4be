"""Scores: goods value, gold and King/Queen bonuses. Before the game is over only what
the table can see counts (face-down goods are left out)."""

from __future__ import annotations

from collections import Counter
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from sherwood_tui.core.contract import ScoreLine
from sherwood_tui.games.sheriff.rules.data import deck
from sherwood_tui.games.sheriff.rules.model import DATA, LEGAL_GOODS, TYPES

if TYPE_CHECKING:
    from sherwood_tui.games.sheriff.rules.model import State

BONUS_PART = {good: f"{good} King/Queen" for good in LEGAL_GOODS}  # its score-sheet line


@cache
def bonus_goods(players: int, royal: bool) -> tuple[str, ...]:
    """The legal goods with a King and Queen bonus in this game: those some card in play
    counts as (no Bread in a three-player game)."""
    counted_as = {TYPES[c].good for c in deck(players, royal)}
    return tuple(g for g in LEGAL_GOODS if g in counted_as)


def tally(cards: tuple[int, ...]) -> tuple[int, Counter[str]]:
    """Goods value and the King/Queen counts of the goods of a stand."""
    value = 0
    counts: Counter[str] = Counter()
    for c in cards:
        t = TYPES[c]
        value += t.value
        if t.good:
            counts[t.good] += t.weight
    return value, counts


def bonuses(counts: list[Counter[str]]) -> list[dict[str, int]]:
    """King and Queen bonuses per seat and good, with both tie rules."""
    out = [{g: 0 for g in LEGAL_GOODS} for _ in counts]
    for good in LEGAL_GOODS:
        king, queen = DATA.bonuses[good]
        amounts = [c[good] for c in counts]
        levels = sorted({a for a in amounts if a > 0}, reverse=True)
        if not levels:
            continue
        kings = [s for s, a in enumerate(amounts) if a == levels[0]]
        if len(kings) > 1:
            share = (king + queen) // len(kings)
            for s in kings:
                out[s][good] = share
            continue
        out[kings[0]][good] = king
        if len(levels) > 1:
            queens = [s for s, a in enumerate(amounts) if a == levels[1]]
            for s in queens:
                out[s][good] = queen // len(queens)
    return out


def score_lines(state: State, reveal: bool = False) -> tuple[ScoreLine, ...]:
    """The score sheet: face-down goods counted at the game's end (or given `reveal`)."""
    names = tuple(p.name for p in state.players)
    return _score_lines(
        names, state.gold, stands_up=state.stands_up, stands_down=state.stands_down,
        reveal=reveal or state.step == "over", goods=bonus_goods(len(names), state.options.royal_goods),
    )


def winners(state: State) -> list[int]:
    """The winning seats by total, then the tie-breaks of the score lines."""
    lines = score_lines(state)
    best = max((line.total, line.tiebreak) for line in lines)
    return [line.seat for line in lines if (line.total, line.tiebreak) == best]


@lru_cache(maxsize=64)  # the game's end asks several times (scores, winners, its event)
def _score_lines(
    names: tuple[str, ...], gold: tuple[int, ...], *, stands_up: tuple[tuple[int, ...], ...],
    stands_down: tuple[tuple[int, ...], ...], reveal: bool, goods: tuple[str, ...],
) -> tuple[ScoreLine, ...]:
    tallies = [tally(up + down if reveal else up) for up, down in zip(stands_up, stands_down)]
    bonus = bonuses([t[1] for t in tallies])
    lines = []
    for s, name in enumerate(names):
        parts: dict[str, float] = {"Goods": float(tallies[s][0]), "Gold": float(gold[s])}
        for good in goods:  # no Bread line in a game without Bread
            parts[BONUS_PART[good]] = float(bonus[s][good])
        lines.append(ScoreLine(
            seat=s, name=name, total=sum(parts.values()), parts=parts,
            tiebreak=(float(len(stands_up[s])), float(len(stands_down[s]))),
        ))
    return tuple(lines)
