"""Seat processes forked from a warm template, so that each added seat or spectator costs
the host only the memory it writes, not a whole Python with Textual and the games.

The template is one process per host, started on the first seat (or by `warm`): it
imports what a seat runs, collects and freezes its objects (`gc.freeze`: later
collections leave their pages alone, so they stay shared), then waits. For each seat the
host sends it the command line, the environment and the seat's terminal (or pipes) over
a Unix socket; the template forks a child, which becomes the leader of a new session on
that terminal (its controlling terminal) and runs the command, and sends the child's pid
and, once it has ended, its exit status on a socket of that seat's own.

A command that is not `sherwood_tui`'s own (a test's script), or one that plays on the
player's own data (`--assets`: the template has read the built-in data as it imported
the rules), is run by `exec` in the child: every seat starts the same way, whatever it
runs.

A seat over SSH or in a browser (our own command, on a terminal or on pipes) goes to a
seat hall (SHERWOOD_TUI_SEATS=fork: a process of its own instead) (table/seat_hall.py): a child of the template that runs
up to HALL_SEATS seats at once, each in a thread on its own terminal, so that the pages
a seat touches are copied once per hall, not once per seat. The template keeps count of
each hall's seats (the hall says when one ends), gives a new seat to the first hall with
room, forks another when none has, and closes a hall LINGER seconds after its last seat.

Nothing is left behind: the children are on their terminals as before (a hang-up ends
them, `killpg` reaches their groups; a hall's seat is signalled through its status
socket); the template ends when the host's end of its socket closes (the host ended,
however it ended) or LINGER seconds after its last seat, and reaps its children
meanwhile."""

from __future__ import annotations

import array
import asyncio
import atexit
import contextlib
import json
import os
import select
import socket
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

# How a command line names our own program: it runs inside the template's child.
OWN_PROGRAM = ("-m", "sherwood_tui")
MESSAGE_MOST = 1 << 20  # bytes of one request (a command line and an environment)
FDS_MOST = 4  # descriptors of one request: a terminal, or stdin, stdout and stderr; and the seat's status socket
STATUS = struct.Struct("!q")  # the child's pid, then its exit status (as asyncio's returncode)
GONE_STATUS = 255  # the status of a seat whose template went before telling it
# Seconds the template waits without seats before it ends (a host without seats holds
# no template; the next seat starts another, paying the imports once more).
LINGER = 5.0
# The most seats a hall runs at once. Its seats share one core (Python's lock), and a
# hall's crash would end them all. Measured (docs/contributors/benchmarks.md: 25 players
# at 5 tables of `serve`): 5 a hall answered keys as fast as one process a seat, 16 a
# hall did not (its threads contend for the lock: the seats' CPU went up by 40%).
HALL_SEATS = 5
SEATS_VARIABLE = "SHERWOOD_TUI_SEATS"  # "fork": every seat a process of its own; otherwise seats in halls
# The modules a seat imports, imported by the template once for all its seats (with
# every module of the games, the rules layer and the screens: `WARM_PACKAGES`).
WARM_MODULES = (
    "sherwood_tui.commands",
    "sherwood_tui.commands.play",
    "sherwood_tui.table.seat_app",
    "sherwood_tui.table.seat_hall",
    "sherwood_tui.table.wire",
    "textual.drivers.linux_driver",
    "textual.drivers.web_driver",
    "textual.drivers.headless_driver",
    "textual.layouts.factory",
    "textual.layouts.horizontal",
    "textual.layouts.stream",
    "textual.scrollbar",
    "textual.pilot",
    "pydantic.dataclasses",
)
WARM_PACKAGES = ("sherwood_tui.core", "sherwood_tui.games", "sherwood_tui.ui")


class TemplateGone(OSError):
    """The template could not be reached, or ended before starting the seat."""


# ----- in the template ----------------------------------------------------------------------
def warm_up() -> None:
    """Import what a seat runs, draw the app's first screen once (Textual's and Rich's
    caches fill), then collect and freeze: the objects made so far are never touched by
    a collection again, so their pages stay shared."""
    import gc
    import importlib
    import pkgutil

    for name in WARM_MODULES:
        importlib.import_module(name)
    for package_name in WARM_PACKAGES:
        package = importlib.import_module(package_name)
        for module in pkgutil.walk_packages(package.__path__, package_name + "."):
            with contextlib.suppress(ImportError):
                importlib.import_module(module.name)
    draw_once()
    gc.collect()
    gc.freeze()


