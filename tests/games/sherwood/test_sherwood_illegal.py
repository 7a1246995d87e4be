"""Illegal actions are refused with a message a player understands; the state is untouched."""

from __future__ import annotations

import dataclasses

import pytest

from sherwood_tui.core.errors import RuleError
from sherwood_tui.games.sherwood import GAME
from sherwood_tui.games.sherwood.rules.rules import (
    ChooseMission,
    ChooseReward,
    ChooseTown,
    OrderPrisoners,
    PrepareAmbush,
    Ransom,
)

from .conftest import ambush, loot_id, make, play, spring


def refused(state, action, message):
    before = dataclasses.asdict(state)
    with pytest.raises(RuleError, match=message):
        GAME.apply(state, action)
    assert dataclasses.asdict(state) == before


HAND = {0: ("Broadsword", "Cudgel", "Horn of Rallying", "Gold")}


@pytest.mark.parametrize(
    "action, message",
    [
        (PrepareAmbush(seat=0, party=("john", "john")), "Name each character only once"),
        (PrepareAmbush(seat=0, party=("tuck",)), "Friar Tuck is not one of your characters"),
        (PrepareAmbush(seat=0, party=("nobody",)), "'nobody' is not one of your characters"),
        (PrepareAmbush(seat=0, party=("robin",)), "Robin Hood is in prison"),
        (PrepareAmbush(seat=0, party=(), group=loot_id("Horn of Rallying")), "Nobody goes on this ambush"),
        (PrepareAmbush(seat=0, party=("john",), personal=(("john", loot_id("Yew Longbow")),)),
         "That loot card is not in your hand"),
        (PrepareAmbush(seat=0, party=("john",), personal=(("wat", loot_id("Broadsword")),)),
         "Wat the Tinker is not in the party"),
        (PrepareAmbush(seat=0, party=("john", "wat"),
                       personal=(("john", loot_id("Broadsword")), ("wat", loot_id("Broadsword")))),
         "Broadsword can be given to one character only"),
        (PrepareAmbush(seat=0, party=("john",), personal=(("john", loot_id("Horn of Rallying")),)),
         "Horn of Rallying is not a personal loot card"),
        (PrepareAmbush(seat=0, party=("john",), group=loot_id("Cudgel")), "Cudgel is not a group loot card"),
        (PrepareAmbush(seat=0, party=("john",), personal=(("john", 0),)), "Gold is not a personal loot card"),
        (ambush(1, "john"), "Bob has already prepared an ambush this turn"),
        (ChooseReward(seat=0, reward="theft"), "Every player is preparing an ambush now"),
        (Ransom(seat=0, free=0), "Every player is preparing an ambush now"),
    ],
)
def test_illegal_ambushes_are_refused(action, message):
    state = make(hands=HAND, prison={0: ("robin",)})
    state, _ = play(state, ambush(1))  # Bob has committed already
    refused(state, action, message)


def test_unknown_seat_is_refused():
    state = make()
    refused(state, PrepareAmbush(seat=5, party=()), "There is no such seat at this table")


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
    refused(state, OrderPrisoners(seat=0, order=("john", "john")), "Arrange exactly the newly captured")
    refused(state, OrderPrisoners(seat=1, order=("wat",)), "It is not Bob's turn")


def test_actions_survive_a_json_round_trip():
    actions = [
        PrepareAmbush(seat=1, party=("john", "wat"), personal=(("john", 21),), group=None),
        PrepareAmbush(seat=0, party=("tuck", "john"), group=41),
        ChooseMission(seat=0, skill=2),
        ChooseReward(seat=1, reward="camp"),
        ChooseTown(seat=0, town="newark"),
        ChooseTown(seat=0, town=None),
        OrderPrisoners(seat=2, order=("robin", "john")),
        Ransom(seat=1, free=2),
    ]
    for action in actions:
        assert GAME.parse_action(GAME.dump_action(action)) == action
