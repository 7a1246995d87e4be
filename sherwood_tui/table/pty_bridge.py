"""A command in a pseudo-terminal of its own, for a seat over SSH: bytes both ways,
resizes, and an end that never leaves the process behind.

The child is the leader of a new session with the terminal as its controlling terminal,
so it gets SIGWINCH when the size changes and SIGHUP when the terminal goes away, as it
would under a real SSH server. It is forked from the warm seat template
(table/seat_template.py), so it shares the template's imported code and objects.

Our own seat command runs in a seat hall (unless SHERWOOD_TUI_SEATS=fork)
(table/seat_hall.py: several seats in one process, each on its own terminal): the same
terminal, bytes and end, but its signals go through the hall (`ForkedSeat.signal`), its
size is read by the seat's driver, and the memory watched is the hall's (HALL_SEATS
seats' worth).

A seat process may hold SEAT_MEMORY (resident): `watch_memory` tells when it holds more,
and `limit_memory` is the kernel's hard stop behind it (see there why both)."""

from __future__ import annotations

import asyncio
import errno
import fcntl
import os
import pty
import resource
import signal
import struct
import termios
from collections.abc import Callable, Sequence

from sherwood_tui.table.seat_template import HALL_SEATS, ForkedSeat, fork_seat_process, use_halls

TERMINATE_GRACE = 5.0  # seconds a hung-up process has to end before SIGTERM, then SIGKILL
READ_SIZE = 65536
# Typed bytes kept for a terminal that does not take them: a seat reads its keys as it
# handles them, and the door passes 1 KiB a second, so this is a minute of typing to a
# seat that has stopped reading. More is dropped: the host never holds a flood.
PENDING_MOST = 65536
# The resident memory a seat process may hold: a seat holds 50 MB, 80 MB under a flood of
# keys or in a 1000x400 window; a table has a few dozen at most.
SEAT_MEMORY = 256 * 1024 * 1024
MEMORY_CHECK = 1.0  # seconds between two looks at a seat's memory
# The kernel's hard stop (RLIMIT_DATA: the heap and every private writable mapping, which
# is what grows; RLIMIT_AS would count address space a seat reserves and never uses, such
# as each thread's malloc arena): twice the ceiling, so only a seat that grows faster than
# `watch_memory` looks is stopped by it, with a MemoryError, never a clean line.
DATA_LIMIT = 2 * SEAT_MEMORY


def set_terminal_size(fd: int, columns: int, rows: int) -> None:
    """Size the terminal of `fd` (the foreground process gets SIGWINCH)."""
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", max(rows, 1), max(columns, 1), 0, 0))


def limit_memory(pid: int, ceiling: int = DATA_LIMIT) -> None:
    """Cap the data segment of process `pid` (Linux: prlimit; elsewhere nothing: the
    watch alone). Set from the host once the process runs, so nothing runs after fork."""
    prlimit = getattr(resource, "prlimit", None)
    if prlimit is None:
        return
    try:
        _, hard = prlimit(pid, resource.RLIMIT_DATA)
        if hard != resource.RLIM_INFINITY:
            ceiling = min(ceiling, hard)
        prlimit(pid, resource.RLIMIT_DATA, (ceiling, hard))
    except (OSError, ValueError):  # the process has gone already, or may not be limited
        pass


def resident_bytes(pid: int) -> int | None:
    """The resident memory of process `pid` (None: gone, or no /proc to tell)."""
    try:
        with open(f"/proc/{pid}/statm", "rb") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


async def watch_memory(pid: int, ceiling: int, interval: float = MEMORY_CHECK) -> int:
    """Until process `pid` holds more than `ceiling` bytes: then how much it holds. The
    host watches, rather than the kernel stopping a seat on its own, because a seat
    stopped by a failed allocation ends however that allocation's code lets it (maybe
    with no word at all), while here the host closes it and tells its player why. Never
    returns for a process that has gone, or without /proc (cancel it then)."""
    while True:
        await asyncio.sleep(interval)
        held = resident_bytes(pid)
        if held is None:
            await asyncio.Event().wait()
        elif held > ceiling:
            return held


