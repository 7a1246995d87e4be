"""What one connection can make the host hold is bounded (issue 38, part 4): a 1 MB paste,
a window of 65535x65535, hundreds of slow and idle sockets at the web port, a seat process
that grows without end, and a whole table joining at once. Each test is bounded in count
and time; memory is read from /proc (the host is this process, a seat its child). Every
wait is a bound that only catches a hang, never a measure."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import sys
import time
from collections.abc import Callable
from pathlib import Path

import aiohttp
import asyncssh
import pytest
from asyncssh.constants import MSG_CHANNEL_DATA
from asyncssh.packet import String

from sherwood_tui import catalog
from sherwood_tui.core.contract import Player
from sherwood_tui.core.saves import new_save_path
from sherwood_tui.core.session import Session
from sherwood_tui.table.door import INPUT_BURST, MAX_COLUMNS, MAX_ROWS, PASTE_END, PASTE_START, DoorLimits
from sherwood_tui.table.host import OpenTable, TableHost, TableSettings
from sherwood_tui.table.pty_bridge import DATA_LIMIT, resident_bytes
from sherwood_tui.table.ssh import SSH_WINDOW, TOO_MANY_JOINING, _SeatSession, start_ssh_server
from sherwood_tui.table.web import WebLimits, start_web_server
from tests.table.fake_host import FakeHost, ended
from tests.table.ssh_seat import SshSeat

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="reads memory from /proc")]
SOON = 30.0  # seconds anything here may take (a loaded machine: a bound, never a measure)
MB = 2**20


def new_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


def held(pid: int) -> int:
    amount = resident_bytes(pid)
    assert amount is not None, f"process {pid} has gone"
    return amount


async def until(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + SOON
    while not condition():
        assert time.monotonic() < deadline, what
        await asyncio.sleep(0.05)


async def robin_at_a_table(tmp_path: Path) -> tuple[OpenTable, SshSeat, int]:
    """A real table (Robin, and Marian a bot who has passed), Robin's real seat over SSH at
    his decision; the table, his seat, and his seat process's id."""
    game = catalog.get("bleeding-sherwood").load()
    session = Session(game, [Player(name="Robin"), Player(name="Marian", bot="sensible")], {}, 3)
    host = TableHost(session, new_save_path(game.id, tmp_path / "saves"), bot_delay=0.05)
    table = OpenTable(host, TableSettings(ssh_port=0, web_port=None, host_key=tmp_path / "host_key"))
    await table.start()
    seat = await SshSeat.join(table.ssh.port, "robin", new_key(), host.join_code)
    await seat.wait_for("Waiting for you", timeout=SOON)
    pid = next(c.session.process.pid for c in table.ssh.connections if c.session and c.session.process)
    return table, seat, pid


def unread(session: _SeatSession) -> int:
    """Bytes of the client's that the host holds and has not taken yet (asyncssh's list of
    them for the channel: no public call tells it)."""
    return sum(len(data) for data, _ in session.chan._recv_buf) if session.chan is not None else 0


