"""`make bench`: start-up time and memory against a bare Textual app, bot games per second
for each game, their two speed ratios to the baseline commit (the rules loop, and the whole
simulate command's CPU time), the expert's search speed and decision time, and a key's
delay on a table's seat, what a seat costs the host and 100 players at 20 tables
(table/load_test.py), each beside its goal.
Run: python -m sherwood_tui.bench [--speed | --instructions | --search | --table] [--baseline COMMIT] [GAME ...]"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple

BARE_APP = """
import resource
from textual.app import App
from textual.widgets import Footer, Header, OptionList
class Bare(App):
    def compose(self):
        yield Header()
        yield OptionList("Bleeding Sherwood", "Sheriff of Nottingham", "Sherwood")
        yield Footer()
    def on_mount(self):
        self.call_after_refresh(self.exit)
Bare().run(headless=True, size=(80, 24))
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""

OUR_PICKER = """
import resource
from sherwood_tui.ui.app import SherwoodApp
class Timed(SherwoodApp):
    def on_mount(self):  # runs before SherwoodApp.on_mount (Textual calls both)
        self.call_later(self.picker_pushed)
    def picker_pushed(self):
        self.screen.call_after_refresh(self.exit)  # once the picker is drawn
Timed().run(headless=True, size=(80, 24))
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""

OUR_FULL_GAME = """
import os, resource, tempfile
os.environ["SHERWOOD_TUI_DATA"] = tempfile.mkdtemp()
from sherwood_tui import catalog
from sherwood_tui.core.contract import Player
from sherwood_tui.ui.app import SherwoodApp
class FullGame(SherwoodApp):
    def on_mount(self):  # runs before SherwoodApp.on_mount (Textual calls both)
        self.call_later(self.begin)  # once the picker is up
    def begin(self):
        seats = [Player(name=n, bot="sensible") for n in ("Robin", "Marian", "Much", "Will")]
        self.start_game(catalog.get("bleeding-sherwood"), seats, {}, seed=7)
    def advance(self):
        if self.session is not None and self.session.is_over:
            self.exit()
            return
        super().advance()
FullGame(bot_delay=0).run(headless=True, size=(80, 24))
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""

MEMORY_OVER_GAMES = """
import os, resource, sys, tempfile
os.environ["SHERWOOD_TUI_DATA"] = tempfile.mkdtemp()
from sherwood_tui import catalog
from sherwood_tui.core.contract import Player
from sherwood_tui.ui.app import SherwoodApp
GAMES = sys.argv[2].split(",")
class ManyGames(SherwoodApp):
    played = 0
    peaks = []
    def on_mount(self):
        self.call_later(self.next_game)
    def next_game(self):
        info = catalog.get(GAMES[self.played % len(GAMES)])
        n = min(4, info.max_players)
        seats = [Player(name=f"P{i}", bot="sensible") for i in range(n)]
        self.start_game(info, seats, {}, seed=self.played)
    def advance(self):
        if self.session is not None and self.session.is_over:
            self.played += 1
            self.peaks.append(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
            if self.played >= int(sys.argv[1]):
                self.exit()
            else:
                self.leave_game()
                self.call_later(self.next_game)
            return
        super().advance()
app = ManyGames(bot_delay=0)
app.run(headless=True, size=(80, 24))
print(app.peaks[1], app.peaks[-1])
"""

GOALS = {"bleeding-sherwood": 1000, "sheriff": 300, "sherwood": 300}


GC_PAUSES = """
import gc, json, random, sys, time
from sherwood_tui import catalog
from sherwood_tui.core.bots import bot_action
from sherwood_tui.core.contract import Player
from sherwood_tui.core.playout import playout
worst, started = {}, {}
def timed(phase, info):
    if phase == "start":
        started["t"] = time.perf_counter()
    else:
        pause = time.perf_counter() - started.pop("t", time.perf_counter())
        worst[info["generation"]] = max(worst.get(info["generation"], 0.0), pause)
gc.callbacks.append(timed)
for info in catalog.GAMES:
    game = info.load()
    n = min(4, game.max_players)
    for seed in range(int(sys.argv[1])):
        seats = [Player(name=f"P{i}", bot="sensible") for i in range(n)]
        state = game.new_game(seats, {}, seed)
        rnd = random.Random(seed)
        playout(game, state, lambda state, seat: bot_action(game, state, seat, "sensible", rnd), rnd)
print(json.dumps(max(worst.values())))
"""


