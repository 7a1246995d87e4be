"""Every value of the command line is checked: a bad one gets one line on stderr that
names it, and exit status 2, never a traceback; a huge run is never listed up front."""

from __future__ import annotations

import argparse
import itertools
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator, Sized

import pytest

from sherwood_tui import commands
from sherwood_tui.commands import parser as cli
from sherwood_tui.commands import simulate as simulate_command
from sherwood_tui.core import limits
from sherwood_tui.workbench import engine, soak

JOBS = limits.max_jobs()
SEED_MAX = f"{limits.MAX_SEED:,}"


def run_cli(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "sherwood_tui", *args], capture_output=True, text=True,
                          env=env, stdin=subprocess.DEVNULL, timeout=60)


def refused(result: subprocess.CompletedProcess) -> str:
    """The one line of a refusal (after checking it is one)."""
    assert result.returncode == 2, result
    assert result.stdout == "" and "Traceback" not in result.stderr
    assert result.stderr.endswith("\n") and result.stderr.count("\n") == 1, result.stderr
    return result.stderr.rstrip("\n")


@pytest.mark.parametrize(
    "args,line",
    [
        # processes
        (["simulate", "sheriff", "--jobs", "10000"],
         f"sherwood-tui simulate: argument --jobs: must be from 1 to {JOBS} (4 per core), not '10000'"),
        (["simulate", "sheriff", "--jobs", "0"],
         f"sherwood-tui simulate: argument --jobs: must be from 1 to {JOBS} (4 per core), not '0'"),
        (["simulate", "sheriff", "--jobs=-3"],
         f"sherwood-tui simulate: argument --jobs: must be from 1 to {JOBS} (4 per core), not '-3'"),
        (["simulate", "sheriff", "--jobs", "1.5"], "sherwood-tui simulate: argument --jobs: not a whole number: '1.5'"),
        (["soak", "--jobs", "0"],
         f"sherwood-tui soak: argument --jobs: must be from 1 to {JOBS} (4 per core), not '0'"),
        # counts
        (["simulate", "sheriff", "--games", "99999999999999999999"],
         "sherwood-tui simulate: argument --games: must be from 1 to 1,000,000, not '99999999999999999999'"),
        (["simulate", "sheriff", "--games", "0"],
         "sherwood-tui simulate: argument --games: must be from 1 to 1,000,000, not '0'"),
        (["simulate", "sheriff", "--games", "1" + "0" * 5000],  # past int()'s own digit limit
         "sherwood-tui simulate: argument --games: must be from 1 to 1,000,000, not '" + "1" + "0" * 59 + "...'"),
        (["soak", "sheriff", "--games=-5"], "sherwood-tui soak: argument --games: must be from 1 to 1,000,000, not '-5'"),
        (["soak", "--games", "1000001"], "sherwood-tui soak: argument --games: must be from 1 to 1,000,000, not '1000001'"),
        (["simulate", "sheriff", "--players", "1e3"], "sherwood-tui simulate: argument --players: not a whole number: '1e3'"),
        (["simulate", "sheriff", "--players", "-4"], "sherwood-tui simulate: argument --players: must be from 1 to 99, not '-4'"),
        (["soak", "sheriff", "--players", "0"], "sherwood-tui soak: argument --players: must be from 1 to 99, not '0'"),
        (["soak", "--players", "6"], "sherwood-tui soak: Sheriff of Nottingham takes 3 to 5 players, not 6"),
        # seeds
        (["simulate", "sheriff", "--seed=-1"], f"sherwood-tui simulate: argument --seed: must be from 0 to {SEED_MAX}, not '-1'"),
        (["soak", "--seed", str(2**62)], f"sherwood-tui soak: argument --seed: must be from 0 to {SEED_MAX}, not '{2**62}'"),
        (["simulate", "sheriff", "--seed", str(2**62 - 1), "--games", "2"],
         f"sherwood-tui simulate: --seed {2**62 - 1} with --games 2 passes the largest seed ({SEED_MAX})"),
        # the bots' pause
        (["--bot-delay", "inf"], "sherwood-tui: argument --bot-delay: must be seconds from 0 to 10, not 'inf'"),
        (["--bot-delay", "nan"], "sherwood-tui: argument --bot-delay: must be seconds from 0 to 10, not 'nan'"),
        (["--bot-delay", "1e400"], "sherwood-tui: argument --bot-delay: must be seconds from 0 to 10, not '1e400'"),
        (["--bot-delay=-0.5"], "sherwood-tui: argument --bot-delay: must be seconds from 0 to 10, not '-0.5'"),
        (["--bot-delay", "11"], "sherwood-tui: argument --bot-delay: must be seconds from 0 to 10, not '11'"),
        (["--bot-delay", "soon"], "sherwood-tui: argument --bot-delay: must be seconds from 0 to 10, not 'soon'"),
        # the saves folder
        (["--saves", "/etc/passwd", "saves"], "sherwood-tui: argument --saves: '/etc/passwd' is a file, not a folder"),
        (["--saves", "/etc/passwd/saves", "saves"],
         "sherwood-tui: argument --saves: '/etc/passwd/saves' cannot be a folder: '/etc/passwd' is a file"),
        (["saves", "--saves", "/etc/passwd"], "sherwood-tui saves: argument --saves: '/etc/passwd' is a file, not a folder"),
        (["--saves=", "saves"], "sherwood-tui: argument --saves: an empty name is not a folder"),
        (["--saves", "/etc/passwd/\nsaves", "saves"],  # a newline in a value stays in its one line
         "sherwood-tui: argument --saves: '/etc/passwd/\\nsaves' cannot be a folder: '/etc/passwd' is a file"),
        # the file to resume
        (["resume", "/nonexistent/game.json"], "sherwood-tui resume: argument FILE: no such file: '/nonexistent/game.json'"),
        (["resume", "/etc"], "sherwood-tui resume: argument FILE: '/etc' is a folder, not a save file"),
        (["resume", "/dev/null"], "sherwood-tui resume: argument FILE: '/dev/null' is not a regular file"),
        (["resume", "/etc/passwd/game.json"], "sherwood-tui resume: argument FILE: no such file: '/etc/passwd/game.json'"),
    ],
)
def test_a_bad_value_is_refused_in_one_line_that_names_it(args, line):
    assert refused(run_cli(*args)) == line


