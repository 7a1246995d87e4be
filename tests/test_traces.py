"""Behaviour is unchanged by the redesign of the rules core: the first games of every game
and player count give the traces recorded before it (tests/traces/record.py; the whole
300 a configuration: `python -m tests.traces.record --check`)."""

from __future__ import annotations

import json

import pytest

from tests.traces.record import DIGESTS, trace

FIRST = 3
EXPECTED = json.loads(DIGESTS.read_text())


@pytest.mark.parametrize("config", sorted(EXPECTED))
def test_traces_match_the_recorded_behaviour(config):
    game_id, players = config.split("/")
    for number, want in enumerate(EXPECTED[config][:FIRST]):
        assert trace(game_id, int(players), number) == want, f"{config} game {number}: the trace differs"
