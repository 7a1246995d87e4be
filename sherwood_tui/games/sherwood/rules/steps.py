"""Sherwood (2005): the steps of a game turn, each declared once (the core dispatches).

A turn has eight phases (rules.py); these are the ones that ask a player something,
in the order they come:

- prepare (phase 2): every player whose ambush is not sent forms a party, at once and in
  secret: a member at a time, a loot card at a time, then sends it (the springing, phase
  3, follows the last one sent);
- choose_mission (phase 4): a player leading several missions keeps one (secret: the
  hand is shown);
- choose_reward (phase 5): the winner of a mission picks a reward; Theft draws cards,
  so it can never be taken back;
- choose_town (phase 5): the towns of Champion or Camp, one by one (secret when taking
  one may cost Gold);
- order_prisoners (phase 7): a captured player lines up the newcomers one by one, then
  closes the cell (public);
- ransom (phase 8): the owner of the Sheriff's cell may pay to free more (secret).
"""

from __future__ import annotations

from sherwood_tui.core.steps import Step, StepTable
from sherwood_tui.games.sherwood.rules.model import (
    AddMember,
    ChooseMission,
    ChooseReward,
    ChooseTown,
    CloseCell,
    GiveLoot,
    LineUp,
    Ransom,
    SendParty,
    State,
)
from sherwood_tui.games.sherwood.rules.phases import capture, prepare, rewards, sheriff, unsuccessful

STEPS: StepTable[State] = StepTable(field="phase", over="over", steps=(
    Step("prepare", actors=prepare.preparers, may_act=prepare.may_prepare, legal=prepare.ambush_legal,
         private=True,
         moves={AddMember: prepare.add_member, GiveLoot: prepare.give_loot, SendParty: prepare.send_party}),
    Step("choose_mission", actors=unsuccessful.choosers, legal=unsuccessful.missions_kept, private=True,
         moves={ChooseMission: unsuccessful.choose_mission}),
    Step("choose_reward", actors=rewards.reward_taker, legal=rewards.rewards_open, private=True,
         moves={ChooseReward: rewards.choose_reward}),
    Step("choose_town", actors=rewards.reward_taker, legal=rewards.towns_open, private=rewards.town_is_private,
         moves={ChooseTown: rewards.choose_town}),
    Step("order_prisoners", actors=capture.arranging, legal=capture.orders,
         moves={LineUp: capture.line_up, CloseCell: capture.close_cell}),
    Step("ransom", actors=sheriff.ransom_payer, legal=sheriff.ransoms, private=True,
         moves={Ransom: sheriff.ransom}),
))
