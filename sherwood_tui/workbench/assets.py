"""A playtester's own game data: `sherwood-tui assets GAME --export [FILE]` (a starting
copy of the data in use) and `--schema`, and the `--assets [GAME=]FILE` of `play` and
`resume` (which game a file is for: the one whose schema it fits).

Every file is checked whole before anything runs (`core/assets.check_asset_file`); a bad
one gets one line and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from sherwood_tui import catalog
from sherwood_tui.core.assets import (
    AssetError,
    asset_text,
    check_asset_file,
    first_problem,
    read_asset_file,
    shown_path,
    use_asset_file,
)
from sherwood_tui.core.plugin import GamePlugin
from sherwood_tui.core.schema import asset_problems, json_schema


def main(args: argparse.Namespace) -> int:
    """`sherwood-tui assets GAME --export [FILE] [--force]` or `--schema`."""

    def fail(message: str) -> int:
        print(f"sherwood-tui assets: {message}", file=sys.stderr)
        return 2

    try:
        plugin = catalog.get(args.game)
        if args.schema:
            print(json.dumps(json_schema(plugin), indent=1))
            return 0
        text = asset_text(plugin.asset)
    except (ValueError, OSError) as err:  # an unknown game; AssetError is a ValueError
        return fail(str(err))
    if args.export == "-":
        sys.stdout.write(text)
        return 0
    try:
        export(text, Path(args.export), args.force)
    except AssetError as err:
        return fail(str(err))
    print(f"wrote {plugin.title}'s data to {shown_path(Path(args.export))}", file=sys.stderr)
    return 0


def export(text: str, path: Path, force: bool = False) -> None:
    """Write `text` to `path` atomically; an existing file only if `force`, and never a
    folder, a pipe or a device. AssetError with one line otherwise."""
    from sherwood_tui.core.saves import write_atomically

    name = shown_path(path)
    if path.is_dir():
        raise AssetError(f"{name} is a folder")
    if path.exists() or path.is_symlink():
        if not force:
            raise AssetError(f"{name} exists already (--force replaces it)")
        if not path.is_file():
            raise AssetError(f"{name} is not a regular file")
    try:
        write_atomically(path, text, mode=0o644)  # a file to share, as an editor would write it
    except OSError as err:
        raise AssetError(f"{name} cannot be written ({err.strerror or err.__class__.__name__})") from None


def use_own_data(items: list[str]) -> list[tuple[GamePlugin, Path]]:
    """Play on the files of `--assets [GAME=]FILE` (each checked whole first), or
    AssetError with one line and nothing used. A FILE without GAME is for the game whose
    data it fits; one that fits none is reported as data of the closest game (the one
    with the fewest problems)."""
    chosen: dict[str, tuple[GamePlugin, Path, str]] = {}
    for item in items:
        plugin, path, text = own_file(item)
        if plugin.id in chosen:
            raise AssetError(f"two data files for {plugin.title}: {shown_path(chosen[plugin.id][1])} and {shown_path(path)}")
        chosen[plugin.id] = (plugin, path, text)
    for plugin, path, text in chosen.values():
        use_asset_file(plugin.asset, path, text)
    return [(plugin, path) for plugin, path, _ in chosen.values()]


def own_file(item: str) -> tuple[GamePlugin, Path, str]:
    """The game, path and checked text of one `--assets [GAME=]FILE`."""
    game, sep, rest = item.partition("=")
    if sep and game in [g.id for g in catalog.GAMES]:
        plugin, path = catalog.get(game), Path(rest)
        return plugin, path, check_asset_file(plugin, path)
    path = Path(item)
    if not item:
        raise AssetError("--assets: an empty name is not a file")
    text, data = read_asset_file(path)
    problems = {g.id: asset_problems(g, data) for g in catalog.GAMES if g.schema is not None}
    fits = [catalog.get(g) for g, found in problems.items() if not found]
    if len(fits) == 1:
        return fits[0], path, text
    if fits:
        raise AssetError(f"{shown_path(path)} fits the data of {' and '.join(g.title for g in fits)}: "
                         "say which with --assets GAME=FILE")
    closest = min(problems, key=lambda g: len(problems[g]))  # the first of a tie: catalog order
    title = catalog.get(closest).title
    raise AssetError(f"{shown_path(path)} (closest to {title} data): {first_problem(problems[closest])}")
