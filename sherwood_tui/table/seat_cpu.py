"""What one seat's screen costs in CPU (`python -m sherwood_tui.table.load_test --seat-replay`).

A recording of what a host sent one seat of a five-player Bleeding Sherwood table played
by the load test's bots (35 messages over 95 s, tests/table/fixtures/seat_cpu.jsonl.gz)
is replayed, one message at a time, into a seat forked from the seat template on a
pseudo-terminal (80x24 unless told). After each message, and after each key the seat's
bot types (as the load test's: once the screen has been still, an arrow key and Enter on
its turn, Enter past a round's summary), the replay waits until the screen is still and
reads the seat's CPU time from /proc (schedstat: nanoseconds). A message is a screen
change when it brings the seat's decision or takes it away (the seat enters or leaves
the status's `waiting_for`), otherwise an in-place feed."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import gzip
import json
import os
import pty
import statistics
import struct
import sys
import tempfile
import termios
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sherwood_tui.table.protocol import SEAT_LINE_LIMIT, encode, read_message

RECORDING = Path(__file__).resolve().parents[2] / "tests" / "table" / "fixtures" / "seat_cpu.jsonl.gz"
STILL = 0.35  # seconds without output: the screen is drawn (and a key may be typed)
MOST = 5.0  # seconds to wait for a screen to be still at the most
DOWN, ENTER = b"\x1b[B", b"\r"


def cpu_ns(pid: int) -> int:
    """The CPU time process `pid` has run, in nanoseconds (schedstat; /proc/PID/stat's ticks
    where it is missing)."""
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        from sherwood_tui.table.load_test import cpu_seconds
        return int(cpu_seconds(pid) * 1e9)


def load_recording(path: Path = RECORDING) -> list[dict[str, Any]]:
    """The messages of a recording (one JSON [seconds, message] a line; gzipped or not)."""
    opener: Any = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt") as lines:
        return [json.loads(line)[1] for line in lines if line.strip()]


def waits_for(message: dict[str, Any], seat: int) -> bool | None:
    """Whether a feed's status waits for `seat` (None: not a feed)."""
    if message.get("type") != "feed":
        return None
    return seat in (message.get("status") or {}).get("waiting_for", [])


@dataclass
class ReplayCosts:
    """CPU milliseconds of each screen change (a feed that brings the seat's decision or takes
    it away), feed in place, arrow key and Enter (which may take the decision) of one replay."""

    to_decision: list[float] = field(default_factory=list)
    to_waiting: list[float] = field(default_factory=list)
    in_place: list[float] = field(default_factory=list)
    arrows: list[float] = field(default_factory=list)
    enters: list[float] = field(default_factory=list)
    total_s: float = 0.0
    out_kb: int = 0


class Terminal:
    """The pty's far end: what the seat writes, and when it last wrote."""

    def __init__(self, master: int) -> None:
        self.master = master
        self.out = 0
        self.last_output = time.monotonic()
        self.tail = b""
        asyncio.get_running_loop().add_reader(master, self._read)

    def _read(self) -> None:
        try:
            chunk = os.read(self.master, 65536)
        except OSError:
            asyncio.get_running_loop().remove_reader(self.master)
            return
        self.out += len(chunk)
        self.tail = (self.tail + chunk)[-20000:]
        self.last_output = time.monotonic()

    async def still(self) -> None:
        deadline = time.monotonic() + MOST
        await asyncio.sleep(0.05)
        while time.monotonic() - self.last_output < STILL and time.monotonic() < deadline:
            await asyncio.sleep(0.05)

    def close(self) -> None:
        with contextlib.suppress(ValueError, OSError):
            asyncio.get_running_loop().remove_reader(self.master)
        os.close(self.master)


async def replay_once(messages: list[dict[str, Any]], size: tuple[int, int] = (80, 24)) -> ReplayCosts:
    """Replay `messages` into a fresh forked seat on a `size` terminal; its costs."""
    from sherwood_tui.table import seat_template
    from sherwood_tui.table.load_test import CSI, TURN
    seat = int(messages[0].get("seat", 0))
    folder = tempfile.mkdtemp(prefix="seat-replay-")
    path = os.path.join(folder, "host.sock")
    connected: asyncio.Queue[asyncio.StreamWriter] = asyncio.Queue()

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await read_message(reader)  # the seat's hello
        await connected.put(writer)
        while await read_message(reader) is not None:  # its actions: the recording answers them
            pass

    server = await asyncio.start_unix_server(serve, path=path, limit=SEAT_LINE_LIMIT)
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "COLORTERM": "truecolor"}
    argv = [sys.executable, "-m", "sherwood_tui", "seat", f"--socket={path}", "--ticket=replay"]
    forked = await seat_template.fork_seat_process(argv, env, [slave])
    os.close(slave)
    terminal = Terminal(master)
    costs = ReplayCosts()
    try:
        writer = await asyncio.wait_for(connected.get(), 60)
        start = cpu_ns(forked.pid)

        async def step(data: bytes, into: list[float], to_seat: bool) -> None:
            before = cpu_ns(forked.pid)
            if to_seat:
                writer.write(data)
                await writer.drain()
            else:
                os.write(master, data)
            await terminal.still()
            into.append((cpu_ns(forked.pid) - before) / 1e6)

        waiting: bool | None = None
        for number, message in enumerate(messages):
            now = waits_for(message, seat)
            first = number < 2  # the welcome and the first feed: the seat's first screen
            kind = costs.in_place if now is None or now == waiting else costs.to_decision if now else costs.to_waiting
            if first:
                kind = []
            await step(encode(message), kind, to_seat=True)
            waiting = now if now is not None else waiting
            found = [f for f in TURN.finditer(CSI.sub(b"", terminal.tail))]
            if found and found[-1].group(2) is not None:
                await step(ENTER, costs.enters, to_seat=False)
            elif found and now and b"you" in found[-1].group(1).split():
                await step(DOWN, costs.arrows, to_seat=False)
                await step(ENTER, costs.enters, to_seat=False)
            terminal.tail = b""
        costs.total_s = (cpu_ns(forked.pid) - start) / 1e9
        costs.out_kb = terminal.out // 1024
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(forked.pid, 1)
        await asyncio.sleep(0.3)
        terminal.close()
        server.close()
    return costs


def mean(values: list[float]) -> str:
    return f"{statistics.fmean(values):.1f}" if values else "-"


async def seat_replay(runs: int = 3, size: tuple[int, int] = (80, 24), path: Path = RECORDING) -> list[ReplayCosts]:
    """`runs` replays of the recording at `path`, one after another, each printed as it ends."""
    messages = load_recording(path)
    results = []
    for run in range(1, runs + 1):
        costs = await replay_once(messages, size)
        results.append(costs)
        print(f"seat replay {run}/{runs} ({size[0]}x{size[1]}, {len(messages)} messages): "
              f"CPU a screen change to a decision {mean(costs.to_decision)} ms (n={len(costs.to_decision)}), "
              f"back to waiting {mean(costs.to_waiting)} ms (n={len(costs.to_waiting)}), "
              f"a feed in place {mean(costs.in_place)} ms (n={len(costs.in_place)}), "
              f"an arrow key {mean(costs.arrows)} ms (n={len(costs.arrows)}), "
              f"Enter {mean(costs.enters)} ms (n={len(costs.enters)}); "
              f"the replay {costs.total_s:.2f} s, {costs.out_kb} KB to the terminal", flush=True)
    return results
