"""A seat hall: several seats' apps in one process, so that each added seat or spectator
costs only its own objects (its app, stylesheet, widgets and buffers).

Why: a process forked from the warm seat template (table/seat_template.py) still comes to
own 18 MB of the template's pages, because Python 3.11 writes reference counts and its
specialised code's caches into every object and code object it touches. A hall is one
such child that runs up to `seat_template.HALL_SEATS` seats at once: the pages its seats
touch are copied once for all of them.

How: each seat runs our own command line (`sherwood_tui seat ...` or `lobby ...`) as a
process would, by `sherwood_tui.__main__.main`, in a thread of its own (Textual's
`App.run` gives it an event loop of its own). What a process has once and a seat needs
its own is given per thread (`prepare_hall`):

- its terminal: the standard streams are routed to the seat's own pseudo-terminal (a
  browser seat: its pipes), and its app's driver (`HallDriver`; a browser seat's,
  `HallWebDriver`, textual-serve's) reads and writes those, never the hall's;
- Textual's settings read from the environment as it is imported (its driver and its
  colours: a browser seat's are textual-serve's) are the seat's (`SeatConstants`);
- its size: a hall's seats have no controlling terminal (SIGWINCH is the process's
  anyway), so the driver looks at its terminal's size (TIOCGWINSZ) every `SIZE_POLL` s;
- its environment (TERM, NO_COLOR, COLORTERM...): `os.environ` is the seat's own in
  its thread, the hall's elsewhere;
- no signal handlers: Textual's drivers install some (a process's, and only the main
  thread may: a seat's event loop takes none, `SeatLoop`), the app its SIGTERM and SIGHUP
  handling (ui/lifecycle.py skips it in a thread, and its shutdown watchdog, which would
  end the whole process);
- going on as another command (a lobby becoming a seat and back): `Become` unwinds the
  seat's thread to its start, which runs the next command, never `exec` (which would
  replace the hall);
- no `gc.freeze` as an app starts: it would freeze the other seats' objects too, and
  their screens, once replaced, would never be collected (the template froze what all
  share before forking the hall).

The host still sees one seat per request, as with a forked seat: its start (the hall's
pid) and its end with an exit status, on the seat's status socket, where the host may
also send a signal's number: SIGTERM or SIGHUP ask the seat's app to stop (as the
signal would), SIGKILL ends the seat at once for the host (its thread finishes on its
own, its terminal hung up). A hung-up terminal ends its seat's app (end of input), and
nothing else. A seat whose app crashes ends alone, with the one crash line on its own
terminal (the traceback, without local values, in the crash file), as a process would.

The hall tells the template one byte for each seat that ends (so it knows how many it
holds), and ends once the template closes its socket and its seats have ended.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import os
import select
import signal
import socket
import sys
import threading
import types
from collections.abc import Iterator, MutableMapping
from functools import partial
from typing import Any

from textual import events
from textual.drivers.web_driver import WebDriver
from textual.geometry import Size

from sherwood_tui.table.seat_template import STATUS, receive
from sherwood_tui.ui.lifecycle import SafeLinuxDriver, TerminalOutput, say, write_crash_report

SIZE_POLL = 0.25  # seconds between two looks at a seat's terminal size
SEAT_ENDED = b"e"  # told the template for each seat that ends
EXIT_CRASH = 1

_local = threading.local()  # .seat: the seat whose thread this is


class Become(BaseException):
    """Raised in a seat's thread to go on as another of our commands (`then`: its
    arguments); not an error, so not an Exception."""

    def __init__(self, then: list[str]) -> None:
        super().__init__(then)
        self.then = then


class Seat:
    """One seat of the hall: its command, environment, terminal (three descriptors, as a
    process's standard streams; or a browser seat's three pipes) and status socket; its
    app's driver while one runs."""

    def __init__(self, args: list[str], env: dict[str, str], streams: list[int], status: socket.socket) -> None:
        self.args = args
        self.env = env
        self.status = status
        fds = [streams[0], os.dup(streams[0]), os.dup(streams[0])] if len(streams) == 1 else streams
        self.stdin = io.TextIOWrapper(io.BufferedReader(io.FileIO(fds[0], "r")), encoding="utf-8", errors="replace")
        self.stdout, self.stderr = (
            io.TextIOWrapper(io.BufferedWriter(io.FileIO(fd, "w")), encoding="utf-8", errors="backslashreplace",
                             line_buffering=True) for fd in fds[1:])
        self.driver: HallDriver | HallWebDriver | None = None  # its app's, while one runs
        self.ending: int | None = None  # the exit status the host asked for (a signal's)
        self.reported = False  # its end has been told to the host
        self.watched = False  # the hall's loop reads its status socket (the host's signals)

    def stop(self, number: int) -> None:
        """The host's signal `number`: the seat's app stops as the signal would stop it."""
        self.ending = 128 + number
        driver = self.driver
        if driver is not None:
            with contextlib.suppress(RuntimeError):  # its loop has closed: it is ending anyway
                driver.loop.call_soon_threadsafe(stop_app, driver.app, self.ending)

    def close(self) -> None:
        """Close its terminal (the host's end then reads the end of it)."""
        for stream in (self.stdout, self.stderr, self.stdin):
            with contextlib.suppress(Exception):
                stream.close()


    def constant(self, name: str) -> str | None:
        """Textual's setting `name` (DRIVER or COLOR_SYSTEM) for this seat."""
        if name == "DRIVER":
            web = "web_driver" in self.env.get("TEXTUAL_DRIVER", "")
            return f"{__name__}:{'HallWebDriver' if web else 'HallDriver'}"
        return self.env.get("TEXTUAL_COLOR_SYSTEM", "auto")


