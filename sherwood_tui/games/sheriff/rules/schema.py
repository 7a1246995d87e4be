"""The schema of Sheriff of Nottingham's data file (assets/sheriff-of-nottingham.json):
what `data.py` reads, and what the rules need of it. A player's own copy is checked
with it before anything runs (`sherwood-tui play --assets FILE`); `sherwood-tui assets
sheriff --schema` prints it as a JSON schema."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from sherwood_tui.core.schema import CardText, Count, DataModel, Name, Positive
from sherwood_tui.games.sheriff.plugin import PLUGIN


class CountsAs(DataModel):
    """What a card counts as for the King and Queen bonuses."""

    good: Name = Field(description="a legal good of this file")
    count: Positive


class CardType(DataModel):
    """One type of card and how many of it the deck holds."""

    name: Name
    kind: Literal["legal", "contraband", "royal"]
    count: Count
    value: Count
    penalty: Count
    penalty_certain: bool = True
    counts_as: CountsAs | None = None
    three_player_remove: Count = Field(0, description="cards of this type left out of a 3-player game")

    @model_validator(mode="after")
    def _consistent(self) -> CardType:
        if self.three_player_remove > self.count:
            raise ValueError(f"three_player_remove ({self.three_player_remove}) is more than count ({self.count})")
        if self.kind == "royal" and self.counts_as is None:
            raise ValueError("a royal good needs counts_as (the legal good it counts as)")
        if self.kind == "contraband" and self.counts_as is not None:
            raise ValueError("contraband counts as no legal good: counts_as must be null")
        return self


class Bonus(DataModel):
    """The King's and the Queen's bonus of one legal good."""

    king: Count
    queen: Count


class SheriffData(DataModel):
    """Sheriff of Nottingham's deck and numbers."""

    notes: list[str]
    rulings: dict[str, CardText]
    starting_gold: Count
    hand_size: Positive
    discard_pile_start: Positive = Field(description="cards dealt onto each discard pile at the start")
    set_aside_max: Positive
    bag_min: Positive
    bag_max: Positive
    sheriff_turns: dict[str, Positive] = Field(description='turns as Sheriff per player, by table size ("3" to "5")')
    max_counter_offers: Count
    favours: list[CardText] = Field(min_length=1, description="the promises a bribe can hold (our design; not binding)")
    bonuses: dict[str, Bonus] = Field(description="King and Queen bonuses of every legal good")
    cards: list[CardType] = Field(min_length=1)

    @model_validator(mode="after")
    def _playable(self) -> SheriffData:
        legal = [c.name for c in self.cards if c.kind == "legal"]
        seen: set[str] = set()
        for i, card in enumerate(self.cards):
            if card.name in seen:
                raise ValueError(f"cards[{i}].name: {card.name!r} is listed twice")
            seen.add(card.name)
            if card.counts_as is not None and card.counts_as.good not in legal:
                raise ValueError(f"cards[{i}].counts_as.good: {card.counts_as.good!r} is not a legal good of this file")
        if not legal:
            raise ValueError("cards: at least one legal good is needed (bags are declared as one)")
        for good in self.bonuses:
            if good not in legal:
                raise ValueError(f"bonuses.{good}: not a legal good of this file")
        for good in legal:
            if good not in self.bonuses:
                raise ValueError(f"bonuses: no King and Queen bonus for {good!r}")
        tables = [str(n) for n in range(PLUGIN.min_players, PLUGIN.max_players + 1)]
        if sorted(self.sheriff_turns) != tables:
            raise ValueError("sheriff_turns: must list the table sizes " + ", ".join(f'"{t}"' for t in tables))
        if len(set(self.favours)) != len(self.favours):
            raise ValueError("favours: a promise is listed twice")
        if not self.bag_min <= self.bag_max <= self.hand_size:
            raise ValueError(f"bag_max: must be from bag_min ({self.bag_min}) to hand_size ({self.hand_size})")
        if self.set_aside_max > self.hand_size:
            raise ValueError(f"set_aside_max: must be at most hand_size ({self.hand_size})")
        for players in range(PLUGIN.min_players, PLUGIN.max_players + 1):
            deck = sum(
                c.count - (c.three_player_remove if players == 3 else 0) for c in self.cards if c.kind != "royal"
            )
            dealt = players * self.hand_size + 2 * self.discard_pile_start
            if deck < dealt:
                raise ValueError(
                    f"cards: a {players}-player game deals {dealt} cards ({self.hand_size} a hand, "
                    f"{self.discard_pile_start} on each discard pile), but its deck holds {deck}"
                )
        return self