# The expert's search from mid-game positions: a seeded sensible-bot game of each game is
# played, and at each decision of seat 1 from a third to two thirds of the way through
# (with more than one legal move) the expert decides, at the default budget, in one
# process (one core). Prints [playouts per CPU second, median, 95th percentile decision].
SEARCH = """
import json, random, statistics, sys, time
from sherwood_tui import catalog
from sherwood_tui.core.bots import bot_action, decide
from sherwood_tui.core.contract import Player
from sherwood_tui.core.playout import playout
info = catalog.get(sys.argv[1])
game = info.load()
n, positions, budget = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]) or info.default_playouts
seats = [Player(name=f"P{i}", bot="sensible") for i in range(n)]
rnd = random.Random(3)
start = game.new_game(seats, {}, 3)
states = []
def sensible(state, seat):
    if seat == 0 and len(game.legal_actions(state, 0)) > 1:
        states.append(state)
    return bot_action(game, state, seat, "sensible", rnd)
playout(game, start, sensible, rnd)
middle = states[len(states) // 3: 2 * len(states) // 3]
chosen = [middle[k * len(middle) // positions] for k in range(min(positions, len(middle)))]
times = []
for k, state in enumerate(chosen):
    began = time.process_time()
    decide(game, f"expert:{budget}", game.view(state, 0), game.legal_actions(state, 0), random.Random(k), seat=0, seats=n)
    times.append(time.process_time() - began)
times.sort()
p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
print(json.dumps([budget * len(times) / sum(times), statistics.median(times), p95]))
"""


# A Sheriff merchant's whole market turn with the expert: a seeded sensible-bot game is
# played; from each market turn of seat 1 in it, seat 1 plays the turn through as the
# expert at the default budget (one process, one core). Prints the median turn (CPU s).
MARKET_TURN = """
import json, random, statistics, sys, time
from sherwood_tui import catalog
from sherwood_tui.core.bots import bot_action, decide
from sherwood_tui.core.contract import Player
from sherwood_tui.core.playout import playout
info = catalog.get("sheriff")
game = info.load()
n, budget = int(sys.argv[1]), info.default_playouts
seats = [Player(name=f"P{i}", bot="sensible") for i in range(n)]
rnd = random.Random(3)
starts = []
def sensible(state, seat):
    if seat == 0 and state.market_seat == 0 and not (starts and starts[-1][1] == (state.round, state.sheriff)):
        starts.append((state, (state.round, state.sheriff)))
    return bot_action(game, state, seat, "sensible", rnd)
playout(game, game.new_game(seats, {}, 3), sensible, rnd)
turns = []
for k, (state, _) in enumerate(starts):
    spent = 0.0
    while not game.is_over(state) and state.market_seat == 0:
        seat = game.to_act(state)[0]
        if seat != 0:
            break
        began = time.process_time()
        decision = decide(game, f"expert:{budget}", game.view(state, 0), game.legal_actions(state, 0), random.Random(k),
                          seat=0, seats=n)
        spent += time.process_time() - began
        for move in (decision if isinstance(decision, (tuple, list)) else (decision,)):
            state = game.apply(state, move)[0]
    turns.append(spent)
print(json.dumps(statistics.median(turns)))
"""

EXPERT_BASELINE = "8d1879c"  # the expert v1, before the second version (issue 39)


def search_speed(game_id: str, positions: int = 12, playouts: int = 0,
                 tree: str | None = None) -> tuple[float, float, float]:
    """The expert at `playouts` a decision (0: the game's default budget) from mid-game
    positions of `game_id` (one core), of the code in `tree` (None: this code): playouts
    per CPU second, and the median and 95th-percentile decision (seconds)."""
    out = subprocess.run([sys.executable, "-c", SEARCH, game_id, str(seats_for(game_id)), str(positions), str(playouts)],
                         capture_output=True, text=True, check=True, **in_tree(tree))
    rate, median, p95 = json.loads(out.stdout.split("\n")[-2])
    return rate, median, p95


