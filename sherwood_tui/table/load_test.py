"""What seats cost the host, and how fast they answer under load (`make bench`, never
`make test`).

- `seat_costs`: one table of Sheriff of Nottingham, five players and ten spectators over
  real SSH clients; the unique memory (USS: the Private_* lines of /proc/PID/smaps_rollup)
  of the processes that run the seats (seat halls; one process a seat with
  SHERWOOD_TUI_SEATS=fork): with the first seat alone (the first seat's cost), then with
  all 15, whence what each added seat costs ((all - first) / 14); again after the
  players have played for a while; and the host's and the seat template's.
- `load_test`: 100 players at 20 tables on loopback, each a bot at a real SSH client at
  its seat of a five-player Bleeding Sherwood table, playing as a quick player would: when
  its screen's key bar says the game waits for it, it reads its screen (`Glass`) and, if
  the focused list shows two choices or more, moves the highlight once to three times,
  then takes it with Enter (and Enter goes on past a round's summary), a key every 0.3
  to 1 second once its screen has been still for SETTLED; otherwise it waits. A player
  does not press an arrow key on a list of one choice, which changes nothing and so is
  never answered. Each key is timed to the first bytes of its screen's update; a key
  unanswered within UNANSWERED seconds counts as slower than any. The server is `sherwood-tui
  serve`'s (`TableServer` and its SSH door, in a process of their own): the tables are
  made and joined in code (`create_table`, `join_table`) for the players' keys, and each
  player comes in through the lobby, which becomes its seat. With `--hosts`, the tables
  are 20 `host` tables (`OpenTable`, as `sherwood-tui host` opens one) in one process.
  Either way one seat template serves every seat; the clients run in this process. The
  server's total memory is the sum of its processes' proportional sizes (PSS: shared
  pages counted once).

- `--seat-replay`: one seat's CPU a screen change, a feed in place and a key, a recording
  replayed into a forked seat (seat_cpu.py).

Run: python -m sherwood_tui.table.load_test [--memory | --load | --seat-replay [--runs N] [--size WxH]]
[--hosts] [--tables N] [--seconds S]"""

from __future__ import annotations

import argparse
import asyncio
import codecs
import json
import math
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sherwood_tui.table.latency import KeyTimer

MB = 2**20
SCREEN_QUIET = 1.0  # seconds without output: a seat's screen is drawn
MOVE_KEYS = (b"\x1b[B", b"\x1b[A")  # down, up: the highlight moves
ENTER = b"\r"
UNANSWERED = 2.0  # seconds after which a key is counted as unanswered
# Seconds a screen stays unchanged before a bot types on it: a seat drops keys typed in
# the first 0.3 s of a new screen (seat_app.SEAT_KEY_HOLD), as a held key must not act on it.
SETTLED = 0.35
CSI = re.compile(rb"\x1b(\[[0-9;?<>=$]*[ -/]*[@-~]|[()][0-9A-Za-z]|[=>78])")
# What a seat's screen says of whose turn it is (its key bar), and a summary's prompt.
TURN = re.compile(rb"Waiting for ([^.]*)\.|(Press Enter to go on)")
SEATS_AT_A_TABLE = 5
# What a screen reader keeps of a terminal's output: cursor moves, line ends and text
# (colours and styles dropped; an operating system command, a window's title, skipped).
SEQUENCE = re.compile(r"\x1b\[([0-9;?<>=$]*)[ -/]*([@-~])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"
                      r"|\x1b[()][0-9A-Za-z]|\x1b[=>78]|[\r\n]")
# The focused widget's border (Textual draws it in heavy lines): a list's box.
FOCUSED_TOP, FOCUSED_SIDE = "┏", "┃"


