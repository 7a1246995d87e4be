"""The command line of sherwood-tui."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sherwood-tui", description="Three Robin Hood tabletop games for one terminal."
    )
    parser.add_argument("--saves", type=Path, help="folder of save files (default: the user's data folder)")
    sub = parser.add_subparsers(dest="command")
    play = sub.add_parser("play", help="open the game picker (the default)")
    play.add_argument("--saves", type=Path, help=argparse.SUPPRESS)
    resume = sub.add_parser("resume", help="continue a saved game from its file")
    resume.add_argument("file", type=Path)
    sub.add_parser("saves", help="list the saved games")
    return parser


def run(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    from sherwood_tui.core.saves import saves_dir

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
    from sherwood_tui.ui.app import SherwoodApp

    SherwoodApp(saves_dir=folder, resume_path=resume_path).run()
    return 0