def test_a_missing_save_is_named_whole(tmp_path):
    path = tmp_path / "gone" / "sheriff-20260101.json"
    assert refused(run_cli("resume", str(path))) == f"sherwood-tui resume: argument FILE: no such file: '{path}'"


@pytest.mark.skipif(os.geteuid() == 0 if hasattr(os, "geteuid") else True, reason="root reads every file")
def test_an_unreadable_save_is_named(tmp_path):
    path = tmp_path / "locked.json"
    path.write_text("{}")
    path.chmod(0)
    assert refused(run_cli("resume", str(path))) == (
        f"sherwood-tui resume: argument FILE: '{path}' cannot be read (permission denied)"
    )


def test_a_default_saves_folder_that_cannot_be_one_is_refused(tmp_path):
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder should be")
    env = {**os.environ, "SHERWOOD_TUI_DATA": str(blocker)}
    assert refused(run_cli("saves", env=env)) == (
        f"sherwood-tui: the saves folder '{blocker / 'saves'}' cannot be a folder: '{blocker}' is a file"
    )


def test_a_saves_folder_still_to_be_made_is_accepted_and_not_made(tmp_path):
    folder = tmp_path / "new" / "saves"
    result = run_cli("--saves", str(folder), "saves")
    assert result.returncode == 0 and result.stderr == "" and not folder.exists()


def test_saves_given_before_a_command_is_kept(tmp_path):
    parser = cli.build_parser()
    for argv in (["--saves", str(tmp_path), "play"], ["play", "--saves", str(tmp_path)],
                 ["--saves", str(tmp_path), "saves"], ["--saves", str(tmp_path), "resume", __file__]):
        assert parser.parse_args(argv).saves == tmp_path, argv
    assert parser.parse_args(["play"]).saves is None


@pytest.mark.parametrize("text", ["0", "0.8", "10", " 2.5 "])
def test_a_sane_bot_delay_is_taken(text):
    assert cli.bot_delay(text) == float(text)