class Glass:
    """A terminal's screen as a player reads it: its rows of text. Textual draws a screen
    with cursor moves (CSI H), line ends and text, which is all this follows; the output is
    kept as it comes and read only when asked (`rows`), as a player looks at the screen
    when deciding."""

    def __init__(self, size: tuple[int, int] = (80, 24)) -> None:
        self.width, self.height = size
        self.cells = [[" "] * self.width for _ in range(self.height)]
        self.row = self.column = 0
        self.unread: list[bytes] = []
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self.held = ""  # an escape sequence cut off at the end of what came so far

    def feed(self, chunk: bytes) -> None:
        self.unread.append(chunk)

    def rows(self) -> list[str]:
        """The screen now, one string a row."""
        if self.unread:
            text = self.held + self.decoder.decode(b"".join(self.unread))
            self.unread.clear()
            self.held = ""
            done = 0
            for found in SEQUENCE.finditer(text):
                self._write(text[done:found.start()])
                self._control(found)
                done = found.end()
            rest = text[done:]
            cut = rest.find("\x1b")
            if cut >= 0 and len(rest) - cut < 64:
                rest, self.held = rest[:cut], rest[cut:]
            self._write(rest)
        return ["".join(row) for row in self.cells]

    def _write(self, text: str) -> None:
        text = text.replace("\x1b", "").replace("\x07", "")
        while text and self.row < self.height:
            room = self.width - self.column
            if room <= 0:
                return  # (Textual turns line wrapping off: what passes the edge is lost)
            part, text = text[:room], text[room:]
            self.cells[self.row][self.column:self.column + len(part)] = part
            self.column += len(part)

    def _control(self, found: re.Match[str]) -> None:
        sequence = found.group(0)
        if sequence == "\r":
            self.column = 0
        elif sequence == "\n":
            self.row = min(self.row + 1, self.height - 1)
        elif found.group(2) == "H":
            parts = [int(part) if part.isdigit() else 1 for part in (found.group(1) or "").split(";")]
            row, column = (parts + [1, 1])[:2]
            self.row, self.column = min(max(row, 1), self.height) - 1, min(max(column, 1), self.width) - 1
        elif found.group(2) == "J" and found.group(1) == "2" or sequence == "\x1b[?1049h":
            self.cells = [[" "] * self.width for _ in range(self.height)]


def choices_in_focus(rows: list[str]) -> int:
    """How many choices the focused list shows: the rows with text in the box that Textual
    draws around the focused widget (heavy lines), its border title not counted (0: no
    focused list on the screen)."""
    for top, line in enumerate(rows):
        left = line.find(FOCUSED_TOP)
        if left < 0:
            continue
        right = line.find("┓", left)
        shown = 0
        for row in rows[top + 1:]:
            if row[left:left + 1] != FOCUSED_SIDE:
                break
            shown += bool(row[left + 1:right if right > left else None].strip(" ┃"))
        return shown
    return 0


def smaps(pid: int) -> dict[str, int]:
    """The lines of /proc/PID/smaps_rollup, in bytes (empty: gone)."""
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return {}
    found = {}
    for line in text.splitlines()[1:]:
        name, _, rest = line.partition(":")
        parts = rest.split()
        if parts and parts[0].isdigit():
            found[name] = int(parts[0]) * 1024
    return found


def unique_bytes(pid: int) -> int:
    """USS: the pages only process `pid` holds."""
    lines = smaps(pid)
    return sum(lines.get(name, 0) for name in ("Private_Clean", "Private_Dirty", "Private_Hugetlb"))


def children(pid: int) -> list[int]:
    """The child processes of `pid`."""
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:
        return []
    found: list[int] = []
    for task in tasks:
        try:
            found += [int(child) for child in (task / "children").read_text().split()]
        except OSError:
            pass
    return found


