"""The strategies a Sherwood bot may be kept from (restricted play: `simulate --restrict
NAME`, or a level "expert+NAME"), to measure what each is worth."""

from __future__ import annotations

from typing import Any

from sherwood_tui.core.plugin import Restriction
from sherwood_tui.games.sherwood.rules.model import AddMember, GiveLoot, SendParty


def no_loot(view: Any, legal: list[Any]) -> list[Any]:
    """Never gives loot to a party."""
    return [move for move in legal if not isinstance(move, GiveLoot)]


def whole_band(view: Any, legal: list[Any]) -> list[Any]:
    """Sends a party only when no one else of the band can join it (and no loot then)."""
    if any(isinstance(move, AddMember) for move in legal):
        return [move for move in legal if isinstance(move, AddMember)]
    return [move for move in legal if not isinstance(move, GiveLoot)] if any(
        isinstance(move, SendParty) for move in legal) else legal


RESTRICTIONS = {
    "no-loot": Restriction("never carries loot", no_loot),
    "whole-band": Restriction("always sends the whole band", whole_band),
}
