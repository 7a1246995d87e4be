"""`sherwood-tui tune GAME --field PATH=LOW..HIGH --target balance|length=N|margin=N
--budget GAMES`: search a game's data fields for the values that bring a measure closest
to a target (the workbench's `tune.py`, with Optuna: the `tune` extra), print every
evaluation, the best values and their paired comparison with the starting data (or JSON);
`--records FILE.sqlite` writes every evaluation and its games; `--scheduler
tcp://HOST:PORT` plays them on a Dask cluster."""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

from sherwood_tui import catalog
from sherwood_tui.commands.parser import jobs_problem, playable_game, records_problem
from sherwood_tui.core.levels import with_budget
from sherwood_tui.core.limits import counts_problem
from sherwood_tui.workbench.cluster import ClusterError
from sherwood_tui.workbench.engine import GameFailed, parse_bots, parse_options, tune_gc_for_batch_play
from sherwood_tui.workbench.tune import (
    EVALUATIONS_BY_DEFAULT,
    LEAST_GAMES_EACH,
    Plan,
    Search,
    TuneError,
    parse_field,
    parse_target,
)


def extra_problem() -> str | None:
    """Why `tune` cannot run here (Optuna, the `tune` extra, is missing), or None."""
    if importlib.util.find_spec("optuna") is None:
        from sherwood_tui.commands.simulate import extra_install_command

        return f"tune needs the tune extra (optuna): {extra_install_command('tune')}"
    return None


