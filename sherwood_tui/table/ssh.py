"""The table's SSH door: an SSH server where the login name picks the seat and the
client's public key is who you are. Each connection's session runs the seat app in a
pseudo-terminal of its own (table/pty_bridge.py), sized to the client.

Nothing else is offered: no password, no shell, no commands, no subsystems, no
forwarding. Who gets what (table/door.py has the rules):
- a connection that has not authenticated is one of a small budget, with a few seconds
  to start speaking SSH and `login_grace` to authenticate; a new one displaces the one
  that has made the least progress, so idle sockets never keep a player out;
- a key that holds a seat (or has watched) is known as it authenticates and is served
  whoever else is connected: strangers never count against it;
- any other key is a stranger: it types the join code at a prompt of this door (no seat
  process until it is right), within `code_time`, three tries a connection, a few
  strangers at once; a source (address or key) that keeps failing is refused for a
  growing while, with one line in the host's log. A known key is never refused for it.
Keepalives notice frozen clients; a connection without a key typed for `idle_timeout`
seconds is closed. What a connection may make the host hold is bounded: its window's size
(`fit_window`), its keys (`InputMeter`: a typist's rate; a flood is dropped, and left
unread for a moment, so the client waits), the bytes it may send ahead (`SSH_WINDOW`),
and its seat process's memory (`DoorLimits.seat_memory`: over it, the seat is closed with
one line to its player and one in the host's log).

asyncssh is imported here only: the host imports this module, the app never does."""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import warnings
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, Protocol

with warnings.catch_warnings():  # (asyncssh names DSA keys, which cryptography deprecates:
    warnings.filterwarnings("ignore", message="DSA is deprecated")  # news for its authors, not a host)
    import asyncssh

from sherwood_tui.core.saves import write_atomically
from sherwood_tui.table.door import (
    AUTHENTICATED,
    AUTHENTICATING,
    CODE_TRIES,
    SPEAKING,
    CodeLine,
    DoorLimits,
    InputMeter,
    Penalties,
    Startup,
    Startups,
    fit_window,
    for_a_while,
)
from sherwood_tui.table.protocol import TableRefusal
from sherwood_tui.table.pty_bridge import PtyProcess, watch_memory

DEFAULT_TERM = "xterm-256color"
# The host's own terminal, which says nothing of the client's: not passed to a seat.
HOST_TERMINAL_VARIABLES = ("COLUMNS", "LINES", "COLORTERM", "NO_COLOR", "TERM_PROGRAM", "TERM_PROGRAM_VERSION", "TMUX", "STY")
CLIENT_VARIABLES = ("COLORTERM", "NO_COLOR")  # what a player's ssh may send (SendEnv) of their terminal's colours
VARIABLE_MOST = 64  # bytes of such a variable's value ("truecolor"): asyncssh would keep any number of any size
CLOSE_LATER = 5.0  # seconds a closed seat's connection has for its last words to leave
BACKLOG = 128
# Bytes a client may send on a channel that the host has not taken yet (asyncssh's default
# is 2 MiB): keys are a few bytes each; a client over it waits. A client that sends past
# it is disconnected by asyncssh: before 2.24.1 asyncssh counted only what it had handed
# over, so while a seat's input rested (or before its shell started) a client that
# ignored the window could make the host hold any amount (pyproject.toml's lower bound).
SSH_WINDOW = 65536
# Seconds a connection's input is left unread once it came faster than the meter lets
# through: a flood then costs the host at most a window (64 KiB) each time, and a 1 MB
# paste is swallowed in 4 seconds (the player's next keys wait behind it).
FLOOD_PAUSE = 0.25
# What a seat killed mid-screen leaves on: the alternate screen, mouse reports, bracketed
# paste, focus reports, a hidden cursor (CAN first ends any sequence it was writing).
TERMINAL_RESET = "\x18\x1b[0m\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?2004l\x1b[?1004l\x1b[?25h\x1b[?1049l"
TOO_MANY_JOINING = "Too many people are joining this table at once: try again in a minute."
SUPERSEDED = "This key has connected again from another terminal: this connection is closed."
NO_CODE_IN_TIME = "No join code came in time: connect again to join."
SEAT_OF_ANOTHER_KEY = "This seat is held by another SSH key: connect with that key (ssh -i KEYFILE).\r\n"

