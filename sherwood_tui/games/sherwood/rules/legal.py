"""Sherwood (2005): whose turn it is, and the legal actions of each decision (bounded,
representative sets of ambushes; the small decisions built once and shared)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import combinations, compress, islice, permutations
from typing import Any, Protocol

from sherwood_tui.core.contract import MoveT
from sherwood_tui.core.draft import positional
from sherwood_tui.games.sherwood.rules.data import Reward
from sherwood_tui.games.sherwood.rules.model import (
    RANSOM_COST,
    Action,
    ChooseMission,
    ChooseReward,
    ChooseTown,
    OrderPrisoners,
    PendingReward,
    PrepareAmbush,
    Ransom,
    Reveal,
    State,
)
from sherwood_tui.games.sherwood.rules.tables import (
    CAMP_SITES,
    GOLD,
    LOOT,
    MISSIONS,
    NO_GROUP_LOOT,
    PAID,
    REWARD_SPECS,
    TOWN_INDEX,
    gold_count,
    has_trait,
    mission_name,
    pawn_stock,
)

# ----- whose turn ------------------------------------------------------------------------


def to_act(state: State) -> list[int]:
    phase = state.phase
    if phase == "prepare":  # a plain loop: a comprehension is a function call of its own
        seats = []
        for s, p in enumerate(state.pending):
            if p is None:
                seats.append(s)
        return seats
    if phase == "choose_mission":
        return [state.reveal.chooser] if state.reveal and state.reveal.chooser is not None else []
    if phase == "choose_reward" or phase == "choose_town":
        return [state.reward.seat] if state.reward else []
    if phase == "order_prisoners":
        return [state.order_queue[0]] if state.order_queue else []
    if phase == "ransom":
        return [state.ransom.seat] if state.ransom else []
    return []


def may_act(state: State, seat: int) -> bool:
    """Whether `seat` is in `to_act(state)`, without building the list (hot path)."""
    phase = state.phase
    if phase == "prepare":
        pending = state.pending
        return isinstance(seat, int) and 0 <= seat < len(pending) and pending[seat] is None
    # `seat in to_act(state)` without the list: the one seat to act, compared the same way
    if phase == "choose_reward" or phase == "choose_town":
        reward = state.reward
        return reward is not None and (reward.seat is seat or reward.seat == seat)
    if phase == "order_prisoners":
        queue = state.order_queue
        return bool(queue) and (queue[0] is seat or queue[0] == seat)
    if phase == "ransom":
        offer = state.ransom
        return offer is not None and (offer.seat is seat or offer.seat == seat)
    return seat in to_act(state)


def is_over(state: State) -> bool:
    return state.phase == "over"


# ----- who has what ---------------------------------------------------------------------


def free_characters(band: tuple[str, ...], jailed: tuple[str, ...]) -> tuple[str, ...]:
    """The characters of a band who are not in prison (`jailed`), in band order (the
    rules over the state, the screens over the public view: `views.available_in`)."""
    return tuple([c for c in band if c not in jailed]) if jailed else band


def available(state: Any, seat: int) -> tuple[str, ...]:
    """The characters of a seat who are not in prison, in band order."""
    return free_characters(state.bands[seat], state.prison[seat])


def newcomers(jailed: tuple[str, ...], reveal: Reveal | None, seat: int) -> tuple[str, ...]:
    """The characters of `seat` captured this turn: the bottom of its cell (`jailed`),
    as many as its revealed party had (`views.newcomers_in` for the screens)."""
    members = reveal.parties[seat].members if reveal is not None else ()
    return jailed[len(jailed) - len(members):] if members else ()


def new_prisoners(state: Any, seat: int) -> tuple[str, ...]:
    """The characters of `seat` captured this turn (at the bottom of its cell)."""
    return newcomers(state.prison[seat], state.reveal, seat)


# ----- rewards and towns ------------------------------------------------------------------
# Decided over a `Board`: the state, or a public view (the screens: `views.py`), which
# both hold the map, the reveal and the options; the Gold of the reward's player (a
# secret: in the state, or in that seat's own view) is given apart.


class Board(Protocol):
    """What the reward rules read besides a hand: the state or a public view."""

    @property
    def towns(self) -> tuple[int | None, ...]: ...

    @property
    def reveal(self) -> Reveal | None: ...

    @property
    def camp_needs_town(self) -> bool: ...


def reward_spec(mission_id: str, kind: str | None) -> Reward | None:
    return REWARD_SPECS.get((mission_id, kind)) if kind is not None else None


def party_has(reveal: Reveal | None, seat: int, trait: str) -> bool:
    """Whether `seat`'s revealed party has a character with this trait."""
    return reveal is not None and has_trait(reveal.parties[seat].members, trait)


