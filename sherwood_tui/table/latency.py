"""How long a key takes to change a seat's screen, beside the same key in the hot-seat
app (`make bench`). Both run Bleeding Sherwood at a decision, in a pseudo-terminal of
80x24: the seat through a real host and its SSH server, the app on its own. A press is
timed from writing the key to the first bytes of the screen's update (Textual sends an
update in one write)."""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

PRESSES = 20
KEYS = (b"\x1b[B", b"\x1b[A")  # down, up: the highlight moves in the hand
QUIET = 0.35  # seconds without output: the screen has settled (and keys are not a held key)


class KeyTimer:
    """Times a key from its write to the first output after it (the load test's too):
    `output` is told of each chunk of output as it comes."""

    def __init__(self) -> None:
        self.answer: asyncio.Future[float] | None = None  # while a key waits: when its answer came

    def output(self) -> None:
        if self.answer is not None and not self.answer.done():
            self.answer.set_result(time.perf_counter())

    async def press(self, write: Callable[[bytes], Any], key: bytes, timeout: float) -> float | None:
        """Seconds from writing `key` to the first output after it (None: none in `timeout`)."""
        self.answer = asyncio.get_running_loop().create_future()
        start = time.perf_counter()
        write(key)
        try:
            return await asyncio.wait_for(self.answer, timeout) - start
        except TimeoutError:
            return None
        finally:
            self.answer = None


class Terminal:
    """Output chunks of something in a terminal, and a way to type into it."""

    def __init__(self, write: Callable[[bytes], Any]) -> None:
        self.write = write
        self.chunks: asyncio.Queue[bytes] = asyncio.Queue()
        self.seen = bytearray()
        self.timer = KeyTimer()

    def received(self, chunk: bytes) -> None:
        self.seen += chunk
        self.chunks.put_nowait(chunk)
        self.timer.output()

    async def settle(self) -> None:
        """Until no output has come for QUIET seconds."""
        while True:
            try:
                await asyncio.wait_for(self.chunks.get(), QUIET)
            except TimeoutError:
                return

    async def wait_for(self, text: bytes, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.seen:
            if time.monotonic() > deadline:
                raise RuntimeError(f"{text!r} never appeared")
            await asyncio.sleep(0.05)

    async def press_times(self, presses: int = PRESSES) -> list[float]:
        """Seconds from each key to the first output after it."""
        times = []
        for number in range(presses):
            await self.settle()
            took = await self.timer.press(self.write, KEYS[number % 2], 10)
            if took is None:
                raise TimeoutError("a key had no answer within 10 s")
            times.append(took)
        return times


def _session(humans: int, seed: int = 1) -> Any:
    """A Bleeding Sherwood game for Robin and Marian, and the seat of its first decision
    (with one human, that seat's player; the other is a bot)."""
    from sherwood_tui import catalog
    from sherwood_tui.core.contract import Player
    from sherwood_tui.core.session import Session

    game = catalog.get("bleeding-sherwood").load()
    names = ("Robin", "Marian")
    first = game.to_act(game.new_game([Player(name=name) for name in names], {}, seed))[0]
    players = [Player(name=name, bot=None if humans == 2 or seat == first else "sensible")
               for seat, name in enumerate(names)]
    return Session(game, players, {}, seed), first


async def seat_presses(folder: Path) -> list[float]:
    """The key times of a seat over SSH, through a real host."""
    import asyncssh

    from sherwood_tui.core.saves import new_save_path
    from sherwood_tui.table.host import OpenTable, TableHost, TableSettings

    session, first = _session(humans=2)
    host = TableHost(session, new_save_path("bleeding-sherwood", folder / "saves"))
    table = OpenTable(host, TableSettings(ssh_port=0, web_port=None, host_key=folder / "host_key"))
    await table.start()
    try:
        key = asyncssh.generate_private_key("ssh-ed25519")
        async with asyncssh.connect("127.0.0.1", table.ssh.port, username=host.logins()[first],
                                    client_keys=[key], known_hosts=None, agent_path=None, config=None) as conn:
            process = await conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
            terminal = Terminal(process.stdin.write)

            async def read() -> None:
                while chunk := await process.stdout.read(65536):
                    terminal.received(chunk)

            reader = asyncio.ensure_future(read())
            await terminal.wait_for(b"join code")
            await terminal.settle()
            process.stdin.write(host.join_code.encode() + b"\r")
            await terminal.wait_for(b"Bid card")
            times = await terminal.press_times()
            reader.cancel()
            return times
    finally:
        await table.close()


async def local_presses(folder: Path) -> list[float]:
    """The key times of the hot-seat app at the same decision."""
    from sherwood_tui.core.saves import write_save
    from sherwood_tui.table.pty_bridge import PtyProcess

    session, _ = _session(humans=1)
    save = folder / "local.json"
    write_save(session, save)
    env = {**os.environ, "TERM": "xterm-256color", "SHERWOOD_TUI_DATA": str(folder / "data")}
    terminal = Terminal(lambda data: child.write(data))
    child = await PtyProcess.start([sys.executable, "-m", "sherwood_tui", "resume", str(save)], 80, 24, env,
                                   terminal.received, lambda status: None)
    try:
        await terminal.wait_for(b"Bid card")
        await asyncio.sleep(1.0)  # the hot seat's first keys wait for its hand-off guard
        return await terminal.press_times()
    finally:
        await child.terminate(5.0)


def key_latencies() -> tuple[float, float]:
    """The median seconds from a key to a screen change: (a seat over SSH, the local app)."""

    async def both() -> tuple[float, float]:
        with tempfile.TemporaryDirectory(prefix="sherwood-bench-") as folder:
            seat = await seat_presses(Path(folder))
            local = await local_presses(Path(folder))
        return statistics.median(seat), statistics.median(local)

    return asyncio.run(both())


if __name__ == "__main__":
    seat, local = key_latencies()
    print(f"a key on a seat over SSH: {seat * 1000:.1f} ms; in the local app: {local * 1000:.1f} ms (medians of {PRESSES})")