def test_the_limits_are_the_parsers():
    args = cli.build_parser().parse_args(["simulate", "sheriff", "--games", "1000000", "--seed", "0",
                                          "--jobs", str(JOBS)])
    assert (args.games, args.seed, args.jobs) == (1_000_000, 0, JOBS)
    assert 1 <= cli.build_parser().parse_args(["soak"]).jobs <= JOBS  # the default: one per core
    with pytest.raises(argparse.ArgumentTypeError):
        cli.jobs_count(str(JOBS + 1))


def test_a_run_built_by_hand_gets_the_same_checks(capsys):
    args = cli.build_parser().parse_args(["simulate", "sheriff", "--players", "4"])
    args.games = 10**20
    assert simulate_command.main(args) == 2
    assert capsys.readouterr().err == "sherwood-tui simulate: --games must be from 1 to 1,000,000, not 100000000000000000000\n"


def test_soak_checks_every_game_before_playing_any(capsys, monkeypatch):
    monkeypatch.setattr(soak, "run", lambda *a, **k: pytest.fail("a game was played"))
    assert commands.run(["soak", "--players", "2"]) == 2  # Bleeding Sherwood takes 2; Sheriff does not
    assert capsys.readouterr().out == ""


# ----- a huge run is never listed ---------------------------------------------------------


def test_seed_chunks_are_made_lazily_and_cover_the_seeds_in_order():
    chunks = engine.seed_chunks(5, 10**20, jobs=2)
    assert isinstance(chunks, Iterator) and not isinstance(chunks, Sized)
    first = list(itertools.islice(chunks, 3))
    assert first == [range(5, 205), range(205, 405), range(405, 605)]
    small = list(engine.seed_chunks(5, 23, jobs=2))
    assert [s for part in small for s in part] == list(range(5, 28))


@pytest.fixture
def taken(monkeypatch) -> list:
    """A stand-in pool that checks it is fed a generator and takes its first two jobs
    (no game is played)."""
    fed: list = []

    def fake_run_chunks(worker, chunks, jobs, progress=None):
        assert isinstance(chunks, Iterator) and not isinstance(chunks, Sized)
        fed.extend(itertools.islice(chunks, 2))
        return []

    monkeypatch.setattr(engine, "run_chunks", fake_run_chunks)
    monkeypatch.setattr(soak, "run_chunks", fake_run_chunks)
    return fed


def test_a_huge_simulation_feeds_the_pool_a_generator(taken):
    assert engine.run("sheriff", 4, 10**20, 7, ["random"] * 4, {}, jobs=2) == []
    assert [job[4] for job in taken] == [range(7, 207), range(207, 407)]  # a job: game, players, bots, options, seeds, events


def test_a_huge_soak_feeds_the_pool_a_generator(taken):
    assert soak.run("sheriff", 10**20, seed=3, jobs=2) == []
    (game_id, seed, indexes, cycle, own), second = taken
    assert (game_id, seed, indexes, second[2]) == ("sheriff", 3, range(0, 500), range(500, 1000))
    assert own is None  # the built-in data (else the player's file, for workers started afresh)
    assert len(cycle) == 3 * 2 ** len(soak.catalog.get("sheriff").options)  # 3 to 5 players, each variant


def test_no_more_processes_than_chunks():
    assert engine.workers(3, 8) == 3
    assert engine.workers(10**6, 8) == 8
    assert engine.workers(1, 1) == 1


def test_soak_plays_the_same_games_whatever_the_jobs():
    one = soak.run("sheriff", 12, seed=30, jobs=1)
    two = soak.run("sheriff", 12, seed=30, jobs=2)
    assert one == two and [o.seed for o in one] == list(range(30, 42))
    cycle = soak.tables(soak.catalog.get("sheriff").load())
    assert [o.table for o in one] == [cycle[i % len(cycle)] for i in range(12)]


def test_messages_quote_values_on_one_line():
    assert cli.shown("a\nb") == "'a\\nb'"
    assert cli.shown("/x" * 100, None) == repr("/x" * 100)  # a path is named whole
    assert len(cli.shown("x" * 1000)) < 70
    assert re.fullmatch(r"'x+\.\.\.'", cli.shown("x" * 1000))


