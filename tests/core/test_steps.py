"""The core's step table and decisions of small moves, on a toy game (`pebbles.py`)."""

from __future__ import annotations

import random

import pytest

from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.playout import RANDOM_MOVE, playout
from sherwood_tui.core.session import Session
from sherwood_tui.core.steps import Step, StepTable, decision_starts
from tests.contract_checks import players
from tests.core.pebbles import GAME, Hide, Stop, Take


def hidden(n: int = 2) -> Session:
    session = Session(GAME, players(n), {}, seed=1)
    for seat in range(n):
        session.submit(Hide(seat=seat, number=1))
    return session


def test_the_table_says_who_acts_what_is_legal_and_what_is_private():
    session = Session(GAME, players(2), {}, seed=1)
    state = session.state
    assert GAME.to_act(state) == [0, 1] and GAME.is_private(state, 0)
    assert GAME.legal_actions(state, 1) == [Hide(seat=1, number=n) for n in range(3)]
    session = hidden()
    assert GAME.to_act(session.state) == [0] and not GAME.is_private(session.state, 0)
    assert GAME.legal_actions(session.state, 0) == [Take(seat=0)]
    assert GAME.legal_actions(session.state, 1) == []


def test_a_refused_move_says_why_and_changes_nothing():
    session = hidden()
    state = session.state
    with pytest.raises(RuleError, match="not Robin's turn|not .*'s turn"):
        GAME.apply(state, Take(seat=1))
    with pytest.raises(RuleError, match="cannot make that move now"):
        GAME.apply(state, Hide(seat=0, number=1))
    with pytest.raises(RuleError, match="Take a pebble first"):
        GAME.apply(state, Stop(seat=0))
    assert session.state is state


def test_a_decision_of_small_moves_is_applied_all_or_nothing():
    session = hidden()
    state, log, actions = session.state, list(session.log), list(session.actions)
    with pytest.raises(RuleError, match=r"at most 3"):
        session.submit([Take(seat=0)] * 4 + [Stop(seat=0)])
    assert session.state is state and session.log == log and session.actions == actions
    with pytest.raises(RuleError, match="one player's"):
        session.submit([Take(seat=0), Stop(seat=1)])
    events = session.submit([Take(seat=0), Take(seat=0), Stop(seat=0)])
    assert [e.text for e in events] == [f"{session.player_name(0)} took 2."]
    assert session.state.pebbles == (2, 0) and GAME.to_act(session.state) == [1]


def test_undo_takes_back_the_whole_decision():
    session = Session(GAME, players(2), {}, seed=1)
    session.submit(Hide(seat=0, number=1))
    session.submit(Hide(seat=1, number=1))
    session.handoff.lift(0)
    before = session.state
    session.submit([Take(seat=0), Take(seat=0), Take(seat=0), Stop(seat=0)])
    session.handoff.lift(1)
    session.submit([Take(seat=1), Stop(seat=1)])
    assert session.handoff.can_undo()
    taken = session.handoff.undo()
    assert taken == [Take(seat=1), Stop(seat=1)]
    assert session.log[-1].text == "Marian took back a decision."  # no bot moved: it says none did
    assert session.state.pebbles == (3, 0) and session.state != before
    assert not session.handoff.can_undo()  # seat 0's turn: seat 1 has taken the keyboard since


def test_a_move_the_table_declares_final_cannot_be_taken_back():
    state = GAME.new_game(players(2), {}, 1)
    after, events = GAME.apply(state, Hide(seat=0, number=2))
    assert GAME.is_final(state, Hide(seat=0, number=2), events)
    state = hidden().state
    assert not GAME.is_final(state, Take(seat=0), [])


def test_decisions_are_runs_of_part_moves_and_their_end():
    moves = [Hide(seat=0, number=0), Hide(seat=1, number=2), Take(seat=0), Take(seat=0), Stop(seat=0),
             Take(seat=1), Stop(seat=1)]
    assert decision_starts(moves) == [0, 1, 2, 5]


