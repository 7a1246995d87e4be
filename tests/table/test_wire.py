"""A seat on another terminal is sent its feed as JSON: it must come back equal, for
every game, at every step of random games, for every seat, private or not."""

from __future__ import annotations

import json

import pytest

from sherwood_tui import catalog
from sherwood_tui.core.contract import Event
from sherwood_tui.core.seat import feed_of
from sherwood_tui.table.protocol import ProtocolError, SeatStatus, TableStatus, decode, encode
from sherwood_tui.table.wire import events_from_json, events_to_json, feed_from_json, feed_to_json
from tests.contract_checks import players, random_game

GAMES = [info.id for info in catalog.GAMES]


@pytest.mark.parametrize("game_id", GAMES)
def test_feed_round_trip_at_every_step(game_id):
    game = catalog.get(game_id).load()
    n = game.min_players + 1
    log: list[Event] = []
    checked = 0

    def check(before, action, after):
        nonlocal checked
        log.append(Event(text=f"step {checked}"))
        for seat in [None, *range(n)]:
            for private in (False, True) if seat is not None else (False,):
                feed = feed_of(game, after, players(n), log, seat, private, action)
                data = json.loads(json.dumps(feed_to_json(feed)))
                assert feed_from_json(game, data) == feed
        checked += 1

    random_game(game, n, seed=7, on_step=check)
    assert checked > 10


def test_a_feed_of_another_game_is_refused():
    bleeding, sheriff = catalog.get("bleeding-sherwood").load(), catalog.get("sheriff").load()
    state = bleeding.new_game(players(3), {}, 1)
    data = feed_to_json(feed_of(bleeding, state, players(3), [], 0, True))
    with pytest.raises(ValueError, match="not of 'sheriff'"):
        feed_from_json(sheriff, data)


def test_events_and_status_round_trip():
    events = [Event(text="Robin bids.", kind="info"), Event(text="Round 2", kind="round_start")]
    assert events_from_json(json.loads(json.dumps(events_to_json(events)))) == events
    status = TableStatus((SeatStatus("Robin", "robin", None, True, False), SeatStatus("Marian", "marian", None, False, True)),
                         (0, 1), 2, False)
    assert TableStatus.from_json(json.loads(json.dumps(status.to_json()))) == status
    assert status.waiting_text() == "Waiting for Robin and Marian (away)."
    assert status.waiting_text(me=0) == "Waiting for you and Marian (away)."


@pytest.mark.parametrize("line", [b"not json\n", b"[1, 2]\n", b'{"no": "type"}\n'])
def test_a_line_that_is_not_a_message_is_refused(line):
    with pytest.raises(ProtocolError):
        decode(line)
    assert decode(encode({"type": "hello", "ticket": "x"})) == {"type": "hello", "ticket": "x"}
