"""The server of many tables (`sherwood-tui serve`, table/serve.py) by its protocol: lobbies
and seats as the server sees them, no SSH (test_serve_e2e.py has the players' terminals).

Tables made, joined, started; private tables' codes; what the door and the lobby refuse
strangers; table talk (its limits, its table only, kept); and a server closed and opened
again with every table as it was."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from sherwood_tui.table.door import DoorLimits
from sherwood_tui.table.host import TALK_BURST, TALK_CELLS
from sherwood_tui.table.protocol import HOST_LINE_LIMIT, TableRefusal, decode, encode
from sherwood_tui.table.serve import NOT_KNOWN, WAITING_PER_KEY, TableServer, guest_name
from tests.table.test_host import FakeSeat

ROBIN, MARIAN, MUCH = "SHA256:robin-key", "SHA256:marian-key", "SHA256:much-key"
DEADLINE = 30.0


@contextlib.asynccontextmanager
async def serving(folder: Path, **settings: Any) -> AsyncIterator[TableServer]:
    server = TableServer(folder, bot_delay=0.01, **settings)
    await server.start()
    try:
        yield server
    finally:
        await server.close()


class Lobby:
    """A lobby process as the server sees it: hello with a ticket, then messages."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.tables: list[dict[str, Any]] = []

    @classmethod
    async def open(cls, server: TableServer, key: str, ticket: str | None = None) -> Lobby:
        ticket = ticket or server.issue_ticket("play", key)
        reader, writer = await asyncio.open_unix_connection(str(server.socket_path), limit=HOST_LINE_LIMIT)
        lobby = cls(reader, writer)
        await lobby.send({"type": "hello", "ticket": ticket})
        return lobby

    async def send(self, message: dict[str, Any]) -> None:
        self.writer.write(encode(message))
        await self.writer.drain()

    async def next(self, kind: str) -> dict[str, Any]:
        """The next message of `kind` (the listings before it are kept)."""
        while True:
            line = await asyncio.wait_for(self.reader.readline(), DEADLINE)
            assert line, f"the server hung up before a {kind!r}"
            message = decode(line)
            if message["type"] == "tables":
                self.tables = message["tables"]
            if message["type"] == kind:
                return message

    def close(self) -> None:
        self.writer.close()


async def started(server: TableServer, table_id: str) -> None:
    deadline = asyncio.get_running_loop().time() + DEADLINE
    while server.tables[table_id].host is None:
        assert asyncio.get_running_loop().time() < deadline, "the table never started"
        await asyncio.sleep(0.02)


async def test_a_table_waits_for_its_players_then_starts_and_sends_their_lobbies_to_their_seats(tmp_path):
    async with serving(tmp_path) as server:
        server.claim("play", ROBIN, server.code)
        server.claim("play", MARIAN, server.code)
        server.give_name(ROBIN, "Robin")
        robin, marian = await Lobby.open(server, ROBIN), await Lobby.open(server, MARIAN)
        welcome = await robin.next("welcome")
        assert welcome["name"] == "Robin" and welcome["bell"] is True and welcome["named"] is True
        assert (await marian.next("welcome"))["name"] == guest_name(MARIAN) and guest_name(MARIAN).startswith("guest-")
        await robin.send({"type": "create", "game": "sheriff", "seats": [None, None, "sensible"], "options": {},
                          "private": False})
        created = await robin.next("created")
        table_id = created["table"]
        assert created["code"] is None
        listing = await marian.next("tables")
        while not listing["tables"]:
            listing = await marian.next("tables")
        row = listing["tables"][0]
        assert (row["part"], row["action"], row["table"]) == ("waiting", "join", table_id)
        assert row["state"] == "waits for 1 player" and "Robin" in row["players"]
        await marian.send({"type": "join", "table": table_id})
        robin_go, marian_go = await robin.next("go"), await marian.next("go")
        table = server.tables[table_id]
        host = table.host
        assert host is not None
        assert [player.name for player in host.session.players] == ["Robin", guest_name(MARIAN), "Sensible bot"]
        assert host.claims.seat_keys == {0: ROBIN, 1: MARIAN}
        # each lobby's ticket is its own key's seat, good once
        seat = await FakeSeat.open(host, "", MARIAN, ticket=marian_go["ticket"])
        assert (await seat.next("welcome"))["seat"] == 1
        assert marian_go["socket"] == str(host.socket_path) and robin_go["ticket"] != marian_go["ticket"]
        # the pass back to the lobby opens it once
        back = await Lobby.open(server, MARIAN, ticket=marian_go["back"])
        assert (await back.next("welcome"))["key"] == MARIAN
        again = await Lobby.open(server, MARIAN, ticket=marian_go["back"])
        assert (await again.next("closed"))["message"].startswith("This connection was not expected")
        for client in (robin, marian, back, again):
            client.close()
        seat.writer.close()


