"""Shared fixtures: every test gets its own saves folder. Pilot's idle wait is made
finer, so that a test's many `pilot.pause()` calls don't each sleep 20 ms."""

import pytest
import textual._wait

# Pilot waits for the app to be idle in slices of SLEEP_GRANULARITY (20 ms by default),
# and a slice counts as idle when the process used under SLEEP_IDLE of CPU in it.
textual._wait.SLEEP_GRANULARITY = 0.004
textual._wait.SLEEP_IDLE = 0.0004


@pytest.fixture(autouse=True)
def isolated_saves(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("SHERWOOD_TUI_DATA", str(folder))
    return folder / "saves"
