"""Random legal games of Sherwood: invariants hold at every step."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sherwood_tui.core.session import Session
from sherwood_tui.games.sherwood import GAME
from sherwood_tui.games.sherwood.rules.data import data
from sherwood_tui.games.sherwood.rules.invariants import MAX_TURNS, problems
from tests.contract_checks import (
    check_json_round_trip,
    check_replay,
    check_views_hide_secrets,
    players,
    random_game,
)

GAMES = settings(max_examples=40, deadline=None)


def check_every_legal_action_is_accepted(state, rnd):
    for seat in GAME.to_act(state):
        legal = GAME.legal_actions(state, seat)
        assert legal
        sample = legal if state.phase != "prepare" else rnd.sample(legal, min(4, len(legal)))
        for action in sample:
            GAME.apply(state, action)  # raises if a listed action is not legal


def check_events_keep_secrets(before, action, after):
    _, events = GAME.apply(before, action)
    # Loot spent in an ambush revealed by this step is public, even if a reshuffle of the
    # loot discards brings the same card back into a hand within the same step.
    seats = range(len(after.players))
    secrets = set().union(*(GAME.secret_texts(before, s) for s in seats))
    if after.reveal is not None and after.reveal != before.reveal:
        loot = data().loot
        for party in after.reveal.parties:
            secrets -= {loot[card].name for _, card in party.personal}
            if party.group is not None:
                secrets.discard(loot[party.group].name)
    for event in events:
        for secret in secrets:
            assert secret not in event.text, f"{secret!r} leaked in {event.text!r}"


@GAMES
@given(seed=st.integers(0, 2**40), n=st.integers(2, 4), variant=st.booleans())
def test_random_games_keep_every_invariant(seed, n, variant):
    options = {"camp_needs_town": variant}
    rnd = random.Random(seed)

    def on_step(before, action, after):
        check_json_round_trip(GAME, after, action)
        assert problems(after) == []  # cards, characters, pawns, popularity; a short game
        check_events_keep_secrets(before, action, after)
        check_views_hide_secrets(GAME, after, rnd.randrange(2**32))
        if rnd.random() < 0.3:
            check_every_legal_action_is_accepted(after, rnd)

    final, actions = random_game(GAME, n, seed, options, on_step)
    assert GAME.is_over(final)
    assert final.king, "only King Richard ends the game"
    check_replay(GAME, n, seed, options, actions, final)
    lines = GAME.scores(final)
    for line in lines:
        assert line.total == sum(line.parts.values())
    assert GAME.winners(final)


def test_many_random_games_end_quickly():
    turns = []
    for seed in range(60):
        final, actions = random_game(GAME, 2 + seed % 3, seed, {"camp_needs_town": seed % 2 == 0})
        turns.append(final.turn)
        assert len(actions) < 400
    assert max(turns) <= MAX_TURNS
    assert min(turns) >= 9, "stack I alone lasts eight turns"


def test_session_replays_a_random_game_from_its_saved_actions():
    final, actions = random_game(GAME, 3, 99)
    dumped = [GAME.dump_action(a) for a in actions]
    session = Session.replay(GAME, players(3), {"camp_needs_town": False}, 99, [GAME.parse_action(a) for a in dumped])
    assert session.state == final and session.is_over
    assert any(e.kind == "game_end" for e in session.log)
    assert sum(e.kind == "round_end" for e in session.log) == final.turn
