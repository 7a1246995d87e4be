"""`sherwood-tui simulate GAME ...`: bot games played by the workbench's engine, summed
up in tables (or JSON, CSV, an HTML report), one side or a comparison of two data files,
or every combination of the options; `--keep N` saves the most unusual games;
`--scheduler tcp://HOST:PORT` plays them on a Dask cluster (`workbench/cluster.py`)."""

from __future__ import annotations

import argparse
import functools
import importlib.util
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sherwood_tui import catalog
from sherwood_tui.commands.parser import folder_problem, jobs_problem, local_jobs, playable_game, records_problem, shown
from sherwood_tui.core.bots import restriction_problem
from sherwood_tui.core.levels import split_level, with_budget
from sherwood_tui.core.limits import counts_problem
from sherwood_tui.core.wording import printable
from sherwood_tui.workbench.cluster import ClusterError
from sherwood_tui.workbench.compare import (
    advantages_json,
    against_first,
    changed_json,
    describe_changed,
    many_csv,
    measure_json,
    measures,
    played_differently,
    seat_advantages,
    to_csv,
    until_ci_chunk,
    widest_difference,
)
from sherwood_tui.workbench.engine import (
    DataSide,
    GameFailed,
    GameResult,
    open_sides,
    parse_bots,
    parse_options,
    tune_gc_for_batch_play,
)
from sherwood_tui.workbench.plots import ChartData
from sherwood_tui.workbench.summary import option_combinations, options_label, summarise, variant_row

if TYPE_CHECKING:
    from sherwood_tui.workbench.engine import Playing


def flag_problem(args: argparse.Namespace) -> str | None:
    """What is wrong with the workbench flags of a run (files aside), or None."""
    every = "all" in (args.option or [])
    if every and len(args.option) > 1:
        return "--option all runs every combination: give no other --option"
    sweep = bool(getattr(args, "sweep", None))
    restrict = getattr(args, "restrict", None) is not None
    until = getattr(args, "until_ci", None) is not None
    pairs = [
        (args.assets is not None and args.compare is not None,
         "--assets and --compare do not go together (--compare A.json B.json compares two files)"),
        (args.json and args.csv, "choose one of --json and --csv"),
        (every and args.compare is not None, "--option all and --compare do not go together"),
        (sweep and args.compare is not None, "--sweep and --compare do not go together (sweep one file: --assets FILE)"),
        (sweep and every, "--sweep and --option all do not go together"),
        (sweep and args.keep is not None, "--sweep and --keep do not go together"),
        (restrict and (sweep or every or args.compare is not None or args.keep is not None or args.csv),
         "--restrict plays one data file with one --bots level: no --sweep, --compare, --option all, --keep or --csv"),
        (restrict and "," in (args.bots or ""), "--restrict takes one --bots level for every seat (e.g. --bots expert)"),
        (restrict and getattr(args, "scheduler", None) is not None, "--restrict plays in local processes: no --scheduler"),
        (every and args.keep is not None, "--option all and --keep do not go together"),
        (every and args.csv, "--option all prints a table or --json, not --csv"),
        (args.keep_dir is not None and args.keep is None, "--keep-dir needs --keep N"),
        (until and (restrict or every or (not sweep and args.compare is None)),
         "--until-ci needs a comparison (--compare or --sweep): it stops when the differences' intervals are narrow"),
    ]
    return next((message for wrong, message in pairs if wrong), None)


def report_problem(path: Path | None) -> str | None:
    """Why the HTML report cannot be written at `path`, or None; checked before any game
    is played."""
    if path is None:
        return None
    if importlib.util.find_spec("matplotlib") is None:  # the charts' library: the report extra
        return f"--report needs the report extra (matplotlib): {extra_install_command('report')}"
    if path.is_dir():
        return f"--report: {shown(str(path), None)} is a folder, not a file"
    if not path.parent.is_dir():
        return f"--report: no such folder: {shown(str(path.parent), None)}"
    return None


def extra_install_command(extra: str) -> str:
    """How to add an extra to this sherwood-tui, in a few words: it is installed from its
    checkout (it is on no package index), by pipx, uv's tools or pip."""
    where = Path(sys.prefix).as_posix()
    if "/pipx/venvs/" in where:
        return f"pipx install --force '.[{extra}]' in the sherwood-tui checkout"
    if "/uv/tools/" in where:
        return f"uv tool install --force '.[{extra}]' in the sherwood-tui checkout"
    return f"pip install -e '.[{extra}]' in the sherwood-tui checkout"


