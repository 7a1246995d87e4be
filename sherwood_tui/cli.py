"""The command line of sherwood-tui."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


class OneLineParser(argparse.ArgumentParser):
    """Bad arguments get one line on stderr and exit status 2."""

    def error(self, message: str):  # noqa: D102
        self.exit(2, f"{self.prog}: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="sherwood-tui", description="Three Robin Hood tabletop games for one terminal."
    )
    parser.add_argument("--saves", type=Path, help="folder of save files (default: the user's data folder)")
    parser.add_argument("--bot-delay", type=float, default=0.8, help="seconds each bot turn stays on screen")
    sub = parser.add_subparsers(dest="command", parser_class=OneLineParser)
    play = sub.add_parser("play", help="open the game picker (the default)")
    play.add_argument("--saves", type=Path, help=argparse.SUPPRESS)
    resume = sub.add_parser("resume", help="continue a saved game from its file")
    resume.add_argument("file", type=Path)
    sub.add_parser("saves", help="list the saved games")
    sim = sub.add_parser("simulate", help="play bot games headlessly and print a table")
    sim.add_argument("game", help="bleeding-sherwood, sheriff or sherwood")
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--bots", help="a level for all seats, or one per seat: sensible,random,...")
    sim.add_argument("--option", action="append", help="a variant: KEY or KEY=yes/no (repeatable)")
    sim.add_argument("--json", action="store_true", help="print the results as JSON")
    sim.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes to spread the games over (default: one per core)")
    soak = sub.add_parser("soak", help="play many random-bot games, checking every rule invariant")
    soak.add_argument("game", nargs="?", help="bleeding-sherwood, sheriff or sherwood (default: all three)")
    soak.add_argument("--games", type=int, default=2000, help="games per game (default 2000)")
    soak.add_argument("--seed", type=int, default=1)
    soak.add_argument("--players", type=int, help="only this player count (default: every count)")
    soak.add_argument("--option", action="append", help="fix a variant: KEY=yes/no (default: every combination)")
    soak.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: one per core)")
    return parser


def run(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    from sherwood_tui.core.paths import saves_dir

    if args.command == "simulate":
        from sherwood_tui.simulate import main as simulate

        return simulate(args)
    if args.command == "soak":
        from sherwood_tui.soak import main as soak

        return soak(args)
    folder = args.saves or saves_dir()
    if args.command == "saves":
        from sherwood_tui.core.saves import list_saves

        summaries, problems = list_saves(folder)
        for s in summaries:
            status = "finished" if s.finished else s.round_label
            print(f"{s.path}  {s.title}  {status}  {', '.join(s.players)}  {s.saved_at}")
        for line in problems:
            print(f"skipped {line}", file=sys.stderr)
        return 0
    resume_path = None
    if args.command == "resume":
        from sherwood_tui.core.errors import SaveError
        from sherwood_tui.core.saves import load_session

        try:
            load_session(args.file)
        except SaveError as err:
            print(f"sherwood-tui: {err}", file=sys.stderr)
            return 2
        resume_path = args.file
    missing = missing_terminal()
    if missing:
        print(f"sherwood-tui: needs a terminal: {missing} is not a terminal", file=sys.stderr)
        return 2
    return run_app(folder, resume_path, args.bot_delay)


def missing_terminal() -> str | None:
    """Which of stdin and stdout is not a terminal (the app cannot open), or None.
    A driver chosen by TEXTUAL_DRIVER (`textual serve`) talks through pipes instead."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return None
    for name, stream in (("stdin", sys.stdin), ("stdout", sys.stdout)):
        if stream is None or not stream.isatty():
            return name
    return None


def run_app(folder: Path, resume_path: Path | None, bot_delay: float) -> int:
    """Run the app; its exit status (see `sherwood_tui.ui.lifecycle`). An error that
    escapes Textual's own handling ends the same way: one line, status 1."""
    try:
        from sherwood_tui.ui.app import SherwoodApp

        app = SherwoodApp(saves_dir=folder, resume_path=resume_path, bot_delay=bot_delay)
        app.run()
    except Exception as error:
        from sherwood_tui.ui.lifecycle import EXIT_CRASH, say, write_crash_report

        say(write_crash_report(error))
        return EXIT_CRASH
    return app.return_code or 0
