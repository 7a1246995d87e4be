"""The games' component data files (`assets/*.json`).

They live in the project's top-level `assets/` folder and ship inside the installed
package as `sherwood_tui.assets` (pyproject.toml maps the folder there), so an install
from a wheel or by pipx finds them as well as a checkout does.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

from sherwood_tui.core.wording import printable

CHECKOUT = Path(__file__).resolve().parents[2] / "assets"  # running from the source tree


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
    """The text of one data file, from the installed package or else the checkout."""
    try:
        folder = resources.files("sherwood_tui.assets")
    except ModuleNotFoundError:
        folder = CHECKOUT
    return folder.joinpath(name).read_text(encoding="utf-8")
