"""The workbench's games on an existing Dask distributed cluster (`simulate ...` and
`tournament ... --scheduler tcp://HOST:PORT`; the `cluster` extra on this machine and
every worker). Dask is imported only here, and only when a run asks for a cluster.

The client (`ClusterSides`, the cluster's counterpart of `engine.Sides`) sends the games
out in chunks of seeds (`ClusterSides.run_chunks`: any chunk function of the workbench,
the engine's `_play_chunk` for `simulate`, the tournament's for `tournament`), a few more
than the cluster has threads at a time, and gathers each chunk's result once, by its
future, as it finishes (`as_completed`): the progress bar follows the cluster. Game i
still uses seed `seed + i` and the results are sorted by seed, so the same command
gives the same results however many workers play it. Dask reruns the chunks of a worker
that dies (its lost results too); each future is counted once. Ctrl+C cancels the run's
tasks.

On a worker (`play_chunk`), a chunk is played in a helper process of its own, never in
the worker's process: a game's tables are built from its data as its rules are
imported, so a process that loaded one side's data cannot play another's. Each task
carries its side's checked data text; a helper reads it before the game loads, then
plays the chunks of that data (the same game and text) one at a time, and is reused by
later tasks of that data (its start-up is paid once a worker and side, not once a
chunk). Helpers play beside one another, so a worker of N threads uses N cores despite
the GIL. An idle helper stops by itself after HELPER_IDLE_SECONDS, or when its worker
has gone.
"""

from __future__ import annotations

import atexit
import hashlib
import os
import pickle
import struct
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from sherwood_tui import __version__, catalog
from sherwood_tui.workbench.engine import (
    C,
    DataSide,
    GameFailed,
    GameResult,
    R,
    Sides,
    _play_chunk,
    index_chunks,
    side_seeds,
)

# sherwood-tui is on no package index: the extra installs from a checkout (`make` does it).
NEEDS_EXTRA = ("--scheduler needs the cluster extra: pip install -e '.[cluster]' in the sherwood-tui checkout "
               "(make play or make test there installs it)")
CONNECT_SECONDS = 10.0  # to reach the scheduler
WORKERS_SECONDS = 60.0  # for a first worker, on a cluster that has none yet
HELPER_IDLE_SECONDS = 120.0  # a worker's helper process with nothing to play stops
IN_FLIGHT_PER_THREAD = 2  # chunks sent ahead: every thread busy, and few to cancel
# The helper process's program: `serve` reads its side's data, then plays chunks.
SERVE = "from sherwood_tui.workbench.cluster import serve; serve()"


class ClusterError(Exception):
    """The cluster cannot play the run: one line; `status`: the command's exit status
    (2: the address or the set-up; 1: the cluster failed while playing)."""

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(message, status)
        self.message, self.status = message, status

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class ChunkJob:
    """One task: a chunk of seeds of one side, with all a worker needs to play it:
    `worker(work)` in a helper process that read the side's data."""

    version: str  # the client's sherwood-tui: a worker with another refuses
    game_id: str
    seeds: range  # the chunk's seeds (what a failure names)
    path: str | None  # the side's file as the client names it (None: the built-in data)
    text: str | None  # the side's checked data text: what its games play on
    work: Any  # the chunk as `worker` takes it (the engine's: game, players, bots, options, seeds, events)
    worker: Callable[[Any], list[Any]] = _play_chunk  # a function of a workbench module (pickled by its name)

    @property
    def data_key(self) -> tuple[str, str]:
        """Which helpers may play it: the same game on the same data."""
        digest = "built-in" if self.text is None else hashlib.sha256(self.text.encode("utf-8")).hexdigest()
        return self.game_id, digest


def _one_line(err: BaseException) -> str:
    text = " ".join(str(err).split())[:300]
    return f"{err.__class__.__name__}: {text}" if text else err.__class__.__name__


# ----- on a worker: the task, and the helper processes that play it -------------------


def play_chunk(job: ChunkJob) -> list[Any]:
    """The Dask task (runs on a worker): the chunk's games, played in a helper process
    on the job's data. GameFailed names a game that failed."""
    if job.version != __version__:
        raise ClusterError(f"a worker has sherwood-tui {__version__}, this machine {job.version}: "
                           "install the same version on every worker", 2)
    return _HELPERS.play(job)


