"""Failed saves stay in sight: with a saves folder that cannot be written (its parent is
a file, as a read-only or full disk would fail), every game screen carries a line naming
the folder and the error until a save succeeds; the quit dialog tells the truth and saves
the game in another folder; exiting with moves unsaved ends with status 3 and a line."""

from __future__ import annotations

import subprocess
import sys

from sherwood_tui import catalog
from sherwood_tui.core.contract import Player
from sherwood_tui.core.saves import load_session
from sherwood_tui.ui.app import SherwoodApp
from sherwood_tui.ui.game_screen import GameScreen
from sherwood_tui.ui.screens import QuitScreen
from tests.ui.helpers import screen_text, widget_texts

PLAYERS = [Player(name="Robin"), Player(name="Much", bot="random")]


def broken_folder(tmp_path):
    (tmp_path / "file").write_text("not a folder")
    return tmp_path / "file" / "saves"


async def play(pilot, moves: int) -> None:
    app = pilot.app
    for _ in range(200):
        if len(app.session.actions) >= moves:
            return
        screen = app.screen
        if (isinstance(screen, GameScreen) and screen.is_mounted and not screen.decided
                and app.session.players[screen.seat].bot is None):
            screen.submit(app.session.game.legal_actions(app.session.state, screen.seat)[0])
        await pilot.pause()
    raise AssertionError("the game did not move")


async def test_failed_save_line_on_every_game_screen_until_a_save_succeeds(tmp_path):
    folder = broken_folder(tmp_path)
    app = SherwoodApp(saves_dir=folder, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.start_game(catalog.get("bleeding-sherwood"), PLAYERS, {}, seed=2)
        await pilot.pause()
        line = "! This game is not saved (Ctrl+Q: options): Not a directory: /"
        assert line in screen_text(app)
        await play(pilot, 3)
        text = screen_text(app)
        assert line in text
        # The quit dialog tells the truth and saves elsewhere; then the line goes.
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        text = screen_text(app)
        assert "This game is not saved: " in text
        assert "saved after every move" not in text
        elsewhere = tmp_path / "elsewhere"
        await pilot.press("s")
        await pilot.pause()
        await pilot.press(*str(elsewhere), "enter")
        await pilot.pause()
        assert f"It is saved in {elsewhere} after every move" in widget_texts(app.screen)
        await pilot.press("n")
        await pilot.pause()
        assert "not saved" not in screen_text(app)
        (saved,) = elsewhere.glob("*.json")
        assert load_session(saved).actions == app.session.actions
        await play(pilot, len(app.session.actions) + 1)
        assert load_session(saved).actions == app.session.actions  # later moves go there too


async def test_quit_dialog_counts_the_moves_not_saved(tmp_path, monkeypatch):
    import sherwood_tui.core.saves as saves

    app = SherwoodApp(saves_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.start_game(catalog.get("bleeding-sherwood"), PLAYERS, {}, seed=2)
        await play(pilot, 2)
        saved = len(app.session.actions)

        def full_disk(session, path):
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(saves, "write_save", full_disk)
        await play(pilot, saved + 3)
        lost = len(app.session.actions) - saved
        await pilot.press("ctrl+q")
        await pilot.pause()
        text = screen_text(app)
        assert f"The last {lost} moves are not saved" in text and "No space left on device" in text
        await pilot.press("x")
        await pilot.pause()
    assert app.return_code == 3
    assert app.unsaved_note.startswith(f"the last {lost} moves of a game could not be saved")


def test_exit_with_unsaved_moves_says_so_with_status_3(tmp_path):
    """Through the command line: the line on the terminal and the status."""
    script = f"""
import sys
from sherwood_tui.commands import play as cli
from sherwood_tui.ui.app import SherwoodApp
class Quits(SherwoodApp):
    def on_mount(self):
        super().on_mount()
        self.save_problem, self.saved_actions = "/x: Read-only file system", None
        self.unsaved = lambda: "the last 2 moves"  # as after two moves that failed to save
        self.call_later(self.exit_unsaved)
import sherwood_tui.ui.app as app_module
app_module.SherwoodApp = Quits
sys.exit(cli.run_app(__import__("pathlib").Path({str(tmp_path)!r}), None, 0))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                          env={"TEXTUAL_DRIVER": "textual.drivers.headless_driver:HeadlessDriver", "PATH": "/usr/bin:/bin"})
    assert done.returncode == 3, done.stderr[-1000:]
    assert done.stderr.strip().splitlines()[-1] == (
        "sherwood-tui: the last 2 moves of a game could not be saved (/x: Read-only file system)")
