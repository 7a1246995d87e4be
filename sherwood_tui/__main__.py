"""Command line: `sherwood-tui` (or `python -m sherwood_tui`)."""

from __future__ import annotations

import os
import sys

BROKEN_PIPE = 141  # the status of a command killed by SIGPIPE, as the shell reports it (128 + 13)


def main(argv: list[str] | None = None) -> int:
    from sherwood_tui.commands import run

    try:
        status = run(sys.argv[1:] if argv is None else argv)
        sys.stdout.flush()  # a reader that went away is found here, not in the flush at exit
        return status
    except BrokenPipeError:  # the reader went away (`... --json | head`): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so that the flush at exit does not complain
        return BROKEN_PIPE


if __name__ == "__main__":
    sys.exit(main())
