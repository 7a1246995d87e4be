"""Saves of every earlier format still load and replay to the same end.

- `old_saves/<game>.json`: written before moves became plain classes (pydantic models
  then), one a game with every kind of move of that time; read as format 3 and as 1 and 2.
- `old_saves/v3/*.json`: 18 whole games written in format 3 by the rules core v2 (three
  table sizes a game, random and sensible bots), with how each ended (`expected.json`).

A save older than format 4 holds the moves of its time (a whole bag in one move); the
loader upgrades each as it replays (`Game.upgrade_action`), and the next save is format 4.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sherwood_tui.core.saves import FORMAT_VERSION, load_session, write_save

OLD = Path(__file__).with_name("old_saves")
# What that code showed at the end of each saved game: round label, totals.
EXPECTED = {
    "bleeding-sherwood": ("Round 11", [50.0, 95.0, 70.0]),
    "sheriff": ("Game over after 9 rounds", [45.0, 131.0, 139.0]),
    "sherwood": ("Game over", [11.0, 13.0, 9.0]),
}
V3 = json.loads((OLD / "v3" / "expected.json").read_text())


def as_format(data: dict, version: int) -> dict:
    """The save as an older format wrote it: 2 had no `assets`, 1 no `undo` either."""
    old = {**data, "version": version}
    if version < 3:
        old.pop("assets", None)
    if version < 2:
        old.pop("undo", None)
    return old


def reloaded(session, tmp_path):
    """The session saved in today's format and loaded again."""
    path = tmp_path / "again.json"
    write_save(session, path)
    assert json.loads(path.read_text())["version"] == FORMAT_VERSION
    return load_session(path)


@pytest.mark.parametrize("version", [3, 2, 1])
@pytest.mark.parametrize("game_id", sorted(EXPECTED))
def test_a_save_written_with_pydantic_actions_still_loads(tmp_path, game_id, version):
    data = json.loads((OLD / f"{game_id}.json").read_text())
    assert data["version"] == 3
    path = tmp_path / f"{game_id}.json"
    path.write_text(json.dumps(as_format(data, version)))
    session = load_session(path)
    label, totals = EXPECTED[game_id]
    assert session.game.round_label(session.state) == label
    assert [line.total for line in session.game.scores(session.state)] == totals
    again = reloaded(session, tmp_path)
    assert again.state == session.state and again.actions == session.actions


@pytest.mark.parametrize("name", sorted(V3))
def test_a_whole_game_saved_by_the_rules_core_v2_replays_to_the_same_end(tmp_path, name):
    path = tmp_path / name
    path.write_text((OLD / "v3" / name).read_text())
    session = load_session(path)
    game, end = session.game, V3[name]
    assert game.is_over(session.state)
    assert game.round_label(session.state) == end["round_label"]
    assert [line.total for line in game.scores(session.state)] == end["totals"]
    assert game.winners(session.state) == end["winners"]
    assert len(session.actions) >= end["moves"]  # small moves: as many or more
    again = reloaded(session, tmp_path)
    assert again.state == session.state


def test_the_undo_limit_of_an_old_save_moves_with_its_moves(tmp_path):
    """An old save's undo floor counted its own moves: after the upgrade it stands at the
    same place among the new ones (everything before it stays final)."""
    name = "sheriff-3p-sensible.json"
    data = json.loads((OLD / "v3" / name).read_text())
    data["actions"] = data["actions"][:40]
    data["undo"] = {"floor": 40, "why": "the game was saved before"}
    data["finished"] = False
    path = tmp_path / name
    path.write_text(json.dumps(data))
    session = load_session(path)
    assert session.handoff.floor == len(session.actions)