def current_seat() -> Seat | None:
    """The seat whose thread this is (None: the hall's own threads, and Textual's)."""
    return getattr(_local, "seat", None)


def stop_app(app: Any, return_code: int) -> None:
    """Stop `app` with `return_code`, saving first if it can (`stop_and_save`)."""
    stop = getattr(app, "stop_and_save", None)
    if stop is not None:
        stop(return_code)
    else:
        app.exit(return_code=return_code)


# ----- what a process has once, given per seat ---------------------------------------------------
class RoutedStream:
    """`sys.stdin`, `stdout` or `stderr` in a hall: the current seat's own (`which`), or
    the hall's for a thread that is no seat's."""

    def __init__(self, which: str, own: Any) -> None:
        self._which = which
        self._own = own

    def _target(self) -> Any:
        seat = current_seat()
        return self._own if seat is None else getattr(seat, self._which)

    def write(self, text: str) -> int:
        return int(self._guarded(self._target().write, text) or 0)

    def flush(self) -> None:
        self._guarded(self._target().flush)

    def _guarded(self, call: Any, *args: Any) -> Any:
        """A seat's terminal that has hung up (EIO) takes nothing more: from then on its
        descriptor is /dev/null (as the driver's output does: ui/lifecycle.TerminalOutput),
        so a last word written after the app (a farewell, the title put back) is dropped,
        not a crash."""
        try:
            return call(*args)
        except OSError:
            null = os.open(os.devnull, os.O_WRONLY)
            try:
                os.dup2(null, self.fileno())
            finally:
                os.close(null)
            with contextlib.suppress(OSError):
                return call(*args)  # (now drains what the failed write left buffered)
        return None

    def fileno(self) -> int:
        return int(self._target().fileno())

    def isatty(self) -> bool:
        return bool(self._target().isatty())

    def __getattr__(self, name: str) -> Any:
        return getattr(self._target(), name)


class SeatEnviron(MutableMapping[str, str]):
    """`os.environ` in a hall: the current seat's own environment, or the hall's."""

    def __init__(self, own: MutableMapping[str, str]) -> None:
        self._own = own

    def _target(self) -> MutableMapping[str, str]:
        seat = current_seat()
        return self._own if seat is None else seat.env

    def __getitem__(self, name: str) -> str:
        return self._target()[name]

    def __setitem__(self, name: str, value: str) -> None:
        self._target()[name] = value

    def __delitem__(self, name: str) -> None:
        del self._target()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._target()))

    def __len__(self) -> int:
        return len(self._target())

    def copy(self) -> dict[str, str]:
        return dict(self._target())


class _NoSignals:
    """The `signal` module as Textual's Linux driver sees it in a hall: its handlers are
    never installed (they would be the whole process's, and only the main thread may)."""

    def __getattr__(self, name: str) -> Any:
        return getattr(signal, name)

    def signal(self, *_: Any) -> None:
        return None


def _print_where_it_goes(_: Any) -> contextlib.AbstractContextManager[None]:
    """Textual's redirection of print() while an app runs, in a hall: none (sys.stdout is
    the whole process's; a seat's print goes to its own terminal through RoutedStream)."""
    return contextlib.nullcontext()


class SeatConstants(types.ModuleType):
    """`textual.constants` in a hall: its DRIVER and COLOR_SYSTEM are the current seat's
    (a browser seat's driver and colours are textual-serve's), the rest the hall's."""

    def __getattribute__(self, name: str) -> Any:
        if name in ("DRIVER", "COLOR_SYSTEM"):
            seat = current_seat()
            if seat is not None:
                return seat.constant(name)
        return super().__getattribute__(name)


class SeatLoop(asyncio.SelectorEventLoop):
    """A seat's event loop: signals are the hall's, so a driver's handlers are not taken."""

    def add_signal_handler(self, sig: int, callback: Any, *args: Any) -> None:  # type: ignore[override]
        return None

    def remove_signal_handler(self, sig: int) -> bool:
        return False


