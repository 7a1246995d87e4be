"""The README and the docs say only what works.

- The README stays short, and keeps the two commands CI and newcomers read from it.
- Every fenced shell command of the README and the docs is run here or named on a short
  allow-list that says what covers it instead (an interactive app, an install, a cluster,
  CI's own `make` targets). A block is run when the line before its fence is
  `<!-- runnable -->`: the blocks of one page run in order in one fresh folder, with the
  checkout's `sherwood-tui` on PATH, a data folder and HOME of their own, and cheap
  arguments: 2 games (`--games`), every expert's budget to 2 playouts and the games played
  in the command's own process (`--jobs 1`), so that a thousand-game example costs a second. A marked `python` block runs there too.
- `make play` opens the picker in a pseudo-terminal, and Ctrl+Q quits it.
- Every command and option of `sherwood-tui` is in the reference page, and every link
  from the README or between pages leads to a file that exists.

`make docs` (CI) builds the site with `mkdocs build --strict`: a page missing from the nav,
a broken link within the site or an included file that is gone fails it.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import re
import select
import shutil
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from sherwood_tui.commands.parser import build_parser
from tests.pty_app import visible

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = [README, *sorted(DOCS.rglob("*.md"))]
BIN = Path(sys.executable).parent  # the checkout's .venv/bin: its sherwood-tui
RUNNABLE = "<!-- runnable -->"
SHELLS = {"sh", "bash", "zsh", "shell", "console"}
README_LINES = 150

# Commands that are not run here, each with what covers it instead.
ALLOWED: dict[str, str] = {
    r"make play": "test_make_play_opens_the_picker_and_ctrl_q_quits (below)",
    r"make (check|docs|test|slow|lowest)": "CI runs each (.ci/run)",
    r"(pipx|uv tool|pip) install .*": "an install from the checkout: tests/test_install.py installs "
                                      "the built wheel outside it and plays every game",
    r"sherwood-tui( --assets \S+)?": "the app (interactive): the tests of tests/ui/ drive it by keys; "
                                     "tests/ui/test_own_data.py with --assets",
    r"sherwood-tui (resume|replay) .*": "interactive: tests/ui/test_crash_resume.py, tests/ui/test_replay.py",
    r"sherwood-tui --saves .*": "interactive: tests/test_cli.py refuses a bad --saves; tests/ui use their own",
    r"sherwood-tui host .*": "an interactive table: tests/table/ play whole games through the host "
                             "over SSH and in a browser",
    r"sherwood-tui serve( .*)?": "a long-running server: tests/table/test_serve_e2e.py plays through its "
                                 "lobby over SSH",
    r"ssh .*": "a player joining a table: tests/table/test_ssh.py",
    r"python -m tests\.traces\.record( .*)?": "the behaviour traces: tests/test_traces.py checks the first games "
                                              "of each configuration in make test (the whole set takes minutes)",
    r'eval "\$\(sherwood-tui --completion zsh\)"': "zsh's completion at its line editor: tests/test_completion.py",
    r"dask (scheduler|worker)( .*)?|.* --scheduler tcp://\S+.*": "a Dask cluster: tests/workbench/test_cluster.py "
                                                              "on a two-worker LocalCluster",
}


@dataclass(frozen=True)
class Block:
    """A fenced code block of a page: where it starts, its language, its text."""

    page: Path
    line: int
    language: str
    text: str
    runnable: bool

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def blocks(page: Path) -> list[Block]:
    """The fenced blocks of a Markdown page, each marked runnable or not."""
    found: list[Block] = []
    lines = page.read_text(encoding="utf-8").splitlines()
    start: int | None = None
    for number, line in enumerate(lines):
        if start is None and line.startswith("```"):
            start = number
        elif start is not None and line.startswith("```"):
            marked = start > 0 and lines[start - 1].strip() == RUNNABLE
            found.append(Block(page, start + 1, lines[start][3:].strip(), "\n".join(lines[start + 1:number]), marked))
            start = None
    return found


def commands(block: Block) -> list[str]:
    """The commands of a shell block: lines joined where they end in a backslash, without
    comments."""
    joined = block.text.replace("\\\n", " ")
    found = []
    for line in joined.splitlines():
        command = re.sub(r"\s+#.*$", "", line).strip()
        if command and not command.startswith("#"):
            found.append(command)
    return found


def allowed(command: str) -> bool:
    return any(re.fullmatch(pattern, command) for pattern in ALLOWED)


def cheap(script: str) -> str:
    """The script with few games and small expert budgets (the arguments' meaning and
    checks are the same; only the run is shorter)."""
    script = re.sub(r"--games \d+", "--games 2", script)
    script = re.sub(r"--jobs \d+", "--jobs 1", script)
    script = re.sub(r"\bsherwood-tui (simulate|tournament|soak) ", r"sherwood-tui \1 --jobs 1 --games 2 ", script)
    script = re.sub(r"--playouts \d+", "--playouts 2", script)
    script = re.sub(r"\bexpert:\d+", "expert:2", script)
    return re.sub(r"(?<=[ ,])expert(?=[ ,+]|$)", "expert:2", script, flags=re.MULTILINE)


ALL_BLOCKS = [block for page in PAGES for block in blocks(page)]
SHELL_BLOCKS = [block for block in ALL_BLOCKS if block.language in SHELLS]
RUN_PAGES = sorted({block.page for block in ALL_BLOCKS if block.runnable})


def test_the_readme_is_short_and_keeps_the_commands_to_play_and_test() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= README_LINES
    for command in ("make play", "make test"):
        assert command in text


def test_every_fenced_shell_command_is_run_here_or_named_on_the_allow_list() -> None:
    unchecked = [f"{block.where}: {command}" for block in SHELL_BLOCKS if not block.runnable
                 for command in commands(block) if not allowed(command)]
    assert not unchecked, "mark the block <!-- runnable --> or add the command to ALLOWED:\n" + "\n".join(unchecked)


def test_a_runnable_block_holds_no_command_of_the_allow_list() -> None:
    mixed = [f"{block.where}: {command}" for block in SHELL_BLOCKS if block.runnable
             for command in commands(block) if allowed(command)]
    assert not mixed, "\n".join(mixed)


def test_only_shell_and_python_blocks_are_marked_runnable() -> None:
    assert {block.language for block in ALL_BLOCKS if block.runnable} <= SHELLS | {"python"}


def test_the_cheap_arguments_keep_the_command() -> None:
    assert cheap("sherwood-tui simulate sheriff --games 1000 --bots expert,sensible+honest --playouts 300") == (
        "sherwood-tui simulate --jobs 1 --games 2 sheriff --games 2 --bots expert:2,sensible+honest --playouts 2")
    assert cheap("--bots expert:400+no-loot,expert") == "--bots expert:2+no-loot,expert:2"


@pytest.mark.parametrize("page", RUN_PAGES, ids=[str(page.relative_to(ROOT)) for page in RUN_PAGES])
def test_the_runnable_blocks_of_a_page_run(page: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", "HOME": str(home),
           "SHERWOOD_TUI_DATA": str(tmp_path / "data"), "SHERWOOD_TUI_SEARCH_WORKERS": "0",
           "COLUMNS": "100", "NO_COLOR": "1"}
    for block in blocks(page):
        if not block.runnable:
            continue
        if block.language == "python":
            argv = [sys.executable, "-c", block.text]
        else:
            argv = ["bash", "-euo", "pipefail", "-c", cheap(block.text)]
        done = subprocess.run(argv, cwd=home, env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, f"{block.where} failed ({done.returncode}):\n{done.stderr[-3000:]}"


def test_make_play_opens_the_picker_and_ctrl_q_quits(tmp_path: Path) -> None:
    """`make play` as the README says, with the set-up taken as done (CI's `make check`
    makes it first): the picker shows in a terminal of 80x24, and Ctrl+Q ends the app."""
    make = shutil.which("make")
    if make is None:
        pytest.skip("no make on this machine")
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "SHERWOOD_TUI_DATA": str(tmp_path)}
    process = subprocess.Popen([make, "-s", "--old-file=.venv/.installed", "play"], cwd=ROOT, env=env,
                               stdin=slave, stdout=slave, stderr=slave, start_new_session=True)
    os.close(slave)
    output = bytearray()

    def read_until(done: Callable[[], bool], timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while not done() and time.monotonic() < deadline:
            if select.select([master], [], [], 0.05)[0]:
                try:
                    output.extend(os.read(master, 65536))
                except OSError:
                    return

    try:
        read_until(lambda: "Sheriff of Nottingham" in visible(bytes(output)), 60)
        assert "Sheriff of Nottingham" in visible(bytes(output)), visible(bytes(output))[-2000:]
        os.write(master, b"\x11")  # Ctrl+Q
        read_until(lambda: process.poll() is not None, 30)
        assert process.wait(timeout=5) == 0
    finally:
        if process.poll() is None:
            process.kill()
        os.close(master)


def options_of(parser: argparse.ArgumentParser) -> set[str]:
    return {option for action in parser._actions for option in action.option_strings
            if option.startswith("--") and option != "--help"}


def test_the_reference_names_every_command_and_option() -> None:
    reference = (DOCS / "designers" / "commands.md").read_text(encoding="utf-8")
    parser = build_parser()
    common = options_of(parser)  # also offered by the commands: in the table of every command's options
    missing = [option for option in common if f"`{option}" not in reference.split("\n## ", 2)[1]]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            shown = {choice.dest for choice in action._choices_actions}  # not the hidden ones (a table's seat)
            for name, sub in action.choices.items():
                if name not in shown:
                    continue
                if f"## {name}" not in reference:
                    missing.append(name)
                section = reference.split(f"## {name}", 1)[-1].split("\n## ", 1)[0]
                missing += [f"{name} {option}" for option in options_of(sub) - common if f"`{option}" not in section]
    assert not missing, missing


def test_every_page_of_the_docs_is_in_the_sites_nav() -> None:
    """(`make docs` refuses a page left out of the nav; this says so in `make test` too.)"""
    nav = set(re.findall(r":\s+(\S+\.md)\s*$", (ROOT / "mkdocs.yml").read_text(encoding="utf-8"), re.MULTILINE))
    pages = {str(page.relative_to(DOCS)) for page in DOCS.rglob("*.md")}
    assert pages == nav, (sorted(pages - nav), sorted(nav - pages))


LINK = re.compile(r"\]\(([^)\s]+)\)")


@pytest.mark.parametrize("page", PAGES, ids=[str(page.relative_to(ROOT)) for page in PAGES])
def test_every_link_to_a_file_leads_to_one_that_exists(page: Path) -> None:
    broken = []
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        path = target.split("#", 1)[0]
        if not path or re.match(r"[a-z]+:", path):
            continue
        if not (page.parent / path).exists():
            broken.append(target)
    assert not broken, broken
