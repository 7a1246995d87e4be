"""The strategies a Sheriff of Nottingham bot may be kept from (restricted play:
`simulate --restrict NAME`, or a level "expert+NAME"), to measure what each is worth."""

from __future__ import annotations

from typing import Any

from sherwood_tui.core.plugin import Restriction
from sherwood_tui.games.sheriff.rules.model import (
    BribeBagGood,
    BribeFavour,
    BribeGold,
    BribeStandGood,
    Declare,
    LetPass,
    LoadCard,
    OpenBag,
    Threaten,
)

BRIBE_ITEMS = (BribeGold, BribeStandGood, BribeBagGood, BribeFavour)


def honest(view: Any, legal: list[Any]) -> list[Any]:
    """Never smuggles: a bag holds legal goods of one kind only, declared truly."""
    hand = {card.id: card for card in view.hand}
    loaded = {card.name for card in view.loading}
    bag = {card.name for card in view.bag}

    def keeps(move: Any) -> bool:
        if isinstance(move, LoadCard):
            card = hand[move.card]
            return card.kind == "legal" and loaded <= {card.name}
        if isinstance(move, Declare):
            return bag <= {move.good}
        return True

    return [move for move in legal if keeps(move)]


def no_bribes(view: Any, legal: list[Any]) -> list[Any]:
    """Never offers the Sheriff a bribe (as a merchant: an offer holds nothing)."""
    if view.table.sheriff == view.seat:
        return legal
    return [move for move in legal if not isinstance(move, BRIBE_ITEMS)]


def always_inspects(view: Any, legal: list[Any]) -> list[Any]:
    """As Sheriff, opens every bag (never lets one pass, bribe or not)."""
    if not any(isinstance(move, OpenBag) for move in legal):
        return legal
    return [move for move in legal if not isinstance(move, LetPass)]


def never_inspects(view: Any, legal: list[Any]) -> list[Any]:
    """As Sheriff, lets every bag pass (never threatens nor opens one)."""
    if not any(isinstance(move, OpenBag) for move in legal):
        return legal
    return [move for move in legal if not isinstance(move, (OpenBag, Threaten))]


RESTRICTIONS = {
    "honest": Restriction("never smuggles", honest),
    "no-bribes": Restriction("never bribes", no_bribes),
    "always-inspects": Restriction("always inspects", always_inspects),
    "never-inspects": Restriction("never inspects", never_inspects),
}
