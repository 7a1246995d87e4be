"""`simulate` and `tournament --scheduler tcp://HOST:PORT`: the games on a Dask cluster (a
LocalCluster of two worker processes on loopback here) give the same output and records
as local processes, each side on its own data; a worker lost mid-run has its chunks
played again and counted once; Ctrl+C cancels the run's tasks; a bad address, no Dask or
`--jobs` beside `--scheduler` is one line; Dask is imported only when asked for."""

from __future__ import annotations

import gc
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from distributed import Client, LocalCluster

from sherwood_tui import __version__, catalog, commands
from sherwood_tui.commands import simulate as simulate_command
from sherwood_tui.commands import tournament as tournament_command
from sherwood_tui.core.assets import chosen_file
from sherwood_tui.workbench import cluster as cluster_module
from sherwood_tui.workbench import tournament
from sherwood_tui.workbench.cluster import NEEDS_EXTRA, ChunkJob, ClusterError, ClusterSides, play_chunk
from sherwood_tui.workbench.engine import DataSide, GameFailed, Sides, index_chunks, run, seed_chunks
from tests.test_import_hygiene import PICKER, _modules_after
from tests.workbench.test_compare import data_file, fewer_ten_point_peasants
from tests.workbench.test_records import games_of
from tests.workbench.test_tournament import without_time

BLEEDING = catalog.get("bleeding-sherwood")
# A LocalCluster's scheduler serves HTTP (health, metrics) even without a dashboard: on
# port 8787 if free, else on another, with a warning.
pytestmark = pytest.mark.filterwarnings("ignore:Port 8787 is already in use")


def new_cluster() -> LocalCluster:
    return LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, host="127.0.0.1")


@pytest.fixture(scope="module")
def cluster():
    with new_cluster() as local:
        yield local


