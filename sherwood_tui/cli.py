"""The command line of sherwood-tui.

Every value is checked as it is parsed: a bad one gets one line on stderr naming it
(`sherwood-tui simulate: argument --jobs: must be from 1 to 8 (4 per core), not '10000'`)
and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    from sherwood_tui.table.host import OpenTable, TableHost

MAX_GAMES = 1_000_000  # games a run of simulate or soak may ask for (per game for soak)
MAX_BOT_DELAY = 10.0  # seconds a bot's turn may stay on screen
MAX_SEED = 2**62 - 1  # the app's own seeds are below 2**62; a run's last seed may not pass it
JOBS_PER_CORE = 4
MAX_SAVE_BYTES = 64 * 2**20  # a save is the seed and the moves: far smaller than this


class OneLineParser(argparse.ArgumentParser):
    """Bad arguments get one line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {' '.join(message.split())}\n")


def shown(text: str, limit: int | None = 60) -> str:
    """A value as a one-line message quotes it: escaped (no newline gets through) and
    shortened (not a path: `limit=None`)."""
    if limit is not None and len(text) > limit:
        text = text[:limit] + "..."
    return repr(text)


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def max_jobs() -> int:
    return JOBS_PER_CORE * cores()


def whole_number(low: int, high: int, note: str = "") -> Callable[[str], int]:
    """An argparse `type`: a whole number from `low` to `high`."""

    def parse(text: str) -> int:
        digits = re.fullmatch(r"\s*[+-]?\d[\d_]*\s*", text) is not None
        try:
            value = int(text)
        except ValueError:  # not a number, or too many digits for int()
            value = None
        if value is None and not digits:
            raise argparse.ArgumentTypeError(f"not a whole number: {shown(text)}")
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low:,} to {high:,}{note}, not {shown(text)}")
        return value

    return parse


def jobs_count(text: str) -> int:
    """An argparse `type`: processes, from 1 to a few per core."""
    return whole_number(1, max_jobs(), f" ({JOBS_PER_CORE} per core)")(text)


