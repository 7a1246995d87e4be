"""The command line's parser: every value is checked as it is parsed, and a bad one gets
one line on stderr naming it (`sherwood-tui simulate: argument --jobs: must be from 1 to
8 (4 per core), not '10000'`) and exit status 2, never a traceback. Nothing here imports
a command: each command's module loads when it runs (`commands/__init__.py`)."""

from __future__ import annotations

import argparse
import math
import os
import re
import stat
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from sherwood_tui.core.levels import MAX_PLAYOUTS

if TYPE_CHECKING:
    from sherwood_tui.catalog import GameInfo
from sherwood_tui.core.limits import JOBS_PER_CORE, MAX_GAMES, MAX_SEED, cores, max_jobs

MAX_BOT_DELAY = 10.0  # seconds a bot's turn may stay on screen
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


def salts(text: str) -> list[int]:
    """An argparse `type`: `--salt N`, or `N1,N2,...` (one per side), each a whole number."""
    one = whole_number(0, MAX_SEED)
    return [one(part) for part in text.split(",")]


def interval_width(text: str) -> float:
    """An argparse `type`: `--until-ci WIDTH`, a width above 0 (not inf, not NaN)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value < math.inf:  # NaN fails both comparisons
        raise argparse.ArgumentTypeError(f"must be a width above 0 (points, or the measure's units), not {shown(text)}")
    return value


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


def players_problem(info: GameInfo, players: int) -> str | None:
    """One line when `players` cannot play the game, else None."""
    if info.min_players <= players <= info.max_players:
        return None
    return f"{info.title} takes {info.min_players} to {info.max_players} players, not {players}"


def playable_game(game_id: str, players: int) -> GameInfo | str:
    """The game named `game_id`, or one line saying why it cannot be played by `players`."""
    from sherwood_tui import catalog

    try:
        info = catalog.get(game_id)
    except ValueError as err:
        return str(err)
    return players_problem(info, players) or info


def records_problem(path: Path | None) -> str | None:
    """One line when the records file `path` (if any) cannot take a run, else None."""
    if path is None:
        return None
    from sherwood_tui.workbench.records import file_problem

    problem = file_problem(path)
    return f"--records: {problem}" if problem else None


def jobs_problem(args: argparse.Namespace) -> str | None:
    """Why `simulate`'s or `tournament`'s `--jobs` cannot be given, or None: with
    `--scheduler` the cluster's worker threads play, not processes of this machine, so
    `--jobs` is refused rather than ignored."""
    if getattr(args, "scheduler", None) is not None and args.jobs is not None:
        return ("--jobs and --scheduler do not go together (on a cluster its workers' threads play: "
                "dask worker --nthreads N)")
    return None


def local_jobs(args: argparse.Namespace) -> int:
    """`simulate`'s or `tournament`'s `--jobs`, or its default: one process per core."""
    jobs: int = cores() if args.jobs is None else args.jobs
    return jobs


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
    budget = whole_number(1, MAX_PLAYOUTS)
    budget_help = "playouts a decision (default: the game's own, which `make bench` measures; expert:N sets one seat's)"
    parser.add_argument("--playouts", type=budget, metavar="N",
                        help="the budget of every plain `Bot: expert` seat and of a hint (h): " + budget_help)
    parser.add_argument("--no-hints", action="store_true",
                        help="no hints: the h key does nothing (e.g. a game for a prize)")
    own_data_help = ("play on your own copy of a game's data file (`sherwood-tui assets GAME --export` "
                     "makes one); GAME= says which game it is for; repeatable")
    parser.add_argument("--assets", action="append", dest="own_data", metavar="[GAME=]FILE", help=own_data_help)
    parser.add_argument("--version", action=ShowVersion)
    parser.add_argument("--completion", action=ShowCompletion, choices=SHELLS, metavar="SHELL",
                        help=f"print the tab completion script of this shell ({', '.join(SHELLS)}) and exit")
    # COMMAND: the list below names the commands, never `seat` (the host's own, unlisted)
    sub = parser.add_subparsers(dest="command", parser_class=OneLineParser, metavar="COMMAND")
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
    for command in (play, resume):  # `--playouts N` and `--no-hints` after the command too
        command.add_argument("--playouts", type=budget, metavar="N", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
        command.add_argument("--no-hints", action="store_true", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    jobs_help = f"processes to spread the games over (default: one per core; at most {JOBS_PER_CORE} per core)"
    sim = sub.add_parser("simulate", help="play bot games headlessly and print a table")
    sim.add_argument("game", help="bleeding-sherwood, sheriff or sherwood")
    sim.add_argument("--players", type=players, default=4)
    sim.add_argument("--games", type=games, default=100,
                     help=f"games to play (1 to {MAX_GAMES:,}); with --until-ci, the most to play")
    sim.add_argument("--seed", type=seed, default=1, help="the first game's seed (game i: seed + i)")
    sim.add_argument("--bots", help="a level for all seats, or one per seat: sensible,random,...")
    sim.add_argument("--salt", type=salts, metavar="N[,N,...]",
                     help="mix the games' seeds with N: other games from the same data; one per side "
                          "(N1,N2,...): each side its own games, compared unpaired (the A/A check)")
    sim.add_argument("--until-ci", type=interval_width, metavar="WIDTH",
                     help="a comparison or sweep plays on in chunks until every difference's 95%% interval is "
                          "narrower than WIDTH (win rates in points, others in their units); --games is the cap")
    sim.add_argument("--playouts", type=budget, metavar="N", default=argparse.SUPPRESS,
                     help="the budget of every plain `expert` seat: " + budget_help)
    sim.add_argument("--option", action="append", help="a variant: KEY or KEY=yes/no (repeatable); all: every combination")
    sim.add_argument("--json", action="store_true", help="print the results as JSON")
    cluster_jobs_help = jobs_help + "; not with --scheduler, where the cluster's worker threads play"
    sim.add_argument("--jobs", type=jobs_count, help=cluster_jobs_help + "; in a comparison, per side")
    sim.add_argument("--assets", metavar="FILE", help="play on your own copy of the game's data file")
    sim.add_argument("--compare", nargs="+", metavar="FILE",
                     help="A.json B.json: both on the same seeds, side by side (one file: the built-in data "
                          "against it; three or more: each against the first)")
    sim.add_argument("--restrict", metavar="NAME",
                     help="what a strategy is worth: one seat's bot (going round the table) kept from it, "
                          "among unrestricted ones of the same --bots level (the game's restrictions: docs/designers/comparisons.md)")
    sim.add_argument("--sweep", action="append", metavar="FIELD=V1,V2,...",
                     help="play the data with FIELD (as `assets GAME --schema` names it) at each value, each "
                          "against the first (repeatable: a grid)")
    sim.add_argument("--csv", action="store_true", help="print one row per measure: measure,a,b,diff,low,high,beyond_noise")
    sim.add_argument("--report", type=Path, metavar="FILE.html",
                     help="also write the tables and charts as one HTML file (needs the report extra)")
    sim.add_argument("--records", type=Path, metavar="FILE.sqlite",
                     help="also write every game to this SQLite file (runs are added to it; schema: docs/designers/records.md)")
    sim.add_argument("--keep", type=whole_number(1, 100), metavar="N",
                     help="save the N most unusual games (per side) as save files, for `replay`")
    sim.add_argument("--keep-dir", type=saves_folder, metavar="DIR",
                     help="where --keep saves them (default: the folder 'kept' beside the saves)")
    scheduler_help = ("play the games on this Dask cluster's workers, not in local processes "
                      "(needs the cluster extra: pip install -e '.[cluster]' in the sherwood-tui checkout)")
    sim.add_argument("--scheduler", type=scheduler_address, metavar="tcp://HOST:PORT", help=scheduler_help)
    tour = sub.add_parser("tournament", help="play bot levels against one another at every seating and rate them")
    tour.add_argument("game", help="bleeding-sherwood, sheriff or sherwood")
    tour.add_argument("--bots", required=True, metavar="L1,L2,...",
                      help="the levels, two or more, each once: random,sensible,expert:400,...")
    tour.add_argument("--players", type=players, help="seats at the table (default: one per level)")
    tour.add_argument("--games", type=games, default=100,
                      help=f"games to play (1 to {MAX_GAMES:,}), rounded up to a multiple of the seatings")
    tour.add_argument("--seed", type=seed, default=1, help="the first game's seed (game i: seed + i)")
    tour.add_argument("--playouts", type=budget, metavar="N", default=argparse.SUPPRESS,
                      help="the budget of every plain `expert`: " + budget_help)
    tour.add_argument("--option", action="append", help="a variant: KEY or KEY=yes/no (repeatable)")
    tour.add_argument("--jobs", type=jobs_count, help=cluster_jobs_help)
    tour.add_argument("--assets", metavar="FILE", help="play on your own copy of the game's data file")
    tour.add_argument("--json", action="store_true", help="print the ratings, head to head and win rates as JSON")
    tour.add_argument("--report", type=Path, metavar="FILE.html",
                      help="also write the ratings and win rates as charts, and the tables, in one HTML file (needs the report extra)")
    tour.add_argument("--records", type=Path, metavar="FILE.sqlite",
                      help="also write every game to this SQLite file (a variant per seating; schema: docs/designers/records.md)")
    tour.add_argument("--scheduler", type=scheduler_address, metavar="tcp://HOST:PORT", help=scheduler_help)
    analyse = sub.add_parser("analyse", help="what each card, companion or mission is worth, from a run's --records")
    analyse.add_argument("records", type=Path, metavar="RECORDS", help="a records file (simulate or tournament --records)")
    analyse.add_argument("--run", type=whole_number(1, 999_999_999), metavar="N", help="the run to analyse (default: the latest)")
    analyse.add_argument("--game", help="the latest run of this game (bleeding-sherwood, sheriff or sherwood)")
    analyse.add_argument("--kind", action="append", metavar="KIND",
                         help="an event kind to ask about (repeatable; default: the game's kinds of a thing taken, "
                              "gained or won; the kinds: docs/designers/records.md)")
    analyse.add_argument("--json", action="store_true", help="print the figures as JSON")
    tune = sub.add_parser("tune", help="search a game's data fields for the values closest to a target (needs the tune extra)")
    tune.add_argument("game", help="bleeding-sherwood, sheriff or sherwood")
    tune.add_argument("--field", action="append", required=True, metavar="PATH=LOW..HIGH",
                      help="a field (as `assets GAME --schema` names it) and its whole-number range (repeatable)")
    tune.add_argument("--target", required=True, metavar="balance|length=N|margin=N",
                      help="balance: the seats' win rates closest to the fair share; length=N: mean rounds; "
                           "margin=N: the winner's mean margin")
    tune.add_argument("--budget", type=games, required=True, metavar="GAMES", help="games to play in all")
    tune.add_argument("--games-each", type=games, metavar="N",
                      help="games an evaluation plays, every one on the same seeds (default: the budget / 20, at least 10)")
    tune.add_argument("--players", type=players, default=4)
    tune.add_argument("--bots", help="a level for all seats, or one per seat (not with --target balance)")
    tune.add_argument("--seed", type=seed, default=1, help="the first game's seed, and the optimiser's")
    tune.add_argument("--option", action="append", help="a variant: KEY or KEY=yes/no (repeatable)")
    tune.add_argument("--assets", metavar="FILE", help="start from your own copy of the game's data file")
    tune.add_argument("--jobs", type=jobs_count, help="processes per evaluation (default 1; 4 evaluations play at once)")
    tune.add_argument("--scheduler", type=scheduler_address, metavar="tcp://HOST:PORT", help=scheduler_help)
    tune.add_argument("--records", type=Path, metavar="FILE.sqlite",
                      help="also write every evaluation and its games to this SQLite file (docs/designers/records.md)")
    tune.add_argument("--json", action="store_true", help="print the evaluations, the best and its comparison as JSON")
    soak = sub.add_parser("soak", help="play many random-bot games, checking every rule invariant")
    soak.add_argument("game", nargs="?", help="bleeding-sherwood, sheriff or sherwood (default: all three)")
    soak.add_argument("--games", type=games, default=2000, help=f"games per game (default 2000, at most {MAX_GAMES:,})")
    soak.add_argument("--seed", type=seed, default=1)
    soak.add_argument("--players", type=players, help="only this player count (default: every count)")
    soak.add_argument("--option", action="append", help="fix a variant: KEY=yes/no (default: every combination)")
    soak.add_argument("--jobs", type=jobs_count, default=cores(), help=jobs_help)
    soak.add_argument("--bots", help="a level for all seats (default random), or one per seat with --players: "
                                     "random,expert:50,...")
    soak.add_argument("--playouts", type=budget, metavar="N", default=argparse.SUPPRESS,
                      help="the budget of every plain `expert` seat: " + budget_help)
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
    host.add_argument("--no-hints", action="store_true",
                      help="the seats' h key shows no hint (the expert's choice) at this table")
    host.add_argument("--no-bell", action="store_true",
                      help="a seat's terminal does not ring its bell (nor take the title) when it must decide")
    host.add_argument("--listen", type=listen_address, default="127.0.0.1",
                      help="the address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: every network)")
    host.add_argument("--quiet", action="store_true", help="no host screen: print the join instructions and who comes and goes")
    host.add_argument("--bot-delay", type=bot_delay, default=argparse.SUPPRESS, metavar="SECONDS",
                      help=f"seconds before each bot move (0 to {MAX_BOT_DELAY:g}; default 0.8)")
    host.add_argument("--saves", type=saves_folder, metavar="DIR", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    host.add_argument("--assets", action="append", dest="own_data", metavar="[GAME=]FILE",
                      default=argparse.SUPPRESS, help=own_data_help)
    serve = sub.add_parser("serve", help="a server of many tables with a lobby: players come in over SSH")
    serve.add_argument("--dir", type=saves_folder, metavar="DIR",
                       help="the server's folder: its tables, saves and players (default: 'server' in the data folder)")
    serve.add_argument("--ssh-port", type=port, default=2222, help="the SSH server's port (default 2222)")
    serve.add_argument("--web-port", type=port, metavar="PORT",
                       help="a browser door on this port: each player's own link, from the lobby (default: none)")
    serve.add_argument("--listen", type=listen_address, default="127.0.0.1",
                       help="the address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: every network)")
    serve.add_argument("--open", action="store_true",
                       help="any SSH key comes into the lobby (default: a new key types the server's code once)")
    serve.add_argument("--no-hints", action="store_true", help="the seats' h key shows no hint at this server's tables")
    serve.add_argument("--no-bell", action="store_true",
                       help="a new player's your-turn bell and title start off (each turns theirs on or off in the lobby)")
    serve.add_argument("--bot-delay", type=bot_delay, default=argparse.SUPPRESS, metavar="SECONDS",
                       help=f"seconds before each bot move (0 to {MAX_BOT_DELAY:g}; default 0.8)")
    seat = sub.add_parser("seat")  # started by a table's host for each terminal: no help, so not listed
    seat.add_argument("--socket", type=Path, required=True, help="the host's socket")
    seat.add_argument("--ticket", required=True, help="the one-time ticket the host issued")
    seat.add_argument("--lobby", type=Path, help="a server's lobby socket: the seat goes back there")
    seat.add_argument("--back", help="this key's pass back to the lobby")
    seat.add_argument("--browser", action="store_true", help="a server's seat in a browser: it talks, and only ends")
    lobby = sub.add_parser("lobby")  # started by a server's SSH door for each player: not listed
    lobby.add_argument("--socket", type=Path, required=True, help="the server's lobby socket")
    lobby.add_argument("--ticket", required=True, help="the one-time ticket the server issued")
    lobby.add_argument("--browser", action="store_true", help="in a browser: a table opens in a page of its own")
    seat.add_argument("--assets", action="append", dest="own_data", metavar="[GAME=]FILE",
                      default=argparse.SUPPRESS, help=own_data_help)
    return parser


class ShowVersion(argparse.Action):
    """`--version`: prints `sherwood-tui VERSION` and exits (the version is looked up
    only then)."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str = "print the version and exit") -> None:
        super().__init__(option_strings, dest, nargs=0, default=default, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        print(f"sherwood-tui {version()}")
        parser.exit(0)


SHELLS = ("bash", "zsh", "fish")


class ShowCompletion(argparse.Action):
    """`--completion SHELL`: prints the shell's tab completion script and exits. shtab
    writes it from this very parser (a small pure-Python library, imported only here), so
    the script never lags behind a command or an option."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        print(completion_script(parser, str(values)), end="")
        parser.exit(0)


def completion_script(parser: argparse.ArgumentParser, shell: str) -> str:
    """The tab completion script of `parser` for `shell`: a game's name where a command
    takes one, files and folders where an option takes them."""
    import shtab

    from sherwood_tui.catalog import GAMES

    for action in _all_actions(parser):
        if action.dest == "game":  # checked by the catalog, not by argparse: named for completion only
            action.choices = [game.id for game in GAMES]
        elif action.type is saves_folder:
            action.complete = shtab.DIRECTORY  # type: ignore[attr-defined]
        elif action.type in (save_file, Path) or "FILE" in str(action.metavar or ""):
            action.complete = shtab.FILE  # type: ignore[attr-defined]
    script: str = shtab.complete(parser, shell)
    return script if script.endswith("\n") else script + "\n"


def _all_actions(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """Every option and argument of `parser` and of its commands."""
    found = []
    for action in parser._actions:
        found.append(action)
        if isinstance(action, argparse._SubParsersAction):
            for command in dict.fromkeys(action.choices.values()):
                found.extend(_all_actions(command))
    return found


def version() -> str:
    """This sherwood-tui's version: as installed (its metadata), else the package's own."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("sherwood-tui")
    except PackageNotFoundError:  # run from a checkout that was never installed
        from sherwood_tui import __version__

        return __version__


def seat_player(text: str) -> tuple[str, str | None]:
    """An argparse `type`: `NAME` (a player) or `NAME:LEVEL` (a bot) as (name, level)."""
    from sherwood_tui.core.contract import name_problem
    from sherwood_tui.core.levels import level_problem

    name, colon, level = text.partition(":")
    if not colon:
        name, level = text, ""
    elif level_problem(level):
        raise argparse.ArgumentTypeError(str(level_problem(level)))
    if not name.strip():
        raise argparse.ArgumentTypeError(f"a seat needs a name, not {shown(text)}")
    if name_problem(name):
        raise argparse.ArgumentTypeError(f"{name_problem(name)}: {shown(name.strip(), 30)}")
    return name.strip(), level or None


def scheduler_address(text: str) -> str:
    """An argparse `type`: a Dask scheduler's address, `tcp://HOST:PORT` (or another of
    Dask's protocols, or plain `HOST:PORT`); whether it answers is found when the run
    starts."""
    if re.fullmatch(r"(?:[a-z][a-z0-9+.-]*://)?[^\s/:]+(?::[^\s/:]*)*:\d{1,5}", text) is None:
        raise argparse.ArgumentTypeError(f"not a scheduler's address (tcp://HOST:PORT): {shown(text)}")
    if int(text.rpartition(":")[2]) > 65535:
        raise argparse.ArgumentTypeError(f"a port is from 0 to 65535: {shown(text)}")
    return text


def listen_address(text: str) -> str:
    """An argparse `type`: an IP address to listen on, or "localhost"."""
    import ipaddress

    if text != "localhost":
        try:
            ipaddress.ip_address(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not an IP address: {shown(text)}") from None
    return text