def winning_party_has(state: Any, seat: int, trait: str) -> bool:
    return party_has(state.reveal, seat, trait)


def open_towns(board: Board, reward: PendingReward, kind: str | None, gold: int | None) -> list[str]:
    """The towns the reward's player may take with `kind` of reward (None: the one
    chosen), on `board`; `gold`: the Gold cards they hold (None: not counted, for public
    decisions: whether they could pay for a displacement is ignored)."""
    seat = reward.seat
    kind = kind or reward.reward
    if pawn_stock(board, seat) < 2:  # one pawn is on the mission card
        return []
    spec = reward_spec(reward.mission, kind)
    if spec is None:
        return []
    towns = board.towns
    if kind == "champion":
        free_pass = party_has(board.reveal, seat, "free_displacement")
        can_pay = free_pass or gold is None or gold > 0
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


def town_choices(state: Any, reward: PendingReward, with_gold: bool, kind: str | None = None) -> list[str]:
    """The towns the reward's player may take now with `kind` of reward (by default
    the one chosen). `with_gold=False` ignores whether they could pay for a
    displacement (used for public decisions)."""
    gold = gold_count(state.hands[reward.seat]) if with_gold else None
    return open_towns(state, reward, kind, gold)


def reward_problem_on(board: Board, reward: PendingReward, kind: str, gold: int) -> str | None:
    """Why this reward cannot be taken on `board` by its player holding `gold` Gold
    cards (None if it can)."""
    spec = reward_spec(reward.mission, kind)
    if spec is None:
        return f"{mission_name(reward.mission)} offers no {kind.capitalize()} reward."
    if kind == "theft":
        return None
    if pawn_stock(board, reward.seat) < 2:
        return "You have no hero pawn left to place on a town."
    if kind == "camp" and board.camp_needs_town and reward.seat not in board.towns:
        return "Camp can only be taken once you hold a town (variant in play)."
    if not open_towns(board, reward, kind, gold):
        if kind == "camp":
            plain = " or plain" if spec.plain else ""
            return f"There is no free forest{plain} town to camp in."
        return (
            "None of the towns of this mission can be taken: "
            "each is yours, or an opponent's and you have no Gold."
        )
    return None


def reward_problem(state: Any, reward: PendingReward, kind: str) -> str | None:
    """Why this reward cannot be taken now (None if it can)."""
    return reward_problem_on(state, reward, kind, gold_count(state.hands[reward.seat]))


def possible_rewards(state: Any, reward: PendingReward) -> list[str]:
    """The rewards of the mission that its winner can take now: those whose
    `reward_problem` is None (written out, with the pawns and the Gold counted once:
    this runs at every reward decision)."""
    seat, mission = reward.seat, reward.mission
    towns = state.towns
    placeable = pawn_stock(state, seat) >= 2  # one pawn is on the mission card
    out = []
    for r in MISSIONS[mission].rewards:
        kind = r.type
        if kind == "theft":
            out.append(kind)
        elif not placeable:
            continue
        elif kind == "champion":
            spec = REWARD_SPECS[mission, kind]
            can_pay = party_has(state.reveal, seat, "free_displacement") or gold_count(state.hands[seat]) > 0
            for t in spec.towns:
                owner = towns[TOWN_INDEX[t]]
                if owner is None or (owner != seat and can_pay):
                    out.append(kind)
                    break
        elif kind == "camp":
            if state.camp_needs_town and seat not in towns:
                continue
            spec = REWARD_SPECS[mission, kind]
            for i, _town in CAMP_SITES[bool(not reward.taken and spec.plain)]:
                if towns[i] is None:
                    out.append(kind)
                    break
    return out


