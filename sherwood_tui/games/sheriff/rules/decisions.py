"""Whole decisions as their runs of small moves (for the screens, the bot and old saves):
a choice of cards or goods composed at once becomes its part moves and the move that
closes it (`core.steps`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sherwood_tui.games.sheriff.rules.model import (
    DATA,
    Action,
    Bribe,
    BribeBagGood,
    BribeFavour,
    BribeGold,
    BribeStandGood,
    Confiscate,
    CounterOffer,
    Draw,
    LoadBag,
    LoadCard,
    Offer,
    PileCard,
    PlaceAside,
    SetAside,
    SetAsideCard,
)


def set_aside(seat: int, cards: Iterable[int]) -> tuple[Action, ...]:
    """Set these cards aside (maybe none), then done."""
    return (*(SetAsideCard(seat=seat, card=c) for c in cards), SetAside(seat=seat))


def load(seat: int, cards: Iterable[int]) -> tuple[Action, ...]:
    """Put these cards in the bag, then seal it."""
    return (*(LoadCard(seat=seat, card=c) for c in cards), LoadBag(seat=seat))


def _piled(seat: int, pile: int, order: Iterable[int]) -> tuple[Action, ...]:
    return tuple(PileCard(seat=seat, pile=pile, card=c) for c in order)


def place(seat: int, pile: int, order: Iterable[int]) -> tuple[Action, ...]:
    """Put the set-aside cards on `pile`, `order` bottom first, then done."""
    return (*_piled(seat, pile, order), PlaceAside(seat=seat))


def confiscate(seat: int, pile: int, order: Iterable[int]) -> tuple[Action, ...]:
    """Put the confiscated goods on `pile`, `order` bottom first, then done."""
    return (*_piled(seat, pile, order), Confiscate(seat=seat))


def bribe_items(seat: int, bribe: Bribe) -> tuple[Action, ...]:
    """The items of a bribe, one move each (no gold is no move)."""
    items: list[Action] = [BribeGold(seat=seat, amount=bribe.gold)] if bribe.gold else []
    items += [BribeStandGood(seat=seat, good=k) for k in bribe.stand]
    items += [BribeBagGood(seat=seat, good=k) for k in bribe.bag]
    if bribe.favour:
        items.append(BribeFavour(seat=seat, favour=bribe.favour))
    return tuple(items)


def offer(seat: int, bribe: Bribe) -> tuple[Action, ...]:
    """A merchant's whole offer: its items, then offered."""
    return (*bribe_items(seat, bribe), Offer(seat=seat))


def counter(seat: int, bribe: Bribe) -> tuple[Action, ...]:
    """The Sheriff's whole counter-offer: its items, then asked for."""
    return (*bribe_items(seat, bribe), CounterOffer(seat=seat))


def draws(seat: int, pile: int | None, count: int) -> tuple[Action, ...]:
    """`count` cards drawn one after the other from the same place."""
    return tuple(Draw(seat=seat, from_discard=pile) for _ in range(count))


def _old_bribe(data: dict[str, Any]) -> Bribe:
    """An old save's bribe. Its favour was typed freely then; a promise not on today's
    list becomes the list's first (favours bind nobody: the game plays out the same)."""
    raw = data.get("bribe") or {}
    favour = " ".join(str(raw.get("favour") or "").split())
    if favour and favour not in DATA.favours:
        favour = DATA.favours[0]
    return Bribe(gold=raw.get("gold", 0), stand=tuple(raw.get("stand", ())), bag=tuple(raw.get("bag", ())), favour=favour)


def upgraded(data: dict[str, Any]) -> tuple[Action, ...] | None:
    """The small moves an old whole move (save format <= 3) stands for, or None if it
    is a move of today's (declare, threaten, let pass, open, end, pay)."""
    kind, seat = data.get("type"), data.get("seat")
    if not isinstance(seat, int):
        return None
    if kind == "set_aside" and "cards" in data:
        return set_aside(seat, data["cards"])
    if kind == "draw" and "count" in data:
        return draws(seat, data.get("from_discard"), data["count"])
    if kind == "place" and "order" in data:
        return place(seat, data["pile"], data["order"])
    if kind == "load" and "cards" in data:
        return load(seat, data["cards"])
    if kind == "offer":
        return offer(seat, _old_bribe(data))
    if kind == "counter":
        return counter(seat, _old_bribe(data))
    if kind == "confiscate" and "order" in data:
        return confiscate(seat, data["pile"], data["order"])
    return None
