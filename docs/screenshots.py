"""Make the screenshots of the README and the docs again, from the app itself.

    .venv/bin/python docs/screenshots.py            # every picture, into docs/img/
    .venv/bin/python docs/screenshots.py sheriff    # the pictures whose name holds "sheriff"

Each picture is one screen of the real app at 100x30, reached the way the snapshot tests
reach it (`tests/ui/shots.py`: a save of a position from a fixed seed, opened, its curtain
lifted), and written with Textual's SVG export. Run it again when a screen changes, look
at the pictures, and commit them.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "img"
SIZE = (100, 30)


@dataclass(frozen=True)
class Picture:
    """One screenshot: its file name, the snapshot-set shot it shows and its title."""

    name: str
    shot: str
    title: str


PICTURES = (
    Picture("picker", "picker", "sherwood-tui: the game picker"),
    Picture("bleeding-sherwood", "bleeding-sherwood-bidding", "Bleeding Sherwood: a bid"),
    Picture("sheriff", "sheriff-decide", "Sheriff of Nottingham: the Sheriff weighs a bribe"),
    Picture("sherwood", "sherwood-ambush", "Sherwood (2005): an ambush party"),
)


async def take(picture: Picture, folder: Path) -> Path:
    """Drive the app to the picture's screen and write its SVG to docs/img/NAME.svg."""
    from sherwood_tui.ui.app import SherwoodApp
    from tests.conftest import NoGuard
    from tests.ui.shots import SHOTS, drive, open_app

    SherwoodApp.make_key_guard = staticmethod(NoGuard)  # type: ignore[method-assign,assignment]  # keys at machine speed
    shot = next(s for s in SHOTS if s.id == picture.shot)
    app, plan = open_app(shot, folder)
    seen: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await drive(pilot, plan, shot.expect, seen)
        if seen != [shot.expect]:
            raise SystemExit(f"{picture.name}: the app shows {seen}, not {shot.expect}")
        svg = app.export_screenshot(title=picture.title)
    path = OUT / f"{picture.name}.svg"
    path.write_text(svg, encoding="utf-8")
    return path


def main(names: list[str]) -> None:
    os.environ.setdefault("SHERWOOD_TUI_SEARCH_WORKERS", "0")
    sys.path.insert(0, str(ROOT))  # tests.ui.shots, run from anywhere
    OUT.mkdir(parents=True, exist_ok=True)
    for picture in PICTURES:
        if names and not any(name in picture.name for name in names):
            continue
        with tempfile.TemporaryDirectory() as tmp:
            os.environ["SHERWOOD_TUI_DATA"] = tmp  # nothing of the user's data folder is read or written
            folder = Path(tmp) / "saves"
            folder.mkdir()
            print(asyncio.run(take(picture, folder)).relative_to(ROOT))


if __name__ == "__main__":
    main(sys.argv[1:])
