"""The games' component data files (`assets/*.json`), built in or the player's own.

They live in the project's top-level `assets/` folder and ship inside the installed
package as `sherwood_tui.assets` (pyproject.toml maps the folder there), so an install
from a wheel or by pipx finds them as well as a checkout does.

A playtester may play on an edited copy (`--assets FILE`): `use_asset_file` makes this
process read that file instead of the built-in one. It must be called before the game's
rules load (they read their data once, as they are imported); a simulator's worker
processes call it as they start. `asset_digest` names the data a game was played on (a
save keeps it, and resumes only on the same data).
"""

from __future__ import annotations

import hashlib
import json
from importlib import resources
from pathlib import Path
from typing import Any

from sherwood_tui.core.wording import printable

CHECKOUT = Path(__file__).resolve().parents[2] / "assets"  # running from the source tree

_CHOSEN: dict[str, Path] = {}  # data file name -> the player's own file read instead
_DIGESTS: dict[str, str] = {}


class AssetError(ValueError):
    """A data file that cannot be used: one line naming the file, the field and the problem."""


def use_asset_file(name: str, path: Path | None) -> None:
    """From now on in this process, read the data file `name` from `path` (None: the
    built-in one again). Call it before the game's rules are imported."""
    if path is None:
        _CHOSEN.pop(name, None)
    else:
        _CHOSEN[name] = Path(path)
    _DIGESTS.pop(name, None)


def chosen_file(name: str) -> Path | None:
    """The player's own file read for `name` in this process, or None (built in)."""
    return _CHOSEN.get(name)


def asset_digest(name: str) -> str:
    """A short fingerprint of the data `name` is read from in this process (the same
    text, the same fingerprint)."""
    digest = _DIGESTS.get(name)
    if digest is None:
        digest = _DIGESTS[name] = hashlib.sha256(asset_text(name).encode("utf-8")).hexdigest()[:16]
    return digest


def asset_data(name: str) -> Any:
    """The parsed JSON of one data file; its texts (names, favours, card texts) keep no
    control characters, whoever wrote the file."""
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
    """The text of one data file: the player's own (`use_asset_file`), else the built-in
    one from the installed package or else the checkout."""
    own = _CHOSEN.get(name)
    if own is not None:
        return own.read_text(encoding="utf-8")
    try:
        folder = resources.files("sherwood_tui.assets")
    except ModuleNotFoundError:
        folder = CHECKOUT
    return folder.joinpath(name).read_text(encoding="utf-8")
