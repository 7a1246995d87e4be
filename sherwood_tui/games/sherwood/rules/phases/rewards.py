"""Phase 5, rewards in the order Strength, Dexterity, Cunning: the winner picks a reward
(`ChooseReward`, private) and, for Champion and Camp, towns (`ChooseTown`)."""

from __future__ import annotations

from sherwood_tui.core.contract import Event, event
from sherwood_tui.core.draft import evolve, replaced
from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.wording import lazy
from sherwood_tui.games.sherwood.rules.legal import (
    may_pay_gold,
    possible_rewards,
    reward_problem,
    town_choices,
    winning_party_has,
)
from sherwood_tui.games.sherwood.rules.model import (
    ChooseReward,
    ChooseTown,
    PendingReward,
    State,
    StepDraft,
    draw_loot,
    score,
)
from sherwood_tui.games.sherwood.rules.phases import booty
from sherwood_tui.games.sherwood.rules.scoring import placement_points
from sherwood_tui.games.sherwood.rules.tables import (
    CHAR_NAMES,
    CHARACTERS,
    MISSION_NAMES,
    MISSIONS,
    REWARD_SPECS,
    TOWN_INDEX,
    TOWNS,
    cards_text,
    gold_cards,
    pawn_stock,
)

JOINS = "{0} joins {1}'s band: +1 popularity."
NO_REWARD = "{0} can take none of the rewards of {1}."
THEFT = "{0} takes Theft from {1} and draws {2}."
THEFT_MUCH = "{0} takes Theft from {1} and draws {2} (Much the Miller's Son adds {3})."
TAKES = "{0} takes {1} from {2}."
ALAN = "Alan-a-Dale sings of {0}'s deeds: +{1} popularity."
NO_FURTHER_TOWN = "{0} takes no further town."
DRIVES_OUT = "{0} drives {1} out of {2} ({3}); {1} loses 1 popularity."
CHAMPION = "{0} becomes Champion of {1}: +{2} popularity ({3})."
CAMP = "{0} makes camp at {1}: +1 popularity."
FREE_PASS = "Will Stutely leads the way, no Gold paid"
PAYING = "paying a Gold card"
TITLES = {"champion": "Champion", "camp": "Camp", "theft": "Theft", "nothing": "Nothing"}


def _champion_parts(linked: int, notts: bool) -> str:
    parts = ["1 for the town"]
    if linked:
        parts.append(f"{linked} for connected town{'s' if linked > 1 else ''}")
    if notts:
        parts.append("1 for the road to Nottingham")
    return ", ".join(parts)


def next_reward(draft: StepDraft, events: list[Event]) -> None:
    skills = draft.reveal.skills
    for k in range(draft.reward_skill, 3):
        r = skills[k]
        if r.outcome != "won":
            continue
        card = MISSIONS[r.mission]
        seat = r.winner
        if card.kind == "companion":
            name = draft.names[seat]
            comp: str = card.companion  # type: ignore[assignment]  # a companion card names one
            draft.bands = replaced(draft.bands, seat, draft.bands[seat] + (comp,))
            draft.removed = draft.removed + (r.mission,)
            draft.missions = replaced(draft.missions, k, None)
            score(draft, seat, 1, kind="companion", text=f"{CHAR_NAMES[comp]} joins {name}'s band")
            events.append(event("info", JOINS, CHAR_NAMES[comp], name))
            continue
        draft.phase, draft.reward_skill = "choose_reward", k
        draft.reward = PendingReward(seat=seat, skill=k, mission=r.mission)
        return
    draft.reward, draft.reward_skill = None, 3
    booty.little_booty(draft, events)


def choose_reward(state: State, action: ChooseReward) -> tuple[State, list[Event]]:
    draft = StepDraft(state)
    events = _choose_reward(draft, action)
    return draft.done(), events


def _choose_reward(draft: StepDraft, action: ChooseReward) -> list[Event]:
    reward = draft.reward
    seat, name = action.seat, draft.names[action.seat]
    title = MISSION_NAMES[reward.mission]
    kind = action.reward
    if kind == "nothing":
        possible = possible_rewards(draft, reward)
        if possible:
            raise RuleError(f"You can still take {' or '.join(k.capitalize() for k in possible)}.")
        events = [event("info", NO_REWARD, name, title)]
        finish_reward(draft, events)
        return events
    problem = reward_problem(draft, reward, kind)
    if problem:
        raise RuleError(problem)
    spec = REWARD_SPECS[reward.mission, kind]  # there is one: no problem
    if kind == "theft":
        extra = 0
        for m in draft.reveal.parties[seat].members:
            c = CHARACTERS[m]
            if c.trait == "theft_bonus":  # Much the Miller's son
                extra += c.amount
        got = draw_loot(draft, seat, spec.cards + extra)
        if extra:
            events = [event("info", THEFT_MUCH, name, title, lazy(cards_text, (got,)), extra)]
        else:
            events = [event("info", THEFT, name, title, lazy(cards_text, (got,)))]
        finish_reward(draft, events)
        return events
    events = [event("info", TAKES, name, TITLES[kind], title)]
    if kind == "champion" and winning_party_has(draft, seat, "champion_bonus"):
        bonus = sum(CHARACTERS[m].amount for m in draft.reveal.parties[seat].members
                    if CHARACTERS[m].trait == "champion_bonus")
        score(draft, seat, bonus, kind="alan", text=f"Alan-a-Dale sings of {name}'s deeds")
        events.append(event("info", ALAN, name, bonus))
    picks = spec.picks if kind == "champion" else spec.forest
    draft.reward = evolve(reward, reward=kind, picks_left=picks)
    draft.phase = "choose_town"
    return events


