"""`sherwood-tui replay FILE`: step through a save forwards and backwards (only read)."""

from __future__ import annotations

import sys
from pathlib import Path

from sherwood_tui.commands.play import missing_terminal


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
