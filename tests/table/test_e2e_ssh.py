"""A table played end to end, as players would: a host with its SSH server, and each
player at their own terminal (an asyncssh client with a pseudo-terminal, its screen read
by a terminal emulator), pressing keys. The seat processes are the real seat app.

Whole games, privacy of every byte a seat was sent, a dropped seat that comes back with
the same key, and a host that is closed and opened again on the same save."""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path

import asyncssh
import pytest

from sherwood_tui import catalog
from sherwood_tui.core.contract import Player
from sherwood_tui.core.saves import new_save_path
from sherwood_tui.core.session import Session
from sherwood_tui.table.host import OpenTable, TableHost, TableSettings
from tests.table.ssh_seat import SshSeat

pytestmark = pytest.mark.slow
DEADLINE = 60.0  # seconds a whole game may take to move on (never a measure of speed)
CSI = re.compile(rb"\x1b(\[[0-9;?<>=$]*[ -/]*[@-~]|[()][0-9A-Za-z]|[=>78])")


def seen(data: bytes) -> str:
    """What a stream of terminal output can show: its text, escape sequences removed,
    spaces folded."""
    return " ".join(CSI.sub(b"", bytes(data)).decode("utf-8", "replace").split())


async def open_table(tmp_path: Path, host: TableHost) -> OpenTable:
    table = OpenTable(host, TableSettings(ssh_port=0, web_port=None, host_key=tmp_path / "host_key"))
    await table.start()
    return table


def new_host(tmp_path: Path, game_id: str, names: list[str], seed: int) -> TableHost:
    game = catalog.get(game_id).load()
    session = Session(game, [Player(name=name) for name in names], {}, seed)
    return TableHost(session, new_save_path(game_id, tmp_path / "saves"), bot_delay=0.05)


async def join(table: OpenTable, login: str, key, *, code: bool) -> SshSeat:
    """A player connects; the first time with this key they type the join code."""
    if code:
        return await SshSeat.join(table.ssh.port, login, key, table.host.join_code)
    return await SshSeat.connect(table.ssh.port, login, key)


class Privacy:
    """Checks that no seat was ever sent another seat's secrets: every new byte each
    seat received, and its screen, against the secrets of the other seats now."""

    def __init__(self, host: TableHost, seats: dict[int | None, SshSeat]) -> None:
        self.host, self.seats = host, seats  # seat None: a spectator
        self.checked = {number: 0 for number in seats}
        self.own_seen = 0

    def check(self) -> None:
        session = self.host.session
        for number, seat in self.seats.items():
            new = seen(seat.received[self.checked[number]:]) + " " + " ".join(seat.text().split())
            self.checked[number] = len(seat.received)
            for other in range(len(session.players)):
                secrets = session.game.secret_texts(session.state, other)
                if other == number:
                    self.own_seen += any(secret in new for secret in secrets)
                    continue
                for secret in secrets:
                    assert secret not in new, f"seat {number} was sent seat {other}'s secret {secret!r}"


async def play_on(seats: dict[int | None, SshSeat], privacy: Privacy, until, gap: float = 0.3) -> None:
    """Each player presses Enter whenever their screen waits for them (their decision: it
    takes the highlighted choice; a summary: it goes on), until `until()`; the privacy of
    every byte is checked all along. A player's keys come further apart than
    auto-repeat's (a held key does not act on a new screen)."""
    deadline = time.monotonic() + DEADLINE
    moves = len(privacy.host.session.actions)
    pressed = dict.fromkeys(seats, 0.0)
    while not until():
        for number, seat in seats.items():
            waited_for = seat.shows("Waiting for you") or seat.shows("Enter to go on")
            if waited_for and time.monotonic() - pressed[number] >= gap:
                seat.press("enter")
                pressed[number] = time.monotonic()
        await asyncio.sleep(0.05)
        privacy.check()
        if len(privacy.host.session.actions) != moves:
            moves, deadline = len(privacy.host.session.actions), time.monotonic() + DEADLINE
        assert time.monotonic() < deadline, "the game stopped moving:\n" + "\n\n".join(s.text() for s in seats.values())