def market_turn(tree: str | None = None) -> float:
    """The median CPU seconds of a Sheriff merchant's whole market turn played by the
    expert at its default budget, of the code in `tree` (None: this code)."""
    out = subprocess.run([sys.executable, "-c", MARKET_TURN, str(seats_for("sheriff"))],
                         capture_output=True, text=True, check=True, **in_tree(tree))
    median: float = json.loads(out.stdout.split("\n")[-2])
    return median


def search_rows(games: tuple[str, ...] = (), playouts: int = 0,
                baseline: str | None = EXPERT_BASELINE) -> list[tuple[str, str, str, str]]:
    """The expert's speed per game: playouts per second, and its decision times at the
    game's default budget (its plug-in's `default_playouts`; or at `playouts`), beside
    the expert v1's (`baseline`, at its own default budget) in the same run: the goal is
    at most half its median. Sheriff: a merchant's whole market turn too (goal: 1 s)."""
    from contextlib import ExitStack

    from sherwood_tui import catalog

    rows = []
    with ExitStack() as stack:
        readable = baseline is not None and not baseline_problem(baseline)
        tree = stack.enter_context(baseline_tree(baseline)) if baseline is not None and readable else None
        for game_id in chosen(games):
            rate, median, p95 = search_speed(game_id, playouts=playouts)
            info = catalog.get(game_id)
            budget = playouts or info.default_playouts
            again = f"python -m sherwood_tui.bench --search {game_id}"
            rows.append((f"{info.title}: expert playouts per CPU second (one core, mid-game)", f"{rate:.0f}", "-",
                         f"{seats_for(game_id)} players, seat 1's decisions a third to two thirds through a game ({again})"))
            which = "the default budget, " if budget == info.default_playouts else ""
            goal, detail = "<= 1 s" if which else "-", f"95th percentile {p95:.2f} s"
            if tree is not None and not playouts:
                _, old, _ = search_speed(game_id, tree=tree)
                goal = f"<= {old / 2:.2f} s"
                detail += f"; the expert v1 ({baseline}) at its default budget: median {old:.2f} s, ratio {old / median:.2f}"
            rows.append((f"{info.title}: expert decision at {which}{budget} playouts, median", f"{median:.2f} s", goal,
                         detail))
            if game_id == "sheriff" and not playouts:
                turn = market_turn()
                old_turn = f"; the expert v1 ({baseline}): {market_turn(tree):.2f} s" if tree is not None else ""
                rows.append(("Sheriff: a merchant's whole market turn, expert at the default budget (CPU)",
                             f"{turn:.2f} s", "<= 1 s", f"median over seat 1's turns of a seeded game{old_turn} ({again})"))
    return rows


def gc_pause(games: int = 20) -> float:
    """The longest garbage collection (seconds) while sensible bots play `games` games of
    each game in one process, as the app's bots do (goal: under 50 ms)."""
    out = subprocess.run([sys.executable, "-c", GC_PAUSES, str(games)], capture_output=True, text=True, check=True)
    return float(json.loads(out.stdout.split()[-1]))


def memory_over_games(games: int = 20, game_id: str = "sherwood") -> tuple[int, int]:
    """Peak memory (KiB) of one app process after 2 and after `games` full sensible-bot
    games of one game: it must not grow with play."""
    out = subprocess.run([sys.executable, "-c", MEMORY_OVER_GAMES, str(games), game_id],
                         capture_output=True, text=True, check=True)
    after_two, after_all = out.stdout.split()[-2:]
    return int(after_two), int(after_all)


def run_script(code: str) -> tuple[float, int]:
    """Wall time of a fresh interpreter running `code`, and its peak memory (KiB)."""
    started = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return time.perf_counter() - started, int(out.stdout.strip().splitlines()[-1])