def _write_frame(stream: IO[bytes], value: Any) -> None:
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(struct.pack(">Q", len(data)) + data)
    stream.flush()


def _read_frame(stream: IO[bytes]) -> Any:
    def exactly(count: int) -> bytes:
        data = b""
        while len(data) < count:
            part = stream.read(count - len(data))
            if not part:
                raise EOFError("the other end has gone")
            data += part
        return data

    (size,) = struct.unpack(">Q", exactly(8))
    return pickle.loads(exactly(size))


class _Helper:
    """A helper process on a worker, playing one game on one side's data."""

    def __init__(self, job: ChunkJob) -> None:
        env = dict(os.environ)
        root = str(Path(__file__).resolve().parents[2])  # the worker's own sherwood_tui, whatever the path
        env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        self.process = subprocess.Popen([sys.executable, "-c", SERVE], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        env=env)
        assert self.process.stdin is not None and self.process.stdout is not None
        self.input, self.output = self.process.stdin, self.process.stdout
        self.data: tuple[str, str | None, str | None] | None = (job.game_id, job.path, job.text)

    def play(self, job: ChunkJob) -> tuple[str, Any]:
        """("ok", the results) or ("failed", the line naming the game that failed);
        OSError or EOFError if the process has stopped."""
        if self.data is not None:  # its first chunk: the side's data first
            _write_frame(self.input, self.data)
            self.data = None
        _write_frame(self.input, (job.worker, job.work, job.seeds))
        reply: tuple[str, Any] = _read_frame(self.output)
        return reply

    def alive(self) -> bool:
        return self.process.poll() is None

    def close(self) -> None:
        if self.alive():
            self.process.kill()
        self.process.wait()
        for pipe in (self.input, self.output):
            try:
                pipe.close()
            except OSError:  # what a stopped process was sent stays unsent
                pass


class _Helpers:
    """A worker's helper processes: each plays one task at a time; the idle ones wait
    for the next task of their data (at most `2 x cores` of them, the oldest go first)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.idle: list[tuple[tuple[str, str], _Helper]] = []

    def _take(self, key: tuple[str, str]) -> _Helper | None:
        """The newest idle helper of `key` still running, or None."""
        with self.lock:
            gone = [helper for _, helper in self.idle if not helper.alive()]
            self.idle = [(held, helper) for held, helper in self.idle if helper not in gone]
            found = next((i for i in reversed(range(len(self.idle))) if self.idle[i][0] == key), None)
            taken = None if found is None else self.idle.pop(found)[1]
        for helper in gone:
            helper.close()
        return taken

    def _give(self, key: tuple[str, str], helper: _Helper) -> None:
        with self.lock:
            self.idle.append((key, helper))
            surplus = self.idle[:max(0, len(self.idle) - 2 * (os.cpu_count() or 1))]
            del self.idle[:len(surplus)]
        for _, old in surplus:
            old.close()

    def play(self, job: ChunkJob) -> list[Any]:
        key = job.data_key
        helper = self._take(key)
        while True:
            fresh = helper is None
            if helper is None:
                helper = _Helper(job)
            try:
                status, value = helper.play(job)
                break
            except (OSError, EOFError, pickle.UnpicklingError):
                helper.close()
                if fresh:
                    raise ClusterError(f"seeds {job.seeds.start} to {job.seeds.stop - 1}: the game process on a "
                                       f"worker stopped (exit status {helper.process.returncode})") from None
                helper = None  # it had stopped while idle: a fresh one plays the chunk
        self._give(key, helper)
        if status == "failed":
            raise GameFailed(value)
        results: list[Any] = value
        return results

    def close_all(self) -> None:
        with self.lock:
            idle, self.idle = self.idle, []
        for _, helper in idle:
            helper.close()


_HELPERS = _Helpers()
atexit.register(_HELPERS.close_all)


def serve() -> None:
    """A helper process: read a side's data (before the game loads), then play chunks
    of seeds until the worker closes the pipe; stop when idle too long or orphaned."""
    from sherwood_tui.core.assets import use_asset_file
    from sherwood_tui.workbench.engine import tune_gc_for_batch_play

    requests = sys.stdin.buffer
    replies = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # whatever a game might print goes to stderr, not into the replies
    parent, busy, last = os.getppid(), threading.Event(), [time.monotonic()]

    def watch() -> None:
        while True:
            time.sleep(1.0)
            if os.getppid() != parent or (not busy.is_set() and time.monotonic() - last[0] > HELPER_IDLE_SECONDS):
                os._exit(0)

    threading.Thread(target=watch, daemon=True).start()
    game_id, path, text = _read_frame(requests)
    info = catalog.get(game_id)
    use_asset_file(info.asset, Path(path) if path is not None else None, text)
    try:
        info.load()
    except Exception:  # the first game fails the same way, and says so in one line
        pass
    tune_gc_for_batch_play()
    while True:
        try:
            worker, work, seeds = _read_frame(requests)
        except EOFError:
            return
        busy.set()
        reply: tuple[str, Any]
        try:
            reply = ("ok", worker(work))
        except GameFailed as err:
            reply = ("failed", err.message)
        except Exception as err:
            reply = ("failed", f"seeds {seeds.start} to {seeds.stop - 1}: {_one_line(err)}")
        _write_frame(replies, reply)
        last[0] = time.monotonic()
        busy.clear()


# ----- on this machine: the client ----------------------------------------------------


def _distributed() -> Any:
    """Dask's `distributed`, untyped (its `comm` loaded too); ClusterError (exit 2) if
    the cluster extra is not installed."""
    try:
        import distributed
        import distributed.comm
    except ImportError:
        raise ClusterError(NEEDS_EXTRA, 2) from None
    return distributed


def _tcp_target(address: str) -> tuple[str, int] | None:
    """The host and port of a `tcp://` or `tls://` (or plain `HOST:PORT`) address; None
    for Dask's other protocols."""
    scheme, sep, rest = address.rpartition("://")
    if sep and scheme not in ("tcp", "tls"):
        return None
    host, _, port = rest.rpartition(":")
    return host.removeprefix("[").removesuffix("]"), int(port)


