"""One writer per save: two windows (processes, each in its own pseudo-terminal) on one
save. The second is refused with one line naming the first's process, from the command
line and from the Continue list; once the first is gone (even killed), the save opens."""

from __future__ import annotations

import json

import pytest

from sherwood_tui import catalog
from sherwood_tui.core.contract import Player
from sherwood_tui.core.errors import SaveError
from sherwood_tui.core.savelock import SaveLock, holder_of, lock_path
from sherwood_tui.core.saves import write_save
from sherwood_tui.core.session import Session
from tests.pty_app import PtyApp


def two_human_save(folder):
    game = catalog.get("bleeding-sherwood").load()
    players = [Player(name="Robin"), Player(name="Marian"), Player(name="Much", bot="random")]
    save = folder / "saves" / "bleeding-sherwood-two.json"
    write_save(Session(game, players, {}, seed=4), save)
    return save


def test_save_lock_names_its_holder_and_lets_go(tmp_path):
    save = tmp_path / "game.json"
    lock = SaveLock(save).acquire()
    assert holder_of(save) is not None
    with pytest.raises(SaveError, match=r"game.json: this game is open in another window \(process \d+\)"):
        SaveLock(save).acquire()
    lock.release()
    assert holder_of(save) is None and not lock_path(save).exists()
    SaveLock(save).acquire().release()


@pytest.mark.slow
def test_second_window_on_one_save_is_refused_until_the_first_is_gone(tmp_path):
    save = two_human_save(tmp_path)
    saves = save.parent
    first = PtyApp(["--saves", str(saves), "resume", str(save)], tmp_path)
    try:
        first.wait_for("Pass the terminal")
        pid = first.process.pid
        # From the command line: one line naming the first window's process, status 2.
        second = PtyApp(["--saves", str(saves), "resume", str(save)], tmp_path)
        try:
            status, _ = second.wait(30)
            assert status == 2
            said = second.text_since(0)
            assert f"this game is open in another window (process {pid})" in said
            assert "Traceback" not in said
        finally:
            second.close()
        # From the Continue list: the game is not opened, and the reason is shown.
        third = PtyApp(["--saves", str(saves)], tmp_path)
        try:
            third.wait_for("Continue a saved game")
            mark = third.mark()
            third.type(b"c")
            # (a key typed before the list is up is for the picker, and never acts on the list)
            third.wait_for("Enter continues the highlighted game", since=mark)
            mark = third.mark()
            third.type(b"\r")
            # A toast, wrapped over lines and drawn in pieces; the key bar's help also says "first".
            third.wait_for("Cannot continue", since=mark)
            third.wait_for_words(f"this game is open in another window (process {pid}); close it there first", since=mark)
            third.type(b"\x11")  # Ctrl+Q
            third.wait(30)
        finally:
            third.close()
        before = json.loads(save.read_text())
    finally:
        first.close()  # SIGKILL: its lock goes with it
    assert json.loads(save.read_text()) == before  # nobody wrote over the first window's save
    again = PtyApp(["--saves", str(saves), "resume", str(save)], tmp_path)
    try:
        again.wait_for("Pass the terminal")
    finally:
        again.close()


def test_save_lock_lets_go_when_its_folder_is_gone(tmp_path):
    """Releasing never fails: the saves folder may have vanished or become a file."""
    import shutil

    folder = tmp_path / "saves"
    lock = SaveLock(folder / "game.json").acquire()
    shutil.rmtree(folder)
    folder.write_text("now a file")
    lock.release()
    assert lock.fd is None
