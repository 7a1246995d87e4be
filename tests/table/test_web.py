"""The browser door (table/web.py): an aiohttp client gets a seat's page and opens its
websocket, which runs the seat command (here a tiny Textual app) with a fresh ticket."""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from sherwood_tui.table.web import WebServer, start_web_server
from tests.table.fake_host import DEADLINE, FakeHost, ended

LINKS = {0: "robin-secret", 2: "will-secret"}
LOGINS = ("robin", "marian", "will")

SEAT_APP = """
import os, sys
from textual.app import App
from textual.widgets import Static

class Seat(App):
    def compose(self):
        yield Static(f"seat-ticket-{sys.argv[1]} pid-{os.getpid()}-shown")

Seat().run()
"""


@pytest.fixture
def host(tmp_path: Path) -> FakeHost:
    return FakeHost(tmp_path, SEAT_APP, {"will": "Will's seat is played by a bot now."})


@pytest.fixture
async def server(host: FakeHost) -> AsyncIterator[WebServer]:
    running = await start_web_server(host, "127.0.0.1", 0, LINKS, LOGINS, grace=2)
    yield running
    await running.close()


async def received(websocket: aiohttp.ClientWebSocketResponse, text: str) -> bytes:
    """The websocket's output up to `text`."""
    output = b""
    deadline = time.monotonic() + DEADLINE
    while text.encode() not in output:
        left = deadline - time.monotonic()
        assert left > 0, f"{text!r} never came: {output[-2000:]!r}"
        message = await websocket.receive(timeout=left)
        assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), f"{message} before {text!r}: {output[-2000:]!r}"
        output += message.data if isinstance(message.data, bytes) else message.data.encode()
    return output


def pid_of(output: bytes) -> int:
    """The seat app's process id, from its screen (which says ticket t1: a fresh one)."""
    return int(output.split(b"seat-ticket-t1 pid-")[1].split(b"-")[0])


async def test_a_seat_link_serves_the_page_and_its_websocket_runs_the_seat(server: WebServer, host: FakeHost) -> None:
    url = server.url("robin-secret")
    assert url == f"http://127.0.0.1:{server.port}/seat/robin-secret"
    async with aiohttp.ClientSession() as client:
        async with client.get(url) as page:
            assert page.status == 200
            assert page.headers["Referrer-Policy"] == "no-referrer"
            html = await page.text()
        socket_url = re.search(r'data-session-websocket-url="([^"]+)"', html)
        assert socket_url is not None and socket_url.group(1) == f"ws://127.0.0.1:{server.port}/seat/robin-secret/ws"
        script = re.search(r'<script src="([^"]+)"', html)
        assert script is not None
        async with client.get(f"http://127.0.0.1:{server.port}{script.group(1)}") as static:
            assert static.status == 200
        async with client.ws_connect(socket_url.group(1) + "?width=100&height=30") as websocket:
            pid = pid_of(await received(websocket, "-shown"))
            await websocket.send_str(json.dumps(["ping", "42"]))
            await received(websocket, '["pong", "42"]')
        assert await ended(pid)  # the browser left: its seat process ends
    assert host.tickets == {"t1": ("robin", "link:robin-secret")}


async def test_unknown_tokens_get_404(server: WebServer, host: FakeHost) -> None:
    async with aiohttp.ClientSession() as client:
        for path in ("/seat/nobody", "/seat/nobody/ws", "/seat/", "/", "/ws", "/seat/1"):
            async with client.get(f"http://127.0.0.1:{server.port}{path}") as response:
                assert response.status == 404, path
    assert host.tickets == {}


async def test_a_refusal_reaches_the_browser(server: WebServer) -> None:
    async with aiohttp.ClientSession() as client, client.ws_connect(server.url("will-secret") + "/ws") as websocket:
        await received(websocket, "Will's seat is played by a bot now.")
        assert (await websocket.receive(timeout=DEADLINE)).type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)


async def test_closing_the_server_ends_the_browser_seats(host: FakeHost) -> None:
    server = await start_web_server(host, "127.0.0.1", 0, LINKS, LOGINS, grace=2)
    async with aiohttp.ClientSession() as client, client.ws_connect(server.url("robin-secret") + "/ws") as websocket:
        pid = pid_of(await received(websocket, "-shown"))
        await asyncio.wait_for(server.close(), DEADLINE)
        assert (await websocket.receive(timeout=DEADLINE)).type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
        assert await ended(pid)


async def test_a_link_runs_at_most_two_seats_and_a_third_window_closes_the_oldest(host: FakeHost) -> None:
    server = await start_web_server(host, "127.0.0.1", 0, LINKS, LOGINS, grace=2, per_link=2)
    try:
        async with aiohttp.ClientSession() as client:
            url = server.url("robin-secret") + "/ws"
            first = await client.ws_connect(url)
            await received(first, "-shown")
            second = await client.ws_connect(url)
            await received(second, "-shown")
            third = await client.ws_connect(url)
            await received(third, "-shown")
            closing = await first.receive(timeout=DEADLINE)
            while closing.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT):
                closing = await first.receive(timeout=DEADLINE)
            assert closing.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
            assert not second.closed and not third.closed
            assert len(server.links.sockets["robin-secret"]) == 2
            for websocket in (second, third):
                await websocket.close()
    finally:
        await server.close()

