"""Sheriff of Nottingham's card data, loaded once from assets/sheriff-of-nottingham.json.

Every physical card has a fixed id: its index in the full 216-card deck, listed type by
type in the order of the data file. The basic game and the 3-player game use a subset of
these ids (`deck`), so a card's id alone tells its type, in every variant.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from sherwood_tui.core.assets import asset_data

FILE = "sheriff-of-nottingham.json"


@dataclass(frozen=True)
class CardType:
    name: str
    kind: str  # "legal", "contraband" or "royal"
    count: int
    value: int
    penalty: int
    penalty_certain: bool
    good: str | None  # the legal good it counts as for King and Queen
    weight: int  # how many of that good it counts as
    three_player_remove: int

    @property
    def legal(self) -> bool:
        return self.kind == "legal"


@dataclass(frozen=True)
class Data:
    types: tuple[CardType, ...]
    by_name: dict[str, CardType]
    card_types: tuple[CardType, ...]  # card id -> its type, for all 216 cards
    bonuses: dict[str, tuple[int, int]]  # legal good -> (king, queen)
    legal_goods: tuple[str, ...]
    starting_gold: int
    hand_size: int
    discard_pile_start: int
    set_aside_max: int
    bag_min: int
    bag_max: int
    sheriff_turns: dict[int, int]
    max_counter_offers: int
    favours: tuple[str, ...]  # the promises a bribe can hold
    rulings: dict[str, str]


@cache
def load() -> Data:
    """The card data (read once)."""
    raw = asset_data(FILE)
    types = []
    for c in raw["cards"]:
        counts_as = c.get("counts_as") or {}
        types.append(
            CardType(
                name=c["name"],
                kind=c["kind"],
                count=c["count"],
                value=c["value"],
                penalty=c["penalty"],
                penalty_certain=c.get("penalty_certain", True),
                good=counts_as.get("good"),
                weight=counts_as.get("count", 0),
                three_player_remove=c.get("three_player_remove", 0),
            )
        )
    card_types = tuple(t for t in types for _ in range(t.count))
    return Data(
        types=tuple(types),
        by_name={t.name: t for t in types},
        card_types=card_types,
        bonuses={g: (b["king"], b["queen"]) for g, b in raw["bonuses"].items()},
        legal_goods=tuple(t.name for t in types if t.legal),
        starting_gold=raw["starting_gold"],
        hand_size=raw["hand_size"],
        discard_pile_start=raw["discard_pile_start"],
        set_aside_max=raw["set_aside_max"],
        bag_min=raw["bag_min"],
        bag_max=raw["bag_max"],
        sheriff_turns={int(k): v for k, v in raw["sheriff_turns"].items()},
        max_counter_offers=raw["max_counter_offers"],
        favours=tuple(raw["favours"]),
        rulings=dict(raw["rulings"]),
    )


@cache
def deck(players: int, royal: bool) -> tuple[int, ...]:
    """The ids of the cards in play: without Royal Goods unless `royal`, and without the
    "4+" cards (and the listed Royal Goods) in a 3-player game. For each type the
    highest ids are the ones removed."""
    data = load()
    ids: list[int] = []
    start = 0
    for t in data.types:
        keep = t.count
        if t.kind == "royal" and not royal:
            keep = 0
        elif players == 3:
            keep -= t.three_player_remove
        ids.extend(range(start, start + keep))
        start += t.count
    return tuple(ids)