def draw_once() -> None:
    """Run the app headless until its picker is drawn (what every seat's start fills:
    the parsed stylesheet, the cell widths of Unicode, the compiled styles). Playing the
    first moves of every game here as well (16 s more) left a seat's own memory as it
    was (20 MB): what a seat writes is its own screens' objects and the reference counts
    and specialised code of the shared ones, not caches it could share."""
    from sherwood_tui.ui.app import SherwoodApp

    class FirstScreen(SherwoodApp):
        def on_mount(self) -> None:
            self.call_later(lambda: self.screen.call_after_refresh(self.exit))

    with contextlib.suppress(Exception):
        FirstScreen().run(headless=True, size=(80, 24))


def receive(control: socket.socket) -> tuple[dict[str, Any], list[int]] | None:
    """One request and its descriptors (None: the host has gone)."""
    fds = array.array("i")
    message, ancillary, _, _ = control.recvmsg(MESSAGE_MOST, socket.CMSG_SPACE(FDS_MOST * fds.itemsize))
    for level, kind, data in ancillary:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            fds.frombytes(data[: len(data) - len(data) % fds.itemsize])
    if not message:
        for fd in fds:
            os.close(fd)
        return None
    return json.loads(message), list(fds)


@dataclass
class HallPlace:
    """The template's end of a hall: its socket, and how many seats it runs."""

    pid: int
    control: socket.socket
    seats: int = 0
    idle_since: float | None = None  # when its last seat ended (None: it has seats)


def serve(control_fd: int) -> None:
    """The template's loop: fork a seat for each request (or give it to a hall), report
    each seat's end, until the host's end of the control socket closes."""
    control = socket.socket(fileno=control_fd)
    poll = select.poll()
    poll.register(control_fd, select.POLLIN)
    children: dict[int, tuple[int, int]] = {}  # pidfd: (pid, status socket; -1 for a hall)
    halls: dict[int, HallPlace] = {}  # a hall's socket's fd: the hall
    try:
        while True:
            ready = poll.poll(next_wait(children, halls))
            if not ready and not children:
                return
            for fd, _ in ready:
                if fd == control_fd:
                    try:
                        request = receive(control)
                    except (OSError, ValueError):
                        request = None
                    if request is None:
                        return
                    if request[0].get("hall") and len(request[1]) in (2, 4):
                        seat_in_hall(control, *request, children, halls, poll)
                        continue
                    started = fork_seat(control, *request, children)
                    if started is not None:
                        poll.register(started, select.POLLIN)
                elif fd in halls:
                    hall = halls[fd]
                    try:
                        told = hall.control.recv(64)
                    except OSError:
                        told = b""
                    hall.seats -= len(told)
                    if not told:  # the hall has gone
                        poll.unregister(fd)
                        halls.pop(fd).control.close()
                    elif hall.seats <= 0:
                        hall.seats, hall.idle_since = 0, time.monotonic()
                elif fd in children:
                    poll.unregister(fd)
                    pid, status_fd = children.pop(fd)
                    os.close(fd)
                    _, status = os.waitpid(pid, 0)
                    if status_fd >= 0:
                        with contextlib.suppress(OSError):
                            os.write(status_fd, STATUS.pack(os.waitstatus_to_exitcode(status)))
                        os.close(status_fd)
            for fd, hall in list(halls.items()):  # a hall LINGER s without seats: closed (it ends)
                if hall.idle_since is not None and time.monotonic() - hall.idle_since >= LINGER:
                    poll.unregister(fd)
                    halls.pop(fd).control.close()
    finally:
        for hall in halls.values():
            hall.control.close()
        for pidfd, (pid, status_fd) in children.items():  # the host has gone: no one to tell
            os.close(pidfd)
            if status_fd >= 0:
                os.close(status_fd)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, 0)


def next_wait(children: dict[int, tuple[int, int]], halls: dict[int, HallPlace]) -> float | None:
    """How long the template's loop may wait (ms): until a hall's LINGER ends, or its
    own (it has no children), or for ever."""
    if not children:
        return LINGER * 1000
    idle = [hall.idle_since for hall in halls.values() if hall.idle_since is not None]
    if not idle:
        return None
    return max(0.0, (min(idle) + LINGER - time.monotonic()) * 1000) + 1