def cpu_seconds(pid: int) -> float:
    """The CPU time process `pid` has used (user and system; 0: gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def command_line(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def descendants(pid: int) -> list[int]:
    """Every process below `pid`."""
    found, queue = [], [pid]
    while queue:
        below = children(queue.pop())
        found += below
        queue += below
    return found


class Client:
    """A real SSH client at a seat: its terminal's output, and keys timed to it."""

    def __init__(self, process: Any, connection: Any) -> None:
        self.process = process
        self.connection = connection
        self.seen = bytearray()
        self.last_output = time.monotonic()
        self.timer = KeyTimer()
        self.my_turn = False  # the key bar says the game waits for this seat
        self.go_on = False  # a summary waits for Enter
        self.turn_seen = False  # the key bar has been drawn
        self.glass = Glass((80, 24))  # its screen, read when the bot decides
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        while chunk := await self.process.stdout.read(65536):
            self.seen += chunk
            self.last_output = time.monotonic()
            self.timer.output()
            self.glass.feed(chunk)
            for found in TURN.finditer(CSI.sub(b"", chunk)):
                self.turn_seen = True
                self.go_on = found.group(2) is not None
                self.my_turn = not self.go_on and b"you" in found.group(1).split()

    @classmethod
    async def connect(cls, port: int, login: str, key: Any = None) -> Client:
        import asyncssh

        key = key or asyncssh.generate_private_key("ssh-ed25519")
        connection = await asyncssh.connect("127.0.0.1", port, username=login, client_keys=[key], known_hosts=None,
                                            agent_path=None, config=[])
        process = await connection.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
        return cls(process, connection)

    @classmethod
    async def join(cls, port: int, login: str, code: str) -> Client:
        """A new key at a `host` table: it types the join code."""
        client = await cls.connect(port, login)
        await client.wait_for(b"Join code: ")
        client.process.stdin.write(code.encode() + b"\r")
        return client

    @classmethod
    async def through_lobby(cls, port: int, key: Any) -> Client:
        """A known key at a `serve` server: its lobby, then Enter on its first row (its
        own game, which has started), and the lobby becomes its seat."""
        client = await cls.connect(port, "play", key)
        await client.wait_for(b"you are")
        await client.wait_for(b"Bleeding Sherwood")
        await client.settled(0.5, 10.0)
        for _ in range(10):  # Enter until the seat's key bar shows (the lobby may still be drawing)
            client.process.stdin.write(ENTER)
            deadline = time.monotonic() + 6.0
            while not client.turn_seen and time.monotonic() < deadline:
                await asyncio.sleep(0.1)
            if client.turn_seen:
                return client
        raise RuntimeError("the lobby never opened the player's game")

    async def wait_for(self, text: bytes, timeout: float = 120.0) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.seen:
            if time.monotonic() > deadline:
                raise RuntimeError(f"{text!r} never appeared")
            await asyncio.sleep(0.05)

    async def drawn(self, timeout: float = 120.0) -> None:
        """Until the seat's screen has been drawn (its key bar says whom the game waits
        for) and has settled."""
        deadline = time.monotonic() + timeout
        while not self.turn_seen or time.monotonic() - self.last_output < SCREEN_QUIET:
            if time.monotonic() > deadline:
                raise RuntimeError("the seat's screen never settled")
            await asyncio.sleep(0.1)

    async def settled(self, quiet: float = SETTLED, most: float = 5.0) -> None:
        """Until the screen has not changed for `quiet` seconds (at most `most`)."""
        deadline = time.monotonic() + most
        while time.monotonic() - self.last_output < quiet and time.monotonic() < deadline:
            await asyncio.sleep(0.05)

    def choices(self) -> int:
        """How many choices the screen's focused list shows (0: none)."""
        return choices_in_focus(self.glass.rows())

    async def press(self, key: bytes, timeout: float = UNANSWERED) -> float | None:
        """Seconds from `key` to the first output after it (None: none came in time)."""
        return await self.timer.press(self.process.stdin.write, key, timeout)

    async def close(self) -> None:
        self.reader.cancel()
        self.connection.close()
        await self.connection.wait_closed()


