"""`sherwood-tui host`: bad arguments get one line and status 2; `--quiet` opens the table,
prints the join instructions, and closes it on SIGINT with the save kept."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sherwood_tui import catalog, commands
from sherwood_tui.core.contract import Player
from sherwood_tui.core.savelock import SaveLock
from sherwood_tui.core.saves import load_session, write_save
from sherwood_tui.core.session import Session

PLAYERS = ["--player", "Robin", "--player", "Marian", "--player", "Will:sensible"]
SHERIFF_OPTIONS = ", ".join(sorted(o.key for o in catalog.get("sheriff").options))  # whichever options it has


def one_line(capsys, argv: list[str]) -> str:
    """The one line `argv` is refused with (status 2)."""
    try:
        status = commands.run(argv)
    except SystemExit as end:  # argparse's own errors
        status = end.code  # type: ignore[assignment]
    out, err = capsys.readouterr()
    assert status == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err, (status, out, err)
    return err.rstrip("\n")


@pytest.mark.parametrize("argv,line", [
    (["host"], "sherwood-tui host: name the game to host (bleeding-sherwood, sheriff or sherwood), or --resume SAVE"),
    (["host", "sheriff"], "sherwood-tui host: name the seats with --player NAME (a bot: --player NAME:sensible), one per seat"),
    (["host", "sheriff", "--player", "Robin:genius"],
     "sherwood-tui host: argument --player: 'genius' is not a bot level (known: sensible, random, expert,"
     " or expert:N for N playouts; LEVEL+RESTRICTION plays restricted)"),
    (["host", "sheriff", "--player", "Robin:sensible:9"],
     "sherwood-tui host: argument --player: only the expert takes a budget ('sensible:9': try expert:9)"),
    (["host", "sheriff", "--player", ":random"], "sherwood-tui host: argument --player: a seat needs a name, not ':random'"),
    (["host", "sheriff", "--player", "R" * 25, *PLAYERS[2:], "--quiet"],
     f"sherwood-tui host: argument --player: a name has at most 24 characters, not 25: {'R' * 25!r}"),
    (["host", "sheriff", "--player", "R" * 1000 + ":sensible", *PLAYERS[2:], "--quiet"],
     f"sherwood-tui host: argument --player: a name has at most 24 characters, not 1000: {'R' * 30 + '...'!r}"),
    (["host", "robin-hood", *PLAYERS, "--quiet"],
     "sherwood-tui host: unknown game 'robin-hood' (known: bleeding-sherwood, sheriff, sherwood)"),
    (["host", "sheriff", "--player", "Robin", "--player", "Marian", "--quiet"],
     "sherwood-tui host: Sheriff of Nottingham takes 3 to 5 players, not 2."),
    (["host", "sheriff", "--player", "Robin", "--player", "robin", "--player", "Will", "--quiet"],
     "sherwood-tui host: Two players have the same name; names must differ."),
    (["host", "sheriff", *PLAYERS, "--option", "moat", "--quiet"],
     f"sherwood-tui host: Sheriff of Nottingham has no option 'moat' (options: {SHERIFF_OPTIONS})"),
    (["host", "sheriff", *PLAYERS, "--ssh-port", "70000"],
     "sherwood-tui host: argument --ssh-port: must be from 0 to 65,535 (0: any free port), not '70000'"),
    (["host", "sheriff", *PLAYERS, "--listen", "example.org"], "sherwood-tui host: argument --listen: not an IP address: 'example.org'"),
    (["host", "sheriff", *PLAYERS, "--ssh-port", "2000", "--web-port", "2000"],
     "sherwood-tui host: --ssh-port and --web-port are both 2000"),
    (["host", "sheriff", *PLAYERS, "--bot-delay", "99"],
     "sherwood-tui host: argument --bot-delay: must be seconds from 0 to 10, not '99'"),
    (["host", "sheriff", *PLAYERS], "sherwood-tui host: the host's screen needs a terminal: stdin is not a terminal (or use --quiet)"),
    (["host", "--resume", "no-such-save.json"], "sherwood-tui host: argument --resume: no such file: 'no-such-save.json'"),
])
def test_bad_arguments_get_one_line(capsys, monkeypatch, argv, line):
    monkeypatch.setattr(sys, "stdin", open(os.devnull))  # not a terminal, as under CI
    assert one_line(capsys, argv) == line


def test_a_24_character_name_is_a_seat():
    from sherwood_tui.commands.parser import build_parser

    args = build_parser().parse_args(["host", "sheriff", "--player", "R" * 24, "--player", "M" * 24 + ":sensible"])
    assert args.player == [("R" * 24, None), ("M" * 24, "sensible")]


def a_save(folder: Path) -> Path:
    from sherwood_tui import catalog

    game = catalog.get("sheriff").load()
    session = Session(game, [Player(name="Robin"), Player(name="Marian"), Player(name="Will")], {}, 3)
    path = folder / "sheriff-table.json"
    write_save(session, path)
    return path


def test_resume_takes_no_new_game(capsys, tmp_path):
    save = str(a_save(tmp_path))
    assert one_line(capsys, ["host", "--resume", save, "--player", "Robin"]) == \
        "sherwood-tui host: --resume opens a saved game as it was: give no --player"
    assert one_line(capsys, ["host", "sheriff", "--resume", save]) == \
        "sherwood-tui host: --resume opens a saved game as it was: give no GAME"


def test_a_save_with_a_name_over_the_limit_is_refused_as_damaged(capsys, tmp_path):
    import json

    save = a_save(tmp_path)
    data = json.loads(save.read_text())
    data["players"][0]["name"] = "R" * 25
    save.write_text(json.dumps(data))
    assert one_line(capsys, ["host", "--resume", str(save), "--quiet"]) == (
        "sherwood-tui host: sheriff-table.json: damaged (players.0.name: Value error, "
        "a name has at most 24 characters, not 25)")


def test_a_save_open_elsewhere_is_refused(capsys, tmp_path):
    save = a_save(tmp_path)
    lock = SaveLock(save).acquire()
    try:
        line = one_line(capsys, ["host", "--resume", str(save), "--quiet"])
    finally:
        lock.release()
    assert line.startswith("sherwood-tui host: sheriff-table.json: this game is open in another window")


def read_until(process: subprocess.Popen, pattern: str, deadline: float = 30) -> list[str]:
    """The lines printed until one matches `pattern`."""
    lines: list[str] = []
    end = time.monotonic() + deadline
    assert process.stdout is not None
    while time.monotonic() < end:
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line.rstrip("\n"))
        if re.search(pattern, line):
            return lines
    raise AssertionError(f"no line matching {pattern!r} in {lines}; stderr: {process.stderr.read() if process.stderr else ''}")


def test_quiet_host_prints_the_join_instructions_and_keeps_the_save(tmp_path):
    pytest.importorskip("asyncssh")
    saves = tmp_path / "saves"
    env = dict(os.environ, SHERWOOD_TUI_DATA=str(tmp_path / "data"), PYTHONUNBUFFERED="1")
    process = subprocess.Popen(
        [sys.executable, "-m", "sherwood_tui", "host", "bleeding-sherwood", *PLAYERS, "--seed", "7",
         "--ssh-port", "0", "--web-port", "0", "--bot-delay", "0", "--quiet", "--saves", str(saves)],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )
    try:
        lines = read_until(process, r"^Connected: ")
        text = "\n".join(lines)
        assert lines[0] == "Bleeding Sherwood: Robin, Marian and Will."
        assert re.search(r"^Join code: \d{4}-\d{4}", text, re.M)
        assert re.search(r"^Host key: SHA256:", text, re.M)
        port = re.search(r"^Robin: +ssh -p (\d+) robin@127\.0\.0\.1\n +or in a browser: http://127\.0\.0\.1:\d+/seat/\S+$", text, re.M)
        assert port and port.group(1) != "0", text
        assert re.search(rf"^Marian: +ssh -p {port.group(1)} marian@127\.0\.0\.1$", text, re.M)
        assert re.search(r"^Will: +a sensible bot$", text, re.M)
        assert re.search(rf"^Watch: +ssh -p {port.group(1)} watch@127\.0\.0\.1$", text, re.M)
        assert lines[-1] == "Connected: nobody. Away: Robin and Marian. Waiting for Robin (away)."
        assert (tmp_path / "data" / "ssh_host_ed25519_key").exists()
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    assert process.returncode == 0, err
    assert "Traceback" not in err
    [save] = [path for path in saves.glob("*.json") if not path.name.startswith(".")]
    assert (saves / f".{save.name}.table.json").exists()  # the seats' keys, hidden from the save list
    assert load_session(save).seed == 7
    assert not (saves / f".{save.name}.lock").exists()  # the lock went with the host
