"""A sensible Sherwood (2005) bot: it builds networks of towns and keeps its party out of
prison.

It decides from its own seat's view only. For an ambush it imagines a dozen
ways the other players may prepare theirs (from what the table shows: their free
characters, how many loot cards they hold, what each mission is worth to them), and
scores a few dozen parties of its own against them: the mission it would keep, the
chance of going to prison (winning Discretion, the highest of all parties sent, and a
mission too; on King Richard's turn, winning Discretion alone), a Little Booty (won
nothing, not the highest Discretion), the loot and Gold spent, and what the others win.
The towns it takes are worth their Champion points, the growth of its largest network,
a road to Nottingham, and what they take from an opponent.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Any, NamedTuple, TypedDict

from sherwood_tui.games.sherwood.rules.data import DISCRETION, Reward, data
from sherwood_tui.games.sherwood.rules.legal import free_characters
from sherwood_tui.games.sherwood.rules.model import (
    RANSOM_COST,
    Action,
    ChooseMission,
    ChooseReward,
    ChooseTown,
    CloseCell,
    LineUp,
    PendingParty,
    PendingReward,
    Ransom,
    Reveal,
)
from sherwood_tui.games.sherwood.rules.phases.prepare import ambush_moves, extends
from sherwood_tui.games.sherwood.rules.scoring import network_components
from sherwood_tui.games.sherwood.rules.tables import GOLD, gold_count
from sherwood_tui.games.sherwood.rules.views import PublicView, SeatView

if TYPE_CHECKING:
    Towns = tuple[int | None, ...]  # a seat index (or None) per town
    Totals = tuple[int, int, int, int]  # a party's skill totals
    CharRow = tuple[tuple[int, int, int, int], bool, str | None, int, int | None]  # skills, paid, trait, amount, trait skill
    Front = tuple[tuple[tuple[str, ...], Totals], ...]  # (members, totals) per party
    PersonalLoot = tuple[tuple[str, int], ...]  # (member, card)
    Variant = tuple[PersonalLoot, int | None, tuple[int, ...], int]  # personal, group card, bonus totals, cards
    Candidate = tuple[tuple[str, ...], PersonalLoot, int | None, Totals, int, int]  # members, personal, group, totals, cards, paid
    Choice = tuple[tuple[str, ...], PersonalLoot, int | None]  # members, personal, group
    Profile = tuple[list[str], tuple[tuple[Totals, ...], ...], list[float] | None, int, float]

    class HandLoot(TypedDict):
        personal: list[list[tuple[int, int]]]  # per skill: (bonus, card)
        group: list[list[tuple[int, int]]]
        gold: int

SAMPLES = 12  # imagined ambushes of the other players
LOOT_VALUE = 1.0  # a loot card in hand, in points, while the game is young
GOLD_VALUE = 0.55  # a Gold card in hand (companions' pay, a displacement, a ransom)
LOOT_HORIZON = 6.0  # cards lose their worth over the last turns (unused, they score nothing)
FRONTIER = 0.4  # each free town next to a new town: room to grow
NOTTS_POTENTIAL = 1.0  # a network first reaching Nottingham scores more with later towns
NOISE = 0.25  # random spread among near-equal choices (bots must not mirror each other)
# How much the bot fears prison, by number of players (tuned in bot-against-bot games: a
# capture costs most in a two-player game).
JAIL_SCALE_2P = 5.0
JAIL_SCALE_3P = 3.0
JAIL_SCALE_4P = 2.5
BREAKOUT = 1.0  # how much the bot wants its top prisoner back by sending no one
MAX_PARTY = 4  # parties tried: up to four characters, and the whole band
# How the bot imagines the others: how much they shun Discretion, how often someone with
# prisoners sends no one, how often anyone sends a party at random.
OPP_DISC = 1.5
OPP_NOBODY = 0.2
OPP_RANDOM = 0.12


# ----- static tables -------------------------------------------------------------------


@lru_cache(maxsize=1)
def _chars() -> dict[str, CharRow]:
    d = data()
    return {
        c.id: (c.skills, c.paid, c.trait, c.amount, c.trait_skill)
        for c in d.characters.values()
    }


def _base_totals(members: tuple[str, ...]) -> tuple[int, int, int, int]:
    chars = _chars()
    t = [0, 0, 0, 0]
    for m in members:
        skills, paid, _trait, amount, tskill = chars[m]
        t[0] += skills[0]
        t[1] += skills[1]
        t[2] += skills[2]
        t[3] += skills[3]
        if paid and tskill is not None:
            t[tskill] += amount
    return t[0], t[1], t[2], t[3]


@lru_cache(maxsize=256)
def _usefulness(char_id: str) -> float:
    skills, paid, trait, _amount, _ = _chars()[char_id]
    worth = max(skills[:3]) + 0.5 * sum(skills[:3]) - 0.3 * skills[3]
    if paid:
        worth += 1.0  # +3 when paid, but it costs Gold
    if trait in ("free_displacement", "champion_bonus", "theft_bonus", "personal_loot_double"):
        worth += 0.5
    return worth


@lru_cache(maxsize=8192)
def _combo(members: tuple[str, ...]) -> tuple[int, Totals, tuple[tuple[int, int, int], ...]]:
    """A party's paid companions, its totals, and per skill its rank on a front (the
    skill, fewer members, more power)."""
    t = _base_totals(members)
    size, power = -len(members), t[0] + t[1] + t[2]
    paid = sum(1 for m in members if _chars()[m][1])
    return paid, t, ((t[0], size, power), (t[1], size, power), (t[2], size, power))


@lru_cache(maxsize=4096)
def _fronts(avail: tuple[str, ...], paid_ok: int) -> tuple[Front, ...]:
    """Per skill, the parties that are best at it for their Discretion (a Pareto front of
    (skill total up, Discretion down, fewer members)), each (members, totals)."""
    chars = _chars()
    best: list[dict[int, tuple[tuple[int, int, int], tuple[str, ...], Totals]]] = [{}, {}, {}]
    for r in range(1, min(MAX_PARTY, len(avail)) + 1):
        for members in combinations(avail, r):
            paid, t, keys = _combo(members)
            if paid > paid_ok:
                continue
            disc = t[3]
            for k in range(3):
                key = keys[k]
                cur = best[k].get(disc)
                if cur is None or key > cur[0]:
                    best[k][disc] = (key, members, t)
    if len(avail) > MAX_PARTY and sum(1 for m in avail if chars[m][1]) <= paid_ok:
        t = _base_totals(avail)
        for k in range(3):
            cur = best[k].get(t[3])
            if cur is None or t[k] > cur[0][0]:
                best[k][t[3]] = ((t[k], -len(avail), 0), avail, t)
    fronts = []
    for k in range(3):
        front = []
        top = 0
        for disc in sorted(best[k]):
            _key, members, t = best[k][disc]
            if t[k] > top:
                front.append((members, t))
                top = t[k]
        fronts.append(tuple(front))
    return tuple(fronts)


# ----- the game horizon and what things are worth ----------------------------------------


def _turns_left(view: SeatView) -> float:
    t = view.table
    return turns_left(t.king, t.stack, t.stack_sizes)


def turns_left(king: bool, stack: int, sizes: tuple[int, ...]) -> float:
    """About how many turns the game has left (the stack in play and the sizes of all)."""
    if king:
        return 0.0
    if stack == 1:
        return sizes[0] / 3 + 1 + (sizes[1] + 0.3 * sizes[0] + 2) / 3 + 1.5
    if stack == 2:
        return sizes[1] / 3 + 1 + (sizes[2] + 1) / 6
    return (sizes[2] + 1) / 6


def _card_value(horizon: float) -> float:
    return LOOT_VALUE * min(1.0, horizon / LOOT_HORIZON)


def _gold_value(horizon: float) -> float:
    return round(GOLD_VALUE * min(1.0, horizon / LOOT_HORIZON), 2)


def _largest_without(towns: Towns, seat: int, idx: int) -> int:
    """`seat`'s largest network once it loses town `idx`."""
    after = towns[:idx] + (None,) + towns[idx + 1:]
    return network_components(after, seat)[2]


