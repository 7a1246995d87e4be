"""`sherwood-tui serve`: one server of many tables with a lobby, over SSH (and in the
browser, with `--web-port`), until it is stopped (Ctrl+C or SIGTERM); and `lobby`, the process its door starts for each player."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sherwood_tui.table.serve import TableServer


def serve(args: argparse.Namespace) -> int:
    """`serve`: open the server in its folder (its tables resume) until stopped. A folder
    that cannot be read gets one line and status 2; a port that cannot be had, status 1."""
    import asyncio

    from sherwood_tui.core.errors import SaveError
    from sherwood_tui.core.paths import data_dir
    from sherwood_tui.table.serve import TableServer

    folder = args.dir if args.dir is not None else data_dir() / "server"
    server = TableServer(folder, bot_delay=getattr(args, "bot_delay", 0.8), hints=not args.no_hints,
                         open_door=args.open, bell=not args.no_bell)
    try:
        return asyncio.run(run_server(server, args))
    except SaveError as err:
        print(f"sherwood-tui serve: {' '.join(str(err).split())}", file=sys.stderr)
        return 2
    except (OSError, ImportError) as err:
        print(f"sherwood-tui serve: cannot open the server: {' '.join(str(err).split())}", file=sys.stderr)
        return 1


async def run_server(server: TableServer, args: argparse.Namespace) -> int:
    """Start the server and its SSH door, print how to come in, then a line whenever its
    tables change, until SIGINT or SIGTERM; everything is saved as it closes."""
    import asyncio
    import signal
    import socket

    from sherwood_tui.core.paths import data_dir
    from sherwood_tui.table.ssh import start_ssh_server

    await server.start()
    said: list[str] = [""]

    def say(line: str) -> None:
        print(line, flush=True)

    web = None
    try:
        key = data_dir() / "ssh_host_ed25519_key"
        door = await start_ssh_server(server, args.listen, args.ssh_port, key, say=say)
    except BaseException:
        await server.close()
        raise
    try:
        if getattr(args, "web_port", None) is not None:
            from sherwood_tui.table.web import start_serve_web

            web = await start_serve_web(server, args.listen, args.web_port, say=say)
    except BaseException:
        await server.close()
        await door.close(wait=2.0)
        raise
    try:
        address = socket.gethostname() if args.listen in ("", "0.0.0.0", "::") else args.listen
        say(f"sherwood-tui server in {server.folder}")
        say(f"Players: ssh -p {door.port} play@{address}  (any login name; their SSH key is who they are)")
        if server.open_door:
            say("Open: any SSH key comes into the lobby.")
        else:
            say(f"Server code: {server.code}  (a key types it once, the first time)")
        say(f"Host key: {door.fingerprint}")
        if web is not None:
            say(f"Browser door: {server.web_base} (each player's own link: u in their lobby)")

        def report() -> None:
            line = " ".join([*server.status_lines(), server.save_problem]).strip()
            if line != said[0]:
                said[0] = line
                say(line)

        server.listeners.append(report)
        report()
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)
        await stop.wait()
        say("Closing: every table is saved, and opens again with the server.")
    finally:
        if web is not None:
            await web.close()
        await server.close()
        await door.close(wait=2.0)
    return 0


def lobby(args: argparse.Namespace) -> int:
    """`lobby --socket PATH --ticket T`: a player's lobby (started by the server's door)."""
    from sherwood_tui.table.lobby import run_lobby

    return run_lobby(Path(args.socket), args.ticket, browser=args.browser)
