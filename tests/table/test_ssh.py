"""The SSH door (table/ssh.py): an asyncssh client against start_ssh_server with a fake
host whose seat command is a tiny script that shows its terminal size and the keys it gets."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import stat
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import asyncssh
import pytest

from sherwood_tui.table.door import DoorLimits
from sherwood_tui.table.pty_bridge import PtyProcess
from sherwood_tui.table.ssh import SshServer, host_key_fingerprint, start_ssh_server
from tests.table.fake_host import DEADLINE, FakeHost, ended

# The seat process: says who it is, its size (again on every SIGWINCH), each key it gets.
SEAT_SCRIPT = r"""
import os, signal, sys, tty
tty.setraw(0)
def show_size(*_):
    columns, rows = os.get_terminal_size(0)
    os.write(1, f"size={columns}x{rows}\r\n".encode())
signal.signal(signal.SIGWINCH, show_size)
foreground = os.tcgetpgrp(0) == os.getpgrp()
os.write(1, f"ticket={sys.argv[1]} pid={os.getpid()} term={os.environ['TERM']} foreground={foreground}\r\n".encode())
os.write(1, f"no_color={os.environ.get('NO_COLOR', '-')}\r\n".encode())
show_size()
while (data := os.read(0, 1024)) != b"q":
    os.write(1, b"key=" + data + b"\r\n")
"""


@pytest.fixture
def host(tmp_path: Path) -> FakeHost:
    return FakeHost(tmp_path, SEAT_SCRIPT, {"bob": "There is no seat 'bob' at this table; the seats are robin, marian."})


@pytest.fixture
async def server(host: FakeHost, tmp_path: Path) -> AsyncIterator[SshServer]:
    running = await start_ssh_server(host, "127.0.0.1", 0, tmp_path / "keys" / "host_key", limits=DoorLimits(grace=2))
    yield running
    await running.close()


@pytest.fixture
def client_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


async def connect(port: int, login: str, key: asyncssh.SSHKey | None, **options: object) -> asyncssh.SSHClientConnection:
    """A client that knows only what it is given (no agent, no ~/.ssh)."""
    return await asyncssh.connect(
        "127.0.0.1", port, username=login, client_keys=[key] if key else [], known_hosts=None,
        agent_path=None, config=[], **{"password": None, **options},
    )


class Screen:
    """What a client's session has received so far."""

    def __init__(self, process: asyncssh.SSHClientProcess[bytes]) -> None:
        self.process = process
        self.output = b""

    async def wait_for(self, text: str) -> str:
        """Read until `text` has come (the whole output so far)."""
        deadline = time.monotonic() + DEADLINE
        while text.encode() not in self.output:
            left = deadline - time.monotonic()
            assert left > 0, f"{text!r} never came: {self.output!r}"
            try:
                chunk = await asyncio.wait_for(self.process.stdout.read(65536), left)
            except TimeoutError:
                continue
            assert chunk, f"the session ended before {text!r}: {self.output!r}"
            self.output += chunk
        return self.output.decode()

    async def ends(self) -> int:
        """Read to the end: the exit status."""
        self.output += await asyncio.wait_for(self.process.stdout.read(), DEADLINE)
        await asyncio.wait_for(self.process.wait_closed(), DEADLINE)
        assert self.process.exit_status is not None
        return self.process.exit_status


async def open_seat(conn: asyncssh.SSHClientConnection, size: tuple[int, int] = (80, 24)) -> Screen:
    """A session with a pty, as `ssh login@host` opens."""
    process = await conn.create_process(term_type="xterm-256color", term_size=size, encoding=None)
    return Screen(process)


def pid_of(output: str) -> int:
    return int(output.split("pid=")[1].split()[0])


async def test_the_seat_runs_in_a_pty_sized_to_the_client_and_follows_resizes(
        server: SshServer, host: FakeHost, client_key: asyncssh.SSHKey) -> None:
    async with await connect(server.port, "robin", client_key) as conn:
        server_key = conn.get_server_host_key()
        assert server_key is not None and server_key.get_fingerprint("sha256") == server.fingerprint
        screen = await open_seat(conn, (100, 30))
        text = await screen.wait_for("size=100x30")
        assert "term=xterm-256color" in text and "foreground=True" in text
        assert host.tickets == {"t1": ("robin", client_key.get_fingerprint("sha256"))}
        screen.process.change_terminal_size(120, 40)
        await screen.wait_for("size=120x40")
        screen.process.stdin.write(b"\x1b[A")
        await screen.wait_for("key=\x1b[A")
        screen.process.stdin.write(b"q")
        assert await screen.ends() == 0