@lru_cache(maxsize=8192)
def _place_value(towns: Towns, seat: int, idx: int, *, champion: bool, n: int) -> tuple[float, Towns]:
    """What putting `seat`'s pawn on town `idx` is worth to `seat`, and the new towns."""
    d = data()
    neighbours = d.neighbours
    owner = towns[idx]
    where, nets, largest = network_components(towns, seat)
    joined = {where[m] for m in neighbours[idx] if m in where}
    net = {idx}.union(*(nets[j] for j in joined))
    notts_before = any(nets[j] & d.by_nottingham for j in joined)
    notts = notts_before or idx in d.by_nottingham
    after_towns = towns[:idx] + (seat,) + towns[idx + 1:]
    value = float(len(net) + notts) if champion else 1.0  # Champion: the town, links, Nottingham
    value += max(0, len(net) - largest)  # the final tally counts the largest network
    frontier = {m for t in net for m in neighbours[t] if after_towns[m] is None}
    value += FRONTIER * len(frontier)
    if notts and not notts_before:
        value += NOTTS_POTENTIAL
    if owner is not None and owner != seat:
        lost = network_components(towns, owner)[2] - _largest_without(towns, owner, idx)
        value += (1 + lost) * (1.0 if n == 2 else 1 / (n - 1))
    return value, after_towns


