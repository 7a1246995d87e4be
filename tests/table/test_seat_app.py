"""The seat app against a stub host: an asyncio Unix server in the test speaking
table/protocol.py, sending real feeds (`wire.feed_to_json`) of a real Session. The test
plays the host's part: it applies the moves the seat sends, or refuses them."""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList

from sherwood_tui.core.bots import bot_action
from sherwood_tui.core.contract import Player
from sherwood_tui.core.handoff import KeyGuard
from sherwood_tui.core.session import Session
from sherwood_tui.games.bleeding_sherwood import GAME as BLEEDING
from sherwood_tui.games.bleeding_sherwood.rules.model import Pass, PlayGoode
from sherwood_tui.games.bleeding_sherwood.ui.screens import BiddingScreen
from sherwood_tui.table.protocol import (
    SEAT_LINE_LIMIT,
    SeatStatus,
    TableStatus,
    read_message,
    send,
)
from sherwood_tui.table.seat_app import EXIT_TABLE_CLOSED, HOST_GONE, SeatApp
from sherwood_tui.table.seat_screens import MessageScreen, SeatFinalScreen, WaitingScreen
from sherwood_tui.table.wire import events_to_json, feed_to_json
from sherwood_tui.ui.game_screen import GameScreen, PrivateNewsScreen
from sherwood_tui.ui.screens import ConfirmScreen, RoundSummaryScreen
from tests.ui.helpers import assert_hidden, screen_text, widget_texts

DEADLINE = 30.0
NAMES = ("Robin", "Marian", "Much")


class StubHost:
    """The host as one seat sees it (seat None: a spectator)."""

    def __init__(self, session: Session, seat: int | None) -> None:
        self.session, self.seat = session, seat
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.writer: asyncio.StreamWriter | None = None
        self.away: set[int] = set()
        self.sent_log = len(session.log)  # the events sent so far
        self.ended = asyncio.Event()
        self.seen: list[int] = []  # the log lengths the seat said it has shown

    async def start(self, path: Path) -> None:
        self.server = await asyncio.start_unix_server(self.serve, path=str(path), limit=SEAT_LINE_LIMIT)

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        while (message := await read_message(reader)) is not None:
            if message["type"] == "seen":
                self.seen.append(message["log"])
                continue
            await self.inbox.put(message)
        self.ended.set()

    async def stop(self) -> None:
        """Close the connection and wait for its reader to end (a test's last step)."""
        self.server.close()
        if self.writer is not None:
            self.writer.close()
            await asyncio.wait_for(self.ended.wait(), DEADLINE)

    async def expect(self, kind: str) -> dict[str, Any]:
        message = await asyncio.wait_for(self.inbox.get(), DEADLINE)
        assert message["type"] == kind, message
        return message

    async def tell(self, message: dict[str, Any]) -> None:
        assert self.writer is not None
        assert await send(self.writer, message)

    def status(self) -> TableStatus:
        session = self.session
        seats = tuple(SeatStatus(p.name, p.name.lower(), p.bot, s not in self.away, s in self.away)
                      for s, p in enumerate(session.players))
        waiting = () if session.is_over else tuple(session.game.to_act(session.state))
        return TableStatus(seats, waiting, 1, session.is_over)

    async def send_feed(self, moved: bool = True) -> None:
        """The seat's feed now, with the public events since the last one (`moved`:
        they are a decision's, as the host says after moves)."""
        session = self.session
        events, self.sent_log = session.log[self.sent_log :], len(session.log)
        feed = session.feed(self.seat, private=self.seat is not None)
        await self.tell({"type": "feed", "feed": feed_to_json(feed), "events": events_to_json(events),
                         "status": self.status().to_json(), "moved": moved})

    async def welcome(self) -> None:
        await self.expect("hello")
        name = None if self.seat is None else self.session.player_name(self.seat)
        await self.tell({"type": "welcome", "game": self.session.game.id, "seat": self.seat, "name": name})
        await self.send_feed()

    async def apply(self, message: dict[str, Any]) -> None:
        """A move the seat sent: applied, then its new feed."""
        self.session.submit([self.session.game.parse_action(m) for m in message["actions"]])
        await self.send_feed()



