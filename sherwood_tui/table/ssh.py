"""The table's SSH door: an asyncssh server where the login name picks the seat and the
client's public key is who you are. Each connection's session runs the seat app in a
pseudo-terminal of its own (table/pty_bridge.py), sized to the client.

Nothing else is offered: no password, no shell, no commands, no subsystems, no
forwarding. Keepalives notice frozen clients; a connection without a key typed for
`idle_timeout` seconds is closed; at most `max_connections` at once.

asyncssh is imported here only: the host imports this module, the app never does."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import asyncssh

from sherwood_tui.core.saves import write_atomically
from sherwood_tui.table.protocol import TableRefusal
from sherwood_tui.table.pty_bridge import TERMINATE_GRACE, PtyProcess

DEFAULT_TERM = "xterm-256color"
# The host's own terminal, which says nothing of the client's: not passed to a seat.
HOST_TERMINAL_VARIABLES = ("COLUMNS", "LINES", "COLORTERM", "NO_COLOR", "TERM_PROGRAM", "TERM_PROGRAM_VERSION", "TMUX", "STY")
CLIENT_VARIABLES = ("COLORTERM", "NO_COLOR")  # what a player's ssh may send (SendEnv) of their terminal's colours
CLOSE_LATER = 5.0  # seconds a closed seat's connection has for its last words to leave


class SeatSource(Protocol):
    """What the SSH and web servers need of the host (TableHost has it)."""

    def issue_ticket(self, login: str, key: str) -> str: ...

    def seat_command(self, ticket: str) -> list[str]: ...


def load_or_make_host_key(path: Path) -> asyncssh.SSHKey:
    """The server's key: read from `path`, or made once (ed25519, mode 0600) and kept."""
    if path.exists():
        return asyncssh.read_private_key(path)
    key = asyncssh.generate_private_key("ssh-ed25519")
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, key.export_private_key().decode("ascii"))
    return key


def host_key_fingerprint(path: Path) -> str:
    """The SHA256 fingerprint of the host key at `path`, as `ssh` shows it."""
    return str(asyncssh.read_private_key(path).get_fingerprint("sha256"))


@dataclass(frozen=True)
class _Limits:
    max_connections: int
    idle_timeout: float
    grace: float  # how long a seat has to end after its client has gone


class SshServer:
    """The running SSH door: `.port`, `.fingerprint`, `close()`."""

    def __init__(self, source: SeatSource, limits: _Limits, fingerprint: str) -> None:
        self.source = source
        self.limits = limits
        self.fingerprint = fingerprint
        self.port = 0
        self.connections: set[_SeatConnection] = set()
        self.seats: set[asyncio.Future[object]] = set()  # each session's seat process, to its end
        self._acceptor: asyncssh.SSHAcceptor | None = None

    def keep(self, work: Coroutine[object, object, object]) -> None:
        """Run `work` (a seat's life or its end) and let `close` wait for it."""
        task: asyncio.Future[object] = asyncio.ensure_future(work)
        self.seats.add(task)
        task.add_done_callback(self.seats.discard)

    async def close(self, wait: float = 0.0) -> None:
        """Stop listening, give the seats `wait` seconds to end by themselves (the host
        has said goodbye to them: they leave with its message, and put the player's
        terminal back as it was), then drop every connection and wait for their seats."""
        if self._acceptor is not None:
            self._acceptor.close()
            await self._acceptor.wait_closed()
            self._acceptor = None
        if wait > 0 and self.seats:
            await asyncio.wait(list(self.seats), timeout=wait)
        for connection in list(self.connections):
            connection.disconnect("The table has closed.")
        if self.seats:
            await asyncio.gather(*self.seats, return_exceptions=True)


async def start_ssh_server(source: SeatSource, host: str, port: int, host_key: Path, *,
                           max_connections: int = 32, idle_timeout: float = 1800,
                           keepalive_interval: float = 15, grace: float = TERMINATE_GRACE) -> SshServer:
    """Listen on `host`:`port` (0: a free port, see `.port`) with the key kept at
    `host_key` (made on first use)."""
    key = load_or_make_host_key(host_key)
    server = SshServer(source, _Limits(max_connections, idle_timeout, grace), str(key.get_fingerprint("sha256")))
    acceptor = await asyncssh.create_server(
        lambda: _SeatConnection(server), host, port,
        server_host_keys=[key], encoding=None, line_editor=False,
        password_auth=False, kbdint_auth=False, host_based_auth=False, gss_host=None,
        agent_forwarding=False, x11_forwarding=False, allow_scp=False,
        keepalive_interval=keepalive_interval, keepalive_count_max=3, login_timeout=30,
    )
    server._acceptor = acceptor
    server.port = acceptor.get_port()
    return server