def startup(repeats: int = 7) -> tuple[float, float]:
    bare, ours = [], []
    run_script(BARE_APP), run_script(OUR_PICKER)  # warm the file cache
    for _ in range(repeats):
        bare.append(run_script(BARE_APP)[0])
        ours.append(run_script(OUR_PICKER)[0])
    return statistics.median(bare), statistics.median(ours)


def memory() -> tuple[int, int]:
    return run_script(BARE_APP)[1], run_script(OUR_FULL_GAME)[1]


# The commit the speed ratios compare with: the rules core v2 as it stood before v3 (issue
# 23's goals: no game below 0.9). The one before v2 (issue 14's goals) is CORE_V1_COMMIT.
BASELINE_COMMIT = "d3720a57c9d96a57b61091235839169b1d9a5b25"
CORE_V1_COMMIT = "66d433f12be4dd7d375ba5f733ef0081b7bfe80c"  # the last commit before the rules core v2
BASELINE = BASELINE_COMMIT[:7]
SIMULATE_JOBS = 2  # simulate's default (one per core) on the 2-core machine the docs' figures come from
SIMULATE_GAMES = {  # about 2-3 s of CPU time a run here, for each bot level
    "random": {"bleeding-sherwood": 2000, "sheriff": 800, "sherwood": 600},
    "sensible": {"bleeding-sherwood": 1000, "sheriff": 300, "sherwood": 200},
}
LOOP_LABEL = "random-move throughput (moves per CPU second, in-process): ratio to {base}"
COMMAND_LABEL = "the whole `simulate --bots {level}` command (CPU time, --jobs {jobs}): ratio to {base}"
ROOT = Path(__file__).resolve().parents[1]

# Random moves through the game API that the baseline has too (catalog, new_game, is_over,
# to_act, legal_actions, apply), with the simulator's collector settings; so it runs alike in
# either tree. argv: GAME PLAYERS, then `rate SECONDS WINDOWS` (prints games and actions per
# second of CPU time, the median of the windows) or `games N` (plays N games, for valgrind).
LOOP = """
import gc, json, random, statistics, sys, time
from sherwood_tui import catalog
from sherwood_tui.core.contract import Player
game = catalog.get(sys.argv[1]).load()
seats = [Player(name=f"P{i}", bot="random") for i in range(int(sys.argv[2]))]
gc.freeze()
gc.set_threshold(50_000, 20, 20)
seed = 0
try:  # the core's one playout loop; a tree from before it, its own loop
    from sherwood_tui.core.playout import playout
except ImportError:
    playout = None
try:  # its random bot's draw, made in the loop; a tree from before it, a chooser
    from sherwood_tui.core.playout import RANDOM_MOVE
    drawn = lambda rnd: RANDOM_MOVE
except ImportError:
    drawn = lambda rnd: lambda state, seat: rnd.choice(legal(state, seat))
legal = game.legal_actions
def play():
    global seed
    rnd = random.Random(seed)
    state = game.new_game(seats, {}, seed)
    seed += 1
    if playout is not None:
        return playout(game, state, drawn(rnd), rnd)[1]
    actions = 0
    while not game.is_over(state):
        to_act = game.to_act(state)
        seat = to_act[0] if len(to_act) == 1 else rnd.choice(to_act)
        state, _ = game.apply(state, rnd.choice(legal(state, seat)))
        actions += 1
    return actions
if sys.argv[3] == "games":
    moves = 0
    for _ in range(int(sys.argv[4])):
        moves += play()
    print(moves)
    sys.exit()
seconds, windows, rates = float(sys.argv[4]), int(sys.argv[5]), []
for _ in range(windows):
    games = actions = 0
    started = time.process_time()
    while time.process_time() - started < seconds / windows:
        actions += play()
        games += 1
    elapsed = time.process_time() - started
    rates.append((games / elapsed, actions / elapsed))
print(json.dumps([statistics.median(r[0] for r in rates), statistics.median(r[1] for r in rates)]))
"""


class BaselineMissing(Exception):
    """The baseline commit cannot be read from this checkout (the message says what to do)."""


