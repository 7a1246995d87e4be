"""Crash and resume in a real terminal: the app runs in a pseudo-terminal, is killed
(SIGKILL) at random moments of a game, and started again from its save. No save is
ever damaged, and each restart goes on from the last action saved before the kill."""

from __future__ import annotations

import random
import time

import pytest

from sherwood_tui import catalog
from sherwood_tui.core.contract import Player
from sherwood_tui.core.saves import list_saves, load_session, write_save
from sherwood_tui.core.session import Session
from tests.pty_app import PtyApp

KILLS = 4


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
        app = PtyApp(["--saves", str(saves), "--bot-delay", "0.05", "resume", str(save)], saves.parent)
        try:
            app.wait_for("Scores")  # a game screen is drawn
            time.sleep(rnd.uniform(0.2, 1.0))  # a random moment of the game, maybe mid-write
        finally:
            app.close()  # SIGKILL
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
