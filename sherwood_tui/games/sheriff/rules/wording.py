"""How Sheriff of Nottingham's cards, bribes and counts read ("2 Apples, 1 Silk").

The rules never build these texts while playing: an event carries its parts and a
`Lazy` argument formats them when the event is read (see `core/contract.Event`)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from sherwood_tui.core.wording import count as counted
from sherwood_tui.core.wording import listing
from sherwood_tui.games.sheriff.rules.model import KIND_INDEX, KIND_NAMES, KIND_ORDER, NAME, Bribe

# Card names are the cards' own ("Apples", "Cheese"); counted, they read as a person says
# them: "1 Apple", "2 Apples", "1 Crossbow", "2 Crossbows", "3 Cheese", "no Silk".
SINGULARS = {
    "Apples": "Apple", "Chickens": "Chicken", "Green Apples": "Green Apple",
    "Golden Apples": "Golden Apple",
}
PLURALS = {"Crossbow": "Crossbows", "Royal Rooster": "Royal Roosters"}
CARDS = tuple(counted(n, "card") for n in range(len(NAME) + 1))  # n -> "3 cards"
PILE_NAME = ("discard pile 1", "discard pile 2")


def count_text(n: int, name: str) -> str:
    """`n` goods of this kind: "no Apples", "1 Apple", "2 Apples", "2 Crossbows"."""
    return counted(n, SINGULARS.get(name, name), PLURALS.get(name, name))


def kinds_key(cards: Iterable[int]) -> tuple[int, ...]:
    """The kinds of these cards, in canonical order (two choices with the same key
    differ only in which copies of a kind they take)."""
    return tuple(sorted(map(KIND_INDEX.__getitem__, cards)))


@lru_cache(maxsize=4096)
def _describe_sorted_kinds(indexes: tuple[int, ...]) -> str:
    """The text for these type indexes, sorted (cached: the same few mixes recur)."""
    counts: dict[int, int] = {}
    for k in indexes:
        counts[k] = counts.get(k, 0) + 1
    if not counts:
        return "nothing"
    return ", ".join([count_text(n, KIND_NAMES[k]) for k, n in counts.items()])


def describe_kinds(kinds: Iterable[str]) -> str:
    """'2 Apples, 1 Silk' for a collection of card names (canonical order)."""
    return _describe_sorted_kinds(tuple(sorted(map(KIND_ORDER.__getitem__, kinds))))


def describe(cards: Iterable[int]) -> str:
    """'2 Apples, 1 Silk' for card ids."""
    return _describe_sorted_kinds(kinds_key(cards))


def names(cards: Iterable[int]) -> str:
    """'Apples, Silk, Apples': each card's name, in order."""
    return ", ".join(map(NAME.__getitem__, cards))


def describe_bribe(bribe: Bribe | None) -> str:
    if bribe is None or bribe.empty:
        return "nothing"
    parts = []
    if bribe.gold:
        parts.append(f"{bribe.gold} gold")
    if bribe.stand:
        parts.append(f"{describe_kinds(bribe.stand)} from the stand")
    if bribe.bag:
        parts.append(f"{describe_kinds(bribe.bag)} from the bag")
    if bribe.favour:
        parts.append(f'a favour: "{bribe.favour}"')
    return listing(parts)


def bribe_sentence(bribe: Bribe | None) -> str:
    """`describe_bribe` at the end of a sentence: its full stop, unless the favour quoted
    last ends the sentence itself ('...a favour: "I owe a favour, to be named later."')."""
    text = describe_bribe(bribe)
    return text if text.endswith(('."', '!"', '?"')) else f"{text}."


def zone_text(name: str, zone: str, cards: Iterable[int]) -> str:
    """How a secret zone is shown to its owner: "Robin's bag: 2 Apples, 1 Silk"."""
    return f"{name}'s {zone}: {describe(cards)}"
