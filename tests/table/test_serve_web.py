"""A server's browser door (`serve --web-port`, table/web.py `start_serve_web`): a
player's own link opens their lobby in the browser; going to a table there gives the
table's own page (the lobby stays: a textual-serve page runs one app to its end), whose
websocket runs the player's real seat. Any other address is a plain 404."""

from __future__ import annotations

import contextlib
import time
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from sherwood_tui.table.serve import TableServer
from sherwood_tui.table.web import WebServer, start_serve_web
from tests.table.test_serve import MARIAN, ROBIN, serving
from tests.table.test_web import received

pytestmark = pytest.mark.slow
DEADLINE = 30.0


@contextlib.asynccontextmanager
async def browser_door(server: TableServer, **limits: int) -> AsyncIterator[WebServer]:
    door = await start_serve_web(server, "127.0.0.1", 0, **limits)
    try:
        yield door
    finally:
        await door.close()


async def status(client: aiohttp.ClientSession, url: str) -> int:
    async with client.get(url) as page:
        return page.status


async def test_only_a_players_own_link_and_their_tables_pages_answer(tmp_path):
    async with serving(tmp_path) as server, browser_door(server) as door:
        server.give_name(ROBIN, "Robin")
        base = server.web_base
        assert base == f"http://127.0.0.1:{door.port}"
        token = server.web_token(ROBIN)
        assert server.web_token(ROBIN) == token and server.web_key(token) == ROBIN  # made once, kept
        assert server.welcome_of(ROBIN)["link"] == f"{base}/lobby/{token}"
        table = server.create_table(ROBIN, "sheriff", [None, None, "sensible"])
        async with aiohttp.ClientSession() as client:
            async with client.get(f"{base}/lobby/{token}") as page:
                assert page.status == 200 and page.headers["Referrer-Policy"] == "no-referrer"
                assert f"/lobby/{token}/ws" in await page.text()
            assert await status(client, f"{base}/seat/{token}/{table.id}") == 200
            for address in ("/", "/ws", f"/lobby/{token[:-1]}x", f"/lobby/{token[:-1]}x/ws",
                            f"/seat/{token}/999", f"/seat/{token}/999/ws", f"/seat/{token}", "/seat/nobody-at-all/1"):
                assert await status(client, base + address) == 404, address
    async with serving(tmp_path) as server:  # the link is kept with the server
        assert server.web_key(token) == ROBIN


async def test_a_browser_lobby_gives_the_tables_page_and_that_page_runs_the_players_seat(tmp_path):
    async with serving(tmp_path) as server, browser_door(server) as door:
        server.give_name(ROBIN, "Robin")
        server._know(MARIAN)
        token = server.web_token(ROBIN)
        base = server.web_base
        async with aiohttp.ClientSession() as client:
            async with client.ws_connect(f"{base}/lobby/{token}/ws?width=100&height=30") as lobby:
                await received(lobby, "you are Robin")
                deadline = time.monotonic() + DEADLINE
                while not any(lobby.key == ROBIN for lobby in server.lobbies):
                    assert time.monotonic() < deadline, "the browser's lobby never reached the server"
                    await _pause()
                table = server.create_table(ROBIN, "sheriff", [None, "sensible", "sensible"])  # starts at once
                link = f"{base}/seat/{token}/{table.id}"
                await received(lobby, "new tab")  # the table's page, given in the lobby, which stays
                seen = await received(lobby, f"/seat/{token}/")
                assert f"{token}/{table.id}".encode() in seen
                async with client.ws_connect(link + "/ws?width=100&height=30") as seat:
                    await received(seat, "Sheriff of Nottingham")
                    host = server.tables[table.id].host
                    assert host is not None
                    while not host.status().seats[0].connected:
                        assert time.monotonic() < deadline, "the browser's seat never sat down"
                        await _pause()
                assert door.links.sockets.get(f"{token}/{table.id}") in (None, [])
                # a server's seat in a browser talks (F4), and only ends (a page runs one app)
                assert door.links._argv(f"{token}/{table.id}")[-1] == "--browser"


async def test_a_key_has_so_many_browser_windows_at_once_and_one_more_closes_its_oldest(tmp_path):
    async with serving(tmp_path) as server, browser_door(server, per_key=2) as door:
        server._know(ROBIN)
        token = server.web_token(ROBIN)
        base = server.web_base
        first = server.create_table(ROBIN, "sheriff", [None, "sensible", "sensible"])
        second = server.create_table(ROBIN, "sheriff", [None, "random", "random"])
        deadline = time.monotonic() + DEADLINE
        while first.host is None or second.host is None:
            assert time.monotonic() < deadline, "the tables never started"
            await _pause()
        async with aiohttp.ClientSession() as client:
            async with client.ws_connect(f"{base}/lobby/{token}/ws") as lobby:
                await received(lobby, "you are")
                async with client.ws_connect(f"{base}/seat/{token}/{first.id}/ws") as seat:
                    await received(seat, "Sheriff of Nottingham")
                    async with client.ws_connect(f"{base}/seat/{token}/{second.id}/ws") as other:
                        await received(other, "Sheriff of Nottingham")
                        while not lobby.closed:  # the oldest (the lobby) gave way
                            assert time.monotonic() < deadline, "the key's oldest window stayed open"
                            await lobby.receive(timeout=DEADLINE)
                        assert not seat.closed and len(door.links.by_key[token]) == 2


async def _pause(*_: Any) -> None:
    import asyncio

    await asyncio.sleep(0.05)
