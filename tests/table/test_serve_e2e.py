"""`sherwood-tui serve` end to end, as players would: the server and its SSH door, and
each player at their own terminal (an asyncssh client with a pseudo-terminal, read by a
terminal emulator), pressing keys in the lobby; the lobby and seat processes are the
real ones. Three players through the lobby, a whole Sheriff game with a bot, table talk
that stays at its table, the rematch with the same seats; and a server killed with
SIGKILL mid-game that opens again with every table as it was."""

from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import asyncssh
import pytest

from sherwood_tui.core.bots import bot_action
from sherwood_tui.core.steps import as_moves
from sherwood_tui.table.host import TableHost
from sherwood_tui.table.serve import TableServer
from sherwood_tui.table.ssh import start_ssh_server
from tests.table.ssh_seat import SshSeat
from tests.table.test_e2e_ssh import Privacy, seen
from tests.table.test_host import FakeSeat

pytestmark = pytest.mark.slow
DEADLINE = 60.0  # seconds a step may take to come (never a measure of speed)


async def wait_until(condition, timeout: float = DEADLINE, what: str = "the server never got there") -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, what
        await asyncio.sleep(0.05)


async def come_in(port: int, key, code: str | None) -> SshSeat:
    """A player connects (any login name): the server's code the first time, then the lobby."""
    player = await (SshSeat.join(port, "play", key, code) if code else SshSeat.connect(port, "play", key))
    await player.wait_for("you are", timeout=DEADLINE)
    return player


async def name_myself(player: SshSeat, name: str) -> None:
    player.press("m")
    await player.wait_for("Your name")
    await player.type(name)
    player.press("enter")
    await player.wait_for(f"you are {name}")


async def choose_row(player: SshSeat, words: str) -> None:
    """Enter on the lobby's first row once it shows `words` (the lobby highlights its
    first table; each test's wanted table is its player's first)."""
    await player.wait_for(words)
    await asyncio.sleep(0.3)
    player.press("enter")


def move_for(host: TableHost, seat: int) -> list[dict]:
    """A sensible decision for a player's seat, as its seat process would send it."""
    session = host.session
    decision = bot_action(session.game, session.state, seat, "sensible", random.Random(len(session.actions)))
    return [session.game.dump_action(move) for move in as_moves(decision)]


async def play_to_the_end(host: TableHost, privacy: Privacy) -> None:
    """The players' decisions go to the host as their seats send them (the protocol's
    `act`, on each seat's own connection), until the game is over; every byte each
    terminal is sent is checked for others' secrets all along."""
    deadline = time.monotonic() + DEADLINE
    moves = len(host.session.actions)
    while not host.session.is_over:
        for seat in host.game.to_act(host.session.state):
            connection = host.seats.get(seat)
            if connection is not None and not host.is_bot(seat):
                assert host._act(connection, move_for(host, seat)) == ""
        await asyncio.sleep(0.05)
        privacy.check()
        if len(host.session.actions) != moves:
            moves, deadline = len(host.session.actions), time.monotonic() + DEADLINE
        assert time.monotonic() < deadline, "the game stopped moving"


async def go_on_to_the_end(*players: SshSeat) -> None:
    """Each player goes on (Enter) past the reveals and round summaries their terminal
    shows, until the final scores."""
    deadline = time.monotonic() + DEADLINE
    screens = [player.text() for player in players]
    while not all(player.shows("final scores") for player in players):
        for player in players:
            if (player.shows("Enter to go on") or player.shows("Enter for the final screen")) \
                    and not player.shows("final scores"):
                player.press("enter")
        await asyncio.sleep(0.5)
        if [player.text() for player in players] != screens:
            screens, deadline = [player.text() for player in players], time.monotonic() + DEADLINE
        assert time.monotonic() < deadline, "a terminal stopped short of the final scores:\n" + "\n\n".join(screens)


