"""Sherwood (2005): the rules, as pure functions over an immutable pydantic state.

A game turn has eight phases; only some of them ask a player something:

1. Mission assignments (automatic): up to three cards from the stack in play, laid at
   Strength, Dexterity and Cunning in the order drawn.
2. Ambush preparations (phase "prepare", simultaneous and private): every player sends
   a party (the characters before the Forest card) with loot, in one `PrepareAmbush`.
3. Springing (automatic once all have committed): the parties are revealed in
   `state.reveal`; a player who sent no one frees the top prisoner of their cell.
4. Unsuccessful missions: ties fail; a player leading several missions keeps one
   (phase "choose_mission", private); failed cards move to the next stack.
5. Rewards in the order Strength, Dexterity, Cunning: the winner picks a reward (phase
   "choose_reward", private) and, for Champion and Camp, towns ("choose_town").
6. Little Booty (automatic).
7. Capture (automatic); each captured player with two or more prisoners arranges the
   newcomers (phase "order_prisoners", public).
8. Sheriff's rounds (automatic); the owner of the cell he stops at may pay Gold to free
   more prisoners (phase "ransom", private).

Interpretations where the rulebook is unclear (also in rules_reference.md):
- A skill total of 0 (or less) claims nothing; a party whose Discretion is 0 or less is
  never noticed (cannot be the "highest Discretion").
- Discretion is a skill like the others, won by the highest total among the parties
  sent (players who sent no one take no part); unlike a mission, a tie makes every tied
  player a winner of Discretion ("the player(s) with the highest score ... place a
  pawn"). Capture (phase 7): a winner of Discretion who was also successful in a
  mission (kept one) goes to prison; on King Richard's turn every winner of Discretion
  goes, favour or not ("the player who wins discretion still sends their party to
  prison"). So a successful party that is less conspicuous than an unsuccessful one is
  not caught. Little Booty: sent someone, won no mission and did not win Discretion.
  `discretion_winners`, `capture_seats` and `little_booty_seats` compute these from a
  reveal, for the rules and the screens alike.
- A party uses either personal loot (at most one card per character) or one group loot
  card, never both. Loot cards and Gold are used up (discarded) when the party is
  revealed, whatever the outcome. A paid companion cannot be sent without its Gold card.
- The special missions of stack II each offer two enhanced rewards: Prince John
  Champion (two towns of its list) and Camp (two empty forest towns or one empty plain
  town); Guy of Gisbourne Champion (two towns) and Booty (5 loot); the Bishop of
  Hereford Booty (5 loot) and Camp (two forest or one plain). Each town taken scores on
  its own; Alan-a-Dale's bonus counts once per reward; a second town may be declined.
- A mission that no party can claim (nobody has the skill, or nobody went) fails like
  a tie. If no reward of a won mission can be taken, its winner takes "nothing".
- A turn's missions all come from one stack: if fewer than three cards remain, the
  empty places have no mission. When King Richard is drawn, drawing stops and every
  other mission card (drawn with him or still in a stack) leaves the game. In King
  Richard's turn each skill won outright is a favour (a player may win several, no
  choose-one rule); the game ends after the capture (no Little Booty, no Sheriff's
  rounds, and the order of the last prisoners is not asked: it no longer matters).
- The prison has one cell per player; cell 1 is next to the stairs and all cells are
  "in play", so the Sheriff walks 1, 2, ..., n, 1, ... whether or not a cell is taken.
  Newcomers are first put under the old prisoners in party order, then their owner
  rearranges them. The ransom decision is offered whenever prisoners remain in the
  Sheriff's cell (even without Gold, so that it reveals nothing).
- A displaced player's pawn returns to their stock; popularity never goes below 0,
  since every pawn lost had scored at least 1 when placed. One pawn marks popularity
  and one claims the mission, so a player holds at most 12 towns.
- When the loot deck is empty its discard pile is shuffled into a new deck.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, compress, permutations
from typing import Annotated, Literal, Union

from pydantic import Field

from sherwood_tui.core.contract import Event, Frozen, Game, OptionSpec, Player, ScoreLine
from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.rng import randbelow, shuffled
from sherwood_tui.core.wording import count
from sherwood_tui.games.sherwood.data import (
    DISCRETION,
    SKILL_NAMES,
    data,
)

ROMAN = ("I", "II", "III")
KING = "king-richard"

# ----- state ---------------------------------------------------------------------------


class ScoreEvent(Frozen):
    """One change of a popularity track (the track is always the sum of these)."""

    seat: int
    points: int
    kind: str  # "champion" | "camp" | "companion" | "alan" | "displaced"
    text: str
    town: str | None = None
    turn: int = 0


class PendingParty(Frozen):
    """A committed, not yet revealed ambush party (secret to its owner)."""

    members: tuple[str, ...] = ()
    personal: tuple[tuple[str, int], ...] = ()  # (character id, loot card id)
    group: int | None = None


class Party(Frozen):
    """A revealed party, with everything it used and its totals."""

    seat: int
    members: tuple[str, ...]
    personal: tuple[tuple[str, int], ...] = ()
    group: int | None = None
    gold_paid: int = 0
    totals: tuple[int, int, int, int] = (0, 0, 0, 0)
    freed: str | None = None  # sent no one and broke this character out of prison


class SkillResult(Frozen):
    """What happened at one skill: who led, who won, or why the mission failed."""

    skill: int
    mission: str | None
    leaders: tuple[int, ...] = ()  # seats with the highest positive total
    best: int = 0
    winner: int | None = None
    outcome: Literal["won", "tie", "declined", "unclaimed", "pending", "favour", "no favour"] = "unclaimed"
    note: str = ""
    destination: str = ""  # where a failed mission went ("stack II", "out of the game")


class Reveal(Frozen):
    """The public result of the springing of the ambushes of one turn."""

    turn: int
    king: bool = False
    parties: tuple[Party, ...]
    skills: tuple[SkillResult, ...]
    chooser: int | None = None  # leads several missions and must keep one
    discretion_high: tuple[int, ...] = ()  # the winners of Discretion: highest total (>= 1)
    captured: tuple[int, ...] = ()  # set at the capture (phase 7), in cell-giving order
    little_booty: tuple[int, ...] = ()  # set at phase 6


class PendingReward(Frozen):
    """The reward being resolved (public)."""

    seat: int
    skill: int
    mission: str
    reward: Literal["champion", "camp", "theft", "nothing"] | None = None
    picks_left: int = 0
    taken: tuple[str, ...] = ()  # towns taken so far with this reward


class RansomOffer(Frozen):
    seat: int
    cell: int


Phase = Literal[
    "prepare", "choose_mission", "choose_reward", "choose_town", "order_prisoners", "ransom", "over"
]


class State(Frozen):
    players: tuple[Player, ...]
    camp_needs_town: bool = False
    rng: int
    turn: int = 1
    stack: int = 1  # the stack in play: 1, 2 or 3
    stacks: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]  # top card first
    missions: tuple[str | None, str | None, str | None] = (None, None, None)
    king: bool = False  # King Richard has been drawn: the last turn
    removed: tuple[str, ...] = ()  # mission cards out of the game
    loot_deck: tuple[int, ...]
    loot_discard: tuple[int, ...] = ()
    hands: tuple[tuple[int, ...], ...]
    bands: tuple[tuple[str, ...], ...]  # every character a player owns
    prison: tuple[tuple[str, ...], ...]  # per seat, top (next to be freed) first
    cells: tuple[int | None, ...]  # owner of each cell; cell 0 is next to the stairs
    sheriff: int = -1  # -1: on the stairs
    towns: tuple[int | None, ...]  # owner of each town (data order)
    popularity: tuple[int, ...]
    score_log: tuple[ScoreEvent, ...] = ()
    phase: Phase = "prepare"
    pending: tuple[PendingParty | None, ...]  # secret until the reveal
    reveal: Reveal | None = None  # the last springing (kept until the next one)
    reward_skill: int = 0  # the next skill whose reward is resolved
    reward: PendingReward | None = None
    order_queue: tuple[int, ...] = ()  # captured players still arranging newcomers
    ransom: RansomOffer | None = None
    favours: tuple[int | None, int | None, int | None] = (None, None, None)
    end_text: str = ""


# ----- actions -------------------------------------------------------------------------


class PrepareAmbush(Frozen):
    """Commit an ambush: the party (characters before the Forest card, in order), the
    personal loot given to party members, or one group loot card. An empty party is the
    Forest card on top: nobody goes. Paid companions take a Gold card each."""

    type: Literal["prepare"] = "prepare"
    seat: int
    party: tuple[str, ...] = ()
    personal: tuple[tuple[str, int], ...] = ()
    group: int | None = None


class ChooseMission(Frozen):
    """Keep the mission at this skill (0 Strength, 1 Dexterity, 2 Cunning)."""

    type: Literal["choose_mission"] = "choose_mission"
    seat: int
    skill: int


class ChooseReward(Frozen):
    """Take one reward of the mission; "nothing" only when no reward can be taken."""

    type: Literal["choose_reward"] = "choose_reward"
    seat: int
    reward: Literal["champion", "camp", "theft", "nothing"]


class ChooseTown(Frozen):
    """Place a pawn on this town (id), or None to decline a further town."""

    type: Literal["choose_town"] = "choose_town"
    seat: int
    town: str | None


class OrderPrisoners(Frozen):
    """Arrange the newly captured characters: the first listed is freed first."""

    type: Literal["order_prisoners"] = "order_prisoners"
    seat: int
    order: tuple[str, ...]


class Ransom(Frozen):
    """Free more prisoners of the Sheriff's cell: 0, 1 (1 Gold) or 2 (3 Gold)."""

    type: Literal["ransom"] = "ransom"
    seat: int
    free: int