def _sides(info: catalog.GameInfo, args: argparse.Namespace) -> list[DataSide]:
    """The data of each side, every file checked first (AssetError or ValueError: one line)."""
    from sherwood_tui.core.assets import check_asset_file

    if getattr(args, "sweep", None):
        return _sweep_sides(info, args)
    if args.compare is not None:
        files = ([None] if len(args.compare) == 1 else []) + [Path(f) for f in args.compare]
        labels = ["A", "B"] if len(files) == 2 else [f.name if f is not None else "built-in data" for f in files]
    else:
        files, labels = [Path(args.assets) if args.assets is not None else None], [""]
    return [DataSide(label, path, check_asset_file(info, path) if path is not None else None)
            for label, path in zip(labels, files)]


def _sweep_sides(info: catalog.GameInfo, args: argparse.Namespace) -> list[DataSide]:
    """A side per point of the sweep's grid: the data (built-in or `--assets`) with the
    swept values, each written to a file of its own in a temporary folder (removed at
    exit) that its worker processes read, as they read a player's file."""
    import atexit
    import json
    import shutil
    import tempfile

    from sherwood_tui.core.assets import builtin_text, check_asset_file
    from sherwood_tui.workbench.sweep import parse_sweep, variants

    sweeps = [parse_sweep(text) for text in args.sweep]
    base = check_asset_file(info, Path(args.assets)) if args.assets is not None else builtin_text(info.asset)
    points = variants(info, json.loads(base), sweeps)
    folder = Path(tempfile.mkdtemp(prefix="sherwood-sweep-"))
    atexit.register(shutil.rmtree, folder, True)
    sides = []
    for k, point in enumerate(points):
        path = folder / f"variant-{k + 1}.json"
        path.write_text(point.text, encoding="utf-8")
        sides.append(DataSide(point.name, path, point.text, name=point.name))
    return sides


def _write_records(info: catalog.GameInfo, args: argparse.Namespace, sides: list[DataSide], bots: list[str],
                   combos: list[dict[str, bool]] | None, played: list[list[Any]]) -> str | None:
    """Append the run's games to `--records`; why they could not be written, or None."""
    from sherwood_tui.workbench.records import RecordsError, Variant, write_run

    if combos is not None:
        names = [",".join(f"{k}={'yes' if v else 'no'}" for k, v in combo.items()) for combo in combos]
    else:
        names = [side.name or (side.path.name if side.path is not None else "built-in data") for side in sides]
    try:
        write_run(args.records, info.id, _command(args), _fingerprint(info, sides),
                  [Variant(name, bots, results) for name, results in zip(names, played)])
    except RecordsError as err:
        return f"--records: {err}"
    return None