async def test_a_whole_bleeding_sherwood_game_over_ssh_with_a_drop_and_a_restart(tmp_path):
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(2)]
    host = new_host(tmp_path, "bleeding-sherwood", ["Robin", "Marian"], seed=11)
    save = host.save_path
    table = await open_table(tmp_path, host)
    seats: dict[int | None, SshSeat] = {
        0: await join(table, "robin", keys[0], code=True), 1: await join(table, "marian", keys[1], code=True)}
    privacy = Privacy(host, seats)
    try:
        for seat in seats.values():
            await seat.wait_for("Bleeding Sherwood", "Round 1")
        # a player's window grows: their seat follows (its key bar moves to the new last row)
        seats[0].resize(100, 30)
        await wait_until(lambda: "Quit" in seats[0].screen.display[29])
        await play_on(seats, privacy, lambda: len(host.session.actions) >= 20)

        # Marian's connection dies: the table says she is away, and waits for her
        await seats[1].drop()
        await seats[0].wait_for("Marian", "away")
        seats[1] = await join(table, "marian", keys[1], code=False)  # the same key: no code
        await seats[1].wait_for("Bleeding Sherwood")
        assert not seats[1].shows("join code")
        privacy.checked[1] = 0
        await play_on(seats, privacy, lambda: len(host.session.actions) >= 50)

        # the host closes mid-game and opens again on the save: the same keys take
        # the same seats back without the code, and the game goes on where it was
        played, own_seen = list(host.session.actions), privacy.own_seen
        for seat in seats.values():
            await seat.close()
        await table.close()
        host = TableHost.resume(save, bot_delay=0.05)
        assert host.session.actions == played
        table = await open_table(tmp_path, host)
        seats = {0: await join(table, "robin", keys[0], code=False), 1: await join(table, "marian", keys[1], code=False)}
        privacy = Privacy(host, seats)
        await play_on(seats, privacy, lambda: all(seat.shows("final scores") for seat in seats.values()))
        assert host.session.is_over
        # (late in a game the hands are often empty: the count is over the whole game)
        assert own_seen + privacy.own_seen, "the check never saw a seat's own secrets: it would not see a leak either"
        winner = host.session.players[host.session.game.winners(host.session.state)[0]].name
        for seat in seats.values():
            assert seat.shows(f"{winner} wins")
    finally:
        for seat in seats.values():
            await seat.close()
        await table.close()


def view_of(host: TableHost):
    return host.session.game.public_view(host.session.state)


async def test_sheriff_merchants_load_at_the_same_time_declare_in_turn_and_a_spectator_sees_the_table(tmp_path):
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(4)]
    host = new_host(tmp_path, "sheriff", ["Robin", "Marian", "Much"], seed=5)
    table = await open_table(tmp_path, host)
    seats: dict[int | None, SshSeat] = {}
    try:
        for seat, login in enumerate(["robin", "marian", "much"]):
            seats[seat] = await join(table, login, keys[seat], code=True)
        seats[None] = await join(table, "watch", keys[3], code=True)
        privacy = Privacy(host, seats)
        # the market, one merchant after the other, until every merchant loads a bag
        await play_on({n: s for n, s in seats.items() if n is not None}, privacy,
                      lambda: view_of(host).step == "load")
        merchants = [seat for seat in view_of(host).to_act]
        assert len(merchants) == 2 and view_of(host).sheriff not in merchants
        first, second = (seats[m] for m in merchants)
        for seat in (first, second):
            await seat.wait_for("Load bag")
        # both mark a card at once; the first loads; the second's marked card is still
        # marked when it loads (the other's move did not rebuild its screen)
        first.press("space")
        second.press("space")
        await asyncio.sleep(0.4)
        first.press("enter")
        await wait_until(lambda: view_of(host).seats[merchants[0]].bag_count == 1)
        await asyncio.sleep(0.4)
        privacy.check()
        assert view_of(host).step == "load" and view_of(host).to_act == (merchants[1],)
        second.press("enter")
        await wait_until(lambda: view_of(host).step == "declare")
        assert [view_of(host).seats[m].bag_count for m in merchants] == [1, 1]
        # the rulebook has them declare one by one, clockwise from the Sheriff: each on
        # their own screen as soon as the one before has declared
        for _ in merchants:
            declarer = view_of(host).to_act[0]
            await seats[declarer].wait_for("Declare")
            await asyncio.sleep(0.4)
            seats[declarer].press("enter")
            await wait_until(lambda d=declarer: view_of(host).seats[d].declaration is not None)
        assert view_of(host).step not in ("load", "declare")
        await asyncio.sleep(1)
        privacy.check()
        assert privacy.own_seen
        spectator = seats[None]
        await spectator.wait_for("You are watching")
        assert not spectator.shows("Load bag") and not spectator.shows("Declare")
    finally:
        for seat in seats.values():
            await seat.close()
        await table.close()


async def wait_until(condition, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the table never got there"
        await asyncio.sleep(0.05)
