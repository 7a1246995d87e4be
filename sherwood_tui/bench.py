"""`make bench`: start-up time and memory against a bare Textual app, bot games per second
for each game, and a key's delay on a table's seat, each printed beside its goal.
Run: python -m sherwood_tui.bench"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import time

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
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            state, _ = game.apply(state, bot_action(game, state, seat, "sensible", rnd))
print(json.dumps(max(worst.values())))
"""


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


def games_per_second(game_id: str, players: int, seconds: float = 4.0, windows: int = 5) -> tuple[float, float]:
    """Random-bot games per second and actions per second on one core (CPU time): the
    median of `windows` equal windows, so one disturbed moment does not decide it."""
    from sherwood_tui import catalog
    from sherwood_tui.core.contract import Player
    from sherwood_tui.simulate import tune_gc_for_batch_play

    game = catalog.get(game_id).load()
    seats = [Player(name=f"P{i}", bot="random") for i in range(players)]
    tune_gc_for_batch_play()  # as the simulator and the soak runs do
    seed = 0
    rates = []
    for _ in range(windows):
        games = actions = 0
        started = time.process_time()
        while time.process_time() - started < seconds / windows:
            rnd = random.Random(seed)
            state = game.new_game(seats, {}, seed)
            while not game.is_over(state):
                to_act = game.to_act(state)
                seat = to_act[0] if len(to_act) == 1 else rnd.choice(to_act)
                state, _ = game.apply(state, rnd.choice(game.legal_actions(state, seat)))
                actions += 1
            games += 1
            seed += 1
        elapsed = time.process_time() - started
        rates.append((games / elapsed, actions / elapsed))
    return statistics.median(r[0] for r in rates), statistics.median(r[1] for r in rates)


BASELINE = "core-v1"  # the git tag of the rules core before its redesign (issue 14)
RATE = """
import json, sys
from sherwood_tui.bench import games_per_second
print(json.dumps(games_per_second(sys.argv[1], int(sys.argv[2]), seconds=float(sys.argv[3]), windows=3)))
"""


def baseline_tree(tag: str = BASELINE) -> str:
    """The code of `tag`, unpacked into a temporary folder (from the git checkout)."""
    import io
    import tarfile
    import tempfile
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    archive = subprocess.run(["git", "-C", str(root), "archive", tag], capture_output=True, check=True).stdout
    folder = tempfile.mkdtemp(prefix=f"sherwood-{tag}-")
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def rate_in(tree: str | None, game_id: str, players: int, seconds: float) -> float:
    """Random-bot games per second (one core) of the code in `tree` (None: this code)."""
    import os

    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = tree
        env["PYTHONSAFEPATH"] = "1"
    cwd = tree or None
    out = subprocess.run([sys.executable, "-c", RATE, game_id, str(players), str(seconds)],
                         capture_output=True, text=True, check=True, env=env, cwd=cwd)
    return json.loads(out.stdout)[0]


def speed_ratios(tag: str = BASELINE, rounds: int = 5, seconds: float = 3.0,
                 games: tuple[str, ...] = ()) -> dict[str, tuple[float, float, float]]:
    """Games per second of this code and of `tag`, measured in alternation in one run
    (the machine is shared and noisy: only the ratio means much): per game, the medians
    and their ratio."""
    from sherwood_tui import catalog

    tree = baseline_tree(tag)
    out = {}
    for info in catalog.GAMES:
        if games and info.id not in games:
            continue
        players = 4 if info.max_players >= 4 else info.max_players
        new, old = [], []
        for _ in range(rounds):
            old.append(rate_in(tree, info.id, players, seconds))
            new.append(rate_in(None, info.id, players, seconds))
        out[info.id] = (statistics.median(new), statistics.median(old), statistics.median(new) / statistics.median(old))
    return out


def main() -> int:
    from sherwood_tui import catalog

    if "--speed" in sys.argv:  # only the speed ratios to the code before the redesign
        for game_id, (new, old, ratio) in speed_ratios().items():
            print(f"{game_id}: {new:.0f} vs {old:.0f} games/s ({BASELINE}): {ratio:.2f}x")
        return 0

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
    results = {}
    for info in catalog.GAMES:
        if not info.ready:
            continue
        per_second, actions = games_per_second(info.id, 4 if info.max_players >= 4 else info.max_players)
        results[info.id] = per_second
        rows.append((f"{info.title}: random-bot games per second per core", f"{per_second:.0f}",
                     f">= {GOALS[info.id]}", f"{actions:,.0f} actions per second"))
    goals = {"bleeding-sherwood": 2.0, "sheriff": 1.5, "sherwood": 1.5}
    for game_id, (new, old, ratio) in speed_ratios(rounds=3, seconds=2.0).items():
        rows.append((f"{catalog.get(game_id).title}: games per second, ratio to {BASELINE}", f"{ratio:.2f}",
                     f">= {goals[game_id]}", f"{new:.0f} vs {old:.0f}"))
    from sherwood_tui.table.latency import PRESSES, key_latencies

    seat_key, local_key = key_latencies()
    rows.append(("a key on a seat over SSH until its screen changes", f"{seat_key * 1000:.0f} ms", "<= 50 ms",
                 f"median of {PRESSES}; the same key in the local app: {local_key * 1000:.0f} ms"))
    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'value':>7}  {'goal':>8}  detail")
    for name, value, goal, detail in rows:
        print(f"{name:<{width}}  {value:>7}  {goal:>8}  {detail}")
    if "--json" in sys.argv:
        print(json.dumps({"rows": rows}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