# ----- the server side: tables in a process of their own ------------------------------------
async def open_tables(folder: Path, tables: int, game_id: str, players: int) -> list[Any]:
    """`tables` host tables of `players` seats each (no bots), each with its SSH door."""
    from sherwood_tui import catalog
    from sherwood_tui.core.contract import Player
    from sherwood_tui.core.saves import new_save_path
    from sherwood_tui.core.session import Session
    from sherwood_tui.table.host import OpenTable, TableHost, TableSettings

    game = catalog.get(game_id).load()
    opened = []
    for number in range(tables):
        session = Session(game, [Player(name=f"Player{seat + 1}") for seat in range(players)], {}, number + 1)
        host = TableHost(session, new_save_path(game_id, folder / "saves"), bot_delay=0.05)
        table = OpenTable(host, TableSettings(ssh_port=0, web_port=None, host_key=folder / "host_key"))
        await table.start()
        opened.append(table)
    return opened


async def serve_tables(tables: int, game_id: str, players: int) -> None:
    """The server process: open the tables, say where they are (one JSON line), and run
    until stdin closes."""
    with tempfile.TemporaryDirectory(prefix="sherwood-load-") as folder:
        opened = await open_tables(Path(folder), tables, game_id, players)
        print(json.dumps([{"port": table.ssh.port, "code": table.host.join_code, "logins": list(table.host.logins())}
                          for table in opened]), flush=True)
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, sys.stdin.read)
        print(json.dumps([len(table.host.session.actions) for table in opened]), flush=True)
        for table in opened:
            await table.close()


async def serve_lobby(game_id: str, players: int) -> None:
    """The server process of `sherwood-tui serve` (its `TableServer` and SSH door, as
    the command opens them): the players' keys (their fingerprints) come on stdin, a
    line of JSON lists of `players` keys, one list a table; each table is made and
    joined in code (`create_table`, `join_table`) and starts. Says its port (one JSON
    line), runs until stdin closes, then says the moves played."""
    from sherwood_tui.table.serve import TableServer
    from sherwood_tui.table.ssh import start_ssh_server

    with tempfile.TemporaryDirectory(prefix="sherwood-load-") as folder:
        server = TableServer(Path(folder) / "server", bot_delay=0.05)
        await server.start()
        door = await start_ssh_server(server, "127.0.0.1", 0, Path(folder) / "host_key", say=lambda line: None)
        loop = asyncio.get_running_loop()
        seated: list[list[str]] = json.loads(await loop.run_in_executor(None, sys.stdin.readline))
        made = []
        for keys in seated:
            table = server.create_table(keys[0], game_id, [None] * players)
            for key in keys[1:]:
                server.join_table(key, table.id)
            made.append(table)
        while not all(table.host is not None for table in made):
            await asyncio.sleep(0.1)
        print(json.dumps([{"port": door.port, "table": table.id} for table in made]), flush=True)
        await loop.run_in_executor(None, sys.stdin.read)
        print(json.dumps([len(table.host.session.actions) if table.host else 0 for table in made]), flush=True)
        await door.close()
        await server.close()