async def test_two_clients_at_once_each_have_their_own_seat(server: SshServer, host: FakeHost) -> None:
    robin_key, marian_key = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    async with await connect(server.port, "robin", robin_key) as robin_conn, \
            await connect(server.port, "Marian", marian_key) as marian_conn:
        robin, marian = await open_seat(robin_conn, (100, 30)), await open_seat(marian_conn, (90, 20))
        await robin.wait_for("size=100x30")
        await marian.wait_for("size=90x20")
        robin.process.stdin.write(b"r")
        marian.process.stdin.write(b"m")
        await robin.wait_for("key=r")
        await marian.wait_for("key=m")
        assert b"key=m" not in robin.output and b"key=r" not in marian.output
    assert sorted(host.tickets.values()) == [("marian", marian_key.get_fingerprint("sha256")),
                                             ("robin", robin_key.get_fingerprint("sha256"))]


async def test_a_session_without_a_pty_is_told_to_use_ssh_t(server: SshServer, host: FakeHost, client_key: asyncssh.SSHKey) -> None:
    async with await connect(server.port, "robin", client_key) as conn:
        screen = Screen(await conn.create_process(encoding=None))
        assert await screen.ends() == 1
    assert f"ssh -t -p {server.port} robin@127.0.0.1" in screen.output.decode()
    assert host.tickets == {}


async def test_commands_are_refused(server: SshServer, host: FakeHost, client_key: asyncssh.SSHKey) -> None:
    async with await connect(server.port, "robin", client_key) as conn:
        result = await conn.run("cat /etc/passwd", term_type="xterm", encoding=None)
        assert result.exit_status == 1
        assert isinstance(result.stdout, bytes) and b"This table runs no commands" in result.stdout
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.start_sftp_client()
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.open_connection("127.0.0.1", server.port)
    assert host.tickets == {}


async def test_password_auth_is_refused(server: SshServer) -> None:
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(server.port, "robin", None, password="sherwood")


async def test_a_refusal_reaches_the_client(server: SshServer, client_key: asyncssh.SSHKey) -> None:
    async with await connect(server.port, "bob", client_key) as conn:
        screen = await open_seat(conn)
        assert await screen.ends() == 1
    assert "There is no seat 'bob' at this table; the seats are robin, marian." in screen.output.decode()


async def test_a_dropped_client_ends_the_seat_process(server: SshServer, client_key: asyncssh.SSHKey) -> None:
    conn = await connect(server.port, "robin", client_key)
    screen = await open_seat(conn)
    pid = pid_of(await screen.wait_for("size="))
    conn.abort()
    assert await ended(pid)
    assert not server.connections


async def test_closing_the_server_ends_its_seats(server: SshServer, client_key: asyncssh.SSHKey) -> None:
    async with await connect(server.port, "robin", client_key) as conn:
        screen = await open_seat(conn)
        pid = pid_of(await screen.wait_for("size="))
        await server.close()
        assert await ended(pid)


async def test_a_seat_that_ignores_the_hangup_is_ended_all_the_same() -> None:
    output, statuses = bytearray(), list[int]()
    stubborn = ("import signal, time; [signal.signal(s, signal.SIG_IGN) for s in (signal.SIGHUP, signal.SIGTERM)]; "
                "print('ready', flush=True); time.sleep(60)")
    process = await PtyProcess.start([sys.executable, "-c", stubborn], 80, 24, dict(os.environ), output.extend, statuses.append)
    deadline = time.monotonic() + DEADLINE
    while b"ready" not in output:
        assert time.monotonic() < deadline, output
        await asyncio.sleep(0.05)
    assert await process.terminate(grace=0.2) == -signal.SIGKILL
    assert statuses == [-signal.SIGKILL]
    assert await ended(process.pid)


async def test_a_known_key_always_gets_in_and_its_own_oldest_connection_gives_way(host: FakeHost, tmp_path: Path,
                                                                                client_key: asyncssh.SSHKey) -> None:
    host.claims["robin"] = client_key.get_fingerprint("sha256")  # a member: strangers' limits are not its
    server = await start_ssh_server(host, "127.0.0.1", 0, tmp_path / "host_key", limits=DoorLimits(per_key=2))
    try:
        first = await connect(server.port, "robin", client_key)
        first_screen = await open_seat(first)
        await first_screen.wait_for("size=")
        async with await connect(server.port, "marian", client_key) as second, \
                await connect(server.port, "robin", client_key) as third:
            await (await open_seat(third)).wait_for("size=")  # in, and the oldest is closed
            await first_screen.ends()
            assert "This key has connected again from another terminal" in first_screen.output.decode()
            deadline = time.monotonic() + DEADLINE
            while len(server.connections) > 2:  # the oldest's connection follows its last words
                assert time.monotonic() < deadline
                await asyncio.sleep(0.05)
            assert not second.is_closed()
    finally:
        await server.close()


