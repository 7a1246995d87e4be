"""Command line: `sherwood-tui` (or `python -m sherwood_tui`)."""

from __future__ import annotations

import os
import sys


def main(argv: list[str] | None = None) -> int:
    from sherwood_tui.commands import run

    try:
        return run(sys.argv[1:] if argv is None else argv)
    except BrokenPipeError:  # the reader went away (`... --json | head`): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so that the flush at exit does not complain
        return 1


if __name__ == "__main__":
    sys.exit(main())
