"""King Richard ends the game, and every part of the final tally."""

from __future__ import annotations

import pytest

from sherwood_tui.core.errors import RuleError
from sherwood_tui.games.sherwood import GAME
from sherwood_tui.games.sherwood.rules.rules import SendParty

from .conftest import ambush, make, spring, texts

NET3 = {"calverton": 0, "hucknall": 0, "papplewick": 0}  # joined by roads


def king_turn(**kw):
    base = dict(stack=3, stacks=((), (), ()), king=True, removed=("king-richard",))
    base.update(kw)
    return make(**base)


def test_king_richard_drawn_proclaims_the_last_turn():
    state = make(stack=3, stacks=((), (), ("king-richard",)))
    state, events = spring(state, (), ())
    assert state.king and state.missions == (None, None, None)
    assert "king-richard" in state.removed
    assert GAME.round_label(state) == "King Richard, turn 2"
    assert "King Richard returns!" in texts(events)
    assert not GAME.is_over(state) and GAME.to_act(state) == [0, 1]


def test_king_richard_removes_every_other_mission_card():
    state = make(stack=3, stacks=((), (), ("wool", "king-richard", "fair")))
    state, events = spring(state, (), ())
    assert state.king and {"wool", "fair"} <= set(state.removed)
    assert state.stacks == ((), (), ()) and state.missions == (None, None, None)
    assert "The other 2 mission cards are removed." in texts(events)


def test_king_richard_favours_go_to_each_skill_won_outright():
    state = king_turn(n=3)
    state, events = spring(state, ("john",), ("marian",), ("robin",))
    # Strength: John 3 beats Robin 2. Dexterity: Robin 3. Cunning: Marian 3 beats Robin 2.
    assert state.favours == (0, 2, 1)
    assert GAME.is_over(state)
    assert "Alice wins King Richard's favour for Strength with 3." in texts(events)


def test_king_richard_one_player_may_win_several_favours_ties_win_none():
    state = king_turn()
    state, _ = spring(state, ("robin", "john"), ("wat",))
    assert state.favours == (0, 0, 0)
    state = king_turn()
    state, _ = spring(state, ("john",), ("wat",))  # Dexterity and Cunning tie at 1
    assert state.favours == (0, None, None)
    assert [r.outcome for r in state.reveal.skills] == ["favour", "no favour", "no favour"]


def test_king_richard_discretion_winner_still_goes_to_prison():
    state = king_turn()
    state, _ = spring(state, ("robin", "john"), ("wat",))
    assert state.reveal.captured == (0,)
    assert state.prison[0] == ("robin", "john")
    assert state.phase == "over" and state.order_queue == ()


def test_king_richard_discretion_winner_goes_to_prison_even_without_a_favour():
    # Alice wins every favour with Discretion 2 (a Pilgrim's Disguise hides her party);
    # Bob's Robin Hood (Discretion 3) wins no favour but wins Discretion: Bob is jailed.
    state = king_turn(hands={0: ("Pilgrim's Disguise",)})
    state, events = spring(state, ambush(0, "john", "scarlet", "marian",
                                         personal={"john": "Pilgrim's Disguise"}), ("robin",))
    assert state.favours == (0, 0, 0)
    assert state.reveal.parties[0].totals[3] == 2 and state.reveal.parties[1].totals[3] == 3
    assert state.reveal.captured == (1,)
    assert state.prison == ((), ("robin",))
    assert "Bob's party is the most seen (Discretion 3): Robin Hood is thrown into cell 2." in texts(events)


def test_king_richard_no_little_booty_and_no_sheriff():
    state = king_turn(prison={1: ("robin", "scarlet")}, cells=(None, 1))
    hand = state.hands[1]
    state, _ = spring(state, ("john",), ("wat",))
    assert state.hands[1] == hand and state.reveal.little_booty == ()
    assert state.sheriff == -1 and state.prison[1] == ("robin", "scarlet")


def test_king_richard_turn_still_frees_who_sends_no_one():
    state = king_turn(prison={1: ("robin", "scarlet")}, cells=(None, 1))
    state, _ = spring(state, ("john",), ())
    assert state.prison[1] == ("scarlet",)


def test_game_ends_with_game_end_event_and_no_more_moves():
    state = king_turn()
    state, events = spring(state, ("john",), ("wat",))
    assert events[-1].kind == "game_end" and "Final tally" in events[-1].text
    assert GAME.to_act(state) == [] and GAME.legal_actions(state, 0) == []
    assert GAME.round_label(state) == "Game over"
    with pytest.raises(RuleError, match="The game is over"):
        GAME.apply(state, SendParty(seat=0))


def tally(state, seat):
    return next(line for line in GAME.scores(state) if line.seat == seat)


def test_final_tally_largest_network():
    state = king_turn(towns={**NET3, "newark": 0, "derby": 1})
    state, _ = spring(state, (), ())
    assert tally(state, 0).parts["Largest network"] == 3
    assert tally(state, 1).parts["Largest network"] == 1


def test_final_tally_favours_half_the_largest_network_rounded_up():
    state = king_turn(towns={**NET3, "newark": 0})
    state, _ = spring(state, ("robin", "john"), ("wat",))
    assert state.favours == (0, 0, 0)
    assert tally(state, 0).parts["King Richard's favours"] == 3 * 2  # ceil(3 / 2) = 2 each
    state = king_turn(towns={**NET3, "eastwood": 0})  # network of 4
    state, _ = spring(state, ("john",), ("wat",))
    assert tally(state, 0).parts["King Richard's favours"] == 2
    assert tally(state, 1).parts["King Richard's favours"] == 0


def test_final_tally_one_point_per_free_character_and_companion():
    state = king_turn(companions={0: ("tuck", "much")}, prison={0: ("robin",)}, cells=(None, 0))
    state, _ = spring(state, ("john", "scarlet"), ("wat",))
    assert state.prison[0] == ("robin", "john", "scarlet")
    assert tally(state, 0).parts["Free characters"] == 8 - 3
    assert tally(state, 1).parts["Free characters"] == 6


def test_final_tally_adds_the_popularity_track():
    state = king_turn(towns={**NET3, "newark": 0}, popularity=(7, 2))
    state, _ = spring(state, ("robin", "john"), ("wat",))
    line = tally(state, 0)
    assert line.parts == {
        "Popularity": 7, "Largest network": 3, "King Richard's favours": 6, "Free characters": 4}
    assert line.total == 20 and line.tiebreak == (3,)


def test_tie_broken_by_the_largest_network():
    state = king_turn(towns={"newark": 0, **{t: 1 for t in NET3}}, popularity=(5, 3))
    state, _ = spring(state, (), ())
    assert tally(state, 0).total == tally(state, 1).total == 12
    assert GAME.winners(state) == [1]


def test_tie_after_the_network_is_shared():
    state = king_turn(towns={"newark": 0, "derby": 1}, popularity=(4, 4))
    state, events = spring(state, (), ())
    assert GAME.winners(state) == [0, 1]
    assert "Alice and Bob share the victory" in events[-1].text


def test_scores_during_the_game_are_the_popularity_track():
    state = make(popularity=(3, 1), towns=NET3)
    lines = GAME.scores(state)
    assert [line.total for line in lines] == [3, 1]
    assert lines[0].tiebreak == (3,)