log = logging.getLogger("sherwood_tui.table")


class SeatSource(Protocol):
    """What the SSH and web doors need of the host (TableHost has it)."""

    def issue_ticket(self, login: str, key: str) -> str: ...

    def seat_command(self, ticket: str) -> list[str]: ...


class DoorSource(SeatSource, Protocol):
    """What the SSH door needs besides: who is known, and the join code."""

    def recognises(self, key: str) -> bool:
        """Whether `key` holds a seat, or has watched, at this table."""
        ...

    def joining(self, login: str, key: str) -> str | None:
        """None when `key` may take the seat of `login` (or watch) as it is; otherwise the
        heading of its join-code prompt. TableRefusal when it may never have it."""
        ...

    def claim(self, login: str, key: str, code: str) -> bool:
        """Whether `code` is the join code (then `key` holds the seat of `login`, or may
        watch, for good). TableRefusal when the seat has been taken meanwhile."""
        ...

    def holder(self, login: str) -> str | None:
        """The key that holds the seat of `login` (None: a free seat, watching, or no
        seat of that name)."""
        ...


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


def listening_sockets(host: str, port: int) -> list[socket.socket]:
    """Non-blocking sockets listening on every address of `host` at `port` (0: a free
    port, the same for all)."""
    found = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    sockets: list[socket.socket] = []
    try:
        for family, kind, proto, _, address in dict.fromkeys(found):
            sock = socket.socket(family, kind, proto)
            sockets.append(sock)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            if port == 0 and len(sockets) > 1:
                address = (address[0], sockets[0].getsockname()[1], *address[2:])
            sock.bind(address)
            sock.listen(BACKLOG)
            sock.setblocking(False)
    except BaseException:
        for sock in sockets:
            sock.close()
        raise
    return sockets


async def readable(sock: socket.socket) -> None:
    """Until `sock` has something to read (or has been closed by its peer)."""
    loop = asyncio.get_running_loop()
    ready: asyncio.Future[None] = loop.create_future()

    def wake() -> None:
        if not ready.done():
            ready.set_result(None)

    loop.add_reader(sock.fileno(), wake)
    try:
        await ready
    finally:
        loop.remove_reader(sock.fileno())


