"""Crash and resume in a real terminal: the app runs in a pseudo-terminal, is killed
(SIGKILL) at random moments of a game, and started again from its save. No save is
ever damaged, and each restart goes on from the last action saved before the kill."""

from __future__ import annotations

import fcntl
import os
import pty
import random
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pytest

from sherwood_tui import catalog
from sherwood_tui.core.contract import Player
from sherwood_tui.core.saves import list_saves, load_session, write_save
from sherwood_tui.core.session import Session

KILLS = 4


class TerminalApp:
    """`sherwood-tui resume FILE` in a pseudo-terminal of 100x30, its output drained."""

    def __init__(self, save: Path, saves_dir: Path) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        env = {**os.environ, "TERM": "xterm-256color", "SHERWOOD_TUI_DATA": str(saves_dir.parent)}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "sherwood_tui", "--saves", str(saves_dir), "--bot-delay", "0.05",
             "resume", str(save)],
            stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
        )
        os.close(slave)
        self.master = master
        self.output = bytearray()
        self.reader = threading.Thread(target=self._drain, daemon=True)
        self.reader.start()

    def _drain(self) -> None:
        while True:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                return
            if not chunk:
                return
            self.output += chunk

    def wait_for_drawing(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while len(self.output) < 2000:
            assert self.process.poll() is None, f"the app stopped: {bytes(self.output[-2000:])!r}"
            assert time.monotonic() < deadline, "the app drew nothing"
            time.sleep(0.05)

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        os.close(self.master)
        self.reader.join(timeout=5)


def dumped(session: Session) -> list[dict]:
    return [session.game.dump_action(a) for a in session.actions]


@pytest.mark.slow
@pytest.mark.parametrize("game_id,players", [("sheriff", 3), ("sherwood", 2)])
def test_killed_app_resumes_from_its_last_saved_action(tmp_path, game_id, players):
    game = catalog.get(game_id).load()
    seats = [Player(name=name, bot="random") for name in ("Robin", "Marian", "Much")[:players]]
    saves = tmp_path / "saves"
    save = saves / f"{game_id}-crash.json"
    write_save(Session(game, seats, {}, seed=5), save)
    rnd = random.Random(f"crash-{game_id}")
    saved: list[dict] = []
    grew = 0
    for kill in range(KILLS):
        app = TerminalApp(save, saves)
        try:
            app.wait_for_drawing()
            time.sleep(rnd.uniform(0.2, 1.0))  # a random moment of the game, maybe mid-write
        finally:
            app.kill()
        session = load_session(save)  # never damaged: SaveError would fail the test
        now = dumped(session)
        assert now[: len(saved)] == saved, f"kill {kill + 1}: the restart did not go on from the save"
        grew += len(now) > len(saved)
        saved = now
        summaries, problems = list_saves(saves)
        assert problems == [] and [s.path for s in summaries] == [save]
        if session.is_over:
            break
    assert grew >= 2, "the bots hardly moved: the app did not run between the kills"