class Ratio(NamedTuple):
    new: float
    old: float
    ratio: float


def in_tree(tree: str | None) -> dict[str, Any]:
    """subprocess.run's cwd and env for running the code in `tree` (None: this code) alone,
    from its compiled bytecode as an installed package runs (`compiled`), whatever this
    shell's PYTHONDONTWRITEBYTECODE says."""
    folder = tree or str(ROOT)
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    return {"cwd": folder, "env": {**env, "PYTHONPATH": folder, "PYTHONSAFEPATH": "1"}}


def compiled(tree: str | None) -> None:
    """Compile the package in `tree` (None: this code) to bytecode beforehand, as `pip
    install` does: a timed command then measures the rules, not Python's compiler (each
    tree's own compile time would count otherwise, in every process a run starts)."""
    import compileall

    compileall.compile_dir(str(Path(tree or ROOT) / "sherwood_tui"), quiet=1)


def games_per_second(game_id: str, players: int, seconds: float = 4.0, windows: int = 5,
                     tree: str | None = None) -> tuple[float, float]:
    """Random-move games per second and actions per second of CPU time (one core) of the
    rules in `tree` (None: this code), in a fresh process: the median of `windows` equal
    windows, so one disturbed moment does not decide it."""
    out = subprocess.run([sys.executable, "-c", LOOP, game_id, str(players), "rate", str(seconds), str(windows)],
                         capture_output=True, text=True, check=True, **in_tree(tree))
    per_second, actions = json.loads(out.stdout)
    return per_second, actions


def simulate_command(game_id: str, players: int, level: str = "random", games: int | None = None) -> list[str]:
    """The arguments of the `simulate --bots LEVEL` run that a command ratio times."""
    games = SIMULATE_GAMES[level].get(game_id, 1) if games is None else games
    seed = 1
    return ["simulate", game_id, "--players", str(players), "--games", str(games), "--bots", level,
            "--seed", str(seed), "--jobs", str(SIMULATE_JOBS)]


def simulate_cpu(game_id: str, players: int, level: str = "random", tree: str | None = None,
                 games: int | None = None) -> float:
    """CPU time (user + system, seconds) of one whole `python -m sherwood_tui simulate`
    process of the code in `tree` (None: this code), its worker processes included."""
    import tempfile

    with tempfile.TemporaryFile() as errors:
        proc = subprocess.Popen([sys.executable, "-m", "sherwood_tui", *simulate_command(game_id, players, level, games)],
                                stdout=subprocess.DEVNULL, stderr=errors, **in_tree(tree))
        _, status, usage = os.wait4(proc.pid, 0)  # the child's own time and its waited-for workers'
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode:
            errors.seek(0)
            raise subprocess.CalledProcessError(proc.returncode, proc.args, stderr=errors.read().decode())
    return usage.ru_utime + usage.ru_stime


def git(*args: str) -> subprocess.CompletedProcess[bytes]:
    """git on this checkout (FileNotFoundError if git is not installed)."""
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True)


def baseline_problem(commit: str = BASELINE_COMMIT) -> str | None:
    """Why `commit` cannot be read from this checkout (one line saying what to do), or None."""
    try:
        if git("rev-parse", "--git-dir").returncode:
            return f"{ROOT} is not a git checkout: the comparison with commit {commit} needs a clone with its history"
        if git("cat-file", "-e", f"{commit}^{{commit}}").returncode:
            return (f"commit {commit} (the baseline) is not in this checkout's history (a shallow clone?): "
                    f"fetch it with `git fetch --unshallow`, or `git fetch origin {commit}`")
    except FileNotFoundError:
        return f"the comparison with commit {commit} needs git, which is not installed"
    return None


