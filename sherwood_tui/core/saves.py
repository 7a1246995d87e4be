"""Save files: the seed, the options and the action list, written atomically.

A save is validated JSON; loading replays every action through the rules, so a
hand-edited file that cheats fails like a damaged one: with one line, never a traceback.
"""

from __future__ import annotations

import json
import os
import re
import stat
import tempfile
import uuid
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from sherwood_tui.core.assets import AssetError, asset_digest, assets_in_use, chosen_file, own_file_name
from sherwood_tui.core.contract import Player
from sherwood_tui.core.errors import RuleError, SaveError
from sherwood_tui.core.paths import data_dir, saves_dir  # noqa: F401 - re-exported
from sherwood_tui.core.plugin import find
from sherwood_tui.core.session import Session
from sherwood_tui.core.wording import printable

# 4: moves are the rules core v3's small exact moves (a bag card by card); 3 added
# `assets` (the game data played on), 2 `undo`. 1 to 3 are still read: their moves are
# upgraded (`Game.upgrade_action`) as they are replayed.
FORMAT_VERSION = 4
KNOWN_VERSIONS = (1, 2, 3, 4)
MAX_SAVE_BYTES = 8 * 2**20  # a long game's save is a few hundred kilobytes
MAX_NESTING = 32  # a save nests five deep; a hostile file can nest thousands deep
MAX_SEED = 2**62 - 1  # the seeds the app draws (the command line's --seed range)
MAX_ACTIONS = 200_000


class UndoRecord(BaseModel):
    """The undo limit of a save (`HandOff.memo`): actions below `floor` are final."""

    model_config = ConfigDict(extra="forbid")

    floor: int = Field(ge=0)
    why: str = Field(default="", max_length=200)

    @field_validator("why")
    @classmethod
    def _printable(cls, text: str) -> str:
        return printable(text)


class AssetRecord(BaseModel):
    """The game data a save was played on: its fingerprint (`asset_digest`), and the
    name of the player's own file (None: the built-in data)."""

    model_config = ConfigDict(extra="forbid")

    digest: str = Field(pattern=r"^[0-9a-f]{16}$")
    file: str | None = Field(default=None, max_length=255)

    @field_validator("file")
    @classmethod
    def _printable(cls, text: str | None) -> str | None:
        return None if text is None else printable(text)


class SaveRecord(BaseModel):
    """The JSON of one save file."""

    model_config = ConfigDict(extra="forbid")

    format: str = "sherwood-tui-save"
    version: Literal[1, 2, 3, 4] = 4  # one of KNOWN_VERSIONS; new saves are FORMAT_VERSION
    game: str = Field(max_length=100)
    players: list[Player] = Field(min_length=1, max_length=12)
    options: dict[str, bool] = Field(max_length=50)
    seed: int = Field(ge=0, le=MAX_SEED)
    actions: list[dict[str, Any]] = Field(max_length=MAX_ACTIONS)
    saved_at: str = Field(max_length=40)
    round_label: str = Field(default="", max_length=200)
    finished: bool = False
    undo: UndoRecord | None = None
    assets: AssetRecord | None = None  # None in saves before version 3: the built-in data

    @field_validator("game", "saved_at", "round_label")
    @classmethod
    def _printable(cls, text: str) -> str:
        return printable(text)


class SaveSummary(BaseModel):
    """One line of the Continue list."""

    path: Path
    game: str
    title: str
    players: list[str]
    round_label: str
    saved_at: str
    finished: bool  # worked out by replaying the save
    options: list[str] = []  # the labels of the variants that are on ("1996 rules")
    problem: str = ""  # why the save cannot be opened (it is listed all the same)


def record_of(session: Session) -> SaveRecord:
    return SaveRecord(
        game=session.game.id,
        players=session.players,
        options=session.options,
        seed=session.seed,
        actions=[session.game.dump_action(a) for a in session.actions],
        saved_at=datetime.now().isoformat(timespec="seconds"),
        round_label=session.game.round_label(session.state),
        finished=session.is_over,
        undo=UndoRecord(**session.handoff.memo()),
        assets=asset_record(session.game.plugin.asset),
    )


