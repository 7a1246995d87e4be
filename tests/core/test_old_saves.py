"""Saves written before actions became plain classes (pydantic models then; the files in
`old_saves/`, one a game, every kind of move in them, made by that code) still load, as
format 3 and as formats 1 and 2, replay to the same game, and their moves dump back to
the same JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sherwood_tui.core.saves import load_session

OLD = Path(__file__).with_name("old_saves")
# What that code showed at the end of each saved game: moves, round label, totals.
EXPECTED = {
    "bleeding-sherwood": (60, "Round 11", [50.0, 95.0, 70.0]),
    "sheriff": (132, "Game over after 9 rounds", [45.0, 131.0, 139.0]),
    "sherwood": (102, "Game over", [11.0, 13.0, 9.0]),
}


def as_format(data: dict, version: int) -> dict:
    """The save as an older format wrote it: 2 had no `assets`, 1 no `undo` either."""
    old = {**data, "version": version}
    if version < 3:
        old.pop("assets", None)
    if version < 2:
        old.pop("undo", None)
    return old


@pytest.mark.parametrize("version", [3, 2, 1])
@pytest.mark.parametrize("game_id", sorted(EXPECTED))
def test_a_save_written_with_pydantic_actions_still_loads(tmp_path, game_id, version):
    data = json.loads((OLD / f"{game_id}.json").read_text())
    assert data["version"] == 3
    path = tmp_path / f"{game_id}.json"
    path.write_text(json.dumps(as_format(data, version)))
    session = load_session(path)
    moves, label, totals = EXPECTED[game_id]
    assert len(session.actions) == moves
    assert session.game.round_label(session.state) == label
    assert [line.total for line in session.game.scores(session.state)] == totals
    assert [session.game.dump_action(a) for a in session.actions] == data["actions"]
    kinds = {a["type"] for a in data["actions"]}
    assert len(kinds) == len(session.game.action_classes())  # every kind of move is in the file