@pytest.fixture
def socket_path():
    with tempfile.TemporaryDirectory(prefix="seat-") as folder:  # a Unix socket's path is short
        yield Path(folder) / "host.sock"


@pytest.fixture
async def seated(socket_path):
    """Makes a seat app and its stub host; the host stops after the test."""
    hosts: list[StubHost] = []

    async def make(session: Session, seat: int | None, **kwargs) -> tuple[SeatApp, StubHost]:
        host = StubHost(session, seat)
        await host.start(socket_path)
        hosts.append(host)
        return SeatApp(socket_path, "ticket-1", close_delay=0.2, **kwargs), host

    yield make
    for host in hosts:
        await host.stop()


def bleeding(players: int = 2, seed: int = 3) -> Session:
    return Session(BLEEDING, [Player(name=name) for name in NAMES[:players]], {}, seed)


def acting(session: Session) -> int:
    return session.game.to_act(session.state)[0]


def play(session: Session, rnd: random.Random, until) -> list:
    """Random legal moves (any seat) until `until(events)`; the events of the last move."""
    for _ in range(2000):
        seat = acting(session)
        events = session.submit(bot_action(session.game, session.state, seat, "random", rnd))
        if until(events) or session.is_over:
            return events
    raise AssertionError("never reached")


async def until(pilot, condition, what: str) -> None:
    deadline = time.monotonic() + DEADLINE
    while not condition():
        assert time.monotonic() < deadline, f"never: {what}"
        await pilot.pause(0.01)


def shows(app: SeatApp, kind: type | tuple[type, ...]) -> bool:
    return isinstance(app.game_screen(), kind)


async def showing(pilot, kind: type | tuple[type, ...], text: str = "") -> None:
    """Wait until the seat's screen is a `kind`, drawn (with `text`, if given)."""
    app = pilot.app

    def drawn() -> bool:
        if not shows(app, kind) or app.screen is not app.game_screen():
            return False
        shown = screen_text(app)
        return bool(shown.strip()) and text in shown

    await until(pilot, drawn, f"{getattr(kind, '__name__', kind)} {text}")
    # A screen's parts are drawn in turn: wait until what it shows holds still.
    deadline = time.monotonic() + DEADLINE
    previous = None
    while (shown := screen_text(app)) != previous:
        assert time.monotonic() < deadline, "the screen never held still"
        previous = shown
        await pilot.pause(0.05)


# ----- joining and deciding ----------------------------------------------------------


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
async def test_welcome_then_a_decision_goes_to_the_host(seated, size):
    session = bleeding()
    me = acting(session)
    app, host = await seated(session, me)
    async with app.run_test(size=size) as pilot:
        assert (await host.expect("hello"))["ticket"] == "ticket-1"
        await host.tell({"type": "welcome", "game": session.game.id, "seat": me, "name": NAMES[me]})
        await host.send_feed()
        await showing(pilot, BiddingScreen)
        text = screen_text(app)
        assert "Waiting for you." in text  # every screen says whom the game waits for
        assert f"{NAMES[me]}'s hand" in text and "Pass the terminal" not in text  # no curtain
        await pilot.press("enter")  # bids the first card of the hand
        act = await host.expect("act")
        assert session.game.parse_action(act["actions"][0]) in session.game.legal_actions(session.state, me)
        await host.apply(act)
        await showing(pilot, WaitingScreen)
        other = NAMES[acting(session)]
        assert f"Waiting for {other}." in screen_text(app) and "Take back my move" in screen_text(app)
        await pilot.press("u")  # the host decides whether it may
        await host.expect("undo")


