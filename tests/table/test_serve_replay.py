"""A finished game of the server replayed from the lobby (`r`, table/seat_replay.py): it
steps both ways and shows only what the player's own seat saw, a spectator the public
table only; the server names the save and the seat for the key, and only for a finished
table (a private one's code for a key that did not sit there)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.app import App

from sherwood_tui import catalog
from sherwood_tui.core.saves import write_save
from sherwood_tui.core.session import Session
from sherwood_tui.table import serve as serve_module
from sherwood_tui.table.lobby import LobbyApp
from sherwood_tui.table.protocol import TableRefusal
from sherwood_tui.table.seat_replay import RemoteSeatReplay, SeatReplay, SeatReplayScreen, step_from_json
from sherwood_tui.table.serve import Place, ServedTable, TableServer
from sherwood_tui.workbench.replay import Replay
from tests.contract_checks import players, random_game
from tests.table.test_serve import DEADLINE, MARIAN, MUCH, ROBIN, Lobby, serving
from tests.ui.helpers import screen_text, widget_texts

KEYS = (ROBIN, MARIAN, MUCH)


def finished_save(folder: Path, game_id: str, seed: int) -> Path:
    """A save of a whole random game of three (Robin, Marian, Much)."""
    game = catalog.get(game_id).load()
    _, actions = random_game(game, 3, seed)
    path = folder / f"{game_id}-{seed}.json"
    write_save(Session.replay(game, players(3), {}, seed, actions), path)
    return path


def finished_table(server: TableServer, save: Path, code: str | None = None) -> ServedTable:
    """A finished table of the server, its seats Robin's, Marian's and Much's keys."""
    table = ServedTable(id="7", game_id="sheriff", options={}, code=code, creator=ROBIN, save=save.name, finished=True,
                        places=[Place(key=key, name=name) for key, name in zip(KEYS, ("Robin", "Marian", "Much"),
                                                                                strict=True)])
    server.tables[table.id] = table
    return table


class ReplayApp(App[None]):
    def __init__(self, replay: SeatReplay) -> None:
        super().__init__()
        self.replay = replay

    def on_mount(self) -> None:
        self.push_screen(SeatReplayScreen(self.replay))


def step_of(app: App[None]) -> int:
    title = screen_text(app).splitlines()[0]
    return int(title.split("step ")[1].split(" /")[0])


@pytest.mark.parametrize("game_id,seed", [("sheriff", 2), ("sherwood", 7), ("bleeding-sherwood", 4)])
@pytest.mark.parametrize("seat", [0, 2, None])
async def test_a_replay_shows_its_seats_own_secrets_and_never_another_seats(tmp_path, game_id, seed, seat):
    """At every step, the replay of one seat holds (drawn or in a widget) no secret of
    any other seat, and shows its own; a spectator's shows no seat's secret."""
    game = catalog.get(game_id).load()
    path = finished_save(tmp_path, game_id, seed)
    replay = SeatReplay(Replay.open(path), seat)
    whole = Replay.open(path)  # the designer's replay: every seat's secrets, to look for
    app = ReplayApp(replay)
    own_seen = own_steps = 0
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SeatReplayScreen)
        assert "s" not in {key for binding in screen.BINDINGS for key in str(binding.key).split(",")}  # type: ignore[union-attr]
        for step in range(replay.steps + 1):
            replay.go(step)
            screen.show()
            state = whole.state_at(step)
            own = game.secret_texts(state, seat) if seat is not None else set()
            others = set().union(*(game.secret_texts(state, s) for s in range(3) if s != seat)) - own
            held = widget_texts(screen)
            if step % 20 == 0 or step == replay.steps:
                await pilot.pause()
                held += screen_text(app)
            leaks = sorted(secret for secret in others if secret in held)
            assert not leaks, f"step {step} as seat {seat} shows {leaks}"
            own_seen += any(secret in held for secret in own)
            own_steps += bool(own)
    if seat is not None:
        assert own_seen == own_steps > 0, "the seat's own secrets are shown at every step it has some"


