"""A seat keeps its Sheriff of Nottingham decision screens between its turns
(`GameScreen.renew`): the seat's next decision of a kind is shown on the very screen of
the last one, with nothing of the choice half made there left (marks, amounts, a
favour, an order, the highlighted line): the keys a player presses send what a new
screen would send."""

# ruff: noqa: F811 - the seat app's fixtures, imported, are the tests' arguments

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from textual.widgets import Static

from sherwood_tui.core.bots import bot_action
from sherwood_tui.core.contract import Player
from sherwood_tui.core.session import Session
from sherwood_tui.core.steps import as_moves
from sherwood_tui.games.sheriff import GAME
from sherwood_tui.games.sheriff.rules import decisions
from sherwood_tui.games.sheriff.rules.model import (
    HAND_SIZE,
    Bribe,
    Debt,
    Declare,
    Draw,
    LetPass,
    OpenBag,
    PayWithGood,
    State,
    Threaten,
)
from sherwood_tui.games.sheriff.ui.common import declarable, sort_cards
from sherwood_tui.games.sheriff.ui.merchant import truest_good
from sherwood_tui.games.sheriff.ui.screens import (
    SCREENS,
    ChooseScreen,
    ConfiscateScreen,
    DecideScreen,
    DeclareScreen,
    DrawScreen,
    InspectionResultScreen,
    LoadScreen,
    OfferScreen,
    PayScreen,
    PlaceScreen,
    SetAsideScreen,
)
from sherwood_tui.table.seat_screens import WaitingScreen
from sherwood_tui.ui.screens import RoundSummaryScreen
from tests.contract_checks import changed
from tests.games.sheriff.sheriff_kit import arrange
from tests.table.test_seat_app import StubHost, acting, seated, showing, socket_path, until  # noqa: F401

NAMES = ("Robin", "Marian", "Much", "Tuck")
Policy = Callable[[State, int, random.Random], Any]  # the host's move for a seat it plays


def kind_for(state: State, seat: int) -> type | None:
    """The screen of `seat`'s decision now (None: not its turn)."""
    if GAME.is_over(state) or seat not in GAME.to_act(state):
        return None
    return SCREENS[state.step]


def by_bots(state: State, seat: int, rnd: random.Random) -> Any:
    return bot_action(GAME, state, seat, "random", rnd)


def play_until(session: Session, me: int, done: Callable[[State], bool], rnd: random.Random,
               policy: Policy = by_bots) -> None:
    """The host plays every seat (this one's other decisions too) until `done`."""
    for _ in range(3000):
        if done(session.state):
            return
        assert not session.is_over, "the game ended first"
        seat = me if me in GAME.to_act(session.state) else acting(session)
        session.submit(policy(session.state, seat, rnd))
    raise AssertionError("never reached")


async def kept_for_the_next(pilot, host: StubHost, me: int, kind: type, first: Any, rnd: random.Random,
                            policy: Policy = by_bots) -> Any:
    """After the seat's decision on `first` (its screen of `kind`): play on until the seat
    decides otherwise or waits (shown), then until its next decision of `kind`; that one
    is shown on `first`, renewed. Returns the feed it shows."""
    session, app = host.session, pilot.app
    play_until(session, me, lambda state: kind_for(state, me) is not kind, rnd, policy)
    await host.send_feed()
    await until(pilot, lambda: app.screen is not first and len(app.feed.log) == len(session.log), "another screen")
    play_until(session, me, lambda state: kind_for(state, me) is kind, rnd, policy)
    await host.send_feed()
    feed = session.feed(me, private=True)
    await through_interludes(pilot, lambda: app.screen is first and first.feed.log == feed.log, "the kept screen")
    await showing(pilot, kind)
    assert app.screen is first and not first.decided
    return feed


