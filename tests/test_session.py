"""The session: curtain decisions, undo limits, replay."""

from __future__ import annotations

import pytest

from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.session import Session
from sherwood_tui.games.bleeding_sherwood import GAME
from sherwood_tui.games.bleeding_sherwood.rules import Pass
from tests.contract_checks import players


def test_curtain_needed_for_a_private_decision_of_a_different_player():
    session = Session(GAME, players(3), {}, seed=3)
    first = session.next_seat()
    assert session.needs_curtain(first)
    session.lift_curtain(first)
    assert not session.needs_curtain(first)  # no curtain when the same player acts again
    session.submit(Pass(seat=first))
    assert session.needs_curtain(session.next_seat())


def test_undo_takes_back_only_your_own_last_decision_before_the_next_curtain():
    session = Session(GAME, players(3), {}, seed=3)
    first = session.next_seat()
    session.lift_curtain(first)
    before = session.state
    session.submit(GAME.legal_actions(session.state, first)[0])
    assert session.can_undo(first) and not session.can_undo((first + 1) % 3)
    session.undo()
    assert session.state == before and session.actions == []
    session.submit(GAME.legal_actions(session.state, first)[0])
    session.lift_curtain(session.next_seat())
    assert not session.can_undo()
    with pytest.raises(RuleError):
        session.undo()


def test_an_illegal_action_changes_nothing():
    session = Session(GAME, players(3), {}, seed=3)
    state, log = session.state, list(session.log)
    other = (session.next_seat() + 1) % 3
    with pytest.raises(RuleError, match=f"not {session.player_name(other)}'s turn"):
        session.submit(Pass(seat=other))
    assert session.state == state and session.log == log and session.actions == []


def test_same_seed_and_actions_replay_the_same_game():
    a = Session(GAME, players(4), {}, seed=99)
    for _ in range(10):
        a.submit(GAME.legal_actions(a.state, a.next_seat())[-1])
    b = Session.replay(GAME, players(4), {}, 99, a.actions)
    assert b.state == a.state and [e.text for e in b.log] == [e.text for e in a.log]
