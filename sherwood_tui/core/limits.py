"""The limits of a run of bot games (simulate, soak), cheap to import: the command line's
parser checks its values against them before anything loads."""

from __future__ import annotations

import os

MAX_GAMES = 1_000_000  # games a run of simulate or soak may ask for (per game for soak)
MAX_SEED = 2**62 - 1  # the app's own seeds are below 2**62; a run's last seed may not pass it
JOBS_PER_CORE = 4


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def max_jobs() -> int:
    return JOBS_PER_CORE * cores()


def last_seed_problem(seed: int, games: int) -> str | None:
    """Game i of a run has seed `seed + i`: the last one must not pass MAX_SEED."""
    if seed + games - 1 > MAX_SEED:
        return f"--seed {seed} with --games {games} passes the largest seed ({MAX_SEED:,})"
    return None


def counts_problem(games: int, seed: int, jobs: int) -> str | None:
    """What is wrong with a run's counts, in the command line's words, or None."""
    if not 1 <= games <= MAX_GAMES:
        return f"--games must be from 1 to {MAX_GAMES:,}, not {games}"
    if not 0 <= seed <= MAX_SEED:
        return f"--seed must be from 0 to {MAX_SEED:,}, not {seed}"
    if not 1 <= jobs <= max_jobs():
        return f"--jobs must be from 1 to {max_jobs()}, not {jobs}"
    return last_seed_problem(seed, games)
