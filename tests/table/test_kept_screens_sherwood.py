"""Sherwood (2005) at a table: a seat keeps its decision screens between its turns and
shows each later decision of their kind on them (`GameScreen.renew`). For every kind, the
seat's second decision of that kind comes up on the screen of its first, and the keys
pressed there send what a new screen would send, whatever was pressed on the first (a
half-made choice, a cursor or a highlighted row moved)."""

# ruff: noqa: F811 - the seat app's fixtures, imported, are the tests' arguments

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from sherwood_tui import catalog
from sherwood_tui.core.bots import bot_action
from sherwood_tui.core.contract import Player
from sherwood_tui.core.seat import SeatFeed
from sherwood_tui.core.session import Session
from sherwood_tui.games.sherwood.rules.data import data
from sherwood_tui.games.sherwood.rules.model import (
    AddMember,
    ChooseMission,
    ChooseReward,
    ChooseTown,
    LineUp,
    PendingParty,
    Ransom,
    SendParty,
)
from sherwood_tui.games.sherwood.rules.phases.prepare import ambush_moves
from sherwood_tui.games.sherwood.ui.ambush import AmbushScreen
from sherwood_tui.games.sherwood.ui.prison import OrderScreen, RansomScreen
from sherwood_tui.games.sherwood.ui.rewards import MissionChoiceScreen, RewardScreen
from sherwood_tui.games.sherwood.ui.towns import PrivateTownScreen
from sherwood_tui.table.seat_app import SeatApp
from tests.table.test_seat_app import StubHost, acting, seated, showing, socket_path, until  # noqa: F401
from tests.ui.helpers import screen_text

GAME = catalog.get("sherwood").load()
NAMES = ("Robin", "Marian", "Much", "Tuck")
SIZE = (100, 34)  # below 120x40: no column of the whole table, which a kept screen cannot renew

Feed = SeatFeed[Any, Any]


def sherwood(players: int, seed: int) -> Session:
    return Session(GAME, [Player(name=name) for name in NAMES[:players]], {}, seed)


async def to_decision(host: StubHost, me: int, phase: str, rnd: random.Random,
                      wanted: Callable[[Feed], bool] = lambda feed: True) -> Feed:
    """Random moves of every seat until this seat is to decide in `phase` (its other
    decisions are taken here, not on its screen). The seat is sent a feed when it has no
    move left (it waits) and at that decision (never a decision's interludes: no key has to
    pass them)."""
    session = host.session
    waiting = not session.feed(me, private=True).legal
    while True:
        assert not session.is_over, f"the game ended before a decision in {phase}"
        feed = session.feed(me, private=True)
        if me in GAME.to_act(session.state) and feed.table.phase == phase and wanted(feed):
            await host.send_feed(moved=False)
            return feed
        seat = next((s for s in GAME.to_act(session.state) if s != me), me)
        session.submit(bot_action(GAME, session.state, seat, "random", rnd))
        if not session.feed(me, private=True).legal and not waiting:
            await host.send_feed(moved=False)
        waiting = not session.feed(me, private=True).legal


async def decide(pilot, host: StubHost, *keys: str) -> list[Any]:
    """The seat's keys, and the moves they sent (applied: the seat is sent its feed)."""
    await pilot.press(*keys)
    act = await host.expect("act")
    moves = [GAME.parse_action(move) for move in act["actions"]]
    host.session.submit(moves)
    await host.send_feed(moved=False)
    return moves


async def kept_screen_shows(pilot, app: SeatApp, first: Any, feed: Feed) -> None:
    """The seat's screen is `first`, showing `feed`'s decision, nothing decided yet."""
    await until(pilot, lambda: app.screen is first and first.feed.log == feed.log, "the kept screen")
    await pilot.pause()
    assert not first.decided
    assert feed.round_label in screen_text(app)


async def first_then_second(seated, keys: tuple[tuple[str, ...], tuple[str, ...]], kind: type, phase: str,
                            expected: Callable[[Feed], list[Any]], *, players: int = 3, seed: int = 4, me: int = 0,
                            wanted: Callable[[Feed], bool] = lambda feed: True,
                            first_check: Callable[[list[Any], Feed], None] = lambda moves, feed: None) -> None:
    """The seat's first decision in `phase` on a new `kind` screen, decided with the first
    keys; its second on the same screen, where the second keys send `expected(feed)`."""
    session = sherwood(players, seed)
    rnd = random.Random(seed)
    app, host = await seated(session, me)
    first_keys, second_keys = keys
    async with app.run_test(size=SIZE) as pilot:
        await host.welcome()
        feed = await to_decision(host, me, phase, rnd, wanted)
        await showing(pilot, kind)
        first = app.screen
        first_check(await decide(pilot, host, *first_keys), feed)
        feed = await to_decision(host, me, phase, rnd, wanted)
        await kept_screen_shows(pilot, app, first, feed)
        assert await decide(pilot, host, *second_keys) == expected(feed)