def _best_towns(towns: Towns, seat: int, choices: list[int], *, picks: int, champion: bool, n: int,
                gold: int, free_pass: bool, gval: float = GOLD_VALUE) -> tuple[float, list[int]]:
    """Greedy best `picks` towns among `choices`; displacing costs Gold unless free."""
    total = 0.0
    chosen: list[int] = []
    for _ in range(picks):
        best, best_idx, best_towns = None, -1, towns  # the town and the towns after it: set with best
        for idx in choices:
            owner = towns[idx]
            if owner == seat or idx in chosen:
                continue
            cost = 0.0
            if owner is not None:
                if not champion:
                    continue
                if not free_pass:
                    if gold <= 0:
                        continue
                    cost = gval
            v, after = _place_value(towns, seat, idx, champion=champion, n=n)
            v -= cost
            if best is None or v > best:
                best, best_idx, best_towns = v, idx, after
        if best is None or (chosen and best <= 0):
            break
        total += best
        chosen.append(best_idx)
        if towns[best_idx] is not None and not free_pass:
            gold -= 1
        towns = best_towns
    return total, chosen


def _companion_value(char_id: str, horizon: float) -> float:
    return 1.0 + 0.85 + min(horizon, 8.0) * 0.06 * _usefulness(char_id)


def _reward_value(table: Glance, seat: int, reward: Reward, *, gold: int, horizon: float, free_pass: bool = False,
                  much: int = 0) -> float | None:
    """What one reward of a mission is worth to `seat` now (None if it cannot be taken)."""
    if reward.type == "theft":
        return (reward.cards + much) * _card_value(horizon)
    return _town_reward_value(table.towns, seat, reward, gold=min(gold, reward.picks), free_pass=free_pass,
                              camp_needs_town=table.camp_needs_town, n=table.n, gval=_gold_value(horizon))


@lru_cache(maxsize=8192)
def _town_reward_value(towns: Towns, seat: int, reward: Reward, *, gold: int, free_pass: bool,
                       camp_needs_town: bool, n: int, gval: float) -> float | None:
    d = data()
    held = sum(1 for o in towns if o == seat)
    if d.pawns_per_player - 1 - held < 2:
        return None
    if reward.type == "champion":
        idxs = [d.town_index[t] for t in reward.towns]
        v, chosen = _best_towns(towns, seat, idxs, picks=reward.picks, champion=True, n=n, gold=gold,
                                free_pass=free_pass, gval=gval)
        return v if chosen else None
    # camp
    if camp_needs_town and not held:
        return None
    forest = [i for i, t in enumerate(d.towns) if towns[i] is None and t.terrain == "forest"]
    v, chosen = _best_towns(towns, seat, forest, picks=reward.forest, champion=False, n=n, gold=0, free_pass=False)
    best = v if chosen else None
    if reward.plain:
        plain = [i for i, t in enumerate(d.towns) if towns[i] is None and t.terrain == "plain"]
        pv, pchosen = _best_towns(towns, seat, plain, picks=1, champion=False, n=n, gold=0, free_pass=False)
        if pchosen and (best is None or pv > best):
            best = pv
    return best


def _mission_value(table: PublicView, seat: int, mission_id: str | None, *, gold: int, horizon: float) -> float:
    return mission_value(table.towns, seat, mission_id, gold=min(gold, 2), horizon=horizon,
                         camp_needs_town=table.options.camp_needs_town, n=len(table.seats))


@lru_cache(maxsize=8192)
def mission_value(towns: Towns, seat: int, mission_id: str | None, *, gold: int, horizon: float,
                  camp_needs_town: bool, n: int) -> float:
    """What winning a mission is worth to `seat` now (its best reward, in points)."""
    if mission_id is None:
        return 0.0
    mission = data().mission_by_id[mission_id]
    if mission.kind == "companion":
        assert mission.companion is not None  # a companion card names one
        return _companion_value(mission.companion, horizon)
    best = _rewards_value(towns, seat, mission_id, gold=gold, camp_needs_town=camp_needs_town,
                          n=n, gval=_gold_value(horizon))
    cards = max((r.cards for r in mission.rewards if r.type == "theft"), default=0)
    return max(best, cards * _card_value(horizon))