async def test_three_players_through_the_lobby_a_sheriff_game_talk_and_a_rematch(tmp_path):
    server = TableServer(tmp_path / "server", bot_delay=0.05)
    await server.start()
    door = await start_ssh_server(server, "127.0.0.1", 0, tmp_path / "host_key")
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(3)]
    fingerprints = [str(key.get_fingerprint("sha256")) for key in keys]
    players: list[SshSeat] = []
    other: FakeSeat | None = None
    try:
        # a stranger types the server's code once; each gives a name at the lobby
        for key, name in zip(keys, ["Robin", "Marian", "Much"], strict=True):
            player = await come_in(door.port, key, server.code)
            players.append(player)
            await name_myself(player, name)
        robin, marian, much = players
        marian.press("b")  # Marian's terminal is not to ring
        await marian.wait_for("bell off")

        # Robin sets up a Sheriff table: three seats, the third a sensible bot
        robin.press("n")
        await robin.wait_for("A new table", "Bleeding Sherwood")
        robin.press("right")  # the game: Sheriff of Nottingham
        await robin.wait_for("Sheriff of Nottingham")
        robin.press("down", "down", "down", "down")  # to Seat 3
        await asyncio.sleep(0.3)
        robin.press("right")  # a player -> a sensible bot
        await robin.wait_for("sensible bot")
        robin.press("enter")
        await robin.wait_for("Your games", "waits for 1 player")
        table = server.tables["1"]
        assert table.game_id == "sheriff" and [p.bot for p in table.places] == [None, None, "sensible"]

        # Marian sees it waiting and joins: the game starts, both lobbies become seats
        await marian.wait_for("Tables waiting for players", "#1")
        await choose_row(marian, "#1")
        await wait_until(lambda: table.host is not None, what="the table never started")
        host = table.host
        assert host is not None
        assert [player.name for player in host.session.players] == ["Robin", "Marian", "Sensible bot"]
        assert host.claims.seat_keys == {0: fingerprints[0], 1: fingerprints[1]}
        for seat in (robin, marian):
            await seat.wait_for("Sheriff of Nottingham", "Round 1", timeout=DEADLINE)

        # Much watches it from the lobby's games in progress
        await much.wait_for("Games in progress", "#1")
        await choose_row(much, "#1")
        await much.wait_for("watching", timeout=DEADLINE)
        await wait_until(lambda: len(host.spectators) == 1, what="the spectator never came")

        # another table at the same time, with a player of its own (by the protocol)
        stranger = "SHA256:another-players-key"
        server.give_name(stranger, "Will")
        elsewhere = server.create_table(stranger, "bleeding-sherwood", [None, "sensible"])
        await wait_until(lambda: elsewhere.host is not None, what="the other table never started")
        socket_path, ticket = server.table_ticket(stranger, elsewhere.id)
        assert elsewhere.host is not None and socket_path == elsewhere.host.socket_path
        other = await FakeSeat.open(elsewhere.host, "will", stranger, ticket=ticket)
        assert (await other.next())["type"] == "welcome"

        # table talk: Robin says a line (F4); Marian and the spectator see it, the other
        # table's player is never sent it; it is kept with the table
        robin.press("\x1bOS")  # F4
        await robin.wait_for("Table talk", "Say something")
        await robin.type("a bribe, Sheriff?")
        robin.press("enter")
        for seat in (marian, much):  # (said in passing: a toast, which the next screen may clear)
            await wait_until(lambda s=seat: "a bribe, Sheriff?" in seen(s.received),
                             what="the line never came")
        assert [(line["name"], line["text"]) for line in host.claims.talk] == [("Robin", "a bribe, Sheriff?")]
        marian.press("\x1bOR")  # F3: the game's log, with the talk where it was said
        await marian.wait_for("The game log", "Robin says: a bribe, Sheriff?")
        marian.press("escape")
        await asyncio.sleep(0.5)
        assert not any(b"bribe" in line for line in other.received)

        # a whole game, each seat seeing its own secrets only
        privacy = Privacy(host, {0: robin, 1: marian, None: much})
        await play_to_the_end(host, privacy)
        assert privacy.own_seen, "the check never saw a seat's own secrets: it would not see a leak either"
        await go_on_to_the_end(robin, marian, much)
        assert table.finished
        # the records show the game for each player (their names, games and wins)
        for fingerprint in fingerprints[:2]:
            assert server.records_of(fingerprint)[0].startswith("Sheriff of Nottingham: 1 game, ")
        # the bell and the title said when Robin had to decide; never to Marian (hers is
        # off) nor to the spectator
        assert b"\x1b]2;Your turn: Sheriff of Nottingham\x07" in robin.received and b"\x07" in robin.received
        assert b"Your turn" not in marian.received and b"Your turn" not in much.received

        # Robin asks for a rematch (r): every terminal moves to it, the same seats
        await robin.wait_for("Rematch")
        await asyncio.sleep(0.5)  # (a key typed as a screen comes up is dropped: the hand-off guard)
        robin.press("r")
        await wait_until(lambda: table.rematch is not None and server.tables[table.rematch].host is not None,
                         what="the rematch never started")
        again = server.tables[table.rematch or ""]
        rematch = again.host
        assert rematch is not None and rematch is not host
        assert [player.name for player in rematch.session.players] == ["Robin", "Marian", "Sensible bot"]
        assert [player.bot for player in rematch.session.players] == [None, None, "sensible"]
        assert rematch.claims.seat_keys == host.claims.seat_keys
        await wait_until(lambda: set(rematch.seats) == {0, 1} and len(rematch.spectators) == 1,
                         what="the terminals never moved to the rematch")
        for seat in (robin, marian):
            await seat.wait_for("Round 1", timeout=DEADLINE)
        assert not rematch.session.is_over

        # a player who leaves the table goes back to the lobby, where the game is theirs
        marian.press("ctrl+q")
        await marian.wait_for("Leave the table?")
        await asyncio.sleep(0.4)
        marian.press("y")
        await marian.wait_for("Your games", f"#{again.id}", "Sheriff of Nottingham: 1 game", timeout=DEADLINE)
        await choose_row(marian, f"#{again.id}")
        await marian.wait_for("Round 1", timeout=DEADLINE)
    finally:
        if other is not None:
            other.writer.close()
        for player in players:
            await player.close()
        await door.close(wait=2)
        await server.close()


