"""`sherwood-tui soak [GAME] ...`: the soak engine (workbench/soak.py) on every game,
player count and variant; exit 1 if any game failed, 2 on bad arguments."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from sherwood_tui import catalog
from sherwood_tui.core.assets import use_asset_file
from sherwood_tui.core.levels import with_budget
from sherwood_tui.core.limits import counts_problem
from sherwood_tui.workbench import soak
from sherwood_tui.workbench.engine import parse_bots, parse_options, tune_gc_for_batch_play


def main(args: argparse.Namespace) -> int:
    """`sherwood-tui soak [GAME] ...`: exit 1 if any game failed, 2 on bad arguments."""
    import sys

    def fail(message: str, status: int = 2) -> int:
        print(f"sherwood-tui soak: {message}", file=sys.stderr)
        return status

    try:
        infos = [catalog.get(args.game)] if args.game else list(catalog.GAMES)
    except ValueError as err:
        return fail(str(err))
    own = getattr(args, "assets", None)
    if own is not None:  # checked whole, and in use before the game's rules load
        from sherwood_tui.core.assets import AssetError, check_asset_file

        if not args.game:
            return fail("--assets needs a game: sherwood-tui soak GAME --assets FILE")
        if not own:
            return fail("--assets: an empty name is not a file")
        try:
            use_asset_file(infos[0].asset, Path(own), check_asset_file(infos[0], Path(own)))
        except AssetError as err:
            return fail(str(err))
    problem = counts_problem(args.games, args.seed, args.jobs)
    if problem:
        return fail(problem)
    try:
        levels = parse_soak_bots(args.bots, args.players, getattr(args, "playouts", None))
    except ValueError as err:
        return fail(str(err))
    plans = []  # every game's arguments are checked before the first game is played
    for info in infos:
        game = info.load()
        if args.players is not None and not game.min_players <= args.players <= game.max_players:
            return fail(f"{game.title} takes {game.min_players} to {game.max_players} players, not {args.players}")
        try:
            plans.append((info, game, parse_options(args.option or [], game)))
        except ValueError as err:
            return fail(str(err))
    tune_gc_for_batch_play()  # this process (and the ones it forks) only plays games now
    failed = 0
    for info, game, options in plans:
        started = time.perf_counter()
        done = [0]

        def progress(k: int, title: str = game.title, done: list[int] = done) -> None:
            done[0] += k
            if sys.stderr.isatty():
                print(f"\r{title}: {done[0]:,} / {args.games:,} games", end="", file=sys.stderr)

        try:
            outcomes = soak.run(info.id, args.games, args.seed, args.players, options, max(1, args.jobs), progress,
                               levels)
        except KeyboardInterrupt:
            if sys.stderr.isatty():
                print("\r\033[K", end="", file=sys.stderr)
            return fail("interrupted", 130)
        if sys.stderr.isatty():
            print("\r\033[K", end="", file=sys.stderr)
        for line in soak.report(info.id, outcomes, time.perf_counter() - started):
            print(line, flush=True)
        failed += sum(1 for o in outcomes if o.failure)
    return 1 if failed else 0


def parse_soak_bots(text: str | None, players: int | None, playouts: int | None) -> tuple[str, ...]:
    """The levels of `--bots` (random if not given): one for every seat, or one per seat
    of `--players`; a plain expert gets `--playouts` (ValueError with one line)."""
    if not text:
        return ("random",)
    names = text.split(",")
    if len(names) > 1 and players is None:
        raise ValueError("--bots with a level per seat needs --players")
    levels = parse_bots(text, players or 1)
    return tuple(with_budget(level, playouts) for level in (levels[:1] if len(names) == 1 else levels))