async def test_a_replay_steps_both_ways_by_keys_and_goes_back_with_escape(tmp_path):
    replay = SeatReplay(Replay.open(finished_save(tmp_path, "sheriff", 2)), 1)
    steps = replay.steps
    app = ReplayApp(replay)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert step_of(app) == 0 and "as Marian" in screen_text(app).splitlines()[0]
        for key, step in (("right", 1), ("l", 2), ("n", 3), ("left", 2), ("h", 1), ("p", 0), ("p", 0),
                          ("pagedown", 10), ("pageup", 0), ("end", steps), ("right", steps), ("left", steps - 1),
                          ("home", 0)):
            await pilot.press(key)
            await pilot.pause()
            assert step_of(app) == step, key
        await pilot.press("s")  # no key shows every seat
        await pilot.pause()
        assert "designer" not in screen_text(app) and "Much's secrets" not in widget_texts(app.screen)
        await pilot.press("end")
        await pilot.pause()
        assert "Game over" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, SeatReplayScreen)


async def test_the_server_gives_a_finished_tables_save_and_the_keys_seat_only(tmp_path):
    async with serving(tmp_path) as server:
        save = finished_save(server.tables_folder, "sheriff", 2)
        table = finished_table(server, save, code="1234-5678")
        assert server.replay_for(MARIAN, "7") == (save, 1)
        with pytest.raises(TableRefusal, match="private"):
            server.replay_for("SHA256:will-key", "7")
        assert server.replay_for("SHA256:will-key", "7", "1234-5678") == (save, None)  # a spectator's
        table.finished = False
        with pytest.raises(TableRefusal, match="not over"):
            server.replay_for(ROBIN, "7")
        table.finished = True

        server._know(MUCH)
        lobby = await Lobby.open(server, MUCH)
        await lobby.send({"type": "replay_step", "table": "7", "step": 3})
        assert "closed" in (await lobby.next("refused"))["message"]  # no replay is open
        await lobby.send({"type": "replay", "table": "7"})
        answer = await lobby.next("replay")
        assert answer["seat"] == 2 and answer["viewer"] == "Much" and "save" not in answer
        game = catalog.get("sheriff").load()
        first = step_from_json(game, answer["at"])
        assert first.step == 0 and first.feed.seat == 2
        whole = Replay.open(save)
        for asked, shown in ((5, 5), (first.steps + 40, first.steps)):
            await lobby.send({"type": "replay_step", "table": "7", "step": asked})
            at = step_from_json(game, (await lobby.next("replay_step"))["at"])
            assert at.step == shown and at.feed.seat == 2
            state = whole.at(shown).state
            assert at.feed.view == game.view(state, 2)  # its own view, and no other seat's
        lobby.close()


async def open_replay(app: LobbyApp, pilot: Any) -> None:
    """Wait for the lobby's listing, press r on its first row, wait for the replay."""
    deadline = asyncio.get_running_loop().time() + DEADLINE
    while not app.lobby_screen.rows:
        assert asyncio.get_running_loop().time() < deadline, "no listing came"
        await pilot.pause(0.05)
    await pilot.press("r")
    while not isinstance(app.screen, SeatReplayScreen):
        assert asyncio.get_running_loop().time() < deadline, "no replay came"
        await pilot.pause(0.05)


async def test_r_in_the_lobby_replays_a_finished_game_as_the_players_seat(tmp_path):
    async with serving(tmp_path) as server:
        save = finished_save(server.tables_folder, "sheriff", 2)
        finished_table(server, save)
        server._know(MARIAN)
        app = LobbyApp(server.socket_path, server.issue_ticket("play", MARIAN))
        async with app.run_test(size=(100, 30)) as pilot:
            await open_replay(app, pilot)
            assert app.screen.replay.seat == 1 and "as Marian" in screen_text(app).splitlines()[0]
            await pilot.press("right", "right", "left", "pagedown")  # each step asked of the server
            deadline = asyncio.get_running_loop().time() + DEADLINE
            while step_of(app) != 11:
                assert asyncio.get_running_loop().time() < deadline, f"at step {step_of(app)}, not 11"
                await pilot.pause(0.05)
            assert app.screen.replay.position.feed.seat == 1
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is app.lobby_screen
            await pilot.press("ctrl+q")
            await pilot.pause()


