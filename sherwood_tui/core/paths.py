"""Where the app keeps its files (cheap to import: no pydantic).

The data folder is, in order: `$SHERWOOD_TUI_DATA`; `$XDG_DATA_HOME/sherwood-tui` (on
every system, for those who set it); else the system's usual place for a user's app
data, from platformdirs: `~/.local/share/sherwood-tui` on Linux and the BSDs,
`~/Library/Application Support/sherwood-tui` on macOS,
`%LOCALAPPDATA%\\sherwood-tui` on Windows.
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "sherwood-tui"


def data_dir() -> Path:
    """Where saves (and crash files) live."""
    override = os.environ.get("SHERWOOD_TUI_DATA", "")
    if override.strip():
        return Path(override)
    xdg = os.environ.get("XDG_DATA_HOME", "")
    if xdg.strip():
        return Path(xdg) / APP_NAME
    return Path(platform_data_dir())


def platform_data_dir() -> str:
    """The system's usual data folder for this app (today's Linux place when platformdirs
    is missing: it comes with Textual, but is not ours to count on)."""
    try:
        from platformdirs import user_data_dir
    except ImportError:
        return str(Path.home() / ".local" / "share" / APP_NAME)
    return user_data_dir(APP_NAME, appauthor=False, roaming=False)


def saves_dir() -> Path:
    return data_dir() / "saves"
