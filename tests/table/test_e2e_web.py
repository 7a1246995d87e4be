"""A browser seat, end to end: a real host with its web server, an HTTP client in the
browser's place. The seat link's page answers, its websocket runs the real seat app (no
join code: the link is the seat's secret), and keys sent through it play the seat's
moves."""

from __future__ import annotations

import asyncio
import json
import time

import aiohttp
import pytest

from sherwood_tui.table.host import OpenTable, TableSettings
from tests.table.test_e2e_ssh import new_host
from tests.table.test_web import received

pytestmark = pytest.mark.slow
DEADLINE = 30.0


async def test_a_browser_seat_plays_through_its_link(tmp_path):
    host = new_host(tmp_path, "bleeding-sherwood", ["Robin", "Marian"], seed=11)
    table = OpenTable(host, TableSettings(ssh_port=0, web_port=0, host_key=tmp_path / "host_key"))
    await table.start()
    try:
        mover = host.game.to_act(host.session.state)[0]
        url = table.web.url(host.link_tokens()[mover])
        assert any(url in line for line in table.instructions())
        async with aiohttp.ClientSession() as client:
            async with client.get(url) as page:
                assert page.status == 200 and "/ws" in await page.text()
            async with client.ws_connect(url + "/ws?width=80&height=24") as websocket:
                await received(websocket, "Bid card")  # the seat's own decision: no join code
                assert host.status().seats[mover].connected
                deadline = time.monotonic() + DEADLINE
                while not host.session.actions:  # Enter bids the highlighted card
                    assert time.monotonic() < deadline, "the browser's key never played"
                    await websocket.send_str(json.dumps(["stdin", "\r"]))
                    await asyncio.sleep(0.4)  # further apart than a held key's repeats
                assert host.session.actions[0].seat == mover
    finally:
        await table.close()

