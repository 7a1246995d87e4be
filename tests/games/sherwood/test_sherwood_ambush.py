"""Phases 2-4 and 6: ambush preparations, springing, unsuccessful missions, Little Booty."""

from __future__ import annotations

import pytest

from sherwood_tui.core.errors import RuleError
from sherwood_tui.games.sherwood import GAME
from sherwood_tui.games.sherwood.rules.rules import AddMember, ChooseMission, ChooseReward, GiveLoot, party_totals

from .conftest import ambush, gold_count, loot_id, make, play, spring, texts


def test_ambush_preparation_is_simultaneous_and_private():
    state = make(n=3)
    assert GAME.to_act(state) == [0, 1, 2]
    assert all(GAME.is_private(state, s) for s in range(3))
    state, events = play(state, ambush(1, "robin", "john"))
    assert GAME.to_act(state) == [0, 2]
    assert state.pending[1].members == ("robin", "john")
    assert "Robin" not in texts(events) and "Bob has prepared an ambush." in texts(events)
    assert GAME.view(state, 0).table.seats[1].committed is True
    assert GAME.view(state, 0).party is None and GAME.view(state, 1).party.members == ("robin", "john")


def test_forest_card_on_top_sends_no_one():
    state = make(missions=("abbot", None, None))
    state, _ = spring(state, (), ())
    assert [p.members for p in state.reveal.parties] == [(), ()]
    assert state.reveal.skills[0].outcome == "unclaimed"


def test_springing_sums_the_skills_of_the_party():
    state = make(missions=("abbot", "wool", "fair"))
    state, _ = spring(state, ("robin", "john"), ("wat",))
    assert state.reveal.parties[0].totals == (5, 4, 3, 5)
    assert state.reveal.parties[1].totals == (1, 1, 1, 0)


def test_personal_loot_one_card_per_character():
    state = make(missions=("abbot", None, None), hands={0: ("Broadsword", "Yew Longbow")})
    state, _ = spring(state, ambush(0, "wat", "john", personal={"wat": "Broadsword", "john": "Yew Longbow"}), ())
    assert state.reveal.parties[0].totals == (1 + 3 + 2, 1 + 1 + 2, 2, 2)
    with pytest.raises(RuleError, match="only one personal loot"):
        play(make(hands={0: ("Broadsword", "Cudgel")}), AddMember(seat=0, member="wat"),
             GiveLoot(seat=0, card=loot_id("Broadsword"), to="wat"), GiveLoot(seat=0, card=loot_id("Cudgel"), to="wat"))


def test_group_loot_one_card_per_party_bonus_per_person():
    state = make(missions=("abbot", None, None), hands={0: ("Horn of Rallying",)})
    state, _ = spring(state, ambush(0, "wat", "john", "marian", group="Horn of Rallying"), ())
    assert state.reveal.parties[0].totals[0] == 1 + 3 + 0 + 3


def test_personal_or_group_loot_never_both():
    state = make(hands={0: ("Horn of Rallying", "Broadsword")})
    with pytest.raises(RuleError, match="either personal loot or one group loot"):
        play(state, ambush(0, "wat", "john", personal={"wat": "Broadsword"}, group="Horn of Rallying"))
    with pytest.raises(RuleError, match="either personal loot or one group loot"):
        play(state, ambush(0, "wat", "john", personal={"wat": "Broadsword"})[:2],
             GiveLoot(seat=0, card=loot_id("Horn of Rallying")), GiveLoot(seat=0, card=loot_id("Broadsword"), to="wat"))


def test_discretion_loot_hides_the_party():
    assert party_totals(("robin",), (("robin", loot_id("Lincoln Green Mantle")),)) == (2, 3, 2, 1)


def test_used_loot_and_gold_are_spent_at_the_reveal():
    state = make(missions=("abbot", None, None), hands={0: ("Broadsword", "Gold", "Sling")},
                 companions={0: ("samir",)})
    deck = len(state.loot_deck)
    state, _ = spring(state, ambush(0, "samir", personal={"samir": "Broadsword"}), ())
    assert state.hands[0] == (loot_id("Sling"),)
    assert loot_id("Broadsword") in state.loot_discard and len(state.loot_discard) == 2
    assert state.reveal.parties[0].gold_paid == 1
    assert len(state.loot_deck) == deck


def test_highest_total_claims_each_mission():
    state = make(missions=("tax-collector", "abbot", "poachers"))
    state, events = spring(state, ("john",), ("marian",))
    s, d, c = state.reveal.skills
    assert (s.outcome, s.winner, s.best) == ("won", 0, 3)
    assert (c.outcome, c.winner, c.best) == ("won", 1, 3)
    assert "Alice claims it with 3" in texts(events)
    assert state.phase == "choose_reward" and GAME.to_act(state) == [0]


def test_zero_total_claims_nothing():
    state = make(missions=("tax-collector", None, None))
    state, _ = spring(state, ("marian",), ())
    strength = state.reveal.skills[0]
    assert strength.outcome == "unclaimed" and strength.winner is None
    assert "tax-collector" in state.stacks[1]