async def test_a_refused_move_is_told_and_the_screen_takes_another(seated):
    session = bleeding()
    me = acting(session)
    app, host = await seated(session, me)
    async with app.run_test(notifications=True) as pilot:
        await host.welcome()
        await showing(pilot, BiddingScreen)
        screen = app.screen
        await pilot.press("enter")
        await host.expect("act")
        await pilot.press("p")  # the screen waits for the host's answer
        await host.tell({"type": "refused", "message": "Not so fast."})
        await until(pilot, lambda: "Not so fast." in screen_text(app), "the refusal shown")
        assert app.screen is screen and not screen.decided
        await pilot.press("p")
        act = await host.expect("act")
        assert isinstance(session.game.parse_action(act["actions"][0]), Pass)
        assert host.inbox.empty()


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_the_waiting_screen_says_whom_the_game_waits_for_and_who_is_away(seated, size):
    session = bleeding(3)
    me = next(seat for seat in range(3) if seat != acting(session))
    app, host = await seated(session, me)
    host.away = {acting(session)}
    async with app.run_test(size=size) as pilot:
        await host.welcome()
        await showing(pilot, WaitingScreen)
        await pilot.pause()
        text = screen_text(app)
        awaited = NAMES[acting(session)]
        assert f"Waiting for {awaited} (away)." in text
        assert "away" in widget_texts(app.screen).split(awaited, 1)[1]
        assert "Hand" in text  # the seat's own view, in its game's words
        for card in session.game.secret_texts(session.state, me):
            assert card in widget_texts(app.screen)
        host.away = set()
        await host.send_feed()  # the same screen, brought up to date
        screen = app.screen
        await until(pilot, lambda: f"Waiting for {awaited}." in screen_text(app), "the player back")
        assert app.screen is screen


async def test_a_new_feed_with_the_same_moves_keeps_a_half_made_choice(seated):
    session = bleeding(3)
    me = acting(session)
    app, host = await seated(session, me)
    async with app.run_test() as pilot:
        await host.welcome()
        await showing(pilot, BiddingScreen)
        screen = app.screen
        await pilot.press("down", "down")
        hand = screen.query_one("#hand", OptionList)
        assert hand.highlighted == 2
        host.away = {(me + 1) % 3}  # another seat drops: a new feed, the same moves
        await host.send_feed()
        await until(pilot, lambda: app.status is not None and app.status.seats[(me + 1) % 3].away, "the feed")
        await pilot.pause()
        assert app.screen is screen and hand.highlighted == 2
        await pilot.press("enter")
        act = await host.expect("act")
        assert session.game.parse_action(act["actions"][0]) == PlayGoode(seat=me, card=int(hand.get_option_at_index(2).id or 0))


async def test_a_seat_s_next_decision_of_the_same_kind_is_shown_on_its_kept_screen(seated):
    """A seat keeps its decision screens between its turns (`GameScreen.renew`): its next
    bid is shown on the same screen, brought up to date (the hand, the bid so far, the
    table, the log), the first card highlighted, and Enter bids a card of the new hand."""
    session = bleeding(2, seed=5)
    me = acting(session)
    app, host = await seated(session, me)
    rnd = random.Random(1)
    async with app.run_test() as pilot:
        await host.welcome()
        await showing(pilot, BiddingScreen)
        first = app.screen
        await pilot.press("down", "enter")  # bids the second card of the hand
        await host.apply(await host.expect("act"))
        await showing(pilot, WaitingScreen)
        while acting(session) != me or session.feed(me).table.phase != "bidding":
            if acting(session) == me:  # (a collection between: the other screen, answered)
                await showing(pilot, GameScreen)
                await pilot.press("enter")
                await host.apply(await host.expect("act"))
            else:
                session.submit(bot_action(session.game, session.state, acting(session), "random", rnd))
                await host.send_feed()
        feed = session.feed(me, private=True)
        await until(pilot, lambda: app.screen is first and app.screen.feed.log == feed.log, "the kept screen")
        await pilot.pause()
        hand = first.query_one("#hand", OptionList)
        assert [option.id for option in hand.options] == [str(card.id) for card in feed.view.hand]
        assert hand.highlighted == 0 and not first.decided
        total = feed.table.seats[me].bid_total
        assert f"bid so far {total}" in screen_text(app)
        await pilot.press("enter")
        act = await host.expect("act")
        assert session.game.parse_action(act["actions"][0]) == PlayGoode(seat=me, card=feed.view.hand[0].id)