async def test_a_crash_in_the_lobbys_replay_writes_a_crash_file_and_never_a_traceback_with_locals(
        tmp_path, monkeypatch):
    """A crash in the lobby's replay must not draw Textual's traceback with its local
    values on the player's terminal."""
    monkeypatch.setenv("SHERWOOD_TUI_DATA", str(tmp_path / "data"))

    def broken(self: SeatReplayScreen, by: int) -> None:
        others_hand = "the other seat's secret hand"  # a local Textual would print
        raise RuntimeError(f"broken step {by} {len(others_hand)}")

    monkeypatch.setattr(SeatReplayScreen, "action_step", broken)
    async with serving(tmp_path) as server:
        finished_table(server, finished_save(server.tables_folder, "sheriff", 2))
        server._know(MARIAN)
        app = LobbyApp(server.socket_path, server.issue_ticket("play", MARIAN))
        with pytest.raises(RuntimeError, match="broken step"):
            async with app.run_test(size=(100, 30)) as pilot:
                await open_replay(app, pilot)
                await pilot.press("right")
                await pilot.pause()
    assert not app._exit_renderables  # no rendered traceback is printed as the app ends
    crash_files = list((tmp_path / "data").glob("crash-*.log"))
    assert len(crash_files) == 1 and "broken step" in crash_files[0].read_text(encoding="utf-8")
    assert "secret hand" not in crash_files[0].read_text(encoding="utf-8")  # no local values


def test_the_lobby_asks_for_one_step_at_a_time_and_then_for_the_step_reached(tmp_path):
    """A held key in the lobby's replay never floods the server: one question is out at a
    time, and when its answer comes the step the player has reached since is asked for."""
    replay = SeatReplay(Replay.open(finished_save(tmp_path, "sheriff", 2)), 1)
    asked: list[int] = []
    remote = RemoteSeatReplay("t", "Marian", replay.at(0), asked.append, seat=1)
    for _ in range(5):
        remote.move(1)
    assert asked == [1] and remote.position.step == 0 and remote.step == 5
    remote.arrived(replay.at(1))
    assert asked == [1, 5] and remote.position.step == 1
    remote.arrived(replay.at(5))
    assert asked == [1, 5] and remote.position.step == 5
    remote.move(1)
    remote.refused()  # too many steps at once: it stays, and the next key asks again
    assert remote.position.step == 5 and remote.step == 5
    remote.move(1)
    assert asked == [1, 5, 6, 6]


async def test_a_replays_steps_have_a_budget_of_their_own_beside_the_lobbys_requests(tmp_path, monkeypatch):
    """Stepping through a replay is not held to the lobby's 2 requests a second, but has
    a bound of its own (each step is made by the server)."""
    monkeypatch.setattr(serve_module, "REPLAY_BURST", 3)
    monkeypatch.setattr(serve_module, "REPLAY_RATE", 0.01)
    monkeypatch.setattr(serve_module, "LOBBY_BURST", 2)
    async with serving(tmp_path) as server:
        finished_table(server, finished_save(server.tables_folder, "sheriff", 2))
        server._know(MARIAN)
        lobby = await Lobby.open(server, MARIAN)
        await lobby.send({"type": "replay", "table": "7"})
        await lobby.next("replay")
        for step in (1, 2, 3):
            await lobby.send({"type": "replay_step", "table": "7", "step": step})
            await lobby.next("replay_step")
        await lobby.send({"type": "replay_step", "table": "7", "step": 4})
        assert "Not so fast" in (await lobby.next("refused"))["message"]
        lobby.close()