@contextmanager
def baseline_tree(commit: str = BASELINE_COMMIT) -> Iterator[str]:
    """The code of `commit`, unpacked into a temporary folder from this checkout's history;
    BaselineMissing if it cannot be read."""
    import io
    import tarfile
    import tempfile

    problem = baseline_problem(commit)
    if problem:
        raise BaselineMissing(problem)
    archive = git("archive", commit)
    if archive.returncode:
        raise BaselineMissing(f"git archive {commit} failed: {archive.stderr.decode().strip()}")
    with tempfile.TemporaryDirectory(prefix=f"sherwood-{commit[:7]}-") as folder:
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            tar.extractall(folder, filter="data")
        yield folder


def compare(measure: Callable[[str | None], float], tree: str, rounds: int) -> tuple[float, float]:
    """The medians of `measure` for this code (None) and for `tree`, measured in alternation
    in one run (the machine is shared and noisy: only their ratio means much)."""
    new, old = [], []
    for _ in range(rounds):
        old.append(measure(tree))
        new.append(measure(None))
    return statistics.median(new), statistics.median(old)


def seats_for(game_id: str) -> int:
    """The player count the speed figures use: four, or the game's most if fewer."""
    from sherwood_tui import catalog

    return min(4, catalog.get(game_id).max_players)


class GameRatios(NamedTuple):
    """One game's speed against the baseline: random moves per CPU second in-process, and
    the whole simulate command's CPU time with sensible bots, then with random bots."""

    moves: Ratio
    sensible: Ratio
    random: Ratio


def game_ratios(game_id: str, tree: str, rounds: int, seconds: float) -> GameRatios:
    """One game against the baseline in `tree` (each Ratio: new, old, and the ratio with
    more meaning faster: moves new / old; CPU time old / new)."""
    players = seats_for(game_id)
    new, old = compare(lambda t: games_per_second(game_id, players, seconds, 3, t)[1], tree, rounds)
    moves = Ratio(new, old, new / old)
    commands = []
    for level in ("sensible", "random"):
        new, old = compare(partial(simulate_cpu, game_id, players, level), tree, rounds)
        commands.append(Ratio(new, old, old / new))
    return GameRatios(moves, *commands)


def speed_ratios(rounds: int = 5, seconds: float = 3.0, games: tuple[str, ...] = (),
                 commit: str = BASELINE_COMMIT) -> dict[str, GameRatios]:
    """The ratios (game_ratios) of every game, or of `games`, to `commit`."""
    with baseline_tree(commit) as tree:
        compiled(tree)
        compiled(None)
        return {game_id: game_ratios(game_id, tree, rounds, seconds) for game_id in chosen(games)}


def chosen(games: Iterable[str] = ()) -> list[str]:
    """The ids of `games`, or of every ready game if none are named."""
    from sherwood_tui import catalog

    return [catalog.get(g).id for g in games] or [info.id for info in catalog.GAMES if info.ready]


def speed_rows(rounds: int, seconds: float, games: tuple[str, ...] = (),
               commit: str = BASELINE_COMMIT) -> list[tuple[str, str, str, str]]:
    """The ratios of every game as bench rows, each naming what reproduces it; goals are
    the rules core v3's (no game below 0.9 of the v2 code) against the default baseline."""
    from sherwood_tui import catalog

    base, again = commit[:7], "" if commit == BASELINE_COMMIT else f" --baseline {commit}"
    goal = ">= 0.9" if commit == BASELINE_COMMIT else "-"
    rows = []
    for game_id, ratios in speed_ratios(rounds, seconds, games, commit).items():
        title, players = catalog.get(game_id).title, seats_for(game_id)
        moves = ratios.moves
        rows.append((f"{title}: {LOOP_LABEL.format(base=base)}", f"{moves.ratio:.2f}", goal,
                     f"{moves.new:,.0f} vs {moves.old:,.0f} moves/s, medians of {rounds} "
                     f"(python -m sherwood_tui.bench --speed{again} {game_id})"))
        for level in ("sensible", "random"):
            command = getattr(ratios, level)
            run = " ".join(simulate_command(game_id, players, level))
            rows.append((f"{title}: {COMMAND_LABEL.format(level=level, jobs=SIMULATE_JOBS, base=base)}",
                         f"{command.ratio:.2f}", goal if level == "sensible" else "-",
                         f"{command.new:.2f} s vs {command.old:.2f} s, medians of {rounds} "
                         f"(python -m sherwood_tui {run}, in each tree)"))
    return rows