def test_ties_fail_and_the_mission_goes_to_the_next_stack():
    state = make(missions=("tax-collector", "abbot", "poachers"))
    state, events = spring(state, ("john",), ("marian",))
    dex = state.reveal.skills[1]
    assert dex.outcome == "tie" and dex.leaders == (0, 1) and dex.winner is None
    assert dex.destination == "stack II" and state.stacks[1][-1] == "abbot"
    assert "Alice and Bob tie at 1: the mission fails." in texts(events)


def test_leading_several_missions_keeps_only_the_chosen_one():
    state = make(missions=("tax-collector", "abbot", "poachers"))
    state, events = spring(state, ("robin", "john"), ("wat",))
    assert state.phase == "choose_mission" and GAME.to_act(state) == [0]
    assert GAME.is_private(state, 0)
    assert state.reveal.chooser == 0
    assert {a.skill for a in GAME.legal_actions(state, 0)} == {0, 1, 2}
    state, events = play(state, ChooseMission(seat=0, skill=2))
    outcomes = [r.outcome for r in state.reveal.skills]
    assert outcomes == ["declined", "declined", "won"]
    assert state.stacks[1][-2:] == ("tax-collector", "abbot")
    assert state.reward.mission == "poachers" and state.reward.seat == 0


def test_choosing_a_mission_not_led_is_refused():
    state = make(missions=("tax-collector", "abbot", None))
    state, _ = spring(state, ("robin", "john"), ("wat",))
    with pytest.raises(RuleError, match="only a mission you lead: Strength or Dexterity"):
        GAME.apply(state, ChooseMission(seat=0, skill=2))


def test_stack_II_failed_companion_leaves_the_game():
    state = make(stack=2, missions=("join-tuck", "abbot", None))
    state, events = spring(state, (), ())
    assert "join-tuck" in state.removed and "join-tuck" not in state.stacks[2]
    assert state.stacks[2][-1] == "abbot"
    assert "Friar Tuck goes out of the game" in texts(events)


def test_stack_I_failed_companion_goes_to_stack_II():
    state = make(missions=("join-tuck", None, None))
    state, _ = spring(state, (), ())
    assert state.stacks[1][-1] == "join-tuck"


def test_stack_III_missions_are_discarded_successful_or_not():
    state = make(stack=3, stacks=((), (), ("convoy", "king-richard")), missions=("abbot", "wool", None))
    state, _ = spring(state, ("john",), ("wat",))
    assert state.reveal.skills[1].outcome == "tie"
    assert state.reveal.skills[1].destination == "out of the game"
    state, _ = play(state, ChooseReward(seat=0, reward="theft"))
    assert {"abbot", "wool"} <= set(state.removed)
    assert "abbot" not in state.stacks[2] and "wool" not in state.stacks[2]


def test_sent_no_one_frees_the_top_prisoner():
    state = make(missions=(None, None, None), prison={1: ("john", "robin")})
    state, events = spring(state, ("wat",), ())
    assert state.reveal.parties[1].freed == "john"
    assert state.prison[1] == ("robin",)
    assert "Bob sends no one: Little John breaks out of prison." in texts(events)


def test_sent_no_one_gets_no_little_booty():
    state = make(missions=("tax-collector", None, None))
    before = len(state.hands[1])
    state, _ = spring(state, ("john",), ())
    state, _ = play(state, ChooseReward(seat=0, reward="theft"))
    assert len(state.hands[1]) == before
    assert 1 not in state.reveal.little_booty


def test_little_booty_for_an_unsuccessful_party():
    state = make(missions=("tax-collector", None, None))
    state, _ = spring(state, ("john",), ("wat",))
    state, events = play(state, ChooseReward(seat=0, reward="theft"))
    assert state.reveal.little_booty == (1,)
    assert len(state.hands[1]) == 2
    assert "Bob takes a Little Booty (1 Loot card)." in texts(events)


def test_no_little_booty_for_the_highest_discretion():
    state = make(n=3, missions=("tax-collector", None, None))
    state, _ = spring(state, ("john",), ("robin",), ("wat",))
    state, _ = play(state, ChooseReward(seat=0, reward="theft"))
    assert state.reveal.discretion_high == (1,)
    assert state.reveal.little_booty == (2,)
    assert len(state.hands[1]) == 1 and len(state.hands[2]) == 2


def test_paid_companion_takes_a_gold_card():
    state = make(missions=(None, None, None), companions={0: ("gamble",)}, hands={0: ("Gold",)})
    state, _ = spring(state, ("gamble",), ())
    assert gold_count(state, 0) == 0


def test_paid_companion_cannot_go_without_gold():
    state = make(companions={0: ("samir", "gilbert")}, hands={0: ("Gold",)})
    with pytest.raises(RuleError, match="Gilbert Whitehand must be paid a Gold card too: that is 2 Gold"):
        play(state, ambush(0, "samir", "gilbert"))
    state, _ = play(state, AddMember(seat=0, member="samir"))  # one Gold: one paid companion
    assert AddMember(seat=0, member="gilbert") not in GAME.legal_actions(state, 0)
    with pytest.raises(RuleError, match="Samir the Saracen must be paid a Gold card, and you have no Gold"):
        play(make(companions={0: ("samir",)}, hands={0: ()}), ambush(0, "samir"))