Action = Annotated[
    Union[PrepareAmbush, ChooseMission, ChooseReward, ChooseTown, OrderPrisoners, Ransom],
    Field(discriminator="type"),
]

RANSOM_COST = {0: 0, 1: 1, 2: 3}


# ----- views ---------------------------------------------------------------------------


class SeatPublic(Frozen):
    name: str
    popularity: int
    hand_count: int
    band: tuple[str, ...]
    prison: tuple[str, ...]
    cell: int | None
    committed: bool
    towns: tuple[str, ...]
    largest_network: int
    favours: int


class PublicView(Frozen):
    turn: int
    label: str
    phase: str
    stack: int
    king: bool
    missions: tuple[str | None, ...]
    stack_sizes: tuple[int, ...]
    face_up: tuple[tuple[str, ...], ...]  # contents of the face-up stacks (not in play)
    removed: tuple[str, ...]
    towns: tuple[int | None, ...]
    seats: tuple[SeatPublic, ...]
    cells: tuple[int | None, ...]
    sheriff: int
    loot_deck: int
    loot_discard: tuple[int, ...]
    reveal: Reveal | None
    reward: PendingReward | None
    order_queue: tuple[int, ...]
    ransom: RansomOffer | None
    to_act: tuple[int, ...]
    favours: tuple[int | None, ...]
    score_log: tuple[ScoreEvent, ...]
    camp_needs_town: bool
    end_text: str


class SeatView(Frozen):
    seat: int
    hand: tuple[int, ...]
    party: PendingParty | None  # this seat's committed, unrevealed party
    table: PublicView


# ----- component tables (bound once: the rules read them in their hot loop) ------------

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


# ----- pure helpers (also for the screens) --------------------------------------------


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
    return trait in [CHARACTERS[m].trait for m in members]


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


def discretion_winners(reveal: Reveal) -> tuple[int, ...]:
    """The seats that win Discretion: the highest Discretion total among the parties
    sent (all tied ones), if it is at least 1."""
    return reveal.discretion_high


def _successful(reveal: Reveal) -> dict[int, int]:
    """The seats successful in a mission (or a favour), each with its first skill in
    resolution order. A chooser who leads several missions ("pending") is successful
    whichever they keep."""
    first: dict[int, int] = {}
    for r in reveal.skills:
        if r.outcome in ("won", "favour", "pending") and r.winner not in first:
            first[r.winner] = r.skill
    return first


def capture_seats(reveal: Reveal) -> tuple[int, ...]:
    """Who goes to prison this turn (phase 7), in mission resolution order: the winners
    of Discretion who were successful in a mission; on King Richard's turn every winner
    of Discretion, whatever they won. Known from the reveal on (the cells are given in
    this order once the rewards are taken)."""
    if reveal.captured:
        return reveal.captured
    high = reveal.discretion_high
    if not high:
        return ()
    first = _successful(reveal)
    if reveal.king:
        return tuple(sorted(high, key=lambda s: (first.get(s, 3), s)))
    return tuple(sorted([s for s in high if s in first], key=first.__getitem__))


def little_booty_seats(reveal: Reveal) -> tuple[int, ...]:
    """Who takes a Little Booty (phase 6): sent someone, won no mission and did not win
    Discretion. Nobody on King Richard's turn."""
    if reveal.king:
        return ()
    if reveal.little_booty:
        return reveal.little_booty
    first = _successful(reveal)
    high = reveal.discretion_high
    return tuple([p.seat for p in reveal.parties if p.members and p.seat not in first and p.seat not in high])


def network_of(towns: tuple[int | None, ...], seat: int, start: int) -> set[int]:
    """The towns of `seat` connected to `start` by roads through that player's towns."""
    neighbours = NEIGHBOURS
    seen = {start}
    todo = [start]
    while todo:
        t = todo.pop()
        for n in neighbours[t]:
            if n not in seen and towns[n] == seat:
                seen.add(n)
                todo.append(n)
    return seen


def networks(towns: tuple[int | None, ...], seat: int) -> list[set[int]]:
    """All networks (connected groups of towns) of a player, largest first."""
    own = [i for i, o in enumerate(towns) if o == seat]
    seen: set[int] = set()
    out: list[set[int]] = []
    for t in own:
        if t not in seen:
            net = network_of(towns, seat, t)
            seen |= net
            out.append(net)
    out.sort(key=len, reverse=True)
    return out


@lru_cache(maxsize=8192)
def largest_network(towns: tuple[int | None, ...], seat: int) -> int:
    nets = networks(towns, seat)
    return len(nets[0]) if nets else 0


@lru_cache(maxsize=4096)
def _holdings(towns: tuple[int | None, ...], players: int) -> tuple[tuple[tuple[str, ...], int], ...]:
    """Per seat: the ids of the towns it holds (in map order) and its largest network."""
    return tuple(
        (tuple(TOWNS[i].id for i, o in enumerate(towns) if o == seat), largest_network(towns, seat))
        for seat in range(players)
    )


def placement_points(towns: tuple[int | None, ...], seat: int, town: int) -> tuple[int, int, bool]:
    """Champion scoring if `seat` takes `town`: (total, connected towns, Nottingham)."""
    after = towns[:town] + (seat,) + towns[town + 1 :]
    net = network_of(after, seat, town)
    notts = bool(net & BY_NOTTINGHAM)
    return 1 + (len(net) - 1) + int(notts), len(net) - 1, notts


def available(state: State, seat: int) -> tuple[str, ...]:
    """The characters of a seat who are not in prison, in band order."""
    band, jailed = state.bands[seat], state.prison[seat]
    return _free_members(band, jailed) if jailed else band


@lru_cache(maxsize=16384)
def _free_members(band: tuple[str, ...], jailed: tuple[str, ...]) -> tuple[str, ...]:
    return tuple([c for c in band if c not in jailed])


def pawn_stock(state: State, seat: int) -> int:
    """Hero pawns left: 14 minus the popularity marker and the towns held."""
    return DATA.pawns_per_player - 1 - state.towns.count(seat)


def _set(tup: tuple, index: int, value) -> tuple:
    return tup[:index] + (value,) + tup[index + 1 :]


class _Draft:
    """The state being changed by one step: the phases read and set the State's fields
    as plain attributes (a pydantic model's are several times slower to read), and
    `done` gives the new State. Never shared, so nobody sees it half-made."""

    __slots__ = ("__dict__", "_new", "names")

    def __init__(self, state: State) -> None:
        self._new = state.model_copy()
        self.__dict__ = self._new.__dict__  # the new State's own fields: the step's one copy
        self.names = seat_names(state.players)  # the players' names by seat (not a field)

    def done(self) -> State:
        return self._new


_SEAT_NAMES: dict[int, tuple[tuple[Player, ...], tuple[str, ...]]] = {}


def seat_names(players: tuple[Player, ...]) -> tuple[str, ...]:
    """The players' names by seat. The log names players at every step: the names are
    kept per players tuple (by identity; the entry holds the tuple, so the id stays its own)."""
    known = _SEAT_NAMES.get(id(players))
    if known is None or known[0] is not players:
        if len(_SEAT_NAMES) >= 64:
            _SEAT_NAMES.clear()
        known = _SEAT_NAMES[id(players)] = (players, tuple(p.name for p in players))
    return known[1]