async def test_an_idle_connection_is_closed(host: FakeHost, tmp_path: Path, client_key: asyncssh.SSHKey) -> None:
    server = await start_ssh_server(host, "127.0.0.1", 0, tmp_path / "host_key", limits=DoorLimits(idle_timeout=1))
    try:
        async with await connect(server.port, "robin", client_key) as conn:
            screen = await open_seat(conn)
            pid = pid_of(await screen.wait_for("size="))
            await screen.ends()
            assert "Closed after 1 minute without a key: connect again to rejoin." in screen.output.decode()
            assert await ended(pid)
    finally:
        await server.close()


async def test_the_host_key_is_made_once_and_kept(host: FakeHost, tmp_path: Path) -> None:
    key_path = tmp_path / "data" / "host_key"
    first = await start_ssh_server(host, "127.0.0.1", 0, key_path)
    await first.close()
    assert stat.S_IMODE(key_path.stat().st_mode) == 0o600
    second = await start_ssh_server(host, "127.0.0.1", 0, key_path)
    await second.close()
    assert first.fingerprint == second.fingerprint == host_key_fingerprint(key_path)
    assert first.fingerprint.startswith("SHA256:")
    assert asyncssh.read_private_key(key_path).get_algorithm() == "ssh-ed25519"


async def test_a_player_s_no_color_reaches_their_seat_and_the_host_s_does_not(server, client_key, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "host")  # the host's own terminal: not the players'
    async with await connect(server.port, "robin", client_key) as conn:
        process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None, env={"NO_COLOR": "1"})
        await Screen(process).wait_for("no_color=1")
    async with await connect(server.port, "robin", client_key) as conn:
        process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        await Screen(process).wait_for("no_color=-")


# ----- strangers: the join code at the door, its limits and penalties -----------------------
CODE = "4821-0937"


@pytest.fixture
def coded_host(tmp_path: Path) -> FakeHost:
    """A host whose seats want the join code CODE, once per key."""
    return FakeHost(tmp_path, SEAT_SCRIPT, {"bob": "There is no seat 'bob' at this table; the seats are robin, marian."}, code=CODE)


async def door(host: FakeHost, tmp_path: Path, **limits: float) -> SshServer:
    said: list[str] = []
    server = await start_ssh_server(host, "127.0.0.1", 0, tmp_path / "host_key", limits=DoorLimits(grace=2, **limits),  # type: ignore[arg-type]
                                    say=said.append)
    server.said = said  # type: ignore[attr-defined]
    return server


async def at_prompt(port: int, login: str, key: asyncssh.SSHKey, address: str = "127.0.0.1") -> tuple[asyncssh.SSHClientConnection, Screen]:
    conn = await connect(port, login, key, local_addr=(address, 0))
    screen = await open_seat(conn)
    await screen.wait_for("Join code: ")
    return conn, screen


async def test_a_stranger_types_the_join_code_at_the_door_and_only_then_a_seat_starts(coded_host, tmp_path, client_key):
    server = await door(coded_host, tmp_path)
    try:
        conn, screen = await at_prompt(server.port, "robin", client_key)
        assert "Joining as robin." in screen.output.decode() and "like 4821-0937" in screen.output.decode()
        assert coded_host.tickets == {}  # no seat process for a stranger
        screen.process.stdin.write(b"1111\r")
        await screen.wait_for("That is not the join code: ask the host for it.")
        screen.process.stdin.write(b"4821-0937\r")
        text = await screen.wait_for("size=80x24")
        assert "4821-0937" in text  # echoed as typed
        assert coded_host.tickets == {"t1": ("robin", client_key.get_fingerprint("sha256"))}
        screen.process.stdin.write(b"q")
        await screen.ends()
        conn.close()
        async with await connect(server.port, "robin", client_key) as again:  # a member now: no prompt
            screen = await open_seat(again)
            assert "Join code" not in await screen.wait_for("size=80x24")
    finally:
        await server.close()


async def test_three_wrong_codes_close_the_connection(coded_host, tmp_path, client_key):
    server = await door(coded_host, tmp_path)
    try:
        conn, screen = await at_prompt(server.port, "watch", client_key)
        for _ in range(3):
            screen.process.stdin.write(b"12\r")
        assert await screen.ends() == 1
        assert "Wrong join code 3 times: connect again to try again." in screen.output.decode()
        assert coded_host.tickets == {} and coded_host.claims == {}
        conn.close()
    finally:
        await server.close()