# ----- 1. a paste -------------------------------------------------------------------------
async def test_a_megabyte_pasted_into_a_seat_is_cut_and_the_seat_goes_on_answering(tmp_path: Path) -> None:
    table, seat, pid = await robin_at_a_table(tmp_path)
    try:
        host_before, seat_before = held(os.getpid()), held(pid)
        session = next(c.session for c in table.ssh.connections if c.session)
        # the meter's clock stands still for the paste: it lets its burst through and no
        # more, whatever pieces the paste comes in and however long the machine takes
        still = time.monotonic()
        session.meter.clock = lambda: still
        # half of it as a terminal pastes (bracketed: Textual asks for it), half as a script types
        pasted, typed = PASTE_START + b"Sherwood " * (MB // 18) + PASTE_END, b"x" * (MB // 2)
        seat.process.stdin.write(pasted)
        seat.process.stdin.write(typed)
        most = 0  # the most the host held of it unread

        def swallowed() -> bool:
            nonlocal most
            most = max(most, unread(session))
            return session.meter.dropped >= len(pasted) + len(typed) - len(PASTE_START + PASTE_END) - INPUT_BURST

        await until(swallowed, "the paste was never swallowed")
        # the host held at most a window of it at once (the client waited for the rest)
        assert most <= SSH_WINDOW, f"the host held {most // 1024} KiB unread"
        # the seat was given at most a burst of it: it neither grew nor stopped answering
        assert held(pid) < seat_before + 100 * MB, f"the seat grew from {seat_before // MB} to {held(pid) // MB} MB"
        assert held(os.getpid()) < host_before + 50 * MB
        moves = len(table.host.session.actions)
        session.meter.clock = time.monotonic  # (the meter lets keys through again: its time has run on)
        seat.press("p")  # Robin passes
        await until(lambda: len(table.host.session.actions) > moves, "the seat stopped answering after the paste")
        assert held(pid) < 200 * MB
    finally:
        await seat.close()
        await table.close()


async def test_a_client_that_sends_past_its_window_is_disconnected_before_the_host_holds_it(tmp_path: Path) -> None:
    host = FakeHost(tmp_path, GREEDY_SEAT.replace('"t1"', '"none"'), {})
    server = await start_ssh_server(host, "127.0.0.1", 0, tmp_path / "host_key", limits=DoorLimits(grace=2))
    try:
        conn = await asyncssh.connect("127.0.0.1", server.port, username="robin", client_keys=[new_key()],
                                      known_hosts=None, agent_path=None, config=[])
        process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        assert await asyncio.wait_for(process.stdout.readuntil(b"seated\r\n"), SOON)
        session = next(c.session for c in server.connections if c.session)
        most = 0
        # 16 MB sent as data packets straight away, whatever the window (asyncssh's own
        # writer keeps to it): past a burst the seat's input rests, and asyncssh before
        # 2.24.1 kept all that came meanwhile (40 MB held, as fast as it came)
        for _ in range(16 * MB // 32768):
            process.channel.send_packet(MSG_CHANNEL_DATA, String(b"x" * 32768))
            most = max(most, unread(session))
            await asyncio.sleep(0)
            if not server.connections:
                break
        assert most <= SSH_WINDOW, f"the host held {most // 1024} KiB unread"
        await until(lambda: not server.connections, "the client that sent past its window is still connected")
        conn.close()
    finally:
        await server.close()


# ----- 2. a huge window ---------------------------------------------------------------------
async def test_a_window_of_65535_by_65535_is_clamped_and_the_seat_stays_small(tmp_path: Path) -> None:
    table, seat, pid = await robin_at_a_table(tmp_path)
    try:
        session = next(c.session for c in table.ssh.connections if c.session)
        seat.process.change_terminal_size(65535, 65535)  # (the test's own screen stays 80x24)
        await until(lambda: session.size == (MAX_COLUMNS, MAX_ROWS), "the size was never clamped")
        host_before = held(os.getpid())
        for _ in range(12):  # a seat given 65535x65535 held 216 MB after 2 s, a gigabyte after 15
            await asyncio.sleep(0.25)
            assert held(pid) < 200 * MB, f"the seat holds {held(pid) // MB} MB"
        assert held(os.getpid()) < host_before + 50 * MB
        seat.resize(80, 24)
        seat.screen.reset()
        await seat.wait_for("Waiting for you", timeout=SOON)  # back to its size, it draws as before
    finally:
        await seat.close()
        await table.close()


# A browser seat: shows its size, as the seat app sees it.
SIZE_APP = """
import sys
from textual.app import App
from textual.widgets import Static

class Seat(App):
    def compose(self):
        yield Static("starting")
    def on_resize(self, event):
        self.query_one(Static).update(f"size={event.size.width}x{event.size.height}")

Seat().run()
"""


async def test_a_browser_window_of_any_size_is_clamped(tmp_path: Path) -> None:
    server = await start_web_server(FakeHost(tmp_path, SIZE_APP, {}), "127.0.0.1", 0, {0: "robin-secret"}, ("robin",))
    try:
        async with aiohttp.ClientSession() as client:
            url = server.url("robin-secret") + "/ws?width=65535&height=65535"
            async with client.ws_connect(url) as websocket:
                await received(websocket, f"size={MAX_COLUMNS}x{MAX_ROWS}")
                await websocket.send_str(json.dumps(["resize", {"width": 20, "height": 10}]))
                await received(websocket, "size=20x10")
                await websocket.send_str(json.dumps(["resize", {"width": 10**9, "height": 10**9}]))
                await received(websocket, f"size={MAX_COLUMNS}x{MAX_ROWS}")
    finally:
        await server.close()


async def received(websocket: aiohttp.ClientWebSocketResponse, text: str) -> None:
    output = b""
    deadline = time.monotonic() + SOON
    while text.encode() not in output:
        message = await websocket.receive(timeout=max(0.1, deadline - time.monotonic()))
        assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), f"{message} before {text!r}"
        output = (output + (message.data if isinstance(message.data, bytes) else message.data.encode()))[-20000:]


# ----- 3. slow and idle sockets at the web port ---------------------------------------------
SEAT_APP = """
from textual.app import App
from textual.widgets import Static

class Seat(App):
    def compose(self):
        yield Static("seat-shown")

Seat().run()
"""


async def slowloris(address: str, port: int, closed: list[str]) -> None:
    """A request that never ends: a header line every half second, until the host closes it."""
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
    except OSError:  # not even let in (the listening queue was full): as good
        closed.append(address)
        return
    try:
        writer.write(b"GET /seat/robin-secret HTTP/1.1\r\nHost: table\r\n")
        while True:
            await asyncio.sleep(0.5)
            writer.write(b"X-Slow: 1\r\n")
            await writer.drain()
            if reader.at_eof():
                break
    except (ConnectionError, OSError):
        pass
    finally:
        writer.close()
        closed.append(address)


async def test_slow_and_idle_sockets_at_the_web_port_are_few_and_shortlived(tmp_path: Path) -> None:
    limits = WebLimits(request_time=2.0)  # (a host's: 10 s)
    server = await start_web_server(FakeHost(tmp_path, SEAT_APP, {}), "127.0.0.1", 0, {0: "robin-secret"}, ("robin",),
                                    limits=limits)
    door = server.links.door
    host_before = held(os.getpid())
    closed: list[str] = []
    idle: list[socket.socket] = []
    try:
        # 300 slow requests from three addresses, and 200 sockets that never say a word
        slow = [asyncio.ensure_future(slowloris(f"127.0.0.{2 + n % 3}", server.port, closed)) for n in range(300)]
        for _ in range(200):
            sock = socket.socket()
            sock.bind(("127.0.0.5", 0))
            sock.setblocking(False)
            try:
                sock.connect(("127.0.0.1", server.port))
            except BlockingIOError:
                pass
            idle.append(sock)
        await asyncio.sleep(1.0)
        # the host holds at most its budget of them, and no address more than its share
        assert len(door.unfinished.waiting) <= limits.unfinished
        assert len(door.by_handler) <= limits.unfinished + 1
        for address in ("127.0.0.2", "127.0.0.5"):
            assert sum(item.address == address for item in door.unfinished.waiting) <= limits.per_address

        # meanwhile a player opens their seat's page and their seat
        async with aiohttp.ClientSession() as client:
            async with client.get(server.url("robin-secret")) as page:
                assert page.status == 200
            async with client.ws_connect(server.url("robin-secret") + "/ws") as websocket:
                await received(websocket, "seat-shown")

        # every slow request is closed by its deadline (or pushed out before)
        await asyncio.wait_for(asyncio.gather(*slow), limits.request_time + SOON)
        assert len(closed) == 300
        await until(lambda: not door.by_handler, "the host still holds connections")
        assert held(os.getpid()) < host_before + 50 * MB
    finally:
        for sock in idle:
            sock.close()
        await server.close()


# ----- 4. a seat that grows without end -----------------------------------------------------
# Robin's seat (the first ticket) hoards memory; any other echoes its keys.
GREEDY_SEAT = r"""
import os, sys, time, tty
tty.setraw(0)
os.write(1, b"seated\r\n")
hoard = []
while sys.argv[1] == "t1":
    hoard.append(bytearray(8 * 2**20))
    time.sleep(0.02)
while data := os.read(0, 1024):
    os.write(1, b"key=" + data + b"\r\n")
"""


async def test_a_seat_over_its_memory_is_closed_with_one_line_and_the_others_go_on(tmp_path: Path) -> None:
    host = FakeHost(tmp_path, GREEDY_SEAT, {})
    notices: list[str] = []
    server = await start_ssh_server(host, "127.0.0.1", 0, tmp_path / "host_key",
                                    limits=DoorLimits(grace=2, seat_memory=96 * MB), say=notices.append)
    connections = []

    async def sit(login: str) -> asyncssh.SSHClientProcess[bytes]:
        conn = await asyncssh.connect("127.0.0.1", server.port, username=login, client_keys=[new_key()],
                                      known_hosts=None, agent_path=None, config=[])
        connections.append(conn)
        process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        assert await asyncio.wait_for(process.stdout.readuntil(b"seated\r\n"), SOON)
        return process

    try:
        robin = await sit("robin")
        pid = next(c.session.process.pid for c in server.connections if c.session and c.session.process)
        limits = Path(f"/proc/{pid}/limits").read_text()  # the kernel's stop behind the host's watch
        assert any(line.startswith("Max data size") and line.split()[3] == str(DATA_LIMIT) for line in limits.splitlines())
        marian = await sit("marian")
        output = await asyncio.wait_for(robin.stdout.read(), SOON)  # until the seat is closed
        assert output.endswith(b"Your seat took more memory than a seat may (96 MB) and was closed: "
                               b"connect again to rejoin.\r\n")
        assert len(notices) == 1 and notices[0].startswith("Closed the seat of robin (from 127.0.0.1)"), notices
        assert await ended(pid)
        marian.stdin.write(b"m")  # the other seat goes on
        assert await asyncio.wait_for(marian.stdout.readuntil(b"key=m\r\n"), SOON)
    finally:
        for conn in connections:
            conn.close()
        await server.close()


GREEDY_APP = """
from textual.app import App
from textual.widgets import Static

class Seat(App):
    hoard = []
    def compose(self):
        yield Static("seat-shown")
    def on_mount(self):
        self.set_interval(0.02, lambda: self.hoard.append(bytearray(8 * 2**20)))

Seat().run()
"""


async def test_a_browser_seat_over_its_memory_is_closed_with_one_line(tmp_path: Path) -> None:
    notices: list[str] = []
    server = await start_web_server(FakeHost(tmp_path, GREEDY_APP, {}), "127.0.0.1", 0, {0: "robin-secret"}, ("robin",),
                                    limits=WebLimits(seat_memory=160 * MB), say=notices.append)
    try:
        async with aiohttp.ClientSession() as client, client.ws_connect(server.url("robin-secret") + "/ws") as websocket:
            await received(websocket, "Your seat took more memory than a seat may (160 MB) and was closed: reload to rejoin.")
        assert len(notices) == 1 and notices[0].startswith("Closed the browser seat of robin"), notices
    finally:
        await server.close()


def children() -> list[str]:
    return [child for task in Path(f"/proc/{os.getpid()}/task").iterdir()
            for child in (task / "children").read_text().split()]


# ----- 5. a whole table joins at once -------------------------------------------------------
async def test_five_players_and_ten_watchers_join_at_once_among_idle_sockets(tmp_path: Path) -> None:
    game = catalog.get("sheriff").load()
    names = ["Robin", "Marian", "Much", "Will", "Tuck"]
    session = Session(game, [Player(name=name) for name in names], {}, 5)
    host = TableHost(session, new_save_path(game.id, tmp_path / "saves"), bot_delay=0.05)
    table = OpenTable(host, TableSettings(ssh_port=0, web_port=None, host_key=tmp_path / "host_key"))
    await table.start()
    # each seat process is a stand-in that says so and waits (fifteen real seats would
    # only measure the machine): the door is what is tested
    seat_script = tmp_path / "seat.py"
    seat_script.write_text("import os, sys, time, tty\ntty.setraw(0)\nos.write(1, b'seated\\r\\n')\ntime.sleep(60)\n")
    host.seat_command = lambda ticket: [sys.executable, str(seat_script), ticket]  # type: ignore[method-assign]
    host_before = held(os.getpid())
    idle: list[socket.socket] = []
    connections: list[asyncssh.SSHClientConnection] = []

    async def join(login: str) -> bytes:
        conn = await asyncssh.connect("127.0.0.1", table.ssh.port, username=login, client_keys=[new_key()],
                                      known_hosts=None, agent_path=None, config=[])
        connections.append(conn)
        process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        output = b""
        while b"Join code: " not in output:
            chunk = await process.stdout.read(4096)
            assert chunk, output
            output += chunk
        process.stdin.write(host.join_code.encode() + b"\r")
        while b"seated" not in output:
            chunk = await process.stdout.read(4096)
            assert chunk, output
            output += chunk
        return output

    try:
        for _ in range(60):  # idle sockets, before and among the joins: they give way
            sock = socket.socket()
            sock.bind(("127.0.0.2", 0))
            sock.connect(("127.0.0.1", table.ssh.port))
            idle.append(sock)
        logins = [name.lower() for name in names] + ["watch"] * 10
        joins = asyncio.gather(*(join(login) for login in logins), return_exceptions=True)
        results = await asyncio.wait_for(joins, SOON * 2)
        refused = [result for result in results if isinstance(result, BaseException)]
        assert not refused, refused
        assert not any(TOO_MANY_JOINING.encode() in result for result in results if isinstance(result, bytes))
        assert len(table.ssh.startups.waiting) <= DoorLimits().startups
        assert held(os.getpid()) < host_before + 100 * MB
    finally:
        for sock in idle:
            sock.close()
        for conn in connections:
            conn.close()
        await table.close()
    assert all([await ended(int(pid)) for pid in children()])


# ----- 6. environment variables without end -------------------------------------------------
async def test_a_client_sending_thousands_of_variables_makes_the_host_keep_none_of_them(tmp_path: Path) -> None:
    host = FakeHost(tmp_path, GREEDY_SEAT.replace('"t1"', '"none"'), {})
    server = await start_ssh_server(host, "127.0.0.1", 0, tmp_path / "host_key", limits=DoorLimits(grace=2))
    try:
        conn = await asyncssh.connect("127.0.0.1", server.port, username="robin", client_keys=[new_key()],
                                      known_hosts=None, agent_path=None, config=[])
        variables = {f"JUNK_{n}": "x" * 16000 for n in range(4000)}  # 64 MB
        process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None,
                                            env={**variables, "NO_COLOR": "1"})
        assert await asyncio.wait_for(process.stdout.readuntil(b"seated\r\n"), SOON)
        session = next(c.session for c in server.connections if c.session)
        # (the client is this process too: what the host keeps is read, not this process's size)
        assert session.variables == {"NO_COLOR": "1"}
        assert session.chan is not None and not session.chan.get_environment_bytes()
        conn.close()
    finally:
        await server.close()