def _knock(address: str) -> None:
    """Open a TCP connection to the scheduler's port and close it: ClusterError (exit 2)
    at once if it is refused, the host is unknown or nothing answers in CONNECT_SECONDS
    (Dask's own connect would retry a refused port until its time-out, then blame the
    time-out)."""
    import socket

    target = _tcp_target(address)
    if target is None:
        return
    try:
        socket.create_connection(target, timeout=CONNECT_SECONDS).close()
    except ConnectionRefusedError:
        why = "the connection was refused: no scheduler listens there"
    except TimeoutError:
        why = f"no answer in {CONNECT_SECONDS:g} s"
    except socket.gaierror as err:
        why = f"unknown host {target[0]!r}: {err.strerror or _one_line(err)}"
    except (OSError, ValueError) as err:  # unreachable network, a port past 65535...
        why = err.strerror if isinstance(err, OSError) and err.strerror else _one_line(err)
    else:
        return
    raise ClusterError(f"--scheduler: cannot reach {address} ({why})", 2)


def _probe(address: str) -> None:
    """Reach the scheduler once before a client is made (a client that fails to connect
    leaves a complaint behind at exit): OSError, ValueError or TimeoutError if not."""
    import asyncio

    connect = _distributed().comm.connect

    async def reach() -> None:
        comm = await connect(address, timeout=CONNECT_SECONDS)
        await comm.close()

    asyncio.run(asyncio.wait_for(reach(), CONNECT_SECONDS + 1))