def games_each(args: argparse.Namespace) -> int:
    """`--games-each`, or its default: the budget over EVALUATIONS_BY_DEFAULT evaluations,
    at least LEAST_GAMES_EACH games."""
    chosen: int | None = args.games_each
    return chosen if chosen is not None else max(LEAST_GAMES_EACH, args.budget // EVALUATIONS_BY_DEFAULT)


def main(args: argparse.Namespace) -> int:
    """`sherwood-tui tune GAME ...`; bad arguments get one line and exit 2."""
    from sherwood_tui.core.assets import AssetError, builtin_text, check_asset_file

    def fail(message: str, status: int = 2) -> int:
        print(f"sherwood-tui tune: {message}", file=sys.stderr)
        return status

    problem = extra_problem()
    if problem:
        return fail(problem)
    info = playable_game(args.game, args.players)
    if isinstance(info, str):
        return fail(info)
    each = games_each(args)
    jobs = 1 if args.jobs is None else args.jobs
    problem = jobs_problem(args) or counts_problem(each, args.seed, jobs)
    if problem:
        return fail(problem.replace("--games ", "--games-each "))
    problem = records_problem(args.records)
    if problem:
        return fail(problem)
    try:
        fields = [parse_field(text) for text in args.field]
        if len({f.path for f in fields}) != len(fields):
            raise TuneError("--field: each field may be searched once")
        target = parse_target(args.target)
        bots = [with_budget(level, getattr(args, "playouts", None)) for level in parse_bots(args.bots, args.players)]
        options = parse_options(args.option or [], info)
        base = check_asset_file(info, Path(args.assets)) if args.assets is not None else builtin_text(info.asset)
    except (ValueError, AssetError) as err:
        return fail(str(err))
    if target.kind == "balance" and len(set(bots)) > 1:
        return fail("--target balance needs one --bots level at every seat (else the better bot wins more, as it should)")
    plan = Plan(args.players, bots, options, args.seed, each, args.budget, jobs, args.scheduler,
                events=args.records is not None)
    tune_gc_for_batch_play()
    started = time.perf_counter()
    try:
        done = _search(info, base, fields, target, plan)
    except TuneError as err:
        return fail(str(err))
    except ClusterError as err:
        return fail(str(err), err.status)
    except KeyboardInterrupt:
        return fail("interrupted", 130)
    except GameFailed as err:  # on values of the search: the data is to blame
        return fail(f"a game failed on {err}")
    seconds = time.perf_counter() - started
    if args.records is not None:
        problem = _write_records(info, args, plan, base, done)
        if problem:
            return fail(problem)
    data = as_json(info, args, plan, done, seconds)
    if args.json:
        print(json.dumps(data, indent=1))
    else:
        _show(info, plan, done, data)
    return 0


def _search(info: catalog.GameInfo, base: str, fields: list[Any], target: Any, plan: Plan) -> Search:
    """The search, with a line on stderr after each batch of evaluations."""
    from sherwood_tui.workbench.tune import search

    def progress(done: Search) -> None:
        best = done.best
        print(f"sherwood-tui tune: {len(done.evaluations)} evaluations, {done.games:,} of {plan.budget:,} games; "
              f"best so far {best.name} ({target.measure_label} {best.measure:.3g}, loss {best.loss:.3g})",
              file=sys.stderr, flush=True)

    return search(info, base, fields, target, plan, progress)


def _write_records(info: catalog.GameInfo, args: argparse.Namespace, plan: Plan, base: str, done: Search) -> str | None:
    """Every evaluation's games (a variant each, named by its values) and its `tuning`
    row, as one run; why they could not be written, or None."""
    import shlex

    from sherwood_tui.workbench.records import RecordsError, Variant, data_fingerprint, write_run
    from sherwood_tui.workbench.tune import tuning_rows

    try:
        write_run(args.records, info.id, shlex.join(["sherwood-tui", *getattr(args, "argv", [])]), data_fingerprint(base),
                  [Variant(e.name, plan.bots, e.results) for e in done.evaluations if e.results],
                  also=tuning_rows(done))
    except RecordsError as err:
        return f"--records: {err}"
    return None


def _number(value: float) -> float | None:
    return None if math.isnan(value) else round(value, 6)


def as_json(info: catalog.GameInfo, args: argparse.Namespace, plan: Plan, done: Search, seconds: float) -> dict[str, Any]:
    """Everything the search printed, as JSON."""
    from sherwood_tui.workbench.compare import changed_json, measure_json, played_differently

    def evaluation(e: Any) -> dict[str, Any]:
        return {"evaluation": e.number, "values": dict(e.point), "name": e.name, "games": len(e.results),
                "measure": _number(e.measure), "loss": _number(e.loss), **({"refused": e.refused} if e.refused else {})}

    changed = played_differently(done.start.results, done.best.results)  # None: not the same seeds (never here)
    return {
        "game": info.id, "players": plan.players, "bots": plan.bots, "options": plan.options, "seed": plan.seed,
        "budget": plan.budget, "games_each": plan.games_each, "games": done.games,
        "target": {"kind": done.target.kind, **({"goal": done.target.goal} if done.target.kind != "balance" else {}),
                   "measure": done.target.measure_label},
        "fields": [{"field": f.path, "low": f.low, "high": f.high} for f in done.fields],
        "evaluations": [evaluation(e) for e in done.evaluations], "stopped": done.stopped,
        "start": evaluation(done.start), "best": evaluation(done.best),
        "comparison": {"a": done.start.name, "b": done.best.name, "paired": changed is not None,
                       "played_differently": changed_json(changed),
                       "measures": [measure_json(m) for m in done.comparison(plan.bots)]},
        "seconds": round(seconds, 2),
    }


STOPPED = {"budget": "the budget was spent", "settled": "the optimiser proposed only values already played",
           "every point played": "every value in the ranges was played"}


def _show(info: catalog.GameInfo, plan: Plan, done: Search, data: dict[str, Any]) -> None:
    """The evaluations, the best values and their comparison with the starting data."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from sherwood_tui.workbench import report
    from sherwood_tui.workbench.compare import describe_changed, played_differently, seat_advantages
    from sherwood_tui.workbench.summary import options_label

    ranges = ", ".join(f"{f.path} in {f.low}..{f.high}" for f in done.fields)
    header = (f"{info.title}: tuning {ranges} toward {done.target.text}; {len(done.evaluations)} evaluations of "
              f"{plan.games_each} games (the same seeds, from {plan.seed}), {done.games:,} of {plan.budget:,} games, "
              f"{plan.players} players, bots {','.join(plan.bots)}, options {options_label(info, plan.options)}, "
              f"{data['seconds']:.1f} s; stopped: {STOPPED[done.stopped]}")
    table = Table(title="Every evaluation (0: the starting data)", box=box.SIMPLE_HEAD)
    for name, justify in (("#", "right"), ("Values", "left"), (done.target.measure_label, "right"), ("Loss", "right"),
                          ("", "left")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for e in done.evaluations:
        figure = "refused" if e.refused else f"{e.measure:.2f}"
        loss = "" if e.refused else f"{e.loss:.2f}"
        table.add_row(*(Text(cell) for cell in (str(e.number), e.name, figure, loss, "best" if e is done.best else "")))
    best, start = done.best, done.start
    said = Text(f"Best: {best.name} ({done.target.measure_label} {best.measure:.2f}, loss {best.loss:.2f}); "
                f"the starting data, {start.name}: {start.measure:.2f} (loss {start.loss:.2f}). "
                "Below, the best (B) against the starting data (A) on the same seeds.")
    rows = done.comparison(plan.bots)
    found = {"A": seat_advantages(start.results, plan.bots), "B": seat_advantages(best.results, plan.bots)}
    parts = [table, said, *report.comparison_renderables(rows, found, [("A", start.results), ("B", best.results)], plan.bots),
             Text(describe_changed(played_differently(start.results, best.results)))]
    report.show(header, parts)