def drive_out_cost(board: Board, reward: PendingReward, town: str) -> int:
    """The Gold cards taking `town` with this reward costs: 1 to drive out an opponent
    as Champion, none with Will Stutely in the party (or for a free town, or Camp)."""
    owner = board.towns[TOWN_INDEX[town]]
    if reward.reward != "champion" or owner is None or owner == reward.seat:
        return 0
    return 0 if party_has(board.reveal, reward.seat, "free_displacement") else 1


def may_pay_gold(board: Board, reward: PendingReward) -> bool:
    """Whether this town choice may involve paying Gold (Champion on an opponent).
    Public: over the state or a public view."""
    if reward.reward != "champion":
        return False
    card = reward_spec(reward.mission, "champion")
    return card is not None and any(drive_out_cost(board, reward, t) for t in card.towns)


def ransom_choices(jailed: int, gold: int) -> list[tuple[int, int, bool]]:
    """The ransoms of the Sheriff's rounds for an owner with `jailed` prisoners left and
    `gold` Gold cards: (how many freed, the Gold it costs, whether it is affordable)."""
    return [(k, cost, cost <= gold) for k, cost in RANSOM_COST.items() if k <= jailed]


def is_private(state: State, seat: int) -> bool:
    """Private when the player needs to see their loot hand. Decided on public
    information only, so the curtain itself tells nobody anything."""
    phase = state.phase
    if phase in ("prepare", "choose_mission", "choose_reward", "ransom"):
        return True
    if phase == "choose_town" and state.reward is not None:
        return may_pay_gold(state, state.reward)
    return False


LOOT_KINDS = tuple([c.kind for c in LOOT])  # by loot card id


# ----- the legal actions ----------------------------------------------------------------


def legal_actions(state: State, seat: int) -> list[Action]:
    """The legal actions of a seat that may act now."""
    return LEGAL[state.phase](state, seat)


def prepare_legal(state: State, seat: int) -> list[Action]:
    """A bounded, representative set of ambushes (sending no one is always first):
    every party of one or two, up to 30 parties of three, the whole band, and a few
    parties carrying each loot card. Any other ambush is legal too (see apply)."""
    avail, paid = _free_and_paid(state.bands[seat], state.prison[seat])
    hand = state.hands[seat]
    # Only whether each paid companion can be paid matters: clip the Gold count.
    gold = 0
    if paid:
        gold = len(GOLD.intersection(hand))
        if paid < gold:
            gold = paid
    by_seat = _pool_options(avail, gold)
    mine = by_seat.get(seat)
    if mine is None:
        pool, carriers = _party_pool(avail, gold)
        mine = by_seat[seat] = (tuple(_interned(seat, ((), *pool))), {}, carriers)
    base, by_card, carriers = mine
    out: list[Action] = list(base)
    for card in hand:
        if card not in GOLD:
            loot = by_card.get(card)
            if loot is None:
                loot = by_card[card] = _loot_parties(seat, carriers, card)
            out += loot
    return out


@lru_cache(maxsize=1024)
def _free_and_paid(band: tuple[str, ...], jailed: tuple[str, ...]) -> tuple[tuple[str, ...], int]:
    """The characters of a band not in prison (`free_characters`), and how many of them
    are paid companions (asked at every ambush: the band and prison change seldom)."""
    avail = free_characters(band, jailed)
    paid = 0
    for c in avail:  # a plain loop: a comprehension is a function call of its own
        if c in PAID:
            paid += 1
    return avail, paid


def _mission_legal(state: State, seat: int) -> list[Action]:
    assert state.reveal is not None  # the phase has one
    return [
        _decision(ChooseMission, seat, "skill", r.skill)
        for r in state.reveal.skills
        if r.outcome == "pending" and r.winner == seat
    ]


def _reward_legal(state: State, seat: int) -> list[Action]:
    assert state.reward is not None  # the phase has one
    kinds = possible_rewards(state, state.reward) or ["nothing"]
    return [_decision(ChooseReward, seat, "reward", k) for k in kinds]


def _town_legal(state: State, seat: int) -> list[Action]:
    assert state.reward is not None  # the phase has one
    towns = town_choices(state, state.reward, with_gold=True)
    out: list[Action] = [_decision(ChooseTown, seat, "town", t) for t in towns]
    if state.reward.taken:
        out.append(_decision(ChooseTown, seat, "town", None))
    return out


