"""How the app ends, in a real pseudo-terminal: on SIGTERM, SIGHUP, at the end of
input and on a crash the game stays saved, the last screen (maybe a private hand) is
cleared and the terminal restored; a crash prints one line, never local values; the
app does not open without a terminal. See `sherwood_tui/ui/lifecycle.py`."""

from __future__ import annotations

import io
import json
import os
import pty
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sherwood_tui import catalog, commands
from sherwood_tui.commands import play as play_command
from sherwood_tui.core.bots import bot_action
from sherwood_tui.core.contract import Player
from sherwood_tui.core.saves import write_save
from sherwood_tui.core.session import Session
from sherwood_tui.ui.lifecycle import write_crash_report
from tests.pty_app import CLEAR, RESTORE, PtyApp, visible

GAME = catalog.get("bleeding-sherwood").load()
CRASH_LINE = "sherwood-tui stopped on an unexpected error; the game is saved; "


def saved_game(folder: Path, bots: tuple[str | None, str | None] = (None, None)) -> tuple[Path, Session]:
    """A two-seat Bleeding Sherwood save with three bids played; Robin (seat 0) is next."""
    seats = [Player(name="Robin", bot=bots[0]), Player(name="Marian", bot=bots[1])]
    state, _ = GAME.start(seats, GAME.check_options({}), 5)
    rnd, actions = random.Random(1), []
    for _ in range(3):
        action = bot_action(GAME, state, GAME.to_act(state)[0], "random", rnd)
        state, _ = GAME.apply(state, action)
        actions.append(action)
    session = Session.replay(GAME, seats, GAME.check_options({}), 5, actions)
    assert GAME.to_act(session.state) == [0]
    path = folder / "saves" / "game.json"
    write_save(session, path)
    return path, session


def saved_actions(path: Path) -> list[dict]:
    return json.loads(path.read_text())["actions"]


def secrets(session: Session) -> set[str]:
    return {text for seat in range(len(session.players)) for text in GAME.secret_texts(session.state, seat)}


def assert_cleared_and_restored(output: bytes) -> bytes:
    """The screen was cleared after the last drawing, then the terminal restored;
    returns what was written after the alternate screen was left."""
    assert CLEAR in output, "the screen was never cleared"
    tail = output[output.rindex(CLEAR) :]
    for sequence in RESTORE:
        assert sequence in tail, f"{sequence!r} missing after the last clear"
    on_screen, after = tail.split(RESTORE[0], 1)
    assert visible(on_screen) == "", f"drawn after the clear: {visible(on_screen)!r}"
    return after


@pytest.fixture
def robin_looking(tmp_path):
    """The app showing Robin's private hand (the curtain lifted)."""
    save, session = saved_game(tmp_path)
    app = PtyApp(["--bot-delay", "0.05", "resume", str(save)], tmp_path)
    try:
        app.wait_for("press Enter")
        card = sorted(GAME.secret_texts(session.state, 0))[0]
        for _ in range(3):  # the curtain drops keys for a moment after it is drawn
            time.sleep(1.0)
            app.type(b"\r")
            if app.shows(card, timeout=5.0):
                break
        else:
            pytest.fail("the curtain never lifted")
        yield app, save, session
    finally:
        app.close()


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_signal_saves_clears_the_hand_and_restores_the_terminal(robin_looking, signum):
    app, save, session = robin_looking
    app.process.send_signal(signum)
    status, _ = app.wait()
    assert status == 128 + signum
    assert saved_actions(save)[:3] == [GAME.dump_action(a) for a in session.actions]  # (an Enter may bid)
    assert visible(assert_cleared_and_restored(bytes(app.output))) == ""


def test_end_of_input_ends_the_app_promptly_without_spinning(tmp_path):
    """The terminal closes, no SIGHUP comes (`nohup`): Textual alone would spin a core."""
    save, session = saved_game(tmp_path)
    app = PtyApp(["resume", str(save)], tmp_path, nohup=True)
    try:
        app.wait_for("press Enter")
        before = app.cpu_seconds()
        app.close_terminal()
        status, cpu = app.wait(timeout=5.0)  # it ends in well under a second
        assert status == 129
        assert cpu - before < 1.0  # saving and shutting down only; spinning would burn ~1 s/s
        assert saved_actions(save) == [GAME.dump_action(a) for a in session.actions]
    finally:
        app.close()