class SeatLoopPolicy(asyncio.DefaultEventLoopPolicy):
    def new_event_loop(self) -> asyncio.AbstractEventLoop:
        return SeatLoop() if current_seat() is not None else super().new_event_loop()


def _freeze_nothing() -> None:
    """An app's start-up freeze, in a hall: nothing (see the module's docstring)."""


def prepare_hall() -> None:
    """Make this process a hall (once, before any seat): see the module's docstring."""
    import textual.app
    import textual.constants
    from textual.drivers import linux_driver

    from sherwood_tui.table import seat_app
    from sherwood_tui.ui import app as hot_seat_app

    linux_driver.signal = _NoSignals()  # type: ignore[attr-defined,assignment]
    textual.app.redirect_stdout = _print_where_it_goes  # type: ignore[attr-defined,assignment]
    textual.app.redirect_stderr = _print_where_it_goes  # type: ignore[attr-defined,assignment]
    textual.constants.__class__ = SeatConstants
    asyncio.set_event_loop_policy(SeatLoopPolicy())
    seat_app.IN_PLACE_MOST = sys.maxsize  # every `become` goes on in place (by `Become`), never by exec
    seat_app.freeze_startup_objects = _freeze_nothing  # type: ignore[attr-defined]
    hot_seat_app.freeze_startup_objects = _freeze_nothing
    os.environ = SeatEnviron(os.environ)  # type: ignore[assignment]  # noqa: B003 (routed, not cleared)
    streams: list[Any] = [RoutedStream(which, own) for which, own in
                          (("stdin", sys.stdin), ("stdout", sys.stdout), ("stderr", sys.stderr))]
    sys.stdin, sys.stdout, sys.stderr = streams
    sys.__stdin__, sys.__stdout__, sys.__stderr__ = streams  # type: ignore[misc]


def seat_of_driver(driver: HallDriver | HallWebDriver) -> Seat:
    """The seat whose thread makes `driver` (which it holds while its app runs)."""
    seat = current_seat()
    if seat is None:
        raise RuntimeError("a hall's driver runs in a seat's thread")
    seat.driver = driver
    return seat


