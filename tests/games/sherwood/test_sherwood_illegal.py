"""Illegal actions are refused with a message a player understands; the state is untouched."""

from __future__ import annotations

import dataclasses

import pytest

from sherwood_tui.core.errors import RuleError
from sherwood_tui.games.sherwood import GAME
from sherwood_tui.games.sherwood.rules.rules import (
    AddMember,
    ChooseMission,
    ChooseReward,
    ChooseTown,
    CloseCell,
    GiveLoot,
    LineUp,
    Ransom,
    SendParty,
)

from .conftest import ambush, line_up, loot_id, make, play, spring


def refused(state, action, message):
    """The last move of `action` (a move, or a decision's moves) is refused, saying
    `message`, and the state it was tried on is untouched (the moves before it apply)."""
    *before_it, last = action if isinstance(action, tuple) else (action,)
    state, _ = play(state, *before_it)
    before = dataclasses.asdict(state)
    with pytest.raises(RuleError, match=message):
        GAME.apply(state, last)
    assert dataclasses.asdict(state) == before


HAND = {0: ("Broadsword", "Cudgel", "Horn of Rallying", "Gold")}
JOHN = AddMember(seat=0, member="john")
WAT = AddMember(seat=0, member="wat")


def loot(card: str, to: str | None = None) -> GiveLoot:
    return GiveLoot(seat=0, card=loot_id(card), to=to)


@pytest.mark.parametrize(
    "action, message",
    [
        ((JOHN, JOHN), "Little John is in the party already"),
        (AddMember(seat=0, member="tuck"), "Friar Tuck is not one of your characters"),
        (AddMember(seat=0, member="nobody"), "'nobody' is not one of your characters"),
        (AddMember(seat=0, member="robin"), "Robin Hood is in prison"),
        (loot("Horn of Rallying"), "Nobody goes on this ambush"),
        ((JOHN, loot("Yew Longbow", "john")), "That loot card is not in your hand"),
        ((JOHN, loot("Broadsword", "wat")), "Wat the Tinker is not in the party"),
        ((JOHN, WAT, loot("Broadsword", "john"), loot("Broadsword", "wat")), "Broadsword is given already"),
        ((JOHN, loot("Horn of Rallying", "john")), "Horn of Rallying is not a personal loot card"),
        ((JOHN, loot("Cudgel")), "Cudgel is not a group loot card"),
        ((JOHN, GiveLoot(seat=0, card=0, to="john")), "Gold is not a personal loot card"),
        (AddMember(seat=1, member="john"), "Bob has already prepared an ambush this turn"),
        (SendParty(seat=1), "Bob has already prepared an ambush this turn"),
        (ChooseReward(seat=0, reward="theft"), "Every player is preparing an ambush now"),
        (Ransom(seat=0, free=0), "Every player is preparing an ambush now"),
        (CloseCell(seat=0), "Every player is preparing an ambush now"),
    ],
)
def test_illegal_ambushes_are_refused(action, message):
    state = make(hands=HAND, prison={0: ("robin",)})
    state, _ = play(state, ambush(1))  # Bob has committed already
    refused(state, action, message)


def test_unknown_seat_is_refused():
    state = make()
    refused(state, SendParty(seat=5), "There is no such seat at this table")
    refused(state, AddMember(seat=-1, member="john"), "There is no such seat at this table")


def test_only_the_chooser_chooses_a_mission():
    state = make(missions=("tax-collector", "abbot", None))
    state, _ = spring(state, ("robin", "john"), ("wat",))
    refused(state, ChooseMission(seat=1, skill=0), "It is not Bob's turn")
    refused(state, ChooseReward(seat=0, reward="theft"), "must first choose which mission to keep")


def test_reward_and_town_choices_out_of_turn_or_out_of_phase():
    state = make(missions=("tax-collector", None, None))
    state, _ = spring(state, ("john",), ())
    refused(state, ChooseReward(seat=1, reward="theft"), "It is not Bob's turn")
    refused(state, ChooseTown(seat=0, town="newark"), "A reward is being chosen now")
    state, _ = play(state, ChooseReward(seat=0, reward="champion"))
    refused(state, ChooseTown(seat=0, town="atlantis"), "There is no town of that name")
    refused(state, ChooseReward(seat=0, reward="theft"), "A town is being chosen")


def test_order_prisoners_and_ransom_out_of_phase():
    state = make(missions=("tax-collector", None, None))
    state, _ = spring(state, ("john", "scarlet"), ())
    state, _ = play(state, ChooseReward(seat=0, reward="theft"))
    assert state.phase == "order_prisoners"
    refused(state, Ransom(seat=0, free=1), "New prisoners are being arranged")
    refused(state, LineUp(seat=0, member="wat"), "Arrange only the newly captured characters")
    refused(state, (LineUp(seat=0, member="john"), LineUp(seat=0, member="john")), "Little John is lined up already")
    refused(state, LineUp(seat=1, member="wat"), "It is not Bob's turn")
    refused(state, SendParty(seat=0), "New prisoners are being arranged")


def test_actions_survive_a_json_round_trip():
    actions = [
        *ambush(1, "john", "wat", personal={"john": "Broadsword"}),
        *ambush(0, "tuck", "john", group="Horn of Rallying"),
        ChooseMission(seat=0, skill=2),
        ChooseReward(seat=1, reward="camp"),
        ChooseTown(seat=0, town="newark"),
        ChooseTown(seat=0, town=None),
        *line_up(2, "robin", "john"),
        Ransom(seat=1, free=2),
    ]
    for action in actions:
        assert GAME.parse_action(GAME.dump_action(action)) == action