def seat_in_hall(control: socket.socket, request: dict[str, Any], fds: list[int],
                 children: dict[int, tuple[int, int]], halls: dict[int, HallPlace], poll: select.poll) -> None:
    """Give a seat's request to the first hall with room, or to a new one."""
    message = json.dumps({"argv": request.get("argv"), "env": request.get("env")}).encode()
    try:
        for place in [*[hall for hall in halls.values() if hall.seats < HALL_SEATS], None]:
            hall = fork_hall(control, children, halls, poll) if place is None else place
            try:
                hall.control.sendmsg([message], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", fds))])
            except OSError:  # it has gone, or is ending
                continue
            hall.seats += 1
            hall.idle_since = None
            return
    finally:
        for fd in fds:
            os.close(fd)


def fork_hall(control: socket.socket, children: dict[int, tuple[int, int]], halls: dict[int, HallPlace],
              poll: select.poll) -> HallPlace:
    """Fork a seat hall (table/seat_hall.py), in a session of its own."""
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    pid = os.fork()
    if pid == 0:  # the hall: never returns into the loop
        status = 70
        try:
            ours.close()
            for other in halls.values():
                os.close(other.control.detach())
            close_template(control, children)
            status = run_hall(theirs.detach())
        finally:
            os._exit(status)
    theirs.close()
    pidfd = os.pidfd_open(pid)
    children[pidfd] = (pid, -1)
    poll.register(pidfd, select.POLLIN)
    hall = halls[ours.fileno()] = HallPlace(pid, ours)
    poll.register(ours.fileno(), select.POLLIN)
    return hall


def run_hall(control_fd: int) -> int:
    """In a child: a session of its own (no terminal), then the hall's loop."""
    import gc

    gc.enable()
    os.setsid()
    from sherwood_tui.table.seat_hall import hall_main

    return hall_main(control_fd)


def fork_seat(control: socket.socket, request: dict[str, Any], fds: list[int],
              children: dict[int, tuple[int, int]]) -> int | None:
    """Fork the child of one request; its pidfd (None: a request that is not one)."""
    if len(fds) not in (2, 4) or not isinstance(request.get("argv"), list) or not isinstance(request.get("env"), dict):
        for fd in fds:
            os.close(fd)
        return None
    *streams, status_fd = fds
    pid = os.fork()
    if pid == 0:  # the child: never returns into the loop
        status = 70
        try:
            close_template(control, children)
            status = run_child(request["argv"], request["env"], streams, status_fd)
        finally:
            os._exit(status)
    for fd in streams:
        os.close(fd)
    with contextlib.suppress(OSError):
        os.write(status_fd, STATUS.pack(pid))
    pidfd = os.pidfd_open(pid)
    children[pidfd] = (pid, status_fd)
    return pidfd


def close_template(control: socket.socket, children: dict[int, tuple[int, int]]) -> None:
    """In a child: let go of the template's descriptors (detached first, so that no
    object closes a number the child reuses later)."""
    os.close(control.detach())
    for pidfd, (_, status_fd) in children.items():
        os.close(pidfd)
        if status_fd >= 0:
            os.close(status_fd)
    children.clear()


def run_child(argv: list[str], env: dict[str, str], streams: list[int], status_fd: int) -> int:
    """In a child: a session of its own on its terminal (or pipes), the environment given,
    then the command. Its exit status."""
    import fcntl
    import gc
    import termios

    gc.enable()
    os.close(status_fd)
    os.setsid()
    targets = streams * 3 if len(streams) == 1 else streams
    for target, fd in zip(targets, (0, 1, 2), strict=True):
        os.dup2(target, fd)
    for fd in set(streams):
        if fd > 2:
            os.close(fd)
    if len(streams) == 1:
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    os.environ.clear()
    os.environ.update(env)
    if not runs_here(argv):
        os.execvpe(argv[0], argv, env)
    return run_own(argv[3:])


def runs_here(argv: Sequence[str]) -> bool:
    """Whether `argv` runs in the template's child: our own program, by this Python, on
    the built-in data (a game's rules read their data as they are imported, which the
    template has done: `--assets` needs a process of its own, by `exec`)."""
    return (list(argv[:3]) == [sys.executable, *OWN_PROGRAM]
            and not any(arg == "--assets" or arg.startswith("--assets=") for arg in argv[3:]))


def run_own(args: list[str]) -> int:
    """Run `sherwood_tui ARGS` here, on fresh standard streams (the environment is read
    again where Textual read it as it was imported)."""
    import importlib
    import io

    import textual.constants

    importlib.reload(textual.constants)
    streams: list[io.TextIOWrapper[Any]] = [
        io.TextIOWrapper(io.BufferedReader(io.FileIO(0, "r", closefd=False)), encoding="utf-8", errors="replace")]
    for fd in (1, 2):
        streams.append(io.TextIOWrapper(io.BufferedWriter(io.FileIO(fd, "w", closefd=False)), encoding="utf-8",
                                        errors="backslashreplace", line_buffering=os.isatty(fd)))
    sys.stdin, sys.stdout, sys.stderr = streams
    sys.__stdin__, sys.__stdout__, sys.__stderr__ = streams  # type: ignore[misc]
    sys.argv = ["sherwood-tui", *args]
    from sherwood_tui.__main__ import main

    try:
        status = main(args)
    except SystemExit as exit_:
        status = exit_.code if isinstance(exit_.code, int) else 1
    except BaseException:  # said on the seat's own terminal, as Python would
        import traceback

        traceback.print_exc()
        status = 1
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    return status


def run_in_place(command: Sequence[str]) -> None:
    """End this process by running `command` in it, if it is our own program: a process
    forked from the template that goes on as another of our commands (a server's lobby
    becoming a seat) keeps sharing the template's memory, where `exec` would start a
    whole Python again (36 MB of its own). Returns at once for any other command (and
    for one on the player's own data: see `runs_here`).

    In a seat hall (table/seat_hall.py) the seat's thread goes on as `command` (it
    never returns): there is no process of its own to replace."""
    from sherwood_tui.table import seat_hall

    if seat_hall.current_seat() is not None:
        if not runs_here(command):
            print("This seat cannot go on here: connect again.", file=sys.stderr)
            raise SystemExit(1)
        raise seat_hall.Become(list(command[3:]))
    if not runs_here(command):
        return
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(run_own(list(command[3:])))


def template_main() -> None:
    """`python -m sherwood_tui.table.seat_template FD`: warm up, then serve."""
    import gc

    gc.disable()  # no collection while warming up: fewer holes for the seats to fill (and copy)
    control_fd = int(sys.argv[1])
    warm_up()
    serve(control_fd)


# ----- in the host ------------------------------------------------------------------------------
class SeatTemplate:
    """The host's end of a template process: started on first use, and again if it has
    gone; `request` may be called from any thread or event loop."""

    def __init__(self) -> None:
        self.process: subprocess.Popen[bytes] | None = None
        self.control: socket.socket | None = None
        self._lock = threading.Lock()

    def start(self) -> None:
        """Start the template (it warms up on its own: requests wait in its socket)."""
        with self._lock:
            self._start()

    def _start(self) -> None:
        if self.process is not None and self.process.poll() is None and self.control is not None:
            return
        self._close()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "sherwood_tui.table.seat_template", str(theirs.fileno())],
                pass_fds=[theirs.fileno()], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL, start_new_session=True,  # the host's Ctrl-C is not the seats'
            )
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        self.control = ours
        threading.Thread(target=self.process.wait, name="seat template reaper", daemon=True).start()

    def request(self, argv: Sequence[str], env: dict[str, str], streams: Sequence[int],
                hall: bool = False) -> socket.socket:
        """Ask for a seat running `argv` with `env` on `streams` (a terminal, or stdin,
        stdout and stderr), in a hall (`hall`: our own command on a terminal) or forked:
        the seat's status socket (its pid, then its exit status). The descriptors stay
        the caller's (the template has its own copies)."""
        message = json.dumps({"argv": list(argv), "env": env, "hall": hall}).encode()
        if len(message) > MESSAGE_MOST:
            raise TemplateGone("the seat's command and environment are too long")
        mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            fds = array.array("i", [*streams, theirs.fileno()])
            with self._lock:
                for attempt in (1, 2):
                    self._start()
                    assert self.control is not None
                    try:
                        self.control.sendmsg([message], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, fds)])
                        break
                    except OSError:
                        self._close()
                        if attempt == 2:
                            raise TemplateGone("the seat template has gone") from None
        except BaseException:
            mine.close()
            raise
        finally:
            theirs.close()
        return mine

    def _close(self) -> None:
        if self.control is not None:
            self.control.close()
            self.control = None
        if self.process is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(5)
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
            self.process = None

    def close(self) -> None:
        """End the template (seats it started run on to their own ends)."""
        with self._lock:
            self._close()