async def test_another_seat_s_ambush_keeps_the_party_being_chosen(seated):
    """Sherwood's ambush parties are chosen at once: one player commits while another
    is still choosing, whose marked characters stay marked."""
    from sherwood_tui import catalog
    from sherwood_tui.games.sherwood.rules.model import AddMember, SendParty

    game = catalog.get("sherwood").load()
    session = Session(game, [Player(name=name) for name in NAMES[:3]], {}, 4)
    assert len(game.to_act(session.state)) == 3
    me, other = 0, 1
    app, host = await seated(session, me)
    async with app.run_test(size=(100, 34)) as pilot:
        await host.welcome()
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.is_mounted, "the ambush")
        screen = app.screen
        await pilot.press("1")  # the first character goes
        await pilot.pause()
        session.submit(SendParty(seat=other))  # the other commits (nobody goes)
        await host.send_feed()
        await until(pilot, lambda: app.feed is not None and len(app.feed.log) == len(session.log), "the feed")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("enter")
        chosen = [session.game.parse_action(move) for move in (await host.expect("act"))["actions"]]
        assert [type(move) for move in chosen] == [AddMember, SendParty]  # one character, then sent


# ----- between decisions, and the end ----------------------------------------------------


async def test_round_summary_then_the_final_screen(seated):
    session = bleeding(2, seed=5)
    rnd = random.Random(5)
    app, host = await seated(session, 0)
    async with app.run_test() as pilot:
        await host.welcome()
        await until(pilot, lambda: app.feed is not None, "the first feed")
        play(session, rnd, lambda events: any(e.kind == "round_end" for e in events))
        assert not session.is_over
        await host.send_feed()
        await showing(pilot, RoundSummaryScreen)
        assert "round summary" in screen_text(app)
        await pilot.press("enter")
        await showing(pilot, (GameScreen, WaitingScreen))
        play(session, rnd, lambda events: False)
        assert session.is_over
        await host.send_feed()
        await showing(pilot, SeatFinalScreen)
        text = screen_text(app)
        assert "final scores" in text and "Press Enter to leave the table." in text
        await pilot.press("enter")
        await host.expect("bye")
        await until(pilot, lambda: app.return_code is not None, "the app ends")
    assert app.return_code == 0


async def test_a_reveal_is_shown_once_after_its_move_never_again(seated):
    """Sheriff's reveal (an opened bag) follows the move that opened it. A later feed
    that no move made (a player connects, an undo) brings no old reveal back, nor does
    the first feed of a seat that joins just after the bag was opened."""
    from sherwood_tui import catalog
    from sherwood_tui.games.sheriff.rules.model import OpenBag
    from sherwood_tui.games.sheriff.ui.screens import InspectionResultScreen

    game = catalog.get("sheriff").load()
    session = Session(game, [Player(name=name) for name in NAMES], {}, 7)
    rnd = random.Random(7)
    for _ in range(3000):  # until a bag is opened, the Sheriff deciding for it
        seat = acting(session)
        legal = game.legal_actions(session.state, seat)
        opens = [move for move in legal if isinstance(move, OpenBag)]
        session.submit(opens[0] if opens else bot_action(game, session.state, seat, "sensible", rnd))
        if opens:
            break
    assert isinstance(session.actions[-1], OpenBag) and not session.is_over
    watcher = next(seat for seat in range(3) if seat != acting(session))
    app, host = await seated(session, watcher)
    async with app.run_test(size=(100, 30)) as pilot:
        await host.welcome()  # joins now: the current screen, not the reveal of a move before
        await showing(pilot, (WaitingScreen, GameScreen))
        host.away = {acting(session)}
        await host.send_feed(moved=False)  # only who is connected changed
        await until(pilot, lambda: app.status is not None and app.status.seats[acting(session)].away, "the feed")
        await pilot.pause()
        assert not app.interludes and not shows(app, InspectionResultScreen)
        assert host.seen[-1] == len(session.log)  # the seat says what it has shown

        # the next bag opened: its reveal comes with the move's feed
        while not isinstance(session.actions[-1], OpenBag) or session.is_over:
            seat = acting(session)
            opens = [m for m in game.legal_actions(session.state, seat) if isinstance(m, OpenBag)]
            session.submit(opens[0] if opens else bot_action(game, session.state, seat, "sensible", rnd))
        await host.send_feed()
        await showing(pilot, InspectionResultScreen)