class Instructions(NamedTuple):
    """Machine instructions of the rules loop under valgrind: a game, and a move."""

    per_game: float
    per_move: float


def instructions_per_game(game_id: str, players: int, tree: str | None = None, warm: int = 400,
                          counted: int = 100) -> Instructions:
    """Machine instructions a game and a move of the rules loop under valgrind (a count
    that does not vary with the machine's load): games warm+1 to warm+counted, as in a
    long run whose caches are warm. Slow: a minute or two a game and tree."""
    import re

    def run(games: int, valgrind: bool) -> int:
        command = [sys.executable, "-c", LOOP, game_id, str(players), "games", str(games)]
        if valgrind:
            command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null", *command]
        out = subprocess.run(command, capture_output=True, text=True, check=True, **in_tree(tree))
        if not valgrind:
            return int(out.stdout)  # the moves of those games (the same under valgrind)
        found = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
        if found is None:
            raise RuntimeError(f"no instruction count in valgrind's output: {out.stderr[-200:]}")
        return int(found.group(1).replace(",", ""))

    instructions = run(warm + counted, True) - run(warm, True)
    moves = run(warm + counted, False) - run(warm, False)
    return Instructions(instructions / counted, instructions / moves)


def instruction_rows(games: tuple[str, ...] = (), commit: str = BASELINE_COMMIT) -> list[tuple[str, str, str, str]]:
    """Instructions a rules-loop move (and game), here and at `commit`, per game: the
    load-free companion of the random-move throughput's ratio."""
    from sherwood_tui import catalog

    again = "" if commit == BASELINE_COMMIT else f" --baseline {commit}"
    rows = []
    with baseline_tree(commit) as tree:
        compiled(tree)  # else a tree's first count pays for compiling it, and its second does not
        compiled(None)
        for game_id in chosen(games):
            new, old = (instructions_per_game(game_id, seats_for(game_id), t) for t in (None, tree))
            rows.append((f"{catalog.get(game_id).title}: instructions a rules-loop move (valgrind), ratio to {commit[:7]}",
                         f"{old.per_move / new.per_move:.2f}", "-",
                         f"{new.per_move:,.0f} vs {old.per_move:,.0f} a move; {new.per_game / 1e6:.2f} M vs "
                         f"{old.per_game / 1e6:.2f} M a game; games 401-500 "
                         f"(python -m sherwood_tui.bench --instructions{again} {game_id})"))
    return rows


def print_rows(rows: list[tuple[str, str, str, str]]) -> None:
    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'value':>7}  {'goal':>8}  detail")
    for name, value, goal, detail in rows:
        print(f"{name:<{width}}  {value:>7}  {goal:>8}  {detail}")


def all_rows(baseline_ok: bool) -> list[tuple[str, str, str, str]]:
    """Every row of `make bench` (the ratios only if the baseline can be read)."""
    from sherwood_tui import catalog

    rows = []
    bare_t, ours_t = startup()
    rows.append(("start-up to the picker (ratio to a bare Textual app)", f"{ours_t / bare_t:.2f}",
                 "<= 1.25", f"{ours_t * 1000:.0f} ms vs {bare_t * 1000:.0f} ms"))
    bare_m, ours_m = memory()
    rows.append(("peak memory of a full game (ratio to the bare app)", f"{ours_m / bare_m:.2f}",
                 "-", f"{ours_m / 1024:.0f} MiB vs {bare_m / 1024:.0f} MiB"))
    pause = gc_pause()
    rows.append(("longest garbage collection during sensible-bot play", f"{pause * 1000:.0f} ms",
                 "<= 50 ms", "20 games of each game in one process"))
    for info in catalog.GAMES:
        two, twenty = memory_over_games(20, info.id)
        rows.append((f"{info.title}: peak memory after 20 games (ratio to after 2)", f"{twenty / two:.3f}",
                     "<= 1.05", f"{twenty / 1024:.0f} MiB vs {two / 1024:.0f} MiB"))
    for game_id in chosen():
        per_second, actions = games_per_second(game_id, seats_for(game_id))
        rows.append((f"{catalog.get(game_id).title}: random-bot games per second per core", f"{per_second:.0f}",
                     f">= {GOALS[game_id]}", f"{actions:,.0f} actions per second (the rules loop)"))
    rows += search_rows()
    if baseline_ok:
        rows += speed_rows(rounds=3, seconds=2.0)
    from sherwood_tui.table.latency import PRESSES, key_latencies

    seat_key, local_key = key_latencies()
    rows.append(("a key on a seat over SSH until its screen changes", f"{seat_key * 1000:.0f} ms", "<= 50 ms",
                 f"median of {PRESSES}; the same key in the local app: {local_key * 1000:.0f} ms"))
    return rows + table_rows()


