"""Phases 7 and 8: capture of fugitives, cells, and the Sheriff's rounds."""

from __future__ import annotations

import pytest

from sherwood_tui.core.errors import RuleError
from sherwood_tui.games.sherwood import GAME
from sherwood_tui.games.sherwood.rules.rules import (
    ChooseReward,
    CloseCell,
    LineUp,
    Ransom,
    capture_seats,
    discretion_winners,
    little_booty_seats,
)

from .conftest import ambush, gold_count, make, play, spring, texts


def take_theft(state):
    """Every pending reward is a Theft."""
    while state.phase == "choose_reward":
        state, _ = play(state, ChooseReward(seat=state.reward.seat, reward="theft"))
    return state


def test_capture_the_successful_party_with_the_highest_discretion():
    state = make(n=3, missions=("tax-collector", "abbot", "poachers"), companions={2: ("clorinda",)})
    state, _ = spring(state, ("john",), ("marian",), ("clorinda",))
    assert [r.winner for r in state.reveal.skills] == [0, 2, 1]
    state = take_theft(state)
    assert state.reveal.captured == (0,)
    assert state.prison == (("john",), (), ())


def test_capture_needs_the_highest_discretion_of_all_parties_sent():
    # Alice wins with Little John (Discretion 2); Bob's Robin Hood (Discretion 3) wins
    # Discretion but no mission: nobody is jailed, and Bob has no Little Booty either.
    state = make(missions=("tax-collector", None, None))
    bob_hand = len(state.hands[1])
    state, _ = spring(state, ("john",), ("robin",))
    assert discretion_winners(state.reveal) == (1,)
    assert capture_seats(state.reveal) == ()
    state, events = play(state, ChooseReward(seat=0, reward="theft"))
    assert state.reveal.captured == () and state.prison == ((), ())
    assert state.reveal.little_booty == () and len(state.hands[1]) == bob_hand
    assert "thrown into" not in texts(events)


def test_capture_players_who_sent_no_one_take_no_part_in_discretion():
    state = make(missions=("tax-collector", None, None))
    state, _ = spring(state, ("john",), ())
    assert discretion_winners(state.reveal) == (0,)
    state = take_theft(state)
    assert state.reveal.captured == (0,) and state.prison == (("john",), ())


def test_capture_tied_discretion_sends_both_parties():
    state = make(n=3, missions=("tax-collector", None, "poachers"), companions={1: ("alan",)})
    state, _ = spring(state, ("john",), ("alan",), ())
    state = take_theft(state)
    assert state.reveal.captured == (0, 1)
    assert state.prison == (("john",), ("alan",), ())


def test_capture_tied_discretion_jails_only_the_successful_and_gives_no_booty():
    # Alice (Little John, 2) wins Strength; Bob (Alan-a-Dale, 2) ties her Discretion but
    # wins nothing: both win Discretion, only Alice goes, and Bob gets no Little Booty.
    state = make(missions=("tax-collector", None, None), companions={1: ("alan",)})
    bob_hand = len(state.hands[1])
    state, _ = spring(state, ("john",), ("alan",))
    assert discretion_winners(state.reveal) == (0, 1)
    state = take_theft(state)
    assert state.reveal.captured == (0,) and state.prison == (("john",), ())
    assert state.reveal.little_booty == () and len(state.hands[1]) == bob_hand


def test_capture_is_known_from_the_reveal():
    state = make(n=3, missions=("tax-collector", "abbot", "poachers"), companions={2: ("clorinda",)})
    state, _ = spring(state, ("john",), ("marian",), ("clorinda",))
    expected = capture_seats(state.reveal)
    assert expected == (0,) and little_booty_seats(state.reveal) == ()
    assert take_theft(state).reveal.captured == expected


def test_party_with_no_discretion_is_never_captured():
    state = make(missions=(None, None, "poachers"))
    state, _ = spring(state, ("wat",), ())  # Wat the Tinker: Discretion 0
    state = take_theft(state)
    assert state.reveal.captured == () and state.prison == ((), ())


def test_cells_given_furthest_from_the_stairs_first_in_mission_order():
    # Bob wins Strength, Alice wins Cunning: Bob's mission is resolved first.
    state = make(n=3, missions=("tax-collector", None, "poachers"), companions={0: ("alan",)})
    state, events = spring(state, ("alan",), ("john",), ())
    state = take_theft(state)
    assert state.reveal.captured == (1, 0)
    assert state.cells == (None, 0, 1)  # cell 3 (furthest) to Bob, then cell 2 to Alice
    assert GAME.public_view(state).seats[1].cell == 2


def test_a_cell_is_kept_for_the_whole_game():
    state = make(n=3, missions=("tax-collector", None, None), prison={0: ("robin",)}, cells=(None, 0, None))
    state, _ = spring(state, ("john",), ())
    state = take_theft(state)
    assert state.cells == (None, 0, None)


