"""`sherwood-tui tournament GAME --bots L1,L2,...`: bot levels played against one another
at every seating (the workbench's `tournament.py`), printed as OpenSkill ratings, head to
head and win rates (or JSON); `--records FILE.sqlite` writes every game; `--scheduler
tcp://HOST:PORT` plays them on a Dask cluster (`workbench/cluster.py`)."""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sherwood_tui import catalog
from sherwood_tui.commands.parser import jobs_problem, local_jobs, players_problem, records_problem
from sherwood_tui.core.levels import with_budget
from sherwood_tui.core.limits import counts_problem
from sherwood_tui.workbench import tournament
from sherwood_tui.workbench.cluster import ClusterError
from sherwood_tui.workbench.engine import GameFailed, parse_options, tune_gc_for_batch_play
from sherwood_tui.workbench.summary import options_label


def main(args: argparse.Namespace) -> int:
    """`sherwood-tui tournament GAME ...`; bad arguments get one line and exit 2."""
    import json
    import sys

    def fail(message: str, status: int = 2) -> int:
        print(f"sherwood-tui tournament: {message}", file=sys.stderr)
        return status

    try:
        info = catalog.get(args.game)
    except ValueError as err:
        return fail(str(err))
    levels = [with_budget(level, args.playouts) for level in (args.bots or "").split(",")]
    problem = tournament.levels_problem(levels, info.id)
    if problem:
        return fail(f"--bots: {problem}")
    players = args.players if args.players is not None else len(levels)
    problem = players_problem(info, players)
    if problem:
        return fail(problem + ('' if args.players is not None else ' (one per level: --players N sets the table)'))
    tables = tournament.seatings(levels, players)
    problem = (jobs_problem(args) or counts_problem(args.games, args.seed, local_jobs(args))
               or tournament.games_problem(args.games, args.seed, len(tables)))
    if problem:
        return fail(problem)
    from sherwood_tui.commands.simulate import report_problem

    problem = report_problem(args.report)
    if problem:
        return fail(problem)
    problem = records_problem(args.records)
    if problem:
        return fail(problem)
    try:
        options = parse_options(args.option or [], info)
    except ValueError as err:
        return fail(str(err))
    own_text = None
    if getattr(args, "assets", None) is not None:  # played in worker processes that read it
        from sherwood_tui.core.assets import AssetError, check_asset_file

        try:
            own_text = check_asset_file(info, Path(args.assets))
        except AssetError as err:
            return fail(f"--assets: {err}")
    tune_gc_for_batch_play()  # this process (and the ones it forks) only plays games now
    total = tournament.rounded_games(args.games, len(tables))
    started = time.perf_counter()
    try:
        with _Progress(f"{info.title}: tournament", total) as advance:
            own = None if own_text is None else (Path(args.assets), own_text)
            played = tournament.play(info.id, players, levels, args.games, args.seed, options, max(1, local_jobs(args)),
                                     advance, own, args.scheduler, events=args.records is not None)
    except ClusterError as err:  # --scheduler: the cluster cannot be reached, or failed
        return fail(str(err), err.status)
    except KeyboardInterrupt:
        return fail("interrupted", 130)
    except GameFailed as err:  # on the built-in data: a bug; on the player's own, what it allows
        return fail(f"a game failed on {err}", 1 if own_text is None else 2)
    seconds = time.perf_counter() - started
    if args.records is not None:
        problem = _write_records(info, args, tables, played, own_text)
        if problem:
            return fail(problem)
    data = tournament.summary(played, levels, players)
    data = {"game": info.id, "players": players, "seed": args.seed, "levels": levels, "options": options,
            "games_asked": args.games, **data, "seconds": round(seconds, 2)}
    if own_text is not None:
        data["assets"] = str(args.assets)
    data_label = "" if own_text is None else f", data {args.assets}"
    header = f"{info.title} tournament: {_line(data, options_label(info, options))}{data_label}, {seconds:.1f} s"
    if args.report is not None:
        from sherwood_tui.workbench import report

        try:
            report.write_tournament_html(args.report, header, renderables(data), data)
        except OSError as err:
            return fail(f"--report: cannot write {args.report} ({err.strerror or err.__class__.__name__})")
    if args.json:
        print(json.dumps(data, indent=1))
    else:
        show(data, header)
    return 0


def _line(data: dict[str, Any], options: str) -> str:
    seatings = len(data["seatings"])
    return (f"{data['games']} games ({seatings} seatings, {data['games'] // seatings} each), {data['players']} players, "
            f"seed {data['seed']}, levels {','.join(data['levels'])}, options {options}")