def _order_legal(state: State, seat: int) -> list[Action]:
    return list(_prisoner_orders(seat, new_prisoners(state, seat)))


def _ransom_legal(state: State, seat: int) -> list[Action]:
    choices = ransom_choices(len(state.prison[seat]), gold_count(state.hands[seat]))
    return [_decision(Ransom, seat, "free", k) for k, _cost, affordable in choices if affordable]


LEGAL: dict[str, Callable[[State, int], list[Action]]] = {
    "prepare": prepare_legal,
    "choose_mission": _mission_legal,
    "choose_reward": _reward_legal,
    "choose_town": _town_legal,
    "order_prisoners": _order_legal,
    "ransom": _ransom_legal,
    "over": lambda state, seat: [],
}


# Interned ambushes: without loot by party, per seat; with loot by party, per seat and
# loot card (the card tells personal from group loot, and which member of a pair carries
# it). Plain dict lookups (an lru_cache call costs several times more), so that the
# legal sets of neighbouring bands share their ambushes; keyed by the party alone, the
# keys are cheaper to hash and compare. When one is full, its oldest quarter is
# forgotten (the legal sets that hold them keep them; `apply` checks an ambush by its
# values, not by who built it). A game meets a few hundred. The bounds (with the other
# caches' bounds) keep a full garbage collection under ~40 ms even once every cache is
# full (measured).
_PLAIN: dict[int, dict[tuple[str, ...], PrepareAmbush]] = {}
_LOADED: dict[tuple[int, int], dict[tuple[str, ...], PrepareAmbush]] = {}
PLAIN_KEPT, LOADED_KEPT = 1024, 64  # per seat; per seat and loot card
AMBUSHES_KEPT = 4 * PLAIN_KEPT + 4 * len([c for c in LOOT if c.kind != "gold"]) * LOADED_KEPT  # in all, four seats


# A new ambush by position (type, seat, party, personal, group): quicker than a move's
# keyword __init__, and dozens a game are new.
_new_ambush = positional(PrepareAmbush)


