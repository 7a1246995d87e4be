"""A real install: a wheel built from the checkout, installed into a fresh virtual
environment outside it, plays a bot game of each game and opens the picker headless;
the game data comes from inside the installed package."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WHEEL_SOURCES = ["pyproject.toml", "README.md", "LICENSE", "sherwood_tui", "assets"]  # what the build reads
PICKER = """
import sherwood_tui
from sherwood_tui.ui.app import SherwoodApp
class Shown(SherwoodApp):
    def on_mount(self):
        self.call_later(lambda: self.screen.call_after_refresh(self.exit))
Shown().run(headless=True, size=(80, 24))
print("picker shown from", sherwood_tui.__file__)
"""


def test_install_names_every_package():
    """pyproject.toml lists the packages by name: none may be left out of a wheel."""
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {
        ".".join(path.parent.relative_to(ROOT).parts)
        for path in (ROOT / "sherwood_tui").rglob("__init__.py")
        if "__pycache__" not in path.parts
    }
    assert found | {"sherwood_tui.assets"} == listed


def built_wheel(work: Path) -> Path:
    """The wheel of the checkout, built from a copy of what goes into it (so no build
    folder is shared with another test, nor left over from an older tree)."""
    source = work / "source"
    for name in WHEEL_SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            source.mkdir(exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(work / "wheels"), str(source)],
                   check=True, cwd=work, capture_output=True)
    (wheel,) = (work / "wheels").glob("*.whl")
    return wheel


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """A fresh virtual environment with the wheel of the checkout installed; the
    dependencies are borrowed from the test environment by a plain path entry (no
    network, and nothing of the checkout's editable install)."""
    work = tmp_path_factory.mktemp("install")
    wheel = built_wheel(work)
    venv = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    target = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                            check=True, capture_output=True, text=True).stdout.strip()
    (Path(target) / "borrowed-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "-q", str(wheel)],
                   check=True, capture_output=True)
    return python, work


def run(installed, *args: str) -> str:
    python, work = installed
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["SHERWOOD_TUI_DATA"] = str(work / "data")
    done = subprocess.run([str(python), "-I", *args], cwd=work, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["bleeding-sherwood", "sheriff", "sherwood"])
def test_installed_wheel_plays_each_game_outside_the_checkout(installed, game_id):
    players = "2" if game_id == "sherwood" else "3"
    out = run(installed, "-m", "sherwood_tui", "simulate", game_id, "--players", players, "--games", "5")
    assert "5" in out
    where = run(installed, "-c", "import sherwood_tui.core.assets as a, importlib.resources as r;"
                "print(a.__file__); print(r.files('sherwood_tui.assets'))")
    assert str(ROOT) not in where and "site-packages" in where


@pytest.mark.slow
def test_installed_wheel_opens_the_picker_headless(installed):
    out = run(installed, "-c", PICKER)
    assert "picker shown from" in out and str(ROOT) not in out


# ----- a user's install: the wheel with its real dependencies, no extras ----------------

MAX_INSTALL_BYTES = 80 * 1000**2  # the wheel and every dependency, installed
OFFLINE = ("NewConnectionError", "Max retries exceeded", "Temporary failure in name resolution",
           "Network is unreachable", "ConnectTimeout", "ReadTimeout")


@pytest.fixture(scope="module")
def installed_alone(tmp_path_factory):
    """A fresh virtual environment with the checkout's wheel and its dependencies from the
    package registry (pip's cache keeps it quick), without any extra: what
    `pipx install .` gives a player."""
    work = tmp_path_factory.mktemp("alone")
    wheel = built_wheel(work)
    venv = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install", "-q",
                           "--only-binary", ":all:", str(wheel)], capture_output=True, text=True, timeout=600)
    if done.returncode != 0 and any(sign in done.stderr for sign in OFFLINE):
        pytest.skip(f"the package registry cannot be reached: {done.stderr.strip().splitlines()[-1]}")
    assert done.returncode == 0, done.stderr[-2000:]
    return venv, work


def sherwood_tui(installed_alone, *args: str) -> subprocess.CompletedProcess:
    """The installed `sherwood-tui` command, run outside the checkout."""
    venv, work = installed_alone
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["SHERWOOD_TUI_DATA"] = str(work / "data")
    return subprocess.run([str(venv / "bin" / "sherwood-tui"), *args], cwd=work, env=env, capture_output=True,
                          text=True, stdin=subprocess.DEVNULL, timeout=300)


@pytest.mark.slow
def test_an_install_without_extras_is_small_and_has_no_matplotlib(installed_alone):
    venv, _ = installed_alone
    (site,) = venv.glob("lib/python3.*/site-packages")
    size = sum(path.stat().st_size for path in site.rglob("*") if path.is_file() and not path.is_symlink())
    assert size < MAX_INSTALL_BYTES, f"{size / 1000**2:.1f} MB installed"
    assert not list(site.glob("matplotlib*")) and list(site.glob("sherwood_tui-*.dist-info"))


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["bleeding-sherwood", "sheriff", "sherwood"])
def test_an_install_without_extras_simulates_each_game(installed_alone, game_id):
    done = sherwood_tui(installed_alone, "simulate", game_id, "--games", "2")
    assert done.returncode == 0 and "2" in done.stdout, done.stderr[-2000:]


@pytest.mark.slow
def test_an_install_without_extras_says_in_one_line_how_to_add_the_report_extra(installed_alone):
    venv, work = installed_alone
    done = sherwood_tui(installed_alone, "simulate", "sheriff", "--games", "2", "--report", str(work / "r.html"))
    assert done.returncode == 2 and done.stdout == "" and not (work / "r.html").exists()
    assert done.stderr == ("sherwood-tui simulate: --report needs the report extra (matplotlib): "
                           "pip install -e '.[report]' in the sherwood-tui checkout\n")


@pytest.mark.slow
def test_an_install_without_extras_tells_its_version_and_completes(installed_alone):
    from importlib.metadata import version

    assert sherwood_tui(installed_alone, "--version").stdout == f"sherwood-tui {version('sherwood-tui')}\n"
    done = sherwood_tui(installed_alone, "--completion", "bash")
    assert done.returncode == 0 and "complete -o bashdefault -F _shtab_sherwood_tui sherwood-tui" in done.stdout
