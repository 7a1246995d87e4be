"""An expert bot at a hosted table thinks in a thread (the host's event loop goes on),
and `host --no-hints` tells every seat that hints are off."""

from __future__ import annotations

import asyncio

from sherwood_tui.commands.host import make_host
from sherwood_tui.commands.parser import build_parser
from tests.table.test_host import KEY_A, FakeSeat, hosting, move, play_beside_bots, until


async def test_an_expert_bot_thinks_without_freezing_the_host_and_stops_when_it_closes(tmp_path):
    async with hosting(tmp_path, "bleeding-sherwood", ["Robin", "Bot"], bots={1: "expert:100000"}) as host:
        robin = await FakeSeat.join(host, "robin", KEY_A)
        if 0 in host.game.to_act(host.session.state):
            await move(robin)
        await until(lambda: host._bots is not None and not host._bots.done() and host._bot_due() == 1)
        await asyncio.sleep(0.1)  # the bot is searching now
        bots = host._bots
        for _ in range(5):  # the loop goes on meanwhile: the search runs in a thread
            await asyncio.sleep(0.01)
            assert not bots.done()
    # closing stopped the search (it would take minutes), rather than waiting for it
    assert bots.done()


async def test_an_expert_bot_at_the_table_plays(tmp_path):
    async with hosting(tmp_path, "bleeding-sherwood", ["Robin", "Bot"], bots={1: "expert:10"}) as host:
        robin = await FakeSeat.join(host, "robin", KEY_A)
        await play_beside_bots(robin, 6)
        assert any(action.seat == 1 for action in host.session.actions)


async def test_no_hints_is_told_to_every_seat(tmp_path):
    args = build_parser().parse_args(["host", "bleeding-sherwood", "--player", "Robin", "--player", "Marian",
                                      "--no-hints", "--quiet"])
    host = make_host(args, tmp_path)
    assert host.hints is False
    await host.start()
    try:
        assert host.claim("robin", KEY_A, host.join_code)
        robin = await FakeSeat.open(host, "robin", KEY_A)
        welcome = await robin.next()
        assert welcome["type"] == "welcome" and welcome["hints"] is False
    finally:
        await host.close()
    args = build_parser().parse_args(["host", "bleeding-sherwood", "--player", "Robin", "--player", "Marian", "--quiet"])
    other = make_host(args, tmp_path / "other")
    assert other.hints is True
    other.lock.release()