def _town_refusal(draft: StepDraft, action: ChooseTown, reward: PendingReward, idx: int) -> str:
    """Why a town that is not among the choices cannot be taken."""
    names, seat = draft.names, action.seat
    town = TOWNS[idx]
    owner = draft.towns[idx]
    kind = reward.reward
    assert kind is not None  # chosen before its towns
    spec = REWARD_SPECS[reward.mission, kind]
    if owner == seat:
        return f"You already hold {town.name}."
    if reward.reward == "champion":
        if action.town not in spec.towns:
            return f"{town.name} is not one of the towns of {MISSION_NAMES[reward.mission]}."
        if pawn_stock(draft, seat) < 2:
            return "You have no hero pawn left to place on a town."
        return f"Taking {town.name} from {names[owner]} costs a Gold card, and you have none."
    if owner is not None:
        return f"Camp needs a free town: {town.name} is held by {names[owner]}."
    if town.terrain != "forest" and not (spec.plain and not reward.taken):
        return f"{town.name} lies in the plain: Camp needs a forest town."
    return "You have no hero pawn left to place on a town."


def choose_town(state: State, action: ChooseTown) -> tuple[State, list[Event]]:
    draft = StepDraft(state)
    events = _choose_town(draft, action)
    return draft.done(), events


def _choose_town(draft: StepDraft, action: ChooseTown) -> list[Event]:
    reward = draft.reward
    names = draft.names
    seat, name = action.seat, names[action.seat]
    if action.town is None:
        if not reward.taken:
            raise RuleError("Choose a town for this reward.")
        events = [event("info", NO_FURTHER_TOWN, name)]
        finish_reward(draft, events)
        return events
    if action.town not in TOWN_INDEX:
        raise RuleError("There is no town of that name on the map.")
    idx = TOWN_INDEX[action.town]
    if action.town not in town_choices(draft, reward, with_gold=True):
        raise RuleError(_town_refusal(draft, action, reward, idx))
    town = TOWNS[idx]
    owner = draft.towns[idx]
    events = []
    if reward.reward == "champion":
        if owner is not None:  # displacement
            victim = names[owner]
            if winning_party_has(draft, seat, "free_displacement"):
                how = FREE_PASS
            else:
                gold = gold_cards(draft.hands[seat])[0]
                draft.hands = replaced(draft.hands, seat, tuple([c for c in draft.hands[seat] if c != gold]))
                draft.loot_discard = draft.loot_discard + (gold,)
                how = PAYING
            score(draft, owner, -1, kind="displaced", text=f"{name} took {town.name}", town=town.id)
            events.append(event("info", DRIVES_OUT, name, victim, town.name, how))
        points, linked, notts = placement_points(draft.towns, seat, idx)
        draft.towns = replaced(draft.towns, idx, seat)
        score(draft, seat, points, kind="champion", text=f"Champion of {town.name}", town=town.id)
        events.append(event("info", CHAMPION, name, town.name, points, lazy(_champion_parts, (linked, notts))))
        picks_left = reward.picks_left - 1
    else:
        draft.towns = replaced(draft.towns, idx, seat)
        score(draft, seat, 1, kind="camp", text=f"Camp at {town.name}", town=town.id)
        events.append(event("info", CAMP, name, town.name))
        picks_left = 0 if town.terrain == "plain" else reward.picks_left - 1
    draft.reward = reward = evolve(reward, picks_left=picks_left, taken=reward.taken + (town.id,))
    # Ask for a further town unless, on public information alone, none can be taken.
    if not (picks_left > 0 and town_choices(draft, reward, with_gold=False)):
        finish_reward(draft, events)
    return events


def finish_reward(draft: StepDraft, events: list[Event]) -> None:
    reward = draft.reward
    draft.reward, draft.reward_skill = None, reward.skill + 1
    draft.removed = draft.removed + (reward.mission,)
    draft.missions = replaced(draft.missions, reward.skill, None)
    next_reward(draft, events)


def reward_taker(state: State) -> tuple[int, ...]:
    """The winner of the mission whose reward (or towns) is chosen now."""
    return (state.reward.seat,) if state.reward is not None else ()


def rewards_open(state: State, seat: int) -> list[ChooseReward]:
    assert state.reward is not None  # the step has one
    kinds = possible_rewards(state, state.reward) or ["nothing"]
    return [ChooseReward(seat=seat, reward=kind) for kind in kinds]  # type: ignore[arg-type]  # reward kinds


def towns_open(state: State, seat: int) -> list[ChooseTown]:
    assert state.reward is not None  # the step has one
    moves = [ChooseTown(seat=seat, town=t) for t in town_choices(state, state.reward, with_gold=True)]
    if state.reward.taken:
        moves.append(ChooseTown(seat=seat, town=None))
    return moves


def town_is_private(state: State, seat: int) -> bool:
    """A town is chosen in secret when taking one may cost Gold (the hand is shown)."""
    return state.reward is not None and may_pay_gold(state, state.reward)
