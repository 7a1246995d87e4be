"""The rules decide as they did when the traces were recorded: the first games of every
game and player count give the recorded digests (tests/traces/record.py; what a trace
holds, and when to re-record: docs/contributors/traces.md; all of them:
`python -m tests.traces.record --check`)."""

from __future__ import annotations

import json

import pytest

from tests.traces.record import DIGESTS, trace

FIRST = 20
EXPECTED = json.loads(DIGESTS.read_text())


@pytest.mark.parametrize("config", sorted(EXPECTED))
def test_the_rules_decide_as_the_recorded_traces(config: str) -> None:
    game_id, players = config.split("/")
    for number, want in enumerate(EXPECTED[config][:FIRST]):
        assert trace(game_id, int(players), number) == want, (
            f"{config} game {number}: the rules decide differently from the recorded trace "
            "(on purpose? re-record: docs/contributors/traces.md)"
        )