def _listing(words: list[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _seats(names: tuple[str, ...], seats) -> str:
    return _listing([names[s] for s in seats])


def _chars(chars) -> str:
    return _listing([char_name(c) for c in chars])


@lru_cache(maxsize=16384)
def _pending_party(
    members: tuple[str, ...], personal: tuple[tuple[str, int], ...], group: int | None
) -> PendingParty:
    """A checked ambush party (shared: it is immutable)."""
    return PendingParty.make(members=members, personal=personal, group=group)


@lru_cache(maxsize=16384)
def _revealed_party(
    seat: int, members: tuple[str, ...], personal: tuple[tuple[str, int], ...], group: int | None,
    gold_paid: int,
) -> tuple[Party, tuple[int, int, int, int], str]:
    """A revealed party, its totals, and what it is in the log (after "<name> sends ")."""
    totals = party_totals(members, personal, group)
    party = Party.make(seat=seat, members=members, personal=personal, group=group,
                       gold_paid=gold_paid, totals=totals)
    kit = [f"{LOOT[card].name} on {char_name(c)}" for c, card in personal]
    if group is not None:
        kit.append(f"{LOOT[group].name} for the party")
    if gold_paid:
        kit.append(f"{gold_paid} Gold paid")
    extra = f" with {', '.join(kit)}" if kit else ""
    skills = ", ".join([f"{SKILL_NAMES[i]} {totals[i]}" for i in range(4)])
    return party, totals, f"{_chars(members)}{extra}: {skills}"


@lru_cache(maxsize=256)
def _idle_party(seat: int, freed: str | None) -> Party:
    """The revealed party of a player who sent no one (shared: it is immutable)."""
    return Party.make(seat=seat, members=(), freed=freed)


def _leaders(sent: list[tuple[int, tuple[int, int, int, int]]]) -> tuple[list, list]:
    """Per skill (Strength, Dexterity, Cunning, Discretion), among the parties sent as
    (seat, totals): the seats with the highest total if it is at least 1, and that total
    (0 if nobody went)."""
    best = list(sent[0][1]) if sent else [0, 0, 0, 0]
    for _, totals in sent:  # plain loops: generator expressions cost several times more
        for k in range(4):
            if totals[k] > best[k]:
                best[k] = totals[k]
    leaders = [
        tuple([seat for seat, totals in sent if totals[k] == top]) if top >= 1 else ()
        for k, top in enumerate(best)
    ]
    return leaders, best


@lru_cache(maxsize=32768)
def _skill_result(
    names: tuple[str, ...], skill: int, mission: str | None, leaders: tuple[int, ...], best: int,
    chooser: int | None,
) -> tuple[SkillResult, str | None]:
    """The outcome at one skill once the ambushes are sprung, and its log line if a
    mission was there (shared: the result is immutable)."""
    what = SKILL_NAMES[skill]
    winner = None
    if mission is None:
        if leaders:
            note = f"No mission at {what}: {_seats(names, leaders)} led with {best} for nothing."
        else:
            note = f"No mission at {what}."
        outcome = "unclaimed"
    elif not leaders:
        outcome, note = "unclaimed", f"No party has any {what}: the mission fails."
    elif len(leaders) > 1:
        outcome, note = "tie", f"{_seats(names, leaders)} tie at {best}: the mission fails."
    elif leaders[0] == chooser:
        outcome, winner = "pending", chooser
        note = f"{names[chooser]} leads with {best} but may keep only one mission."
    else:
        outcome, winner = "won", leaders[0]
        note = f"{names[winner]} claims it with {best}."
    result = SkillResult.make(skill=skill, mission=mission, leaders=leaders, best=best,
                              winner=winner, outcome=outcome, note=note)
    return result, None if mission is None else f"{what}, {mission_name(mission)}: {note}"


@lru_cache(maxsize=65536)
def _make_prepare(seat: int, party=(), personal=(), group=None) -> PrepareAmbush:
    """One ambush of the legal set, interned: the sets of neighbouring bands share most."""
    return PrepareAmbush.make(seat=seat, party=party, personal=personal, group=group)


def _sampled_triples(avail: tuple[str, ...], is_paid: tuple[bool, ...], gold: int) -> list[tuple[str, ...]]:
    """The parties of three whose paid companions (`is_paid`) `gold` Gold cards can pay,
    in combinations order; when there are more than 30, the 30 at ranks int(i * n / 30).
    Found by counting per first two members, without listing them all (a late band has
    hundreds)."""
    n = len(avail)
    later = [range(j + 1, n) for j in range(n)]
    later_unpaid = [[k for k in range(j + 1, n) if not is_paid[k]] for j in range(n)]
    blocks = []  # (first, second, the possible thirds), in combinations order
    for i in range(n):
        for j in range(i + 1, n - 1):
            paid = is_paid[i] + is_paid[j]
            if paid < gold:
                blocks.append((i, j, later[j]))
            elif paid == gold:
                blocks.append((i, j, later_unpaid[j]))
    total = sum([len(thirds) for _, _, thirds in blocks])
    if total > 30:
        step = total / 30
        ranks = [int(i * step) for i in range(30)]
    else:
        ranks = list(range(total))
    out = []
    start = 0
    for i, j, thirds in blocks:
        end = start + len(thirds)
        while ranks and ranks[0] < end:
            out.append((avail[i], avail[j], avail[thirds[ranks.pop(0) - start]]))
        start = end
    return out


@lru_cache(maxsize=8192)
def _party_pool(avail: tuple[str, ...], gold: int) -> tuple[tuple[str, ...], ...]:
    """Parties for the representative set: all of one or two, at most 30 of three, and
    the whole band; only those whose paid companions can be paid."""
    is_paid = tuple([c in PAID for c in avail])
    everyone_paid = sum(is_paid) <= gold
    if everyone_paid:
        gold = len(avail)  # the same parties, and no filter needed
    parties = [(c,) for c, paid in zip(avail, is_paid) if paid <= gold]
    # pairs with paid_count(p) <= gold, counted in C (the flags' pairs line up with the parties')
    parties += list(compress(combinations(avail, 2), map(gold.__ge__, map(sum, combinations(is_paid, 2)))))
    parties += _sampled_triples(avail, is_paid, gold)
    if len(avail) > 3 and everyone_paid:
        parties.append(avail)
    return tuple(parties)


@lru_cache(maxsize=8192)
def _loot_carriers(avail: tuple[str, ...], gold: int) -> tuple[tuple, tuple, tuple]:
    """The parties of the pool that may carry loot: singles and pairs (personal loot),
    and parties of two or more without Clorinda (group loot)."""
    pool = _party_pool(avail, gold)
    singles = tuple([p for p in pool if len(p) == 1])
    pairs = tuple([p for p in pool if len(p) == 2])
    groupable = tuple([p for p in pool if len(p) >= 2 and NO_GROUP_LOOT.isdisjoint(p)])
    return singles, pairs, groupable


@lru_cache(maxsize=16384)
def _seat_options(
    seat: int, avail: tuple[str, ...], gold: int
) -> tuple[tuple[PrepareAmbush, ...], dict[int, tuple[PrepareAmbush, ...]]]:
    """The ambushes of a seat with these characters and Gold: those without loot, and a
    memo of `_loot_parties` by loot card, filled as cards turn up in the hand."""
    base = (_make_prepare(seat),) + tuple([_make_prepare(seat, p) for p in _party_pool(avail, gold)])
    return base, {}


def _loot_parties(seat: int, avail: tuple[str, ...], gold: int, card: int) -> tuple[PrepareAmbush, ...]:
    """A few parties carrying this loot card (personal: on one character; group: on a
    party of two or more without Clorinda)."""
    kind = LOOT[card].kind
    singles, pairs, groupable = _loot_carriers(avail, gold)
    out = []
    if kind == "personal":
        for k in range(min(3, len(singles))):
            (c,) = singles[(card + k) % len(singles)]
            out.append(_make_prepare(seat, (c,), ((c, card),)))
        if pairs:
            pair = pairs[card % len(pairs)]
            out.append(_make_prepare(seat, pair, ((pair[card % 2], card),)))
    elif kind == "group":
        for k in range(min(3, len(groupable))):
            out.append(_make_prepare(seat, groupable[(card * 7 + k * 11) % len(groupable)], (), card))
    return tuple(out)


@lru_cache(maxsize=4096)
def _decision(action_type: type, seat: int, field: str, value) -> Frozen:
    """A legal action of the small decisions, built once (actions are immutable)."""
    return action_type.make(seat=seat, **{field: value})


@lru_cache(maxsize=4096)
def _prisoner_orders(seat: int, block: tuple[str, ...]) -> tuple[OrderPrisoners, ...]:
    """The orders offered for newly captured characters: all of them, or for more than
    four a bounded representative set (every rotation, forwards and backwards)."""
    if len(block) <= 4:
        orders = list(permutations(block))
    else:
        k = len(block)
        orders = [block[i:] + block[:i] for i in range(k)]
        rev = block[::-1]
        orders += [rev[i:] + rev[:i] for i in range(k)]
    return tuple([OrderPrisoners.make(seat=seat, order=tuple(o)) for o in orders])


# ----- the game ------------------------------------------------------------------------


class SherwoodGame(Game):
    id = "sherwood"
    title = "Sherwood (2005)"
    blurb = "Send secret ambush parties on missions; win towns, dodge prison."
    min_players = 2
    max_players = 4
    options = (
        OptionSpec(
            key="camp_needs_town",
            label="Camp only after a town",
            help="The designer's variant: the Camp reward may only be taken by a player "
            "who already holds at least one town.",
        ),
    )
    state_type = State
    action_type = Action

    # ----- setup ---------------------------------------------------------------------
    def _new_game(
        self, players: list[Player], options: dict[str, bool], seed: int
    ) -> tuple[State, list[Event]]:
        d = data()
        n = len(players)
        golds = [c.id for c in d.loot if c.kind == "gold"]
        start = d.starting_gold
        hands = tuple(tuple(golds[i * start : (i + 1) * start]) for i in range(n))
        dealt = {c for h in hands for c in h}
        deck, rng = shuffled(seed, [c.id for c in d.loot if c.id not in dealt])
        stack1, rng = shuffled(rng, [m.id for m in d.missions if m.stack == 1])
        stack2 = tuple(m.id for m in d.missions if m.stack == 2)
        stack3 = tuple(m.id for m in d.missions if m.stack == 3)
        merry = tuple(c.id for c in d.merry_men)
        state = State.make(
            players=tuple(players),
            camp_needs_town=options.get("camp_needs_town", False),
            rng=rng,
            stacks=(stack1, stack2, stack3),
            loot_deck=deck,
            hands=hands,
            bands=(merry,) * n,
            prison=((),) * n,
            cells=(None,) * n,
            towns=(None,) * len(d.towns),
            popularity=(0,) * n,
            pending=(None,) * n,
            turn=0,
        )
        draft, events = _Draft(state), []
        self._start_turn(draft, events)
        return draft.done(), events

    # ----- whose turn ----------------------------------------------------------------
    def may_act(self, state: State, seat: int) -> bool:
        """Whether `seat` is in `to_act(state)`, without building the list (hot path)."""
        if state.phase == "prepare":
            pending = state.pending
            return isinstance(seat, int) and 0 <= seat < len(pending) and pending[seat] is None
        return seat in self.to_act(state)

    def to_act(self, state: State) -> list[int]:
        phase = state.phase
        if phase == "prepare":
            return [s for s, p in enumerate(state.pending) if p is None]
        if phase == "choose_mission":
            return [state.reveal.chooser] if state.reveal and state.reveal.chooser is not None else []
        if phase in ("choose_reward", "choose_town"):
            return [state.reward.seat] if state.reward else []
        if phase == "order_prisoners":
            return [state.order_queue[0]] if state.order_queue else []
        if phase == "ransom":
            return [state.ransom.seat] if state.ransom else []
        return []

    def is_final(self, before, action, events) -> bool:
        """A reward that draws Loot shows new cards: it cannot be taken back."""
        if isinstance(action, ChooseReward) and action.reward == "theft":
            return True
        return super().is_final(before, action, events)

    def private_news(self, before: State, action, after: State) -> list[str]:
        """Theft: the cards the drawer drew, which only they see (the log says how many)."""
        if not (isinstance(action, ChooseReward) and action.reward == "theft"):
            return []
        seat = action.seat
        old = set(before.hands[seat])
        drawn = [c for c in after.hands[seat] if c not in old]
        title = mission_name(before.reward.mission) if before.reward else "the mission"
        if not drawn:
            return [f"You take Theft from {title}, but the loot deck and its discards are "
                    "empty: you draw nothing."]
        lines = [f"You take Theft from {title} and draw {count(len(drawn), 'Loot card')}:"]
        gold = [c for c in drawn if c in GOLD]
        if gold:
            lines.append(f"  {count(len(gold), 'Gold card')}")
        lines += [f"  {loot_words(c)}" for c in drawn if c not in GOLD]
        lines.append("They are in your hand now, secret from the others, for your next ambushes.")
        return lines

    def why_not_turn(self, state: State, seat: int) -> str:
        if 0 <= seat < len(state.players) and state.phase == "prepare" and state.pending[seat] is not None:
            return f"{state.players[seat].name} has already prepared an ambush this turn."
        return super().why_not_turn(state, seat)

    def is_private(self, state: State, seat: int) -> bool:
        """Private when the player needs to see their loot hand. Decided on public
        information only, so the curtain itself tells nobody anything."""
        phase = state.phase
        if phase in ("prepare", "choose_mission", "choose_reward", "ransom"):
            return True
        if phase == "choose_town" and state.reward is not None:
            return self._may_pay_gold(state, state.reward)
        return False

    def _may_pay_gold(self, state: State, reward: PendingReward) -> bool:
        """Whether this town choice may involve paying Gold (Champion on an opponent)."""
        if reward.reward != "champion" or self._winning_party_has(state, reward.seat, "free_displacement"):
            return False
        card = self._reward_spec(reward.mission, "champion")
        idx = TOWN_INDEX
        return any(
            state.towns[idx[t]] is not None and state.towns[idx[t]] != reward.seat for t in card.towns
        )

    # ----- legal actions ------------------------------------------------------------
    def legal_actions(self, state: State, seat: int) -> list:
        if not self.may_act(state, seat):
            return []
        phase = state.phase
        if phase == "prepare":
            return self._prepare_options(state, seat)
        if phase == "choose_mission":
            return [
                _decision(ChooseMission, seat, "skill", r.skill)
                for r in state.reveal.skills
                if r.outcome == "pending" and r.winner == seat
            ]
        if phase == "choose_reward":
            kinds = self._possible_rewards(state, state.reward) or ["nothing"]
            return [_decision(ChooseReward, seat, "reward", k) for k in kinds]
        if phase == "choose_town":
            towns = self._town_choices(state, state.reward, with_gold=True)
            out = [_decision(ChooseTown, seat, "town", t) for t in towns]
            if state.reward.taken:
                out.append(_decision(ChooseTown, seat, "town", None))
            return out
        if phase == "order_prisoners":
            return list(_prisoner_orders(seat, self._new_prisoners(state, seat)))
        if phase == "ransom":
            gold = gold_count(state.hands[seat])
            left = len(state.prison[seat])
            return [
                _decision(Ransom, seat, "free", k)
                for k in (0, 1, 2)
                if k <= left and RANSOM_COST[k] <= gold
            ]
        return []

    def _prepare_options(self, state: State, seat: int) -> list:
        """A bounded, representative set of ambushes (sending no one is always first):
        every party of one or two, up to 30 parties of three, the whole band, and a few
        parties carrying each loot card. Any other ambush is legal too (see apply)."""
        avail = available(state, seat)
        hand = state.hands[seat]
        # Only whether each paid companion can be paid matters: clip the Gold count.
        gold = min(gold_count(hand), paid_count(avail))
        base, by_card = _seat_options(seat, avail, gold)
        out = list(base)
        for card in hand:
            if card not in GOLD:
                loot = by_card.get(card)
                if loot is None:
                    loot = by_card[card] = _loot_parties(seat, avail, gold, card)
                out += loot
        return out

    # ----- applying actions ---------------------------------------------------------
    PHASE_TEXT = {
        "prepare": "Every player is preparing an ambush now.",
        "choose_mission": "A player must first choose which mission to keep.",
        "choose_reward": "A reward is being chosen now.",
        "choose_town": "A town is being chosen for a reward now.",
        "order_prisoners": "New prisoners are being arranged in their cell now.",
        "ransom": "The Sheriff's rounds are under way: only paying to free prisoners is possible.",
        "over": "The game is over.",
    }
    ACTION_PHASE = {
        PrepareAmbush: "prepare",
        ChooseMission: "choose_mission",
        ChooseReward: "choose_reward",
        ChooseTown: "choose_town",
        OrderPrisoners: "order_prisoners",
        Ransom: "ransom",
    }

    def _apply(self, state: State, action) -> tuple[State, list[Event]]:
        want = self.ACTION_PHASE.get(type(action))
        if want is None:
            raise RuleError("That is not a move of Sherwood.")
        if state.phase != want:
            raise RuleError(self.PHASE_TEXT[state.phase])
        draft = _Draft(state)
        events = getattr(self, "_do_" + want)(draft, action)
        return draft.done(), events

    # The phases below change a `_Draft` of the state in place and append to `events`;
    # `_apply` makes the one new State of the step (a rule that raises changes nothing).

    # --- phase 2: ambush preparations -------------------------------------------------
    def check_ambush(self, state: State, seat: int, party, personal, group) -> PendingParty:
        """The validated party of an ambush, or RuleError with the reason."""
        chars, loot = CHARACTERS, LOOT
        party = tuple(party)
        personal = tuple([(str(c), int(card)) for c, card in personal]) if personal else ()
        if len(set(party)) != len(party):
            raise RuleError("Name each character only once in the party.")
        band, jailed = state.bands[seat], state.prison[seat]
        for c in party:
            if c not in band:
                who = chars[c].name if c in chars else repr(c)
                raise RuleError(f"{who} is not one of your characters.")
            if c in jailed:
                raise RuleError(f"{chars[c].name} is in prison and cannot go on an ambush.")
        hand = state.hands[seat]
        if not party and (personal or group is not None):
            raise RuleError("Nobody goes on this ambush, so nobody can carry loot.")
        if personal and group is not None:
            raise RuleError("A party carries either personal loot or one group loot card, not both.")
        used: set[int] = set()
        carriers: set[str] = set()
        for c, card in personal:
            if c not in party:
                who = chars[c].name if c in chars else repr(c)
                raise RuleError(f"{who} is not in the party, so cannot carry loot.")
            if c in carriers:
                raise RuleError(f"{chars[c].name} can carry only one personal loot card.")
            if card not in hand:
                raise RuleError("That loot card is not in your hand.")
            if card in used:
                raise RuleError(f"{loot[card].name} can be given to one character only.")
            if loot[card].kind != "personal":
                raise RuleError(f"{loot[card].name} is not a personal loot card.")
            carriers.add(c)
            used.add(card)
        if group is not None:
            if group not in hand:
                raise RuleError("That loot card is not in your hand.")
            if loot[group].kind != "group":
                raise RuleError(f"{loot[group].name} is not a group loot card.")
            for c in party:
                if chars[c].trait == "no_group_loot":
                    raise RuleError(f"{chars[c].name} is in the party: it cannot use a group loot card.")
        need = paid_count(party)
        have = gold_count(hand)
        if need > have:
            paid = _chars([c for c in party if chars[c].paid])
            if need == 1:
                raise RuleError(f"{paid} must be paid a Gold card, and you have no Gold.")
            raise RuleError(
                f"{paid} must each be paid a Gold card: that is {need} Gold, "
                f"and you have {count(have, 'Gold', 'Gold')}."
            )
        return _pending_party(party, personal, group)

    def _do_prepare(self, draft: _Draft, action: PrepareAmbush) -> list[Event]:
        seat = action.seat
        if action.party.__class__ is not tuple or action.personal.__class__ is not tuple:
            raise RuleError(self.malformed(action) or "That ambush is not well formed.")
        party = self.check_ambush(draft, seat, action.party, action.personal, action.group)
        draft.pending = pending = _set(draft.pending, seat, party)
        events = [Event(f"{draft.names[seat]} has prepared an ambush.")]
        if not [p for p in pending if p is None]:
            self._spring(draft, events)
        return events

    # --- phase 3: springing the ambushes ------------------------------------------------
    def _spring(self, draft: _Draft, events: list[Event]) -> None:
        names = draft.names
        hands, prison = list(draft.hands), list(draft.prison)
        discard = list(draft.loot_discard)
        parties: list[Party] = []
        sent: list[tuple[int, tuple[int, int, int, int]]] = []  # (seat, totals) of those who went
        events.append(Event(f"Turn {draft.turn}: the ambushes are sprung!", "reveal"))
        for seat, p in enumerate(draft.pending):
            name = names[seat]
            members = p.members
            if not members:
                freed = None
                if prison[seat]:
                    freed, prison[seat] = prison[seat][0], prison[seat][1:]
                    events.append(Event(f"{name} sends no one: {char_name(freed)} breaks out of prison."))
                else:
                    events.append(Event(f"{name} sends no one."))
                parties.append(_idle_party(seat, freed))
                continue
            personal, group = p.personal, p.group
            spent = [card for _, card in personal] + ([group] if group is not None else [])
            wages = paid_count(members)
            paid = gold_cards(hands[seat])[:wages] if wages else ()
            if spent or paid:
                gone = set(spent) | set(paid)
                hands[seat] = tuple([c for c in hands[seat] if c not in gone])
                discard += spent + list(paid)
            party, totals, report = _revealed_party(seat, members, personal, group, len(paid))
            parties.append(party)
            sent.append((seat, totals))
            events.append(Event(f"{name} sends {report}."))
        draft.hands, draft.prison, draft.loot_discard = tuple(hands), tuple(prison), tuple(discard)
        draft.pending = (None,) * len(parties)
        leaders, best = _leaders(sent)
        reveal = dict(turn=draft.turn, king=draft.king, parties=tuple(parties),
                      discretion_high=leaders[DISCRETION])
        if draft.king:
            skills = tuple(SkillResult.make(skill=k, mission=None, leaders=leaders[k], best=best[k])
                           for k in range(3))
            draft.reveal = Reveal.make(skills=skills, **reveal)
            self._king_results(draft, events)
            return
        # Unique leaders win, ties fail; someone leading several missions must choose.
        missions = draft.missions
        led: dict[int, list[int]] = {}
        for k in range(3):
            if missions[k] is not None and len(leaders[k]) == 1:
                led.setdefault(leaders[k][0], []).append(k)
        chooser = next(iter([s for s, ks in led.items() if len(ks) > 1]), None)
        results = [_skill_result(names, k, missions[k], leaders[k], best[k], chooser) for k in range(3)]
        draft.reveal = Reveal.make(skills=tuple([r for r, _ in results]), chooser=chooser, **reveal)
        events += [Event(line) for _, line in results if line is not None]
        if chooser is not None:
            ks = [SKILL_NAMES[k] for k in led[chooser]]
            events.append(Event(f"{names[chooser]} leads {' and '.join(ks)} and must keep one mission."))
            draft.phase = "choose_mission"
            return
        self._discard_failed(draft, events)

    def _do_choose_mission(self, draft: _Draft, action: ChooseMission) -> list[Event]:
        reveal = draft.reveal
        options = [r.skill for r in reveal.skills if r.outcome == "pending"]
        if action.skill not in options:
            led = " or ".join(SKILL_NAMES[k] for k in options)
            raise RuleError(f"You can keep only a mission you lead: {led}.")
        name = draft.names[action.seat]
        skills = []
        for r in reveal.skills:
            if r.outcome != "pending":
                skills.append(r)
            elif r.skill == action.skill:
                skills.append(r.model_copy(update=dict(outcome="won", note=f"{name} claims it with {r.best}.")))
            else:
                kept = SKILL_NAMES[action.skill]
                skills.append(r.model_copy(update=dict(
                    outcome="declined", winner=None,
                    note=f"{name} led with {r.best} but kept the {kept} mission: this one fails.")))
        draft.reveal = reveal.model_copy(update=dict(skills=tuple(skills)))
        kept = draft.missions[action.skill]
        events = [Event(text=f"{name} keeps {mission_name(kept)} ({SKILL_NAMES[action.skill]}).")]
        self._discard_failed(draft, events)
        return events

    # --- phase 4: unsuccessful missions -----------------------------------------------
    def _discard_failed(self, draft: _Draft, events: list[Event]) -> None:
        stacks = list(draft.stacks)
        removed = list(draft.removed)
        board = list(draft.missions)
        stack = draft.stack
        skills = []
        for r in draft.reveal.skills:
            mission = r.mission
            if mission is None or r.outcome == "won":
                skills.append(r)
                continue
            board[r.skill] = None  # the card leaves the board (the reveal still names it)
            if stack == 1:
                stacks[1] = stacks[1] + (mission,)
                where = "stack II"
            elif stack == 2 and MISSIONS[mission].kind != "companion":
                stacks[2] = stacks[2] + (mission,)
                where = "stack III"
            else:  # stack II companions, and everything in stack III
                removed.append(mission)
                where = "out of the game"
            skills.append(r.model_copy(update=dict(destination=where)))
            to = "to " if where.startswith("stack") else ""
            events.append(Event(text=f"{mission_name(mission)} goes {to}{where}."))
        draft.reveal = draft.reveal.model_copy(update=dict(skills=tuple(skills)))
        draft.stacks, draft.removed, draft.missions = tuple(stacks), tuple(removed), tuple(board)
        draft.reward_skill = 0
        self._next_reward(draft, events)

    # --- phase 5: rewards -------------------------------------------------------------
    def _winning_party_has(self, state: State, seat: int, trait: str) -> bool:
        party = state.reveal.parties[seat] if state.reveal else None
        return bool(party) and has_trait(party.members, trait)

    @staticmethod
    def _reward_spec(mission_id: str, kind: str):
        return REWARD_SPECS.get((mission_id, kind))

    def _possible_rewards(self, state: State, reward: PendingReward) -> list[str]:
        """The rewards of the mission that its winner can take now."""
        return [
            r.type for r in MISSIONS[reward.mission].rewards
            if self._reward_problem(state, reward, r.type) is None
        ]

    def _next_reward(self, draft: _Draft, events: list[Event]) -> None:
        skills = draft.reveal.skills
        for k in range(draft.reward_skill, 3):
            r = skills[k]
            if r.outcome != "won":
                continue
            card = MISSIONS[r.mission]
            seat = r.winner
            if card.kind == "companion":
                name = draft.names[seat]
                comp = card.companion
                draft.bands = _set(draft.bands, seat, draft.bands[seat] + (comp,))
                draft.removed = draft.removed + (r.mission,)
                draft.missions = _set(draft.missions, k, None)
                self._score(draft, seat, 1, "companion", f"{char_name(comp)} joins {name}'s band")
                events.append(Event(text=f"{char_name(comp)} joins {name}'s band: +1 popularity."))
                continue
            draft.phase, draft.reward_skill = "choose_reward", k
            draft.reward = PendingReward.make(seat=seat, skill=k, mission=r.mission)
            return
        draft.reward, draft.reward_skill = None, 3
        self._little_booty(draft, events)

    def _reward_problem(self, state: State, reward: PendingReward, kind: str) -> str | None:
        """Why this reward cannot be taken now (None if it can)."""
        spec = self._reward_spec(reward.mission, kind)
        if spec is None:
            return f"{mission_name(reward.mission)} offers no {kind.capitalize()} reward."
        if kind == "theft":
            return None
        if pawn_stock(state, reward.seat) < 2:
            return "You have no hero pawn left to place on a town."
        if kind == "camp" and state.camp_needs_town and not any(o == reward.seat for o in state.towns):
            return "Camp can only be taken once you hold a town (variant in play)."
        if not self._town_choices(state, reward, with_gold=True, kind=kind):
            if kind == "camp":
                plain = " or plain" if spec.plain else ""
                return f"There is no free forest{plain} town to camp in."
            return (
                "None of the towns of this mission can be taken: "
                "each is yours, or an opponent's and you have no Gold."
            )
        return None

    def takeable_towns(self, state: State, reward: PendingReward, kind: str) -> list[str]:
        """The towns the reward's player could take with this kind of reward now, Gold
        for a displacement included (for the reward screen)."""
        return self._town_choices(state, reward, with_gold=True, kind=kind)

    def _town_choices(
        self, state: State, reward: PendingReward, with_gold: bool, kind: str | None = None
    ) -> list[str]:
        """The towns the reward's player may take now with `kind` of reward (by default
        the one chosen). `with_gold=False` ignores whether they could pay for a
        displacement (used for public decisions)."""
        seat = reward.seat
        kind = kind or reward.reward
        if pawn_stock(state, seat) < 2:  # one pawn is on the mission card
            return []
        spec = self._reward_spec(reward.mission, kind)
        towns = state.towns
        if kind == "champion":
            free_pass = self._winning_party_has(state, seat, "free_displacement")
            can_pay = free_pass or not with_gold or gold_count(state.hands[seat]) > 0
            out = []
            for t in spec.towns:
                owner = towns[TOWN_INDEX[t]]
                if owner is None or (owner != seat and can_pay):
                    out.append(t)
            return out
        if kind == "camp":
            sites = CAMP_SITES[bool(not reward.taken and spec.plain)]
            return [town for i, town in sites if towns[i] is None]
        return []

    def _do_choose_reward(self, draft: _Draft, action: ChooseReward) -> list[Event]:
        reward = draft.reward
        seat, name = action.seat, draft.names[action.seat]
        title = mission_name(reward.mission)
        if action.reward == "nothing":
            possible = self._possible_rewards(draft, reward)
            if possible:
                raise RuleError(f"You can still take {' or '.join(k.capitalize() for k in possible)}.")
            events = [Event(text=f"{name} can take none of the rewards of {title}.")]
            self._finish_reward(draft, events)
            return events
        problem = self._reward_problem(draft, reward, action.reward)
        if problem:
            raise RuleError(problem)
        spec = self._reward_spec(reward.mission, action.reward)
        if action.reward == "theft":
            extra = 0
            party = draft.reveal.parties[seat].members
            for m in party:
                c = CHARACTERS[m]
                if c.trait == "theft_bonus":  # Much the Miller's son
                    extra += c.amount
            got = self._draw_loot(draft, seat, spec.cards + extra)
            more = f" (Much the Miller's Son adds {extra})" if extra else ""
            events = [Event(text=f"{name} takes Theft from {title} and draws {count(got, 'Loot card')}{more}.")]
            self._finish_reward(draft, events)
            return events
        events = [Event(text=f"{name} takes {action.reward.capitalize()} from {title}.")]
        if action.reward == "champion" and self._winning_party_has(draft, seat, "champion_bonus"):
            bonus = sum(CHARACTERS[m].amount for m in draft.reveal.parties[seat].members
                        if CHARACTERS[m].trait == "champion_bonus")
            self._score(draft, seat, bonus, "alan", f"Alan-a-Dale sings of {name}'s deeds")
            events.append(Event(text=f"Alan-a-Dale sings of {name}'s deeds: +{bonus} popularity."))
        picks = spec.picks if action.reward == "champion" else spec.forest
        draft.reward = reward.model_copy(update=dict(reward=action.reward, picks_left=picks))
        draft.phase = "choose_town"
        return events

    def _do_choose_town(self, draft: _Draft, action: ChooseTown) -> list[Event]:
        reward = draft.reward
        names = draft.names
        seat, name = action.seat, names[action.seat]
        if action.town is None:
            if not reward.taken:
                raise RuleError("Choose a town for this reward.")
            events = [Event(text=f"{name} takes no further town.")]
            self._finish_reward(draft, events)
            return events
        if action.town not in TOWN_INDEX:
            raise RuleError("There is no town of that name on the map.")
        idx = TOWN_INDEX[action.town]
        town = TOWNS[idx]
        owner = draft.towns[idx]
        spec = self._reward_spec(reward.mission, reward.reward)
        choices = self._town_choices(draft, reward, with_gold=True)
        if action.town not in choices:
            if owner == seat:
                raise RuleError(f"You already hold {town.name}.")
            if reward.reward == "champion":
                if action.town not in spec.towns:
                    raise RuleError(f"{town.name} is not one of the towns of {mission_name(reward.mission)}.")
                if pawn_stock(draft, seat) < 2:
                    raise RuleError("You have no hero pawn left to place on a town.")
                rival = names[owner]
                raise RuleError(f"Taking {town.name} from {rival} costs a Gold card, and you have none.")
            if owner is not None:
                raise RuleError(f"Camp needs a free town: {town.name} is held by {names[owner]}.")
            if town.terrain != "forest" and not (spec.plain and not reward.taken):
                raise RuleError(f"{town.name} lies in the plain: Camp needs a forest town.")
            raise RuleError("You have no hero pawn left to place on a town.")
        events: list[Event] = []
        if reward.reward == "champion":
            if owner is not None:  # displacement
                victim = names[owner]
                if self._winning_party_has(draft, seat, "free_displacement"):
                    how = "Will Stutely leads the way, no Gold paid"
                else:
                    gold = gold_cards(draft.hands[seat])[0]
                    draft.hands = _set(draft.hands, seat, tuple([c for c in draft.hands[seat] if c != gold]))
                    draft.loot_discard = draft.loot_discard + (gold,)
                    how = "paying a Gold card"
                self._score(draft, owner, -1, "displaced", f"{name} took {town.name}", town.id)
                events.append(Event(
                    text=f"{name} drives {victim} out of {town.name} ({how}); {victim} loses 1 popularity."))
            points, linked, notts = placement_points(draft.towns, seat, idx)
            parts = ["1 for the town"]
            if linked:
                parts.append(f"{linked} for connected town{'s' if linked > 1 else ''}")
            if notts:
                parts.append("1 for the road to Nottingham")
            draft.towns = _set(draft.towns, idx, seat)
            self._score(draft, seat, points, "champion", f"Champion of {town.name}", town.id)
            events.append(Event(
                text=f"{name} becomes Champion of {town.name}: +{points} popularity ({', '.join(parts)})."))
            picks_left = reward.picks_left - 1
        else:
            draft.towns = _set(draft.towns, idx, seat)
            self._score(draft, seat, 1, "camp", f"Camp at {town.name}", town.id)
            events.append(Event(text=f"{name} makes camp at {town.name}: +1 popularity."))
            picks_left = 0 if town.terrain == "plain" else reward.picks_left - 1
        draft.reward = reward = reward.model_copy(
            update=dict(picks_left=picks_left, taken=reward.taken + (town.id,)))
        # Ask for a further town unless, on public information alone, none can be taken.
        if not (picks_left > 0 and self._town_choices(draft, reward, with_gold=False)):
            self._finish_reward(draft, events)
        return events

    def _finish_reward(self, draft: _Draft, events: list[Event]) -> None:
        reward = draft.reward
        draft.reward, draft.reward_skill = None, reward.skill + 1
        draft.removed = draft.removed + (reward.mission,)
        draft.missions = _set(draft.missions, reward.skill, None)
        self._next_reward(draft, events)

    # --- phase 6: Little Booty --------------------------------------------------------
    def _little_booty(self, draft: _Draft, events: list[Event]) -> None:
        reveal = draft.reveal
        lucky = little_booty_seats(reveal)
        for seat in lucky:
            if self._draw_loot(draft, seat, 1):
                events.append(Event(text=f"{draft.names[seat]} takes a Little Booty (1 Loot card)."))
        draft.reveal = reveal.model_copy(update=dict(little_booty=lucky))
        self._capture(draft, events)

    # --- phase 7: capture -------------------------------------------------------------
    def _capture(self, draft: _Draft, events: list[Event]) -> None:
        reveal = draft.reveal
        names = draft.names
        captured = capture_seats(reveal)
        parties = reveal.parties
        cells, prison = list(draft.cells), list(draft.prison)
        queue = []
        for seat in captured:
            name = names[seat]
            if seat not in cells:  # first capture: the furthest free cell from the stairs
                free = max([i for i, o in enumerate(cells) if o is None])
                cells[free] = seat
                events.append(Event(text=f"{name} is given cell {free + 1} of the prison."))
            party = parties[seat]
            members = party.members
            prison[seat] = prison[seat] + members  # newcomers go under the prisoners there
            why = "" if draft.king else " and won a mission"
            events.append(Event(
                text=f"{name}'s party is the most seen (Discretion {party.totals[DISCRETION]}){why}: "
                f"{_chars(members)} {'is' if len(members) == 1 else 'are'} thrown into cell "
                f"{cells.index(seat) + 1}."))
            if len(members) > 1 and not draft.king:
                queue.append(seat)
        draft.cells, draft.prison, draft.order_queue = tuple(cells), tuple(prison), tuple(queue)
        draft.reveal = reveal.model_copy(update=dict(captured=captured))
        if draft.king:
            self._end_game(draft, events)
        elif queue:
            draft.phase = "order_prisoners"
        else:
            self._sheriff(draft, events)

    def _new_prisoners(self, state: State, seat: int) -> tuple[str, ...]:
        members = state.reveal.parties[seat].members
        return state.prison[seat][len(state.prison[seat]) - len(members):]

    def _do_order_prisoners(self, draft: _Draft, action: OrderPrisoners) -> list[Event]:
        seat = action.seat
        block = self._new_prisoners(draft, seat)
        if sorted(action.order) != sorted(block) or len(set(action.order)) != len(action.order):
            raise RuleError(f"Arrange exactly the newly captured characters: {_chars(block)}.")
        jailed = draft.prison[seat]
        head = jailed[: len(jailed) - len(block)]
        draft.prison = _set(draft.prison, seat, head + tuple(action.order))
        draft.order_queue = draft.order_queue[1:]
        events = [Event(text=f"{draft.names[seat]} lines up the newcomers: {_chars(action.order)}.")]
        if not draft.order_queue:
            self._sheriff(draft, events)
        return events

    # --- phase 8: Sheriff's rounds ----------------------------------------------------
    def _sheriff(self, draft: _Draft, events: list[Event]) -> None:
        n = len(draft.players)
        draft.sheriff = cell = 0 if draft.sheriff < 0 else (draft.sheriff + 1) % n
        owner = draft.cells[cell]
        if owner is None or not draft.prison[owner]:
            events.append(Event(text=f"The Sheriff makes his rounds to cell {cell + 1}: nobody to free."))
            self._end_turn(draft, events)
            return
        name = draft.names[owner]
        top, rest = draft.prison[owner][0], draft.prison[owner][1:]
        draft.prison = _set(draft.prison, owner, rest)
        events.append(Event(
            text=f"The Sheriff makes his rounds to cell {cell + 1} ({name}'s) and frees {char_name(top)}."))
        if rest:
            draft.phase, draft.ransom = "ransom", RansomOffer.make(seat=owner, cell=cell)
            return
        self._end_turn(draft, events)

    def _do_ransom(self, draft: _Draft, action: Ransom) -> list[Event]:
        seat, name = action.seat, draft.names[action.seat]
        if action.free not in RANSOM_COST:
            raise RuleError("You may free 0, 1 (for 1 Gold) or 2 (for 3 Gold) more prisoners.")
        cost = RANSOM_COST[action.free]
        jailed = draft.prison[seat]
        if action.free > len(jailed):
            verb = "is" if len(jailed) == 1 else "are"
            raise RuleError(f"Only {len(jailed)} of your characters {verb} left in the cell.")
        gold = gold_cards(draft.hands[seat])
        if cost > len(gold):
            have = count(len(gold), "Gold", "Gold")
            raise RuleError(f"Freeing {action.free} costs {cost} Gold, and you have {have}.")
        if action.free == 0:
            events = [Event(text=f"{name} pays nothing to the Sheriff.")]
        else:
            paid = set(gold[:cost])
            freed = jailed[: action.free]
            events = [Event(text=f"{name} pays {cost} Gold to free {_chars(freed)}.")]
            draft.hands = _set(draft.hands, seat, tuple([c for c in draft.hands[seat] if c not in paid]))
            draft.loot_discard = draft.loot_discard + gold[:cost]
            draft.prison = _set(draft.prison, seat, jailed[action.free:])
        self._end_turn(draft, events)
        return events

    # --- end of turn, next turn, stacks ------------------------------------------------
    def _end_turn(self, draft: _Draft, events: list[Event]) -> None:
        """The end of a turn, then the next turn."""
        pops = ", ".join([f"{name} {points}" for name, points in zip(draft.names, draft.popularity)])
        events.append(Event(text=f"End of turn {draft.turn}. Popularity: {pops}.", kind="round_end"))
        draft.ransom, draft.order_queue = None, ()
        self._start_turn(draft, events)

    def _start_turn(self, draft: _Draft, events: list[Event]) -> None:
        """Phase 1: draw up to three missions from the stack in play."""
        stacks = list(draft.stacks)
        stack, rng = draft.stack, draft.rng
        while not stacks[stack - 1] and stack < 3:
            stack += 1
            stacks[stack - 1], rng = shuffled(rng, stacks[stack - 1])
            events.append(Event(
                text=f"Stack {ROMAN[stack - 2]} is used up: stack {ROMAN[stack - 1]} "
                f"({count(len(stacks[stack - 1]), 'card')}) is shuffled and comes into play.", kind="stack"))
        drawn: list[str] = []
        king = False
        pile = stacks[stack - 1]
        while len(drawn) < 3 and pile:
            card, pile = pile[0], pile[1:]
            if card == KING:
                king = True
                break
            drawn.append(card)
        stacks[stack - 1] = pile
        turn = draft.turn + 1
        draft.stack, draft.rng, draft.turn, draft.phase = stack, rng, turn, "prepare"
        draft.pending, draft.reward, draft.reward_skill = (None,) * len(draft.players), None, 0
        if king:
            # "All mission cards are removed": those drawn with him and any left unplayed.
            rest = tuple(drawn) + tuple(m for st in stacks for m in st)
            draft.missions, draft.king, draft.stacks = (None, None, None), True, ((), (), ())
            draft.removed = draft.removed + rest + (KING,)
            k = len(rest)
            if not k:
                gone = ""
            elif k == 1:
                gone = " The other mission card is removed."
            else:
                gone = f" The other {k} mission cards are removed."
            events.append(Event(
                text=f"Turn {turn}: King Richard returns! This is the last ambush: each skill won wins "
                f"his favour.{gone}", kind="turn_start"))
            return
        draft.stacks = tuple(stacks)
        draft.missions = tuple(drawn) + (None,) * (3 - len(drawn))
        laid = "; ".join([f"{SKILL_NAMES[k]}: {mission_name(m)}" for k, m in enumerate(drawn)])
        text = f"Turn {turn} (stack {ROMAN[stack - 1]}). Missions: {laid}."
        events.append(Event(text=text, kind="turn_start"))

    # --- King Richard and the end ----------------------------------------------------
    def _king_results(self, draft: _Draft, events: list[Event]) -> None:
        reveal = draft.reveal
        names = draft.names
        skills = []
        favours = []
        for r in reveal.skills:
            what = SKILL_NAMES[r.skill]
            if len(r.leaders) == 1:
                w = r.leaders[0]
                skills.append(r.model_copy(update=dict(
                    outcome="favour", winner=w,
                    note=f"{names[w]} wins King Richard's favour for {what} with {r.best}.")))
                favours.append(w)
            else:
                why = f"{_seats(names, r.leaders)} tie at {r.best}" if r.leaders else f"no party has any {what}"
                note = f"No favour for {what}: {why}."
                skills.append(r.model_copy(update=dict(outcome="no favour", note=note)))
                favours.append(None)
        draft.reveal = reveal.model_copy(update=dict(skills=tuple(skills)))
        draft.favours = tuple(favours)
        events += [Event(text=r.note) for r in skills]
        self._capture(draft, events)

    def _end_game(self, draft: _Draft, events: list[Event]) -> None:
        draft.phase, draft.reward, draft.ransom, draft.order_queue = "over", None, None, ()
        names = draft.names
        lines = self.scores(draft)
        tally = "; ".join(
            f"{line.name} {line.total:g} (" + ", ".join(f"{k} {v:g}" for k, v in line.parts.items()) + ")"
            for line in lines
        )
        winners = [names[s] for s in self.winners(draft)]
        verdict = f"{winners[0]} wins" if len(winners) == 1 else " and ".join(winners) + " share the victory"
        text = f"Final tally: {tally}. {verdict}!"
        draft.end_text = text
        pops = ", ".join(f"{name} {points}" for name, points in zip(names, draft.popularity))
        events += [
            Event(text=f"End of turn {draft.turn}, King Richard's turn. Popularity: {pops}.", kind="round_end"),
            Event(text=f"The game is over. {text}", kind="game_end"),
        ]

    # ----- loot and popularity ---------------------------------------------------------
    def _draw_loot(self, draft: _Draft, seat: int, count: int) -> int:
        """Draw loot into a hand; an empty deck is rebuilt from the shuffled discards.
        Returns how many cards were drawn."""
        deck, discard, rng = draft.loot_deck, draft.loot_discard, draft.rng
        got: list[int] = []
        for _ in range(count):
            if not deck:
                if not discard:
                    break
                deck, rng = shuffled(rng, discard)
                discard = ()
            got.append(deck[0])
            deck = deck[1:]
        draft.loot_deck, draft.loot_discard, draft.rng = deck, discard, rng
        draft.hands = _set(draft.hands, seat, draft.hands[seat] + tuple(got))
        return len(got)

    def _score(
        self, draft: _Draft, seat: int, points: int, kind: str, text: str, town: str | None = None
    ) -> None:
        event = ScoreEvent.make(seat=seat, points=points, kind=kind, text=text, town=town, turn=draft.turn)
        draft.popularity = _set(draft.popularity, seat, draft.popularity[seat] + points)
        draft.score_log = draft.score_log + (event,)

    # ----- the end -------------------------------------------------------------------
    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def tally(self, state: State, seat: int) -> dict[str, float]:
        """The final tally of one player, part by part."""
        net = largest_network(state.towns, seat)
        favours = state.favours.count(seat)
        return {
            "Popularity": float(state.popularity[seat]),
            "Largest network": float(net),
            "King Richard's favours": float(favours * ((net + 1) // 2)),
            "Free characters": float(len(state.bands[seat]) - len(state.prison[seat])),
        }

    def scores(self, state: State) -> list[ScoreLine]:
        """At the end: the final tally. During the game: the popularity track."""
        out = []
        for s, p in enumerate(state.players):
            net = largest_network(state.towns, s)
            if self.is_over(state):
                parts = self.tally(state, s)
            else:
                parts = {"Popularity": float(state.popularity[s])}
            out.append(ScoreLine.make(  # trusted values (floats already): no validation
                seat=s, name=p.name, total=sum(parts.values()), parts=parts, tiebreak=(float(net),)))
        return out

    def round_label(self, state: State) -> str:
        if self.is_over(state):
            return "Game over"
        if state.king:
            return f"King Richard, turn {state.turn}"
        return f"Stack {ROMAN[state.stack - 1]}, turn {state.turn}"

    # ----- views -----------------------------------------------------------------------
    def public_view(self, state: State) -> PublicView:
        holdings = _holdings(state.towns, len(state.players))
        seats = tuple(
            SeatPublic.make(
                name=p.name,
                popularity=state.popularity[s],
                hand_count=len(state.hands[s]),
                band=state.bands[s],
                prison=state.prison[s],
                cell=state.cells.index(s) if s in state.cells else None,
                committed=state.phase == "prepare" and state.pending[s] is not None,
                towns=holdings[s][0],
                largest_network=holdings[s][1],
                favours=state.favours.count(s),
            )
            for s, p in enumerate(state.players)
        )
        face_up = tuple(() if i + 1 == state.stack else st for i, st in enumerate(state.stacks))
        return PublicView.make(
            turn=state.turn,
            label=self.round_label(state),
            phase=state.phase,
            stack=state.stack,
            king=state.king,
            missions=state.missions,
            stack_sizes=tuple(len(st) for st in state.stacks),
            face_up=face_up,
            removed=state.removed,
            towns=state.towns,
            seats=seats,
            cells=state.cells,
            sheriff=state.sheriff,
            loot_deck=len(state.loot_deck),
            loot_discard=state.loot_discard,
            reveal=state.reveal,
            reward=state.reward,
            order_queue=state.order_queue,
            ransom=state.ransom,
            to_act=tuple(self.to_act(state)),
            favours=state.favours,
            score_log=state.score_log,
            camp_needs_town=state.camp_needs_town,
            end_text=state.end_text,
        )

    def view(self, state: State, seat: int) -> SeatView:
        return SeatView.make(
            seat=seat,
            hand=state.hands[seat],
            party=state.pending[seat] if state.phase == "prepare" else None,
            table=self.public_view(state),
        )

    def scramble_secrets(self, state: State, keep_seat: int, seed: int) -> State:
        """Other hands (redealt from the unseen loot, sizes kept), other unrevealed
        parties (a different party without loot), the face-down orders of the loot deck
        and of the stack in play, and the random seed."""
        n = len(state.players)
        others = [s for s in range(n) if s != keep_seat]
        pool = [c for s in others for c in state.hands[s]] + list(state.loot_deck)
        pool_t, seed = shuffled(seed, pool)
        rest = list(pool_t)
        hands = list(state.hands)
        for s in others:
            size = len(hands[s])
            hands[s], rest = tuple(rest[:size]), rest[size:]
        pending = list(state.pending)
        for s in others:
            if pending[s] is not None:
                choices = [c for c in available(state, s) if not data().characters[c].paid]
                pick, seed = randbelow(seed, 2 ** len(choices))
                party = tuple(c for i, c in enumerate(choices) if pick >> i & 1)
                pending[s] = PendingParty(members=party)
        stacks = list(state.stacks)
        stacks[state.stack - 1], seed = shuffled(seed, stacks[state.stack - 1])
        rng, _ = randbelow(seed, 2**62)
        return state.model_copy(update=dict(
            hands=tuple(hands), loot_deck=tuple(rest), pending=tuple(pending),
            stacks=tuple(stacks), rng=rng,
        ))

    def secret_texts(self, state: State, seat: int) -> set[str]:
        """Names of the loot cards in this seat's hand that only one card bears (every
        card but Gold). Limits: how many Gold cards a player holds, and which characters
        an unrevealed party holds, have no text of their own (every player owns a Robin
        Hood, Gold cards are alike), so they cannot be told apart on a screen."""
        loot = data().loot
        names = [c.name for c in loot]
        return {loot[c].name for c in state.hands[seat] if names.count(loot[c].name) == 1}