async def test_a_private_table_asks_its_code_and_a_key_that_keeps_guessing_waits(tmp_path):
    async with serving(tmp_path) as server:
        table = server.create_table(ROBIN, "bleeding-sherwood", [None, None, None], private=True)
        assert table.code is not None
        robin_row = server.listing_for(ROBIN)[0]
        assert robin_row["private"] and robin_row["code"] == table.code
        marian_row = server.listing_for(MARIAN)[0]
        assert marian_row["private"] and marian_row["code"] is None  # the code is its creator's to give
        wrong = "0000-0000" if table.code != "0000-0000" else "1111-1111"
        for _ in range(5):
            with pytest.raises(TableRefusal, match="that is not its code"):
                server.join_table(MARIAN, table.id, wrong)
        with pytest.raises(TableRefusal, match="Too many wrong table codes"):
            server.join_table(MARIAN, table.id, table.code)  # even the right one, for a while
        assert server.join_table(MUCH, table.id, table.code) == 1
        assert server.tables[table.id].host is None  # one seat is still free


async def test_what_a_new_table_must_be(tmp_path):
    async with serving(tmp_path) as server:
        with pytest.raises(ValueError, match="The first seat is yours"):
            server.create_table(ROBIN, "sheriff", ["sensible", None, None])
        with pytest.raises(ValueError, match="not a bot level"):
            server.create_table(ROBIN, "sheriff", [None, "genius", None])
        with pytest.raises(Exception, match="takes 3 to 5 players"):
            server.create_table(ROBIN, "sheriff", [None, None])
        with pytest.raises(Exception, match="no option 'no_such_option'"):
            server.create_table(ROBIN, "sheriff", [None, None, None], {"no_such_option": True})
        with pytest.raises(ValueError):
            server.create_table(ROBIN, "chess", [None, None])
        for _ in range(WAITING_PER_KEY):
            server.create_table(ROBIN, "sheriff", [None, None, None])
        with pytest.raises(ValueError, match="tables waiting for players already"):
            server.create_table(ROBIN, "sheriff", [None, None, None])
        # its creator leaving a waiting table ends it; another player leaving frees the seat
        first = next(iter(server.tables))
        server.join_table(MARIAN, first)
        server.leave_table(MARIAN, first)
        assert server.tables[first].free_seats() == 2
        server.leave_table(ROBIN, first)
        assert first not in server.tables


async def test_a_key_the_server_does_not_know_types_the_servers_code_once(tmp_path):
    async with serving(tmp_path) as server:
        assert not server.recognises(ROBIN)
        assert server.joining("anything", ROBIN) is not None  # the door's join-code prompt
        with pytest.raises(TableRefusal, match=NOT_KNOWN):
            server.issue_ticket("anything", ROBIN)
        assert not server.claim("anything", ROBIN, "0000-0000" if server.code != "0000-0000" else "1111-1111")
        assert server.claim("anything", ROBIN, server.code)
        assert server.recognises(ROBIN) and server.joining("other-login", ROBIN) is None
        assert server.holder("robin") is None  # every login is the lobby's
        assert server.issue_ticket("anything", ROBIN)