class ClusterSides:
    """The sides of a run, played on the Dask cluster at `address`: open while the run
    plays (a `with` block), as `engine.Sides` is."""

    def __init__(self, info: catalog.GameInfo, sides: list[DataSide], address: str, events: bool = False) -> None:
        self.info, self.sides, self.address, self.events = info, sides, address, events
        self.client: Any = None

    def __enter__(self) -> ClusterSides:
        distributed = _distributed()
        _knock(self.address)
        try:
            _probe(self.address)
            self.client = distributed.Client(self.address, timeout=CONNECT_SECONDS, set_as_default=False)
        except (OSError, ValueError, TimeoutError) as err:
            why = _one_line(err) if str(err) else f"no answer in {CONNECT_SECONDS:g} s"
            raise ClusterError(f"--scheduler: cannot reach {self.address} ({why})", 2) from None
        try:
            self.client.wait_for_workers(1, timeout=WORKERS_SECONDS)
        except TimeoutError:
            self.client.close()
            raise ClusterError(f"--scheduler: no worker has joined {self.address} in {WORKERS_SECONDS:g} s "
                               f"(start one: dask worker {self.address})", 2) from None
        return self

    def __exit__(self, *exc: object) -> None:
        if self.client is not None:
            self.client.close()
            self.client = None

    def threads(self) -> int:
        """The cluster's worker threads now."""
        return max(1, sum(int(n) for n in self.client.nthreads().values()))

    def play(self, players: int, games: int, seed: int | Sequence[int], bots: list[str], options: dict[str, bool],
             progress: Sequence[Callable[[int], Any]] = ()) -> list[list[GameResult]]:
        """Every side plays the same games (seeds, bots, options; or a first seed per
        side) on the cluster; `progress[i](n)` is called as side i's chunks finish.
        GameFailed names a game that failed (and its side); ClusterError says why the
        cluster could not play."""
        firsts = side_seeds(seed, len(self.sides))
        chunks = ((index, seeds, (self.info.id, players, bots, options, seeds, self.events))
                  for part in index_chunks(games, self.threads()) for index in range(len(self.sides))
                  for seeds in [range(firsts[index] + part.start, firsts[index] + part.stop)])
        try:
            results = self.run_chunks(_play_chunk, chunks, progress)
        except GameFailed as err:
            raise GameFailed(f"{self.sides[err.side].shown}: {err.message}", err.side) from None
        for side in results:
            side.sort(key=lambda r: r.seed)
        return results

    def run_chunks(self, worker: Callable[[C], list[R]], chunks: Iterable[tuple[int, range, C]],
                   progress: Sequence[Callable[[int], Any]] = ()) -> list[list[R]]:
        """`worker(work)` for each chunk `(side, seeds, work)` on the cluster, in a helper
        process that read that side's data; `worker` must be a function of a workbench
        module (a worker imports it by its name). The chunks are taken as they are sent
        (they may be a generator); each side's results come in the order its chunks
        finished, each chunk's once; `progress[i](n)` is called as side i's chunks finish.
        GameFailed (`side`: whose chunk) names a game that failed; ClusterError says why
        the cluster could not play."""
        as_completed = _distributed().as_completed
        run = uuid.uuid4().hex[:12]
        waiting: Iterator[tuple[int, range, C]] = iter(chunks)
        pending: dict[Any, int] = {}  # future -> its side: each counted once
        finished = as_completed(loop=self.client.loop)
        results: list[list[R]] = [[] for _ in self.sides]

        def send_more() -> None:
            wanted = IN_FLIGHT_PER_THREAD * self.threads()
            while len(pending) < wanted:
                chunk = next(waiting, None)
                if chunk is None:
                    return
                index, seeds, work = chunk
                side = self.sides[index]
                job = ChunkJob(__version__, self.info.id, seeds, None if side.path is None else str(side.path),
                               side.text, work, worker)
                future = self.client.submit(play_chunk, job, key=f"sherwood-{run}-{index}-{seeds.start}", pure=False)
                pending[future] = index
                finished.add(future)

        index = 0
        try:
            send_more()
            for future in finished:
                index = pending.pop(future)
                part: list[R] = future.result()
                future.release()
                results[index].extend(part)
                if progress:
                    progress[index](len(part))
                send_more()
        except BaseException as err:
            self.client.cancel(list(pending))
            if isinstance(err, GameFailed):
                raise GameFailed(err.message, index) from None
            if isinstance(err, (KeyboardInterrupt, ClusterError)) or not isinstance(err, Exception):
                raise
            raise ClusterError(f"the cluster could not play the run: {_one_line(err)}"
                               " (every worker needs sherwood-tui with its cluster extra, the same version)") from None
        return results

    def keep(self, index: int, *args: Any) -> list[Path]:
        """`write_kept(*args)` on this machine, in a process that reads side `index`'s
        data (the kept games are written here, not on a worker)."""
        with Sides(self.info, [self.sides[index]], 1, 1) as local:
            return local.keep(0, *args)