def bot_delay(text: str) -> float:
    """An argparse `type`: seconds from 0 to MAX_BOT_DELAY (not inf, not NaN)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 <= value <= MAX_BOT_DELAY:  # NaN fails both comparisons
        raise argparse.ArgumentTypeError(f"must be seconds from 0 to {MAX_BOT_DELAY:g}, not {shown(text)}")
    return value


def folder_problem(folder: Path) -> str | None:
    """Why `folder` cannot hold saves, in a few words that start with its name; None if
    it is a folder, or if it does not exist yet and can be made (its nearest existing
    parent is a folder we may write in)."""
    name = shown(str(folder), None)
    path = folder
    while True:
        try:
            found = os.stat(path)
        except (FileNotFoundError, NotADirectoryError):
            if os.path.islink(path):
                return f"{name}: {shown(str(path), None)} is a broken link"
            if path.parent == path:
                return f"{name} cannot be made: {shown(str(path), None)} does not exist"
            path = path.parent
            continue
        except OSError as err:
            return f"{name}: {(err.strerror or err.__class__.__name__).lower()}"
        except ValueError:  # a NUL in the name
            return f"{name} is not a usable name"
        break
    if not stat.S_ISDIR(found.st_mode):
        if path == folder:
            return f"{name} is a file, not a folder"
        return f"{name} cannot be a folder: {shown(str(path), None)} is a file"
    if path != folder and not os.access(path, os.W_OK | os.X_OK):
        return f"{name} cannot be made: {shown(str(path), None)} is not writable"
    return None


def saves_folder(text: str) -> Path:
    """An argparse `type`: a folder of saves, or one that can be made."""
    if not text:
        raise argparse.ArgumentTypeError("an empty name is not a folder")
    problem = folder_problem(Path(text))
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return Path(text)


def save_file(text: str) -> Path:
    """An argparse `type`: a file that exists and can be read (whether it is a good
    save is for `load_session` to say)."""
    path, name = Path(text), shown(text, None)
    if not text:
        raise argparse.ArgumentTypeError("an empty name is not a file")
    try:
        found = os.stat(path)
        if stat.S_ISDIR(found.st_mode):
            raise argparse.ArgumentTypeError(f"{name} is a folder, not a save file")
        if not stat.S_ISREG(found.st_mode):  # a pipe or a device: reading could block forever
            raise argparse.ArgumentTypeError(f"{name} is not a regular file")
        if found.st_size > MAX_SAVE_BYTES:
            raise argparse.ArgumentTypeError(f"{name} is too large to be a save ({found.st_size:,} bytes)")
        with open(path, "rb") as handle:
            handle.read(1)
    except (FileNotFoundError, NotADirectoryError):
        raise argparse.ArgumentTypeError(f"no such file: {name}") from None
    except PermissionError:
        raise argparse.ArgumentTypeError(f"{name} cannot be read (permission denied)") from None
    except OSError as err:
        raise argparse.ArgumentTypeError(f"{name} cannot be read ({err.strerror or err.__class__.__name__})") from None
    except ValueError:  # a NUL in the name
        raise argparse.ArgumentTypeError(f"{name} is not a usable name") from None
    return path


def build_parser() -> argparse.ArgumentParser:
    games = whole_number(1, MAX_GAMES)
    seed = whole_number(0, MAX_SEED)
    players = whole_number(1, 99)  # the game says which counts it takes
    parser = OneLineParser(
        prog="sherwood-tui", description="Three Robin Hood tabletop games for one terminal."
    )
    parser.add_argument("--saves", type=saves_folder, metavar="DIR",
                        help="folder of save files (default: the user's data folder)")
    parser.add_argument("--bot-delay", type=bot_delay, default=0.8, metavar="SECONDS",
                        help=f"seconds each bot turn stays on screen (0 to {MAX_BOT_DELAY:g}; default 0.8)")
    own_data_help = ("play on your own copy of a game's data file (`sherwood-tui assets GAME --export` "
                     "makes one); GAME= says which game it is for; repeatable")
    parser.add_argument("--assets", action="append", dest="own_data", metavar="[GAME=]FILE", help=own_data_help)
    sub = parser.add_subparsers(dest="command", parser_class=OneLineParser)
    play = sub.add_parser("play", help="open the game picker (the default)")
    resume = sub.add_parser("resume", help="continue a saved game from its file")
    resume.add_argument("file", type=save_file, metavar="FILE")
    replay = sub.add_parser("replay", help="step through a save forwards and backwards (it is only read)")
    replay.add_argument("file", type=save_file, metavar="FILE")
    listing = sub.add_parser("saves", help="list the saved games")
    for command in (play, resume, listing):  # `--saves DIR` after the command too
        command.add_argument("--saves", type=saves_folder, metavar="DIR", default=argparse.SUPPRESS,
                             help=argparse.SUPPRESS)
    for command in (play, resume, replay):  # `--assets FILE` after the command too
        command.add_argument("--assets", action="append", dest="own_data", metavar="[GAME=]FILE",
                             default=argparse.SUPPRESS, help=own_data_help)
    jobs_help = f"processes to spread the games over (default: one per core; at most {JOBS_PER_CORE} per core)"
    sim = sub.add_parser("simulate", help="play bot games headlessly and print a table")
    sim.add_argument("game", help="bleeding-sherwood, sheriff or sherwood")
    sim.add_argument("--players", type=players, default=4)
    sim.add_argument("--games", type=games, default=100, help=f"games to play (1 to {MAX_GAMES:,})")
    sim.add_argument("--seed", type=seed, default=1, help="the first game's seed (game i: seed + i)")
    sim.add_argument("--bots", help="a level for all seats, or one per seat: sensible,random,...")
    sim.add_argument("--option", action="append", help="a variant: KEY or KEY=yes/no (repeatable); all: every combination")
    sim.add_argument("--json", action="store_true", help="print the results as JSON")
    sim.add_argument("--jobs", type=jobs_count, default=cores(), help=jobs_help + "; in a comparison, per side")
    sim.add_argument("--assets", metavar="FILE", help="play on your own copy of the game's data file")
    sim.add_argument("--compare", nargs="+", metavar="FILE",
                     help="A.json B.json: both on the same seeds, side by side (one file: the built-in data against it)")
    sim.add_argument("--csv", action="store_true", help="print one row per measure: measure,a,b,diff,low,high,beyond_noise")
    sim.add_argument("--report", type=Path, metavar="FILE.html", help="also write the tables and charts as one HTML file")
    sim.add_argument("--keep", type=whole_number(1, 100), metavar="N",
                     help="save the N most unusual games (per side) as save files, for `replay`")
    sim.add_argument("--keep-dir", type=saves_folder, metavar="DIR",
                     help="where --keep saves them (default: the folder 'kept' beside the saves)")
    soak = sub.add_parser("soak", help="play many random-bot games, checking every rule invariant")
    soak.add_argument("game", nargs="?", help="bleeding-sherwood, sheriff or sherwood (default: all three)")
    soak.add_argument("--games", type=games, default=2000, help=f"games per game (default 2000, at most {MAX_GAMES:,})")
    soak.add_argument("--seed", type=seed, default=1)
    soak.add_argument("--players", type=players, help="only this player count (default: every count)")
    soak.add_argument("--option", action="append", help="fix a variant: KEY=yes/no (default: every combination)")
    soak.add_argument("--jobs", type=jobs_count, default=cores(), help=jobs_help)
    soak.add_argument("--assets", metavar="FILE", help="play on your own copy of the game's data file (needs GAME)")
    assets = sub.add_parser("assets", help="write a game's data file as a starting copy, or print its JSON schema")
    assets.add_argument("game", help="bleeding-sherwood, sheriff or sherwood")
    wanted = assets.add_mutually_exclusive_group(required=True)
    wanted.add_argument("--export", nargs="?", const="-", metavar="FILE",
                        help="write the game's data to FILE (default: print it)")
    wanted.add_argument("--schema", action="store_true", help="print the JSON schema of the game's data file")
    assets.add_argument("--force", action="store_true", help="with --export FILE: replace FILE if it exists")
    host = sub.add_parser("host", help="host a table: every player on their own terminal, over SSH or in a browser")
    host.add_argument("game", nargs="?", help="bleeding-sherwood, sheriff or sherwood (or --resume SAVE)")
    host.add_argument("--resume", type=save_file, metavar="SAVE", help="open the table of a saved game again")
    host.add_argument("--player", type=seat_player, action="append", metavar="NAME[:BOT]",
                      help="a seat, in order: a player's name, or NAME:sensible / NAME:random for a bot (repeatable)")
    host.add_argument("--option", action="append", metavar="KEY[=yes/no]", help="a variant (repeatable)")
    host.add_argument("--seed", type=seed, help="the game's seed (default: a random one)")
    port = whole_number(0, 65535, " (0: any free port)")
    host.add_argument("--ssh-port", type=port, default=2222, help="the SSH server's port (default 2222)")
    host.add_argument("--web-port", type=port, default=8080, help="the browser seats' port (default 8080)")
    host.add_argument("--no-web", action="store_true", help="no browser seats: SSH only")
    host.add_argument("--listen", type=listen_address, default="127.0.0.1",
                      help="the address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: every network)")
    host.add_argument("--quiet", action="store_true", help="no host screen: print the join instructions and who comes and goes")
    host.add_argument("--bot-delay", type=bot_delay, default=argparse.SUPPRESS, metavar="SECONDS",
                      help=f"seconds before each bot move (0 to {MAX_BOT_DELAY:g}; default 0.8)")
    host.add_argument("--saves", type=saves_folder, metavar="DIR", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    host.add_argument("--assets", action="append", dest="own_data", metavar="[GAME=]FILE",
                      default=argparse.SUPPRESS, help=own_data_help)
    seat = sub.add_parser("seat", help=argparse.SUPPRESS)  # started by a table's host for each terminal
    seat.add_argument("--socket", type=Path, required=True, help="the host's socket")
    seat.add_argument("--ticket", required=True, help="the one-time ticket the host issued")
    seat.add_argument("--assets", action="append", dest="own_data", metavar="[GAME=]FILE",
                      default=argparse.SUPPRESS, help=own_data_help)
    return parser


def seat_player(text: str) -> tuple[str, str | None]:
    """An argparse `type`: `NAME` (a player) or `NAME:LEVEL` (a bot) as (name, level)."""
    from sherwood_tui.core.contract import BOT_LEVELS

    name, colon, level = text.rpartition(":")
    if not colon:
        name, level = text, ""
    elif level not in BOT_LEVELS:
        raise argparse.ArgumentTypeError(f"{shown(level)} is not a bot level (known: {', '.join(BOT_LEVELS)})")
    if not name.strip():
        raise argparse.ArgumentTypeError(f"a seat needs a name, not {shown(text)}")
    return name.strip(), level or None


def listen_address(text: str) -> str:
    """An argparse `type`: an IP address to listen on, or "localhost"."""
    import ipaddress

    if text != "localhost":
        try:
            ipaddress.ip_address(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not an IP address: {shown(text)}") from None
    return text


def last_seed_problem(seed: int, games: int) -> str | None:
    """Game i of a run has seed `seed + i`: the last one must not pass MAX_SEED."""
    if seed + games - 1 > MAX_SEED:
        return f"--seed {seed} with --games {games} passes the largest seed ({MAX_SEED:,})"
    return None


def run(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    from sherwood_tui.core.paths import saves_dir

    if getattr(args, "own_data", None):  # checked and in use before anything reads game data
        problem = use_own_data(args.command, args.own_data)
        if problem:
            print(f"sherwood-tui: {problem}", file=sys.stderr)
            return 2
    if args.command == "assets":
        from sherwood_tui.workbench.assets import main as assets

        return assets(args)
    if args.command == "simulate":
        from sherwood_tui.simulate import main as simulate

        return simulate(args)
    if args.command == "soak":
        from sherwood_tui.soak import main as soak

        return soak(args)
    if args.command == "replay":
        return open_replay(args.file)
    if args.command == "seat":
        from sherwood_tui.table.seat_app import run_seat

        return run_seat(args.socket, args.ticket)
    folder = args.saves
    if folder is None:  # the default folder is checked as `--saves` is
        folder = saves_dir()
        problem = folder_problem(folder)
        if problem:
            print(f"sherwood-tui: the saves folder {problem}", file=sys.stderr)
            return 2
    if args.command == "host":
        return host_table(args, folder)
    if args.command == "saves":
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
    return run_app(folder, resume_path, args.bot_delay)


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
    from sherwood_tui.simulate import parse_options
    from sherwood_tui.table.host import TableHost

    own_data = tuple(absolute_data_item(item) for item in getattr(args, "own_data", None) or ())
    delay = getattr(args, "bot_delay", 0.8)
    if args.resume is not None:
        return TableHost.resume(args.resume, bot_delay=delay, own_data=own_data)
    info = catalog.get(args.game)
    game = info.load()
    players = [Player(name=name, bot=level) for name, level in args.player]
    game.check_players(players)
    session = Session(game, players, parse_options(args.option or [], game), args.seed)
    return TableHost(session, new_save_path(info.id, folder), bot_delay=delay, own_data=own_data)


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


def open_replay(path: Path) -> int:
    """`replay FILE`: the viewer of a save, read as `resume` reads it (a bad file: one
    line, status 2), without its lock; the file is never written."""
    from sherwood_tui.core.errors import SaveError
    from sherwood_tui.workbench.replay import Replay

    try:
        steps = Replay.open(path)
    except SaveError as err:
        print(f"sherwood-tui: {err}", file=sys.stderr)
        return 2
    missing = missing_terminal()
    if missing:
        print(f"sherwood-tui: needs a terminal: {missing} is not a terminal", file=sys.stderr)
        return 2
    from sherwood_tui.ui.replay import run_replay

    return run_replay(steps)


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
    if app.unsaved_note:  # moves the player chose to leave unsaved: say so, status 3
        from sherwood_tui.ui.lifecycle import EXIT_UNSAVED, say

        say(f"sherwood-tui: {app.unsaved_note}")
        return app.return_code or EXIT_UNSAVED
    return app.return_code or 0
