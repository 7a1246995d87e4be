"""The command line of sherwood-tui (`sherwood-tui` or `python -m sherwood_tui`): the
parser (`parser.py`), then one module per command, imported only when it runs."""

from __future__ import annotations

import sys

from sherwood_tui.commands.parser import build_parser, folder_problem


def run(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    args.argv = list(argv)  # the command as typed (records keep it)
    from sherwood_tui.core.paths import saves_dir

    if getattr(args, "own_data", None):  # checked and in use before anything reads game data
        from sherwood_tui.commands.play import use_own_data

        problem = use_own_data(args.command, args.own_data)
        if problem:
            print(f"sherwood-tui: {problem}", file=sys.stderr)
            return 2
    if args.command == "assets":
        from sherwood_tui.commands.assets import main as assets

        return assets(args)
    if args.command == "simulate":
        from sherwood_tui.commands.simulate import main as simulate

        return simulate(args)
    if args.command == "tournament":
        from sherwood_tui.commands.tournament import main as tournament

        return tournament(args)
    if args.command == "analyse":
        from sherwood_tui.commands.analyse import main as analyse

        return analyse(args)
    if args.command == "tune":
        from sherwood_tui.commands.tune import main as tune

        return tune(args)
    if args.command == "soak":
        from sherwood_tui.commands.soak import main as soak

        return soak(args)
    if args.command == "replay":
        from sherwood_tui.commands.replay import open_replay

        return open_replay(args.file)
    if args.command == "seat":
        from sherwood_tui.table.seat_app import run_seat

        return run_seat(args.socket, args.ticket, args.lobby, args.back, args.browser)
    if args.command == "lobby":
        from sherwood_tui.commands.serve import lobby

        return lobby(args)
    if args.command == "serve":
        from sherwood_tui.commands.serve import serve

        return serve(args)
    folder = args.saves
    if folder is None:  # the default folder is checked as `--saves` is
        folder = saves_dir()
        problem = folder_problem(folder)
        if problem:
            print(f"sherwood-tui: the saves folder {problem}", file=sys.stderr)
            return 2
    if args.command == "host":
        from sherwood_tui.commands.host import host_table

        return host_table(args, folder)
    from sherwood_tui.commands.play import list_saves, play

    if args.command == "saves":
        return list_saves(folder)
    return play(args, folder)