async def test_a_seat_that_connects_again_sees_the_round_summary_it_missed_then_the_game(tmp_path, socket_path):
    """Robin's terminal goes; the round ends while he is away. When he connects again
    the summary of that round comes first, then where the game is (before, the first
    feed of a new connection showed neither: it counted as a new seat)."""
    from tests.table.test_host import KEY_A, hosting

    async with hosting(tmp_path, "bleeding-sherwood", ["Robin", "Marian"], bots={1: "sensible"}, seed=5) as host:
        assert host.claim("robin", KEY_A, host.join_code)
        first = SeatApp(host.socket_path, host.issue_ticket("robin", KEY_A), close_delay=0.2)
        async with first.run_test() as pilot:
            await until(pilot, lambda: first.feed is not None and 0 in host.seats, "the first feed")
            await until(pilot, lambda: host.seen.get(0) == len(host.session.log), "the seat's word")
            await pilot.press("ctrl+q", "y")
            await until(pilot, lambda: first.return_code is not None, "the app ends")
        await asyncio.wait_for(_away(host, 0), DEADLINE)

        session, rnd = host.session, random.Random(5)
        seen = host.seen[0]
        while not any(event.kind == "round_end" for event in session.log[seen:]):  # the table goes on
            seat = acting(session)
            session.submit(bot_action(session.game, session.state, seat, "sensible", rnd))
            host._changed(moved=True)
        assert not session.is_over

        again = SeatApp(host.socket_path, host.issue_ticket("robin", KEY_A), close_delay=0.2)
        async with again.run_test() as pilot:
            await showing(pilot, RoundSummaryScreen)
            ended = [e.text for e in session.log if e.kind == "round_end"][-1]
            assert ended.splitlines()[0] in screen_text(again) or "round summary" in screen_text(again)
            summary = again.game_screen()
            assert isinstance(summary, RoundSummaryScreen)
            await pilot.press("enter")
            await showing(pilot, (GameScreen, WaitingScreen))
            assert not again.interludes
            await pilot.press("ctrl+q", "y")
            await until(pilot, lambda: again.return_code is not None, "the app ends")


async def _away(host, seat: int) -> None:
    while seat in host.seats:
        await asyncio.sleep(0.01)


@pytest.mark.parametrize("closing", [None, "This seat was opened on another terminal."])
async def test_the_host_going_away_or_closing_the_seat_is_said_and_the_app_ends(seated, closing):
    session = bleeding()
    app, host = await seated(session, 1)
    async with app.run_test() as pilot:
        await host.welcome()
        await until(pilot, lambda: app.feed is not None, "the first feed")
        if closing is None:
            await host.stop()
        else:
            await host.tell({"type": "closed", "message": closing})
        await showing(pilot, MessageScreen)
        assert (closing or HOST_GONE) in widget_texts(app.screen)
        await until(pilot, lambda: app.return_code is not None, "the app ends")
    assert app.return_code == EXIT_TABLE_CLOSED
    assert app.farewell == (closing or HOST_GONE)