def test_the_playout_lets_an_open_decision_finish_before_anyone_else_moves():
    rnd = random.Random(3)
    state = GAME.new_game(players(3), {}, 3)
    seen: list[int] = []

    def choose(state, seat):
        return rnd.choice(GAME.legal_actions(state, seat))

    def on_move(before, move, after, events):
        seen.append(move.seat)
        if before.step == "take" and before.taken_now:
            assert move.seat == before.turn  # nobody cut into a decision under way

    final, moves = playout(GAME, state, choose, rnd, on_move=on_move)
    assert GAME.is_over(final) and moves == len(seen) and sum(final.pebbles) == 9


def test_the_playout_makes_a_decision_given_as_a_sequence_move_by_move():
    rnd = random.Random(5)
    state = GAME.new_game(players(2), {}, 5)
    seen: list[object] = []

    def choose(state, seat):
        if state.step == "hide":
            return Hide(seat=seat, number=1)
        return [Take(seat=seat), Stop(seat=seat)] if state.heap > 1 else (Take(seat=seat),)  # a list, a tuple

    final, moves = playout(GAME, state, choose, rnd, on_move=lambda before, move, after, events: seen.append(move))
    assert GAME.is_over(final) and moves == len(seen)
    assert [type(m) for m in seen[2:6]] == [Take, Stop, Take, Stop]


@pytest.mark.parametrize("decision", [[], [Take(seat=0), (Stop(seat=0),)], "stop", None])
def test_the_playout_refuses_a_decision_that_is_not_moves(decision):
    state = GAME.new_game(players(2), {}, 5)
    with pytest.raises((RuleError, AssertionError)):
        playout(GAME, state, lambda state, seat: Hide(seat=seat, number=1) if state.step == "hide" else decision,
                random.Random(1))


def test_the_dispatch_asked_after_decision_at_still_refuses_a_seat_that_does_not_act():
    """`decision_at` keeps the decision it found: legal_actions and apply of that state
    take its short cut only for the seats it named."""
    state = hidden(2).state
    found = GAME.decision_at(state)
    assert found is not None
    actors = found[1]
    assert len(actors) == 1
    other = 1 - actors[0]
    assert GAME.legal_actions(state, other) == []
    with pytest.raises(RuleError):
        GAME.apply(state, Take(seat=other))
    with pytest.raises(RuleError):
        GAME.apply(state, Take(seat=True))  # a bool is no seat, though True == 1
    assert GAME.legal_actions(state, actors[0])
    GAME.apply(state, Take(seat=actors[0]))


def test_the_playout_draws_the_random_bots_moves_itself_the_same_game_from_the_same_seed():
    """`RANDOM_MOVE` as the chooser: the loop draws each decision as the random bot
    does (`rnd.choice` of the legal moves), with no chooser called."""
    def random_bot(rnd: random.Random):
        return lambda state, seat: rnd.choice(GAME.legal_actions(state, seat))

    for seed in range(5):
        state = GAME.new_game(players(3), {}, seed)
        rnd = random.Random(seed)
        by_bot = playout(GAME, state, random_bot(rnd), rnd)
        by_loop = playout(GAME, state, RANDOM_MOVE, random.Random(seed))
        assert by_loop == by_bot and GAME.is_over(by_loop[0])


@pytest.mark.parametrize("field", ["", "phase of", "1st", "step.name"])
def test_a_step_table_names_its_states_step_by_an_attribute_name(field):
    with pytest.raises(ValueError, match="attribute name"):
        StepTable(field=field, steps=(Step("play"),))


def test_a_game_declares_its_steps_and_defines_no_dispatch_of_its_own():
    class OwnApply(type(GAME)):  # type: ignore[misc]
        def apply(self, state, action):
            return state, []

    with pytest.raises(TypeError, match="defines apply: the core dispatches from its step table"):
        OwnApply()
