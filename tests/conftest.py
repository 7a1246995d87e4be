"""Shared fixtures: every test gets its own saves folder. Pilot's idle wait is made
finer, so that a test's many `pilot.pause()` calls don't each sleep 20 ms."""

import os

import pytest
import textual._wait

# The expert searches in the test's own process (core/thinker.py): no worker processes per
# test (their own tests start them); a test's subprocesses inherit it.
os.environ.setdefault("SHERWOOD_TUI_SEARCH_WORKERS", "0")

# Pilot waits for the app to be idle in slices of SLEEP_GRANULARITY (20 ms by default),
# and a slice counts as idle when the process used under SLEEP_IDLE of CPU in it.
textual._wait.SLEEP_GRANULARITY = 0.004
textual._wait.SLEEP_IDLE = 0.0004


@pytest.fixture(autouse=True)
def quick_hands(monkeypatch):
    """Pilot presses keys faster than any person, and before the screen is painted: tests
    of whole games run without the hand-off guard. The guard's own tests
    (tests/ui/test_handoff_keys.py and tests/ui/test_terminal.py) use the real one."""
    from sherwood_tui.ui.app import SherwoodApp

    monkeypatch.setattr(SherwoodApp, "make_key_guard", staticmethod(NoGuard))
    monkeypatch.setattr(SherwoodApp, "HINT_PLAYOUTS", 6)  # an `h` pressed by a test is quick


class NoGuard:
    """A key guard that lets every key through."""

    def arm(self, guarded: bool) -> int:
        return 0

    def drawn(self, screen: int) -> None:
        pass

    def allow(self, waited: float = 0.0) -> bool:
        return True

    def dropped(self) -> None:
        pass

    def waiting(self) -> bool:
        return False


@pytest.fixture(autouse=True)
def isolated_saves(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("SHERWOOD_TUI_DATA", str(folder))
    return folder / "saves"