def simulate_json(capsys, *args: str) -> dict:
    assert commands.run(["simulate", *args, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    out.pop("seconds")
    return out


def own_files(folder: Path) -> tuple[Path, Path]:
    def lower_goal(data: dict) -> None:
        data["winning_score"] = 60

    return data_file(folder, "fewer-tens.json", fewer_ten_point_peasants), data_file(folder, "sixty.json", lower_goal)


def game_job(seeds: range, bots: list[str], path: str | None = None, text: str | None = None,
             version: str = __version__) -> ChunkJob:
    """A task of `simulate`'s games of Bleeding Sherwood, as the client sends it."""
    return ChunkJob(version, BLEEDING.id, seeds, path, text, (BLEEDING.id, len(bots), bots, {}, seeds, False))


# ----- the same results, locally or on the cluster --------------------------------------


def test_the_same_output_and_records_with_one_process_two_or_the_cluster(cluster, tmp_path, capsys):
    records = tmp_path / "runs.sqlite"
    run_args = ["bleeding-sherwood", "--players", "3", "--games", "24", "--seed", "3", "--bots", "sensible,random,sensible",
                "--records", str(records)]
    outputs = [simulate_json(capsys, *run_args, *where)
               for where in (["--jobs", "1"], ["--jobs", "2"], ["--scheduler", cluster.scheduler_address])]
    assert outputs[0] == outputs[1] == outputs[2] and outputs[0]["games"] == 24
    db = sqlite3.connect(records)
    runs = [row[0] for row in db.execute("SELECT id FROM runs ORDER BY id")]
    played = [games_of(db, number) for number in runs]
    assert len(runs) == 3 and played[0] == played[1] == played[2]
    assert [game[1] for game in played[2]] == list(range(3, 27))  # every game once, by seed
    events = [db.execute("SELECT seed, seq, round, seat, kind, subject, value FROM events JOIN games ON games.id = "
                         "events.game WHERE run = ? ORDER BY seed, seq", (number,)).fetchall() for number in runs]
    assert events[0] and events[0] == events[1] == events[2]  # the same events, wherever the games were played


def test_every_combination_of_options_on_the_cluster_gives_the_local_rows(cluster, capsys):
    run_args = ["sheriff", "--players", "3", "--games", "3", "--seed", "9", "--option", "all"]
    assert simulate_json(capsys, *run_args, "--scheduler", cluster.scheduler_address) == simulate_json(
        capsys, *run_args, "--jobs", "1")


def test_a_comparison_on_the_cluster_gives_the_local_table(cluster, tmp_path, capsys):
    fewer, sixty = own_files(tmp_path)
    for files in ([str(fewer)], [str(fewer), str(sixty)]):
        run_args = ["bleeding-sherwood", "--players", "4", "--games", "16", "--seed", "11", "--compare", *files, "--keep", "1"]
        local = simulate_json(capsys, *run_args, "--jobs", "2", "--keep-dir", str(tmp_path / "here"))
        remote = simulate_json(capsys, *run_args, "--scheduler", cluster.scheduler_address,
                               "--keep-dir", str(tmp_path / "there"))
        kept = [[(Path(k["file"]).name, k["why"]) for k in out.pop("kept")] for out in (local, remote)]
        assert remote == local
        assert local["a"]["summary"] != local["b"]["summary"]  # each side played on its own data
        # the kept games are written on this machine, each replayed on its side's data
        assert kept[0] == kept[1] and len(kept[0]) == 2
        for name, _ in kept[0]:
            saved = [json.loads((tmp_path / folder / name).read_text()) for folder in ("here", "there")]
            assert saved[0] | {"saved_at": ""} == saved[1] | {"saved_at": ""}  # the same game, on the same data


def test_a_worker_plays_each_sides_data_whatever_it_played_before(tmp_path):
    """The chunks of two data files and of the built-in data, in turn, on one worker
    (this process): each as a local run on that data plays it."""
    fewer, sixty = own_files(tmp_path)
    sides = [DataSide("A", fewer, fewer.read_text()), DataSide("B", sixty, sixty.read_text()), DataSide("", None, None)]
    bots = ["sensible"] * 3
    with Sides(BLEEDING, sides[:2], 1, 6) as local:
        expected = local.play(3, 6, 40, bots, {}) + [run(BLEEDING.id, 3, 6, 40, bots, {})]
    assert expected[0] != expected[1] != expected[2]

    def job(side: DataSide, seeds: range) -> ChunkJob:
        return game_job(seeds, bots, None if side.path is None else str(side.path), side.text)

    try:
        got: list[list] = [[], [], []]
        for seeds in seed_chunks(40, 6, 3):  # two games a chunk: A, B, built-in, A, B, built-in...
            for index, side in enumerate(sides):
                got[index] += play_chunk(job(side, seeds))
        assert got == expected
    finally:
        cluster_module._HELPERS.close_all()
    assert chosen_file(BLEEDING.asset) is None  # the worker's own process never read a side's data


def test_a_helper_that_stopped_while_idle_is_replaced():
    job = game_job(range(1, 4), ["random"] * 3)
    try:
        first = play_chunk(job)
        [(_, helper)] = cluster_module._HELPERS.idle
        helper.process.kill()  # as after HELPER_IDLE_SECONDS, or killed by hand
        helper.process.wait()
        helper.alive = lambda: True  # stopped just after it was taken: the chunk finds it gone
        assert play_chunk(job) == first
        [(_, fresh)] = cluster_module._HELPERS.idle
        assert fresh is not helper and fresh.alive()
    finally:
        cluster_module._HELPERS.close_all()


def test_a_worker_with_another_version_refuses_the_chunk():
    job = game_job(range(1, 3), ["random"] * 3, version="0.0.0")
    with pytest.raises(ClusterError, match="a worker has sherwood-tui .*, this machine 0.0.0") as refused:
        play_chunk(job)
    assert refused.value.status == 2


def test_a_game_that_fails_on_the_cluster_is_named_by_its_side_and_seed(cluster, tmp_path):
    fewer, _ = own_files(tmp_path)
    with ClusterSides(BLEEDING, [DataSide("B", fewer, fewer.read_text())], cluster.scheduler_address) as playing:
        with pytest.raises(GameFailed, match=r"fewer-tens.json: seed \d+: ") as failed:
            playing.play(3, 4, 1, ["no-such-level"] * 3, {})
    assert failed.value.side == 0


# ----- progress, Ctrl+C, a lost worker --------------------------------------------------


def test_the_progress_follows_the_finished_chunks_of_each_side(cluster, tmp_path):
    fewer, _ = own_files(tmp_path)
    sides = [DataSide("A", None, None), DataSide("B", fewer, fewer.read_text())]
    told: list[list[int]] = [[], []]
    with ClusterSides(BLEEDING, sides, cluster.scheduler_address) as playing:
        results = playing.play(3, 40, 7, ["random"] * 3, {}, [told[0].append, told[1].append])
    chunks = [len(seeds) for seeds in seed_chunks(7, 40, 2)]
    assert sorted(told[0]) == sorted(told[1]) == sorted(chunks)  # a call per chunk, each counted once
    assert [[r.seed for r in side] for side in results] == [list(range(7, 47))] * 2


def interrupt(count: int) -> None:
    raise KeyboardInterrupt


def sherwood_keys(dask_scheduler) -> list[str]:
    """On the scheduler: the keys of the tasks of sherwood-tui runs it still holds."""
    return [str(key) for key in dask_scheduler.tasks if str(key).startswith("sherwood-")]


def test_ctrl_c_cancels_the_runs_tasks_on_the_cluster(cluster):
    with ClusterSides(BLEEDING, [DataSide("", None, None)], cluster.scheduler_address) as playing:
        cancel, cancelled = playing.client.cancel, []
        playing.client.cancel = lambda futures, **kwargs: (cancelled.extend(futures), cancel(futures, **kwargs))
        with pytest.raises(KeyboardInterrupt):
            playing.play(3, 400, 1, ["sensible"] * 3, {}, [interrupt])
        # every task still to come was cancelled (the one whose chunk came first aside)
        assert len(cancelled) == 2 * 2 - 1 and all(str(f.key).startswith("sherwood-") for f in cancelled)
        assert all(f.cancelled() for f in cancelled)
        held = playing.client.run_on_scheduler(sherwood_keys)
        for _ in range(200):  # asked until the scheduler has forgotten them (bounded; nothing is timed)
            if not held:
                break
            time.sleep(0.05)
            held = playing.client.run_on_scheduler(sherwood_keys)
        assert held == []


class Interrupting:
    """A progress bar whose first finished chunk is Ctrl+C (`simulate`'s: a callback per
    side; `tournament`'s: one)."""

    def __init__(self, names: list[str] | str, total: int) -> None:
        self.names = names

    def __enter__(self):
        return interrupt if isinstance(self.names, str) else [interrupt for _ in self.names]

    def __exit__(self, *exc: object) -> None:
        pass


def test_ctrl_c_stops_a_cluster_run_with_status_130(cluster, capsys, monkeypatch):
    monkeypatch.setattr(simulate_command, "_progress", Interrupting)
    monkeypatch.setattr(tournament_command, "_Progress", Interrupting)
    assert commands.run(["simulate", "sheriff", "--players", "3", "--games", "40",
                         "--scheduler", cluster.scheduler_address]) == 130
    assert commands.run(["tournament", "sheriff", "--bots", "sensible,random", "--players", "3", "--games", "40",
                         "--scheduler", cluster.scheduler_address]) == 130
    assert capsys.readouterr().err == "sherwood-tui simulate: interrupted\nsherwood-tui tournament: interrupted\n"


def die_once_playing(marker: str, seed: int) -> None:
    """On a worker: the first worker to get the chunk holding `seed` dies playing it
    (SIGKILL, as a machine lost); the marker file says it has happened."""
    original = cluster_module.play_chunk

    def dying(job: ChunkJob) -> list:
        if seed in job.seeds and not os.path.exists(marker):
            Path(marker).write_text(str(os.getpid()))
            os.kill(os.getpid(), signal.SIGKILL)
        return original(job)

    cluster_module.play_chunk = dying


@pytest.mark.slow
def test_a_worker_lost_mid_run_has_its_chunks_played_again_and_counted_once(tmp_path):
    fewer, _ = own_files(tmp_path)
    sides = [DataSide("A", None, None), DataSide("B", fewer, fewer.read_text())]
    bots = ["sensible", "random", "sensible"]
    with Sides(BLEEDING, sides, 2, 48) as local:
        expected = local.play(3, 48, 5, bots, {})
    marker = tmp_path / "died"
    told = [[], []]
    with new_cluster() as lossy:
        with Client(lossy.scheduler_address, set_as_default=False) as client:
            pids = set(client.run(os.getpid).values())
            client.run(die_once_playing, str(marker), 30)
        with ClusterSides(BLEEDING, sides, lossy.scheduler_address) as playing:
            results = playing.play(3, 48, 5, bots, {}, [told[0].append, told[1].append])
    assert marker.exists() and int(marker.read_text()) in pids  # a worker died holding a chunk
    assert results == expected  # every game exactly once, as played locally
    assert [sum(counts) for counts in told] == [48, 48]


# ----- tournaments on the cluster -------------------------------------------------------

TOURNAMENT = ("tournament", "bleeding-sherwood", "--bots", "random,sensible,expert:2", "--games", "12", "--seed", "4")


def printed(capsys, *args: str) -> str:
    assert commands.run(list(args)) == 0
    return without_time(capsys.readouterr().out)


def test_a_tournament_on_the_cluster_prints_and_records_what_one_process_does(cluster, tmp_path, capsys):
    records = tmp_path / "tourney.sqlite"
    local = printed(capsys, *TOURNAMENT, "--records", str(records), "--jobs", "1")
    remote = printed(capsys, *TOURNAMENT, "--records", str(records), "--scheduler", cluster.scheduler_address)
    assert remote == local and "OpenSkill ratings" in local and "Head to head" in local
    db = sqlite3.connect(records)
    assert [row[0] for row in db.execute("SELECT id FROM runs ORDER BY id")] == [1, 2]
    assert games_of(db, 1) == games_of(db, 2)
    assert sorted(game[1] for game in games_of(db, 2)) == list(range(4, 16))  # every game once


def test_a_tournament_on_your_own_data_on_the_cluster_plays_that_data(cluster, tmp_path, capsys):
    _, sixty = own_files(tmp_path)
    run_args = ("tournament", "bleeding-sherwood", "--bots", "random,sensible", "--games", "4", "--json")
    outputs = [json.loads(printed(capsys, *run_args, *more))
               for more in (["--jobs", "1"], ["--assets", str(sixty), "--jobs", "1"],
                            ["--assets", str(sixty), "--scheduler", cluster.scheduler_address])]
    for out in outputs:
        out.pop("seconds")
    assert outputs[1] == outputs[2] and outputs[1]["assets"] == str(sixty)
    assert outputs[0]["ratings"] != outputs[1]["ratings"]  # the games were played on the file's data


def test_a_tournaments_progress_follows_its_chunks_on_the_cluster(cluster):
    told: list[int] = []
    played = tournament.play(BLEEDING.id, 2, ["random", "sensible"], 30, 8, {}, progress=told.append,
                             scheduler=cluster.scheduler_address)
    assert played == tournament.play(BLEEDING.id, 2, ["random", "sensible"], 30, 8, {}, jobs=1)
    assert sorted(told) == sorted(len(part) for part in index_chunks(30, 2))  # a call per chunk, each once


def test_a_tournament_game_that_fails_on_the_cluster_is_named_as_in_one_process(cluster):
    for where in ({"jobs": 1}, {"scheduler": cluster.scheduler_address}):
        with pytest.raises(GameFailed, match=r"^seed \d+: ") as failed:
            tournament.play(BLEEDING.id, 2, ["random", "no-such-level"], 4, 1, {}, **where)
        assert failed.value.side == 0


@pytest.mark.slow
def test_a_worker_lost_mid_tournament_has_its_chunks_played_again_and_counted_once(tmp_path):
    levels = ["random", "sensible", "expert:2"]
    expected = tournament.play(BLEEDING.id, 3, levels, 36, 5, {}, jobs=1)
    marker, told = tmp_path / "died", []
    with new_cluster() as lossy:
        with Client(lossy.scheduler_address, set_as_default=False) as client:
            pids = set(client.run(os.getpid).values())
            client.run(die_once_playing, str(marker), 20)
        played = tournament.play(BLEEDING.id, 3, levels, 36, 5, {}, progress=told.append,
                                 scheduler=lossy.scheduler_address)
    assert marker.exists() and int(marker.read_text()) in pids  # a worker died holding a chunk
    assert played == expected and sum(told) == 36  # every game exactly once


# ----- a bad address, no Dask, --jobs, Dask only when asked for --------------------------


@pytest.mark.parametrize("command", [["simulate", "sheriff"], ["tournament", "sheriff", "--bots", "sensible,random",
                                                                 "--players", "3"]])
def test_jobs_beside_a_scheduler_is_one_line_and_nothing_is_played(command, capsys):
    assert commands.run([*command, "--games", "2", "--jobs", "2", "--scheduler", "tcp://127.0.0.1:1"]) == 2
    err = capsys.readouterr()
    assert err.out == "" and err.err == (
        f"sherwood-tui {command[0]}: --jobs and --scheduler do not go together "
        "(on a cluster its workers' threads play: dask worker --nthreads N)\n")


def test_a_scheduler_that_does_not_answer_is_one_line(monkeypatch, capfd):
    monkeypatch.setattr(cluster_module, "CONNECT_SECONDS", 0.5)
    with socket.socket() as silent:  # takes connections (the kernel's backlog) and never says a word
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        address = f"tcp://127.0.0.1:{silent.getsockname()[1]}"
        assert commands.run(["simulate", "sheriff", "--games", "2", "--scheduler", address]) == 2
        gc.collect()  # nothing is left behind to complain as it goes
        err = capfd.readouterr().err  # `(no answer in 0.5 s)`, or Dask's words for it
        assert err.startswith(f"sherwood-tui simulate: --scheduler: cannot reach {address} (") and "0.5 s" in err
        assert err.count("\n") == 1
        assert commands.run(["tournament", "sheriff", "--bots", "sensible,random", "--players", "3", "--games", "2",
                             "--scheduler", address]) == 2
        gc.collect()
        assert capfd.readouterr().err.startswith(f"sherwood-tui tournament: --scheduler: cannot reach {address} (")
    assert commands.run(["simulate", "sheriff", "--games", "2", "--scheduler", "udp://127.0.0.1:8786"]) == 2
    err = capfd.readouterr().err
    assert err.startswith("sherwood-tui simulate: --scheduler: cannot reach udp://127.0.0.1:8786 (ValueError: unknown "
                          "address scheme 'udp'") and err.count("\n") == 1


def test_a_scheduler_that_refuses_or_is_unknown_is_one_line_at_once(capfd):
    """Dask's connect would retry a refused port for its whole time-out, then blame that."""
    with socket.socket() as probe:  # a port that was free a moment ago, and is closed now
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    for command in (["simulate", "sheriff"], ["tournament", "sheriff", "--bots", "sensible,random", "--players", "3"]):
        assert commands.run([*command, "--games", "2", "--scheduler", f"tcp://127.0.0.1:{port}"]) == 2
        assert capfd.readouterr().err == (f"sherwood-tui {command[0]}: --scheduler: cannot reach tcp://127.0.0.1:{port} "
                                          "(the connection was refused: no scheduler listens there)\n")
    assert commands.run(["simulate", "sheriff", "--games", "2", "--scheduler", "tcp://nowhere.invalid:8786"]) == 2
    err = capfd.readouterr().err
    assert err.startswith("sherwood-tui simulate: --scheduler: cannot reach tcp://nowhere.invalid:8786 (unknown host "
                          "'nowhere.invalid'") and err.count("\n") == 1


def test_a_cluster_with_no_worker_is_one_line(monkeypatch, capsys):
    monkeypatch.setattr(cluster_module, "WORKERS_SECONDS", 0.5)
    with LocalCluster(n_workers=0, processes=True, dashboard_address=None, host="127.0.0.1") as empty:
        address = empty.scheduler_address
        assert commands.run(["simulate", "sheriff", "--games", "2", "--scheduler", address]) == 2
    assert capsys.readouterr().err == (f"sherwood-tui simulate: --scheduler: no worker has joined {address} in 0.5 s "
                                       f"(start one: dask worker {address})\n")


def test_a_scheduler_address_of_the_wrong_shape_is_refused_by_the_parser():
    done = subprocess.run([sys.executable, "-m", "sherwood_tui", "simulate", "sheriff", "--scheduler", "tcp://nowhere"],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == ("sherwood-tui simulate: argument --scheduler: not a scheduler's address (tcp://HOST:PORT): "
                           "'tcp://nowhere'\n")


def test_without_dask_a_scheduler_needs_the_cluster_extra(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` fails as if not installed
    assert commands.run(["simulate", "sheriff", "--games", "2", "--scheduler", "tcp://127.0.0.1:8786"]) == 2
    assert capsys.readouterr().err == f"sherwood-tui simulate: {NEEDS_EXTRA}\n"
    # sherwood-tui is on no package index: `pip install 'sherwood-tui[cluster]'` would fail
    assert NEEDS_EXTRA == ("--scheduler needs the cluster extra: pip install -e '.[cluster]' in the sherwood-tui "
                           "checkout (make play or make test there installs it)")


def dask_modules(loaded: set[str]) -> set[str]:
    return {m for m in loaded if m.split(".")[0] in ("dask", "distributed")}


def test_dask_is_imported_only_when_a_run_asks_for_a_cluster():
    local_run = ("from sherwood_tui import commands\n"
                 "import sherwood_tui.workbench.cluster\n"
                 "assert commands.run(['simulate', 'sheriff', '--players', '3', '--games', '2', '--jobs', '1',"
                 " '--json']) == 0\n")
    assert dask_modules(_modules_after(local_run)) == set()
    assert dask_modules(_modules_after(PICKER + "Shown().run()")) == set()  # the app's start-up


def test_a_sweep_on_the_cluster_gives_the_local_table_and_records(cluster, tmp_path, capsys):
    records = tmp_path / "sweep.sqlite"
    run_args = ["bleeding-sherwood", "--players", "3", "--games", "9", "--seed", "5",
                "--sweep", "winning_score=60,80,100", "--records", str(records)]
    local = simulate_json(capsys, *run_args, "--jobs", "1")
    remote = simulate_json(capsys, *run_args, "--scheduler", cluster.scheduler_address)
    for out in (local, remote):  # each variant's data file lives in a folder of its own run
        for variant in out["variants"]:
            variant.pop("data", None)
    assert remote == local and len(local["variants"]) == 3
    db = sqlite3.connect(records)
    assert games_of(db, 1) == games_of(db, 2)


def local_and_cluster_json(cluster, capsys, tmp_path, *args: str) -> list[dict]:
    """`simulate sheriff ARGS --compare DATA DATA --json` (the built-in data on both sides),
    in a local process and on the cluster: the two outputs, their seconds left out."""
    from sherwood_tui.core.assets import builtin_text

    data = tmp_path / "sheriff.json"
    data.write_text(builtin_text(catalog.get("sheriff").asset), encoding="utf-8")
    outputs = []
    for where in (["--jobs", "1"], ["--scheduler", cluster.scheduler_address]):
        assert commands.run(["simulate", "sheriff", "--players", "3", *args, "--compare", str(data), str(data),
                             "--json", *where]) == 0
        out = json.loads(capsys.readouterr().out)
        out.pop("seconds")
        outputs.append(out)
    return outputs


def test_a_salt_per_side_plays_the_same_games_on_a_dask_cluster_as_locally(cluster, tmp_path, capsys):
    outputs = local_and_cluster_json(cluster, capsys, tmp_path, "--games", "8", "--salt", "5,6")
    assert outputs[0] == outputs[1] and outputs[0]["paired"] is False


def test_until_ci_chunks_on_a_dask_cluster_play_the_same_games_as_in_local_processes(cluster, tmp_path, capsys):
    outputs = local_and_cluster_json(cluster, capsys, tmp_path, "--games", "25", "--salt", "5,6", "--until-ci", "0.001")
    assert outputs[0] == outputs[1] and outputs[0]["until_ci"]["games"] == 25
