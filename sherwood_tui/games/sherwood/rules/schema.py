"""The schema of Sherwood's data file (assets/sherwood-2005.json): what `data.py` reads,
and what the rules and the screens need of it (the map fits its 60x16 panel, a band
fits its 16 keys). A player's own copy is checked with it before anything runs
(`sherwood-tui play --assets FILE`); `sherwood-tui assets sherwood --schema` prints it
as a JSON schema."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import Field, model_validator

from sherwood_tui.core.schema import CardText, Count, DataModel, Name, Positive
from sherwood_tui.games.sherwood.plugin import PLUGIN

Skill = Literal["strength", "dexterity", "cunning", "discretion"]
SKILLS: tuple[Skill, ...] = ("strength", "dexterity", "cunning", "discretion")
Trait = Literal[
    "paid", "group_loot_double", "personal_loot_double", "no_group_loot",
    "free_displacement", "champion_bonus", "theft_bonus", None,
]
KING = "king-richard"  # the rules know King Richard's card by this id (model.KING)
MAP_WIDTH, MAP_HEIGHT = 60, 16  # the map panel of the screens (80x24 terminals)
BAND_KEYS = 16  # a band's characters are chosen with the keys 1-9, 0, a-f


class Character(DataModel):
    """A Merry Man or a companion: four skills (a high Discretion is conspicuous) and,
    for companions, a trait."""

    id: Name
    name: Name
    strength: Count
    dexterity: Count
    cunning: Count
    discretion: Count
    trait: Trait = None
    skill: Skill | None = Field(None, description="paid companions: the skill they change by `amount`")
    amount: int = 0
    text: CardText = ""
    about: CardText = ""

    @model_validator(mode="after")
    def _trait(self) -> Character:
        if self.trait == "paid" and self.skill is None:
            raise ValueError("a paid companion needs a skill (the one `amount` changes)")
        if self.trait != "paid" and self.skill is not None:
            raise ValueError("only a paid companion changes a skill: skill must be left out")
        return self


class Reward(DataModel):
    """A reward a mission offers its winner."""

    type: Literal["champion", "camp", "theft"]
    towns: list[Name] = Field([], description="champion: the towns named on the card")
    picks: Positive = Field(1, description="champion: how many of them")
    forest: Positive = Field(1, description="camp: how many empty forest towns")
    plain: Count = Field(0, description="camp: or how many empty plain towns")
    cards: Count = Field(0, description="theft: how many Loot cards")

    @model_validator(mode="after")
    def _towns(self) -> Reward:
        if self.type == "champion" and not self.towns:
            raise ValueError("towns: a champion reward names at least one town")
        if self.type == "champion" and self.picks > len(self.towns):
            raise ValueError(f"picks: {self.picks} towns to pick of the {len(self.towns)} named")
        if self.type != "champion" and self.towns:
            raise ValueError(f"towns: only a champion reward names towns, not {self.type}")
        return self


class Mission(DataModel):
    """A mission card, in stack 1, 2 or 3."""

    id: Name
    name: Name
    stack: Literal[1, 2, 3]
    kind: Literal["mission", "companion", "special", "king"]
    rewards: list[Reward]
    companion: Name | None = Field(None, description="companion missions: the companion who joins")


class Loot(DataModel):
    """Loot cards (`count` alike): Gold, or a bonus to a skill (negative on Discretion
    hides the party)."""

    name: Name
    kind: Literal["gold", "personal", "group"]
    count: Positive = 1
    skill: Skill | None = None
    bonus: int = 0

    @model_validator(mode="after")
    def _skill(self) -> Loot:
        if self.kind != "gold" and self.skill is None:
            raise ValueError(f"skill: a {self.kind} loot card needs the skill it changes")
        if self.kind == "gold" and (self.skill is not None or self.bonus):
            raise ValueError("a Gold card has no skill and no bonus")
        return self


class Place(DataModel):
    """Nottingham on the map (x to the right, y downwards, in character cells)."""

    id: Name
    name: Name
    short: Annotated[str, Field(min_length=1, max_length=3, pattern=r"\S")]
    x: Count
    y: Count


class Town(Place):
    terrain: Literal["forest", "plain"]


class Map(DataModel):
    width: Positive = Field(le=MAP_WIDTH)
    height: Positive = Field(le=MAP_HEIGHT)
    nottingham: Place
    towns: list[Town] = Field(min_length=1)
    roads: list[Annotated[list[Name], Field(min_length=2, max_length=2)]]


class Card(DataModel):
    name: Name
    text: CardText


class Prison(DataModel):
    text: CardText


class SherwoodData(DataModel):
    """Sherwood's characters, missions, loot and map."""

    notes: str
    skills: list[Skill] = Field(list(SKILLS), description="the four skills, in this order")
    pawns_per_player: Positive
    starting_gold: Count = Field(description="Gold cards each player starts with")
    merry_men: list[Character] = Field(min_length=1)
    forest_card: Card
    companions: list[Character]
    missions: list[Mission] = Field(min_length=1)
    loot: list[Loot] = Field(min_length=1)
    map: Map
    prison: Prison

    @model_validator(mode="after")
    def _playable(self) -> SherwoodData:
        if tuple(self.skills) != SKILLS:
            raise ValueError(f"skills: must be {', '.join(SKILLS)}, in this order")
        _unique_ids(self.merry_men, "merry_men", set())
        companions = _unique_ids(self.companions, "companions", {c.id for c in self.merry_men})
        if len(self.merry_men) + len(self.companions) > BAND_KEYS:
            raise ValueError(f"companions: a band has at most {BAND_KEYS} characters (the keys 1-9, 0, a-f), "
                             f"with the Merry Men, not {len(self.merry_men) + len(self.companions)}")
        towns = self._check_map()
        _unique_ids(self.missions, "missions", set())
        for i, mission in enumerate(self.missions):
            where = f"missions[{i}]"
            if (mission.kind == "companion") != (mission.companion is not None):
                raise ValueError(f"{where}.companion: a companion mission names its companion, no other mission does")
            if mission.companion is not None and mission.companion not in companions:
                raise ValueError(f"{where}.companion: {mission.companion!r} is not a companion of this file")
            if mission.kind not in ("king", "companion") and not mission.rewards:
                raise ValueError(f"{where}.rewards: a {mission.kind} needs a reward")
            kinds = [r.type for r in mission.rewards]
            if len(set(kinds)) < len(kinds):
                raise ValueError(f"{where}.rewards: offers a kind of reward twice")
            for k, reward in enumerate(mission.rewards):
                for t, town in enumerate(reward.towns):
                    if town not in towns:
                        raise ValueError(f"{where}.rewards[{k}].towns[{t}]: {town!r} is not a town of the map")
        kings = [i for i, m in enumerate(self.missions) if m.kind == "king"]
        if len(kings) != 1:
            raise ValueError(f'missions: exactly one mission is of kind "king", not {len(kings)}')
        if self.missions[kings[0]].id != KING:
            raise ValueError(f"missions[{kings[0]}].id: the King's mission is {KING!r}")
        gold = sum(card.count for card in self.loot if card.kind == "gold")
        if gold < self.starting_gold * PLUGIN.max_players:
            raise ValueError(f"loot: {PLUGIN.max_players} players start with {self.starting_gold} Gold each, "
                             f"but the deck holds {gold} Gold cards")
        return self

    def _check_map(self) -> set[str]:
        """The ids of the towns, once the map is checked."""
        m = self.map
        towns = _unique_ids(m.towns, "map.towns", {m.nottingham.id})
        for where, place in [("map.nottingham", m.nottingham)] + [(f"map.towns[{i}]", t) for i, t in enumerate(m.towns)]:
            if place.x >= m.width:
                raise ValueError(f"{where}.x: {place.x} is off the map (width {m.width})")
            if place.y >= m.height:
                raise ValueError(f"{where}.y: {place.y} is off the map (height {m.height})")
        for i, (a, b) in enumerate(m.roads):
            for end in (a, b):
                if end not in towns and end != m.nottingham.id:
                    raise ValueError(f"map.roads[{i}]: {end!r} is not a town of the map")
            if a == b:
                raise ValueError(f"map.roads[{i}]: a road joins two towns, not {a!r} to itself")
        return towns


def _unique_ids(items: Sequence[Character | Mission | Town], where: str, taken: set[str]) -> set[str]:
    """The ids of `items`, each new (not in `taken` nor used twice)."""
    ids = set()
    for i, item in enumerate(items):
        if item.id in taken or item.id in ids:
            raise ValueError(f"{where}[{i}].id: {item.id!r} is used twice")
        ids.add(item.id)
    return ids
