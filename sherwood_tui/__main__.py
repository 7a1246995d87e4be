"""Command line: `sherwood-tui` (or `python -m sherwood_tui`)."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    from sherwood_tui.commands import run

    return run(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    sys.exit(main())