async def through_interludes(pilot, condition: Callable[[], bool], what: str) -> None:
    """Enter on each screen shown to the whole table (an opened bag, a round's summary)
    until `condition`."""
    app = pilot.app

    def interlude_up() -> bool:
        return condition() or (app.showing_interlude and isinstance(app.screen, (InspectionResultScreen, RoundSummaryScreen)))

    while True:
        await until(pilot, interlude_up, what)
        if condition():
            return
        await showing(pilot, (InspectionResultScreen, RoundSummaryScreen))
        await pilot.press("enter")
        await pilot.pause()


async def sent(host: StubHost) -> list[Any]:
    act = await host.expect("act")
    return [GAME.parse_action(move) for move in act["actions"]]


# Each case: the screen, the players, the seed; the keys pressed on the seat's first
# decision of that kind; the keys on its next one, and what a new screen sends for them
# (from the feed); the host's moves for the seats it plays (this seat's other decisions).


def hand_card(feed, index: int) -> int:
    return sort_cards(feed.view.hand)[index].id


def usual_draw(feed) -> tuple[Any, ...]:
    last = [move for move in feed.legal if isinstance(move, Draw)][-1]  # highlighted at first
    if last.from_discard is None:
        return decisions.draws(feed.seat, None, HAND_SIZE - len(feed.view.hand))
    return (last,)


def setting_two_aside(state: State, seat: int, rnd: random.Random) -> Any:
    """The host's seat sets two cards aside (a put-back of two to order follows)."""
    if state.step == "set_aside" and seat == state.market_seat and len(state.hands[seat]) >= 2:
        return decisions.set_aside(seat, state.hands[seat][:2])
    return by_bots(state, seat, rnd)


def threatening(state: State, seat: int, rnd: random.Random) -> Any:
    """Every Sheriff threatens each bag in turn and takes each offer, never asking for
    another (an offer is made unasked); the merchants play at random."""
    legal = GAME.legal_actions(state, seat)
    for kind in (Threaten, LetPass):
        moves = [move for move in legal if isinstance(move, kind)]
        if moves and seat == state.sheriff:
            return moves[0]
    return by_bots(state, seat, rnd)


def opening(state: State, seat: int, rnd: random.Random) -> Any:
    """Every Sheriff opens each bag; the merchants play at random."""
    moves = [move for move in GAME.legal_actions(state, seat) if isinstance(move, OpenBag)]
    return moves[0] if moves and seat == state.sheriff else by_bots(state, seat, rnd)


CASES: list[tuple[type, int, int, Sequence[str], Sequence[str], Callable[[Any], tuple[Any, ...]], Policy]] = [
    # two cards marked and set aside; then the second card alone
    (SetAsideScreen, 3, 4, ("space", "down", "space", "enter"), ("down", "space", "enter"),
     lambda feed: decisions.set_aside(feed.seat, (hand_card(feed, 1),)), by_bots),
    # a line up; then Enter on the usual line (the draw pile)
    (DrawScreen, 3, 4, ("up", "enter"), ("enter",), usual_draw, by_bots),
    # reordered onto pile 2; then Enter: pile 1 in the order as set aside
    (PlaceScreen, 3, 4, ("shift+down", "2"), ("enter",),
     lambda feed: decisions.place(feed.seat, 0, tuple(card.id for card in feed.view.set_aside)), setting_two_aside),
    # two cards marked and loaded; then the second card, highlighted, alone
    (LoadScreen, 3, 4, ("space", "down", "space", "enter"), ("down", "enter"),
     lambda feed: decisions.load(feed.seat, (hand_card(feed, 1),)), by_bots),
    # the last good declared; then Enter on the bag's own good
    (DeclareScreen, 3, 4, ("end", "enter"), ("enter",),
     lambda feed: (Declare(seat=feed.seat, good=truest_good(feed.view.bag, declarable(feed.table)),
                           count=len(feed.view.bag)),), by_bots),
    # 2 gold and a favour offered; then Enter: nothing (no demand)
    (OfferScreen, 3, 4, ("right", "right", "f", "enter"), ("enter",),
     lambda feed: decisions.offer(feed.seat, Bribe()), threatening),
    # the second bag threatened; then Enter on the first bag
    (ChooseScreen, 4, 4, ("down", "enter"), ("enter",),
     lambda feed: (Threaten(seat=feed.seat, merchant=next(m.merchant for m in feed.legal if isinstance(m, Threaten))),),
     threatening),
    # the bag opened (the second line); then Enter lets the next bag pass
    (DecideScreen, 4, 4, ("down", "enter"), ("enter",),
     lambda feed: (LetPass(seat=feed.seat, merchant=feed.table.inspected),), threatening),
    # reordered onto pile 2; then Enter: pile 1 as confiscated
    (ConfiscateScreen, 4, 4, ("shift+down", "2"), ("enter",),
     lambda feed: decisions.confiscate(feed.seat, 0, tuple(card.id for card in feed.table.confiscated)), opening),
]


