"""Every companion trait, one test each (they work when the companion is in the party)."""

from __future__ import annotations

import pytest

from sherwood_tui.core.errors import RuleError
from sherwood_tui.games.sherwood import GAME
from sherwood_tui.games.sherwood.rules.data import data
from sherwood_tui.games.sherwood.rules.rules import AddMember, ChooseReward, ChooseTown, party_totals

from .conftest import ambush, gold_count, loot_id, make, play, spring, texts, town


def test_friar_tuck_counts_as_two_people_for_group_loot():
    state = make(missions=("tax-collector", None, None), companions={0: ("tuck",)},
                 hands={0: ("Horn of Rallying",)})
    state, _ = spring(state, ambush(0, "tuck", "john", group="Horn of Rallying"), ())
    # Tuck 2 + John 3, and +1 Strength for each of three people (Tuck counts twice).
    assert state.reveal.parties[0].totals[0] == 2 + 3 + 3
    assert party_totals(("robin", "john"), (), loot_id("Horn of Rallying"))[0] == 2 + 3 + 2


def test_will_stutely_displaces_without_gold():
    state = make(missions=("tax-collector", None, None), companions={0: ("stutely",)},
                 towns={"newark": 1, "southwell": 1}, hands={0: ()}, popularity=(0, 2))
    state, _ = spring(state, ("stutely",), ())
    assert state.reward.seat == 0
    state, _ = play(state, ChooseReward(seat=0, reward="champion"))
    assert not GAME.is_private(state, 0), "no Gold can be involved"
    state, events = play(state, ChooseTown(seat=0, town="newark"))
    assert town(state, "newark") == 0 and state.popularity == (1, 1)
    assert "Will Stutely leads the way, no Gold paid" in texts(events)


def test_will_stutely_helps_only_when_he_goes():
    state = make(missions=("tax-collector", None, None), companions={0: ("stutely",)},
                 towns={"newark": 1, "southwell": 1}, hands={0: ()})
    state, _ = spring(state, ("john",), ())
    assert [a.reward for a in GAME.legal_actions(state, 0)] == ["camp", "theft"]


def test_alan_a_dale_adds_one_popularity_to_champion():
    state = make(missions=(None, None, "tax-collector"), companions={0: ("alan",)})
    state, _ = spring(state, ("alan",), ("wat",))
    state, events = play(state, ChooseReward(seat=0, reward="champion"))
    assert state.popularity[0] == 1 and state.score_log[-1].kind == "alan"
    state, _ = play(state, ChooseTown(seat=0, town="newark"))
    assert state.popularity[0] == 1 + 1
    assert "Alan-a-Dale sings of Alice's deeds: +1 popularity." in texts(events)


def test_alan_a_dale_no_bonus_for_other_rewards():
    state = make(missions=(None, None, "tax-collector"), companions={0: ("alan",)})
    state, _ = spring(state, ("alan",), ("wat",))
    state, _ = play(state, ChooseReward(seat=0, reward="theft"))
    assert state.popularity[0] == 0


def test_arthur_a_bland_paid_gold_reduces_discretion_by_two():
    state = make(missions=("tax-collector", None, None), companions={0: ("arthur",)}, hands={0: ("Gold",)})
    state, _ = spring(state, ("arthur",), ())
    assert state.reveal.parties[0].totals == (3, 0, 0, 0)
    assert state.reveal.parties[0].gold_paid == 1 and gold_count(state, 0) == 0
    state, _ = play(state, ChooseReward(seat=0, reward="theft"))
    assert state.prison[0] == (), "a party with Discretion 0 is not noticed"


def test_clorinda_party_cannot_use_group_loot():
    state = make(companions={0: ("clorinda",)}, hands={0: ("Sheaf of Arrows", "Yew Longbow")})
    with pytest.raises(RuleError, match="Clorinda, Queen of Shepherdesses is in the party: it cannot use a group loot card"):
        play(state, ambush(0, "clorinda", "john", group="Sheaf of Arrows"))
    with pytest.raises(RuleError, match="Clorinda, Queen of Shepherdesses cannot go with a group loot card"):
        play(state, ambush(0, "john", group="Sheaf of Arrows")[:2], AddMember(seat=0, member="clorinda"))
    state, _ = play(state, ambush(0, "clorinda", personal={"clorinda": "Yew Longbow"}))
    assert state.pending[0].personal == (("clorinda", loot_id("Yew Longbow")),)


def test_gamble_gold_paid_gold_adds_three_cunning():
    state = make(missions=(None, None, "tax-collector"), companions={0: ("gamble",)}, hands={0: ("Gold",)})
    state, _ = spring(state, ("gamble",), ("marian",))
    assert state.reveal.parties[0].totals[2] == 1 + 3
    assert state.reveal.skills[2].winner == 0 and gold_count(state, 0) == 0


def test_david_of_doncaster_doubles_his_personal_loot():
    state = make(missions=("tax-collector", None, None), companions={0: ("david",)},
                 hands={0: ("Broadsword",)})
    state, _ = spring(state, ambush(0, "david", personal={"david": "Broadsword"}), ("john",))
    assert state.reveal.parties[0].totals[0] == 1 + 2 * 2
    assert state.reveal.skills[0].winner == 0
    # loot on someone else in his party is not doubled
    assert party_totals(("david", "wat"), (("wat", loot_id("Broadsword")),))[0] == 1 + 1 + 2


def test_gilbert_whitehand_paid_gold_adds_three_dexterity():
    state = make(missions=(None, "tax-collector", None), companions={0: ("gilbert",)}, hands={0: ("Gold",)})
    state, _ = spring(state, ("gilbert",), ("robin",))
    assert state.reveal.parties[0].totals[1] == 1 + 3
    assert state.reveal.skills[1].winner == 0 and gold_count(state, 0) == 0


def test_much_the_millers_son_theft_draws_two_more():
    state = make(missions=("tax-collector", None, None), companions={0: ("much",)}, hands={0: ()})
    state, _ = spring(state, ("much", "john"), ())
    state, events = play(state, ChooseReward(seat=0, reward="theft"))
    assert len(state.hands[0]) == 3 + 2
    assert "draws 5 Loot cards (Much the Miller's Son adds 2)" in texts(events)


def test_samir_the_saracen_paid_gold_adds_three_strength():
    state = make(missions=("tax-collector", None, None), companions={0: ("samir",)}, hands={0: ("Gold",)})
    state, _ = spring(state, ("samir",), ("john",))
    assert state.reveal.parties[0].totals[0] == 1 + 3
    assert state.reveal.skills[0].winner == 0 and gold_count(state, 0) == 0


def test_every_companion_has_its_trait():
    traits = {c.id: c.trait for c in data().companions}
    assert traits == {
        "tuck": "group_loot_double", "stutely": "free_displacement", "alan": "champion_bonus",
        "arthur": "paid", "clorinda": "no_group_loot", "gamble": "paid",
        "david": "personal_loot_double", "gilbert": "paid", "much": "theft_bonus", "samir": "paid",
    }