class ForkedSeat:
    """A seat process forked by the template: `pid`, `returncode`, `wait()`; like the
    asyncio Process it replaces (`stdin`, `stdout` and `stderr` when it runs on pipes).
    A seat in a hall (`in_hall`) has the hall's pid."""

    def __init__(self, pid: int, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 in_hall: bool = False) -> None:
        self.pid = pid
        self.in_hall = in_hall
        self.returncode: int | None = None
        self.stdin: asyncio.StreamWriter | None = None
        self.stdout: asyncio.StreamReader | None = None
        self.stderr: asyncio.StreamReader | None = None
        self._writer = writer
        self._ended = asyncio.ensure_future(self._watch(reader))

    async def _watch(self, reader: asyncio.StreamReader) -> int:
        try:
            status = STATUS.unpack(await reader.readexactly(STATUS.size))[0]
        except (asyncio.IncompleteReadError, OSError):  # the template has gone: wait for the seat itself
            status = await gone(self.pid)
        finally:
            self._writer.close()
        self.returncode = int(status)
        return self.returncode

    async def wait(self) -> int:
        """Its exit status, once it has ended."""
        return await asyncio.shield(self._ended)

    def signal(self, number: int) -> None:
        """Send signal `number` to the seat (unless it has ended: its pid may be another's
        by now): to its process group, or, in a hall, through its status socket (the hall
        stops that seat alone)."""
        if self.returncode is not None:
            return
        if self.in_hall:
            with contextlib.suppress(Exception):
                self._writer.write(STATUS.pack(number))
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.pid, number)