class SshServer:
    """The running SSH door: `.port`, `.fingerprint`, `close()`."""

    def __init__(self, source: DoorSource, limits: DoorLimits, key: asyncssh.SSHKey,
                 keepalive_interval: float, say: Callable[[str], None]) -> None:
        self.source = source
        self.limits = limits
        self.say = say  # a line for the host's log
        self.fingerprint = str(key.get_fingerprint("sha256"))
        self.port = 0
        self.startups: Startups[Startup] = Startups(limits.startups)
        self.penalties = Penalties()
        self.connections: set[_SeatConnection] = set()  # authenticated, members and strangers
        self.strangers: set[_SeatConnection] = set()  # at the join-code prompt (or about to be)
        self.seats: set[asyncio.Future[object]] = set()  # each session's seat process, to its end
        self.handshakes: set[asyncio.Task[None]] = set()
        self._listeners: list[socket.socket] = []
        self._accepting: list[asyncio.Task[None]] = []
        self.options = asyncssh.SSHServerConnectionOptions(
            server_host_keys=[key], encoding=None, line_editor=False,
            password_auth=False, kbdint_auth=False, host_based_auth=False, gss_host=None,
            agent_forwarding=False, x11_forwarding=False, allow_scp=False,
            keepalive_interval=keepalive_interval, keepalive_count_max=3, login_timeout=limits.login_grace,
            window=SSH_WINDOW,
        )

    def listen(self, sockets: list[socket.socket]) -> None:
        self._listeners = sockets
        self.port = sockets[0].getsockname()[1]
        loop = asyncio.get_running_loop()
        self._accepting = [loop.create_task(self._accept(sock)) for sock in sockets]

    def keep(self, work: Coroutine[object, object, object]) -> None:
        """Run `work` (a seat's life or its end) and let `close` wait for it."""
        task: asyncio.Future[object] = asyncio.ensure_future(work)
        self.seats.add(task)
        task.add_done_callback(self.seats.discard)

    # ----- before authentication ------------------------------------------------------
    async def _accept(self, listener: socket.socket) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                sock, address = await loop.sock_accept(listener)
            except OSError:  # out of descriptors, say: wait for one to come free
                await asyncio.sleep(0.1)
                continue
            self._welcome(sock, str(address[0]))

    def _welcome(self, sock: socket.socket, address: str) -> None:
        """A new connection: one of the startups (displacing the one least far along
        when they are too many), with its handshake's deadlines."""
        startup = Startup(address, asyncio.get_running_loop().time())
        task = asyncio.get_running_loop().create_task(self._handshake(sock, startup))
        startup.drop = task.cancel
        self.handshakes.add(task)
        task.add_done_callback(self.handshakes.discard)
        displaced = self.startups.admit(startup)
        if displaced is not None:
            displaced.drop()

    async def _handshake(self, sock: socket.socket, startup: Startup) -> None:
        """Wait for the first bytes, then let asyncssh run the handshake up to the end of
        authentication; a deadline missed counts against the address."""
        limits = self.limits
        try:
            await asyncio.wait_for(readable(sock), limits.first_bytes)
            if not sock.recv(1, socket.MSG_PEEK):
                return  # closed without a word
            startup.progress = SPEAKING
            await asyncio.wait_for(
                asyncssh.run_server(sock, options=self.options, server_factory=lambda: _SeatConnection(self, startup)),
                limits.login_grace,
            )
        except TimeoutError:
            self.failed(startup.address, "")
        except asyncio.CancelledError:  # displaced, or the door closes
            pass
        except Exception:  # a handshake gone wrong (a client's mistake or an attack): it just ends
            log.debug("an SSH handshake from %s failed", startup.address, exc_info=True)
        finally:
            self.startups.leave(startup)
            if startup.progress != AUTHENTICATED:
                sock.close()

    # ----- at authentication ------------------------------------------------------------
    def refusal(self, connection: _SeatConnection) -> str:
        """Why an authenticating key may not come in now ("": it may). A known key is a
        member; any other key is a stranger, counted among them from now on."""
        if self.source.recognises(connection.key):  # in, always: at worst its own oldest connection gives way
            connection.member = True
            same = sorted((other for other in self.connections if other.key == connection.key), key=lambda other: other.since)
            for oldest in same[: max(0, len(same) - self.limits.per_key + 1)]:
                oldest.close(SUPERSEDED)
            return ""
        wait = max(self.penalties.refused_for(f"address {connection.address}"),
                   self.penalties.refused_for(f"key {connection.key}"))
        if wait > 0:
            return f"Too many failed joins from here: try again in {for_a_while(wait)}."
        if len(self.strangers) >= self.limits.strangers:
            return TOO_MANY_JOINING
        self.strangers.add(connection)
        return ""

    def failed(self, address: str, key: str) -> None:
        """A failed join (a wrong code, an abandoned prompt, a handshake never finished):
        counted against the address and the key; a penalty that starts is logged."""
        for source in (f"address {address}", f"key {key}" if key else ""):
            if source:
                seconds = self.penalties.fail(source)
                if seconds:
                    self.say(f"Refusing new joins from {source} for {for_a_while(seconds)}: "
                             f"{self.penalties.threshold} failed joins in a row.")

    async def close(self, wait: float = 0.0) -> None:
        """Stop listening, give the seats `wait` seconds to end by themselves (the host
        has said goodbye to them: they leave with its message, and put the player's
        terminal back as it was), then drop every connection and wait for their seats."""
        for task in [*self._accepting, *self.handshakes]:
            task.cancel()
        await asyncio.gather(*self._accepting, *self.handshakes, return_exceptions=True)
        for sock in self._listeners:
            sock.close()
        self._accepting, self._listeners = [], []
        if wait > 0 and self.seats:
            await asyncio.wait(list(self.seats), timeout=wait)
        for connection in list(self.connections):
            connection.disconnect("The table has closed.")
        if self.seats:
            await asyncio.gather(*self.seats, return_exceptions=True)


