"""Where the app keeps its files (cheap to import: no pydantic)."""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    """Where saves live: $SHERWOOD_TUI_DATA, else the user's data directory."""
    override = os.environ.get("SHERWOOD_TUI_DATA")
    if override:
        return Path(override)
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "sherwood-tui"


def saves_dir() -> Path:
    return data_dir() / "saves"