def _write_records(info: catalog.GameInfo, args: argparse.Namespace, tables: Sequence[tuple[str, ...]],
                   played: Sequence[tournament.TournamentGame], own_text: str | None = None) -> str | None:
    """Append the tournament's games to `--records` (a variant per seating, named by its
    line-up); why they could not be written, or None."""
    import shlex

    from sherwood_tui.core.assets import builtin_text
    from sherwood_tui.workbench.records import RecordsError, Variant, data_fingerprint, write_run

    fingerprint = data_fingerprint(builtin_text(info.asset) if own_text is None else own_text)
    command = shlex.join(["sherwood-tui", *getattr(args, "argv", [])])
    variants = [Variant(",".join(bots), bots, [game.result for game in played if game.seating == index])
                for index, bots in enumerate(tables)]
    try:
        write_run(args.records, info.id, command, fingerprint, variants)
    except RecordsError as err:
        return f"--records: {err}"
    return None


# ----- what it prints -------------------------------------------------------------------


def _ci(bounds: Sequence[float | None]) -> str:
    low, high = bounds
    return "-" if low is None or high is None else f"[{100 * low:.1f}, {100 * high:.1f}]"


def renderables(data: dict[str, Any]) -> list[Any]:
    """The tables of a tournament's summary (`tournament.summary`), as Rich draws them."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    def table(title: str, columns: Sequence[str], left: int = 1) -> Table:
        made = Table(title=title, box=box.SIMPLE_HEAD)
        for i, name in enumerate(columns):
            made.add_column(name, justify="left" if i < left else "right")
        return made

    def row(made: Table, *cells: str) -> None:  # plain text: `[` in a cell is no markup
        made.add_row(*(Text(cell) for cell in cells))

    parts: list[Any] = []
    if data["games"] != data["games_asked"]:
        parts.append(Text(f"--games {data['games_asked']} rounded up to {data['games']}, "
                          f"a multiple of the {len(data['seatings'])} seatings"))
    seats = table("Seatings (seat 1 first)", ("Seating", "Levels", "Games"), left=2)
    for i, seating in enumerate(data["seatings"]):
        row(seats, str(i + 1), ", ".join(seating["bots"]), str(seating["games"]))
    ratings = table("OpenSkill ratings (Plackett-Luce)",
                    ("Rank", "Level", "mu ± sigma", "Ordinal", "Games"), left=2)
    for r in data["ratings"]:
        row(ratings, str(r["rank"]), r["level"], f"{r['mu']:.2f} ± {r['sigma']:.2f}", f"{r['ordinal']:.2f}", str(r["games"]))
    meetings = table("Head to head: A finished above B (a tie counts half)",
                     ("A", "B", "Met", "A above", "Tied", "B above", "A above % (95% CI)"), left=2)
    for m in data["head_to_head"]:
        share = "-" if m["a_share"] is None else f"{100 * m['a_share']:.1f} {_ci(m['a_share_ci'])}"
        row(meetings, m["a"], m["b"], str(m["met"]), str(m["a_above"]), str(m["tied"]), str(m["b_above"]), share)
    wins = table(f"Wins per level (fair share {100 * data['fair_share']:.1f}%)",
                 ("Level", "Seats played", "Wins", "Win % (95% CI)"))
    for w in data["win_rates"]:
        rate = "-" if w["win_rate"] is None else f"{100 * w['win_rate']:.1f} {_ci(w['win_rate_ci'])}"
        row(wins, w["level"], str(w["seat_games"]), f"{w['wins']:g}", rate)
    note = Text("Ranked by the ordinal mu - 3 sigma. mu: the level's estimated skill (every level starts at 25); "
                "sigma: how unsure that is (from 8.33); the ordinal: a skill it almost surely has.")
    return [*parts, seats, ratings, note, meetings, wins]


def show(data: dict[str, Any], header: str) -> None:
    from sherwood_tui.workbench.report import show as show_parts

    show_parts(header, renderables(data))


class _Progress:
    """A progress bar on stderr (stdout holds only the results, JSON too): a `with`
    block giving the callback `tournament.play` calls as games finish."""

    def __init__(self, name: str, total: int) -> None:
        self.name, self.total = name, total
        self.bar: Any = None

    def __enter__(self) -> Any:
        import functools

        from sherwood_tui.workbench.report import progress_bar

        self.bar = progress_bar()
        if self.bar is None:  # stderr is no terminal
            return None
        self.bar.start()
        return functools.partial(self.bar.advance, self.bar.add_task(self.name, total=self.total))

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()