def test_a_real_hang_up_ends_the_app_promptly(tmp_path):
    """The controlling terminal closes (an SSH session drops): SIGHUP, then writes fail."""
    save, session = saved_game(tmp_path)
    app = PtyApp(["resume", str(save)], tmp_path, ctty=True)
    try:
        app.wait_for("press Enter")
        app.close_terminal()
        status, _ = app.wait(timeout=5.0)
        assert status == 129
        assert saved_actions(save) == [GAME.dump_action(a) for a in session.actions]
    finally:
        app.close()


def test_a_crash_prints_one_line_and_writes_a_traceback_without_locals(tmp_path):
    save, session = saved_game(tmp_path, bots=("random", None))  # Robin's bot moves next...
    app = PtyApp(["--bot-delay", "0.05", "resume", str(save)], tmp_path, crash_bots=True)  # ...and crashes
    try:
        status, _ = app.wait()
    finally:
        app.close()
    assert status == 1
    after = visible(assert_cleared_and_restored(bytes(app.output)))
    assert after.startswith(CRASH_LINE) and "\n" not in after
    crash = Path(after.removeprefix(CRASH_LINE + "details in "))
    assert crash.parent == tmp_path and crash.name.startswith("crash-")
    text = crash.read_text()
    assert "Traceback" in text and "a bot crashed (a test's planted bug)" in text
    assert not [s for s in secrets(session) if s in text], "a hand is in the crash file"
    assert not [s for s in secrets(session) if s in visible(bytes(app.output))]
    assert saved_actions(save) == [GAME.dump_action(a) for a in session.actions]


def test_the_app_needs_a_terminal_but_other_commands_work_in_pipes(tmp_path):
    env = {**os.environ, "SHERWOOD_TUI_DATA": str(tmp_path)}
    command = [sys.executable, "-m", "sherwood_tui"]
    piped = subprocess.run(command, input="", capture_output=True, text=True, env=env, timeout=60)
    assert (piped.returncode, piped.stdout) == (2, "")
    assert piped.stderr == "sherwood-tui: needs a terminal: stdin is not a terminal\n"
    master, slave = pty.openpty()
    try:  # stdin a terminal, stdout a file: nothing reaches the terminal either
        to_file = subprocess.run([*command, "play"], stdin=slave, capture_output=True,
                                 env=env, timeout=60)
        os.set_blocking(master, False)
        with pytest.raises(BlockingIOError):
            os.read(master, 1024)
    finally:
        os.close(slave)
        os.close(master)
    assert (to_file.returncode, to_file.stdout) == (2, b"")
    assert to_file.stderr == b"sherwood-tui: needs a terminal: stdout is not a terminal\n"
    listed = subprocess.run([*command, "saves"], input="", capture_output=True, text=True, env=env, timeout=60)
    assert listed.returncode == 0


# ----- in-process: the crash line and file, with Pilot and from the command line -------------
def test_not_a_terminal_in_process(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    assert commands.run(["play"]) == 2
    assert capsys.readouterr().err == "sherwood-tui: needs a terminal: stdin is not a terminal\n"
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.web_driver:WebDriver")  # textual serve: pipes
    assert play_command.missing_terminal() is None


async def test_a_crash_under_pilot_fails_the_test_and_leaves_one_line(isolated_saves, capsys):
    from sherwood_tui.ui.app import SherwoodApp

    class Crashing(SherwoodApp):
        def on_mount(self) -> None:
            hand = ["Bishop's Chalice", "Silver Cup"]  # a local value Textual would print
            raise RuntimeError(f"boom with {len(hand)} cards")

    with pytest.raises(RuntimeError, match="boom"):
        async with Crashing().run_test():
            pass
    err = capsys.readouterr().err
    assert err.startswith(CRASH_LINE) and err.count("\n") == 1 and "Chalice" not in err
    (crash,) = isolated_saves.parent.glob("crash-*.log")
    text = crash.read_text()
    assert "Traceback" in text and "boom with 2 cards" in text and "Chalice" not in text


def test_an_error_outside_textual_gets_the_same_line(monkeypatch, capsys, isolated_saves):
    import sherwood_tui.ui.app

    def broken(*args, **kwargs):
        raise RuntimeError("cannot build the app")

    monkeypatch.setattr(play_command, "missing_terminal", lambda: None)
    monkeypatch.setattr(sherwood_tui.ui.app, "SherwoodApp", broken)
    assert commands.run(["play"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(CRASH_LINE) and err.count("\n") == 1
    assert "cannot build the app" in next(isolated_saves.parent.glob("crash-*.log")).read_text()


def test_a_crash_file_that_cannot_be_written_is_named_in_the_line(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    line = write_crash_report(RuntimeError("boom"), folder=blocker)
    assert line.startswith(CRASH_LINE + "details could not be written: ") and "\n" not in line
