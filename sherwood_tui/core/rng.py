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


def _shuffle_written_out(rnd: random.Random, out: list[T]) -> None:
    """`rnd.shuffle(out)` with its draws written out (Python's own loop: a bit count and
    redraws until below the bound): the same order from the same seed, in a third of
    the time (a deck is shuffled at every game's start and reshuffle)."""
    getrandbits = rnd.getrandbits
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        out[i], out[j] = out[j], out[i]


def _same_as_python(rounds: int = 20) -> bool:
    """Whether the written-out shuffle gives this Python's own orders (checked once)."""
    for seed in range(rounds):
        mine, theirs = list(range(60)), list(range(60))
        a, b = random.Random(seed), random.Random(seed)
        _shuffle_written_out(a, mine)
        b.shuffle(theirs)
        if mine != theirs or a.getrandbits(62) != b.getrandbits(62):
            return False
    return True


_shuffle = _shuffle_written_out if _same_as_python() else random.Random.shuffle


def shuffled(seed: int, items: Sequence[T]) -> tuple[tuple[T, ...], int]:
    """Return the items in a random order and the next seed."""
    rnd = random.Random(seed)
    out = list(items)
    _shuffle(rnd, out)
    return tuple(out), _next(rnd)


def randbelow(seed: int, n: int) -> tuple[int, int]:
    """Return a random integer in [0, n) and the next seed."""
    rnd = random.Random(seed)
    return rnd.randrange(n), _next(rnd)
