"""The games' component data files (`assets/*.json`), built in or the player's own.

They live in the project's top-level `assets/` folder and ship inside the installed
package as `sherwood_tui.assets` (pyproject.toml maps the folder there), so an install
from a wheel or by pipx finds them as well as a checkout does.

A playtester may play on an edited copy (`--assets FILE`): `use_asset_file` makes this
process read that file instead of the built-in one. It must be called before the game's
rules load (they read their data once, as they are imported); a simulator's worker
processes call it as they start. `asset_digest` names the data a game was played on (a
save keeps it, and resumes only on the same data).

`check_asset_file(plugin, path)` checks a player's file before anything runs: read
safely (a regular file of at most MAX_ASSET_BYTES), parsed as JSON and validated by the
game's schema (`GamePlugin.schema`: its `schema.py`), or AssetError with one line, e.g.
`my-deck.json: peasants[3].value: must be a whole number`. The schemas build on
`DataModel` and the field types of `core/schema.py`, so every game's file is checked the
same way. Cheap to import (the picker asks `own_file_name`): pydantic, json and hashlib
load when a file is first checked, read or fingerprinted.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from sherwood_tui.core.wording import printable

if TYPE_CHECKING:
    from sherwood_tui.core.plugin import GamePlugin

CHECKOUT = Path(__file__).resolve().parents[2] / "assets"  # running from the source tree
MAX_ASSET_BYTES = 2 * 2**20  # the largest built-in file is about 20 kB

_CHOSEN: dict[str, Path] = {}  # data file name -> the player's own file read instead
_TEXTS: dict[str, str] = {}  # data file name -> its text, read once a process
_DIGESTS: dict[str, str] = {}


class AssetError(ValueError):
    """A data file that cannot be used: one line naming the file, the field and the problem."""


def use_asset_file(name: str, path: Path | None, text: str | None = None) -> None:
    """From now on in this process, read the data file `name` from `path` (None: the
    built-in one again). Call it before the game's rules are imported. `text`: the text
    of `path` already read (and checked: `check_asset_file` returns it), so the game
    plays on exactly what was checked."""
    if path is None:
        _CHOSEN.pop(name, None)
    else:
        _CHOSEN[name] = Path(path)
    _TEXTS.pop(name, None)
    _DIGESTS.pop(name, None)
    if path is not None and text is not None:
        _TEXTS[name] = text


def chosen_file(name: str) -> Path | None:
    """The player's own file read for `name` in this process, or None (built in)."""
    return _CHOSEN.get(name)


def own_file_name(name: str) -> str | None:
    """The name (printable, without its folder) of the player's own file read for the
    data file `name`, or None (built in): what screens and saves show."""
    own = _CHOSEN.get(name)
    return None if own is None else printable(own.name)


def assets_in_use() -> tuple[tuple[str, str], ...]:
    """Every data file read from a player's own file in this process, and that file."""
    return tuple(sorted((name, str(path)) for name, path in _CHOSEN.items()))


def asset_digest(name: str) -> str:
    """A short fingerprint of the data `name` is read from in this process (the same
    text, the same fingerprint)."""
    digest = _DIGESTS.get(name)
    if digest is None:
        import hashlib

        digest = _DIGESTS[name] = hashlib.sha256(asset_text(name).encode("utf-8")).hexdigest()[:16]
    return digest


def asset_data(name: str) -> Any:
    """The parsed JSON of one data file; its texts (names, favours, card texts) keep no
    control characters, whoever wrote the file."""
    import json

    return _printable(json.loads(asset_text(name)))


def _printable(value: Any) -> Any:
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, list):
        return [_printable(item) for item in value]
    if isinstance(value, dict):
        return {printable(key): _printable(item) for key, item in value.items()}
    return value


def asset_text(name: str) -> str:
    """The text of one data file (read once a process): the player's own
    (`use_asset_file`), else the built-in one from the installed package or else the
    checkout."""
    text = _TEXTS.get(name)
    if text is None:
        own = _CHOSEN.get(name)
        text = _TEXTS[name] = builtin_text(name) if own is None else read_asset_file(own)[0]
    return text


def builtin_text(name: str) -> str:
    """The text of the built-in data file `name` (what `assets GAME --export` writes)."""
    from importlib import resources

    try:
        folder = resources.files("sherwood_tui.assets")
    except ModuleNotFoundError:
        folder = CHECKOUT
    return folder.joinpath(name).read_text(encoding="utf-8")


# ----- checking a player's own file ---------------------------------------------------


def check_asset_file(plugin: GamePlugin, path: Path) -> str:
    """The text of `path` if the game of `plugin` can play on it, else AssetError with
    one line: `FILE: where: problem` (and how many more problems there are). Nothing
    but the file is read; nothing runs."""
    text, data = read_asset_file(path)
    check_asset_data(plugin, data, shown_path(path))
    return text


def check_asset_data(plugin: GamePlugin, data: Any, name: str = "") -> None:
    """AssetError with one line naming the file `name` (default: the game's data file)
    unless the game of `plugin` can play on this parsed data (a game's data.py checks
    what it reads this way)."""
    from sherwood_tui.core.schema import asset_problems

    problems = asset_problems(plugin, data)
    if problems:
        raise AssetError(f"{name or plugin.asset}: {first_problem(problems)}")


def first_problem(problems: list[str]) -> str:
    """The first of these problems, and how many more there are."""
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return problems[0] + more


def read_asset_file(path: Path) -> tuple[str, Any]:
    """The text of a data file and its parsed JSON (printable), or AssetError with one
    line: a FIFO, a device or a huge file is refused unread."""
    from sherwood_tui.core.errors import SaveError
    from sherwood_tui.core.saves import JsonProblem, decode_json, read_small_file

    name = shown_path(path)
    try:
        raw = read_small_file(path, name, MAX_ASSET_BYTES, "a data file")
    except SaveError as err:
        raise AssetError(str(err)) from None
    try:
        text, data = decode_json(raw)
    except JsonProblem as problem:
        raise AssetError(f"{name}: {problem}") from None
    return text, _printable(data)


def field_path(loc: tuple[int | str, ...]) -> str:
    """`("peasants", 3, "value")` as `peasants[3].value`."""
    path = ""
    for part in loc:
        path += f"[{part}]" if isinstance(part, int) else f".{part}" if path else str(part)
    return path


def shown_path(path: Path) -> str:
    """A file's name as the player gave it, printable (for one-line messages)."""
    return printable(str(path))
