"""The apps outside the snapshot set are readable too, checked cell by cell as
`test_contrast.py` checks the game app (its rules: `contrast.py`): the replay viewer,
the host's console and the seat app's own screens (connecting, waiting, the table
closed), each drawn once and read in every mode (true colour, 16 colours, NO_COLOR).
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from sherwood_tui import catalog
from sherwood_tui.core.contract import Player
from sherwood_tui.core.saves import write_save
from sherwood_tui.core.session import Session
from sherwood_tui.table.seat_app import SeatApp
from sherwood_tui.table.seat_screens import MessageScreen, WaitingScreen
from sherwood_tui.ui.replay import ReplayApp
from sherwood_tui.workbench.replay import Replay
from tests.contract_checks import players, random_game
from tests.ui.contrast import MODES, Run, problems, runs

DEADLINE = 30.0
SHOWN = 12


def faint_text(found: list[Run], where: str) -> str:
    """'' when every text reads in every mode; else the problems, listed."""
    faint = [problem for mode in MODES for problem in problems(found, mode)]
    listed = "\n".join(f"  {problem}" for problem in faint[:SHOWN])
    more = f"\n  ... and {len(faint) - SHOWN} more" if len(faint) > SHOWN else ""
    return f"{where}: {len(faint)} pieces of text below 4.5:1\n{listed}{more}" if faint else ""


async def settled(pilot, condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + DEADLINE
    while not condition():
        assert time.monotonic() < deadline, f"never: {what}"
        await pilot.pause(0.01)
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


@pytest.fixture(autouse=True)
def in_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)


async def test_the_replay_viewer_is_readable(tmp_path: Path) -> None:
    game = catalog.get("sheriff").load()
    _, actions = random_game(game, 3, 2)
    path = tmp_path / "kept.json"
    write_save(Session.replay(game, players(3), {}, 2, actions), path)
    app = ReplayApp(Replay.open(path))
    found: dict[str, list[Run]] = {}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("right", "right", "right", "s")  # a step, and every seat's secrets
        await settled(pilot, lambda: "secrets shown" in "".join(r.text for r in runs(app)), "the secrets")
        found["a step with secrets"] = runs(app)
        await pilot.press("f1")
        await settled(pilot, lambda: type(app.screen).__name__ == "HelpScreen", "help")
        found["help"] = runs(app)
    faint = [text for where, drawn in found.items() if (text := faint_text(drawn, f"replay, {where}"))]
    assert not faint, "\n".join(faint)


async def test_the_hosts_console_is_readable(tmp_path: Path) -> None:
    from sherwood_tui.table.host import OpenTable, TableSettings
    from sherwood_tui.table.host_app import HostApp
    from tests.table.test_host import KEY_A, FakeSeat, hosting

    async with hosting(tmp_path, "bleeding-sherwood", ["Robin", "Marian", "Will"], bots={2: "sensible"}) as host:
        robin = await FakeSeat.join(host, "robin", KEY_A)  # noqa: F841  (kept: connected)
        app = HostApp(OpenTable(host, TableSettings(ssh_port=2222, web_port=None)))
        found: dict[str, list[Run]] = {}
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await settled(pilot, lambda: "connected" in "".join(r.text for r in runs(app)), "the seats")
            found["the table"] = runs(app)
            await pilot.press("b")  # Robin is connected: refused, in a toast
            await settled(pilot, lambda: bool(app._notifications), "the refusal")
            found["a refusal"] = runs(app)
        assert "Warning" in "".join(run.text for run in found["a refusal"])  # the toast says so
    faint = [text for where, drawn in found.items() if (text := faint_text(drawn, f"host, {where}"))]
    assert not faint, "\n".join(faint)


async def test_the_seat_apps_own_screens_are_readable() -> None:
    from tests.table.test_seat_app import StubHost

    game = catalog.get("bleeding-sherwood").load()
    session = Session(game, [Player(name=name) for name in ("Robin", "Marian", "Much")], {}, 3)
    me = next(seat for seat in range(3) if seat not in game.to_act(session.state))
    found: dict[str, list[Run]] = {}
    with tempfile.TemporaryDirectory(prefix="seat-") as folder:  # a Unix socket's path is short
        host = StubHost(session, me)
        host.away = {game.to_act(session.state)[0]}
        await host.start(Path(folder) / "host.sock")
        app = SeatApp(Path(folder) / "host.sock", "ticket-1", close_delay=3600)
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                await settled(pilot, lambda: isinstance(app.screen, MessageScreen), "connecting")
                found["connecting"] = runs(app)
                await host.welcome()
                await settled(pilot, lambda: isinstance(app.screen, WaitingScreen)
                              and "away" in "".join(r.text for r in runs(app)), "the waiting screen")
                found["waiting"] = runs(app)
                await host.tell({"type": "closed", "message": "The host closed the table."})
                await settled(pilot, lambda: bool(app.farewell) and isinstance(app.screen, MessageScreen)
                              and "Enter" in "".join(r.text for r in runs(app)), "the table closed")
                found["closed"] = runs(app)
                app.exit()
        finally:
            await host.stop()
    faint = [text for where, drawn in found.items() if (text := faint_text(drawn, f"seat, {where}"))]
    assert not faint, "\n".join(faint)