@lru_cache(maxsize=8192)
def mission_values(towns: Towns, seat: int, missions: tuple[str | None, ...], gold: int, *, horizon: float,
                   camp_needs_town: bool, n: int) -> tuple[float, ...]:
    """`mission_value` of each of the three missions in play (None: none)."""
    return tuple([mission_value(towns, seat, m, gold=gold, horizon=horizon, camp_needs_town=camp_needs_town, n=n)
                  for m in missions])


@lru_cache(maxsize=8192)
def _rewards_value(towns: Towns, seat: int, mission_id: str, *, gold: int, camp_needs_town: bool, n: int,
                   gval: float) -> float:
    """The best town reward (Champion or Camp) of a mission for `seat`."""
    best = 0.0
    for r in data().mission_by_id[mission_id].rewards:
        if r.type != "theft":
            v = _town_reward_value(towns, seat, r, gold=min(gold, r.picks), free_pass=False,
                                       camp_needs_town=camp_needs_town, n=n, gval=gval)
            if v is not None and v > best:
                best = v
    return best


@lru_cache(maxsize=8192)
def _jail_cost(members: tuple[str, ...], queue: int, n: int, *, horizon: float, king: bool) -> float:
    """What going to prison costs: each prisoner scores nothing at the end if still
    inside, and cannot go on ambushes meanwhile."""
    if king:
        return float(len(members))
    ranked = sorted(members, key=_usefulness, reverse=True)
    cost = 0.0
    for pos, m in enumerate(ranked):
        wait = (queue + pos + 1) * n * 0.8
        out = min(wait, horizon)
        cost += (1.0 if wait >= horizon else 0.4) + 0.05 * out * max(0.5, _usefulness(m))
    return cost * _jail_scale(n)


def _jail_scale(n: int) -> float:
    return JAIL_SCALE_2P if n == 2 else JAIL_SCALE_3P if n == 3 else JAIL_SCALE_4P


# ----- the ambush ----------------------------------------------------------------------


def _loot_variants(members: tuple[str, ...], target: int, hand_loot: HandLoot) -> list[Variant]:
    """Ways to equip a party for skill `target`: (personal, group, bonus totals, cards)."""
    chars = _chars()
    doubler = next((m for m in members if chars[m][2] == "personal_loot_double"), None)
    no_group = any(chars[m][2] == "no_group_loot" for m in members)
    people = sum(chars[m][3] if chars[m][2] == "group_loot_double" else 1 for m in members)
    personal, group = hand_loot["personal"], hand_loot["group"]
    out: list[Variant] = [((), None, (0, 0, 0, 0), 0)]

    def carriers_first() -> list[str]:
        return ([doubler] if doubler else []) + [m for m in members if m != doubler]

    def assign(cards_by_skill_lists: list[tuple[int, int, int]]) -> tuple[PersonalLoot, tuple[int, ...]]:
        """Give cards (skill, bonus, id) to members in order, doubler first."""
        pers, add = [], [0, 0, 0, 0]
        for m, (skill, bonus, card) in zip(carriers_first(), cards_by_skill_lists):
            times = chars[m][3] if m == doubler else 1
            pers.append((m, card))
            add[skill] += bonus * times
        return tuple(pers), tuple(add)

    boost = personal[target]
    hide = personal[DISCRETION]
    if boost:
        p, add = assign([(target, *boost[0])])
        out.append((p, None, add, 1))
        if len(boost) > 1 and len(members) > 1:
            picks = [(target, *c) for c in boost[: len(members)]]
            p, add = assign(picks)
            out.append((p, None, add, len(picks)))
    if hide:
        picks = [(DISCRETION, *c) for c in hide[: len(members)]]
        p, add = assign(picks)
        out.append((p, None, add, len(picks)))
        if boost and len(members) > 1:
            picks = [(target, *boost[0])] + [(DISCRETION, *c) for c in hide[: len(members) - 1]]
            p, add = assign(picks)
            out.append((p, None, add, len(picks)))
    if not no_group:
        for skill in (target, DISCRETION):
            if group[skill]:
                bonus, card = group[skill][0]
                group_add = [0, 0, 0, 0]
                group_add[skill] = bonus * people
                out.append(((), card, tuple(group_add), 1))
    return out