async def test_no_host_at_all_is_said(socket_path):
    app = SeatApp(socket_path, "ticket-1", close_delay=30)
    async with app.run_test() as pilot:
        await until(pilot, lambda: shows(app, MessageScreen) and app.farewell, "the closing message")
        assert HOST_GONE in widget_texts(app.screen)
        await pilot.press("enter")
        await until(pilot, lambda: app.return_code is not None, "the app ends")
    assert app.return_code == EXIT_TABLE_CLOSED


async def test_ctrl_q_asks_then_leaves(seated):
    session = bleeding()
    app, host = await seated(session, 1)
    async with app.run_test() as pilot:
        await host.welcome()
        await until(pilot, lambda: app.feed is not None, "the first feed")
        await pilot.press("ctrl+q")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert "Your seat waits for you" in widget_texts(app.screen)
        await pilot.press("n")
        await until(pilot, lambda: not isinstance(app.screen, ConfirmScreen), "the answer")
        await pilot.press("ctrl+q")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        await pilot.press("y")
        await host.expect("bye")
        await until(pilot, lambda: app.return_code is not None, "the app ends")
    assert app.return_code == 0


# ----- privacy and keys ----------------------------------------------------------------


async def test_a_spectator_never_sees_a_seat_s_secrets(seated):
    session = bleeding(3, seed=11)
    rnd = random.Random(11)
    app, host = await seated(session, None)
    async with app.run_test() as pilot:
        await host.welcome()
        seen = summaries = 0
        for step in range(60):
            await until(pilot, lambda: app.feed is not None and len(app.feed.log) == len(session.log), "the feed")
            while shows(app, RoundSummaryScreen):
                summaries += 1
                check_public(app, session)
                await pilot.press("enter")
                await pilot.pause()
            await showing(pilot, (WaitingScreen, SeatFinalScreen))
            check_public(app, session)
            seen += 1
            if session.is_over:
                break
            play(session, rnd, lambda events, every=step % 3 == 0: every or any(e.kind == "round_end" for e in events))
            await host.send_feed()
        assert seen > 10 and summaries > 0
        assert "You are watching." in screen_text(app) or session.is_over


def check_public(app: SeatApp, session: Session) -> None:
    drawn, held = screen_text(app), widget_texts(app.screen)
    for seat in range(len(session.players)):
        secrets = session.game.secret_texts(session.state, seat)
        assert_hidden(drawn, secrets, f"{type(app.screen).__name__} (seat {seat})")
        assert_hidden(held, secrets, f"{type(app.screen).__name__} (seat {seat})")


class Clock:
    now = 1000.0

    def __call__(self) -> float:
        return self.now


async def test_keys_typed_before_a_screen_change_do_not_act_on_the_new_screen(seated):
    session = bleeding(2)
    me = 1 - acting(session)
    guard = KeyGuard(clock=Clock())
    app, host = await seated(session, me, key_guard=guard)
    async with app.run_test() as pilot:
        await host.welcome()
        await until(pilot, lambda: shows(app, WaitingScreen) and guard.ready_at is not None, "waiting")
        guard.clock.now += 1.0
        await pilot.press("enter")  # on the waiting screen: nothing to do
        play(session, random.Random(1), lambda events: acting(session) == me)
        await host.send_feed()
        await until(pilot, lambda: shows(app, BiddingScreen) and guard.ready_at is not None, "the decision")
        for _ in range(5):  # a held Enter, right as the decision comes up
            guard.clock.now += 0.03
            await pilot.press("enter")
        await pilot.pause()
        assert host.inbox.empty()
        guard.clock.now += 1.0
        await pilot.press("enter")
        await host.expect("act")