def asset_record(asset: str) -> AssetRecord | None:
    """The game data in use for the data file `asset` (None: the game has none)."""
    if not asset:
        return None
    return AssetRecord(digest=asset_digest(asset), file=own_file_name(asset))


def data_problem(asset: str, played_on: AssetRecord | None, continues: tuple[str, ...] = ()) -> str | None:
    """Why a save played on `played_on` cannot go on with the data in use, or None.
    A save older than version 3 was played on the built-in data; `continues` are the
    digests of earlier built-in data that today's built-in data goes on from."""
    if played_on is None or not asset:
        return None
    try:
        if asset_digest(asset) == played_on.digest:
            return None
    except (AssetError, OSError) as err:
        return f"the game data in use cannot be read ({err})"
    if played_on.digest in continues and not played_on.file and chosen_file(asset) is None:
        return None
    if played_on.file:
        return (f"played on other game data ({played_on.file}); "
                f"start sherwood-tui with --assets {played_on.file} to continue it")
    if chosen_file(asset) is not None:
        return "played on the built-in game data; start sherwood-tui without --assets to continue it"
    return "played on another version of the built-in game data: this version cannot continue it"


def new_save_path(game_id: str, folder: Path | None = None) -> Path:
    """A fresh file name for a new game's autosave."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return (folder or saves_dir()) / f"{game_id}-{stamp}-{uuid.uuid4().hex[:6]}.json"


def write_save(session: Session, path: Path) -> None:
    """Write atomically: a temporary file in the same folder, then a rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, record_of(session).model_dump_json(indent=1))