@lru_cache(maxsize=4096)
def _candidates(avail: tuple[str, ...], paid_ok: int, hand: tuple[int, ...], present: tuple[bool, ...]) -> tuple[Candidate, ...]:
    """My parties worth scoring: per skill with a mission, the front of parties best at it,
    each with a few ways to use my loot. Items: (members, personal, group, totals, loot
    cards used, paid companions)."""
    fronts = _fronts(avail, paid_ok)
    loot = _hand_loot(hand)
    chars = _chars()
    out = []
    seen = set()
    for k in range(3):
        if not present[k]:
            continue
        for members, base in fronts[k]:
            paid = sum(1 for m in members if chars[m][1])
            for personal, group, add, cards in _loot_variants(members, k, loot):
                key = (members, personal, group)
                if key in seen:
                    continue
                seen.add(key)
                t = (base[0] + add[0], base[1] + add[1], base[2] + add[2], base[3] + add[3])
                out.append((members, personal, group, t, cards, paid))
    return tuple(out)


def loot_cards(hand: tuple[int, ...]) -> tuple[int, ...]:
    """The hand's loot cards but Gold, in card order: all the parties worth trying depend
    on (Gold only pays companions: `paid_ok`)."""
    return tuple(sorted([c for c in hand if c not in GOLD]))


def _hand_loot(hand: tuple[int, ...]) -> HandLoot:
    loot = data().loot
    personal: list[list[tuple[int, int]]] = [[], [], [], []]  # per skill: (bonus, card)
    group: list[list[tuple[int, int]]] = [[], [], [], []]
    gold = 0
    for c in hand:
        card = loot[c]
        if card.kind == "gold":
            gold += 1
        elif card.skill is not None:
            (personal if card.kind == "personal" else group)[card.skill].append((card.bonus, c))
    for lists in (personal, group):
        for k in range(3):
            lists[k].sort(reverse=True)
        lists[DISCRETION].sort()  # the most negative (best hiding) first
    return {"personal": personal, "group": group, "gold": gold}


def _near_best(fronts: tuple[Front, ...]) -> tuple[tuple[Totals, ...], ...]:
    """Per skill, the parties of a front worth trying: near the best skill for their
    Discretion."""
    out = []
    for k, front in enumerate(fronts):
        scores = [t[k] - OPP_DISC * t[3] for _, t in front]
        top = max(scores, default=0)
        out.append(tuple(t for (_, t), sc in zip(front, scores) if sc >= top - 1.5))
    return tuple(out)


def _opponent_sample(rnd: random.Random, profile: Profile) -> Totals | None:
    """One imagined party of an opponent: its totals, or None if it sends nobody."""
    avail, near, cum, hand_count, nobody_p = profile
    r = rnd.random
    roll = r()
    if roll < nobody_p or not avail:
        return None
    if roll > 1 - OPP_RANDOM or cum is None:
        size = 1 + int(r() * min(3, len(avail)))
        return _base_totals(tuple(rnd.sample(avail, size)))
    x = r() * cum[2]
    k = 0 if x < cum[0] else 1 if x < cum[1] else 2
    options = near[k]
    if not options:
        return None
    t = options[int(r() * len(options))]
    if hand_count:
        top = min(3, hand_count)
        t0, t1, t2, t3 = t
        bonus = int(r() * (top + 1))
        if k == 0:
            t0 += bonus
        elif k == 1:
            t1 += bonus
        else:
            t2 += bonus
        if r() < 0.4:
            t3 -= int(r() * (min(2, hand_count) + 1))
        return (t0, t1, t2, t3)
    return t


def _prepare(view: SeatView, legal: list[Any], rnd: random.Random) -> tuple[Any, ...]:
    """The whole ambush: the moves from the party formed so far (if any) to the best one
    that extends it; if the best does not, the party formed is sent as it is."""
    party = _best_party(view, rnd)
    formed = view.forming or PendingParty()
    if not extends(party, formed):
        party = formed
    return tuple(ambush_moves(view.seat, party, formed))


class Board(NamedTuple):
    """What a seat may know when it forms a party: the table, seat by seat (from its view,
    or straight from a state's public fields in the expert's playouts)."""

    towns: Towns
    missions: tuple[str | None, ...]
    king: bool
    camp_needs_town: bool
    horizon: float
    bands: tuple[tuple[str, ...], ...]
    prisons: tuple[tuple[str, ...], ...]
    hand_counts: tuple[int, ...]
    nets: tuple[int, ...]  # each seat's largest network


def board_of(view: SeatView) -> Board:
    """The board as `view`'s seat knows it."""
    table = view.table
    seats = table.seats
    return Board(table.towns, table.missions, table.king, table.options.camp_needs_town, _turns_left(view),
                 tuple([s.band for s in seats]), tuple([s.prison for s in seats]),
                 tuple([s.hand_count for s in seats]), tuple([s.largest_network for s in seats]))