async def test_what_a_seat_alone_learnt_is_shown_to_it_before_its_next_screen(seated):
    session = bleeding()
    me = acting(session)
    app, host = await seated(session, me)
    async with app.run_test() as pilot:
        await host.welcome()
        await showing(pilot, BiddingScreen)
        await pilot.press("enter")
        await host.tell({"type": "news", "lines": ["You draw the Golden Arrow."]})
        await host.apply(await host.expect("act"))
        await showing(pilot, PrivateNewsScreen, "You draw the Golden Arrow.")
        await asyncio.sleep(0.5)  # the key guard's hold
        await pilot.press("enter")
        await until(pilot, lambda: not shows(app, PrivateNewsScreen), "the seat's screen after the news")


# ----- hints ---------------------------------------------------------------------------


@pytest.mark.parametrize("allowed", [True, False])
async def test_h_shows_a_hint_at_a_seat_unless_the_host_turned_hints_off(seated, allowed):
    from sherwood_tui.ui.game_screen import HintLine

    session = bleeding()
    me = acting(session)
    app, host = await seated(session, me)
    app.hint_playouts = 5
    async with app.run_test() as pilot:
        await host.expect("hello")
        welcome = {"type": "welcome", "game": session.game.id, "seat": me, "name": NAMES[me]}
        if not allowed:
            welcome["hints"] = False  # `host --no-hints`
        await host.tell(welcome)
        await host.send_feed()
        await showing(pilot, BiddingScreen)
        await pilot.pause()
        assert (" h  Hint " in screen_text(app).splitlines()[-1]) == allowed  # the key bar offers it
        await pilot.press("h")
        if allowed:
            await until(pilot, lambda: "Hint: " in screen_text(app), "a hint")
        else:
            await pilot.pause(0.2)
            assert not list(app.screen.query(HintLine)) and "Hint" not in screen_text(app)


async def test_a_kept_decision_screen_that_goes_stops_its_hint_s_search(seated):
    """A kept screen is not unmounted when the seat's screen changes, which stopped its
    hint's search before: the seat stops it."""
    from sherwood_tui.ui.game_screen import HintLine

    session = bleeding()
    me = acting(session)
    app, host = await seated(session, me)
    app.hint_playouts = 10**7  # (still searching when the screen goes)
    async with app.run_test() as pilot:
        await host.welcome()
        await showing(pilot, BiddingScreen)
        screen = app.screen
        await pilot.press("h")
        await until(pilot, lambda: screen.hint_worker is not None, "the hint's search")
        worker = screen.hint_worker
        session.submit(Pass(seat=me))  # (the seat's move made elsewhere: its decision goes)
        await host.send_feed()
        await showing(pilot, WaitingScreen)
        assert screen.hint_worker is None and worker.is_cancelled and not list(screen.query(HintLine))


# ----- what a feed in place redraws ------------------------------------------------------


async def test_a_part_whose_rows_stay_the_same_is_redrawn_without_laying_out_the_screen():
    from rich.text import Text
    from textual.app import App

    from sherwood_tui.ui.widgets import Panel, update_in_place

    class OnePanel(App[None]):
        def compose(self):
            yield Panel(Text("Robin bids\nMarian passes"), title="Table", id="part")

    app = OnePanel()
    async with app.run_test(size=(40, 12)) as pilot:
        panel = app.screen.query_one("#part", Panel)
        layouts: list[bool] = []
        refresh = panel.refresh

        def counted(*regions: Any, layout: bool = False, **rest: Any) -> Any:
            layouts.append(layout)
            return refresh(*regions, layout=layout, **rest)

        panel.refresh = counted  # type: ignore[method-assign]
        update_in_place(panel, Text("Much bids\nRobin passes"))
        await pilot.pause()
        assert layouts and not any(layouts)  # two rows as before: no layout
        assert "Much bids" in screen_text(app) and panel.size.height == 2
        update_in_place(panel, Text("Much bids\nRobin passes\nMarian bids"))
        await pilot.pause()
        assert any(layouts)  # a row more: the screen is laid out again
        assert "Marian bids" in screen_text(app) and panel.size.height == 3