class _SeatConnection(asyncssh.SSHServer):
    """One client connection: its login (the seat) and its key (who it is)."""

    def __init__(self, server: SshServer) -> None:
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None
        self.login = ""
        self.key = ""  # the last key offered: once authenticated, the client's key
        self.session: _SeatSession | None = None
        self.over_capacity = False
        self.last_input = 0.0
        self._idle_timer: asyncio.TimerHandle | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.over_capacity = len(self.server.connections) >= self.server.limits.max_connections
        if not self.over_capacity:
            self.server.connections.add(self)
            self.touch()
            self._schedule_idle_check()

    def connection_lost(self, exc: Exception | None) -> None:
        self.conn = None
        self.server.connections.discard(self)
        if self._idle_timer is not None:
            self._idle_timer.cancel()

    def begin_auth(self, username: str) -> bool:
        if self.over_capacity and self.conn is not None:
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, "The table is full: try again later.")
        self.login = username.lower()
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """Any key may knock: the host's join code decides who sits down."""
        self.key = str(key.get_fingerprint("sha256"))
        return True

    def session_requested(self) -> _SeatSession:
        if self.session is not None:
            raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, "One seat a connection.")
        self.session = _SeatSession(self)
        return self.session

    def touch(self) -> None:
        """The client typed something: it is not idle."""
        self.last_input = asyncio.get_running_loop().time()

    def _schedule_idle_check(self) -> None:
        when = self.last_input + self.server.limits.idle_timeout
        self._idle_timer = asyncio.get_running_loop().call_at(when, self._check_idle)

    def _check_idle(self) -> None:
        if asyncio.get_running_loop().time() - self.last_input >= self.server.limits.idle_timeout:
            minutes = max(1, round(self.server.limits.idle_timeout / 60))
            self.close(f"Closed after {minutes} minute{'s' * (minutes != 1)} without a key: connect again to rejoin.")
        else:
            self._schedule_idle_check()

    def close(self, message: str) -> None:
        """End this connection, telling the client why on its screen if it has one."""
        if self.session is not None and self.session.say_and_end(message):
            asyncio.get_running_loop().call_later(CLOSE_LATER, self.disconnect, message)
        else:
            self.disconnect(message)

    def disconnect(self, message: str) -> None:
        """End this connection now (`ssh` shows `message`); its seat process ends."""
        if self.conn is not None:
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, message)


class _SeatSession(asyncssh.SSHServerSession[bytes]):
    """The session channel: the seat app in its own pty, or a one-line refusal."""

    def __init__(self, connection: _SeatConnection) -> None:
        self.connection = connection
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.command: str | None = None  # an exec request: refused once the session starts
        self.size = (80, 24)
        self.process: PtyProcess | None = None
        self.typed_early = bytearray()  # keys that came before the seat process
        self.gone = False  # the client's channel has closed
        self.ended = False  # we have ended the channel

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: object) -> bool:
        self.terminal_size_changed(*term_size)
        return True

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if width > 0 and height > 0:
            self.size = (width, height)
            if self.process is not None:
                self.process.resize(width, height)

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.command = command
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        assert self.chan is not None
        login = self.connection.login
        if self.command is not None:
            self.say_and_end(f"This table runs no commands: join with `{self._join_line(login)}`.")
            return
        term = self.chan.get_terminal_type()
        if term is None:
            self.say_and_end(f"This table needs a terminal: connect with `{self._join_line(login, '-t ')}`.")
            return
        try:
            ticket = self.connection.server.source.issue_ticket(login, self.connection.key)
        except TableRefusal as refusal:
            self.say_and_end(str(refusal))
            return
        self.connection.server.keep(self._run_seat(ticket, term))

    def _join_line(self, login: str, flags: str = "") -> str:
        """The ssh command line that reaches this seat, as the client connected."""
        assert self.chan is not None
        address, port = self.chan.get_extra_info("sockname")[:2]
        return f"ssh {flags}-p {port} {login}@{address}"

    def _environment(self, term: str) -> dict[str, str]:
        assert self.chan is not None
        env = {name: value for name, value in os.environ.items() if name not in HOST_TERMINAL_VARIABLES}
        env["TERM"] = term or DEFAULT_TERM
        sent = self.chan.get_environment()
        for name in CLIENT_VARIABLES:
            if sent.get(name):
                env[name] = str(sent[name])
        return env

    async def _run_seat(self, ticket: str, term: str) -> None:
        """Run the seat process until it ends or the client goes."""
        source = self.connection.server.source
        width, height = self.size
        try:
            self.process = process = await PtyProcess.start(
                source.seat_command(ticket), width, height, self._environment(term), self._show, self._seat_ended,
            )
        except OSError as err:
            self.say_and_end(f"The seat could not start: {err.strerror or err}.")
            return
        if self.size != (width, height):
            process.resize(*self.size)
        if self.typed_early:
            process.write(bytes(self.typed_early))
            self.typed_early.clear()
        if self.gone:
            await process.terminate(self.connection.server.limits.grace)
        await process.wait()

    def _show(self, data: bytes) -> None:
        if self.chan is not None and not self.ended and not self.gone:
            try:
                self.chan.write(data)
            except BrokenPipeError:  # the client went while the seat was still drawing
                self.gone = True

    def _seat_ended(self, status: int) -> None:
        self.end(status if status >= 0 else 128 - status)

    def say_and_end(self, message: str) -> bool:
        """Write a line to the client, then close the channel; False if it has gone."""
        if self.chan is None or self.ended or self.gone:
            return False
        self.chan.write(message.encode() + b"\r\n")
        self.end(1)
        return True

    def end(self, status: int) -> None:
        if self.chan is not None and not self.ended:
            self.ended = True
            self.chan.exit(status)

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.connection.touch()
        if self.process is not None:
            self.process.write(data)
        else:
            self.typed_early += data

    def pause_writing(self) -> None:
        if self.process is not None:
            self.process.pause_reading()

    def resume_writing(self) -> None:
        if self.process is not None:
            self.process.resume_reading()

    def connection_lost(self, exc: Exception | None) -> None:
        """The client has gone (or we closed): the seat process ends too."""
        self.gone = True
        self.connection.session = None
        if self.process is not None:
            self.connection.server.keep(self.process.terminate(self.connection.server.limits.grace))