def write_atomically(path: Path, text: str, mode: int = 0o600) -> None:
    """Write `text` to `path` through a temporary file in the same folder and a rename:
    a crash never leaves half a file. `mode`: its permissions (a save: the owner's only)."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
    try:
        if mode != 0o600:  # mkstemp's own
            os.chmod(tmp, mode)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def read_record(path: Path) -> SaveRecord:
    """The validated record of a save file, or SaveError with one line."""
    name = printable(path.name)
    raw = read_small_file(path, name)
    try:
        _, data = decode_json(raw)
    except JsonProblem as problem:
        raise SaveError(f"{name}: damaged ({problem.words})") from None
    if not isinstance(data, dict) or data.get("format") != "sherwood-tui-save":
        raise SaveError(f"{name}: not a sherwood-tui save") from None
    version = data.get("version")
    if type(version) is not int or version not in KNOWN_VERSIONS:
        if type(version) is int and version > FORMAT_VERSION:
            raise SaveError(f"{name}: made by a newer sherwood-tui (format {version})")
        shown = printable(repr(version))[:20]
        raise SaveError(f"{name}: damaged (format version {shown}; known: {', '.join(map(str, KNOWN_VERSIONS))})")
    try:
        return SaveRecord.model_validate(data)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "file"
        raise SaveError(f"{name}: damaged ({where}: {printable(str(first['msg']))})") from None


def read_small_file(path: Path, name: str, limit: int = MAX_SAVE_BYTES, what: str = "a save") -> bytes:
    """The bytes of a regular file of at most `limit` bytes, or SaveError naming it as
    `what` when it is larger: a FIFO, a device (a link to /dev/zero) or a huge file is
    never read (nor waited on)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # a FIFO opens without a writer
    except OSError as err:
        raise SaveError(f"{name}: cannot be read ({err.strerror or err.__class__.__name__})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(f"{name}: not a regular file")
        if info.st_size > limit:
            raise SaveError(f"{name}: too large for {what} ({info.st_size:,} bytes)")
        with os.fdopen(fd, "rb", closefd=False) as handle:
            raw = handle.read(limit + 1)
    except OSError as err:
        raise SaveError(f"{name}: cannot be read ({err.strerror or err.__class__.__name__})") from None
    finally:
        os.close(fd)
    if len(raw) > limit:  # it grew while being read
        raise SaveError(f"{name}: too large for {what}")
    return raw


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


class JsonProblem(ValueError):
    """What is wrong with a file's JSON, in a few words (`where`: the line and column,
    when the parser says)."""

    def __init__(self, words: str, where: str = "") -> None:
        super().__init__(words + where)
        self.words, self.where = words, where


def decode_json(raw: bytes) -> tuple[str, Any]:
    """The text of a small file (UTF-8, a byte-order mark allowed) and its parsed JSON,
    checked for nesting before parsing; JsonProblem otherwise (saves and data files)."""
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark (an editor's) is fine
    except UnicodeDecodeError:
        raise JsonProblem("not UTF-8 text") from None
    if nesting(text) > MAX_NESTING:
        raise JsonProblem(f"nested more than {MAX_NESTING} deep")
    try:
        return text, json.loads(text)
    except json.JSONDecodeError as err:
        raise JsonProblem("not valid JSON", f" (line {err.lineno}, column {err.colno})") from None
    except (ValueError, RecursionError):  # a number of thousands of digits
        raise JsonProblem("not valid JSON") from None


def nesting(text: str) -> int:
    """How deep the arrays and objects of a JSON text nest (strings aside), counted
    before parsing: the parser would recurse that deep."""
    depth = deepest = 0
    for char in _NOT_BRACKET.sub("", _STRING.sub("", text)):
        if char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        elif char in "]}":
            depth -= 1
    return deepest


def load_session(path: Path) -> Session:
    """Rebuild the game of a save file, or SaveError with one line."""
    return session_of(read_record(path), printable(path.name))


def session_of(record: SaveRecord, name: str) -> Session:
    """Replay a save's record through the rules, or SaveError with one line."""
    try:
        info = find(record.game)
    except ValueError:
        raise SaveError(f"{name}: unknown game {record.game[:40]!r}") from None
    problem = data_problem(info.asset, record.assets, info.asset_continues)
    if problem:
        raise SaveError(f"{name}: {problem}")
    game = info.load()
    undo = record.undo.model_dump() if record.undo else None
    try:
        if record.version < FORMAT_VERSION:
            actions, undo = upgraded(game, record, name, undo)
        else:
            actions = [_parsed(game, data, number, name) for number, data in enumerate(record.actions, start=1)]
        session = Session.replay(game, record.players, record.options, record.seed, actions)
        session.handoff.restore(undo)
        return session
    except SaveError:
        raise
    except RuleError as err:
        raise SaveError(f"{name}: {printable(str(err))}") from None
    except Exception as err:  # a record that passes validation yet breaks the rules
        raise SaveError(f"{name}: damaged ({err.__class__.__name__})") from None


def _parsed(game: Any, data: Any, number: int, name: str) -> Any:
    """Saved move `number` as a move of `game`, or SaveError with one line."""
    try:
        return game.parse_action(data)
    except ValidationError as err:
        first = err.errors()[0]
        raise SaveError(f"{name}: action {number} is damaged ({_why_not_a_move(first)})") from None


def upgraded(
    game: Any, record: SaveRecord, name: str, undo: dict[str, Any] | None
) -> tuple[list[Any], dict[str, Any] | None]:
    """The moves of a save of an older format, as this version's moves: each saved move
    is upgraded (`Game.upgrade_action`) from the state it was played in. The undo limit,
    which counted saved moves, is moved to the same place among the new ones."""
    state = game.start(record.players, game.check_options(record.options), record.seed)[0]
    moves: list[Any] = []
    ends = [0]  # how many new moves the first k saved moves became
    for number, data in enumerate(record.actions, start=1):
        for part in game.upgrade_action(state, data, record.version):
            move = _parsed(game, part, number, name)
            try:
                state = game.apply(state, move)[0]
            except RuleError as err:
                raise RuleError(f"action {number} is not legal: {err}") from None
            moves.append(move)
        ends.append(len(moves))
    if undo is not None:
        floor = min(max(0, int(undo.get("floor", len(record.actions)))), len(record.actions))
        undo = {**undo, "floor": ends[floor]}
    return moves, undo


def _why_not_a_move(error: Any) -> str:
    """One short line from the first validation error of a saved move."""
    if error["type"] == "union_tag_invalid":
        return f"{_tag_of(error)}: no move of that kind"
    if error["type"] == "union_tag_not_found":
        return "it names no kind of move"
    where = ".".join(str(p) for p in error["loc"][1:]) or "move"
    if error["type"] == "unexpected_keyword_argument":  # a field no move has (moves are dataclasses)
        return f"{where}: Extra inputs are not permitted"
    return f"{where}: " + " ".join(str(error["msg"]).split())


def _tag_of(error: Any) -> str:
    """The kind a saved move names (its `type`), quoted and short."""
    kind = error.get("input", {}).get("type") if isinstance(error.get("input"), dict) else None
    return repr(kind)[:40]


# (path, size, mtime, the players' own data files in use): summary or problem
_LISTED: dict[tuple[str, int, int, tuple[tuple[str, str], ...]], SaveSummary | str] = {}


def list_saves(folder: Path | None = None) -> tuple[list[SaveSummary], list[str]]:
    """The saves of `folder`, newest first, and one line per file that is not a save.

    Each save is replayed through the rules (once per version of the file: the result
    is kept by size and modification time), so a listed save is one that opens; one that
    does not is listed with its reason (`SaveSummary.problem`). Whether a game is
    finished and where it stands come from the replay, not from the file."""
    folder = folder or saves_dir()
    summaries: list[SaveSummary] = []
    problems: list[str] = []
    if not folder.is_dir():
        return summaries, problems
    for path in sorted(folder.glob("*.json")):
        if path.name.startswith("."):  # a write cut short (the app was killed): not a save
            continue
        try:
            info = path.stat()
            key = (str(path), info.st_size, info.st_mtime_ns, assets_in_use())
        except OSError as err:
            problems.append(f"{printable(path.name)}: cannot be read ({err.strerror or err.__class__.__name__})")
            continue
        listed = _LISTED.get(key)
        if listed is None:
            listed = _LISTED[key] = summarise(path)
        if isinstance(listed, str):
            problems.append(listed)
        else:
            summaries.append(listed)
    summaries.sort(key=lambda s: s.saved_at, reverse=True)
    return summaries, problems


def summarise(path: Path) -> SaveSummary | str:
    """The Continue line of one file (replayed), or the one-line reason it is no save."""
    name = printable(path.name)
    try:
        record = read_record(path)
    except SaveError as err:
        return str(err)
    try:
        info = find(record.game)
    except ValueError:
        return f"{name}: unknown game {record.game[:40]!r}"
    summary = SaveSummary(
        path=path, game=record.game, title=info.title,
        players=[p.name for p in record.players], round_label=record.round_label,
        saved_at=record.saved_at, finished=False, options=_labels(info, record.options),
    )
    try:
        session = session_of(record, name)
    except SaveError as err:
        summary.problem = str(err).removeprefix(f"{name}: ")
        return summary
    summary.finished = session.is_over
    summary.round_label = session.game.round_label(session.state)
    return summary


def _labels(info: Any, options: dict[str, bool]) -> list[str]:
    """The labels of the variants that are on, in the game's order (a key the game
    does not know is shown as it is, printable and cut short)."""
    on = [key for key, value in options.items() if value]
    if not on:
        return []
    specs = {spec.key: spec.label for spec in info.load().options}
    unknown = [printable(key)[:40] for key in on if key not in specs]
    return [specs[key] for key in specs if key in on] + unknown


def delete_save(path: Path) -> None:
    """Remove one save file (the Continue list's Delete), or SaveError with one line.
    Only a save's own file is removed: a `.json` file that is not a temporary one."""
    name = printable(path.name)
    if path.suffix != ".json" or path.name.startswith(".") or path.is_dir():
        raise SaveError(f"{name}: not a save file")
    try:
        path.unlink()
    except FileNotFoundError:
        raise SaveError(f"{name}: already gone") from None
    except OSError as err:
        why = err.strerror or err.__class__.__name__
        raise SaveError(f"{name}: cannot be deleted ({why})") from None
