"""One test per rule of the Bleeding Sherwood rulebook (and of our designed specials)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from sherwood_tui.core.contract import Player
from sherwood_tui.core.errors import RuleError
from sherwood_tui.games.bleeding_sherwood import GAME
from sherwood_tui.games.bleeding_sherwood.rules import rules as rules_module
from sherwood_tui.games.bleeding_sherwood.rules.data import cards
from sherwood_tui.games.bleeding_sherwood.rules.model import Pass, PlayGoode, TakeBid, TakeTarget

from .conftest import G, P, rig


def play(state, *actions):
    for action in actions:
        state, _ = GAME.apply(state, action)
    return state


def names_of_targets(state):
    return [cards().peasants[t.peasant].name for t in state.targets]


def all_pass(state):
    while state.phase == "bidding":
        state = play(state, Pass(seat=state.turn))
    return state


# ----- setup -------------------------------------------------------------------------


def test_setup_deals_a_hand_of_five_goodes_to_each_player():
    state = GAME.new_game([Player(name=n) for n in ("A", "B", "C")], {}, seed=1)
    assert [len(h) for h in state.hands] == [5, 5, 5]
    assert len(state.goode_deck) + sum(len(t.goodes) for t in state.targets) == 64 - 15


def test_play_starts_on_the_left_of_a_random_dealer():
    firsts = set()
    for seed in range(30):
        state = GAME.new_game([Player(name=n) for n in ("A", "B", "C")], {}, seed=seed)
        assert GAME.to_act(state) == [state.first]
        assert GAME.new_game([Player(name=n) for n in ("A", "B", "C")], {}, seed=seed).first == state.first
        firsts.add(state.first)
    assert firsts == {0, 1, 2}  # every seat can be the first bidder


# ----- step 1: targets -----------------------------------------------------------------


def test_targets_dealt_until_minimum_value_25_with_three_or_four_players():
    for n in (3, 4):
        state, _ = rig(n, [[]] * n, ["Miller Tom", "Farmer Giles", "Hodge", "Fat Franklin"])
        assert names_of_targets(state) == ["Miller Tom", "Farmer Giles", "Hodge"]  # 10+10+5


def test_targets_dealt_until_minimum_value_30_with_five_or_more_players():
    for n in (5, 6):
        state, _ = rig(n, [[]] * n, ["Miller Tom", "Farmer Giles", "Hodge", "Fat Franklin", "Reeve Osric"])
        assert names_of_targets(state) == ["Miller Tom", "Farmer Giles", "Hodge", "Fat Franklin"]


def test_two_players_always_deal_exactly_one_target():
    state, _ = rig(2, [["Turnip"], ["Lute"]], ["Hodge", "Miller Tom"])
    assert names_of_targets(state) == ["Hodge"]


def test_bonus_goode_is_attached_face_up_to_bonus_peasants():
    state, _ = rig(2, [["Turnip"], ["Lute"]], ["Widow Agnes"], goodes=["Pigge"])
    assert state.targets[0].goodes == (G("Pigge"),)
    assert GAME.public_view(state).targets[0].goodes[0].name == "Pigge"


def test_special_peasants_resolve_after_all_normal_targets_are_dealt():
    # The Town Crier is dealt first but brings his extra Peasant only after the minimum is met.
    state, events = rig(3, [[]] * 3, ["Town Crier", "Miller Tom", "Farmer Giles", "Hodge", "Reeve Osric"])
    assert names_of_targets(state) == ["Town Crier", "Miller Tom", "Farmer Giles", "Hodge"]
    assert any("Town Crier brings Hodge" in e.text for e in events)


def test_special_town_crier_brings_one_more_target():
    state, _ = rig(2, [["Turnip"], ["Lute"]], ["Town Crier", "Miller Tom", "Hodge"])
    assert names_of_targets(state) == ["Town Crier", "Miller Tom"]


def test_special_tinker_arrives_with_two_bonus_goodes():
    state, _ = rig(2, [["Turnip"], ["Lute"]], ["Tinker and Cart"], goodes=["Pigge", "Honey Pot"])
    assert state.targets[0].goodes == (G("Pigge"), G("Honey Pot"))


def test_special_tax_collector_is_worth_minus_ten():
    state, _ = rig(2, [["Turnip"], []], ["Tax Collector"])
    state = play(state, PlayGoode(seat=0, card=G("Turnip")))  # both hands now empty: auto-pass
    state = play(state, TakeTarget(seat=0, peasant=P("Tax Collector")))
    assert GAME.scores(state)[0].total == -10


def test_special_generous_miller_makes_every_player_draw_from_the_first_bidder():
    state, _ = rig(3, [[], [], []], ["Generous Miller", "Miller Tom", "Farmer Giles"],
                   goodes=["Pigge", "Lute", "Turnip"], first=1)
    assert state.hands == ((G("Turnip"),), (G("Pigge"),), (G("Lute"),))


def test_special_jester_reverses_the_collection_order():
    state, _ = rig(3, [["Lute"], ["Turnip"], []], ["Jester", "Miller Tom", "Farmer Giles"])
    state = play(state, PlayGoode(seat=0, card=G("Lute")), PlayGoode(seat=1, card=G("Turnip")))
    state = all_pass(state)
    assert state.order == (2, 1, 0)  # lowest bid (zero) first


def test_special_cutpurse_gathers_the_bonus_goodes_of_other_targets():
    state, _ = rig(3, [[]] * 3, ["Widow Agnes", "Cutpurse", "Miller Tom", "Farmer Giles"], goodes=["Pigge"])
    by_name = {cards().peasants[t.peasant].name: t.goodes for t in state.targets}
    assert by_name["Cutpurse"] == (G("Pigge"),) and by_name["Widow Agnes"] == ()


def test_special_hermit_zero_bids_collect_nothing():
    state, _ = rig(3, [["Lute"], [], []], ["Hermit", "Miller Tom", "Farmer Giles"])
    state = play(state, PlayGoode(seat=0, card=G("Lute")))
    state = all_pass(state)
    assert state.order == (0,)


def test_special_peasants_on_the_table_say_what_they_did_not_what_they_will_do():
    state, _ = rig(3, [[], [], []], ["Town Crier", "Generous Miller", "Cutpurse", "Widow Agnes", "Tax Collector",
                                     "Jester", "Hermit", "Hodge"], goodes=["Pigge", "Lute", "Turnip", "Fat Goose"])
    notes = {t.name: t.note for t in GAME.public_view(state).targets}
    assert notes == {
        "Town Crier": "brought one more", "Generous Miller": "each drew a Goode",
        "Cutpurse": "took the bonuses", "Widow Agnes": "", "Tax Collector": "",
        "Jester": "lowest bid collects first", "Hermit": "zero bids collect nothing", "Hodge": "",
    }


def test_round_end_keeps_the_hands_as_the_round_ended_before_the_next_miller_deals():
    state, events = rig(2, [["Lute"], ["Pigge", "Turnip"]], ["Hodge", "Generous Miller"])
    state = play(state, PlayGoode(seat=0, card=G("Lute")), Pass(seat=1), TakeTarget(seat=0, peasant=P("Hodge")))
    state, events = GAME.apply(state, TakeBid(seat=1, owner=0))
    assert state.round == 2 and names_of_targets(state) == ["Generous Miller"]
    assert state.hands_at_round_end == (0, 3)  # Marian took Robin's Lute
    assert tuple(map(len, state.hands)) == (1, 4)  # then the Miller dealt
    kinds = [e.kind for e in events]
    miller = next(i for i, e in enumerate(events) if "Generous Miller: every player draws" in e.text)
    assert kinds.index("round_end") < kinds.index("round_start") < miller


def test_round_start_names_one_target_in_the_singular():
    _, events = rig(2, [[], []], ["Hodge"])
    assert events[0].text == "Round 1: the target is Hodge (5)."
    _, events = rig(3, [[], [], []], ["Hodge", "Miller Tom", "Lady Gisela"])
    assert events[0].text == "Round 1: the targets are Hodge (5); Miller Tom (10); Lady Gisela (20)."


def test_round_end_counts_leftover_cards_in_words():
    state, events = rig(2, [["Lute"], ["Pigge"]], ["Hodge"])
    state = play(state, PlayGoode(seat=0, card=G("Lute")), PlayGoode(seat=1, card=G("Pigge")))
    state, events = GAME.apply(state, TakeTarget(seat=0, peasant=P("Hodge")))
    state, events = GAME.apply(state, TakeBid(seat=1, owner=0))
    assert "(1 leftover card discarded)" in next(e.text for e in events if e.kind == "round_end")
    state, _ = rig(2, [[], []], ["Hodge"])  # nobody can bid: Robin takes Hodge, nothing is left
    state, events = GAME.apply(state, TakeTarget(seat=0, peasant=P("Hodge")))
    assert "(no leftover cards discarded)" in next(e.text for e in events if e.kind == "round_end")


# ----- step 2: bidding -----------------------------------------------------------------


def test_bidding_starts_with_first_player_and_proceeds_left():
    state, _ = rig(3, [["Lute"], ["Turnip"], ["Pigge"]], ["Miller Tom", "Farmer Giles", "Hodge"], first=1)
    assert GAME.to_act(state) == [1]
    state = play(state, PlayGoode(seat=1, card=G("Turnip")))
    assert GAME.to_act(state) == [2]
    state = play(state, Pass(seat=2))
    assert GAME.to_act(state) == [0]


def test_bid_is_the_total_of_cards_played():
    state, _ = rig(2, [["Lute", "Turnip"], ["Pigge"]], ["Hodge"])
    state = play(state, PlayGoode(seat=0, card=G("Lute")), Pass(seat=1), PlayGoode(seat=0, card=G("Turnip")))
    assert GAME.public_view(state).seats[0].bid_total == 6


def test_bids_need_not_exceed_the_current_bid():
    state, _ = rig(2, [["Turnip"], ["Lute", "Pigge"]], ["Hodge"])
    state = play(state, PlayGoode(seat=0, card=G("Turnip")))
    state = play(state, PlayGoode(seat=1, card=G("Pigge")))  # 2 after a bid of 1: legal, and lower is too
    assert state.bids[1] == (G("Pigge"),)


def test_one_card_per_turn_then_play_moves_on():
    state, _ = rig(2, [["Turnip", "Lute"], ["Pigge"]], ["Hodge"])
    state = play(state, PlayGoode(seat=0, card=G("Turnip")))
    with pytest.raises(RuleError, match="not Robin's turn"):
        GAME.apply(state, PlayGoode(seat=0, card=G("Lute")))


def test_passing_is_final_for_the_round():
    state, _ = rig(3, [["Turnip", "Lute"], ["Pigge"], ["Honey Pot", "Clay Jugge"]], ["Miller Tom", "Farmer Giles", "Hodge"])
    state = play(state, Pass(seat=0), PlayGoode(seat=1, card=G("Pigge")))
    with pytest.raises(RuleError, match="You already passed this round"):
        GAME.apply(state, PlayGoode(seat=0, card=G("Lute")))
    state = play(state, PlayGoode(seat=2, card=G("Honey Pot")))
    assert GAME.to_act(state) == [2]  # Robin (passed) and Marian (no cards left) are skipped


def test_bidding_goes_around_until_everyone_has_passed():
    state, _ = rig(2, [["Turnip", "Lute", "Clay Jugge"], ["Pigge", "Honey Pot"]], ["Hodge"])
    state = play(state, PlayGoode(seat=0, card=G("Turnip")), PlayGoode(seat=1, card=G("Pigge")))
    state = play(state, PlayGoode(seat=0, card=G("Lute")), Pass(seat=1))
    assert state.phase == "bidding"
    state = play(state, Pass(seat=0))
    assert state.phase == "collecting"


def test_a_player_with_no_goodes_passes_automatically():
    state, events = rig(2, [[], ["Pigge"]], ["Hodge"])
    assert state.passed[0] and GAME.to_act(state) == [1]
    assert any("no Goodes left" in e.text for e in events)


# ----- step 3: collecting ------------------------------------------------------------


def four_bids():
    """Robin 6, Marian 2, Much 0, Will 3 on three targets."""
    state, _ = rig(4, [["Lute", "Turnip"], ["Pigge"], ["Honey Pot"], ["Iron Kettle"]],
                   ["Miller Tom", "Farmer Giles", "Hodge"])
    state = play(
        state,
        PlayGoode(seat=0, card=G("Lute")), PlayGoode(seat=1, card=G("Pigge")), Pass(seat=2),
        PlayGoode(seat=3, card=G("Iron Kettle")), PlayGoode(seat=0, card=G("Turnip")),
    )
    return all_pass(state)


def test_collection_goes_from_the_highest_bid_down():
    state = four_bids()
    assert state.order == (0, 3, 1, 2)


def test_each_bidder_takes_one_target_a_centre_peasant_or_a_spent_bid():
    state = four_bids()
    assert {type(a).__name__ for a in GAME.legal_actions(state, 0)} == {"TakeTarget"}
    state = play(state, TakeTarget(seat=0, peasant=P("Miller Tom")))
    legal = GAME.legal_actions(state, 3)
    assert TakeBid(seat=3, owner=0) in legal and TakeTarget(seat=3, peasant=P("Hodge")) in legal


def test_cannot_collect_your_own_bid():
    state = four_bids()
    state = play(state, TakeTarget(seat=0, peasant=P("Miller Tom")), TakeTarget(seat=3, peasant=P("Hodge")))
    with pytest.raises(RuleError, match="cannot take your own bid"):
        GAME.apply(state, TakeBid(seat=1, owner=1))


def test_cannot_collect_the_bid_of_a_player_who_has_not_acted():
    state = four_bids()
    with pytest.raises(RuleError, match="not a target until Will has collected"):
        GAME.apply(state, TakeBid(seat=0, owner=3))


def test_spent_bid_goes_into_the_collectors_hand():
    state = four_bids()
    state = play(state, TakeTarget(seat=0, peasant=P("Miller Tom")), TakeBid(seat=3, owner=0))
    assert set(state.hands[3]) == {G("Lute"), G("Turnip")}
    with pytest.raises(RuleError, match="already been taken"):
        GAME.apply(state, TakeBid(seat=1, owner=0))


def test_collected_peasant_stays_face_up_and_its_bonus_goodes_go_to_hand():
    state, _ = rig(2, [["Lute"], []], ["Widow Agnes"], goodes=["Pigge"])
    state = play(state, PlayGoode(seat=0, card=G("Lute")))
    state = play(state, TakeTarget(seat=0, peasant=P("Widow Agnes")))
    assert state.collected[0] == (P("Widow Agnes"),)
    assert G("Pigge") in state.hands[0]
    assert GAME.public_view(state).seats[0].collected[0].name == "Widow Agnes"


def test_tied_bids_go_to_the_earliest_bidder():
    state, _ = rig(3, [["Pigge"], ["Honey Pot"], ["Clay Jugge"]], ["Miller Tom", "Farmer Giles", "Hodge"], first=1)
    state = play(state, PlayGoode(seat=1, card=G("Honey Pot")), PlayGoode(seat=2, card=G("Clay Jugge")),
                 PlayGoode(seat=0, card=G("Pigge")))
    state = all_pass(state)
    assert state.order == (1, 2, 0)  # all bid 2; Marian bid first this round


def test_zero_bid_still_captures_and_earliest_zero_is_highest():
    state, _ = rig(3, [["Pigge"], [], []], ["Miller Tom", "Farmer Giles", "Hodge"], first=0)
    state = play(state, PlayGoode(seat=0, card=G("Pigge")))
    state = all_pass(state)
    assert state.order == (0, 1, 2)
    state = play(state, TakeTarget(seat=0, peasant=P("Miller Tom")), TakeTarget(seat=1, peasant=P("Farmer Giles")))
    state = play(state, TakeTarget(seat=2, peasant=P("Hodge")))
    assert state.collected[2] == (P("Hodge"),)


def test_leftovers_are_discarded_at_the_end_of_the_round():
    state, _ = rig(2, [["Lute"], ["Pigge"]], ["Widow Agnes"], goodes=["Turnip"])
    state = play(state, PlayGoode(seat=0, card=G("Lute")), PlayGoode(seat=1, card=G("Pigge")))
    state = play(state, TakeTarget(seat=0, peasant=P("Widow Agnes")))
    # Marian may only take Robin's bid; after that nothing is left. Robin's bid taken, Marian's discarded.
    state = play(state, TakeBid(seat=1, owner=0))
    assert G("Pigge") in state.goode_discard


def test_next_round_starts_with_the_highest_bidder():
    state = four_bids()
    for seat in state.order:
        legal = GAME.legal_actions(state, seat)
        if legal and GAME.to_act(state) == [seat]:
            state = play(state, legal[0])
    assert state.round == 2 and state.first == 0


# ----- end of the game -------------------------------------------------------------


def test_game_ends_when_a_player_reaches_100_points():
    state, _ = rig(2, [["Lute"], []], ["Lord of the Manor"],
                   collected=[["Abbot of St Mary's", "Lady Gisela", "Bishop's Steward", "Fat Franklin", "Wool Merchant", "Hodge"], []])
    state = play(state, PlayGoode(seat=0, card=G("Lute")), TakeTarget(seat=0, peasant=P("Lord of the Manor")))
    state = play(state, TakeBid(seat=1, owner=0))  # Marian (zero bid) still collects
    assert GAME.is_over(state) and "reached 100" in state.end_reason
    assert GAME.winners(state) == [0]


def test_empty_peasant_deck_after_setting_up_a_round_means_that_round_is_not_played():
    state, _ = rig(2, [["Lute"], ["Pigge"]], ["Hodge"], peasant_rest=False)
    assert GAME.is_over(state) and "round 1 is not played" in state.end_reason


def test_empty_goodes_deck_ends_the_game():
    state, _ = rig(2, [["Lute"], ["Pigge"]], ["Widow Agnes"], goodes=["Turnip"], goode_rest=False)
    assert GAME.is_over(state) and "Goodes deck is empty" in state.end_reason


def test_score_is_peasant_values_and_hand_only_breaks_ties():
    state, _ = rig(2, [["Lute"], ["Chest of Gold"]], ["Hodge"],
                   collected=[["Miller Tom"], ["Farmer Giles"]], peasant_rest=False)
    lines = GAME.scores(state)
    assert [line.total for line in lines] == [10, 10]
    assert GAME.winners(state) == [1]  # Chest of Gold (10) beats Lute (5) as tie-break
    assert lines[1].parts == {"Peasants": 10}


def test_full_tie_is_shared():
    state, _ = rig(2, [["Lute"], ["Longbowe"]], ["Hodge"], collected=[["Miller Tom"], ["Farmer Giles"]], peasant_rest=False)
    assert GAME.winners(state) == [0, 1]


# ----- the 1996 variant --------------------------------------------------------------


def test_variant_1996_deals_one_target_whatever_the_player_count():
    state, _ = rig(4, [["Lute"], [], [], []], ["Miller Tom", "Farmer Giles"], classic=True)
    assert names_of_targets(state) == ["Miller Tom"]


def test_variant_1996_only_the_highest_bid_captures():
    state, _ = rig(3, [["Lute"], ["Pigge"], []], ["Miller Tom"], classic=True)
    state = play(state, PlayGoode(seat=0, card=G("Lute")), PlayGoode(seat=1, card=G("Pigge")))
    state = all_pass(state)
    assert state.order == (0,)
    state = play(state, TakeTarget(seat=0, peasant=P("Miller Tom")))
    assert state.round == 2 and G("Pigge") in state.goode_discard


def test_variant_1996_only_the_highest_bid_captures_even_with_the_jester():
    # Bids 5, 2 and 0 for the Jester alone: the 5 takes him; the zero bid takes nothing.
    state, events = rig(3, [["Lute"], ["Pigge"], []], ["Jester"], classic=True)
    assert state.effects == ()
    assert any("Jester changes nothing" in e.text and "1996" in e.text for e in events)
    state = play(state, PlayGoode(seat=0, card=G("Lute")), PlayGoode(seat=1, card=G("Pigge")))
    state = all_pass(state)
    assert state.order == (0,)
    with pytest.raises(RuleError, match="not Much's turn"):
        GAME.apply(state, TakeTarget(seat=2, peasant=P("Jester")))
    state = play(state, TakeTarget(seat=0, peasant=P("Jester")))
    assert state.collected == ((P("Jester"),), (), ()) and G("Pigge") in state.goode_discard


def test_variant_1996_town_crier_brings_no_one_like_the_jester_changes_nothing():
    state, events = rig(3, [[], [], []], ["Town Crier", "Hodge"], classic=True)
    assert names_of_targets(state) == ["Town Crier"]
    assert any("Town Crier brings no one" in e.text and "1996" in e.text for e in events)
    notes = [t.note for t in GAME.public_view(state).targets]
    assert notes == ["no effect: 1996 rules"]
    jester, _ = rig(3, [[], [], []], ["Jester"], classic=True)
    assert [t.note for t in GAME.public_view(jester).targets] == ["no effect: 1996 rules"]


def test_variant_1996_hermit_a_highest_bid_of_zero_captures_nothing():
    state, _ = rig(3, [[], [], []], ["Hermit"], classic=True)  # nobody can bid: all zero
    assert state.round == 2 and state.collected == ((), (), ())
    assert P("Hermit") in state.peasant_discard


def test_variant_1996_rules_reference_names_the_jester_and_the_town_crier():
    text = (Path(rules_module.__file__).parents[1] / "rules_reference.md").read_text()
    section = text.split("## The 1996 rules")[1].split("## ")[0]
    assert "highest bid" in section and "Jester" in section and "Town Crier" in section


def test_variant_1996_is_an_option_of_player_setup():
    state = GAME.new_game([Player(name="A"), Player(name="B"), Player(name="C")], {"classic_1996": True}, 3)
    assert state.options.classic_1996 and len(state.targets) >= 1


# ----- illegal actions ----------------------------------------------------------------


def test_illegal_actions_are_explained_and_change_nothing():
    state = four_bids()
    before = copy.deepcopy(state)
    cases = [
        (PlayGoode(seat=0, card=G("Chest of Gold")), "Bidding is over"),
        (TakeTarget(seat=0, peasant=P("Lady Gisela")), "not on the table"),
        (TakeTarget(seat=1, peasant=P("Miller Tom")), "not Marian's turn"),
        (TakeBid(seat=0, owner=9), "no such bid"),
    ]
    for action, message in cases:
        with pytest.raises(RuleError, match=message):
            GAME.apply(state, action)
        assert state == before
    fresh, _ = rig(2, [["Lute"], ["Pigge"]], ["Hodge"])
    with pytest.raises(RuleError, match="not in your hand"):
        GAME.apply(fresh, PlayGoode(seat=0, card=G("Pigge")))
    with pytest.raises(RuleError, match="Nobody collects"):
        GAME.apply(fresh, TakeTarget(seat=0, peasant=P("Hodge")))


def test_player_names_and_counts_are_checked():
    with pytest.raises(RuleError, match="2 to 6 players"):
        GAME.new_game([Player(name="A")], {}, 1)
    with pytest.raises(RuleError, match="same name"):
        GAME.new_game([Player(name="Robin"), Player(name="robin")], {}, 1)
    with pytest.raises(RuleError, match="needs a name"):
        GAME.new_game([Player(name="Robin"), Player(name="  ")], {}, 1)
    with pytest.raises(RuleError, match="no option"):
        GAME.new_game([Player(name="A"), Player(name="B")], {"turbo": True}, 1)
