"""SVG snapshots of every screen of every game, so that a layout change is seen in review.

Each picture is one test: every shot of the snapshot set (`shots.py`: every screen at
80x24, the smallest size the app supports, the main table screens also at 120x36, and at
120x40 and 160x50 where the whole table shows; the contrast test draws the same set).
The test checks the screen on top is the intended one before comparing the picture.

Update the pictures after an intended layout change (and look at them in review):

    .venv/bin/python -m pytest tests/ui/test_snapshots.py --snapshot-update
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.shots import SHOTS, Shot, drive, open_app


@pytest.mark.parametrize("shot", SHOTS, ids=[s.id for s in SHOTS])
def test_screen(shot: Shot, snap_compare, tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    app, plan = open_app(shot, folder)
    seen: list[str] = []
    matches = snap_compare(app, terminal_size=shot.size, run_before=lambda pilot: drive(pilot, plan, shot.expect, seen))
    assert seen == [shot.expect], f"the picture shows {seen}, not {shot.expect}"
    assert matches
