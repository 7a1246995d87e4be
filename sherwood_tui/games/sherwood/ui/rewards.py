"""Sherwood (2005): after the reveal, a leader of several skills keeps one mission, and a
mission's winner takes one of its rewards (both private).
"""

from __future__ import annotations

from typing import cast

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from sherwood_tui.core.wording import count
from sherwood_tui.games.sherwood.rules.data import SKILL_NAMES, Reward, data
from sherwood_tui.games.sherwood.rules.model import ChooseMission, ChooseReward, PendingReward, RewardKind
from sherwood_tui.games.sherwood.rules.scoring import placement_points
from sherwood_tui.games.sherwood.rules.tables import has_trait, mission_name
from sherwood_tui.games.sherwood.rules.views import free_pass, gold_held, reward_problem, takeable_towns
from sherwood_tui.games.sherwood.ui.common import ChoiceScreen, TableBox, option_id
from sherwood_tui.games.sherwood.ui.text import mission_rewards_text, outcome_lines, reward_text, seat_style
from sherwood_tui.ui.widgets import Panel, update_in_place


def rewards_line(mission_id: str) -> str:
    """A mission's rewards on one line, towns in full: 'Champion of Newark or Southwell ·
    Camp · Theft: 3 cards'; a companion in two."""
    mission = data().mission_by_id[mission_id]
    if mission.kind in ("companion", "king"):
        return mission_rewards_text(mission_id)
    parts = []
    for r in mission.rewards:
        if r.type == "champion":
            parts.append(reward_text(r))
        elif r.type == "theft":
            parts.append(f"Theft: {count(r.cards, 'card')}")
        else:
            parts.append(reward_text(r, short=True))
    return " · ".join(parts)


class MissionChoiceScreen(ChoiceScreen):
    """You lead several skills: keep one mission, the others fail."""

    private = True
    RENEWABLE = True  # a leader of several skills again, a later turn

    def doing(self) -> str:
        return f"{self.actor_name} keeps one mission"

    def compose_main(self) -> ComposeResult:
        with VerticalScroll(id="info"):
            box = TableBox(self.reveal_table(), classes="boxed", id="reveal-box")
            box.border_title = Text("The reveal")
            yield box
        choices = OptionList(*self.mission_options(), id="choices")
        choices.border_title = self.choices_title()
        choices.border_subtitle = Text("arrows, Enter keeps it (the others fail)")
        yield choices
        yield self.hand_panel()

    def renew_main(self) -> None:
        self.query_one("#reveal-box", TableBox).show(self.reveal_table())
        self.renew_info()
        self.renew_choice_list(self.mission_options(), self.choices_title())
        self.renew_hand_panel()

    def reveal_table(self) -> Table:
        reveal = self.table.reveal
        assert reveal is not None, "no ambush has been sprung"
        return outcome_lines(self.table, reveal)

    def choices_title(self) -> Text:
        return Text(f"{self.actor_name} leads several: keep one")

    def mission_options(self) -> list[Option]:
        reveal = self.table.reveal
        assert reveal is not None, "no ambush has been sprung"
        options = []
        for action in self.legal:  # the missions this seat leads, Strength first
            mission = next(r.mission for r in reveal.skills if r.skill == action.skill)
            assert mission is not None
            label = Text()
            label.append(f"{SKILL_NAMES[action.skill]}: {mission_name(mission)}", style="bold")
            label.append(f"\n  {rewards_line(mission)}")
            options.append(Option(label, id=str(action.skill)))
        return options

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.submit(ChooseMission(seat=self.seat, skill=int(option_id(event))))


class RewardScreen(ChoiceScreen):
    """Take one reward of the mission won."""

    private = True
    RENEWABLE = True  # a mission won again, a later turn

    @property
    def pending(self) -> PendingReward:
        pending = self.table.reward
        assert pending is not None, "no reward is being chosen"
        return pending

    def doing(self) -> str:
        return f"{self.actor_name} takes a reward"

    def compose_main(self) -> ComposeResult:
        with VerticalScroll(id="info"):
            yield Panel(self.info_text(), title="Reward", id="reward-info")
        choices = OptionList(*self.reward_options(), id="choices")
        choices.border_title = Text("Rewards")
        choices.border_subtitle = Text("arrows, Enter takes it")
        yield choices
        yield self.hand_panel()

    def renew_main(self) -> None:
        update_in_place(self.query_one("#reward-info", Panel), self.info_text())
        self.renew_info()
        self.renew_choice_list(self.reward_options(), Text("Rewards"))
        self.renew_hand_panel()

    def info_text(self) -> Text:
        pending = self.pending
        mission = data().mission_by_id[pending.mission]
        info = Text()
        info.append(self.actor_name, style=seat_style(self.seat))
        info.append(f" won {mission.name} ({SKILL_NAMES[pending.skill]}).")
        return info

    def reward_options(self) -> list[Option]:
        mission = data().mission_by_id[self.pending.mission]
        legal = {a.reward for a in self.legal}
        options = []
        for r in mission.rewards:
            label = Text()
            label.append(reward_text(r), style="bold")
            problem = reward_problem(self.mine, r.type)
            if problem:
                label.append(f"\n  not possible: {problem}", style="dim")
            else:
                label.append(self.reward_hint(r), style="dim")
            options.append(Option(label, id=r.type, disabled=r.type not in legal))
        if "nothing" in legal:
            options.append(Option(Text("Take nothing (no reward can be taken)", style="bold"), id="nothing"))
        return options

    def reward_hint(self, r: Reward) -> str:
        d = data()
        reveal = self.table.reveal
        party = reveal.parties[self.seat].members if reveal is not None else ()
        if r.type == "champion":
            towns = takeable_towns(self.mine, "champion")
            best = max((placement_points(self.table.towns, self.seat, d.town_index[t])[0] for t in towns),
                       default=0)
            extra = ", Alan-a-Dale +1" if has_trait(party, "champion_bonus") else ""
            held = [t for t in r.towns if self.table.towns[d.town_index[t]] not in (None, self.seat)]
            hint = f"\n  best town +{best}{extra}"
            if held and free_pass(self.table, self.seat):
                hint += "\n  opponent's town: no Gold (Will Stutely)"
            elif held:
                gold = count(gold_held(self.mine), "Gold", "Gold")
                hint += f"\n  opponent's town: 1 Gold · you hold {gold}"
            return hint
        if r.type == "camp":
            return "\n  +1 per town; chosen on the map"
        if r.type == "theft":
            much = has_trait(party, "theft_bonus")
            return "\n  secret cards for your next ambushes" + (" (Much: +2)" if much else "")
        return ""

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.submit(ChooseReward(seat=self.seat, reward=cast(RewardKind, option_id(event))))
