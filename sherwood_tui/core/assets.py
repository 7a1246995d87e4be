"""The games' component data files (`assets/*.json`).

They live in the project's top-level `assets/` folder and ship inside the installed
package as `sherwood_tui.assets` (pyproject.toml maps the folder there), so an install
from a wheel or by pipx finds them as well as a checkout does.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parents[2] / "assets"  # running from the source tree


def asset_text(name: str) -> str:
    """The text of one data file, from the installed package or else the checkout."""
    try:
        folder = resources.files("sherwood_tui.assets")
    except ModuleNotFoundError:
        folder = CHECKOUT
    return folder.joinpath(name).read_text(encoding="utf-8")