def _make_room(known: dict[Any, Any], wanted: int, kept: int) -> None:
    """Forget the oldest quarter of `known` if `wanted` more would not fit in `kept`."""
    if len(known) + wanted >= kept:
        for key in list(islice(known, kept // 4 + wanted)):
            del known[key]


def _interned(seat: int, parties: Sequence[tuple[str, ...]]) -> list[PrepareAmbush]:
    """The seat's interned ambushes (`_PLAIN`) sending these parties without loot, made if new."""
    known = _PLAIN.get(seat)
    if known is None:
        known = _PLAIN[seat] = {}
    out: list[Any] = list(map(known.get, parties))
    if not all(out):  # a miss (an action is never false; `None in out` would call __eq__ per item)
        _make_room(known, len(parties), PLAIN_KEPT)
        for i, action in enumerate(out):
            if action is None:
                party = parties[i]
                action = known.get(party)  # an earlier party of this list may be the same
                if action is None:
                    action = known[party] = _new_ambush("prepare", seat, party, (), None)
                out[i] = action
    return out


def _sampled_triples(avail: tuple[str, ...], is_paid: tuple[bool, ...], gold: int) -> list[tuple[str, ...]]:
    """The parties of three whose paid companions (`is_paid`) `gold` Gold cards can pay,
    in combinations order; when there are more than 30, the 30 at ranks int(i * n / 30)."""
    return [(avail[i], avail[j], avail[k]) for i, j, k in _triple_places(is_paid, gold)]


@lru_cache(maxsize=512)
def _triple_places(is_paid: tuple[bool, ...], gold: int) -> tuple[tuple[int, int, int], ...]:
    """The places in the band of `_sampled_triples` (they depend only on which members
    are paid companions, and the Gold). Found by counting per first two members, without
    listing them all (a late band has hundreds)."""
    n = len(is_paid)
    later: list[Sequence[int]] = [range(j + 1, n) for j in range(n)]
    later_unpaid = [[k for k in range(j + 1, n) if not is_paid[k]] for j in range(n)]
    blocks: list[tuple[int, int, Sequence[int]]] = []  # (first, second, the possible thirds), in combinations order
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
            out.append((i, j, thirds[ranks.pop(0) - start]))
        start = end
    return tuple(out)


Carriers = tuple[tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...]]


@lru_cache(maxsize=2048)
def _party_pool(avail: tuple[str, ...], gold: int) -> tuple[tuple[tuple[str, ...], ...], Carriers]:
    """Parties for the representative set: all of one or two, at most 30 of three, and
    the whole band; only those whose paid companions can be paid. With them, the
    parties that may carry loot: singles and pairs (personal loot), and parties of two
    or more without Clorinda (group loot)."""
    is_paid = tuple([c in PAID for c in avail])
    everyone_paid = sum(is_paid) <= gold
    if everyone_paid:  # the same parties, and no filter needed
        gold = len(avail)
        pairs = list(combinations(avail, 2))
    else:  # pairs with paid_count(p) <= gold, counted in C (the flags' pairs line up with the parties')
        pairs = list(compress(combinations(avail, 2), map(gold.__ge__, map(sum, combinations(is_paid, 2)))))
    singles = [(c,) for c in avail] if gold else [(c,) for c, paid in zip(avail, is_paid) if not paid]
    larger = _sampled_triples(avail, is_paid, gold)
    if len(avail) > 3 and everyone_paid:
        larger.append(avail)
    groupable = pairs + larger
    if not NO_GROUP_LOOT.isdisjoint(avail):
        groupable = [p for p in groupable if NO_GROUP_LOOT.isdisjoint(p)]
    return tuple(singles + pairs + larger), (tuple(singles), tuple(pairs), tuple(groupable))


@lru_cache(maxsize=768)
def _pool_options(
    avail: tuple[str, ...], gold: int,
) -> dict[int, tuple[tuple[PrepareAmbush, ...], dict[int, tuple[PrepareAmbush, ...]], Carriers]]:
    """Per seat with these characters and Gold (filled as seats ask): its ambushes without
    loot, a memo of `_loot_parties` by loot card, filled as cards turn up in the hand
    (at most one entry per seat and loot card), and the parties that may carry loot."""
    return {}


def _loot_parties(seat: int, carriers: Carriers, card: int) -> tuple[PrepareAmbush, ...]:
    """A few parties carrying this loot card (personal: on one character; group: on a
    party of two or more without Clorinda), from `_party_pool`. Plain loops (a
    comprehension is a function call of its own), each party looked up as it is picked."""
    kind = LOOT_KINDS[card]
    if kind != "personal" and kind != "group":
        return ()
    known = _LOADED.get((seat, card))
    if known is None:
        known = _LOADED[seat, card] = {}
    singles, pairs, groupable = carriers
    out = []
    if kind == "personal":
        n = len(singles)
        for k in range(3 if n > 3 else n):
            party = singles[(card + k) % n]
            out.append(known.get(party) or _loaded(known, seat, party, card, True))
        if pairs:
            party = pairs[card % len(pairs)]
            out.append(known.get(party) or _loaded(known, seat, party, card, True))
    else:
        n = len(groupable)
        for k in range(3 if n > 3 else n):
            party = groupable[(card * 7 + k * 11) % n]
            out.append(known.get(party) or _loaded(known, seat, party, card, False))
    return tuple(out)


def _loaded(known: dict[tuple[str, ...], PrepareAmbush], seat: int, party: tuple[str, ...], card: int, personal: bool) -> PrepareAmbush:
    """The ambush of `party` carrying this loot card, made and kept in `known` (personal:
    on the single, or on member card % 2 of the pair)."""
    _make_room(known, 1, LOADED_KEPT)
    if personal:
        carrier = party[card % 2] if len(party) > 1 else party[0]
        action = _new_ambush("prepare", seat, party, ((carrier, card),), None)
    else:
        action = _new_ambush("prepare", seat, party, (), card)
    known[party] = action
    return action


@lru_cache(maxsize=512)
def _decision(action_type: type[MoveT], seat: int, field: str, value: object) -> MoveT:
    """A legal action of the small decisions, built once (actions are immutable)."""
    return action_type(seat=seat, **{field: value})


@lru_cache(maxsize=256)
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
    return tuple([OrderPrisoners(seat=seat, order=tuple(o)) for o in orders])