async def start_ssh_server(source: DoorSource, host: str, port: int, host_key: Path, *,
                           limits: DoorLimits | None = None, keepalive_interval: float = 15,
                           say: Callable[[str], None] = log.warning) -> SshServer:
    """Listen on `host`:`port` (0: a free port, see `.port`) with the key kept at
    `host_key` (made on first use); `say` takes the lines of the host's log."""
    key = load_or_make_host_key(host_key)
    server = SshServer(source, limits or DoorLimits(), key, keepalive_interval, say)
    server.listen(listening_sockets(host, port))
    return server


class _SeatConnection(asyncssh.SSHServer):
    """One client connection: its login (the seat), its key (who it is), and whether the
    key is a member (holds a seat or has watched) or a stranger."""

    def __init__(self, server: SshServer, startup: Startup) -> None:
        self.server = server
        self.startup = startup
        self.address = startup.address
        self.conn: asyncssh.SSHServerConnection | None = None
        self.login = ""
        self.key = ""  # the last key offered: once authenticated, the client's key
        self.session: _SeatSession | None = None
        self.member = False  # a known key (or one that has just joined)
        self.admitted = False
        self.told = False  # the client was told that the seat is another key's
        self.failures = 0  # failed joins counted for this connection
        self.last_input = 0.0
        self.since = 0.0  # when it authenticated
        self._timers: list[asyncio.TimerHandle] = []

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn

    def connection_lost(self, exc: Exception | None) -> None:
        self.conn = None
        if self in self.server.strangers and not self.failures:
            self.failed()  # a prompt left without a try
        self.server.connections.discard(self)
        self.server.strangers.discard(self)
        for timer in self._timers:
            timer.cancel()

    def begin_auth(self, username: str) -> bool:
        self.login = username.lower()
        self.startup.progress = AUTHENTICATING
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """Any key may knock, unless strangers are too many or its source is penalised:
        the join code decides who sits down. A key other than the one that holds the
        login's seat is turned down, so that a client offering several keys (an agent's)
        goes on to the seat's own."""
        self.key = str(key.get_fingerprint("sha256"))
        holder = self.server.source.holder(self.login)
        if holder is not None and holder != self.key:  # another key's seat: the client may offer its next key
            if not self.told and self.conn is not None:
                self.told = True
                self.conn.send_auth_banner(SEAT_OF_ANOTHER_KEY)
            return False
        if self.admitted:
            return True
        refusal = self.server.refusal(self)
        if refusal:
            asyncio.get_running_loop().call_soon(self.disconnect, refusal)
            return False
        self.admitted = True
        return True

    def auth_completed(self) -> None:
        """In: off the startups, on the door's connections, its clocks started."""
        self.startup.progress = AUTHENTICATED
        self.server.startups.leave(self.startup)
        self.server.connections.add(self)
        self.touch()
        self.since = self.last_input
        self._schedule_idle_check()
        if not self.member:
            self.start_code_clock()

    def start_code_clock(self) -> None:
        """The stranger (or a member at another seat's prompt) has `code_time` to join."""
        loop = asyncio.get_running_loop()
        self._timers.append(loop.call_later(self.server.limits.code_time, self._code_time_over))

    def _code_time_over(self) -> None:
        if self.conn is not None and not (self.session and self.session.seated):
            if not self.member:
                self.failed()
            self.close(NO_CODE_IN_TIME)

    def failed(self) -> None:
        """A failed join of this connection: counted against its address and key (never
        against a member)."""
        self.failures += 1
        if not self.member:
            self.server.failed(self.address, self.key)

    def joined(self) -> None:
        """The right code: a member from now on, no longer a stranger."""
        self.member = True
        self.server.strangers.discard(self)

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
        self._timers = [timer for timer in self._timers if not timer.cancelled()]
        self._timers.append(asyncio.get_running_loop().call_at(when, self._check_idle))

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
    """The session channel: the join-code prompt if the key must type it, then the seat
    app in its own pty; or a one-line refusal."""

    def __init__(self, connection: _SeatConnection) -> None:
        self.connection = connection
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.command: str | None = None  # an exec request: refused once the session starts
        self.size = (80, 24)
        self.term = DEFAULT_TERM
        self.prompt: CodeLine | None = None  # the join code being typed
        self.tries = 0
        self.seated = False  # the seat process has been asked for
        self.process: PtyProcess | None = None
        self.typed_early = bytearray()  # keys that came before the seat process
        self.gone = False  # the client's channel has closed
        self.ended = False  # we have ended the channel
        self.meter = InputMeter()  # the keys that reach the prompt or the seat
        self.variables: dict[str, str] = {}  # those of CLIENT_VARIABLES the client sent
        self.resting = False  # its input is left unread for a moment (a flood)
        self.draining = False  # ... and is now taking all that asyncssh held meanwhile
        self.flooded = False  # ... of which some was over the meter

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan
        # asyncssh keeps every variable a client sends, as many as it sends: this keeps
        # the few a seat takes (asyncssh looks the request's handler up on the channel)
        chan._process_env_request = self._variable_sent  # type: ignore[method-assign]

    def _variable_sent(self, packet: Any) -> bool:
        """An environment variable the client sends (ssh's SendEnv): kept if it is one of
        CLIENT_VARIABLES, of a sane length; any other is refused."""
        name, value = packet.get_string(), packet.get_string()
        packet.check_end()
        taken = name.decode("utf-8", "replace") in CLIENT_VARIABLES and len(value) <= VARIABLE_MOST
        if taken:
            self.variables[name.decode()] = value.decode("utf-8", "replace")
        return taken

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: object) -> bool:
        self.terminal_size_changed(*term_size)
        return True

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if width > 0 and height > 0:
            self.size = fit_window(width, height)
            if self.process is not None:
                self.process.resize(*self.size)

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.command = command
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        assert self.chan is not None
        connection = self.connection
        login = connection.login
        if self.command is not None:
            self.say_and_end(f"This table runs no commands: join with `{self._join_line(login)}`.")
            return
        term = self.chan.get_terminal_type()
        if term is None:
            self.say_and_end(f"This table needs a terminal: connect with `{self._join_line(login, '-t ')}`.")
            return
        self.term = term
        try:
            heading = connection.server.source.joining(login, connection.key)
        except TableRefusal as refusal:
            connection.failed()
            self.say_and_end(str(refusal))
            return
        if heading is None:
            self._sit_down()
            return
        if connection.member:  # a known key at another seat's prompt: the prompt's clock only
            connection.start_code_clock()
        self.prompt = CodeLine()
        self.typed_early.clear()
        self._write(f"{heading}\r\n\r\nType the join code the host gave you (like 4821-0937), then Enter.\r\n"
                    "It is asked once: this key keeps the seat afterwards.\r\n\r\nJoin code: ")

    def _typed_code(self, data: bytes) -> None:
        """Keys at the join-code prompt: echoed; each Enter checks a code with the host."""
        rest: bytes | None = data
        while rest is not None and self.prompt is not None and not self.ended:
            echo, rest = self.prompt.feed(rest)
            self._write(echo)
            if rest is not None:
                self._entered(self.prompt)

    def _entered(self, prompt: CodeLine) -> None:
        """A line typed at the prompt: the seat if it is the code, or another try."""
        connection = self.connection
        if prompt.left:
            self.say_and_end("Goodbye.")
            return
        code = prompt.text.strip()
        prompt.clear()
        if not code:
            self._write("\r\nJoin code: ")
            return
        try:
            right = connection.server.source.claim(connection.login, connection.key, code)
        except TableRefusal as refusal:
            self.say_and_end(str(refusal))
            return
        if right:
            self.prompt = None
            self._write("\r\n")
            self._sit_down()
            return
        self.tries += 1
        connection.failed()
        if self.tries >= CODE_TRIES:
            self.say_and_end(f"Wrong join code {CODE_TRIES} times: connect again to try again.")
        else:
            self._write("\r\nThat is not the join code: ask the host for it.\r\nJoin code: ")

    def _sit_down(self) -> None:
        """Start the seat process, with a ticket for this key's seat."""
        connection = self.connection
        try:
            ticket = connection.server.source.issue_ticket(connection.login, connection.key)
        except TableRefusal as refusal:
            self.say_and_end(str(refusal))
            return
        self.seated = True
        connection.joined()  # at a seat: no longer a stranger
        connection.server.keep(self._run_seat(ticket, self.term))

    def _write(self, text: str | bytes) -> None:
        """Send to the client's terminal (nothing once it has gone)."""
        if self.chan is not None and not self.ended and not self.gone and text:
            try:
                self.chan.write(text.encode() if isinstance(text, str) else text)
            except BrokenPipeError:  # the client went while the seat was drawing, or we were saying
                self.gone = True

    def _join_line(self, login: str, flags: str = "") -> str:
        """The ssh command line that reaches this seat, as the client connected."""
        assert self.chan is not None
        address, port = self.chan.get_extra_info("sockname")[:2]
        return f"ssh {flags}-p {port} {login}@{address}"

    def _environment(self, term: str) -> dict[str, str]:
        assert self.chan is not None
        env = {name: value for name, value in os.environ.items() if name not in HOST_TERMINAL_VARIABLES}
        env["TERM"] = term or DEFAULT_TERM
        for name in CLIENT_VARIABLES:
            if self.variables.get(name):
                env[name] = self.variables[name]
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
        watch = asyncio.ensure_future(watch_memory(process.pid, process.memory_ceiling(
            self.connection.server.limits.seat_memory)))
        watch.add_done_callback(self._over_memory)
        try:
            await process.wait()
        finally:
            watch.cancel()

    def _over_memory(self, watch: asyncio.Future[int]) -> None:
        """The seat process holds more memory than a seat may: it is killed (it holds
        nothing the host has not), with one line to its player and one in the host's log."""
        if watch.cancelled() or watch.exception() is not None or self.process is None:
            return
        connection = self.connection
        ceiling = connection.server.limits.seat_memory // 2**20
        connection.server.say(f"Closed the seat of {connection.login} (from {connection.address}): its process held "
                              f"{watch.result() // 2**20} MB, over the {ceiling} MB a seat may.")
        self.process.kill()
        self._write(TERMINAL_RESET)
        self.say_and_end(f"\r\nYour seat took more memory than a seat may ({ceiling} MB) and was closed: "
                         "connect again to rejoin.")

    def _show(self, data: bytes) -> None:
        self._write(data)

    def _seat_ended(self, status: int) -> None:
        self.end(status if status >= 0 else 128 - status)

    def say_and_end(self, message: str) -> bool:
        """Write a line to the client, then close the channel; False if it has gone."""
        if self.chan is None or self.ended or self.gone:
            return False
        if self.prompt is not None:  # after the code typed so far
            message = "\r\n" + message
        self._write(message + "\r\n")
        if self.gone:  # the channel was closing already
            return False
        self.end(1)
        return True

    def end(self, status: int) -> None:
        if self.chan is not None and not self.ended:
            self.ended = True
            try:
                self.chan.exit(status)
            except BrokenPipeError:  # the client closed the channel first
                self.gone = True

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.connection.touch()
        dropped = self.meter.dropped
        data = self.meter.take(data)
        if self.meter.dropped > dropped:
            self._rest()
        if self.process is not None:
            self.process.write(data)
        elif self.prompt is not None:
            self._typed_code(data)
        elif len(self.typed_early) < 4096:
            self.typed_early += data

    def _rest(self) -> None:
        """Over the meter: leave the client's input unread for FLOOD_PAUSE (the client
        waits once it has sent a window's worth); while `_wake` takes what was held, the
        next rest waits for its end."""
        if self.chan is None or self.resting:
            return
        if self.draining:
            self.flooded = True
            return
        self.resting = True
        self.chan.pause_reading()
        asyncio.get_running_loop().call_later(FLOOD_PAUSE, self._wake)

    def _wake(self) -> None:
        """The rest is over: all that asyncssh held meanwhile is taken at once (what is
        over the meter dropped), then the input rests again if it was still a flood.
        Resting again after the first piece of it let the host hold more and more:
        asyncssh 2.24.1 gives the client a whole window back as that piece is taken while
        it still holds the others (a 4 MB flood left 2 MB unread on the host)."""
        self.resting = False
        if self.chan is None or self.gone:
            return
        self.draining, self.flooded = True, False
        try:
            self.chan.resume_reading()  # (asyncssh hands over all it holds, now)
        finally:
            self.draining = False
        if self.flooded:
            self._rest()

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
