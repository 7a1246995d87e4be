"""Sherwood (2005) component data (OUR DESIGN), loaded once from assets/sherwood-2005.json.

The rulebook names the companions and their traits; the Merry Men, the skills, the
mission cards, the loot deck, the map and the prison are the team's design (see the
"notes" field of the JSON). Loot cards get ids 0..n-1 in file order, Gold first.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from sherwood_tui.core.assets import asset_data, check_asset_data
from sherwood_tui.games.sherwood.plugin import PLUGIN

SKILLS = ("strength", "dexterity", "cunning", "discretion")
SKILL_NAMES = ("Strength", "Dexterity", "Cunning", "Discretion")
STRENGTH, DEXTERITY, CUNNING, DISCRETION = range(4)


@dataclass(frozen=True)
class Character:
    """A Merry Man or a companion: four skills (Discretion high = conspicuous)."""

    id: str
    name: str
    skills: tuple[int, int, int, int]
    companion: bool = False
    trait: str | None = None  # companions only, see rules.py
    trait_skill: int | None = None  # paid companions: the skill they change
    amount: int = 0  # the size of the trait (bonus, extra cards, ...)
    paid: bool = False
    text: str = ""


@dataclass(frozen=True)
class Reward:
    type: str  # "champion" | "camp" | "theft"
    towns: tuple[str, ...] = ()  # champion: the towns named on the card
    picks: int = 1  # champion: how many towns
    forest: int = 1  # camp: how many empty forest towns
    plain: int = 0  # camp: or how many empty plain towns
    cards: int = 0  # theft: how many loot cards


@dataclass(frozen=True)
class Mission:
    id: str
    name: str
    stack: int  # 1, 2 or 3: where the card starts
    kind: str  # "mission" | "companion" | "special" | "king"
    rewards: tuple[Reward, ...]
    companion: str | None = None


@dataclass(frozen=True)
class LootCard:
    id: int
    name: str
    kind: str  # "gold" | "personal" | "group"
    skill: int | None = None
    bonus: int = 0  # per character (personal) or per person (group); negative on Discretion


@dataclass(frozen=True)
class Town:
    id: str
    name: str
    short: str
    terrain: str  # "forest" | "plain" ("city" for Nottingham)
    x: int
    y: int


@dataclass(frozen=True)
class SherwoodData:
    notes: str
    pawns_per_player: int
    starting_gold: int
    merry_men: tuple[Character, ...]
    companions: tuple[Character, ...]
    characters: dict[str, Character]  # every character by id
    forest_name: str
    forest_text: str
    missions: tuple[Mission, ...]
    mission_by_id: dict[str, Mission]
    loot: tuple[LootCard, ...]
    width: int
    height: int
    nottingham: Town
    towns: tuple[Town, ...]
    town_index: dict[str, int]
    roads: tuple[tuple[str, str], ...]
    neighbours: tuple[tuple[int, ...], ...]  # per town index: neighbouring town indexes
    by_nottingham: frozenset[int]  # town indexes with a road to Nottingham
    prison_text: str


def _character(raw: dict[str, Any], companion: bool) -> Character:
    skill = raw.get("skill")
    return Character(
        id=raw["id"],
        name=raw["name"],
        skills=tuple(int(raw[s]) for s in SKILLS),  # type: ignore[arg-type]
        companion=companion,
        trait=raw.get("trait"),
        trait_skill=SKILLS.index(skill) if skill else None,
        amount=int(raw.get("amount", 0)),
        paid=raw.get("trait") == "paid",
        text=raw.get("text", raw.get("about", "")),
    )


def _reward(raw: dict[str, Any]) -> Reward:
    return Reward(
        type=raw["type"],
        towns=tuple(raw.get("towns", ())),
        picks=int(raw.get("picks", 1)),
        forest=int(raw.get("forest", 1)),
        plain=int(raw.get("plain", 0)),
        cards=int(raw.get("cards", 0)),
    )


@cache
def data() -> SherwoodData:
    """The component data, parsed once, checked by the schema (schema.py) first."""
    raw = asset_data("sherwood-2005.json")
    check_asset_data(PLUGIN, raw)  # ids, towns, roads and missions consistent; one line if not
    merry = tuple(_character(c, False) for c in raw["merry_men"])
    comps = tuple(_character(c, True) for c in raw["companions"])
    characters = {c.id: c for c in merry + comps}
    missions = tuple(
        Mission(
            id=m["id"],
            name=m["name"],
            stack=int(m["stack"]),
            kind=m["kind"],
            rewards=tuple(_reward(r) for r in m["rewards"]),
            companion=m.get("companion"),
        )
        for m in raw["missions"]
    )
    loot: list[LootCard] = []
    for entry in raw["loot"]:
        skill = entry.get("skill")
        for _ in range(int(entry.get("count", 1))):
            loot.append(
                LootCard(
                    id=len(loot),
                    name=entry["name"],
                    kind=entry["kind"],
                    skill=SKILLS.index(skill) if skill else None,
                    bonus=int(entry.get("bonus", 0)),
                )
            )
    m = raw["map"]
    n = m["nottingham"]
    nottingham = Town(n["id"], n["name"], n["short"], "city", n["x"], n["y"])
    towns = tuple(Town(t["id"], t["name"], t["short"], t["terrain"], t["x"], t["y"]) for t in m["towns"])
    town_index = {t.id: i for i, t in enumerate(towns)}
    roads = tuple((a, b) for a, b in m["roads"])
    neighbours: list[set[int]] = [set() for _ in towns]
    by_nottingham: set[int] = set()
    for a, b in roads:
        if a == nottingham.id:
            by_nottingham.add(town_index[b])
        elif b == nottingham.id:
            by_nottingham.add(town_index[a])
        else:
            neighbours[town_index[a]].add(town_index[b])
            neighbours[town_index[b]].add(town_index[a])
    result = SherwoodData(
        notes=raw["notes"],
        pawns_per_player=int(raw["pawns_per_player"]),
        starting_gold=int(raw["starting_gold"]),
        merry_men=merry,
        companions=comps,
        characters=characters,
        forest_name=raw["forest_card"]["name"],
        forest_text=raw["forest_card"]["text"],
        missions=missions,
        mission_by_id={mi.id: mi for mi in missions},
        loot=tuple(loot),
        width=int(m["width"]),
        height=int(m["height"]),
        nottingham=nottingham,
        towns=towns,
        town_index=town_index,
        roads=roads,
        neighbours=tuple(tuple(sorted(s)) for s in neighbours),
        by_nottingham=frozenset(by_nottingham),
        prison_text=raw["prison"]["text"],
    )
    return result


def character(char_id: str) -> Character:
    return data().characters[char_id]


def mission(mission_id: str) -> Mission:
    return data().mission_by_id[mission_id]


def loot_card(card: int) -> LootCard:
    return data().loot[card]