@pytest.mark.parametrize("command", [
    ["simulate", "bleeding-sherwood", "--games", "4", "--jobs", "1", "--json"],
    ["simulate", "bleeding-sherwood", "--games", "4", "--jobs", "1"],  # a table
    ["assets", "sherwood", "--schema"],  # it said `[Errno 32] Broken pipe`
    ["assets", "sheriff", "--export"],
    ["--version"],
])
def test_a_reader_that_stops_early_gets_no_message(command):
    """`sherwood-tui ... | head`: the pipe closes before the output is written; the
    command stops quietly (no traceback, no message), with the status of a command that
    SIGPIPE ended (141), as `cat FILE | head` does."""
    proc = subprocess.Popen([sys.executable, "-m", "sherwood_tui", *command],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before anything is written
    errors = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 141
    assert errors == ""


# ----- what goes where: results on stdout, whole; progress on stderr ----------------------


def test_version_is_the_installed_one():
    from importlib.metadata import version

    done = run_cli("--version")
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout == f"sherwood-tui {version('sherwood-tui')}\n"


def test_the_help_lists_every_command_but_the_hosts_own():
    done = run_cli("--help")
    assert done.returncode == 0
    listed = re.findall(r"^    (\w+) ", done.stdout, re.MULTILINE)
    assert listed == ["play", "resume", "replay", "saves", "simulate", "tournament", "analyse", "tune", "soak", "assets", "host",
                      "serve"]
    assert "SUPPRESS" not in done.stdout and not re.search(r"^    seat\b|[{,]seat[,}]", done.stdout, re.MULTILINE)
    assert not re.search(r"^    lobby\b|[{,]lobby[,}]", done.stdout, re.MULTILINE)  # (a server's own)
    assert "--version" in done.stdout


def test_the_cluster_extra_is_installed_from_the_checkout():
    """sherwood-tui is on no package index: `pip install 'sherwood-tui[cluster]'` fails."""
    for command in ("simulate", "tournament", "tune"):
        done = run_cli(command, "--help")
        said = " ".join(done.stdout.split())
        assert "sherwood-tui[cluster]" not in said and "pip install -e '.[cluster]' in the sherwood-tui checkout" in said


INTERVAL = re.compile(r"\d+\.\d \[\d+\.\d, \d+\.\d\]")  # `24.9 [22.4, 27.5]`


@pytest.mark.parametrize("command", [
    ["simulate", "sheriff", "--players", "3", "--games", "6", "--jobs", "1"],
    ["tournament", "sheriff", "--bots", "sensible,random", "--players", "3", "--games", "6", "--jobs", "1"],
])
def test_a_table_to_a_pipe_gets_whole_lines(command):
    """Rich takes a pipe or a file for 80 columns and cut the cells past them
    (`24.9 [22.4, 27…`): a table that goes to one is printed whole."""
    done = run_cli(*command)
    assert done.returncode == 0, done.stderr
    assert "…" not in done.stdout
    assert max(len(line) for line in done.stdout.splitlines()) > 80  # these tables are wider
    assert INTERVAL.search(done.stdout)
    assert all(line.count("[") == line.count("]") for line in done.stdout.splitlines()), done.stdout


def progress_and_output(command: list[str]) -> tuple[str, str]:
    """Run `command` with stderr on a terminal (a pseudo-terminal) and stdout to a pipe:
    (what the terminal showed, what the pipe got)."""
    import pty
    import threading

    leader, follower = pty.openpty()
    shown: list[bytes] = []

    def read_terminal() -> None:
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # EIO: the command has closed its end
                return
            if not chunk:
                return
            shown.append(chunk)

    reader = threading.Thread(target=read_terminal, daemon=True)
    with subprocess.Popen([sys.executable, "-m", "sherwood_tui", *command], stdout=subprocess.PIPE,
                          stderr=follower, stdin=subprocess.DEVNULL, env={**os.environ, "COLUMNS": "120"}) as proc:
        os.close(follower)
        reader.start()
        out, _ = proc.communicate(timeout=120)
        assert proc.returncode == 0
    reader.join(timeout=10)
    os.close(leader)
    return b"".join(shown).decode(errors="replace"), out.decode()


@pytest.mark.parametrize("command,bar", [
    (["simulate", "sheriff", "--players", "3", "--games", "40", "--jobs", "1", "--json"], "built-in data"),
    (["simulate", "sheriff", "--players", "3", "--games", "40", "--jobs", "1", "--csv"], "built-in data"),
    (["simulate", "sheriff", "--players", "3", "--games", "40", "--jobs", "1"], "built-in data"),
    (["tournament", "sheriff", "--bots", "sensible,random", "--players", "3", "--games", "12", "--jobs", "1",
      "--json"], "Sheriff of Nottingham: tournament"),
])
def test_progress_shows_on_stderr_and_stdout_holds_only_the_result(command, bar):
    """The progress bar is drawn on stderr, so it shows when stdout goes to a file or a
    pipe, with --json and --csv too, and never gets into the results."""
    terminal, out = progress_and_output(command)
    assert bar in terminal and "━" in terminal
    assert "━" not in out and "\x1b" not in out and "\r" not in out
    if "--json" in command:
        json.loads(out)  # nothing but the JSON
    elif "--csv" in command:
        assert out.startswith("measure,a,b,diff,low,high,beyond_noise\n")


def test_a_scheduler_that_refuses_the_connection_is_said_at_once():
    """A port nothing listens on: one line saying the connection was refused, straight
    away (Dask's own connect retried it for its whole time-out, then blamed that)."""
    import socket

    with socket.socket() as probe:  # a port that was free a moment ago, and is closed now
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    address = f"tcp://127.0.0.1:{port}"
    done = subprocess.run([sys.executable, "-m", "sherwood_tui", "simulate", "sheriff", "--games", "2",
                           "--scheduler", address], capture_output=True, text=True, stdin=subprocess.DEVNULL,
                          timeout=120)  # (a hang's bound only: the words say it was the refusal, not Dask's time-out)
    assert refused(done) == (f"sherwood-tui simulate: --scheduler: cannot reach {address} "
                             "(the connection was refused: no scheduler listens there)")


# ----- the report extra: matplotlib is installed by `.[report]` only -----------------------

WITHOUT_MATPLOTLIB = "import sys; sys.modules['matplotlib'] = None; from sherwood_tui.__main__ import main; sys.exit(main())"


@pytest.mark.parametrize("command", [
    ["simulate", "sheriff", "--players", "3"],
    ["tournament", "sheriff", "--bots", "sensible,random", "--players", "3"],
])
def test_a_report_without_the_report_extra_says_how_to_add_it_before_any_game(command, tmp_path):
    """Without matplotlib, `--report` gets one line naming the extra and the command that
    adds it, before a game is played (a million games would never end) or a file written."""
    report = tmp_path / "report.html"
    done = subprocess.run([sys.executable, "-c", WITHOUT_MATPLOTLIB, *command, "--games", "1000000", "--jobs", "1",
                           "--report", str(report)], capture_output=True, text=True, stdin=subprocess.DEVNULL,
                          timeout=60)
    assert refused(done) == (f"sherwood-tui {command[0]}: --report needs the report extra (matplotlib): "
                             "pip install -e '.[report]' in the sherwood-tui checkout")
    assert not report.exists()


@pytest.mark.parametrize(("prefix", "said"), [
    ("/home/ann/.local/share/pipx/venvs/sherwood-tui", "pipx install --force '.[report]' in the sherwood-tui checkout"),
    ("/home/ann/.local/share/uv/tools/sherwood-tui", "uv tool install --force '.[report]' in the sherwood-tui checkout"),
    ("/home/ann/sherwood-tui/.venv", "pip install -e '.[report]' in the sherwood-tui checkout"),
])
def test_the_way_to_add_an_extra_follows_how_sherwood_tui_was_installed(prefix, said, monkeypatch):
    from sherwood_tui.commands.simulate import extra_install_command

    monkeypatch.setattr(sys, "prefix", prefix)
    assert extra_install_command("report") == said
