"""A hint: the expert's choice for the seat whose decision screen is shown, with its
estimated win chance and the next alternatives, in the game's words.

The search is the expert's (`core/bots.rank`), given only what the screen was given: the
seat's own view and legal moves (its feed). Each game words a whole decision with its
screens' `decision_text(moves, view)`; a game without one gets the moves' own names.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sherwood_tui.core.search import Choice

ALTERNATIVES = 2  # how many alternatives a hint names after the best decision


def plain_words(moves: Sequence[Any], view: Any) -> str:
    """A decision in the moves' own names (for a game that words none)."""
    return ", ".join(type(move).__name__ for move in moves)


def hint_text(choices: Sequence[Choice], words: Callable[[Sequence[Any], Any], str], view: Any,
              legal: int = 1) -> str:
    """ "Hint: Inspect Much's bag: wins 41% (Much lied in 3 of his 4 opened bags); let it
    pass: 33%" (the best decision with the search's reason, then up to `ALTERNATIVES`
    others, each with its estimated chance to win). The
    best is the one the search tried most; an alternative with a higher estimate from
    fewer tries says so, rather than look better than the advice. A lone choice is "the
    only choice" only when it is (one `legal` move); else the expert weighed no other
    (a Sheriff's load: the sensible bot proposed one bag)."""
    if not choices:
        return "Hint: nothing to decide."
    parts = []
    best = round(choices[0].wins * 100)
    for rank, choice in enumerate(choices[: 1 + ALTERNATIVES]):
        text = words((choice.move, *choice.then), view)
        chance = round(choice.wins * 100)
        if rank == 0:
            parts.append(f"{text[:1].upper()}{text[1:]}: wins {chance}%")
        else:
            # the search tries the promising more often: one it tried less is less sure
            parts.append(f"{text}: {chance}%" + (" (tried less: less sure)" if chance > best else ""))
    if len(choices) == 1:
        parts[0] += " (the only choice)" if legal <= 1 else " (the expert weighed no other)"
    reason = choices[0].reason
    if reason:
        parts[0] += f" ({reason})"
    return "Hint: " + "; ".join(parts)
