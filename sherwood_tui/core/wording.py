"""Counted nouns as a person says them: "1 card", "2 cards", "no cards"."""

from __future__ import annotations


def plural(n: int, singular: str, many: str | None = None) -> str:
    """The noun for `n` things, without the number: "card" or "cards"."""
    return singular if n == 1 else (many or singular + "s")


def count(n: int, singular: str, many: str | None = None, *, zero: str = "no") -> str:
    """`n` and its noun: count(1, "card") is "1 card", count(3, "card") "3 cards" and
    count(0, "card") "no cards" (`zero` replaces the number: zero="0" keeps it)."""
    return f"{zero if n == 0 else n} {plural(n, singular, many)}"
