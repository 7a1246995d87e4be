"""A real TableHost, with fake seat processes that speak the protocol over its socket."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from sherwood_tui import catalog
from sherwood_tui.core.contract import Player
from sherwood_tui.core.errors import SaveError
from sherwood_tui.core.saves import load_session
from sherwood_tui.core.session import Session
from sherwood_tui.table.host import REPLACED, TableHost, login_of, table_file, unique_logins
from sherwood_tui.table.protocol import HOST_LINE_LIMIT, TableRefusal, decode, encode
from sherwood_tui.table.wire import events_to_json, feed_from_json

DEADLINE = 30.0  # seconds to wait for anything (never a measure of speed)
KEY_A, KEY_B, KEY_C, KEY_D = "SHA256:aaaa", "SHA256:bbbb", "SHA256:cccc", "SHA256:dddd"


class FakeSeat:
    """A seat process as the host sees it: hello with a ticket, then messages; every
    byte it receives is kept."""

    def __init__(self, host: TableHost, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.host = host
        self.reader, self.writer = reader, writer
        self.received: list[bytes] = []  # every line from the host
        self.unchecked: list[bytes] = []  # the lines not yet checked for secrets
        self.feed: dict[str, Any] | None = None  # the last feed message
        self.events: list[str] = []  # the texts of the events of every feed

    @classmethod
    async def open(cls, host: TableHost, login: str, key: str, ticket: str | None = None) -> FakeSeat:
        ticket = ticket or host.issue_ticket(login, key)
        reader, writer = await asyncio.open_unix_connection(str(host.socket_path), limit=HOST_LINE_LIMIT)
        seat = cls(host, reader, writer)
        await seat.send({"type": "hello", "ticket": ticket})
        return seat

    @classmethod
    async def join(cls, host: TableHost, login: str, key: str) -> FakeSeat:
        """Type the join code if the key must (as the SSH door asks it), then connect:
        welcomed."""
        if host.joining(login, key) is not None:
            assert host.claim(login, key, host.join_code)
        seat = await cls.open(host, login, key)
        message = await seat.next()
        assert message["type"] == "welcome", message
        return seat

    async def send(self, message: dict[str, Any]) -> None:
        self.writer.write(encode(message))
        await self.writer.drain()

    async def next(self, kind: str | None = None) -> dict[str, Any]:
        """The next message (of `kind`: those before it are passed over)."""
        while True:
            line = await asyncio.wait_for(self.reader.readuntil(b"\n"), DEADLINE)
            self.received.append(line)
            self.unchecked.append(line)
            message = decode(line)
            if message["type"] == "feed":
                self.feed = message
                self.events += [text for _, text in message["events"]]
            if kind is None or message["type"] == kind:
                return message

    async def gone(self) -> bool:
        """Whether the host has hung up (what is left is read first)."""
        with contextlib.suppress(asyncio.IncompleteReadError, ConnectionError):
            while True:
                await self.next()
        return True

    async def current(self) -> dict[str, Any]:
        """The feed of the table as it is now (the host and this test share a loop)."""
        while True:
            feed = self.feed
            if feed is not None and self._is_now(feed["feed"]):
                return feed["feed"]
            await self.next("feed")

    def _is_now(self, data: dict[str, Any]) -> bool:
        """Whether a feed shows the game as it is now: its log and legal moves, and its
        views (a small move, a character put in a party, changes only the mover's view)."""
        session = self.host.session
        if data["log"] != events_to_json(session.log) or len(data["legal"]) != len(self._legal_now()):
            return False
        feed = feed_from_json(session.game, data)
        if feed.table != session.game.public_view(session.state):
            return False
        return feed.view is None or feed.seat is None or feed.view == session.game.view(session.state, feed.seat)

    def _legal_now(self) -> list[Any]:
        feed = self.feed
        seat = None if feed is None else feed["feed"]["seat"]
        session = self.host.session
        if seat is None or session.is_over or seat not in session.game.to_act(session.state):
            return []
        return session.game.legal_actions(session.state, seat)

    async def play(self, choose: Callable[[list[Any]], Any] = lambda legal: legal[0]) -> dict[str, Any]:
        """Send one of the moves the current feed offers (the first, by default)."""
        legal = (await self.current())["legal"]
        assert legal, "this seat has no move now"
        action = choose(legal)
        await self.send({"type": "act", "action": action})
        return action

    async def bye(self) -> None:
        await self.send({"type": "bye"})
        self.writer.close()


async def until(condition: Callable[[], bool]) -> None:
    """Wait for the host's state to reach `condition`."""
    async with asyncio.timeout(DEADLINE):
        while not condition():
            await asyncio.sleep(0.005)


@contextlib.asynccontextmanager
async def hosting(tmp_path: Path, game_id: str, names: list[str], bots: dict[int, str] | None = None,
                  seed: int = 5, bot_delay: float = 0.0, save: Path | None = None) -> AsyncIterator[TableHost]:
    """A started host of a new game (or of `save`), closed afterwards."""
    if save is not None:
        host = TableHost.resume(save, bot_delay=bot_delay)
    else:
        game = catalog.get(game_id).load()
        players = [Player(name=name, bot=(bots or {}).get(seat)) for seat, name in enumerate(names)]
        host = TableHost(Session(game, players, {}, seed), tmp_path / f"{game_id}.json", bot_delay=bot_delay)
    await host.start()
    try:
        yield host
    finally:
        await host.close()


async def move(seat: FakeSeat, choose: Callable[[list[Any]], Any] = lambda legal: legal[0]) -> None:
    """`seat` plays a move, and the host has applied it."""
    moves = len(seat.host.session.actions)
    await seat.play(choose)
    await until(lambda: len(seat.host.session.actions) > moves)


async def play_beside_bots(seat: FakeSeat, turns: int) -> None:
    """Seat 0 (`seat`) plays up to `turns` moves whenever it must, while the table's bots
    play theirs, or until the game ends."""
    host = seat.host
    for _ in range(turns):
        await until(lambda: host.session.is_over or 0 in host.game.to_act(host.session.state))
        if host.session.is_over:
            return
        await move(seat)


def seat_of(host: TableHost) -> int:
    """The first seat that must decide now."""
    return host.game.to_act(host.session.state)[0]


# ----- joining ---------------------------------------------------------------------------------
def test_logins_are_unique_slugs():
    assert login_of("Little John") == "little-john"
    assert login_of("Maid Marián!") == "maid-marian"
    assert unique_logins(["Robin", "robin", "Watch", "***"]) == ("robin", "robin-2", "watch-2", "seat4")


async def test_join_code_binds_a_key_to_a_seat_for_good(tmp_path):
    async with hosting(tmp_path, "bleeding-sherwood", ["Robin", "Marian", "Will"]) as host:
        assert host.logins() == ("robin", "marian", "will")
        assert not host.recognises(KEY_A)
        assert host.joining("robin", KEY_A) == "Bleeding Sherwood: joining the table as Robin."
        with pytest.raises(TableRefusal, match="has not joined the table yet"):
            host.issue_ticket("robin", KEY_A)  # no seat process before the code
        assert not host.claim("robin", KEY_A, "0000-0000" if host.join_code != "0000-0000" else "1111-1111")
        assert not host.recognises(KEY_A)
        assert host.claim("robin", KEY_A, " " + host.join_code.replace("-", " ") + " ")
        assert host.recognises(KEY_A) and host.joining("robin", KEY_A) is None
        robin = await FakeSeat.open(host, "robin", KEY_A)
        welcome = await robin.next()
        assert welcome == {"type": "welcome", "game": "bleeding-sherwood", "seat": 0, "name": "Robin", "hints": True}
        feed = await robin.current()
        assert feed["seat"] == 0 and feed["private"] and feed["view"] is not None and feed["legal"]
        status = robin.feed["status"]  # type: ignore[index]
        assert [seat["connected"] for seat in status["seats"]] == [True, False, False]
        assert status["waiting_for"] == [0]
        kept = json.loads(table_file(host.save_path).read_text())
        assert kept["seat_keys"] == {"0": KEY_A} and kept["join_code"] == host.join_code
        assert table_file(host.save_path).stat().st_mode & 0o777 == 0o600

        await robin.bye()
        await until(lambda: 0 not in host.seats)
        again = await FakeSeat.open(host, "robin", KEY_A)
        assert (await again.next())["type"] == "welcome"  # the key is known: no code

        assert host.joining("watch", KEY_D) == "Bleeding Sherwood: joining the table to watch."
        assert host.claim("watch", KEY_D, host.join_code)
        assert host.recognises(KEY_D) and host.joining("watch", KEY_D) is None


async def test_refusals(tmp_path):
    async with hosting(tmp_path, "bleeding-sherwood", ["Robin", "Marian", "Will"], bots={2: "sensible"}) as host:
        with pytest.raises(TableRefusal, match=r"^There is no seat 'bob' at this table; the seats are robin, marian"):
            host.issue_ticket("bob", KEY_A)
        with pytest.raises(TableRefusal, match=r"^There is no seat 'bob'"):
            host.joining("bob", KEY_A)
        with pytest.raises(TableRefusal, match="bot"):
            host.issue_ticket("will", KEY_A)
        with pytest.raises(TableRefusal, match="bot"):
            host.joining("will", KEY_A)
        with pytest.raises(TableRefusal, match="link"):
            host.issue_ticket("robin", "link:not-the-token")
        with pytest.raises(TableRefusal, match="link"):
            host.issue_ticket("watch", "link:" + host.link_tokens()[0])
        assert set(host.link_tokens()) == {0, 1}

        assert host.claim("robin", KEY_B, host.join_code)
        early = host.issue_ticket("robin", KEY_B)  # issued before KEY_B lost the seat
        host.claims.seat_keys[0] = KEY_A  # (as if KEY_A had taken it: the claim file says so)
        with pytest.raises(TableRefusal, match="Robin's seat was taken by another key"):
            host.issue_ticket("robin", KEY_B)
        with pytest.raises(TableRefusal, match="Robin's seat was taken by another key"):
            host.joining("robin", KEY_B)
        with pytest.raises(TableRefusal, match="Robin's seat was taken by another key"):
            host.claim("robin", KEY_B, host.join_code)
        late = await FakeSeat.open(host, "robin", KEY_B, ticket=early)
        closed = await late.next()
        assert closed == {"type": "closed", "message": "Robin's seat was taken by another key."}

        forged = await FakeSeat.open(host, "robin", KEY_A, ticket="made-up")
        assert (await forged.next())["type"] == "closed"
        assert host.claim("marian", KEY_C, host.join_code)
        ticket = host.issue_ticket("marian", KEY_C)
        first = await FakeSeat.open(host, "marian", KEY_C, ticket=ticket)
        assert (await first.next())["type"] == "welcome"
        reused = await FakeSeat.open(host, "marian", KEY_C, ticket=ticket)
        assert (await reused.next())["type"] == "closed"

        # A browser link is its own secret: no code.
        browser = await FakeSeat.open(host, "marian", "link:" + host.link_tokens()[1])
        assert (await browser.next())["type"] == "welcome"


async def test_a_new_connection_replaces_the_stale_one(tmp_path):
    async with hosting(tmp_path, "bleeding-sherwood", ["Robin", "Marian", "Will"]) as host:
        old = await FakeSeat.join(host, "robin", KEY_A)
        await old.current()
        new = await FakeSeat.join(host, "robin", KEY_A)
        closed = await old.next("closed")
        assert closed["message"] == REPLACED
        assert await old.gone()
        await new.play()
        await until(lambda: len(host.session.actions) == 1)
        assert host.status().seats[0].connected


async def test_a_restarted_host_resumes_the_save_and_knows_the_keys(tmp_path):
    async with hosting(tmp_path, "bleeding-sherwood", ["Robin", "Marian", "Will"]) as host:
        robin = await FakeSeat.join(host, "robin", KEY_A)
        await robin.play()
        await until(lambda: len(host.session.actions) == 1)
        code, links, save = host.join_code, host.link_tokens(), host.save_path
        with pytest.raises(SaveError, match="open in another window"):
            TableHost.resume(save)  # the save is the host's alone
    assert (await robin.next("closed"))["message"].startswith("The host has closed the table")
    assert len(load_session(save).actions) == 1

    async with hosting(tmp_path, "", [], save=save) as again:
        assert again.join_code == code and again.link_tokens() == links
        assert len(again.session.actions) == 1
        robin = await FakeSeat.open(again, "robin", KEY_A)
        assert (await robin.next())["type"] == "welcome"  # no code: the key is known
        with pytest.raises(TableRefusal):
            again.issue_ticket("robin", KEY_B)
        marian = await FakeSeat.join(again, "marian", KEY_B)
        await marian.play()
        await until(lambda: len(again.session.actions) == 2)
    assert len(load_session(save).actions) == 2


# ----- moves ---------------------------------------------------------------------------------
async def test_moves_are_checked(tmp_path):
    async with hosting(tmp_path, "bleeding-sherwood", ["Robin", "Marian", "Will"]) as host:
        robin = await FakeSeat.join(host, "robin", KEY_A)
        marian = await FakeSeat.join(host, "marian", KEY_B)
        watcher = await FakeSeat.join(host, "watch", KEY_D)
        robins_move = (await robin.current())["legal"][0]

        await marian.send({"type": "act", "action": robins_move})
        assert "another seat" in (await marian.next("refused"))["message"]
        marians = dict(robins_move, seat=1)
        await marian.send({"type": "act", "action": marians})
        assert (await marian.next("refused"))["message"] == host.game.why_not_turn(host.session.state, 1)
        await marian.send({"type": "act", "action": {"type": "nonsense", "seat": 1}})
        assert (await marian.next("refused"))["message"] == "That is not a move of Bleeding Sherwood."
        await marian.send({"type": "act", "action": dict(robins_move, seat="1")})
        assert (await marian.next("refused"))["message"] == "That is not a move of Bleeding Sherwood."
        await watcher.send({"type": "act", "action": robins_move})
        assert "Spectators" in (await watcher.next("refused"))["message"]
        assert host.session.actions == []

        await robin.send({"type": "act", "action": robins_move})
        await until(lambda: len(host.session.actions) == 1)
        assert (await marian.current())["legal"]
        feed = await watcher.current()
        assert feed["seat"] is None and feed["view"] is None and not feed["private"]
        assert len(load_session(host.save_path).actions) == 1  # saved after every move


async def test_a_decision_of_several_moves_is_played_all_or_nothing(tmp_path):
    """A seat sends its decision as its moves in order (`actions`); if one is refused,
    none is played."""
    async with hosting(tmp_path, "bleeding-sherwood", ["Robin", "Marian", "Will"]) as host:
        robin = await FakeSeat.join(host, "robin", KEY_A)
        first = (await robin.current())["legal"][0]
        await robin.send({"type": "act", "actions": [first, first]})  # the second: not Robin's turn then
        assert "turn" in (await robin.next("refused"))["message"]
        assert host.session.actions == []
        await robin.send({"type": "act", "actions": [first] * 1000})
        assert (await robin.next("refused"))["message"] == "That is not a move of Bleeding Sherwood."
        await robin.send({"type": "act", "actions": [first]})
        await until(lambda: len(host.session.actions) == 1)


async def test_bots_play_also_in_simultaneous_steps(tmp_path):
    bots = {1: "sensible", 2: "random", 3: "sensible"}
    async with hosting(tmp_path, "sheriff", ["Robin", "Marian", "Will", "Much"], bots=bots) as host:
        robin = await FakeSeat.join(host, "robin", KEY_A)
        await play_beside_bots(robin, 40)
        movers = {action.seat for action in host.session.actions}
        loaded = {action.seat for action in host.session.actions if type(action).__name__ == "LoadBag"}
        assert movers == {0, 1, 2, 3} and {0} < loaded  # merchants load their bags at the same time


async def test_three_seats_load_bags_at_the_same_time_and_a_spectator_sees_no_secret(tmp_path):
    names = ["Robin", "Marian", "Will", "Much"]
    async with hosting(tmp_path, "sheriff", names) as host:
        seats = [await FakeSeat.join(host, login, key) for login, key in zip(host.logins(), (KEY_A, KEY_B, KEY_C, "SHA256:x"))]
        watcher = await FakeSeat.join(host, "watch", KEY_D)
        game = host.game

        async def check_spectator() -> None:
            await watcher.current()
            state = host.session.state
            secrets = set().union(*(game.secret_texts(state, seat) for seat in range(len(names))))
            for line in watcher.unchecked:
                text = line.decode()
                assert not [secret for secret in secrets if secret in text]
            watcher.unchecked.clear()

        while len(game.to_act(host.session.state)) < 3:
            await move(seats[seat_of(host)])
            await check_spectator()
        loading = game.to_act(host.session.state)
        assert len(loading) == 3 and all(game.is_private(host.session.state, seat) for seat in loading)
        moves = len(host.session.actions)
        await asyncio.gather(*(seats[seat].play() for seat in loading))
        await until(lambda: len(host.session.actions) == moves + 3)
        assert {action.seat for action in host.session.actions[moves:]} == set(loading)
        await check_spectator()
        for _ in range(6):  # declarations and the inspection that follow
            await move(seats[seat_of(host)])
            await check_spectator()
        assert watcher.feed is not None and watcher.feed["status"]["spectators"] == 1


async def test_an_away_seat_waits_and_can_be_handed_to_a_bot(tmp_path):
    async with hosting(tmp_path, "bleeding-sherwood", ["Robin", "Marian", "Will"], bots={2: "sensible"}) as host:
        robin = await FakeSeat.join(host, "robin", KEY_A)
        marian = await FakeSeat.join(host, "marian", KEY_B)
        with pytest.raises(ValueError, match="at the table"):
            host.hand_to_bot(1)
        await marian.bye()
        await until(lambda: host.status().seats[1].away)
        await robin.play()
        await until(lambda: seat_of(host) == 1)
        await asyncio.sleep(0.05)
        assert seat_of(host) == 1  # the game waits for Marian
        assert host.status().waiting_text() == "Waiting for Marian (away)."

        host.hand_to_bot(1)
        assert host.status().seats[1].bot == "sensible"
        await until(lambda: seat_of(host) == 0)  # Marian's bot and Will have moved
        assert host.session.actions[1].seat == 1

        back = await FakeSeat.join(host, "marian", KEY_B)
        notice = await back.next("notice")
        assert "yours again" in notice["message"]
        assert 1 not in host.stand_ins and host.status().seats[1].bot is None
        assert any("Marian is back" in text for _, text in (await back.current())["log"])


async def test_network_undo(tmp_path):
    async with hosting(tmp_path, "bleeding-sherwood", ["Robin", "Marian", "Will"], bots={2: "sensible"}) as host:
        robin = await FakeSeat.join(host, "robin", KEY_A)
        marian = await FakeSeat.join(host, "marian", KEY_B)
        watcher = await FakeSeat.join(host, "watch", KEY_D)
        await robin.send({"type": "undo"})
        assert (await robin.next("refused"))["message"] == "Robin has no decision to take back."

        await robin.play()
        await until(lambda: len(host.session.actions) == 1)
        await robin.send({"type": "undo"})
        await until(lambda: not host.session.actions)
        feed = await robin.current()
        assert feed["legal"] and feed["log"][-1][1] == "Robin took back a decision."
        await watcher.current()
        assert watcher.events[-1] == "Robin took back a decision."  # the log's note, as a public event

        await robin.play()
        await until(lambda: seat_of(host) == 1)
        await marian.play()
        await until(lambda: seat_of(host) == 0)  # Will's bot moved after Marian
        await robin.send({"type": "undo"})
        assert (await robin.next("refused"))["message"] == "Marian has decided since: Robin's last decision stays."
        await marian.send({"type": "undo"})  # Marian's move, with the bot's after it
        await until(lambda: len(host.session.actions) == 1)
        assert "Marian took back a decision and the bot moves after it." in [e.text for e in host.session.log]


async def test_undo_takes_back_a_whole_decision_of_small_moves_as_at_the_hot_seat(tmp_path):
    """Sheriff's market: two cards set aside, then done, is one decision. `u` at the
    table takes it all back (it took back only "done": the two cards stayed aside), by
    the hot seat's own policy (`HandOff.undo`)."""
    async with hosting(tmp_path, "sheriff", ["Robin", "Marian", "Will"]) as host:
        seats = [await FakeSeat.join(host, login, key) for login, key in zip(host.logins(), (KEY_A, KEY_B, KEY_C))]
        session, game = host.session, host.game
        merchant = seat_of(host)
        assert session.state.step == "set_aside"
        before = session.state
        legal = (await seats[merchant].current())["legal"]
        cards = [move for move in legal if move["type"] == "set_aside_card"]
        done = [move for move in legal if move["type"] == "set_aside"]
        decision = [cards[0], next(c for c in cards if c["card"] != cards[0]["card"]), *done]
        await seats[merchant].send({"type": "act", "actions": decision})
        await until(lambda: len(session.actions) == 3)
        assert len(session.state.set_aside) == 2 and session.state.step == "draw"

        await seats[merchant].send({"type": "undo"})
        await until(lambda: not session.actions)
        assert session.state == before and session.state.set_aside == ()
        name = session.player_name(merchant)
        assert (await seats[merchant].current())["log"][-1][1] == f"{name} took back a decision."

        # the hot seat, the same decision: taken back the same way
        hot = Session(game, [Player(name=n) for n in ("Robin", "Marian", "Will")], {}, 5)
        hot.handoff.lift(merchant)
        hot.submit([game.parse_action(move) for move in decision])
        assert [type(a).__name__ for a in hot.handoff.undo()] == ["SetAsideCard", "SetAsideCard", "SetAside"]
        assert hot.state == before


async def test_an_away_seat_played_by_a_bot_is_a_bot_for_undo(tmp_path):
    """A seat handed to a bot while its player is away counts as a bot, as at the hot
    seat: a human's undo takes back its moves after theirs."""
    async with hosting(tmp_path, "bleeding-sherwood", ["Robin", "Marian", "Will"], bots={2: "sensible"}) as host:
        robin = await FakeSeat.join(host, "robin", KEY_A)
        host.hand_to_bot(1)
        await until(lambda: seat_of(host) == 0)
        moves = len(host.session.actions)
        await move(robin)  # Robin bids; Marian's bot, then Will's, bid after
        await until(lambda: seat_of(host) == 0)
        assert [action.seat for action in host.session.actions[moves:]] == [0, 1, 2]
        await robin.send({"type": "undo"})
        await until(lambda: len(host.session.actions) == moves)
        assert host.session.log[-1].text == "Robin took back a decision and the bot moves after it."


async def test_a_final_step_cannot_be_taken_back(tmp_path):
    async with hosting(tmp_path, "sheriff", ["Robin", "Marian", "Will"]) as host:
        seats = [await FakeSeat.join(host, login, key) for login, key in zip(host.logins(), (KEY_A, KEY_B, KEY_C))]
        while host.session.handoff.floor == 0:
            await move(seats[seat_of(host)])
        last = host.session.actions[-1].seat
        await seats[last].send({"type": "undo"})
        refused = await seats[last].next("refused")
        name = host.session.player_name(last)
        assert refused["message"].startswith(f"{name} cannot take back their last decision: it revealed something new")


@pytest.mark.parametrize("game_id", [info.id for info in catalog.GAMES])
async def test_a_whole_game_where_nobody_receives_another_seats_secrets(tmp_path, game_id):
    names = ["Robin", "Marian", "Will"]
    async with hosting(tmp_path, game_id, names, seed=11) as host:
        seats = [await FakeSeat.join(host, login, key) for login, key in zip(host.logins(), (KEY_A, KEY_B, KEY_C))]
        watcher = await FakeSeat.join(host, "watch", KEY_D)
        game, seen_own = host.game, 0

        async def check(receiver: FakeSeat, seat: int | None) -> None:
            feed = feed_from_json(game, await receiver.current())
            state = host.session.state
            # exactly the seat's own view (which hides the others' secrets: the contract
            # suite's scramble test), the public one for a spectator
            assert feed.view == (None if seat is None else game.view(state, seat))
            assert feed.table == game.public_view(state)
            own = game.secret_texts(state, seat) if seat is not None else set()
            others = set().union(*(game.secret_texts(state, s) for s in range(len(names)) if s != seat)) - own
            for line in receiver.unchecked:
                text = line.decode()
                assert not [secret for secret in others if secret in text], (seat, text[:200])
            receiver.unchecked.clear()

        for _ in range(3000):
            if host.session.is_over:
                break
            await move(seats[seat_of(host)], lambda legal: legal[len(host.session.actions) % len(legal)])
            for seat, receiver in enumerate(seats):
                await check(receiver, seat)
                seen_own += any(secret in receiver.received[-1].decode() for secret in game.secret_texts(host.session.state, seat))
            await check(watcher, None)
        # Each seat was sent its own secrets: the check can see them (Sheriff's and
        # Sherwood's secret texts are the lines their screens draw: never in a feed).
        assert host.session.is_over and len(host.session.actions) > 30
        assert seen_own or game_id != "bleeding-sherwood"
        final = await watcher.current()
        assert final["over"] and watcher.feed["status"]["over"] and watcher.feed["status"]["waiting_for"] == []  # type: ignore[index]


async def test_a_table_whose_port_is_taken_leaves_no_game_in_progress(tmp_path, monkeypatch):
    """`host` refused because its SSH port is in use: a new game's save goes (it was
    listed as a game in progress that nobody had played); a resumed one stays."""
    import socket

    from sherwood_tui.core.saves import list_saves
    from sherwood_tui.table.host import OpenTable, TableSettings

    pytest.importorskip("asyncssh")
    monkeypatch.setenv("SHERWOOD_TUI_DATA", str(tmp_path / "data"))
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    saves = tmp_path / "saves"
    saves.mkdir()
    try:
        game = catalog.get("sheriff").load()
        players = [Player(name="Robin"), Player(name="Marian"), Player(name="Will", bot="sensible")]
        host = TableHost(Session(game, players, {}, 5), saves / "sheriff-new.json", bot_delay=0)
        with pytest.raises(OSError):
            await OpenTable(host, TableSettings(ssh_port=port, web_port=None)).start()
        assert list(saves.iterdir()) == [] and list_saves(saves) == ([], [])

        played = Session(game, players[:2] + [Player(name="Will")], {}, 5)
        played.submit(game.legal_actions(played.state, played.next_seat())[0])
        from sherwood_tui.core.saves import write_save

        write_save(played, saves / "sheriff-old.json")
        again = TableHost.resume(saves / "sheriff-old.json", bot_delay=0)
        with pytest.raises(OSError):
            await OpenTable(again, TableSettings(ssh_port=port, web_port=None)).start()
        [summary], _ = list_saves(saves)
        assert summary.path.name == "sheriff-old.json" and len(load_session(summary.path).actions) == 1
    finally:
        taken.close()


async def test_the_hosts_screen_shows_the_table_and_hands_an_away_seat_to_a_bot(tmp_path):
    from textual.widgets import DataTable, Static

    from sherwood_tui.table.host import OpenTable, TableSettings
    from sherwood_tui.table.host_app import HostApp

    async with hosting(tmp_path, "bleeding-sherwood", ["Robin", "Marian", "Will"], bots={2: "sensible"}) as host:
        robin = await FakeSeat.join(host, "robin", KEY_A)
        app = HostApp(OpenTable(host, TableSettings(ssh_port=2222, web_port=None)))
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            join = str(app.screen.query_one("#join", Static).content)
            assert "ssh -p 2222 robin@127.0.0.1" in join and host.join_code in join
            seats = app.screen.query_one("#seats", DataTable)
            assert [str(seats.get_row_at(row)[2]) for row in range(3)] == ["connected", "away", "a sensible bot"]
            await pilot.press("b")  # Robin is connected: refused, with why
            await pilot.pause()
            assert not host.stand_ins and "at the table" in str(list(app._notifications)[-1].message)
            await robin.play()
            await until(lambda: seat_of(host) == 1)
            await pilot.press("down", "b")
            await until(lambda: seat_of(host) == 0)  # Marian's bot played, then Will
            await pilot.pause()
            assert str(seats.get_row_at(1)[2]) == "away, a sensible bot plays"
            status = str(app.screen.query_one("#status", Static).content)
            assert status.startswith("Connected: Robin. Away: Marian (a sensible bot plays).") and "Waiting for Robin." in status
            await pilot.press("ctrl+q")
        assert host.listeners == []


async def test_what_a_player_alone_learnt_goes_to_them_only_before_their_new_feed(tmp_path, monkeypatch):
    async with hosting(tmp_path, "bleeding-sherwood", ["Robin", "Marian"]) as host:
        seats = {0: await FakeSeat.join(host, "robin", KEY_A), 1: await FakeSeat.join(host, "marian", KEY_B)}
        mover = seat_of(host)
        # (on the class: an instance attribute would outlive the test, the game being shared)
        monkeypatch.setattr(type(host.game), "private_news", lambda self, before, action, after: ["You draw a secret."])
        await move(seats[mover])
        kinds = []
        while (message := await seats[mover].next())["type"] != "feed":
            kinds.append(message["type"])
        assert kinds == ["news"]
        other = seats[1 - mover]
        await other.current()
        assert not any(b"You draw a secret." in line for line in other.received)


async def test_a_seat_command_reads_back_whatever_its_ticket_begins_with(tmp_path):
    from sherwood_tui.commands.parser import build_parser

    async with hosting(tmp_path, "bleeding-sherwood", ["Robin", "Marian"]) as host:
        for ticket in ("-starts-with-a-dash", "--ticket", "plain_Ticket-1"):
            args = build_parser().parse_args(host.seat_command(ticket)[3:])
            assert args.ticket == ticket and args.socket == host.socket_path


async def test_a_bot_that_fails_is_said_on_every_terminal_and_the_game_waits(tmp_path, monkeypatch):
    import sherwood_tui.core.bots as bots

    def broken(*args, **kwargs):
        raise RuntimeError("a planted bug")

    monkeypatch.setattr(bots, "bot_action", broken)
    monkeypatch.setenv("SHERWOOD_TUI_DATA", str(tmp_path / "data"))
    async with hosting(tmp_path, "bleeding-sherwood", ["Robin", "Marian"], bots={0: "sensible", 1: "sensible"}) as host:
        await until(lambda: bool(host.bot_problem))
        watcher = await FakeSeat.join(host, "watch", KEY_D)  # told too, though it came after
        notice = await watcher.next("notice")
        assert "bot failed" in notice["message"] and "crash-" in notice["message"]
        assert "bot failed" in host.problem and host.session.actions == []
        assert list((tmp_path / "data").glob("crash-*.log"))
