"""Save files: the seed, the options and the action list, written atomically.

A save is validated JSON; loading replays every action through the rules, so a
hand-edited file that cheats fails like a damaged one: with one line, never a traceback.
"""

from __future__ import annotations

import json
import os
import tempfile
import uuid
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from sherwood_tui.core.contract import Player
from sherwood_tui.core.errors import RuleError, SaveError
from sherwood_tui.core.paths import data_dir, saves_dir  # noqa: F401 - re-exported
from sherwood_tui.core.session import Session

FORMAT_VERSION = 2  # 2 added `undo` (what may still be taken back); 1 is still read


class UndoRecord(BaseModel):
    """The undo limit of a save (`HandOff.memo`): actions below `floor` are final."""

    model_config = ConfigDict(extra="forbid")

    floor: int = Field(ge=0)
    why: str = Field(default="", max_length=200)


class SaveRecord(BaseModel):
    """The JSON of one save file."""

    model_config = ConfigDict(extra="forbid")

    format: str = "sherwood-tui-save"
    version: int = FORMAT_VERSION
    game: str
    players: list[Player]
    options: dict[str, bool]
    seed: int
    actions: list[dict[str, Any]]
    saved_at: str
    round_label: str = ""
    finished: bool = False
    undo: UndoRecord | None = None


class SaveSummary(BaseModel):
    """One line of the Continue list."""

    path: Path
    game: str
    title: str
    players: list[str]
    round_label: str
    saved_at: str
    finished: bool


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
    )


def new_save_path(game_id: str, folder: Path | None = None) -> Path:
    """A fresh file name for a new game's autosave."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return (folder or saves_dir()) / f"{game_id}-{stamp}-{uuid.uuid4().hex[:6]}.json"


def write_save(session: Session, path: Path) -> None:
    """Write atomically: a temporary file in the same folder, then a rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = record_of(session).model_dump_json(indent=1)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
    try:
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
    name = path.name
    try:
        raw = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise SaveError(f"{name}: cannot be read ({err.__class__.__name__})") from None
    try:
        data = json.loads(raw)
    except ValueError:
        raise SaveError(f"{name}: damaged (not valid JSON)") from None
    if not isinstance(data, dict) or data.get("format") != "sherwood-tui-save":
        raise SaveError(f"{name}: not a sherwood-tui save") from None
    version = data.get("version")
    if isinstance(version, int) and version > FORMAT_VERSION:
        raise SaveError(f"{name}: made by a newer sherwood-tui (format {version})") from None
    try:
        return SaveRecord.model_validate(data)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "file"
        raise SaveError(f"{name}: damaged ({where}: {first['msg']})") from None


def load_session(path: Path) -> Session:
    """Rebuild the game of a save file, or SaveError with one line."""
    from sherwood_tui import catalog

    record = read_record(path)
    try:
        info = catalog.get(record.game)
    except ValueError:
        raise SaveError(f"{path.name}: unknown game {record.game!r}") from None
    game = info.load()
    try:
        actions = [game.parse_action(a) for a in record.actions]
    except ValidationError as err:
        first = err.errors()[0]
        raise SaveError(f"{path.name}: damaged action ({first['msg']})") from None
    try:
        session = Session.replay(game, record.players, record.options, record.seed, actions)
        session.handoff.restore(record.undo.model_dump() if record.undo else None)
        return session
    except RuleError as err:
        raise SaveError(f"{path.name}: {err}") from None
    except Exception as err:  # a record that passes validation yet breaks the rules
        raise SaveError(f"{path.name}: damaged ({err.__class__.__name__})") from None


def list_saves(folder: Path | None = None) -> tuple[list[SaveSummary], list[str]]:
    """Readable saves, newest first, and one line per file that could not be read."""
    from sherwood_tui import catalog

    folder = folder or saves_dir()
    summaries: list[SaveSummary] = []
    problems: list[str] = []
    if not folder.is_dir():
        return summaries, problems
    for path in sorted(folder.glob("*.json")):
        if path.name.startswith("."):  # a write cut short (the app was killed): not a save
            continue
        try:
            record = read_record(path)
            title = catalog.get(record.game).title
        except SaveError as err:
            problems.append(str(err))
            continue
        except ValueError:
            problems.append(f"{path.name}: unknown game {record.game!r}")
            continue
        summaries.append(
            SaveSummary(
                path=path, game=record.game, title=title,
                players=[p.name for p in record.players], round_label=record.round_label,
                saved_at=record.saved_at, finished=record.finished,
            )
        )
    summaries.sort(key=lambda s: s.saved_at, reverse=True)
    return summaries, problems
