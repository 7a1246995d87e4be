"""The strategies a Bleeding Sherwood bot may be kept from (restricted play: `simulate
--restrict NAME`, or a level "expert+NAME"), to measure what each is worth."""

from __future__ import annotations

from typing import Any

from sherwood_tui.core.plugin import Restriction
from sherwood_tui.games.bleeding_sherwood.rules.model import PlayGoode, TakeBid


def one_card(view: Any, legal: list[Any]) -> list[Any]:
    """Never bids more than one Goode a round."""
    if not view.table.seats[view.seat].bid:
        return legal
    return [move for move in legal if not isinstance(move, PlayGoode)]


def no_spent_bids(view: Any, legal: list[Any]) -> list[Any]:
    """Never collects another player's spent bid (only Peasants)."""
    return [move for move in legal if not isinstance(move, TakeBid)]


RESTRICTIONS = {
    "one-card": Restriction("never bids more than one card a round", one_card),
    "no-spent-bids": Restriction("never takes a spent bid", no_spent_bids),
}