def _best_party(view: SeatView, rnd: random.Random) -> PendingParty:
    return choose_party(board_of(view), view.seat, view.hand, rnd)


# How an opponent is imagined (the expert's beliefs; without them, the bot's own guesses):
# its chance to send no one while it has prisoners, and a weight for each kind of mission
# (`mission_kind`) it goes for.
Lean = tuple[float, dict[str, float]]


@lru_cache(maxsize=64)
def mission_kind(mission_id: str | None) -> str:
    """What a mission is mostly won for: "companion", "theft" (its best is loot) or "town"."""
    if mission_id is None:
        return "none"
    mission = data().mission_by_id[mission_id]
    if mission.kind == "companion":
        return "companion"
    if all(r.type == "theft" for r in mission.rewards):
        return "theft"
    return "town"


@lru_cache(maxsize=4096)
def _near_best_of(avail: tuple[str, ...], paid_ok: int) -> tuple[tuple[Totals, ...], ...]:
    return _near_best(_fronts(avail, paid_ok))


def choose_party(board: Board, me: int, my_hand: tuple[int, ...], rnd: random.Random, *, imagined: int = SAMPLES,
                 leans: dict[int, Lean] | None = None, taste: dict[str, float] | None = None) -> PendingParty:
    """The bot's party for seat `me` (holding `my_hand`) on `board`: each party worth trying
    scored against `imagined` ambushes of the others (imagined by `leans`, the
    expert's beliefs, for the seats it has them); `taste` weighs the missions it wants by
    their kind (`mission_kind`: a band's habits as the expert believes them)."""
    n = len(board.bands)
    jailed = set(board.prisons[me])
    avail = tuple(c for c in board.bands[me] if c not in jailed)
    hand = _hand_loot(my_hand)
    gold = hand["gold"]
    horizon = board.horizon
    king = board.king
    towns, missions, camp = board.towns, board.missions, board.camp_needs_town
    present = [king or missions[k] is not None for k in range(3)]

    # What each mission is worth to me and to the others.
    if king:
        my_net = board.nets[me]
        values: tuple[float, ...] = (float((my_net + 1) // 2),) * 3
    else:
        gold2 = min(gold, 2)
        values = mission_values(towns, me, missions, gold2, horizon=horizon, camp_needs_town=camp, n=n)
        if taste is not None:
            values = tuple([v * taste.get(mission_kind(missions[k]), 1.0) for k, v in enumerate(values)])
    others = [o for o in range(n) if o != me]
    opp_values: dict[int, tuple[float, ...]] = {}
    for o in others:
        if king:
            v = (board.nets[o] + 1) // 2
            opp_values[o] = (float(v),) * 3
        else:
            g = 1 if board.hand_counts[o] else 0
            opp_values[o] = mission_values(towns, o, missions, g, horizon=horizon, camp_needs_town=camp, n=n)
    beta = 1.0 if n == 2 else 0.5

    # Imagined ambushes of the others: per sample and skill, the best total and whether
    # one player alone has it (and then that player's gain); the highest Discretion sent.
    samples = []
    profiles = {}
    for o in others:
        oprison, count = board.prisons[o], board.hand_counts[o]
        oavail = free_characters(board.bands[o], oprison)
        near = _near_best_of(oavail, min(1, count))
        w = [(opp_values[o][k] + 0.3) if present[k] else 0.0 for k in range(3)]
        lean = leans.get(o) if leans else None
        if lean is not None and not king:
            kinds = lean[1]
            w = [x * kinds.get(mission_kind(missions[k]), 1.0) for k, x in enumerate(w)]
        cum = [w[0], w[0] + w[1], w[0] + w[1] + w[2]] if sum(w) > 0 else None
        nobody_p = (OPP_NOBODY if lean is None else lean[0]) if oprison else 0.0
        profiles[o] = (list(oavail), near, cum, count, nobody_p)
    for _ in range(imagined):
        parties = {}
        for o in others:
            t = _opponent_sample(rnd, profiles[o])
            if t is not None:
                parties[o] = t
        per_skill: list[tuple[int, int | None, float]] = []  # (best total, its only player, their gain)
        for k in range(3):
            best, who, ties = 0, None, False
            for o, t in parties.items():
                v = t[k]
                if v > best:
                    best, who, ties = v, o, False
                elif v == best and v > 0:
                    ties = True
            if who is not None and not ties and present[k]:
                per_skill.append((best, who, opp_values[who][k]))
            else:
                per_skill.append((best, None, 0.0))
        high = max((t[DISCRETION] for t in parties.values()), default=0)
        samples.append((per_skill, high))

    # My candidate parties.
    card_value, gold_value = _card_value(horizon), _gold_value(horizon)
    mine_all = _candidates(avail, min(gold, 2), loot_cards(my_hand), tuple(present))
    candidates = [
        (members, personal, group, t, cards * card_value + paid * gold_value)
        for members, personal, group, t, cards, paid in mine_all
    ]

    my_prison = board.prisons[me]
    queue = len(my_prison)
    best_action, best_score = None, None

    def consider(choice: Choice, score: float) -> None:
        nonlocal best_action, best_score
        score += rnd.random() * NOISE
        if best_score is None or score > best_score:
            best_action, best_score = choice, score

    # Sending no one: frees the top prisoner.
    nobody = 0.0
    if my_prison:
        top = my_prison[0]
        nobody += 1.0 if king else BREAKOUT * _jail_cost((top,), 0, n, horizon=horizon, king=False) / _jail_scale(n)
    lost = 0.0
    for per_skill, _high in samples:
        lost += sum(g for (_b, o, g) in per_skill if o is not None)
    nobody -= beta * lost / imagined
    consider(((), (), None), nobody)

    # Each distinct set of totals is scored once against the imagined ambushes:
    # (what I gain, how often I am captured, what the others gain).
    # A skill without a mission cannot be won: its bar is out of reach.
    # I win Discretion (and so may be captured, and get no Little Booty) when my
    # Discretion is at least 1 and no other party sent is seen more.
    flat = []
    for per_skill, high in samples:
        row: list[float] = []
        for k in range(3):
            skill_best, alone, their_gain = per_skill[k]
            row += (skill_best if present[k] else 99, alone is not None, their_gain)
        flat.append((*row, high if high >= 1 else 1))
    v0, v1, v2 = values
    booty = 0.0 if king else card_value
    outcomes: dict[Totals, tuple[float, int, float]] = {}
    for *_rest, t, _cost in candidates:
        if t in outcomes:
            continue
        t0, t1, t2, disc = t
        gain_sum = opp_sum = 0.0
        caught = 0
        for b0, o0, g0, b1, o1, g1, b2, o2, g2, bar in flat:
            won = False
            gain = 0.0
            if t0 > b0:
                won, gain = True, v0
            elif t0 < b0 and o0:
                opp_sum += g0
            if t1 > b1:
                gain = gain + v1 if king else max(gain, v1)
                won = True
            elif t1 < b1 and o1:
                opp_sum += g1
            if t2 > b2:
                gain = gain + v2 if king else max(gain, v2)
                won = True
            elif t2 < b2 and o2:
                opp_sum += g2
            seen = disc >= bar  # I win Discretion (the bar is at least 1)
            if won:
                gain_sum += gain
                if seen:
                    caught += 1
            elif seen:
                if king:
                    caught += 1  # King Richard's turn: Discretion goes to prison anyway
            else:
                gain_sum += booty  # Little Booty
        outcomes[t] = (gain_sum, caught, opp_sum)
    for members, personal, group, t, cost in candidates:
        gain_sum, caught, opp_sum = outcomes[t]
        jail = _jail_cost(members, queue, n, horizon=horizon, king=king) if caught else 0.0
        score = (gain_sum - caught * jail - beta * opp_sum) / imagined - cost
        consider((members, personal, group), score)
    assert best_action is not None  # sending no one at least was considered
    members, personal, group = best_action
    return PendingParty(members=members, personal=personal, group=group)


# ----- the other decisions ---------------------------------------------------------------


class Glance(NamedTuple):
    """What a seat knows for its decisions after the ambush (from its view, or straight
    from a state's fields in the expert's playouts): its hand, the towns, the missions,
    the reward being resolved, the last reveal, its own band and prisoners."""

    seat: int
    hand: tuple[int, ...]
    n: int
    towns: Towns
    missions: tuple[str | None, ...]
    camp_needs_town: bool
    horizon: float
    reward: PendingReward | None
    reveal: Reveal | None
    band: tuple[str, ...]
    prison: tuple[str, ...]


def glance_of(view: SeatView) -> Glance:
    table, me = view.table, view.seat
    mine = table.seats[me]
    return Glance(me, view.hand, len(table.seats), table.towns, table.missions, table.options.camp_needs_town,
                  _turns_left(view), table.reward, table.reveal, mine.band, mine.prison)


def _choose_mission(view: Glance, legal: list[ChooseMission], rnd: random.Random) -> ChooseMission:
    me, gold, horizon = view.seat, min(gold_count(view.hand), 2), view.horizon
    return max(legal, key=lambda a: mission_value(view.towns, me, view.missions[a.skill], gold=gold, horizon=horizon,
                                                  camp_needs_town=view.camp_needs_town, n=view.n))


def _choose_reward(view: Glance, legal: list[ChooseReward], rnd: random.Random) -> ChooseReward:
    table, me = view, view.seat
    reward = table.reward
    assert reward is not None  # the reward being chosen
    mission = data().mission_by_id[reward.mission]
    party = table.reveal.parties[me].members if table.reveal else ()
    chars = _chars()
    free_pass = any(chars[m][2] == "free_displacement" for m in party)
    much = sum(chars[m][3] for m in party if chars[m][2] == "theft_bonus")
    alan = sum(chars[m][3] for m in party if chars[m][2] == "champion_bonus")
    gold = gold_count(view.hand)
    horizon = view.horizon

    def worth(action: ChooseReward) -> float:
        if action.reward == "nothing":
            return 0.0
        spec = next(r for r in mission.rewards if r.type == action.reward)
        v = _reward_value(table, me, spec, gold=gold, horizon=horizon, free_pass=free_pass, much=much)
        if v is None:
            return -1.0
        return v + (alan if action.reward == "champion" else 0)

    return max(legal, key=worth)


def _choose_town(view: Glance, legal: list[ChooseTown], rnd: random.Random) -> ChooseTown:
    table, me = view, view.seat
    n = view.n
    d = data()
    reward = table.reward
    assert reward is not None  # the reward whose towns are chosen
    party = table.reveal.parties[me].members if table.reveal else ()
    free_pass = any(_chars()[m][2] == "free_displacement" for m in party)
    champion = reward.reward == "champion"

    def worth(action: ChooseTown) -> float:
        if action.town is None:
            return 0.0
        idx = d.town_index[action.town]
        v, _ = _place_value(table.towns, me, idx, champion=champion, n=n)
        if champion and table.towns[idx] is not None and not free_pass:
            v -= _gold_value(view.horizon)
        if not champion and d.towns[idx].terrain == "forest":
            v += reward.picks_left - 1  # a plain town would end the double Camp at once
        return v

    return max(legal, key=worth)


def _order_prisoners(view: Glance, legal: list[Any], rnd: random.Random) -> tuple[LineUp | CloseCell, ...]:
    """The newcomers not lined up yet, the most useful first (freed soonest)."""
    me = view.seat
    rest = [m.member for m in legal if isinstance(m, LineUp)]
    rest.sort(key=_usefulness, reverse=True)
    return (*(LineUp(seat=me, member=c) for c in rest), CloseCell(seat=me))


def _ransom(view: Glance, legal: list[Ransom], rnd: random.Random) -> Ransom:
    gold = gold_count(view.hand)
    horizon = view.horizon
    n = view.n
    left = view.prison
    chars = _chars()
    paid_in_band = sum(1 for c in view.band if chars[c][1])

    def worth(action: Ransom) -> float:
        if action.free == 0:
            return 0.0
        freed = left[: action.free]
        gain = _jail_cost(freed, 0, n, horizon=horizon, king=False)
        spare = gold - paid_in_band  # Gold not needed to pay my companions
        cost = RANSOM_COST[action.free]
        price = _gold_value(horizon) * cost * (1.0 if spare >= cost else 1.8)
        return gain - price

    return max(legal, key=worth)


AFTER_AMBUSH: dict[str, Callable[[Glance, Any, random.Random], Action | tuple[Any, ...]]] = {
    "choose_mission": _choose_mission,
    "choose_reward": _choose_reward,
    "choose_town": _choose_town,
    "order_prisoners": _order_prisoners,
    "ransom": _ransom,
}


def decide_after_ambush(glance: Glance, phase: str, legal: list[Any], rnd: random.Random) -> Action | tuple[Any, ...]:
    """The bot's decision after the ambush (`phase` is not "prepare"), from what the seat
    knows (`glance`)."""
    return AFTER_AMBUSH[phase](glance, legal, rnd)


def sensible(view: SeatView, legal: list[Action], rnd: random.Random) -> Action | tuple[Any, ...]:
    """The bot's decision (a move, or the moves of a whole ambush or line-up); `legal`
    is its seat's list of legal moves."""
    if len(legal) == 1:
        return legal[0]
    phase = view.table.phase
    if phase == "prepare":
        return _prepare(view, legal, rnd)
    return AFTER_AMBUSH[phase](glance_of(view), legal, rnd)
