"""Seats forked from the warm seat template (table/seat_template.py): a seat plays and
ends as a spawned one did, in a session of its own on its terminal, and its exit status
comes back to the host."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import asyncssh
import pytest

from sherwood_tui.core.saves import new_save_path
from sherwood_tui.table.host import OpenTable, TableHost, TableSettings
from sherwood_tui.table.latency import _session
from sherwood_tui.table.pty_bridge import PtyProcess
from sherwood_tui.table.seat_template import runs_here
from tests.table.fake_host import ended
from tests.table.ssh_seat import SshSeat

SOON = 60.0  # seconds anything here may take (a loaded machine: a bound, never a measure)


def parent_of(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


async def run(argv: list[str]) -> tuple[int, bytes]:
    """Run `argv` in a terminal through the template: its status and its output."""
    output = bytearray()
    process = await PtyProcess.start(argv, 80, 24, dict(os.environ), output.extend, lambda status: None)
    status = await asyncio.wait_for(process.wait(), SOON)
    return status, bytes(output)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads who started a process from /proc")
async def test_a_forked_seat_plays_a_move_and_ends_when_its_player_leaves(tmp_path: Path) -> None:
    session, first = _session(humans=1)
    host = TableHost(session, new_save_path("bleeding-sherwood", tmp_path / "saves"), bot_delay=0.05)
    table = OpenTable(host, TableSettings(ssh_port=0, web_port=None, host_key=tmp_path / "host_key"))
    await table.start()
    try:
        key = asyncssh.generate_private_key("ssh-ed25519")
        seat = await SshSeat.join(table.ssh.port, host.logins()[first], key, host.join_code)
        await seat.wait_for("Waiting for you", timeout=SOON)
        pid = next(c.session.process.pid for c in table.ssh.connections if c.session and c.session.process)
        assert parent_of(pid) != os.getpid()  # forked by the template, not started by the host
        assert os.getsid(pid) == pid  # the leader of a session of its own
        moves = len(host.session.actions)
        for _ in range(int(SOON * 2)):  # Enter takes the highlighted bid card (then a confirmation, if asked)
            if len(host.session.actions) > moves:
                break
            seat.press("enter")
            await asyncio.sleep(0.5)
        assert len(host.session.actions) > moves, seat.text()
        await seat.close()
        assert await ended(pid)
    finally:
        await table.close()


async def test_a_command_runs_as_the_leader_of_a_session_on_its_own_terminal() -> None:
    status, output = await run([sys.executable, "-c", "import os; print(os.getsid(0) == os.getpid(), "
                                "os.isatty(0), os.tcgetpgrp(0) == os.getpid())"])
    assert status == 0
    assert b"True True True" in output


async def test_the_exit_status_of_a_forked_seat_comes_back_to_the_host() -> None:
    assert (await run([sys.executable, "-c", "raise SystemExit(3)"]))[0] == 3
    status, output = await run([sys.executable, "-m", "sherwood_tui", "--version"])  # run in the template's child
    assert status == 0 and b"sherwood-tui" in output


async def test_a_process_goes_on_as_another_of_our_commands_in_place() -> None:
    script = ("import os, sys\n"
              "from sherwood_tui.table.seat_template import run_in_place\n"
              "run_in_place(['/bin/true'])  # not ours: returns\n"
              "print('pid', os.getpid())\n"
              "run_in_place([sys.executable, '-m', 'sherwood_tui', '--version'])\n"
              "print('never here')\n")
    status, output = await run([sys.executable, "-c", script])
    assert status == 0
    assert b"pid" in output and b"sherwood-tui" in output and b"never here" not in output


def test_a_seat_on_the_players_own_data_is_a_process_of_its_own() -> None:
    """The template has imported the rules, which read the built-in data as they load:
    a seat with --assets is exec'd, so it reads the player's file."""
    ours = [sys.executable, "-m", "sherwood_tui", "seat", "--socket=S", "--ticket=T"]
    assert runs_here(ours)
    assert not runs_here([*ours, "--assets=deck.json"])
    assert not runs_here([*ours, "--assets", "deck.json"])
    assert not runs_here(["/usr/bin/python3", *ours[1:]])  # another Python
