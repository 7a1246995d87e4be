"""Where the data folder is: SHERWOOD_TUI_DATA, then XDG_DATA_HOME, then the system's
usual place (platformdirs)."""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs
import pytest

from sherwood_tui.core import paths


@pytest.fixture
def bare_env(monkeypatch, tmp_path):
    """No override: the home folder is a temporary one."""
    monkeypatch.delenv("SHERWOOD_TUI_DATA", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    return tmp_path


def test_sherwood_tui_data_wins(monkeypatch, tmp_path):
    monkeypatch.setenv("SHERWOOD_TUI_DATA", str(tmp_path / "mine"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert paths.data_dir() == tmp_path / "mine"
    assert paths.saves_dir() == tmp_path / "mine" / "saves"


def test_xdg_data_home_comes_next(bare_env, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(bare_env / "xdg"))
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda *a, **k: pytest.fail("platformdirs asked"))
    assert paths.data_dir() == bare_env / "xdg" / "sherwood-tui"


@pytest.mark.parametrize("name", ["SHERWOOD_TUI_DATA", "XDG_DATA_HOME"])
def test_an_empty_variable_counts_as_unset(bare_env, monkeypatch, name):
    monkeypatch.setenv(name, "")
    assert paths.data_dir() == Path(platformdirs.user_data_dir("sherwood-tui", appauthor=False))


def test_otherwise_the_systems_usual_place(bare_env, monkeypatch):
    asked = []

    def user_data_dir(*args, **kwargs):
        asked.append((args, kwargs))
        return "/Users/robin/Library/Application Support/sherwood-tui"

    monkeypatch.setattr(platformdirs, "user_data_dir", user_data_dir)
    assert paths.data_dir() == Path("/Users/robin/Library/Application Support/sherwood-tui")
    assert paths.saves_dir() == Path("/Users/robin/Library/Application Support/sherwood-tui/saves")
    assert asked and all(call == (("sherwood-tui",), {"appauthor": False, "roaming": False}) for call in asked)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux place")
def test_on_linux_the_place_is_unchanged(bare_env):
    assert paths.data_dir() == bare_env / ".local" / "share" / "sherwood-tui"


def test_the_places_of_macos_and_windows():
    """What platformdirs gives there (asked of its classes, whatever system runs this)."""
    from platformdirs.macos import MacOS
    from platformdirs.windows import Windows

    mac = MacOS("sherwood-tui", appauthor=False, roaming=False).user_data_dir
    assert mac.replace("\\", "/").endswith("Library/Application Support/sherwood-tui")
    if sys.platform == "win32":
        win = Windows("sherwood-tui", appauthor=False, roaming=False).user_data_dir
        assert win.endswith("\\sherwood-tui") and "Roaming" not in win


def test_without_platformdirs_the_old_place(bare_env, monkeypatch):
    monkeypatch.setitem(sys.modules, "platformdirs", None)  # import fails
    assert paths.data_dir() == bare_env / ".local" / "share" / "sherwood-tui"


def test_paths_stays_cheap_to_import():
    import subprocess

    out = subprocess.run(
        [sys.executable, "-c", "import sys, sherwood_tui.core.paths; print(' '.join(sys.modules))"],
        capture_output=True, text=True, check=True,
    ).stdout.split()
    assert "pydantic" not in out and "platformdirs" not in out  # platformdirs only when asked