class HallWebDriver(WebDriver):
    """textual-serve's driver (a browser seat's), on the seat's own pipes (Textual's
    reads them as sys.__stdin__ and sys.__stdout__, routed): the end of its input ends
    the app (a process would have been killed)."""

    def __init__(self, app: Any, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.seat = seat_of_driver(self)
        if self.seat.ending is not None:
            self.loop.call_soon(stop_app, app, self.seat.ending)

    @property
    def app(self) -> Any:
        return self._app

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        return self._loop

    def run_input_thread(self) -> None:
        try:
            super().run_input_thread()
        finally:
            with contextlib.suppress(RuntimeError):  # (its loop has closed: it has ended)
                self.loop.call_soon_threadsafe(stop_app, self.app, 128 + signal.SIGHUP)

    def close(self) -> None:
        super().close()
        if self.seat.driver is self:
            self.seat.driver = None


class HallDriver(SafeLinuxDriver):
    """The Linux driver of an app in a hall: its seat's terminal for input and output,
    and that terminal's size looked at every SIZE_POLL s (no SIGWINCH)."""

    def __init__(self, app: Any, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.seat = seat = seat_of_driver(self)
        self.fileno = seat.stdin.fileno()
        self.input_tty = os.isatty(self.fileno)
        self._file = TerminalOutput(seat.stderr)  # type: ignore[assignment]  # (the writer thread is no seat's)
        self._size_seen = (0, 0)
        self._size_timer: Any = None
        if not hasattr(app, "stop_and_save"):  # the end of input (a hang-up) ends any app of ours
            app.stop_and_save = partial(_exit_app, app)
        if seat.ending is not None:  # the host asked it to end before this app began
            self.loop.call_soon(stop_app, app, seat.ending)

    def _get_terminal_size(self) -> tuple[int, int]:
        try:
            size = os.get_terminal_size(self.fileno)
        except OSError:
            return 80, 24
        return size.columns or 80, size.lines or 24

    def start_application_mode(self) -> None:
        super().start_application_mode()  # type: ignore[no-untyped-call]
        self._size_seen = self._get_terminal_size()
        self._size_timer = self.loop.call_later(SIZE_POLL, self._look_at_size)

    def _look_at_size(self) -> None:
        size = self._get_terminal_size()
        if size != self._size_seen and not self._in_band_window_resize:
            self._size_seen = size
            self.app.post_message(events.Resize(Size(*size), Size(*size)))
        self._size_timer = self.loop.call_later(SIZE_POLL, self._look_at_size)

    def disable_input(self) -> None:
        if self._size_timer is not None:
            self._size_timer.cancel()
            self._size_timer = None
        super().disable_input()

    def close(self) -> None:
        super().close()
        if self.seat.driver is self:
            self.seat.driver = None


def _exit_app(app: Any, return_code: int) -> None:
    """How an app without `stop_and_save` (the lobby's) stops: `exit` alone."""
    app.exit(return_code=return_code)


# ----- the hall's own loop --------------------------------------------------------------------
def run_seat(seat: Seat, ended: Any) -> None:
    """A seat's thread: its command, and the next each time it goes on as another, until
    one ends; then `ended(seat, status)`."""
    from sherwood_tui.__main__ import main

    _local.seat = seat
    status = EXIT_CRASH
    args = seat.args
    try:
        while True:
            try:
                status = main(args)
            except Become as going:
                if seat.ending is None:
                    args = going.then
                    continue
                status = seat.ending
            except SystemExit as exit_:
                status = exit_.code if isinstance(exit_.code, int) else EXIT_CRASH
            except BaseException as error:  # one line on its own terminal, the traceback in the crash file
                say(write_crash_report(error))
                status = EXIT_CRASH
            break
        for stream in (seat.stdout, seat.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
    finally:
        _local.seat = None
        ended(seat, status)


class Hall:
    """The hall's loop: seats from the template, signals from the host, ends told."""

    def __init__(self, control: socket.socket) -> None:
        self.control = control
        self.seats: dict[int, Seat] = {}  # status socket fd: seat
        self.lock = threading.Lock()
        self.finished: list[tuple[Seat, int]] = []
        self.wake_read, self.wake_write = os.pipe()
        self.poll = select.poll()

    def serve(self) -> None:
        poll = self.poll
        control_fd = self.control.fileno()
        poll.register(control_fd, select.POLLIN)
        poll.register(self.wake_read, select.POLLIN)
        open_ = True
        while open_ or self.seats:
            for fd, _ in poll.poll():
                if fd == control_fd:
                    open_ = self.take_request()
                    if not open_:
                        poll.unregister(control_fd)
                elif fd == self.wake_read:
                    os.read(self.wake_read, 4096)
                    with self.lock:
                        finished, self.finished = self.finished, []
                    for seat, status in finished:
                        if not seat.reported:
                            self.report(seat, status)
                        seat.close()
                elif fd in self.seats:
                    seat = self.seats[fd]
                    try:
                        asked = seat.status.recv(STATUS.size)
                    except OSError:
                        asked = b""
                    if len(asked) == STATUS.size:
                        number = STATUS.unpack(asked)[0]
                        seat.stop(number)
                        if number == signal.SIGKILL:
                            self.report(seat, -signal.SIGKILL)
                    else:  # the host has let go of it: its terminal says when it ends
                        self.unwatch(seat)

    def take_request(self) -> bool:
        """Start the seat the template sends; False once the template has closed the hall."""
        try:
            request = receive(self.control)
        except (OSError, ValueError):
            return False
        if request is None:
            return False
        message, fds = request
        argv, env = message.get("argv"), message.get("env")
        if len(fds) not in (2, 4) or not isinstance(argv, list) or not isinstance(env, dict):
            for fd in fds:
                os.close(fd)
            self.tell_template()
            return True
        *streams, status_fd = fds
        seat = Seat([str(arg) for arg in argv[3:]], {str(k): str(v) for k, v in env.items()}, streams,
                    socket.socket(fileno=status_fd))
        self.seats[status_fd] = seat
        self.poll.register(status_fd, select.POLLIN)
        seat.watched = True
        with contextlib.suppress(OSError):
            seat.status.sendall(STATUS.pack(os.getpid()))
        threading.Thread(target=run_seat, args=(seat, self.seat_ended), name="seat", daemon=True).start()
        return True

    def seat_ended(self, seat: Seat, status: int) -> None:
        """(In the seat's thread) its command has ended with `status`."""
        with self.lock:
            self.finished.append((seat, status))
        os.write(self.wake_write, b"x")

    def unwatch(self, seat: Seat) -> None:
        """No more signals from the host for `seat` (once its status socket is done)."""
        if seat.watched:
            seat.watched = False
            self.poll.unregister(seat.status.fileno())

    def report(self, seat: Seat, status: int) -> None:
        """Tell the host the seat's status, and the template that it has ended."""
        seat.reported = True
        self.unwatch(seat)
        self.seats.pop(seat.status.fileno(), None)
        with contextlib.suppress(OSError):
            seat.status.sendall(STATUS.pack(status))
        seat.status.close()
        self.tell_template()

    def tell_template(self) -> None:
        with contextlib.suppress(OSError):
            self.control.send(SEAT_ENDED)


def hall_main(control_fd: int) -> int:
    """In a child of the template: be a hall until the template closes `control_fd` and
    the seats have ended."""
    prepare_hall()
    Hall(socket.socket(fileno=control_fd)).serve()
    return 0
