"""How a game flowed, from its standings (the scores at each round end, the game's own
scoring: `GameResult.standings`), after the game-flow measures of Browne and of Ludii
(lead change, decisiveness, drama, duration). UI-free and pure.

Per game:
- lead changes: how often the leader (the one seat ahead of every other; a tie for the
  lead is no leader) changed from one round end to a later one (ties skipped);
- decided round: the round end from which the winners stayed ahead of every other seat
  to the end, and it as a share of the game's round ends (1/5: decided at the first of
  five, 1.0: only at the last); a game whose winners are not ahead on points at the end
  (a tie broken by another rule) counts as decided at its last round end;
- margin: the winners' score less the best other seat's (0 when every seat won);
- comeback: 1 when the winners were behind another seat at half time (the round end
  half-way through the game, rounded up), else 0 (0 in a game of one round end);
- length: round ends and actions (as `GameResult` counts them).

The standings are the round ends' scores, with the final scores after them when the
game ended between round ends (its end is a point of the game too).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

# (key, label, kind) of each flow measure as `compare.py` names it: a mean per game or a
# share of games (comeback)
MEASURES = (
    ("flow.lead_changes", "lead changes per game", "mean"),
    ("flow.decided_share", "decided at (share of the game)", "mean"),
    ("flow.margin", "winner's margin (points)", "mean"),
    ("flow.comeback", "comebacks (winner behind at half time)", "share"),
)


@dataclass(frozen=True)
class Flow:
    """One game's flow (see the module's docstring)."""

    lead_changes: int
    decided_round: int  # from 1: the round end from which the winners led to the end
    points: int  # the standings counted (round ends, and the end if it fell between them)
    margin: float
    comeback: int  # 0 or 1
    rounds: int
    actions: int

    @property
    def decided_share(self) -> float:
        """The decided round as a share of the game's standings (0 to 1)."""
        return self.decided_round / self.points if self.points else 1.0

    def values(self) -> dict[str, float]:
        """The per-game values of `MEASURES`, by key."""
        return {"flow.lead_changes": float(self.lead_changes), "flow.decided_share": self.decided_share,
                "flow.margin": self.margin, "flow.comeback": float(self.comeback)}


def standings(result: Any) -> list[list[float]]:
    """The scores at each round end (`GameResult.standings`, flat: a value a seat), and
    the final scores when they differ from the last (a game that ended between round
    ends, or that has none)."""
    flat, seats = result.standings, len(result.scores)
    found = [list(flat[start:start + seats]) for start in range(0, len(flat), seats)]
    if not found or found[-1] != list(result.scores):
        found.append(list(result.scores))
    return found


def leader(scores: Sequence[float]) -> int | None:
    """The one seat ahead of every other, or None (a tie for the lead)."""
    best = max(scores)
    ahead = [seat for seat, score in enumerate(scores) if score == best]
    return ahead[0] if len(ahead) == 1 else None


def winners_ahead(scores: Sequence[float], winners: Sequence[int]) -> bool:
    """The winners' best score is above every other seat's (True when all won)."""
    others = [score for seat, score in enumerate(scores) if seat not in winners]
    return not others or max(scores[w] for w in winners) > max(others)


def winners_behind(scores: Sequence[float], winners: Sequence[int]) -> bool:
    """Another seat's score is above every winner's."""
    others = [score for seat, score in enumerate(scores) if seat not in winners]
    return bool(others) and max(others) > max(scores[w] for w in winners)


def lead_changes(points: Sequence[Sequence[float]]) -> int:
    """How often the one leader changed between points (a tie for the lead is skipped)."""
    changes, last = 0, None
    for scores in points:
        now = leader(scores)
        if now is None:
            continue
        if last is not None and now != last:
            changes += 1
        last = now
    return changes


def flow_of(result: Any) -> Flow:
    """One game's flow (a game without winners: nobody led, margin 0)."""
    points = standings(result)
    winners = list(result.winners)
    if not winners:
        return Flow(lead_changes(points), len(points), len(points), 0.0, 0, result.rounds, result.actions)
    decided = len(points)
    if winners_ahead(points[-1], winners):
        while decided > 1 and winners_ahead(points[decided - 2], winners):
            decided -= 1
    final = points[-1]
    others = [score for seat, score in enumerate(final) if seat not in winners]
    margin = max(final[w] for w in winners) - max(others) if others else 0.0
    half = points[math.ceil(len(points) / 2) - 1] if len(points) > 1 else None
    comeback = int(half is not None and winners_behind(half, winners))
    return Flow(lead_changes(points), decided, len(points), float(margin), comeback, result.rounds, result.actions)


def per_game(results: Sequence[Any]) -> list[dict[str, float]]:
    """Every game's flow values (`Flow.values`), in order."""
    return [flow_of(r).values() for r in results]
