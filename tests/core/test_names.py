"""Players' names have one limit (`NAME_LIMIT`, 24 characters) wherever they enter: the
set-up screen (tests/ui/test_app_screens.py), `--player` (tests/table/test_host_cli.py),
a save (here) and so the host, which plays a save's or the command line's players."""

from __future__ import annotations

import json
import random

import pytest
from pydantic import ValidationError

from sherwood_tui.core.bots import bot_action
from sherwood_tui.core.contract import NAME_LIMIT, Player
from sherwood_tui.core.errors import SaveError
from sherwood_tui.core.saves import list_saves, load_session, write_save
from sherwood_tui.core.session import Session
from sherwood_tui.games.sheriff import GAME as SHERIFF

LONGEST = ["Robin of Locksley Junior", "Marian of Leaford Manorss", "Much the Miller's Son II"]


def test_a_name_has_at_most_24_characters():
    assert NAME_LIMIT == 24
    assert Player(name="x" * 24).name == "x" * 24
    assert Player(name="  " + "x" * 24 + " ").name == "x" * 24  # counted once stripped
    with pytest.raises(ValidationError, match="a name has at most 24 characters, not 25"):
        Player(name="x" * 25)
    with pytest.raises(ValidationError, match="not 1000"):
        Player(name="x" * 1000)


def test_a_save_with_a_longer_name_is_reported_as_damaged_in_one_line(tmp_path):
    session = Session(SHERIFF, [Player(name=n) for n in ("Robin", "Marian", "Will")], {}, seed=3)
    path = tmp_path / "long.json"
    write_save(session, path)
    for length, opens in ((24, True), (25, False), (1000, False)):
        data = json.loads(path.read_text())
        data["players"][0]["name"] = "R" * length
        path.write_text(json.dumps(data))
        if opens:
            assert load_session(path).players[0].name == "R" * 24
            continue
        with pytest.raises(SaveError) as refused:
            load_session(path)
        line = str(refused.value)
        assert line == f"long.json: damaged (players.0.name: Value error, a name has at most 24 characters, not {length})"
        assert list_saves(tmp_path) == ([], [line])  # one line under the list, like other damaged files


def test_a_sheriff_game_with_24_character_names_saves_and_resumes_with_every_sheriff(tmp_path):
    """The Sheriff's round label names the Sheriff: with the longest names, each round
    (every player is the Sheriff in turn) is saved and resumed, to the end."""
    names = [name[:NAME_LIMIT].ljust(NAME_LIMIT, "x") for name in LONGEST]
    assert all(len(name) == 24 for name in names)
    session = Session(SHERIFF, [Player(name=name, bot="sensible") for name in names], {}, seed=9)
    path, labels, sheriffs = tmp_path / "sheriff.json", set(), set()
    rnd = random.Random(9)
    while not session.is_over:
        label = SHERIFF.round_label(session.state)
        if label not in labels:  # a new round: saved, and resumed from the file
            labels.add(label)
            sheriffs.add(session.state.sheriff)
            write_save(session, path)
            session = load_session(path)
            assert SHERIFF.round_label(session.state) == label and names[session.state.sheriff] in label
        seat = session.next_seat()
        assert seat is not None
        session.submit(bot_action(SHERIFF, session.state, seat, "sensible", rnd))
    write_save(session, path)
    assert load_session(path).is_over and sheriffs == {0, 1, 2}
