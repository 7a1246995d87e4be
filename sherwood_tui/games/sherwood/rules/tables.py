"""Sherwood (2005): the component tables (bound once: the rules read them in their hot
loop), pure helpers over them (also for the screens and the bot), and the lazy words
the log's templates take as arguments."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol

from sherwood_tui.core.wording import count, listing
from sherwood_tui.games.sherwood.rules.data import SKILL_NAMES, data

if TYPE_CHECKING:

    class HasTowns(Protocol):
        """The state, a draft of it or the public view (`legal.Board`)."""

        @property
        def towns(self) -> tuple[int | None, ...]: ...

DATA = data()
CHARACTERS = DATA.characters
LOOT = DATA.loot
TOWNS = DATA.towns
TOWN_INDEX = DATA.town_index
NEIGHBOURS = DATA.neighbours
BY_NOTTINGHAM = DATA.by_nottingham
MISSIONS = DATA.mission_by_id
CHAR_NAMES = {c.id: c.name for c in CHARACTERS.values()}
MISSION_NAMES = {m.id: m.name for m in DATA.missions}
PAID = frozenset(c.id for c in CHARACTERS.values() if c.paid)
GOLD = frozenset(c.id for c in LOOT if c.kind == "gold")
NO_GROUP_LOOT = frozenset(c.id for c in CHARACTERS.values() if c.trait == "no_group_loot")  # Clorinda
# (mission id, reward type) -> the mission's first reward of that type
REWARD_SPECS = {(m.id, r.type): r for m in DATA.missions for r in reversed(m.rewards)}
# Camp sites in map order, (town index, town id): forest only, or forest and plain.
CAMP_SITES = {
    with_plain: tuple((i, t.id) for i, t in enumerate(TOWNS)
                      if t.terrain == "forest" or (with_plain and t.terrain == "plain"))
    for with_plain in (False, True)
}


def char_name(char_id: str) -> str:
    return CHAR_NAMES[char_id]


def mission_name(mission_id: str) -> str:
    return MISSION_NAMES[mission_id]


def loot_words(card: int) -> str:
    """A loot card in full words: 'Gold', 'Broadsword (personal loot: +2 Strength)',
    'Morning Mist (group loot: -1 Discretion per person)'."""
    lc = LOOT[card]
    if lc.kind == "gold" or lc.skill is None:
        return lc.name
    if lc.kind == "group":
        return f"{lc.name} (group loot: {lc.bonus:+d} {SKILL_NAMES[lc.skill]} per person)"
    return f"{lc.name} (personal loot: {lc.bonus:+d} {SKILL_NAMES[lc.skill]})"


def has_trait(members: tuple[str, ...], trait: str) -> bool:
    """Whether one of these characters has this trait."""
    for m in members:
        if CHARACTERS[m].trait == trait:
            return True
    return False


def paid_count(members: tuple[str, ...]) -> int:
    """How many paid companions (each needs a Gold card) are among these characters."""
    if PAID.isdisjoint(members):
        return 0
    return len([m for m in members if m in PAID])


def gold_cards(hand: tuple[int, ...]) -> tuple[int, ...]:
    return tuple([c for c in hand if c in GOLD])


def gold_count(hand: tuple[int, ...]) -> int:
    return len(GOLD.intersection(hand))  # a hand holds each card once


def party_totals(
    members: tuple[str, ...], personal: tuple[tuple[str, int], ...] = (), group: int | None = None
) -> tuple[int, int, int, int]:
    """Strength, Dexterity, Cunning, Discretion of a party with its loot and traits."""
    totals = [0, 0, 0, 0]
    for m in members:
        c = CHARACTERS[m]
        for i, v in enumerate(c.skills):
            totals[i] += v
        if c.paid and c.trait_skill is not None:  # Arthur, Gamble, Gilbert, Samir
            totals[c.trait_skill] += c.amount
    for m, card in personal:
        lc = LOOT[card]
        c = CHARACTERS[m]
        times = c.amount if c.trait == "personal_loot_double" else 1  # David of Doncaster
        if lc.skill is not None:
            totals[lc.skill] += lc.bonus * times
    if group is not None:
        lc = LOOT[group]
        # Friar Tuck counts as two people for a group loot card.
        people = sum(CHARACTERS[m].amount if CHARACTERS[m].trait == "group_loot_double" else 1
                     for m in members)
        if lc.skill is not None:
            totals[lc.skill] += lc.bonus * people
    return totals[0], totals[1], totals[2], totals[3]


def pawn_stock(state: HasTowns, seat: int) -> int:
    """Hero pawns left: 14 minus the popularity marker and the towns held."""
    return DATA.pawns_per_player - 1 - state.towns.count(seat)


# ----- words for the log (formatted only when the log is read) -------------------------


def chars_text(chars: Iterable[str]) -> str:
    return listing([CHAR_NAMES[c] for c in chars])


def seats_text(names: tuple[str, ...], seats: Iterable[int]) -> str:
    return listing([names[s] for s in seats])


def cards_text(n: int) -> str:
    return count(n, "Loot card")