@pytest.mark.parametrize("kind, players, seed, first_keys, next_keys, expected, policy", CASES,
                         ids=[case[0].__name__ for case in CASES])
async def test_the_next_decision_of_a_kind_is_shown_on_the_kept_screen(
        seated, kind, players, seed, first_keys, next_keys, expected, policy):
    session = Session(GAME, [Player(name=name) for name in NAMES[:players]], {}, seed)
    me = 1
    rnd = random.Random(seed)
    play_until(session, me, lambda state: kind_for(state, me) is kind, rnd, policy)
    app, host = await seated(session, me)
    async with app.run_test() as pilot:
        await host.welcome()
        await showing(pilot, kind)
        first = app.screen
        before = session.feed(me, private=True)
        await pilot.press(*first_keys)
        moves = await sent(host)
        assert moves != list(as_moves(expected(before))), "the first keys choose otherwise"
        session.submit(moves)
        feed = await kept_for_the_next(pilot, host, me, kind, first, rnd, policy)
        await pilot.press(*next_keys)
        assert await sent(host) == list(as_moves(expected(feed)))


def in_debt(up: list[str], down: list[str], amount: int) -> State:
    """3 players: Marian (1), out of gold, owes Robin, the Sheriff, `amount` gold."""
    state = arrange(n=3, sheriff=0, step="pay", up={1: up}, down={1: down}, bags={2: ["Cheese"]},
                    declarations={2: "Cheese"}, gold={1: 0}, target=1)
    return changed(state, debt=Debt(debtor=1, creditor=0, amount=amount))


async def test_a_later_debt_is_paid_on_the_kept_pay_screen(seated):
    """Debts come seldom at random: the host puts the game at one, at another seat's
    decision, then at another debt of the same seat."""
    session = Session(GAME, [Player(name=name) for name in NAMES[:3]], {}, 5)
    session.state = in_debt(["Apples", "Chickens"], ["Silk"], 5)
    app, host = await seated(session, 1)
    async with app.run_test() as pilot:
        await host.welcome()
        await showing(pilot, PayScreen, "owes Robin 5 gold")
        first = app.screen
        await pilot.press("down", "enter")
        assert await sent(host) == [PayWithGood(seat=1, good="Chickens")]
        session.state = arrange(n=3, sheriff=0, step="choose", bags={1: ["Apples"], 2: ["Cheese"]},
                                declarations={1: "Apples", 2: "Cheese"})
        await host.send_feed()
        await showing(pilot, WaitingScreen)
        session.state = in_debt(["Cheese", "Apples"], ["Mead"], 7)
        await host.send_feed()
        await until(pilot, lambda: app.screen is first and "owes Robin 7 gold" in str(first.query_one("#goods").border_title),
                    "the kept screen")
        await showing(pilot, PayScreen, "owes Robin 7 gold")
        assert "Mead" in str(first.query_one("#hidden-text", Static).content)
        await pilot.press("enter")  # the first good again: Apples
        assert await sent(host) == [PayWithGood(seat=1, good="Apples")]


def test_every_renewable_screen_is_tried():
    assert {case[0] for case in CASES} | {PayScreen} == {screen for screen in SCREENS.values() if screen.RENEWABLE}
