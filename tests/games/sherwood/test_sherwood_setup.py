"""Setup, the designed data, phase 1 (mission assignments) and the stacks."""

from __future__ import annotations

import pytest

from sherwood_tui.core.errors import RuleError
from sherwood_tui.games.sherwood import GAME
from sherwood_tui.games.sherwood.rules.data import data
from sherwood_tui.games.sherwood.rules.rules import ChooseReward

from .conftest import make, play, players, spring, texts


def test_data_is_labelled_our_design_and_complete():
    d = data()
    assert "OUR DESIGN" in d.notes
    assert len(d.merry_men) == 6
    assert len({c.skills for c in d.merry_men}) == 6, "the six Merry Men differ"
    for c in d.merry_men + d.companions:
        assert all(0 <= v <= 3 for v in c.skills), c.name
    assert len(d.companions) == 10
    paid = {c.name for c in d.companions if c.paid}
    assert paid == {"Arthur a Bland", "Gamble Gold", "Gilbert Whitehand", "Samir the Saracen"}
    stack1 = [m for m in d.missions if m.stack == 1]
    assert len(stack1) == 24 and sum(m.kind == "companion" for m in stack1) == 10
    assert {m.name for m in d.missions if m.stack == 2} == {
        "Prince John", "Guy of Gisbourne", "The Bishop of Hereford"}
    assert [m.name for m in d.missions if m.stack == 3] == ["King Richard"]
    for m in stack1:
        if m.kind == "mission":
            champion = next(r for r in m.rewards if r.type == "champion")
            assert 2 <= len(champion.towns) <= 3
            assert any(r.type == "theft" for r in m.rewards)


def test_map_towns_roads_and_grid():
    d = data()
    assert 18 <= len(d.towns) <= 22
    assert {t.terrain for t in d.towns} == {"forest", "plain"}
    for i, t in enumerate(d.towns):
        roads = len(d.neighbours[i]) + (i in d.by_nottingham)
        assert 2 <= roads <= 4, t.name
        assert 0 <= t.x < 60 and 0 <= t.y < 16
    assert len(d.by_nottingham) >= 4
    # every town can be reached from Nottingham
    seen, todo = set(d.by_nottingham), list(d.by_nottingham)
    while todo:
        for n in d.neighbours[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(range(len(d.towns)))


def test_setup_gives_bands_gold_stacks_and_empty_prison():
    state = GAME.new_game(players(3), {}, 11)
    d = data()
    merry = tuple(c.id for c in d.merry_men)
    assert state.bands == (merry,) * 3
    for hand in state.hands:
        assert [d.loot[c].kind for c in hand] == ["gold"]
    assert state.popularity == (0, 0, 0)
    assert state.towns == (None,) * len(d.towns)
    assert state.prison == ((), (), ()) and state.cells == (None, None, None)
    assert state.sheriff == -1
    assert state.stack == 1 and len(state.stacks[0]) == 21
    assert set(state.stacks[1]) == {"prince-john", "gisbourne", "hereford"}
    assert state.stacks[2] == ("king-richard",)
    assert state.phase == "prepare" and GAME.to_act(state) == [0, 1, 2]
    assert GAME.round_label(state) == "Stack I, turn 1"
    other = GAME.new_game(players(3), {}, 12)
    assert other.stacks[0] + other.missions != state.stacks[0] + state.missions, "stack I is shuffled"


def test_mission_assignment_draws_three_in_order():
    state = make(stacks=(("abbot", "wool", "fair", "granary"), ("prince-john",), ("king-richard",)))
    state, events = spring(state, (), ())
    assert state.turn == 2
    assert state.missions == ("abbot", "wool", "fair")  # Strength, Dexterity, Cunning
    assert state.stacks[0] == ("granary",)
    assert any(e.kind == "round_end" for e in events)
    assert "Strength: Rob the Abbot" in texts(events)


def test_last_cards_of_a_stack_leave_empty_places():
    state = make(stacks=(("granary",), ("prince-john", "gisbourne", "hereford"), ("king-richard",)))
    state, _ = spring(state, (), ())
    assert state.missions == ("granary", None, None)
    assert state.stack == 1


def test_stack_transition_I_to_II_shuffles_stack_II():
    stack2 = ("prince-john", "gisbourne", "hereford", "abbot", "wool")
    state = make(stacks=((), stack2, ("king-richard",)))
    state, events = spring(state, (), ())
    assert state.stack == 2
    assert sorted(state.missions + state.stacks[1]) == sorted(stack2)
    assert any(e.kind == "stack" and "stack II" in e.text for e in events)
    assert GAME.round_label(state) == "Stack II, turn 2"
    orders = set()
    for seed in range(8):
        s, _ = spring(make(seed=seed, stacks=((), stack2, ("king-richard",))), (), ())
        orders.add(s.missions + s.stacks[1])
    assert len(orders) > 1, "stack II is shuffled"


def test_stack_transition_II_to_III_shuffles_stack_III():
    stack3 = ("king-richard", "abbot", "wool", "fair", "granary", "convoy")
    state = make(stack=2, stacks=((), (), stack3))
    state, _ = spring(state, (), ())
    assert state.stack == 3
    kept = [m for m in state.missions if m] + list(state.stacks[2]) + [
        m for m in state.removed if m in stack3]
    assert sorted(kept) == sorted(stack3)


def test_unclaimed_missions_fail_to_the_next_stack():
    state = make(missions=("abbot", "wool", "fair"))
    state, events = spring(state, (), ())
    assert state.stacks[1][-3:] == ("abbot", "wool", "fair")
    assert "goes to stack II" in texts(events)


def test_round_end_event_every_turn_with_popularity():
    state = make(missions=("abbot", None, None))
    state, events = spring(state, ("john",), ())
    state, more = play(state, ChooseReward(seat=0, reward="theft"))
    ends = [e for e in events + more if e.kind == "round_end"]
    assert len(ends) == 1 and "Alice 0" in ends[0].text


def test_start_logs_the_first_missions():
    state, events = GAME.start(players(2), {}, 3)
    assert state.turn == 1 and all(state.missions)
    assert events[0].kind == "turn_start" and "Turn 1 (stack I)" in events[0].text
    for mission_id in state.missions:
        assert data().mission_by_id[mission_id].name in events[0].text


def test_player_count_and_options_are_checked():
    with pytest.raises(RuleError, match="takes 2 to 4 players"):
        GAME.new_game(players(1), {}, 1)
    with pytest.raises(RuleError, match="has no option"):
        GAME.new_game(players(2), {"nope": True}, 1)
    assert GAME.id == "sherwood" and GAME.title == "Sherwood (2005)"
    assert (GAME.min_players, GAME.max_players) == (2, 4)
