"""Seats in a seat hall (table/seat_hall.py): several seats' apps in one process, each on
its own terminal. Each sees only its own bytes, its own size, its own end: ending or
crashing one leaves the others playing."""

from __future__ import annotations

import asyncio
import json
import os
import re
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import asyncssh
import pytest

from sherwood_tui.table.protocol import encode
from sherwood_tui.table.pty_bridge import PtyProcess
from sherwood_tui.table.seat_app import seat_command
from tests.table.ssh_seat import SshSeat
from tests.table.test_e2e_ssh import Privacy, join, new_host, open_table, play_on

SOON = 60.0  # seconds anything here may take (a loaded machine: a bound, never a measure)
CSI = re.compile(rb"\x1b(\[[0-9;?<>=$]*[ -/]*[@-~]|[()][0-9A-Za-z]|[=>78])")
SECRET = "Marian-holds-the-silver-arrow"


def seen(data: bytes | bytearray) -> str:
    """The text a terminal's output shows, escape sequences removed, spaces folded."""
    return " ".join(CSI.sub(b"", bytes(data)).decode("utf-8", "replace").split())


async def until(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + SOON
    while not condition():
        assert time.monotonic() < deadline, f"{what} never happened"
        await asyncio.sleep(0.05)


class FakeTable:
    """A table's socket: keeps each seat's connection by its ticket, and sends a seat
    what a test gives it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.writers: dict[str, asyncio.StreamWriter] = {}
        self.server: asyncio.AbstractServer | None = None

    async def start(self) -> None:
        self.server = await asyncio.start_unix_server(self._seat, path=str(self.path))

    async def _seat(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        hello = json.loads(await reader.readline())
        self.writers[hello["ticket"]] = writer
        while await reader.readline():
            pass

    def send(self, ticket: str, message: dict[str, object]) -> None:
        self.writers[ticket].write(encode(message))

    async def close(self) -> None:
        for writer in self.writers.values():
            writer.close()
        if self.server is not None:
            self.server.close()


class Seat:
    """A seat started by the host's way (the template, which gives it to a hall), its
    terminal's output kept."""

    def __init__(self, process: PtyProcess, output: bytearray) -> None:
        self.process, self.output = process, output

    @classmethod
    async def start(cls, table: FakeTable, ticket: str, data: Path) -> Seat:
        output = bytearray()
        env = {**os.environ, "TERM": "xterm-256color", "SHERWOOD_TUI_DATA": str(data)}
        process = await PtyProcess.start(seat_command(table.path, ticket), 80, 24, env, output.extend,
                                         lambda status: None)
        seat = cls(process, output)
        await until(lambda: ticket in table.writers and "Connecting to the table" in seen(output),
                    f"seat {ticket}'s first screen")
        return seat

    async def ends(self) -> int:
        return await asyncio.wait_for(self.process.wait(), SOON)


@pytest.fixture
async def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeTable]:
    monkeypatch.setenv("SHERWOOD_TUI_SEATS", "hall")
    fake = FakeTable(tmp_path / "table.sock")
    await fake.start()
    yield fake
    await fake.close()


async def test_seats_share_one_hall_and_a_crashing_app_ends_only_itself(table: FakeTable, tmp_path: Path) -> None:
    robin, marian = [await Seat.start(table, ticket, tmp_path / ticket) for ticket in ("robin", "marian")]
    assert robin.process.pid == marian.process.pid != os.getpid()  # one process: the hall
    table.send("marian", {"type": "welcome", "game": SECRET})  # no such game: her app fails on it
    assert await marian.ends() == 1
    assert "stopped on an unexpected error" in seen(marian.output)  # the crash line, on her terminal only
    assert SECRET not in seen(marian.output) and SECRET not in seen(robin.output)
    assert "unexpected error" not in seen(robin.output)
    assert SECRET in "".join(path.read_text() for path in (tmp_path / "marian").rglob("*") if path.is_file())
    table.send("robin", {"type": "closed", "message": "Robin's table closes."})  # Robin's app still answers
    assert await robin.ends() == 4
    assert "Robin's table closes." in seen(robin.output)


async def test_ending_one_seat_leaves_the_others_playing(table: FakeTable, tmp_path: Path) -> None:
    robin, marian, john = [await Seat.start(table, ticket, tmp_path) for ticket in ("robin", "marian", "john")]
    assert robin.process.pid == marian.process.pid == john.process.pid
    robin.process.kill()  # the host's kill: at once
    assert await robin.ends() == -9
    assert await marian.process.terminate(grace=SOON) == 129  # a hang-up: the end of its input
    table.send("john", {"type": "closed", "message": "John goes on to the end."})
    assert await john.ends() == 4
    assert "John goes on to the end." in seen(john.output)


async def test_a_resize_reaches_only_its_own_seat(table: FakeTable, tmp_path: Path) -> None:
    robin, marian = [await Seat.start(table, ticket, tmp_path) for ticket in ("robin", "marian")]
    await asyncio.sleep(1.0)  # both screens drawn and still
    robin_before, marian_before = len(robin.output), len(marian.output)
    robin.process.resize(100, 30)
    await until(lambda: b"\x1b[30;" in robin.output[robin_before:], "Robin's screen at 30 rows")
    await asyncio.sleep(1.0)
    assert len(marian.output) == marian_before  # nothing was redrawn on hers
    table.send("robin", {"type": "closed", "message": ""})
    table.send("marian", {"type": "closed", "message": ""})
    assert await robin.ends() == 4 and await marian.ends() == 4


@pytest.mark.slow
async def test_two_players_in_one_hall_each_see_only_their_own_secrets(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHERWOOD_TUI_SEATS", "hall")
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(2)]
    host = new_host(tmp_path, "bleeding-sherwood", ["Robin", "Marian"], seed=5)
    table = await open_table(tmp_path, host)
    seats: dict[int | None, SshSeat] = {
        0: await join(table, "robin", keys[0], code=True), 1: await join(table, "marian", keys[1], code=True)}
    try:
        for seat in seats.values():
            await seat.wait_for("Bleeding Sherwood", "Round 1")
        pids = {connection.session.process.pid for connection in table.ssh.connections
                if connection.session is not None and connection.session.process is not None}
        assert len(pids) == 1 and os.getpid() not in pids  # both seats in one hall
        privacy = Privacy(host, seats)
        await play_on(seats, privacy, lambda: len(host.session.actions) >= 12)
        assert privacy.own_seen, "the check never saw a seat's own secrets: it would not see a leak either"
    finally:
        for seat in seats.values():
            await seat.close()
        await table.close()