class Server:
    """The server process, as the clients see it."""

    def __init__(self, tables: int, game_id: str, players: int, keys: list[list[str]] | None = None) -> None:
        data = tempfile.mkdtemp(prefix="sherwood-load-data-")
        env = {**os.environ, "SHERWOOD_TUI_DATA": data}
        self.log = Path(data) / "server.log"  # the server's stderr (its tables' closing words)
        mode = "--serve" if keys is None else "--serve-lobby"
        with self.log.open("w") as log:
            self.process = subprocess.Popen(
                [sys.executable, __file__, mode, "--tables", str(tables), "--game", game_id, "--players", str(players)],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log, text=True, env=env,
            )
        assert self.process.stdout is not None and self.process.stdin is not None
        if keys is not None:
            self.process.stdin.write(json.dumps(keys) + "\n")
            self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the server did not start: see {self.log}")
        self.tables: list[dict[str, Any]] = json.loads(line)

    def memory(self) -> dict[str, int]:
        """The server's processes: how many, and their PSS, USS and RSS summed."""
        pids = [self.process.pid, *descendants(self.process.pid)]
        rollups = [smaps(pid) for pid in pids]
        return {"processes": len(pids),
                "pss": sum(lines.get("Pss", 0) for lines in rollups),
                "rss": sum(lines.get("Rss", 0) for lines in rollups),
                "uss": sum(unique_bytes(pid) for pid in pids)}

    def templates(self) -> list[int]:
        """The server's seat templates (none for a server that starts its seats itself)."""
        return [pid for pid in children(self.process.pid) if b"seat_template" in command_line(pid)]

    def seat_pids(self) -> list[int]:
        """The seat processes (below the seat template, or below the server itself)."""
        templates = self.templates()
        return [pid for child in children(self.process.pid)
                for pid in (children(child) if child in templates else [child])]

    def cpu(self) -> dict[str, float]:
        """The CPU seconds used so far by the server's host process and by its seats."""
        return {"host": cpu_seconds(self.process.pid), "seats": sum(cpu_seconds(pid) for pid in self.seat_pids())}

    def close(self) -> list[int]:
        """End the server: the moves played at each table."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.close()
        try:
            moves = [int(number) for number in json.loads(self.process.stdout.readline() or "[]")]
        except ValueError:
            moves = []
        try:
            self.process.wait(60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        return moves


# ----- what a seat costs ------------------------------------------------------------------------
@dataclass(frozen=True)
class SeatCosts:
    seats: int  # seats and spectators
    processes: int  # the processes that run them (halls, or one a seat)
    first_seat: int  # USS of the seats' processes with the first seat alone
    added_seat: int  # USS each further seat adds: (all seats' processes' - first) / (seats - 1)
    played_added: int  # the same once the players have played for `played` seconds
    played: float
    template_uss: int
    host_uss: int
    total_pss: int


def seats_unique_bytes(server: Server) -> tuple[int, int]:
    """The USS of every process that runs seats, summed; and how many there are."""
    pids = server.seat_pids()
    return sum(unique_bytes(pid) for pid in pids), len(pids)


async def play_a_while(clients: list[Client], seconds: float) -> None:
    """The players (not the spectators, who never have a turn) move as the load test's
    bots do, for `seconds`."""
    generator = random.Random(7)
    end = time.monotonic() + seconds

    async def play(client: Client) -> None:
        while time.monotonic() < end:
            if client.go_on or client.my_turn:
                await client.settled()
                for number in range(0 if client.go_on else generator.randint(1, 3)):
                    await client.press(MOVE_KEYS[number % 2])
                    await asyncio.sleep(generator.uniform(0.3, 1.0))
                await client.press(ENTER)
                await asyncio.sleep(generator.uniform(0.3, 1.0))
            else:
                await asyncio.sleep(0.1)

    await asyncio.gather(*(play(client) for client in clients))


async def seat_costs(players: int = 5, watchers: int = 10, playing: float = 60.0) -> SeatCosts:
    """A Sheriff table's seats and spectators over SSH: what the first seat costs, and
    each further one, once every screen has settled; and each further one after the
    players have played for `playing` seconds."""
    server = Server(1, "sheriff", players)
    clients: list[Client] = []
    try:
        table = server.tables[0]
        logins = [*table["logins"], *["watch"] * watchers]
        clients.append(await Client.join(table["port"], logins[0], table["code"]))
        await clients[0].drawn()
        await asyncio.sleep(1.0)
        first, _ = seats_unique_bytes(server)
        clients += await asyncio.gather(*(Client.join(table["port"], login, table["code"]) for login in logins[1:]))
        await asyncio.gather(*(client.drawn() for client in clients))
        await asyncio.sleep(1.0)
        every, processes = seats_unique_bytes(server)
        await play_a_while(clients[:players], playing)
        await asyncio.sleep(2.0)
        played, _ = seats_unique_bytes(server)
        return SeatCosts(len(clients), processes, first, (every - first) // (len(clients) - 1),
                         (played - first) // (len(clients) - 1), playing,
                         sum(unique_bytes(pid) for pid in server.templates()), unique_bytes(server.process.pid),
                         server.memory()["pss"])
    finally:
        for client in clients:
            await client.close()
        moves = server.close()
        if clients:
            print(f"(moves played at the memory test's table: {sum(moves)})", file=sys.stderr)


# ----- the load test ----------------------------------------------------------------------------
@dataclass(frozen=True)
class LoadResult:
    tables: int
    players: int
    keys: int
    unanswered: int  # keys with no answer within UNANSWERED seconds (in the percentiles, as slower than any)
    median: float
    p95: float
    unanswered_arrows: int  # of those, arrow keys (the bots move only among two choices or more)
    # the arrow keys' and the Enters' own median and 95th percentile (an Enter's answer
    # may wait for the host's next feed: the decision goes there and back)
    arrows: tuple[int, float, float]
    enters: tuple[int, float, float]
    memory: dict[str, int]
    moves: int  # moves played at all the tables
    cpu: dict[str, float]  # CPU seconds while the bots played: the host process, the seats, the clients
    seconds: float


async def load_test(tables: int = 20, seconds: float = 60.0, rate: float = 1.0, hosts: bool = False) -> LoadResult:
    """`tables` five-player Bleeding Sherwood tables, every seat a bot at a real SSH
    client playing for `seconds` (`rate`: how much faster than a quick player it types);
    each key timed to its screen's update. The tables are a `serve` server's, each
    player through its lobby (`hosts`: `host` tables in one process instead)."""
    import asyncssh

    keys = [[asyncssh.generate_private_key("ssh-ed25519") for _ in range(SEATS_AT_A_TABLE)] for _ in range(tables)]
    fingerprints = None if hosts else [[str(key.get_fingerprint("sha256")) for key in row] for row in keys]
    server = Server(tables, "bleeding-sherwood", SEATS_AT_A_TABLE, fingerprints)
    clients: list[Client] = []
    times: list[float] = []
    by_key: dict[bool, list[float]] = {True: [], False: []}  # arrow keys, Enters
    unanswered = 0
    arrows_unanswered = 0
    moves: list[int] = []
    cpu: dict[str, float] = {}
    try:
        for number, table in enumerate(server.tables):  # a table at a time, as players come in
            if hosts:
                clients += await asyncio.gather(*(Client.join(table["port"], login, table["code"])
                                                  for login in table["logins"]))
            else:
                clients += await asyncio.gather(*(Client.through_lobby(table["port"], key) for key in keys[number]))
        await asyncio.gather(*(client.drawn() for client in clients))
        end = time.monotonic() + seconds
        generator = random.Random(42)

        async def key(client: Client, typed: bytes) -> None:
            nonlocal unanswered, arrows_unanswered
            await client.settled()  # a player reads the screen first (a key on a screen just replaced is dropped)
            took = await client.press(typed)
            if took is None:
                unanswered += 1
                arrows_unanswered += typed in MOVE_KEYS
            times.append(math.inf if took is None else took)  # unanswered: slower than any answer
            by_key[typed in MOVE_KEYS].append(times[-1])
            await asyncio.sleep(generator.uniform(0.3, 1.0) / rate)

        async def play(client: Client) -> None:
            while time.monotonic() < end:
                if client.go_on:
                    await key(client, ENTER)
                elif client.my_turn:
                    await client.settled()  # a player reads the choices before moving among them
                    moves = generator.randint(1, 3)
                    if client.choices() < 2:  # nothing to move among: the highlight stays
                        moves = 0
                    for number in range(moves):
                        await key(client, MOVE_KEYS[number % 2])
                    await key(client, ENTER)
                else:
                    await asyncio.sleep(0.1)

        before, clients_before = server.cpu(), time.process_time()
        await asyncio.gather(*(play(client) for client in clients))
        after = server.cpu()
        cpu = {name: after[name] - before[name] for name in after}
        cpu["clients"] = time.process_time() - clients_before
        memory = server.memory()
    finally:
        for client in clients:
            await client.close()
        moves = server.close()
    times.sort()
    arrows, enters = (sorted(by_key[kind]) for kind in (True, False))
    return LoadResult(tables, len(clients), len(times), unanswered, percentile(times, 0.5), percentile(times, 0.95),
                      arrows_unanswered, (len(arrows), percentile(arrows, 0.5), percentile(arrows, 0.95)),
                      (len(enters), percentile(enters, 0.5), percentile(enters, 0.95)),
                      memory, sum(moves), cpu, seconds)


def percentile(ordered: list[float], share: float) -> float:
    """The value below which `share` of `ordered` (sorted) lies (nearest rank; inf: none)."""
    return ordered[int(share * (len(ordered) - 1))] if ordered else math.inf


def shown_ms(seconds: float) -> str:
    """A key's time in milliseconds ("over 2000 ms": unanswered in UNANSWERED seconds)."""
    return f"over {UNANSWERED * 1000:.0f} ms" if math.isinf(seconds) else f"{seconds * 1000:.1f} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m sherwood_tui.table.load_test")
    parser.add_argument("--memory", action="store_true", help="only what a seat costs")
    parser.add_argument("--load", action="store_true", help="only the load test")
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--hosts", action="store_true", help="the load test on host tables, not a serve server's")
    parser.add_argument("--seat-replay", action="store_true",
                        help="only one seat's CPU a screen change and a feed in place (a recording replayed)")
    parser.add_argument("--runs", type=int, default=3, help="how many times --seat-replay replays")
    parser.add_argument("--size", default="80x24", help="the terminal of --seat-replay, WxH")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--serve-lobby", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--game", default="bleeding-sherwood", help=argparse.SUPPRESS)
    parser.add_argument("--players", type=int, default=SEATS_AT_A_TABLE, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        asyncio.run(serve_tables(args.tables, args.game, args.players))
        return 0
    if args.serve_lobby:
        asyncio.run(serve_lobby(args.game, args.players))
        return 0
    if args.seat_replay:
        from sherwood_tui.table.seat_cpu import seat_replay
        width, height = (int(part) for part in args.size.split("x"))
        asyncio.run(seat_replay(args.runs, (width, height)))
        return 0
    if not args.load:
        costs = asyncio.run(seat_costs())
        print(f"seat memory (USS), Sheriff, 5 seats and 10 spectators over SSH, in {costs.processes} process(es) "
              f"({'fork' if os.environ.get('SHERWOOD_TUI_SEATS') == 'fork' else 'hall'}): the first seat {costs.first_seat / MB:.1f} MB, "
              f"each added seat {costs.added_seat / MB:.1f} MB (goal: at most 15 MB), "
              f"{costs.played_added / MB:.1f} MB after {costs.played:.0f} s of play; "
              f"template {costs.template_uss / MB:.1f} MB, host {costs.host_uss / MB:.1f} MB, "
              f"the seats' processes and the host's {costs.total_pss / MB:.0f} MB (PSS)")
    if not args.memory:
        result = asyncio.run(load_test(args.tables, args.seconds, hosts=args.hosts))
        where = "host tables" if args.hosts else "a serve server"
        print(f"load ({where}): {result.players} players at {result.tables} tables, {result.keys} keys: median "
              f"{shown_ms(result.median)} (goal 50 ms), 95th percentile {shown_ms(result.p95)} (goal 200 ms), "
              f"{result.unanswered} unanswered within {UNANSWERED:g} s ({result.unanswered_arrows} of them arrow "
              f"keys); {result.arrows[0]} arrow keys: median {shown_ms(result.arrows[1])}, 95th percentile "
              f"{shown_ms(result.arrows[2])}; {result.enters[0]} Enters: median {shown_ms(result.enters[1])}, "
              f"95th percentile {shown_ms(result.enters[2])}; "
              f"{result.moves} moves played; "
              f"server {result.memory['processes']} processes, "
              f"{result.memory['pss'] / MB:.0f} MB (PSS; RSS summed {result.memory['rss'] / MB:.0f} MB); CPU over "
              f"{result.seconds:.0f} s: host {result.cpu['host']:.0f} s, seats {result.cpu['seats']:.0f} s, "
              f"clients {result.cpu['clients']:.0f} s; load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
