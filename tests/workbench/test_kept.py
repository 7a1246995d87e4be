"""`simulate --keep N`: the most unusual games, saved as ordinary saves that replay."""

from __future__ import annotations

import json
import subprocess
import sys

from sherwood_tui.core.saves import load_session
from sherwood_tui.workbench.engine import GameResult, play_one
from sherwood_tui.workbench.kept import choose, file_name
from sherwood_tui.workbench.replay import Replay


def result(seed: int, actions: int, scores: list[float], winners: list[int]) -> GameResult:
    return GameResult(seed=seed, winners=winners, scores=scores, actions=actions, rounds=1, ending="end")


def test_the_most_unusual_games_are_chosen_in_turn_each_once():
    games = [
        result(1, 100, [10, 9], [0]),
        result(2, 300, [20, 5], [0]),  # longest
        result(3, 50, [12, 11], [0]),  # shortest
        result(4, 120, [40, 0], [0]),  # biggest margin, a seat never scored
        result(5, 110, [15, 15], [0, 1]),  # a shared win
    ]
    picks = choose(games, 5)
    assert [(p.seed, p.slug) for p in picks] == [
        (2, "longest"), (3, "shortest"), (4, "biggest-margin"), (5, "shared-win"), (1, "closest"),
    ]
    assert picks[0].why == "longest: 300 actions"
    assert [p.slug for p in choose(games, 2)] == ["longest", "shortest"]
    assert len(choose(games, 50)) == 5  # never the same game twice
    assert [p.slug for p in choose(games[3:4], 3)] == ["longest"]  # one game: kept once, for the first reason


def test_a_seat_that_never_scored_is_named():
    games = [result(1, 200, [10, 9, 8], [0]), result(2, 50, [10, 9, 8], [0]), result(3, 100, [50, 1, 1], [0]),
             result(4, 100, [30, 0, 0], [0])]
    reasons = {p.slug: (p.seed, p.why) for p in choose(games, 4)}
    assert reasons["never-scored"] == (4, "seats 2 and 3 never scored")


def test_keep_writes_n_saves_that_load_and_replay_the_same_game(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "sherwood_tui", "simulate", "sheriff", "--players", "3", "--games", "6", "--seed", "40",
         "--jobs", "1", "--keep", "3", "--keep-dir", str(tmp_path), "--json"],
        capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120,
    )
    assert out.returncode == 0, out.stderr
    kept = json.loads(out.stdout)["kept"]
    files = sorted(tmp_path.glob("*.json"))
    assert len(kept) == 3 and sorted(k["file"] for k in kept) == [str(f) for f in files]
    for entry in kept:
        path = tmp_path / entry["file"].rsplit("/", 1)[-1]
        seed = int(path.stem.rsplit("seed", 1)[1])
        assert path.name.startswith("sheriff-") and path.stem.split("-")[1] in entry["why"].split(":")[0].replace(" ", "-")
        session = load_session(path)
        assert session.is_over and session.seed == seed
        assert [p.bot for p in session.players] == ["sensible"] * 3
        actions: list = []
        again = play_one("sheriff", 3, ["sensible"] * 3, {}, seed, record=actions)
        assert session.actions == actions
        assert [line.total for line in session.game.scores(session.state)] == again.scores
        assert list(Replay.open(path).actions) == session.actions  # `sherwood-tui replay FILE` reads it


def test_a_kept_file_is_named_for_its_side_and_reason():
    pick = choose([result(9, 10, [1, 0], [0])], 1)[0]
    assert file_name("sheriff", pick) == "sheriff-longest-seed9.json"
    assert file_name("sheriff", pick, "B") == "sheriff-B-longest-seed9.json"
