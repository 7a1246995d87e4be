"""Replays: stepping a save forwards and backwards gives the states of the save itself;
a bad file is one line; the viewer only reads."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from sherwood_tui import catalog
from sherwood_tui.core.errors import SaveError
from sherwood_tui.core.savelock import SaveLock
from sherwood_tui.core.saves import write_save
from sherwood_tui.core.session import Session
from sherwood_tui.workbench import replay as replay_module
from sherwood_tui.workbench.replay import Replay, readable
from tests.contract_checks import players, random_game

GAMES = [("bleeding-sherwood", 3, 4), ("sheriff", 3, 2), ("sherwood", 3, 7)]  # (game, players, seed)


def save_of(game_id: str, n: int, seed: int, folder: Path) -> tuple[Path, Session]:
    """A finished random game of `game_id`, saved in `folder`."""
    game = catalog.get(game_id).load()
    _, actions = random_game(game, n, seed)
    session = Session.replay(game, players(n), {}, seed, actions)
    path = folder / f"{game_id}.json"
    write_save(session, path)
    return path, session


def fresh(session: Session, step: int) -> Session:
    """The save replayed anew to `step`."""
    return Session.replay(session.game, session.players, session.options, session.seed, session.actions[:step])


@pytest.mark.parametrize("game_id,n,seed", GAMES)
def test_replay_steps_both_ways_to_the_states_of_the_save(tmp_path, game_id, n, seed):
    path, session = save_of(game_id, n, seed, tmp_path)
    replay = Replay.open(path)
    steps = len(session.actions)
    assert replay.steps == steps and replay.title == session.game.title
    expected = [fresh(session, k) for k in range(steps + 1)]

    def check(step: int) -> None:
        at = replay.position
        want = expected[step]
        assert at.step == step and at.state == want.state, f"step {step}"
        assert at.table.log == tuple(want.log) and at.table.table == session.game.public_view(want.state)
        assert at.table.scores == tuple(session.game.scores(want.state))
        assert at.events == tuple(want.log[len(expected[step - 1].log) if step else 0 :])

    check(0)
    for step in range(1, steps + 1):  # to the end, one step at a time
        replay.move(1)
        check(step)
    assert replay.move(1).step == steps and replay.position.table.over  # stops at the end
    for step in range(steps - 1, -1, -1):  # and back to the start
        replay.move(-1)
        check(step)
    assert replay.move(-1).step == 0
    rnd = random.Random(seed)
    for _ in range(60):  # in random order
        replay.go(rnd.randint(0, steps))
        check(replay.step)


def test_a_long_game_keeps_some_states_and_replays_the_rest_the_same(tmp_path, monkeypatch):
    monkeypatch.setattr(replay_module, "KEEP_ALL", 7)  # as a game of many thousand steps would
    path, session = save_of("sheriff", 3, 5, tmp_path)
    replay = Replay.open(path)
    assert replay.stride > 1 and len(replay.kept) <= 9
    rnd = random.Random(5)
    for step in [*range(replay.steps + 1), *reversed(range(replay.steps + 1)),
                 *(rnd.randint(0, replay.steps) for _ in range(40))]:
        assert replay.at(step).state == fresh(session, step).state, f"step {step}"


def test_the_designers_view_shows_each_seats_own_view_by_name(tmp_path):
    path, session = save_of("sheriff", 3, 2, tmp_path)
    replay = Replay.open(path)
    at = replay.go(4)
    state = replay.state_at(4)
    views = at.seat_views()
    assert views == tuple(session.game.view(state, seat) for seat in range(3))
    hidden = dict(at.hidden_lines())
    assert list(hidden) == ["Robin", "Marian", "Much"]
    for seat, name in enumerate(hidden):
        parts = dict(hidden[name])
        # no table, no seat number; a bag being loaded and a bribe being built are the seat's own
        assert set(parts) == {"hand", "bag", "set aside", "hidden", "loading", "building"}
        assert parts["hand"] == (", ".join(f"{c.name} ({c.value})" for c in views[seat].hand) or "none")
    mover = at.action.seat
    assert at.move_line().startswith(f"{at.table.name(mover)}: ")


def test_readable_names_cards_and_lists_and_brackets_records():
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Card:
        name: str
        value: int

    @dataclass(frozen=True)
    class Party:
        members: tuple[str, ...]
        group: int | None

    assert readable((Card("Apples", 2), Card("Silk", 8))) == "Apples (2), Silk (8)"
    assert readable(()) == "none" and readable(None) == "none" and readable(True) == "yes"
    assert readable(Party(("robin", "john"), None)) == "members: robin, john; group: none"
    assert readable([Party((), 3)]) == "(members: none; group: 3)"


def test_a_bad_save_is_one_line(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"format": "sherwood-tui-save", "vers')
    with pytest.raises(SaveError, match=r"^bad\.json: damaged \(not valid JSON\)$"):
        Replay.open(path)


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "sherwood_tui", *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=60)


@pytest.mark.parametrize(
    "content,line",
    [
        ('{"hello": 1}', "sherwood-tui: bad.json: not a sherwood-tui save"),
        ('{"format": "sherwood-tui-save", "version": 2, "game": "chess", "players": [{"name": "A"}], '
         '"options": {}, "seed": 1, "actions": [], "saved_at": "now"}', "sherwood-tui: bad.json: unknown game 'chess'"),
        (None, "sherwood-tui replay: argument FILE: no such file: '{folder}/bad.json'"),
    ],
)
def test_cli_replay_of_a_bad_file_is_one_line_and_status_2(tmp_path, content, line):
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content)
    result = run_cli("replay", str(path))
    assert result.returncode == 2 and result.stdout == "" and "Traceback" not in result.stderr
    assert result.stderr == line.format(folder=tmp_path) + "\n"


def test_cli_replay_reads_a_save_held_by_a_window_and_never_writes_it(tmp_path):
    path, _ = save_of("bleeding-sherwood", 3, 4, tmp_path)
    before = (path.read_bytes(), os.stat(path).st_mtime_ns)
    lock = SaveLock(path).acquire()  # the game is open in another window
    try:
        result = run_cli("replay", str(path))
    finally:
        lock.release()
    # Read and replayed (not refused as busy); without a terminal the viewer cannot open.
    assert result.returncode == 2 and result.stderr == "sherwood-tui: needs a terminal: stdin is not a terminal\n"
    assert (path.read_bytes(), os.stat(path).st_mtime_ns) == before


def test_cli_replay_of_a_save_on_other_game_data_says_what_resume_says(tmp_path):
    path, _ = save_of("bleeding-sherwood", 3, 4, tmp_path)
    data = json.loads(path.read_text())
    data["assets"] = {"digest": "0" * 16, "file": "my-deck.json"}  # played on a player's own file
    path.write_text(json.dumps(data))
    replayed, resumed = run_cli("replay", str(path)), run_cli("resume", str(path))
    assert replayed.returncode == resumed.returncode == 2
    assert replayed.stderr == resumed.stderr and replayed.stderr.count("\n") == 1
    assert replayed.stderr.startswith("sherwood-tui: bleeding-sherwood.json: ") and "my-deck.json" in replayed.stderr
