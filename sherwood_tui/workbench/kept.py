"""`simulate --keep N`: the most unusual games of a run, saved as ordinary save files.

A game is the same from its seed, bots, options and data, so a run keeps only each
game's figures; the chosen seeds are played again, recording their actions, and saved
with the core's writer (bot seats are players with a bot level). `sherwood-tui replay
FILE` steps through them; `resume` opens them. The file name says why it was kept.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Pick:
    """A game chosen to keep: its seed, the reason as a word in its file name and as a
    phrase to print."""

    seed: int
    slug: str
    why: str


def _margin(r: Any) -> float:
    top = sorted(r.scores, reverse=True)
    return top[0] - top[1] if len(top) > 1 else 0.0


def _seats(seats: Sequence[int]) -> str:
    names = [str(s + 1) for s in seats]
    return "seat " + names[0] if len(names) == 1 else "seats " + ", ".join(names[:-1]) + " and " + names[-1]


# (slug, does a game qualify, its rank (smaller: more unusual), the phrase of why)
CRITERIA: tuple[tuple[str, Callable[[Any], bool], Callable[[Any], float], Callable[[Any], str]], ...] = (
    ("longest", lambda r: True, lambda r: -r.actions, lambda r: f"longest: {r.actions} actions"),
    ("shortest", lambda r: True, lambda r: r.actions, lambda r: f"shortest: {r.actions} actions"),
    ("biggest-margin", lambda r: len(r.scores) > 1, lambda r: -_margin(r),
     lambda r: f"biggest margin: {_margin(r):g} points"),
    ("never-scored", lambda r: min(r.scores) <= 0, lambda r: min(r.scores),
     lambda r: f"{_seats([i for i, s in enumerate(r.scores) if s <= 0])} never scored"),
    ("shared-win", lambda r: len(r.winners) > 1, lambda r: -len(r.winners),
     lambda r: f"shared win: {_seats(r.winners)}"),
    ("closest", lambda r: len(r.winners) == 1 and len(r.scores) > 1, _margin,
     lambda r: f"closest win: by {_margin(r):g} points"),
)


def choose(results: Sequence[Any], count: int) -> list[Pick]:
    """Up to `count` different games, taking in turn the next most unusual game of each
    criterion (longest, shortest, biggest margin, a seat that never scored, a shared win,
    the closest win); ties go to the lower seed."""
    ranked = []
    for slug, qualifies, rank, why in CRITERIA:
        best = heapq.nsmallest(count, (r for r in results if qualifies(r)), key=_order(rank))
        ranked.append([Pick(r.seed, slug, why(r)) for r in best])
    picks: list[Pick] = []
    seen: set[int] = set()
    queues = [iter(candidates) for candidates in ranked]
    while queues and len(picks) < count:
        for queue in list(queues):
            pick = next((p for p in queue if p.seed not in seen), None)
            if pick is None:
                queues.remove(queue)
            elif len(picks) < count:
                picks.append(pick)
                seen.add(pick.seed)
    return picks


def _order(rank: Callable[[Any], float]) -> Callable[[Any], tuple[float, int]]:
    return lambda r: (rank(r), r.seed)


def file_name(game_id: str, pick: Pick, side: str = "") -> str:
    """`sheriff-B-longest-seed123.json` (the side only in a comparison)."""
    return f"{game_id}-{side + '-' if side else ''}{pick.slug}-seed{pick.seed}.json"


def write_kept(game_id: str, players: int, bots: list[str], options: dict[str, bool], picks: Sequence[Pick],
               folder: Path, side: str = "") -> list[Path]:
    """Play the picked seeds again, recording their actions, and save each game. Run in
    a process that reads the side's data (the save records which)."""
    from sherwood_tui import catalog
    from sherwood_tui.core.contract import Player
    from sherwood_tui.core.saves import write_save
    from sherwood_tui.core.session import Session
    from sherwood_tui.workbench.engine import play_one

    game = catalog.get(game_id).load()
    seats = [Player(name=f"Seat {i + 1}", bot=bots[i]) for i in range(players)]
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for pick in picks:
        actions: list[Any] = []
        play_one(game_id, players, bots, options, pick.seed, record=actions)
        session = Session.replay(game, seats, options, pick.seed, actions)
        path = folder / file_name(game_id, pick, side)
        write_save(session, path)
        paths.append(path)
    return paths