def table_rows() -> list[tuple[str, str, str, str]]:
    """What a seat costs the host, and 100 players at 20 tables (table/load_test.py)."""
    import asyncio

    from sherwood_tui.table.load_test import MB, load_test, seat_costs, shown_ms

    costs = asyncio.run(seat_costs())
    rows = [("each added seat or spectator's own memory (USS), 5 seats and 10 spectators",
             f"{costs.added_seat / MB:.1f} MB", "<= 15 MB",
             f"the first seat {costs.first_seat / MB:.1f} MB; each added one after {costs.played:.0f} s of play "
             f"{costs.played_added / MB:.1f} MB; the seat template {costs.template_uss / MB:.1f} MB, "
             f"the host {costs.host_uss / MB:.1f} MB")]
    load = asyncio.run(load_test())
    rows.append((f"{load.players} players at {load.tables} tables: a key, median", shown_ms(load.median),
                 "<= 50 ms", f"{load.keys} keys, {load.unanswered} unanswered, {load.moves} moves played"))
    rows.append((f"{load.players} players at {load.tables} tables: a key, 95th percentile", shown_ms(load.p95),
                 "<= 200 ms", f"the server's {load.memory['processes']} processes: {load.memory['pss'] / MB:.0f} MB (PSS)"))
    return rows


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m sherwood_tui.bench", description="The bench's figures, each beside its goal.")
    parser.add_argument("--speed", action="store_true", help="only the two speed ratios per game, 5 rounds")
    parser.add_argument("--instructions", action="store_true", help="only the instructions a game under valgrind")
    parser.add_argument("--baseline", default=BASELINE_COMMIT, help=f"the commit to compare with (default {BASELINE})")
    parser.add_argument("--search", action="store_true", help="only the expert's speed per game")
    parser.add_argument("--playouts", type=int, default=0, metavar="N",
                        help="with --search: time decisions at N playouts (default: each game's default budget)")
    parser.add_argument("--table", action="store_true", help="only what a seat costs and the load test (100 players, 20 tables)")
    parser.add_argument("--json", action="store_true", help="the rows as JSON too")
    parser.add_argument("games", nargs="*", help="with --speed, --instructions or --search: only these games")
    args = parser.parse_args(argv)
    missing = baseline_problem(args.baseline)
    if missing:
        print(f"bench: {missing}", file=sys.stderr)
    games = tuple(args.games)
    if args.table:
        print_rows(table_rows())
        return 0
    if args.search:
        print_rows(search_rows(games, args.playouts))
        return 0
    if args.speed or args.instructions:
        if missing:
            return 1
        if args.instructions and shutil.which("valgrind") is None:
            print("bench: --instructions needs valgrind (e.g. apt-get install valgrind)", file=sys.stderr)
            return 1
        print(f"Against commit {args.baseline}:")
        rows = speed_rows(5, 3.0, games, args.baseline) if args.speed else instruction_rows(games, args.baseline)
    else:
        rows = all_rows(not missing)
    print_rows(rows)
    if not (args.speed or args.instructions):
        print("Every row: python -m sherwood_tui.bench (make bench); the ratios alone, 5 rounds: python -m sherwood_tui.bench --speed")
    if args.json:
        print(json.dumps({"rows": rows}))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