def start_serving(folder: Path, data: Path) -> tuple[subprocess.Popen[str], int]:
    """`sherwood-tui serve` in a process of its own; its SSH port (from its first lines)."""
    env = dict(os.environ, SHERWOOD_TUI_DATA=str(data), SHERWOOD_TUI_SEARCH_WORKERS="0")
    process = subprocess.Popen(
        [sys.executable, "-m", "sherwood_tui", "serve", "--dir", str(folder), "--ssh-port", "0", "--open",
         "--bot-delay", "0.05"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    assert process.stdout is not None
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        found = re.search(r"ssh -p (\d+) ", line)
        if found:
            return process, int(found.group(1))
        assert line, "the server ended before it listened"
    raise AssertionError("the server never said its port")


async def test_a_server_killed_mid_game_opens_again_with_every_table_as_it_was(tmp_path):
    from sherwood_tui.core.saves import load_session

    folder, data = tmp_path / "server", tmp_path / "data"
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(2)]
    process, port = start_serving(folder, data)
    players: list[SshSeat] = []
    try:
        robin = await come_in(port, keys[0], None)
        players.append(robin)
        await name_myself(robin, "Robin")
        robin.press("n")  # Bleeding Sherwood, two seats: Robin and another player
        await robin.wait_for("A new table")
        robin.press("enter")
        await robin.wait_for("waits for 1 player")
        marian = await come_in(port, keys[1], None)
        players.append(marian)
        await choose_row(marian, "#1")
        for seat in (robin, marian):
            await seat.wait_for("Bleeding Sherwood", "Round 1", timeout=DEADLINE)
        # a few decisions by keys (Enter takes the highlighted choice)
        saves = folder / "tables"
        deadline = time.monotonic() + DEADLINE
        while time.monotonic() < deadline:
            for seat in (robin, marian):
                if seat.shows("Waiting for you") or seat.shows("Enter to go on"):
                    seat.press("enter")
            await asyncio.sleep(0.4)
            files = [p for p in saves.glob("*.json") if not p.name.startswith(".")]
            if files and len(load_session(files[0]).actions) >= 4:
                break
        else:
            raise AssertionError("the game never moved")
        # (a decision is saved before any terminal is shown it)
        played = load_session(files[0]).actions
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=DEADLINE)
        if process.stdout is not None:  # (the pipe start_serving opened)
            process.stdout.close()
        for seat in players:  # their connections are lost with the server
            await asyncio.gather(seat.reader, return_exceptions=True)
            await seat.close()
        players.clear()

        process, port = start_serving(folder, data)
        robin = await come_in(port, keys[0], None)  # known: no code, the same name
        players.append(robin)
        await robin.wait_for("you are Robin", "Your games", "#1")
        await choose_row(robin, "#1")
        await robin.wait_for("Bleeding Sherwood", timeout=DEADLINE)
        assert load_session(files[0]).actions == played
        marian = await come_in(port, keys[1], None)
        players.append(marian)
        await choose_row(marian, "#1")
        await marian.wait_for("Bleeding Sherwood", timeout=DEADLINE)
        assert not marian.shows("watching") and not robin.shows("watching")
    finally:
        for seat in players:
            await seat.close()
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=DEADLINE)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if process.stdout is not None:
            process.stdout.close()
