"""`sherwood-tui assets GAME --export [FILE] [--force]` or `--schema`: a starting copy
of a game's data in use, or the JSON schema of its data file."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from sherwood_tui import catalog
from sherwood_tui.core.assets import AssetError, asset_text, shown_path
from sherwood_tui.core.schema import json_schema
from sherwood_tui.workbench.assets import export


def main(args: argparse.Namespace) -> int:
    """`sherwood-tui assets GAME --export [FILE] [--force]` or `--schema`."""

    def fail(message: str) -> int:
        print(f"sherwood-tui assets: {message}", file=sys.stderr)
        return 2

    try:
        plugin = catalog.get(args.game)
        schema = json_schema(plugin) if args.schema else None
        text = asset_text(plugin.asset)
    except (ValueError, OSError) as err:  # an unknown game; AssetError is a ValueError
        return fail(str(err))
    # Printed outside the try: a reader that went away (`| head`) is no data problem
    # (its BrokenPipeError, an OSError, is for `__main__` to end quietly).
    if schema is not None:
        print(json.dumps(schema, indent=1))
        return 0
    if args.export == "-":
        sys.stdout.write(text)
        return 0
    try:
        export(text, Path(args.export), args.force)
    except AssetError as err:
        return fail(str(err))
    print(f"wrote {plugin.title}'s data to {shown_path(Path(args.export))}", file=sys.stderr)
    return 0