def test_new_prisoners_go_under_the_old_in_the_order_their_owner_chooses():
    state = make(missions=("tax-collector", None, None), prison={0: ("robin",)})
    state, _ = spring(state, ("john", "scarlet"), ())
    state = take_theft(state)
    assert state.phase == "order_prisoners" and GAME.to_act(state) == [0]
    assert not GAME.is_private(state, 0)
    assert set(GAME.legal_actions(state, 0)) == {
        LineUp(seat=0, member="john"), LineUp(seat=0, member="scarlet"), CloseCell(seat=0)}
    with pytest.raises(RuleError, match="Arrange only the newly captured characters"):
        GAME.apply(state, LineUp(seat=0, member="robin"))
    state, events = play(state, LineUp(seat=0, member="scarlet"))
    assert state.phase == "order_prisoners" and GAME.view(state, 0).lined_up == ("scarlet",)
    assert GAME.view(state, 1).lined_up == () and GAME.public_view(state) == GAME.public_view(take_theft(
        spring(make(missions=("tax-collector", None, None), prison={0: ("robin",)}), ("john", "scarlet"), ())[0]))
    assert GAME.legal_actions(state, 0) == [LineUp(seat=0, member="john"), CloseCell(seat=0)]
    state, more = play(state, CloseCell(seat=0))  # John follows, as he came
    events += more
    assert state.prison[0] == ("robin", "scarlet", "john")
    assert "Alice lines up the newcomers: Will Scarlet and Little John." in texts(events)


def test_prisoners_cannot_go_on_ambush():
    state = make(prison={0: ("john",)})
    with pytest.raises(RuleError, match="Little John is in prison"):
        play(state, ambush(0, "john"))
    assert LineUp not in {type(m) for m in GAME.legal_actions(state, 0)}
    assert "john" not in {getattr(m, "member", None) for m in GAME.legal_actions(state, 0)}


def pass_turn(state):
    """A turn where nobody goes out."""
    state, _ = spring(state, *[()] * len(state.players))
    return state


def test_sheriff_walks_the_cells_from_the_stairs_and_wraps():
    state = make(n=3)
    assert state.sheriff == -1
    seen = []
    for _ in range(4):
        state = pass_turn(state)
        seen.append(state.sheriff)
    assert seen == [0, 1, 2, 0]


def test_sheriff_frees_the_top_prisoner_of_his_cell():
    state = make(prison={1: ("john", "robin")}, cells=(1, None))
    state, _ = spring(state, (), ("wat",))  # Bob sends someone, so no break-out
    assert state.sheriff == 0
    assert state.prison[1] == ("robin",)
    assert state.phase == "ransom" and GAME.to_act(state) == [1] and GAME.is_private(state, 1)


def test_sheriff_finds_an_empty_cell():
    state = make(prison={1: ("john",)}, cells=(None, 1))
    state, events = spring(state, (), ("wat",))
    assert state.sheriff == 0 and state.prison[1] == ("john",)
    assert "nobody to free" in texts(events)


def test_sheriff_frees_the_top_prisoner_and_the_log_names_the_cell_owner_once():
    state = make(n=3, prison={1: ("robin",)}, cells=(1, None, None))
    state, events = spring(state, (), ("wat",), ())
    assert "The Sheriff makes his rounds to cell 1 (Bob's) and frees Robin Hood." in texts(events)


def test_pay_one_gold_to_free_the_next_prisoner():
    state = make(prison={1: ("john", "robin", "scarlet")}, cells=(1, None), hands={1: ("Gold",)})
    state, _ = spring(state, (), ("wat",))
    assert [a.free for a in GAME.legal_actions(state, 1)] == [0, 1]
    state, events = play(state, Ransom(seat=1, free=1))
    assert state.prison[1] == ("scarlet",) and gold_count(state, 1) == 0
    assert "Bob pays 1 Gold to free Robin Hood." in texts(events)
    assert state.phase == "prepare" and state.turn == 2


def test_pay_three_gold_to_free_the_next_two_prisoners():
    state = make(prison={1: ("john", "robin", "scarlet")}, cells=(1, None),
                 hands={1: ("Gold", "Gold", "Gold", "Gold")})
    state, _ = spring(state, (), ("wat",))
    assert [a.free for a in GAME.legal_actions(state, 1)] == [0, 1, 2]
    state, _ = play(state, Ransom(seat=1, free=2))
    assert state.prison[1] == () and gold_count(state, 1) == 1


def test_ransom_needs_the_gold_and_the_prisoners():
    state = make(prison={1: ("john", "robin")}, cells=(1, None), hands={1: ("Gold", "Gold", "Gold")})
    state, _ = spring(state, (), ("wat",))
    with pytest.raises(RuleError, match="Only 1 of your characters is left"):
        GAME.apply(state, Ransom(seat=1, free=2))
    poor = make(prison={1: ("john", "robin")}, cells=(1, None), hands={1: ()})
    poor, _ = spring(poor, (), ("wat",))
    assert [a.free for a in GAME.legal_actions(poor, 1)] == [0]
    with pytest.raises(RuleError, match="Freeing 1 costs 1 Gold, and you have no Gold"):
        GAME.apply(poor, Ransom(seat=1, free=1))
    with pytest.raises(RuleError, match="You may free 0, 1"):
        GAME.apply(state, Ransom(seat=1, free=3))
    state, events = play(state, Ransom(seat=1, free=0))
    assert state.prison[1] == ("robin",)
