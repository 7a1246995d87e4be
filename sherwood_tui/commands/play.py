"""Playing at this terminal: the app's picker (`play`, the default), `resume FILE`, the
list of saves (`saves`), and the `--assets` files a game plays on."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


def list_saves(folder: Path) -> int:
    """`saves`: one line per save in `folder` (skipped files on stderr)."""
    from sherwood_tui.core.saves import list_saves
    from sherwood_tui.core.wording import printable

    summaries, problems = list_saves(folder)
    for s in summaries:
        status = f"cannot be opened: {s.problem}" if s.problem else "finished" if s.finished else s.round_label
        variants = f"  with {', '.join(s.options)}" if s.options else ""
        print(printable(f"{s.path}  {s.title}  {status}  {', '.join(s.players)}{variants}  {s.saved_at}"))
    for line in problems:
        print(f"skipped {line}", file=sys.stderr)
    return 0


def play(args: argparse.Namespace, folder: Path) -> int:
    """`play` or `resume FILE`: the app, at a terminal (one line and status 2 if not)."""
    resume_path = None
    if args.command == "resume":
        from sherwood_tui.core.errors import SaveError
        from sherwood_tui.core.savelock import SaveLock
        from sherwood_tui.core.saves import load_session

        try:
            SaveLock(args.file).acquire().release()  # open in another window: say so now
            load_session(args.file)
        except SaveError as err:
            print(f"sherwood-tui: {err}", file=sys.stderr)
            return 2
        resume_path = args.file
    missing = missing_terminal()
    if missing:
        print(f"sherwood-tui: needs a terminal: {missing} is not a terminal", file=sys.stderr)
        return 2
    return run_app(folder, resume_path, args.bot_delay, args.playouts, hints=not args.no_hints)


def use_own_data(command: str | None, items: list[str]) -> str | None:
    """Play on the files of `--assets [GAME=]FILE`; why not, in one line, or None."""
    if command not in (None, "play", "resume", "replay", "saves", "host", "seat"):
        return f"--assets before {command} is for playing: put it after the command"
    from sherwood_tui.core.assets import AssetError
    from sherwood_tui.workbench.assets import use_own_data as use

    try:
        use(items)
    except AssetError as err:
        return str(err)
    return None


def missing_terminal() -> str | None:
    """Which of stdin and stdout is not a terminal (the app cannot open), or None.
    A driver chosen by TEXTUAL_DRIVER (`textual serve`) talks through pipes instead."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return None
    for name, stream in (("stdin", sys.stdin), ("stdout", sys.stdout)):
        if stream is None or not stream.isatty():
            return name
    return None


def run_app(folder: Path, resume_path: Path | None, bot_delay: float, playouts: int | None = None,
            hints: bool = True) -> int:
    """Run the app; its exit status (see `sherwood_tui.ui.lifecycle`). An error that
    escapes Textual's own handling ends the same way: one line, status 1."""
    try:
        from sherwood_tui.ui.app import SherwoodApp

        app = SherwoodApp(saves_dir=folder, resume_path=resume_path, bot_delay=bot_delay, playouts=playouts,
                          hints=hints)
        app.run()
    except Exception as error:
        from sherwood_tui.ui.lifecycle import EXIT_CRASH, say, write_crash_report

        say(write_crash_report(error))
        return EXIT_CRASH
    if app.unsaved_note:  # moves the player chose to leave unsaved: say so, status 3
        from sherwood_tui.ui.lifecycle import EXIT_UNSAVED, say

        say(f"sherwood-tui: {app.unsaved_note}")
        return app.return_code or EXIT_UNSAVED
    return app.return_code or 0
