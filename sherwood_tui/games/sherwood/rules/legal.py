"""Sherwood (2005): what the rules decide over the state or a public view alike (the
screens ask them too): who is free to go, the newcomers of a cell, which rewards and
towns can be taken and what they cost, the ransoms. Each step's legal moves are with its
rules (`phases/`), listed in `steps.py`."""

from __future__ import annotations

from typing import Any, Protocol

from sherwood_tui.games.sherwood.rules.data import Reward
from sherwood_tui.games.sherwood.rules.model import RANSOM_COST, PendingReward, Reveal
from sherwood_tui.games.sherwood.rules.options import SherwoodOptions
from sherwood_tui.games.sherwood.rules.tables import (
    CAMP_SITES,
    MISSIONS,
    REWARD_SPECS,
    TOWN_INDEX,
    gold_count,
    has_trait,
    mission_name,
    pawn_stock,
)

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
    def options(self) -> SherwoodOptions: ...


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
    if kind == "camp" and board.options.camp_needs_town and reward.seat not in board.towns:
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
    `reward_problem` is None, in the card's order."""
    kinds = dict.fromkeys(r.type for r in MISSIONS[reward.mission].rewards)
    return [kind for kind in kinds if reward_problem(state, reward, kind) is None]


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
