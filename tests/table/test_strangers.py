"""Strangers cannot shut a table: a real host with its SSH door, its seats played by the
real seat app, while others who can reach the port pile up idle sockets, sit at the
join-code prompt, fail to join, or come and go in a loop. Players on other machines are
other loopback addresses (127.0.0.N). Every wait here is a bound, never a measure."""

from __future__ import annotations

import asyncio
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import asyncssh
import pytest

from sherwood_tui import catalog
from sherwood_tui.core.contract import Player
from sherwood_tui.core.saves import new_save_path
from sherwood_tui.core.session import Session
from sherwood_tui.table.door import DoorLimits
from sherwood_tui.table.host import OpenTable, TableHost, TableSettings
from sherwood_tui.table.ssh import TOO_MANY_JOINING
from tests.table.ssh_seat import SshSeat

pytestmark = pytest.mark.slow
SOON = 20.0  # seconds a seated player may wait for their seat here (a loaded CI machine: a bound)
CODE_TIME = 3.0  # the strangers' deadline to type the join code in these tests (a host's: 60 s)


def new_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


async def stranger_at_prompt(port: int, address: str) -> tuple[asyncssh.SSHClientConnection, asyncssh.SSHClientProcess[bytes]]:
    """A fresh key at the join-code prompt of Marian's seat."""
    conn = await asyncssh.connect("127.0.0.1", port, username="marian", client_keys=[new_key()], known_hosts=None,
                                  agent_path=None, config=None, local_addr=(address, 0))
    process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
    output = b""
    while b"Join code: " not in output:
        chunk = await asyncio.wait_for(process.stdout.read(4096), SOON)
        assert chunk, output
        output += chunk
    return conn, process


async def test_idle_sockets_and_strangers_at_the_prompt_never_keep_players_or_watchers_out(tmp_path: Path) -> None:
    game = catalog.get("bleeding-sherwood").load()
    session = Session(game, [Player(name="Robin"), Player(name="Marian")], {}, 3)
    host = TableHost(session, new_save_path(game.id, tmp_path / "saves"), bot_delay=0.05)
    table = OpenTable(host, TableSettings(ssh_port=0, web_port=None, host_key=tmp_path / "host_key",
                                          door=DoorLimits(code_time=CODE_TIME, strangers=8)))
    await table.start()
    robin_key, watcher_key = new_key(), new_key()
    idle: list[socket.socket] = []
    strangers = []
    try:
        robin = await SshSeat.join(table.ssh.port, "robin", robin_key, host.join_code)
        await robin.wait_for("Bleeding Sherwood", "Waiting for", timeout=SOON)
        watcher = await SshSeat.join(table.ssh.port, "watch", watcher_key, host.join_code)
        await watcher.wait_for("You are watching", timeout=SOON)
        await robin.close()
        await watcher.close()
        deadline = time.monotonic() + SOON
        while host.seats or host.spectators:  # their seat processes end
            assert time.monotonic() < deadline
            await asyncio.sleep(0.05)

        # 60 TCP connections that never speak SSH, and 8 fresh keys at the code prompt
        for _ in range(60):
            sock = socket.socket()
            sock.bind(("127.0.0.2", 0))
            sock.connect(("127.0.0.1", table.ssh.port))
            idle.append(sock)
        strangers = [await stranger_at_prompt(table.ssh.port, "127.0.0.3") for _ in range(8)]
        with pytest.raises(asyncssh.DisconnectError, match=TOO_MANY_JOINING):  # a ninth waits no more
            await stranger_at_prompt(table.ssh.port, "127.0.0.4")
        assert len(table.ssh.startups.waiting) <= DoorLimits().startups
        assert not host.seats and not host.spectators  # no seat process for any of them

        robin = await SshSeat.connect(table.ssh.port, "robin", robin_key)
        await robin.wait_for("Bleeding Sherwood", "Waiting for", timeout=SOON)
        watcher = await SshSeat.connect(table.ssh.port, "watch", watcher_key)
        await watcher.wait_for("You are watching", timeout=SOON)
        assert not robin.shows("Join code") and not watcher.shows("Join code")

        # the strangers' prompts are closed by their deadline, with one line each
        for conn, process in strangers:
            rest = await asyncio.wait_for(process.stdout.read(), SOON)
            assert rest.endswith(b"No join code came in time: connect again to join.\r\n")
            conn.close()
        # ... which counted against their address: refused for a while, one line in the host's log
        assert list(host.notices) == ["Refusing new joins from address 127.0.0.3 for 30 seconds: 5 failed joins in a row."]
        with pytest.raises(asyncssh.DisconnectError, match="Too many failed joins from here"):
            await stranger_at_prompt(table.ssh.port, "127.0.0.3")
        # and Robin, on a machine that shares that address, is served all the same
        await robin.close()
        robin = await SshSeat.connect(table.ssh.port, "robin", robin_key, address="127.0.0.3")
        await robin.wait_for("Bleeding Sherwood", "Waiting for", timeout=SOON)
        await robin.close()
        await watcher.close()
    finally:
        for sock in idle:
            sock.close()
        await table.close()


def resident_kib(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1))  # type: ignore[union-attr]


def children(pid: int) -> list[str]:
    return [child for task in Path(f"/proc/{pid}/task").iterdir()
            for child in (task / "children").read_text().split()]


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the host's memory from /proc")
async def test_the_hosts_memory_stays_bounded_while_strangers_come_and_go(tmp_path: Path) -> None:
    """A real `sherwood-tui host` process; strangers from many addresses connect, type a
    wrong code or nothing, and leave, over and over; idle sockets come and go too."""
    env = {**os.environ, "SHERWOOD_TUI_DATA": str(tmp_path / "data")}
    host = subprocess.Popen(
        [sys.executable, "-m", "sherwood_tui", "host", "bleeding-sherwood", "--player", "Robin", "--player", "Marian",
         "--quiet", "--ssh-port", "0", "--no-web", "--saves", str(tmp_path / "saves")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
    )
    try:
        port = None
        assert host.stdout is not None
        while port is None:
            line = await asyncio.wait_for(asyncio.to_thread(host.stdout.readline), SOON)
            assert line, "the host ended"
            found = re.search(r"ssh -p (\d+) robin@", line)
            port = int(found.group(1)) if found else None

        async def stranger(number: int) -> None:
            address = f"127.0.{1 + number // 250}.{1 + number % 250}"
            try:
                conn, process = await stranger_at_prompt(port, address)
            except (asyncssh.Error, OSError):
                return  # refused (a penalised address): also fine
            if number % 2:
                process.stdin.write(b"0000\r")
            conn.close()
            await conn.wait_closed()

        rounds, marks = 400, {}
        for number in range(rounds):
            if number % 20 == 0:
                sockets = [socket.create_connection(("127.0.0.1", port)) for _ in range(10)]
                for sock in sockets:
                    sock.close()
            await asyncio.gather(*(stranger(number * 2 + n) for n in range(2)))
            if number in (rounds // 4, rounds - 1):
                await asyncio.sleep(0.5)  # the host has let go of the last ones
                marks[number] = resident_kib(host.pid)
        assert host.poll() is None
        assert not children(host.pid)  # no seat process was ever started for a stranger
        grown = marks[rounds - 1] - marks[rounds // 4]
        assert grown < 6 * 1024, f"the host grew by {grown} KiB over {rounds * 3 // 4 * 2} strangers"
    finally:
        host.terminate()
        host.wait(timeout=SOON)
