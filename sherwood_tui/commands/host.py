"""`sherwood-tui host GAME --player NAME[:BOT] ...` (or `--resume SAVE`): a table on many
terminals, until the host closes it; and `seat`, the process the host starts for each."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from sherwood_tui.commands.play import missing_terminal

if TYPE_CHECKING:
    from sherwood_tui.table.host import OpenTable, TableHost


def host_table(args: argparse.Namespace, folder: Path) -> int:
    """`host`: open a table (a new game, or `--resume SAVE`) until the host closes it.
    A bad game, player list, option or save gets one line and status 2; a port that
    cannot be had, one line and status 1."""
    from sherwood_tui.core.errors import RuleError, SaveError

    problem = host_arguments_problem(args)
    if not problem and not args.quiet:
        missing = missing_terminal()
        if missing:
            problem = f"the host's screen needs a terminal: {missing} is not a terminal (or use --quiet)"
    if problem:
        print(f"sherwood-tui host: {problem}", file=sys.stderr)
        return 2
    try:
        host = make_host(args, folder)
    except (ValueError, RuleError, SaveError) as err:
        print(f"sherwood-tui host: {' '.join(str(err).split())}", file=sys.stderr)
        return 2
    import asyncio

    from sherwood_tui.table.host import OpenTable, TableSettings

    settings = TableSettings(listen=args.listen, ssh_port=args.ssh_port, web_port=None if args.no_web else args.web_port)
    table = OpenTable(host, settings)
    try:
        return asyncio.run(serve_table(table, args.quiet))
    except (OSError, ImportError) as err:
        print(f"sherwood-tui host: cannot open the table: {' '.join(str(err).split())}", file=sys.stderr)
        return 1


def host_arguments_problem(args: argparse.Namespace) -> str | None:
    """What does not go together in `host`'s arguments, or None."""
    if args.resume is not None:
        extra = [flag for flag, value in (("GAME", args.game), ("--player", args.player),
                                          ("--option", args.option), ("--seed", args.seed)) if value is not None]
        if extra:
            return f"--resume opens a saved game as it was: give no {extra[0]}"
        return None
    if args.game is None:
        return "name the game to host (bleeding-sherwood, sheriff or sherwood), or --resume SAVE"
    if not args.player:
        return "name the seats with --player NAME (a bot: --player NAME:sensible), one per seat"
    if not args.no_web and args.web_port == args.ssh_port != 0:
        return f"--ssh-port and --web-port are both {args.ssh_port}"
    return None


def make_host(args: argparse.Namespace, folder: Path) -> TableHost:
    """The host of `args`' game (ValueError, RuleError or SaveError with one line)."""
    from sherwood_tui import catalog
    from sherwood_tui.core.contract import Player
    from sherwood_tui.core.saves import new_save_path
    from sherwood_tui.core.session import Session
    from sherwood_tui.table.host import TableHost
    from sherwood_tui.workbench.engine import parse_options

    own_data = tuple(absolute_data_item(item) for item in getattr(args, "own_data", None) or ())
    delay = getattr(args, "bot_delay", 0.8)
    hints = not getattr(args, "no_hints", False)
    if args.resume is not None:
        host = TableHost.resume(args.resume, bot_delay=delay, own_data=own_data, hints=hints)
    else:
        info = catalog.get(args.game)
        game = info.load()
        players = [Player(name=name, bot=level) for name, level in args.player]
        game.check_players(players)
        session = Session(game, players, parse_options(args.option or [], game), args.seed)
        host = TableHost(session, new_save_path(info.id, folder), bot_delay=delay, own_data=own_data, hints=hints)
    if getattr(args, "no_bell", False):
        host.bell_for = lambda key: False
    return host


def absolute_data_item(item: str) -> str:
    """An `--assets [GAME=]FILE` item with its file as an absolute path (for the seat
    processes, which may start elsewhere)."""
    from sherwood_tui import catalog

    game, equals, file = item.partition("=")
    if equals and game in {info.id for info in catalog.GAMES}:
        return f"{game}={os.path.abspath(file)}"
    return os.path.abspath(item)


async def serve_table(table: OpenTable, quiet: bool) -> int:
    """Run an opened table until the host closes it (Ctrl+Q on the host's screen; with
    `quiet`, Ctrl+C or SIGTERM)."""
    await table.start()
    try:
        if quiet:
            await serve_quietly(table)
            return 0
        from sherwood_tui.table.host_app import HostApp

        app = HostApp(table)
        await app.run_async()
        return app.return_code or 0
    finally:
        await table.close()


async def serve_quietly(table: OpenTable) -> None:
    """Print the join instructions, then a line whenever who is where changes, until
    SIGINT or SIGTERM."""
    import asyncio
    import signal

    from sherwood_tui.table.host import status_line

    host = table.host
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    print("\n".join(table.instructions()), flush=True)
    print(f"Saved in {host.save_path}; Ctrl+C closes the table (sherwood-tui host --resume FILE opens it again).", flush=True)
    said = [""]
    notices = [0]  # how many of the doors' log lines were printed

    def report() -> None:
        line = status_line(host.status(), host.problem)
        if line != said[0]:
            said[0] = line
            print(line, flush=True)
        new = min(host.notices_said - notices[0], len(host.notices))
        for notice in list(host.notices)[len(host.notices) - new:]:
            print(notice, flush=True)
        notices[0] = host.notices_said

    host.listeners.append(report)
    report()
    await stop.wait()