async def test_an_open_server_lets_any_key_in_but_only_so_many_new_ones_at_once(tmp_path):
    async with serving(tmp_path, open_door=True, limits=DoorLimits(strangers=2)) as server:
        lobbies = [await Lobby.open(server, f"SHA256:newcomer-{n}") for n in range(2)]
        for lobby in lobbies:
            await lobby.next("welcome")
        with pytest.raises(TableRefusal, match="Too many new players"):
            server.issue_ticket("play", "SHA256:newcomer-3")
        server.claim("play", ROBIN, server.code)  # a known key is never turned away for them
        assert server.issue_ticket("play", ROBIN)
        for lobby in lobbies:
            lobby.close()


async def test_table_talk_is_limited_kept_with_the_table_and_sent_to_that_table_only(tmp_path):
    async with serving(tmp_path / "server") as server:
        server.give_name(ROBIN, "Robin")
        table = server.create_table(ROBIN, "sheriff", [None, None, "sensible"])
        server.join_table(MARIAN, table.id)
        elsewhere = server.create_table(MUCH, "bleeding-sherwood", [None, "sensible"])
        await started(server, table.id)
        await started(server, elsewhere.id)
        host = table.host
        assert host is not None and elsewhere.host is not None
        seats = []
        for key in (ROBIN, MARIAN):
            socket_path, ticket = server.table_ticket(key, table.id)
            seats.append(await FakeSeat.open(host, "", key, ticket=ticket))
        watcher_ticket = server.table_ticket("SHA256:watcher", table.id)[1]
        watcher = await FakeSeat.open(host, "", "SHA256:watcher", ticket=watcher_ticket)
        other = await FakeSeat.open(elsewhere.host, "", MUCH, ticket=server.table_ticket(MUCH, elsewhere.id)[1])
        for seat in [*seats, watcher, other]:
            await seat.next("welcome")
        robin, marian = seats
        await robin.send({"type": "say", "text": "  a bribe,\n Sheriff?  "})
        said_at = len(host.session.log)  # (where in the game's log it was said)
        for seat in (marian, watcher, robin):
            assert (await seat.next("talk"))["lines"] == [{"name": "Robin", "text": "a bribe, Sheriff?", "at": said_at}]
        await robin.send({"type": "say", "text": "x" * (TALK_CELLS + 1)})
        assert "at most" in (await robin.next("refused"))["message"]
        for n in range(TALK_BURST - 1):
            await robin.send({"type": "say", "text": f"line {n}"})
        await robin.send({"type": "say", "text": "one too many"})
        assert "Not so fast" in (await robin.next("refused"))["message"]
        robin.writer.close()  # connecting again gives the seat no new lines to say
        robin = await FakeSeat.open(host, "", ROBIN, ticket=server.table_ticket(ROBIN, table.id)[1])
        seats[0] = robin
        await robin.send({"type": "say", "text": "and again"})
        assert "Not so fast" in (await robin.next("refused"))["message"]
        await watcher.send({"type": "say", "text": "hello"})
        assert "Spectators" in (await watcher.next("refused"))["message"]
        await asyncio.sleep(0.2)
        assert not any(b"talk" in line for line in other.received)
        assert [line["text"] for line in host.claims.talk] == ["a bribe, Sheriff?", *(f"line {n}" for n in range(TALK_BURST - 1))]
        for seat in [*seats, watcher, other]:
            seat.writer.close()

    # kept with the table: a seat that sits down after a restart is sent the talk so far
    async with serving(tmp_path / "server") as server:
        host = server.tables[table.id].host
        assert host is not None
        marian = await FakeSeat.open(host, "", MARIAN, ticket=server.table_ticket(MARIAN, table.id)[1])
        said = await marian.next("talk")
        assert said["old"] is True and said["lines"][0] == {"name": "Robin", "text": "a bribe, Sheriff?", "at": said_at}
        marian.writer.close()


