"""A seeded random source kept in the game state as a plain integer.

Every draw returns the values and the next seed, so a game replays exactly from its
seed and its actions, and the state stays immutable and JSON-friendly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def _next(rnd: random.Random) -> int:
    return rnd.getrandbits(62)


def shuffled(seed: int, items: Sequence[T]) -> tuple[tuple[T, ...], int]:
    """Return the items in a random order and the next seed."""
    rnd = random.Random(seed)
    out = list(items)
    rnd.shuffle(out)
    return tuple(out), _next(rnd)


def randbelow(seed: int, n: int) -> tuple[int, int]:
    """Return a random integer in [0, n) and the next seed."""
    rnd = random.Random(seed)
    return rnd.randrange(n), _next(rnd)
