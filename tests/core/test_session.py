"""The session: illegal actions, replay (hand-offs and undo: test_handoff.py)."""

from __future__ import annotations

import pytest

from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.session import Session
from sherwood_tui.games.bleeding_sherwood import GAME
from sherwood_tui.games.bleeding_sherwood.rules.model import Pass
from tests.contract_checks import players


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