async def test_a_server_closed_and_opened_again_has_every_table_seat_name_and_move(tmp_path):
    folder = tmp_path / "server"
    async with serving(folder) as server:
        server.give_name(ROBIN, "Robin")
        waiting = server.create_table(ROBIN, "sheriff", [None, None, None], private=True)
        server.join_table(MARIAN, waiting.id, waiting.code or "")
        playing = server.create_table(MARIAN, "bleeding-sherwood", [None, "random"])
        await started(server, playing.id)
        host = playing.host
        assert host is not None
        deadline = asyncio.get_running_loop().time() + DEADLINE
        seat = await FakeSeat.open(host, "", MARIAN, ticket=server.table_ticket(MARIAN, playing.id)[1])
        await seat.next("welcome")
        while len(host.session.actions) < 3:  # Marian plays her first moves, the bot its own
            message = await seat.next("feed")
            if message["feed"]["legal"]:
                await seat.send({"type": "act", "action": message["feed"]["legal"][0]})
            assert asyncio.get_running_loop().time() < deadline
        played = list(host.session.actions)
        seat.writer.close()
        server.members[MARIAN].bell = False
    async with serving(folder) as server:
        assert server.name_of(ROBIN) == "Robin" and not server.bell_of(MARIAN)
        again = server.tables[waiting.id]
        assert again.host is None and again.code == waiting.code
        assert [place.key for place in again.places] == [ROBIN, MARIAN, None]
        resumed = server.tables[playing.id].host
        assert resumed is not None and resumed.session.actions[: len(played)] == played
        assert resumed.claims.seat_keys == {0: MARIAN}
        seat = await FakeSeat.open(resumed, "", MARIAN, ticket=server.table_ticket(MARIAN, playing.id)[1])
        welcome = await seat.next("welcome")
        assert welcome["seat"] == 0 and welcome["bell"] is False and welcome["rematch"] is True
        seat.writer.close()


def test_a_server_folder_it_cannot_read_is_one_line_and_status_2(tmp_path, capsys):
    from sherwood_tui.commands import run

    folder = tmp_path / "server"
    folder.mkdir()
    (folder / "server.json").write_text('{"tables": [{"id": 1}]}')
    assert run(["serve", "--dir", str(folder), "--ssh-port", "0"]) == 2
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and said[0].startswith("sherwood-tui serve: ") and "not a server file" in said[0]


def test_a_hosted_tables_seats_ring_on_their_turn_unless_the_host_says_no_bell(tmp_path):
    from sherwood_tui.commands.host import make_host
    from sherwood_tui.commands.parser import build_parser

    for flags, rings in (([], True), (["--no-bell"], False)):
        args = build_parser().parse_args(["host", "sheriff", "--player", "Robin", "--player", "Marian",
                                          "--player", "Much:sensible", *flags])
        host = make_host(args, tmp_path / "saves")
        try:
            assert host.bell_for(ROBIN) is rings
        finally:
            host.lock.release()


def test_a_seats_log_shows_the_talk_where_it_was_said():
    from sherwood_tui.core.contract import Event
    from sherwood_tui.table.seat_app import with_talk

    log = (Event("A game begins."), Event("Robin bids."), Event("Marian bids."))
    talk = [("Marian", "too late!", 9), ("Robin", "good luck", 1)]  # (9: after what an undo took back)
    assert [event.text for event in with_talk(log, talk)] == [
        "A game begins.", "Robin says: good luck", "Robin bids.", "Marian bids.", "Marian says: too late!"]


async def test_a_game_a_key_watched_is_listed_among_its_finished_games_to_replay_without_the_code_again(tmp_path):
    watcher = "SHA256:watcher"
    async with serving(tmp_path / "server") as server:
        table = server.create_table(ROBIN, "bleeding-sherwood", [None, "sensible"], private=True)
        await started(server, table.id)
        assert table.code is not None
        with pytest.raises(TableRefusal, match="private"):
            server.table_ticket(watcher, table.id)
        server.table_ticket(watcher, table.id, table.code)  # watching, with the code once
        assert table.watchers == [watcher]
        table.finished = True  # (as its end makes it)
        listed = [row for row in server.listing_for(watcher) if row["table"] == table.id]
        assert [row["part"] for row in listed] == ["finished"]
        assert server.replay_for(watcher, table.id)[1] is None  # the public table, no code asked again
        assert not [row for row in server.listing_for("SHA256:stranger") if row["part"] == "finished"]
    async with serving(tmp_path / "server") as server:  # kept in the server's file
        assert server.tables[table.id].watchers == [watcher]
