"""The expert's search beside the app: worker processes that play its playouts, so the
screen never waits on the search (Python runs one thread at a time: a search in the app's
own process slows its keys), and a second core searches too (root parallel).

The app and a table's host `start()` them; `core/search.py` then plays a search's
playouts in them when they are free (`play`), and in its own thread otherwise (the
simulator, which already spreads games over processes, never starts them). A search's
candidates are shared out by number (candidate k to worker k mod n) and stay with their
worker, which keeps their plans: as every candidate's playouts depend only on its own
earlier ones and the shared worlds, the decision and every figure are the same as one
process's, whatever the number of workers (a test checks it). A worker that breaks is
let go and the search is played again in the caller's thread.
"""

from __future__ import annotations

import atexit
import os
import pickle
import random
import struct
import subprocess
import sys
import threading
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from sherwood_tui.core.search import Search

MOST = 2  # workers at most (one per core, up to this)
WORKERS_VARIABLE = "SHERWOOD_TUI_SEARCH_WORKERS"  # how many (0: none), if set

_pool: Pool | None = None
_guard = threading.Lock()


def start(count: int | None = None) -> None:
    """From now on, play searches in `count` worker processes (None: as the environment
    variable `SHERWOOD_TUI_SEARCH_WORKERS` says, else one per core, at most `MOST`; fewer
    than two: none, the search stays in its caller's thread). Started once."""
    global _pool
    if count is None:
        said = os.environ.get(WORKERS_VARIABLE, "")
        count = int(said) if said.isdigit() else min(MOST, os.cpu_count() or 1)
    with _guard:
        if _pool is None and count >= 2:
            _pool = Pool(count)
            atexit.register(close)


def close() -> None:
    """Let the workers go (the app's exit)."""
    global _pool
    with _guard:
        pool, _pool = _pool, None
    if pool is not None:
        pool.close()


def pool() -> Pool | None:
    """The workers, if started and not broken."""
    return _pool


class Channel:
    """Pickled messages, each after its length, over a pair of byte streams."""

    def __init__(self, reader: IO[bytes], writer: IO[bytes]) -> None:
        self.reader, self.writer = reader, writer

    def send(self, message: Any) -> None:
        data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
        self.writer.write(struct.pack("<I", len(data)) + data)
        self.writer.flush()

    def recv(self) -> Any:
        head = self.reader.read(4)
        if len(head) < 4:
            raise EOFError("the other end closed")
        (size,) = struct.unpack("<I", head)
        return pickle.loads(self.reader.read(size))


class Pool:
    """Worker processes (`python -m sherwood_tui.core.thinker`, each talking over its
    stdin and stdout); one search at a time."""

    def __init__(self, count: int) -> None:
        self.busy = threading.Lock()
        self.workers: list[tuple[subprocess.Popen[bytes], Channel]] = []
        for _ in range(count):
            process = subprocess.Popen([sys.executable, "-m", "sherwood_tui.core.thinker"], stdin=subprocess.PIPE,
                                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            assert process.stdin is not None and process.stdout is not None
            self.workers.append((process, Channel(process.stdout, process.stdin)))

    def play(self, search: Search, playouts: int, stop: Callable[[], bool] | None) -> bool:
        """Run `search` with its playouts in the workers; False (nothing run) when they are
        busy with another search or `search`'s game is not one they can load (a designer's
        own data file); raises OSError or EOFError if a worker broke."""
        from sherwood_tui.core.plugin import find

        if search.game is not find(search.game.id).load() or not self.busy.acquire(blocking=False):
            return False
        try:
            begin = ("begin", search.game.id, search.view, search.seat, search.rounds, search.candidates, search.base)
            for _, conn in self.workers:
                conn.send(begin)
            search.run(playouts, stop, lambda alive, first, count: self.play_worlds(search, alive, first, count))
            return True
        finally:
            self.busy.release()

    def play_worlds(self, search: Search, alive: Sequence[int], first: int, count: int) -> None:
        """`Search.play_worlds` in the workers: each its own candidates, then their tallies."""
        asked = []
        for number, (_, conn) in enumerate(self.workers):
            mine = [k for k in alive if k % len(self.workers) == number]
            if mine:
                conn.send(("play", mine, first, count))
                asked.append(conn)
        for conn in asked:
            for k, visits, wins, reward in conn.recv():
                stats = search.stats[k]
                stats.visits, stats.wins, stats.reward = visits, wins, reward

    def close(self) -> None:
        for process, _ in self.workers:
            for stream in (process.stdin, process.stdout):
                if stream is not None:
                    try:
                        stream.close()
                    except OSError:  # (a broken worker's pipe, with bytes still to write)
                        pass
            try:
                process.wait(timeout=1)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def serve(conn: Channel) -> None:
    """A worker: a search begun by its caller (its candidates and worlds' seed given),
    whose candidates it is asked to play, until the pipe closes."""
    from sherwood_tui.core.bots import expert_kit
    from sherwood_tui.core.plugin import find
    from sherwood_tui.core.search import Search

    search = None
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message[0] == "begin":
            _, game_id, view, seat, rounds, candidates, base = message
            game = find(game_id).load()
            search = Search(game, view, expert_kit(game), seat=seat, legal=(), rnd=random.Random(0), rounds=rounds,
                            given=(candidates, base))
        elif message[0] == "play" and search is not None:
            _, mine, first, count = message
            search.play_worlds(mine, first, count)
            conn.send([(k, search.stats[k].visits, search.stats[k].wins, search.stats[k].reward) for k in mine])


if __name__ == "__main__":
    serve(Channel(sys.stdin.buffer, sys.stdout.buffer))
