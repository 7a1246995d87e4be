"""The bot levels: "random", "sensible" and "expert", and an expert's budget in
playouts per decision ("expert:400"). No imports: the command line, saves and the app
check levels before loading any rules."""

from __future__ import annotations

import re

BOT_LEVELS = ("sensible", "random", "expert")  # the levels of `core/bots.py`
# An expert's budget where neither the level nor its game's plug-in names one (each
# game's `default_playouts`: the largest budget whose median decision takes at most a
# second on one core here, as `make bench` measures it).
DEFAULT_PLAYOUTS = 200
MAX_PLAYOUTS = 100_000
# a level, its budget (expert only) and a restriction its game declares ("expert:400+honest")
LEVEL_PATTERN = re.compile(r"^(sensible|random|expert)(?::([1-9][0-9]{0,5}))?(?:\+([a-z][a-z-]{0,30}))?$")


def level_problem(level: str) -> str | None:
    """Why `level` is not a bot level ("sensible", "random", "expert" or "expert:N", each
    maybe with "+RESTRICTION"), or None. Whether the game has that restriction is the
    game's to say (`core.bots.restriction_problem`)."""
    found = LEVEL_PATTERN.match(level)
    if found is None:
        return (f"{level!r} is not a bot level (known: {', '.join(BOT_LEVELS)}, or expert:N for N playouts; "
                f"LEVEL+RESTRICTION plays restricted)")
    if found.group(2) is not None and found.group(1) != "expert":
        return f"only the expert takes a budget ({level!r}: try expert:{found.group(2)})"
    if found.group(2) is not None and int(found.group(2)) > MAX_PLAYOUTS:
        return f"an expert takes at most {MAX_PLAYOUTS:,} playouts a decision"
    return None


def split_level(level: str) -> tuple[str, int | None]:
    """("expert", 400) for "expert:400" (or "expert:400+honest"); ("sensible", None) for "sensible"."""
    name, _, budget = unrestricted(level).partition(":")
    return name, int(budget) if budget else None


def unrestricted(level: str) -> str:
    """The level without its restriction: "expert:400" for "expert:400+honest"."""
    return level.partition("+")[0]


def restriction_of(level: str) -> str | None:
    """The restriction of a level ("honest" for "expert+honest"), or None."""
    return level.partition("+")[2] or None


def with_budget(level: str, playouts: int | None) -> str:
    """`level` with the budget `playouts` if it is a plain "expert" (the command's
    `--playouts`; "expert+honest" becomes "expert:N+honest"); any other level as it is."""
    if unrestricted(level) != "expert" or playouts is None:
        return level
    rest = restriction_of(level)
    return f"expert:{playouts}" + (f"+{rest}" if rest else "")