class PtyProcess:
    """A running command on its own pseudo-terminal. `on_output` receives what it writes;
    `on_exit` is called once with its exit status when the terminal closes and the process
    has ended."""

    def __init__(self, process: ForkedSeat, master: int,
                 on_output: Callable[[bytes], None], on_exit: Callable[[int], None]) -> None:
        self.process = process
        self.master: int | None = master
        self._on_output = on_output
        self._on_exit = on_exit
        self._pending = bytearray()  # input the terminal could not take yet
        self._reading = False
        self._finished = asyncio.get_running_loop().create_future()
        self._loop = asyncio.get_running_loop()
        self.resume_reading()

    @classmethod
    async def start(cls, argv: Sequence[str], columns: int, rows: int, env: dict[str, str],
                    on_output: Callable[[bytes], None], on_exit: Callable[[int], None]) -> PtyProcess:
        """Run `argv` in a new terminal of `columns` x `rows` with environment `env`
        (forked by the seat template; TemplateGone, an OSError, if it cannot)."""
        master, slave = pty.openpty()
        try:
            set_terminal_size(slave, columns, rows)
            os.set_blocking(master, False)
            process = await fork_seat_process(argv, env, [slave], hall=use_halls())
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        if not process.in_hall:  # (a hall's limit would be its other seats')
            limit_memory(process.pid)
        return cls(process, master, on_output, on_exit)

    @property
    def pid(self) -> int:
        """The seat's process (a hall's seat: the hall)."""
        return self.process.pid

    def memory_ceiling(self, seat_memory: int) -> int:
        """The resident memory the seat's process may hold: `seat_memory`, or a whole
        hall's worth for a seat in a hall."""
        return seat_memory * HALL_SEATS if self.process.in_hall else seat_memory

    def write(self, data: bytes) -> None:
        """Type `data` on the terminal (kept in order if the terminal is full)."""
        if self.master is None:
            return
        room = PENDING_MOST - len(self._pending)  # a seat that does not read: dropped
        if room <= 0:
            return
        was_pending = bool(self._pending)
        self._pending += data[:room]
        if not was_pending:
            self._flush()

    def _flush(self) -> None:
        if self.master is None:
            return
        try:
            written = os.write(self.master, self._pending)
        except BlockingIOError:
            written = 0
        except OSError:  # the child has closed the terminal: nothing will read this
            written = len(self._pending)
        del self._pending[:written]
        if self._pending:
            self._loop.add_writer(self.master, self._flush)
        else:
            self._loop.remove_writer(self.master)

    def resize(self, columns: int, rows: int) -> None:
        """Follow the client's new size."""
        if self.master is not None:
            set_terminal_size(self.master, columns, rows)

    def pause_reading(self) -> None:
        """Stop reading the output (the client is slow): the child blocks when the
        terminal is full instead of the server buffering without end."""
        if self.master is not None and self._reading:
            self._loop.remove_reader(self.master)
            self._reading = False

    def resume_reading(self) -> None:
        if self.master is not None and not self._reading:
            self._loop.add_reader(self.master, self._read)
            self._reading = True

    def _read(self) -> None:
        assert self.master is not None
        try:
            data = os.read(self.master, READ_SIZE)
        except BlockingIOError:
            return
        except OSError as err:  # EIO: every process on the terminal has closed it
            if err.errno != errno.EIO:
                raise
            data = b""
        if data:
            self._on_output(data)
        else:
            self._close_terminal()
            asyncio.ensure_future(self._report_exit())

    def _close_terminal(self) -> None:
        """Close our side: the terminal hangs up (the session gets SIGHUP)."""
        if self.master is None:
            return
        self.pause_reading()
        self._loop.remove_writer(self.master)
        os.close(self.master)
        self.master = None

    async def _report_exit(self) -> None:
        status = await self.process.wait()
        if not self._finished.done():
            self._finished.set_result(status)
            self._on_exit(status)

    async def wait(self) -> int:
        """The exit status, once the process has ended and its terminal closed."""
        return await asyncio.shield(self._finished)

    async def terminate(self, grace: float = TERMINATE_GRACE) -> int:
        """End the process as a dropped connection does: hang up its terminal, then
        SIGTERM and at last SIGKILL its process group if it lingers. Returns its status."""
        self._close_terminal()
        for next_signal in (signal.SIGTERM, signal.SIGKILL):
            try:
                await asyncio.wait_for(asyncio.shield(self.process.wait()), grace)
                break
            except TimeoutError:
                self._signal_group(next_signal)
        await self._report_exit()
        return await self.wait()

    def kill(self) -> None:
        """End the process (and its group) at once: SIGKILL, its terminal hung up."""
        self._signal_group(signal.SIGKILL)
        self._close_terminal()
        asyncio.ensure_future(self._report_exit())

    def _signal_group(self, number: int) -> None:
        """Signal the whole group (the seat and anything it started; a hall's seat, that
        seat alone), unless it has ended (its number may be another's by now)."""
        self.process.signal(number)
