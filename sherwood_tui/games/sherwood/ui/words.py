"""Sherwood (2005) in words, for the app beyond the decision screens: the table on a bot's
turn, a seat's secrets and a move for a replay's designer view (only there), and a whole
decision for a hint, each as the screens word it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from sherwood_tui.core.wording import count
from sherwood_tui.games.sherwood.rules.data import SKILL_NAMES, data
from sherwood_tui.games.sherwood.rules.model import (
    AddMember,
    ChooseMission,
    ChooseReward,
    ChooseTown,
    CloseCell,
    GiveLoot,
    LineUp,
    PendingParty,
    Ransom,
    SendParty,
)
from sherwood_tui.games.sherwood.rules.tables import gold_cards, mission_name, paid_count, party_totals
from sherwood_tui.games.sherwood.rules.views import PublicView, SeatView, takeable_towns
from sherwood_tui.games.sherwood.ui.text import hand_text, mission_rewards_text, party_text, stacks_text, town_label


def table_text(table: PublicView) -> Text:
    """The public table (shown during a bot's turn): the missions and the stacks."""
    out = Text()
    out.append(f"{stacks_text(table)}\n", style="dim")
    if table.king:
        out.append("King Richard's last ambush: each skill won wins his favour.", style="bold")
        return out
    for k, mid in enumerate(table.missions):
        out.append(f"{SKILL_NAMES[k]}: ", style="bold")
        if mid is None:
            out.append("no mission\n", style="dim")
            continue
        out.append(f"{mission_name(mid)}\n")
        out.append(f"  {mission_rewards_text(mid, short=True)}\n", style="dim")
    out.rstrip()
    return out


def seat_text(view: SeatView) -> Text:
    """A seat's own view in words (a replay's designer view): its loot as its private
    screens word it, and its ambush party while it is still secret (the loot and the
    Gold it takes are the party's, not the hand's, as the ambush screen shows them)."""
    out = Text()
    party = view.party or (view.forming if view.forming is not None and view.forming.members else None)
    if party is None:
        out.append("Loot: ", style="bold")
        out.append(hand_text(view.hand))
        return out
    used = {card for _, card in party.personal} | ({party.group} if party.group is not None else set())
    used |= set(gold_cards(view.hand)[: paid_count(party.members)])
    out.append("Ambush party: ", style="bold")
    out.append(party_text(party.members, party.personal, party.group))
    out.append("\nLoot left in hand: ", style="bold")
    out.append(hand_text(view.hand, used))
    return out


def move_text(action: Any, table: PublicView) -> str | None:
    """What the log does not say of a move (a replay's designer view): who joins an
    ambush party, the loot given to it, a newcomer lined up. None for every other move:
    its log lines say it all."""
    name = table.seats[action.seat].name
    chars = data().characters
    if isinstance(action, AddMember):
        return f"{chars[action.member].name} joins {name}'s party"
    if isinstance(action, GiveLoot):
        whom = "the party" if action.to is None else chars[action.to].name
        return f"{name} gives {data().loot[action.card].name} to {whom}"
    if isinstance(action, LineUp):
        return f"{name} lines up {chars[action.member].name} next"
    return None


REWARD_WORDS = {"champion": "become a Champion", "camp": "take a camp", "theft": "steal cards",
                "nothing": "take nothing"}


def party_aim(table: PublicView, totals: tuple[int, int, int, int]) -> str:
    """" (Strength 7 for Waylay the Tax Collector)": the mission a party's highest total
    goes for ("" when it goes for none); on King Richard's turn, his favour."""
    best, aim = 0, -1
    for k in range(3):
        if (table.king or table.missions[k] is not None) and totals[k] > best:
            best, aim = totals[k], k
    if aim < 0:
        return ""
    mission = table.missions[aim]
    what = mission_name(mission) if mission is not None else "King Richard's favour"
    return f" ({SKILL_NAMES[aim]} {best} for {what})"


def reward_words(view: SeatView, reward: str) -> str:
    """A reward of the mission being resolved, with its mission's name, and for a
    Champion or a camp the towns it may go to ("become a Champion in Newark or Southwell
    (Sack the Abbey)")."""
    words = REWARD_WORDS.get(reward, reward)
    pending = view.table.reward
    if pending is None or reward in ("nothing", "theft") or pending.seat != view.seat:
        return words if pending is None or reward == "nothing" else f"{words} ({mission_name(pending.mission)})"
    towns = [town_label(t) for t in takeable_towns(view, reward)]
    where = ""
    if 0 < len(towns) <= 4:
        where = " in " + (towns[0] if len(towns) == 1 else f"{', '.join(towns[:-1])} or {towns[-1]}")
    elif towns:
        where = f" in one of {len(towns)} towns"
    return f"{words}{where} ({mission_name(pending.mission)})"


def town_words(table: PublicView, town: str | None) -> str:
    """A town taken with the reward being resolved: "become a Champion in Nottingham",
    "camp in Blidworth"; or "no further town"."""
    if town is None:
        return "no further town"
    pending = table.reward
    if pending is not None and pending.reward == "camp":
        return f"camp in {town_label(town)}"
    return f"become a Champion in {town_label(town)}"


def decision_text(moves: Sequence[Any], view: SeatView) -> str:
    """A whole decision as the screens word it, for a hint: an ambush as one party
    ("send Robin Hood, Will Scarlet · Will Scarlet carries Broadsword (+2 Str)", the
    members already chosen included), a mission kept, a reward, a town, a ransom, an
    order of newcomers."""
    chars = data().characters
    forming = view.forming or PendingParty()
    members, personal, group = list(forming.members), list(forming.personal), forming.group
    lined = list(view.lined_up)
    words: list[str] = []
    for move in moves:
        if isinstance(move, AddMember):
            members.append(move.member)
        elif isinstance(move, GiveLoot):
            if move.to is None:
                group = move.card
            else:
                personal.append((move.to, move.card))
        elif isinstance(move, SendParty):
            party = party_text(tuple(members), tuple(personal), group)
            aim = party_aim(view.table, party_totals(tuple(members), tuple(personal), group))
            words.append("send nobody" if not members else f"send {party}{aim}")
        elif isinstance(move, ChooseMission):
            kept = view.table.missions[move.skill]
            words.append(f"keep the {SKILL_NAMES[move.skill]} mission" + (f" ({mission_name(kept)})" if kept else ""))
        elif isinstance(move, ChooseReward):
            words.append(reward_words(view, move.reward))
        elif isinstance(move, ChooseTown):
            words.append(town_words(view.table, move.town))
        elif isinstance(move, LineUp):
            lined.append(move.member)
        elif isinstance(move, CloseCell):
            words.append(f"line up {', '.join(chars[m].name for m in lined)}")
        elif isinstance(move, Ransom):
            words.append("pay nothing" if not move.free else f"pay to free {count(move.free, 'prisoner')}")
    return "; ".join(words)