async def test_a_stranger_who_types_no_code_in_time_is_closed_with_one_line(coded_host, tmp_path, client_key):
    server = await door(coded_host, tmp_path, code_time=1.0)
    try:
        conn, screen = await at_prompt(server.port, "robin", client_key)
        screen.process.stdin.write(b"48")
        assert await screen.ends() == 1
        assert screen.output.decode().endswith("Join code: 48\r\nNo join code came in time: connect again to join.\r\n")
        conn.close()
        # a connection that never opens a session is closed by the same clock
        silent = await connect(server.port, "robin", asyncssh.generate_private_key("ssh-ed25519"))
        await asyncio.wait_for(silent.wait_closed(), DEADLINE)
    finally:
        await server.close()


async def test_only_a_few_strangers_wait_at_once_and_members_are_never_counted(coded_host, tmp_path, client_key):
    server = await door(coded_host, tmp_path, strangers=2)
    coded_host.claims["robin"] = client_key.get_fingerprint("sha256")
    try:
        waiting = [await at_prompt(server.port, "marian", asyncssh.generate_private_key("ssh-ed25519")) for _ in range(2)]
        with pytest.raises(asyncssh.DisconnectError, match="Too many people are joining this table at once"):
            await connect(server.port, "marian", asyncssh.generate_private_key("ssh-ed25519"))
        async with await connect(server.port, "robin", client_key) as conn:  # a member: in at once
            await (await open_seat(conn)).wait_for("size=80x24")
        for conn, _ in waiting:
            conn.close()
    finally:
        await server.close()


async def test_an_address_that_keeps_failing_is_refused_but_a_member_from_it_is_served(coded_host, tmp_path, client_key):
    server = await door(coded_host, tmp_path)
    coded_host.claims["robin"] = client_key.get_fingerprint("sha256")
    try:
        for _ in range(2):  # six wrong codes from one address, with fresh keys
            conn, screen = await at_prompt(server.port, "marian", asyncssh.generate_private_key("ssh-ed25519"), "127.0.0.7")
            screen.process.stdin.write(b"1\r2\r3\r")
            await screen.ends()
            conn.close()
        with pytest.raises(asyncssh.DisconnectError, match=r"Too many failed joins from here: try again in \d+ seconds"):
            await connect(server.port, "marian", asyncssh.generate_private_key("ssh-ed25519"), local_addr=("127.0.0.7", 0))
        assert server.said == [  # type: ignore[attr-defined]
            "Refusing new joins from address 127.0.0.7 for 30 seconds: 5 failed joins in a row."]
        async with await connect(server.port, "robin", client_key, local_addr=("127.0.0.7", 0)) as conn:
            await (await open_seat(conn)).wait_for("size=80x24")  # the seated key: served at once
        conn, screen = await at_prompt(server.port, "marian", asyncssh.generate_private_key("ssh-ed25519"), "127.0.0.8")
        conn.close()  # another address is not refused
    finally:
        await server.close()


async def test_idle_sockets_never_keep_a_player_out(coded_host, tmp_path, client_key):
    server = await door(coded_host, tmp_path, startups=4, first_bytes=30.0)
    coded_host.claims["robin"] = client_key.get_fingerprint("sha256")
    idle = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(20)]
    try:
        deadline = time.monotonic() + DEADLINE
        while len(server.startups.waiting) < 4 or len(server.handshakes) > 4:
            assert time.monotonic() < deadline
            await asyncio.sleep(0.05)
        async with await connect(server.port, "robin", client_key) as conn:
            await (await open_seat(conn)).wait_for("size=80x24")
        assert len(server.startups.waiting) <= 4
    finally:
        for sock in idle:
            sock.close()
        await server.close()


async def test_a_client_offering_several_keys_reaches_its_seat_with_the_seated_one(coded_host, tmp_path, client_key):
    server = await door(coded_host, tmp_path)
    coded_host.claims["robin"] = client_key.get_fingerprint("sha256")
    other = asyncssh.generate_private_key("ssh-ed25519")
    try:
        async with await asyncssh.connect("127.0.0.1", server.port, username="robin", client_keys=[other, client_key],
                                          known_hosts=None, agent_path=None, config=[]) as conn:  # an agent's order
            screen = await open_seat(conn)
            assert "Join code" not in await screen.wait_for("size=80x24")  # the seated key: no prompt
        banners: list[str] = []

        class Client(asyncssh.SSHClient):
            def auth_banner_received(self, msg: str, lang: str) -> None:
                banners.append(msg)

        with pytest.raises(asyncssh.PermissionDenied):  # only another key: turned down, and told why
            await asyncssh.connect("127.0.0.1", server.port, username="robin", client_keys=[other], known_hosts=None,
                                   agent_path=None, config=[], client_factory=Client)
        assert banners == ["This seat is held by another SSH key: connect with that key (ssh -i KEYFILE).\r\n"]
    finally:
        await server.close()