async def test_on_the_next_ambush_space_sends_the_first_free_character(seated):
    """The first ambush sends the second character (the cursor moved down to it); on the
    next, space sends the first free character, as on a new screen, and only them."""
    chars = data().characters

    def sent_the_second(moves: list[Any], feed: Feed) -> None:
        assert moves[0] == AddMember(seat=0, member=feed.table.seats[0].available[1])

    def first_free_sent(feed: Feed) -> list[Any]:
        free = feed.table.seats[0].available
        assert free and not chars[free[0]].paid  # (space sends them: no Gold asked)
        return list(ambush_moves(0, PendingParty(members=free[:1]), feed.view.forming or PendingParty()))

    await first_then_second(seated, (("down", "space", "enter"), ("space", "enter")), AmbushScreen, "prepare",
                            first_free_sent, first_check=sent_the_second)


async def test_the_next_ambush_sent_as_it_is_sends_nobody(seated):
    """A party half-made on the first ambush (members and the cursor) is not the next one's:
    Enter at once sends nobody."""
    await first_then_second(seated, (("1", "down", "space", "enter"), ("enter",)), AmbushScreen, "prepare",
                            lambda feed: [SendParty(seat=0)])


async def test_the_next_mission_kept_is_chosen_from_the_first_row(seated):
    """The first choice keeps the second mission led; on the next, Enter keeps the first."""
    def second_kept(moves: list[Any], feed: Feed) -> None:
        assert moves == [feed.legal[1]]

    await first_then_second(seated, (("down", "enter"), ("enter",)), MissionChoiceScreen, "choose_mission",
                            lambda feed: [ChooseMission(seat=0, skill=feed.legal[0].skill)], first_check=second_kept)


async def test_the_next_reward_is_chosen_from_the_first_row_that_can_be_taken(seated):
    """The first reward taken from a row further down; on the next, Enter takes the first
    reward that can be taken."""
    def first_takeable(feed: Feed) -> list[Any]:
        legal = {move.reward for move in feed.legal}
        rewards = data().mission_by_id[feed.table.reward.mission].rewards
        return [ChooseReward(seat=0, reward=next((r.type for r in rewards if r.type in legal), "nothing"))]

    def another(moves: list[Any], feed: Feed) -> None:
        assert moves != first_takeable(feed)

    await first_then_second(seated, (("down", "enter"), ("enter",)), RewardScreen, "choose_reward", first_takeable,
                            first_check=another)


async def test_the_next_town_is_chosen_from_a_cursor_on_the_best_town(seated):
    """A town chosen with the cursor moved; the next reward's first town (not a camp's
    second pick, shown on a screen of its own) on the kept map, its cursor on the best
    town of the new list, as a new screen's."""
    def best(feed: Feed) -> list[Any]:
        return [ChooseTown(seat=0, town=PrivateTownScreen(feed).best())]

    def another(moves: list[Any], feed: Feed) -> None:
        assert moves != best(feed)

    await first_then_second(seated, (("down", "right", "enter"), ("enter",)), PrivateTownScreen, "choose_town",
                            best, wanted=lambda feed: not feed.table.reward.taken, first_check=another)


async def test_the_next_line_up_starts_from_the_order_the_newcomers_came_in(seated):
    """The first line-up moves a newcomer to the top; on the next, Enter keeps the order
    they came in (the cell closed, nobody lined up by hand), as on a new screen."""
    def lined_up_by_hand(moves: list[Any], feed: Feed) -> None:
        assert isinstance(moves[0], LineUp)

    await first_then_second(seated, (("down", "t", "enter"), ("enter",)), OrderScreen, "order_prisoners",
                            lambda feed: list(OrderScreen(feed).moves()), first_check=lined_up_by_hand)


async def test_the_next_ransom_offer_is_answered_from_pay_nothing(seated):
    """The first offer taken (one prisoner freed); on the next, Enter pays nothing."""
    def paid(moves: list[Any], feed: Feed) -> None:
        assert moves == [Ransom(seat=0, free=1)]

    await first_then_second(seated, (("down", "enter"), ("enter",)), RansomScreen, "ransom",
                            lambda feed: [Ransom(seat=0, free=0)], first_check=paid)