async def gone(pid: int) -> int:
    """Once process `pid` (not ours to reap) has ended: GONE_STATUS."""
    try:
        pidfd = os.pidfd_open(pid)
    except ProcessLookupError:
        return GONE_STATUS
    loop = asyncio.get_running_loop()
    ended: asyncio.Future[None] = loop.create_future()

    def end() -> None:
        if not ended.done():
            ended.set_result(None)

    loop.add_reader(pidfd, end)
    try:
        await ended
    finally:
        loop.remove_reader(pidfd)
        os.close(pidfd)
    return GONE_STATUS


_TEMPLATE = SeatTemplate()


def warm() -> None:
    """Start the template now (a host does as it opens), so the first seat waits less."""
    _TEMPLATE.start()


atexit.register(_TEMPLATE.close)


def use_halls() -> bool:
    """Whether seats go to seat halls (the default; SHERWOOD_TUI_SEATS=fork: one process
    a seat, for comparison)."""
    return os.environ.get(SEATS_VARIABLE, "hall") != "fork"


async def fork_seat_process(argv: Sequence[str], env: dict[str, str], streams: Sequence[int],
                            hall: bool = False) -> ForkedSeat:
    """A seat process running `argv` with `env` on `streams` (one terminal, or stdin,
    stdout and stderr, which stay the caller's to close), forked by the template, in a
    session of its own (a terminal becomes its controlling terminal); or, with `hall`
    (our own command), a seat in a seat hall. TemplateGone if the template fails it."""
    hall = hall and runs_here(argv)
    for attempt in (1, 2):  # a template that ended as the request came: another one
        status_socket = _TEMPLATE.request(argv, env, streams, hall)
        reader, writer = await asyncio.open_unix_connection(sock=status_socket)
        try:
            pid = STATUS.unpack(await reader.readexactly(STATUS.size))[0]
        except (asyncio.IncompleteReadError, OSError):
            writer.close()
            if attempt == 2:
                raise TemplateGone("the seat template ended before starting the seat") from None
        else:
            return ForkedSeat(int(pid), reader, writer, in_hall=hall)
    raise AssertionError("unreachable")


async def fork_piped_seat(argv: Sequence[str], env: dict[str, str], limit: int = 2**16) -> ForkedSeat:
    """A seat process on pipes (a browser seat's: textual-serve's driver; in a hall, as
    `use_halls` says), with asyncio `stdin`, `stdout` and `stderr` as asyncio's own
    subprocesses have."""
    loop = asyncio.get_running_loop()
    pipes = [os.pipe() for _ in range(3)]
    theirs = [pipes[0][0], pipes[1][1], pipes[2][1]]
    try:
        seat = await fork_seat_process(argv, env, theirs, hall=use_halls())
    except BaseException:
        for fd in (pipes[0][1], pipes[1][0], pipes[2][0]):
            os.close(fd)
        raise
    finally:
        for fd in theirs:
            os.close(fd)
    write_pipe = os.fdopen(pipes[0][1], "wb", buffering=0)
    transport, protocol = await loop.connect_write_pipe(lambda: asyncio.streams.FlowControlMixin(loop=loop), write_pipe)
    seat.stdin = asyncio.StreamWriter(transport, protocol, None, loop)
    for fd, name in ((pipes[1][0], "stdout"), (pipes[2][0], "stderr")):
        reader = asyncio.StreamReader(limit=limit, loop=loop)
        await loop.connect_read_pipe(lambda reader=reader: asyncio.StreamReaderProtocol(reader, loop=loop),  # type: ignore[misc]
                                     os.fdopen(fd, "rb", buffering=0))
        setattr(seat, name, reader)
    return seat


if __name__ == "__main__":
    template_main()