def _restricted(info: catalog.GameInfo, args: argparse.Namespace, level: str, options: dict[str, bool],
                sides: list[DataSide]) -> int:
    """`simulate GAME --restrict NAME`: what the restriction costs one seat (see
    workbench/restricted.py), printed as a table or JSON, and written to records."""
    import json

    from sherwood_tui.core.assets import use_asset_file
    from sherwood_tui.workbench import restricted

    if sides[0].path is not None:  # `--assets`: this process plays on that file
        use_asset_file(info.asset, sides[0].path, sides[0].text)
    started = time.perf_counter()
    total = -(-args.games // args.players) * args.players
    try:
        with _progress([f"{info.title}: {level}+{args.restrict} in turn at each seat"], total) as bars:
            done = restricted.play(info.id, args.players, args.games, args.seed, level, args.restrict, options,
                                   max(1, local_jobs(args)), bars[0] if bars else None, events=args.records is not None)
    except KeyboardInterrupt:
        print("sherwood-tui simulate: interrupted", file=sys.stderr)
        return 130
    except GameFailed as err:
        print(f"sherwood-tui simulate: a game failed on {err}", file=sys.stderr)
        return 2 if sides[0].path is not None else 1
    data = {**done.summary(), "game": info.id, "seed": args.seed, **({"salt": args.salt[0]} if getattr(args, "salt", None) else {}),
            "options": options,
            "says": find_restriction(info, args.restrict), "seconds": round(time.perf_counter() - started, 2)}
    warning = bot_only_warning(level)
    if warning:
        data["warning"] = warning
        print(f"sherwood-tui simulate: {warning}", file=sys.stderr)
    if args.records is not None:
        from sherwood_tui.workbench.records import RecordsError, Variant, write_run

        try:
            write_run(args.records, info.id, _command(args), _fingerprint(info, sides),
                      [Variant(f"seat {seat + 1} restricted", bots, results) for seat, bots, results in done.by_seat])
        except RecordsError as err:
            print(f"sherwood-tui simulate: --records: {err}", file=sys.stderr)
            return 2
    if args.json:
        print(json.dumps(data, indent=1))
    else:
        from sherwood_tui.workbench import report

        report.show(f"{info.title}: what \"{data['says']}\" costs ({level}+{args.restrict} against {level}); "
                    f"{data['games']} games, {args.players} players, seed {args.seed}, {data['seconds']:.1f} s",
                    report.restricted_renderables(data))
    return 0


def bot_only_warning(level: str) -> str | None:
    """What to say of a restricted run whose seats do not search (sensible or random bots):
    its result measures how those bots play around the restriction, not what it costs a
    player who thinks (None for an expert)."""
    if split_level(level)[0] == "expert":
        return None
    return (f"these are {split_level(level)[0]} bots: the result says what the restriction costs them, "
            "not a thinking player (a restriction can cost an expert far more); try --bots expert")


def salt_problem(args: argparse.Namespace, sides: int, every: bool) -> str | None:
    """Why `--salt` cannot be given as it is, or None: one salt for the run, or one per
    side of a comparison or sweep."""
    salts = getattr(args, "salt", None)
    if not salts or len(salts) == 1:
        return None
    if every or getattr(args, "restrict", None) is not None or sides == 1:
        return "--salt: give one value (N1,N2,... is one per side of a --compare or --sweep)"
    if len(salts) != sides:
        return f"--salt: one value, or one per side ({sides} sides), not {len(salts)}"
    return None


def first_seeds(args: argparse.Namespace) -> int | list[int]:
    """The first seed of the run (`--seed`, mixed with `--salt N`: `args.seed` becomes
    it, so that every output names the games' real seeds), or of each side (one salt
    per side: games not matched)."""
    from sherwood_tui.workbench.engine import salted_seed

    salts = getattr(args, "salt", None)
    if not salts:
        return int(args.seed)
    room = args.games + args.players  # `--restrict` rounds the games up to a whole number of rounds
    if len(salts) == 1:
        args.seed = salted_seed(args.seed, salts[0], room)
        return int(args.seed)
    return [salted_seed(args.seed, salt, room) for salt in salts]


def play_until_narrow(playing: Playing, args: argparse.Namespace, firsts: int | list[int], bots: list[str],
                      options: dict[str, bool], bars: list[Callable[[int], Any]]) -> list[list[GameResult]]:
    """`--until-ci WIDTH`: play every side in chunks (seeds seed..seed+k-1, then on: the
    games of a plain run of as many) until every compared measure's difference interval
    is narrower than WIDTH, or `--games` (the cap) is reached; a line on stderr per chunk.
    `args.games` becomes the games played, `args.until_ci_result` says why it stopped."""
    cap, width = int(args.games), float(args.until_ci)
    played: list[list[GameResult]] = []
    done, widest, label = 0, float("nan"), ""
    while done < cap:
        size = min(until_ci_chunk(cap), cap - done)
        first: int | list[int] = firsts + done if isinstance(firsts, int) else [f + done for f in firsts]
        part = playing.play(args.players, size, first, bots, options, bars)
        played = part if not played else [old + new for old, new in zip(played, part)]
        done += size
        widest, label = widest_difference(against_first(played, bots))
        narrow = widest < width  # NaN (too few games to tell) is never narrow
        shown_width = "unknown" if widest != widest else f"{widest:.3g}"
        print(f"sherwood-tui simulate: --until-ci {width:g}: {done:,} games a side, widest interval {shown_width}"
              f"{f' ({label})' if label else ''}; " + ("narrow enough, stopping" if narrow else
                                                       "the cap" if done >= cap else "playing on"),
              file=sys.stderr)
        if narrow:
            break
    args.games = done
    args.until_ci_result = {"width": width, "cap": cap, "games": done, "narrow": bool(widest < width),
                            "widest": None if widest != widest else round(widest, 6), "widest_measure": label}
    return played


def find_restriction(info: catalog.GameInfo, name: str) -> str:
    """A restriction's words ("never smuggles")."""
    return info.restrictions()[name].says


def _command(args: argparse.Namespace) -> str:
    import shlex

    return shlex.join(["sherwood-tui", *getattr(args, "argv", [])])


def _fingerprint(info: catalog.GameInfo, sides: list[DataSide]) -> str:
    from sherwood_tui.core.assets import builtin_text
    from sherwood_tui.workbench.records import data_fingerprint

    return data_fingerprint(sides[0].text if sides[0].text is not None else builtin_text(info.asset))


def main(args: argparse.Namespace) -> int:
    """`sherwood-tui simulate GAME ...`; bad arguments get one line and exit 2."""
    import json

    from sherwood_tui.core.assets import AssetError

    def fail(message: str, status: int = 2) -> int:
        print(f"sherwood-tui simulate: {message}", file=sys.stderr)
        return status

    info = playable_game(args.game, args.players)
    if isinstance(info, str):
        return fail(info)
    problem = (jobs_problem(args) or counts_problem(args.games, args.seed, local_jobs(args)) or flag_problem(args)
               or report_problem(args.report) or keep_problem(args))
    if problem:
        return fail(problem)
    problem = records_problem(args.records)
    if problem:
        return fail(problem)
    every = "all" in (args.option or [])
    combos = option_combinations(info) if every else None
    try:
        bots = [with_budget(level, args.playouts) for level in parse_bots(args.bots, args.players)]
        options = {} if every else parse_options(args.option or [], info)
        sides = _sides(info, args)
    except (ValueError, AssetError) as err:  # AssetError: `FILE: where: problem`
        return fail(str(err))
    problem = next(filter(None, (restriction_problem(info.id, level) for level in bots)), None)
    if getattr(args, "restrict", None) is not None:
        problem = problem or restriction_problem(info.id, f"{bots[0]}+{args.restrict}")
        problem = problem or ("+" in bots[0] and "--restrict: the --bots level is the unrestricted one") or None
    if problem:
        return fail(problem)
    problem = salt_problem(args, len(sides), combos is not None)
    if getattr(args, "until_ci", None) is not None and len(sides) < 2:
        problem = problem or "--until-ci needs a comparison: this sweep has one variant"
    if problem:
        return fail(problem)
    firsts = first_seeds(args)
    tune_gc_for_batch_play()  # this process (and the ones it forks) only plays games now
    if getattr(args, "restrict", None) is not None:
        return _restricted(info, args, bots[0], options, sides)
    started = time.perf_counter()
    try:
        with open_sides(info, sides, max(1, local_jobs(args)), args.games, getattr(args, "scheduler", None),
                        events=args.records is not None) as playing:
            if combos is not None:
                with _progress([f"{info.title}: {len(combos)} combinations of options"], args.games * len(combos)) as bars:
                    played = [playing.play(args.players, args.games, firsts, bots, combo, bars)[0] for combo in combos]
            else:
                with _progress([f"{side.label + ': ' if side.label else ''}{side.shown}" for side in sides], args.games) as bars:
                    if getattr(args, "until_ci", None) is None:
                        played = playing.play(args.players, args.games, firsts, bots, options, bars)
                    else:
                        played = play_until_narrow(playing, args, firsts, bots, options, bars)
            kept = _keep(playing, info, args, bots, options, sides, played) if args.keep else []
    except ClusterError as err:  # --scheduler: the cluster cannot be reached, or failed
        return fail(str(err), err.status)
    except KeyboardInterrupt:
        return fail("interrupted", 130)
    except GameFailed as err:  # on a player's data, the data is to blame; on ours, a bug
        return fail(f"a game failed on {err}", 2 if sides[err.side].path is not None else 1)
    except OSError as err:  # the kept games could not be written
        return fail(f"--keep: cannot write {err.filename or 'the games'} ({err.strerror or err.__class__.__name__})")
    done = Run(info, args, sides, bots, options, time.perf_counter() - started)
    if every:
        made = done.variants(played)
    elif len(sides) == 1:
        made = done.single(played[0])
    elif len(sides) == 2 and not getattr(args, "sweep", None):
        made = done.comparison(*played)
    else:
        made = done.against_first(played)
    if kept:
        made.add_kept(kept)
    if args.report is not None:
        from sherwood_tui.workbench import report

        try:
            report.write_html(args.report, made.header, made.parts, charts=made.charts)
        except OSError as err:
            return fail(f"--report: cannot write {args.report} ({err.strerror or err.__class__.__name__})")
    if args.records is not None:
        problem = _write_records(info, args, sides, bots, combos, played)
        if problem:
            return fail(problem)
    if args.json:
        print(json.dumps(made.data, indent=1))
    elif args.csv:
        print(made.csv, end="")
    else:
        made.show()
    return 0


@dataclass
class Output:
    """What a run prints: its JSON, its CSV, and the header and parts of its tables."""

    data: dict[str, Any]
    header: str
    parts: list[Any]
    csv: str = ""
    charts: ChartData | None = None  # what the HTML report's charts are drawn from

    def add_kept(self, kept: list[tuple[Path, str]]) -> None:
        from rich.text import Text

        self.data["kept"] = [{"file": str(path), "why": why} for path, why in kept]
        lines = "\n".join(f"  {why}: {printable(str(path))}" for path, why in kept)
        self.parts.append(Text(f"Kept games (sherwood-tui replay FILE):\n{lines}"))

    def show(self) -> None:
        from sherwood_tui.workbench import report

        report.show(self.header, self.parts)


@dataclass
class Run:
    """A finished run's settings, to print its results by."""

    info: catalog.GameInfo
    args: Any
    sides: list[DataSide]
    bots: list[str]
    options: dict[str, bool]
    seconds: float

    def _about(self) -> dict[str, Any]:
        about = {"game": self.info.id, "players": self.args.players, "seed": self.args.seed, "bots": self.bots,
                 "seconds": round(self.seconds, 2)}
        if getattr(self.args, "until_ci_result", None) is not None:
            about["until_ci"] = self.args.until_ci_result
        salts = getattr(self.args, "salt", None)
        if salts:  # the seed is the salted first one; with a salt per side, each side's first seed
            about["salt"] = salts[0] if len(salts) == 1 else salts
            if len(salts) > 1:
                about["first_seeds"] = first_seeds(self.args)
        return about

    def _line(self, options: str) -> str:
        a = self.args
        salts = getattr(a, "salt", None)
        salted = f" salted {','.join(map(str, salts))}" if salts else ""
        until = getattr(a, "until_ci_result", None)
        stopped = (f" (until intervals < {until['width']:g}: {'narrow enough' if until['narrow'] else 'the cap'})"
                   if until else "")
        return (f"{a.games} games{' a side' if len(self.sides) > 1 else ''}{stopped}, {a.players} players, seed {a.seed}{salted}, "
                f"bots {','.join(self.bots)}, options {options}, {self.seconds:.1f} s")

    def single(self, results: list[GameResult]) -> Output:
        from sherwood_tui.workbench import report

        data = summarise(results, self.bots)
        data.update(self._about(), options=self.options, data=self.sides[0].shown)
        header = f"{self.info.title} on {self.sides[0].shown}: {self._line(options_label(self.info, self.options))}"
        parts = report.run_renderables(data, results, seat_advantages(results, self.bots))
        charts = ChartData("run", [self.sides[0].shown], [results], self.bots)
        return Output(data, header, parts, to_csv(measures(results, self.bots)), charts)

    def comparison(self, a: list[GameResult], b: list[GameResult]) -> Output:
        from rich.text import Text

        from sherwood_tui.workbench import report

        rows = measures(a, self.bots, b)
        changed = played_differently(a, b)
        found = {side.label: seat_advantages(results, self.bots) for side, results in zip(self.sides, (a, b))}
        data = {**self._about(), "games": self.args.games, "options": self.options,
                "a": {"data": self.sides[0].shown, "summary": summarise(a, self.bots)},
                "b": {"data": self.sides[1].shown, "summary": summarise(b, self.bots)},
                "measures": [measure_json(m) for m in rows],
                "seat_advantage": {label.lower(): advantages_json(flags) for label, flags in found.items()},
                "paired": changed is not None, "played_differently": changed_json(changed)}
        header = (f"{self.info.title}: A = {self.sides[0].shown}, B = {self.sides[1].shown}; "
                  f"{self._line(options_label(self.info, self.options))}")
        parts = [*report.comparison_renderables(rows, found, [("A", a), ("B", b)], self.bots),
                 Text(describe_changed(changed))]
        charts = ChartData("comparison", ["A", "B"], [a, b], self.bots, [f"{s.label}: {s.shown}" for s in self.sides])
        return Output(data, header, parts, to_csv(rows, changed), charts)

    def against_first(self, played: list[list[GameResult]]) -> Output:
        """Many variants (a sweep, or three files or more), each against the first."""
        from rich.text import Text

        from sherwood_tui.workbench import report

        names = [side.label for side in self.sides]
        tables = against_first(played, self.bots)
        found = [seat_advantages(results, self.bots) for results in played]
        changed = [None, *(played_differently(played[0], results) for results in played[1:])]
        data = {**self._about(), "games": self.args.games, "options": self.options,
                "variants": [{"name": name, "data": side.shown, "summary": summarise(results, self.bots),
                              "seat_advantage": advantages_json(flags),
                              **({"paired": share is not None, "played_differently": changed_json(share)} if k else {})}
                             for k, (name, side, results, flags, share)
                             in enumerate(zip(names, self.sides, played, found, changed))],
                "measures": [{"variant": name, **measure_json(m)} for name, rows in zip(names[1:], tables) for m in rows]}
        header = (f"{self.info.title}: {len(names)} variants, each against the first ({names[0]}); "
                  f"{self._line(options_label(self.info, self.options))}")
        parts = [*report.against_first_renderables(names, tables, found, played, self.bots),
                 Text("\n".join(describe_changed(share, name) for name, share in zip(names[1:], changed[1:])))]
        charts = ChartData("variants", names, played, self.bots, swept=bool(getattr(self.args, "sweep", None)))
        return Output(data, header, parts, many_csv(names, tables, changed[1:]), charts)

    def variants(self, played: list[list[GameResult]]) -> Output:
        from sherwood_tui.workbench import report

        rows = [variant_row(self.info, combo, results, self.bots) for combo, results in zip(option_combinations(self.info), played)]
        data = {**self._about(), "games": self.args.games, "data": self.sides[0].shown, "variants": rows}
        header = f"{self.info.title} on {self.sides[0].shown}: {self._line('every combination')}"
        charts = ChartData("options", [row["label"] for row in rows], played, self.bots)
        return Output(data, header, report.variants_renderables(rows), charts=charts)


def _keep(
    playing: Playing, info: catalog.GameInfo, args: argparse.Namespace, bots: list[str], options: dict[str, bool],
    sides: list[DataSide], results: list[list[GameResult]],
) -> list[tuple[Path, str]]:
    """Save the most unusual games of each side; (file, why) of each."""
    from sherwood_tui.workbench.kept import choose

    kept = []
    for index, (side, played) in enumerate(zip(sides, results)):
        picks = choose(played, args.keep)
        paths = playing.keep(index, info.id, args.players, bots, options, picks, keep_folder(args), side.label)
        kept += [(path, pick.why) for path, pick in zip(paths, picks)]
    return kept


def keep_folder(args: argparse.Namespace) -> Path:
    """Where `--keep` saves: `--keep-dir`, else `kept/` in the data folder."""
    from sherwood_tui.core.paths import data_dir

    return args.keep_dir or data_dir() / "kept"


def keep_problem(args: argparse.Namespace) -> str | None:
    """Why the kept games cannot be saved where they would go, or None."""
    if args.keep is None:
        return None
    problem = folder_problem(keep_folder(args))
    return f"--keep: the folder {problem}" if problem else None


class _progress:
    """A progress bar per side, on stderr (stdout holds only the results, JSON and CSV
    too; on a terminal the bars show whatever stdout is): a `with` block giving the
    callbacks `Sides.play` (or `ClusterSides.play`) calls."""

    def __init__(self, names: list[str], total: int) -> None:
        self.names, self.total = names, total
        self.bar: Any = None

    def __enter__(self) -> list[Callable[[int], Any]]:
        from sherwood_tui.workbench.report import progress_bar

        self.bar = progress_bar()
        if self.bar is None:  # stderr is no terminal
            return []
        self.bar.start()
        return [functools.partial(self.bar.advance, self.bar.add_task(name, total=self.total)) for name in self.names]

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()
