"""Hot-seat hand-offs through the real app with a real `KeyGuard` on a fake clock: keys
typed by one player never act for another.

Rules under test (core/handoff.py): every change of the human who must decide is a
hand-off (a curtain naming the next human, before a private decision and before another
human's public one); keys are dropped until a new screen is drawn and for `hold` after
it on guarded screens; a held key (auto-repeat) never acts on a screen it did not start
on; `u` takes back the last decision of the human at the keyboard with the bot moves
after it, also after quit and resume.

Positions are reached by a seeded walk of legal actions (bots play as the app plays them),
saved, and resumed by the app; every key under test goes through the app. Time is the
fake clock's: nothing here sleeps.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import cache

import pytest

from sherwood_tui import catalog
from sherwood_tui.core.bots import bot_action
from sherwood_tui.core.contract import Player
from sherwood_tui.core.handoff import KeyGuard
from sherwood_tui.core.saves import write_save
from sherwood_tui.core.session import Session
from sherwood_tui.core.steps import as_moves, decision_starts, is_part
from sherwood_tui.ui.app import SherwoodApp
from sherwood_tui.ui.game_screen import BotTurnScreen, GameScreen
from sherwood_tui.ui.picker import PickerScreen
from sherwood_tui.ui.screens import ContinueScreen, CurtainScreen, QuitScreen
from tests.ui.helpers import privacy_leaks

HOLD = 0.8  # KeyGuard's defaults
REPEAT = 1 / 30  # auto-repeat: 30 keys a second ...
BURST = 45  # ... held for 1.5 s: through the whole hold and well past it
AT_LEISURE = 1.0  # a distinct press, well after the hold
RELEASED = 0.5  # a key released and pressed again (more than the guard's repeat gap)
NAMES = ("Robin", "Marian", "Much", "Will")
INTERLUDE_EVENTS = {"reveal", "round_end", "game_end"}
SEEDS = 30


class Clock:
    """The time the key guard reads."""

    now = 1000.0

    def __call__(self) -> float:
        return self.now


# ----- positions ----------------------------------------------------------------------


@dataclass(frozen=True)
class Next:
    """What the table sees after an action (and the bot moves it brings): the human who
    decides next, whether privately, which bots moved, and the public event kinds."""

    seat: int | None
    private: bool
    bots: tuple[int, ...]
    kinds: frozenset[str]


def first_to_act(session: Session, state) -> int | None:
    """The seat the app serves next when nobody holds the keyboard: humans before bots."""
    seats = session.game.to_act(state)
    humans = [s for s in seats if session.players[s].bot is None]
    return (humans or seats or [None])[0]


def bot_move(session: Session, state, seat: int, count: int):
    """The action BotTurnScreen makes for this bot when `count` actions have been played."""
    rnd = random.Random(f"{session.seed}-{count}")
    return bot_action(session.game, state, seat, session.players[seat].bot, rnd)


def what_next(session: Session, decision) -> Next:
    game = session.game
    state, kinds = session.state, set()
    for move in as_moves(decision):
        state, events = game.apply(state, move)
        kinds |= {e.kind for e in events}
    bots: list[int] = []
    played = len(session.actions) + len(as_moves(decision))  # the moves made so far (a bot's random source counts them)
    while not game.is_over(state):
        seat = first_to_act(session, state)
        if seat is None or session.players[seat].bot is None:
            private = seat is not None and game.is_private(state, seat)
            return Next(seat, private, tuple(bots), frozenset(kinds))
        for move in as_moves(bot_move(session, state, seat, played)):
            state, events = game.apply(state, move)
            kinds |= {e.kind for e in events}
            played += 1
        bots.append(seat)
    return Next(None, False, tuple(bots), frozenset(kinds))


def walk(game_id: str, bots: tuple[int, ...], seed: int):
    """A seeded game of four (`bots` play as random bots): yields (session, seat) before
    every human decision; humans play random legal actions, bots as in the app."""
    game = catalog.get(game_id).load()
    table = [Player(name=name, bot="random" if i in bots else None) for i, name in enumerate(NAMES)]
    session = Session(game, table, {}, seed)
    rnd = random.Random(seed)
    open_seat = None  # a human in the middle of a decision of small moves goes on with it
    while not session.is_over:
        seat = first_to_act(session, session.state) if open_seat is None else open_seat
        if session.players[seat].bot is not None:
            session.submit(bot_move(session, session.state, seat, len(session.actions)))
            continue
        if open_seat is None:
            yield session, seat
        legal = game.legal_actions(session.state, seat)
        move = rnd.choice(sorted(legal, key=lambda a: json.dumps(game.dump_action(a), sort_keys=True)))
        session.submit(move)
        open_seat = seat if is_part(move) else None


def news(session: Session, decision) -> list[str]:
    """What the decider alone learns from `decision` (shown to them first: not these cases)."""
    game, state, lines = session.game, session.state, []
    for move in as_moves(decision):
        after, _ = game.apply(state, move)
        lines += game.private_news(state, move, after)
        state = after
    return lines


def a_decision(session: Session, seat: int, action: str) -> tuple | None:
    """The first decision of `seat` that ends with a move of class `action...`: the
    first such legal move, after the first legal part moves it needs (None: there is none)."""
    game, state, moves = session.game, session.state, []
    for _ in range(20):
        legal = game.legal_actions(state, seat)
        closers = [a for a in legal if type(a).__name__.startswith(action)]
        if closers:
            return (*moves, closers[0])
        parts = [a for a in legal if is_part(a)]
        if not parts:
            return None
        moves.append(parts[0])
        state, _ = game.apply(state, parts[0])
    return None


@cache
def position(game_id: str, bots: tuple[int, ...], screen: str, action: str, accept) -> tuple[Session, int, Next]:
    """The first position where a human's decision is shown on `screen` and a decision
    that ends with a move of class `action...` (what the deciding key does) leads to a
    `Next` that `accept` likes."""
    screens = catalog.get(game_id).load_screens()
    for seed in range(SEEDS):
        for session, seat in walk(game_id, bots, seed):
            if type(screens.screen_for(session.feed(seat, session.game.is_private(session.state, seat)))).__name__ != screen:
                continue
            decision = a_decision(session, seat, action)
            if decision and accept(seat, nxt := what_next(session, decision), bool(news(session, decision))):
                return session, seat, nxt
    raise LookupError(f"no {game_id} position on {screen}")


# ----- the app ------------------------------------------------------------------------


async def settle(pilot) -> None:
    """Wait until the screen put up last is drawn (the guard's hold starts then) and no
    bot is still deciding."""
    app = pilot.app
    for _ in range(300):
        if app.key_guard.ready_at is not None and not isinstance(app.screen, BotTurnScreen):
            return
        await pilot.pause()
    raise AssertionError(f"{type(app.screen).__name__} was never drawn")


async def press(pilot, key: str, after: float = 0.0) -> None:
    """Press `key` `after` seconds (of the fake clock) after the previous one; no frame
    may then show another seat's secret."""
    pilot.app.key_guard.clock.now += after
    await pilot.press(key)
    assert privacy_leaks(pilot.app) == []


async def resumed(pilot) -> None:
    """A resumed game shows its first screen (a curtain with several humans): lift it."""
    await settle(pilot)
    if isinstance(pilot.app.screen, CurtainScreen):
        await press(pilot, "enter", AT_LEISURE)
        await settle(pilot)


def new_app(game_id: str, bots: tuple[int, ...], screen: str, action: str, accept, folder):
    """An app with a real key guard on a fake clock that resumes the `position`; with the
    seat about to decide and what comes next."""
    session, seat, nxt = position(game_id, bots, screen, action, accept)
    path = folder / f"{game_id}-test.json"
    write_save(session, path)
    app = SherwoodApp(resume_path=path, bot_delay=0, key_guard=KeyGuard(clock=Clock()))
    return app, seat, nxt


def shows(app, kind: type, seat: int | None = None) -> bool:
    return isinstance(app.screen, kind) and (seat is None or app.screen.seat == seat)


# ----- a decision, then keys that must not act for the next player ----------------------


@dataclass(frozen=True)
class HandOffCase:
    """A human's decision on `screen` with `key` (recording an action of class
    `action...`), after which `then` comes: "private"/"public" (a curtain for another
    human's decision of that kind), "interlude" (a public screen) or "news" (what the
    decider alone learnt: `Game.private_news`); `bots` sit at the table and move in
    between."""

    name: str
    game: str
    screen: str
    key: str
    action: str
    then: str
    bots: tuple[int, ...] = ()

    def accept(self, seat: int, nxt: Next, news: bool) -> bool:
        if nxt.bots != self.bots or nxt.seat in (None, seat) or news != (self.then == "news"):
            return False
        interlude = bool(nxt.kinds & INTERLUDE_EVENTS)
        if self.then in ("interlude", "news"):
            return interlude == (self.then == "interlude")
        return not interlude and nxt.private == (self.then == "private")


BLEEDING, SHERIFF, SHERWOOD = "bleeding-sherwood", "sheriff", "sherwood"
CASES = [
    # (a) private -> private
    HandOffCase("bleeding: a bid, then the next bidder", BLEEDING, "BiddingScreen", "enter", "PlayGoode", "private"),
    HandOffCase("sheriff: a market, then the next merchant's", SHERIFF, "PlaceScreen", "enter", "PlaceAside", "private"),
    HandOffCase("sheriff: a bag loaded, then the next loader", SHERIFF, "LoadScreen", "enter", "LoadBag", "private"),
    HandOffCase("sherwood: an ambush, then the next one", SHERWOOD, "AmbushScreen", "enter", "SendParty", "private"),
    HandOffCase("bleeding: the last pass, then the first collector", BLEEDING, "BiddingScreen", "p", "Pass", "private"),
    HandOffCase("bleeding: a collector, then the next collector", BLEEDING, "CollectScreen", "enter", "Take", "private"),
    # (b) private -> another human's public decision
    HandOffCase("sheriff: an offer, then the Sheriff decides", SHERIFF, "OfferScreen", "enter", "Offer", "public"),
    HandOffCase("sheriff: the last declaration, then the Sheriff chooses", SHERIFF, "DeclareScreen", "enter", "Declare", "public"),
    HandOffCase("sherwood: a theft, the drawer's cards, then another", SHERWOOD, "RewardScreen", "enter", "ChooseReward", "news"),
    # (c) public -> public
    HandOffCase("sherwood: a town, then another lines up prisoners", SHERWOOD, "TownScreen", "enter", "ChooseTown", "public"),
    # (d) human -> bot -> human
    HandOffCase("bleeding: a bid, a bot's bid, the next bidder", BLEEDING, "BiddingScreen", "enter", "PlayGoode", "private", (2,)),
    HandOffCase("sheriff: a declaration, a bot's, the next declarer", SHERIFF, "DeclareScreen", "enter", "Declare", "private", (2,)),
    HandOffCase("sherwood: prisoners lined up, a bot's, the round's end", SHERWOOD, "OrderScreen", "enter", "CloseCell", "interlude", (2,)),
    # a private decision, then a public interlude for the whole table
    HandOffCase("sherwood: the last ambush, then the reveal", SHERWOOD, "AmbushScreen", "enter", "SendParty", "interlude"),
]


async def enter_again(pilot, decided_at: float) -> None:
    """A double tap with no pause."""
    await press(pilot, "enter")


async def held_enter(pilot, decided_at: float) -> None:
    """Enter held down: auto-repeat at 30 keys a second for 1.5 s (past the hold, so
    only the held-key rule stops the end of it)."""
    for _ in range(BURST):
        await press(pilot, "enter", REPEAT)


async def late_taps(pilot, decided_at: float) -> None:
    """A double tap 0.15 s, then 0.4 s after the decision (once the next screen is drawn)."""
    await settle(pilot)
    clock = pilot.app.key_guard.clock
    for delay in (0.15, 0.4):
        await press(pilot, "enter", decided_at + delay - clock.now)


@pytest.mark.parametrize("extra", [enter_again, held_enter, late_taps], ids=lambda f: f.__name__)
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
async def test_keys_after_a_decision_never_act_for_the_next_player(case, extra, isolated_saves):
    """The deciding key records exactly one action; a second Enter, a held Enter or a late
    double tap is dropped: the next player's curtain (or the interlude) stays up, no
    frame shows another's secret; a distinct Enter after the hold lifts it to the right
    seat's screen, which drops a double tap of its own."""
    app, seat, nxt = new_app(case.game, case.bots, case.screen, case.action, case.accept, isolated_saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await resumed(pilot)
        assert shows(app, GameScreen, seat) and type(app.screen).__name__ == case.screen
        actions = len(app.session.actions)
        clock = app.key_guard.clock
        clock.now += AT_LEISURE
        decided_at = clock.now
        await press(pilot, case.key)
        await extra(pilot, decided_at)
        await settle(pilot)

        recorded = app.session.actions[actions:]
        starts = decision_starts(recorded)
        assert [recorded[k].seat for k in starts] == [seat, *case.bots]
        decided = recorded[: (starts[1:] or [len(recorded)])[0]]  # the human's decision: its moves
        assert type(decided[-1]).__name__.startswith(case.action)
        if case.then in ("interlude", "news"):
            assert not isinstance(app.screen, (CurtainScreen, GameScreen)), type(app.screen).__name__
            assert (type(app.screen).__name__ == "PrivateNewsScreen") == (case.then == "news")
            interlude = app.screen
        else:
            assert shows(app, CurtainScreen, nxt.seat) and app.screen.public == (case.then == "public")
        assert privacy_leaks(app) == []

        # a distinct press, 1 s after the decision and not part of a held key, acts
        clock.now = max(decided_at + AT_LEISURE, clock.now + RELEASED)
        await press(pilot, "enter")
        await settle(pilot)
        if case.then in ("interlude", "news"):
            assert app.screen is not interlude
        else:
            assert shows(app, GameScreen, nxt.seat) and not isinstance(app.screen, BotTurnScreen)
            assert app.screen.private == (case.then == "private")
        lifted = app.screen
        await press(pilot, "enter", 0.4)  # the lifter's own double tap: dropped too
        assert app.screen is lifted
        assert len(decision_starts(app.session.actions[actions:])) == 1 + len(case.bots)


# ----- one human with bots ------------------------------------------------------------


def bids_again_after_bots(seat: int, nxt: Next, news: bool = False) -> bool:
    return nxt.seat == seat and len(nxt.bots) == 3 and not nxt.kinds & INTERLUDE_EVENTS


async def test_a_lone_human_is_not_held_up_after_the_bots_turn(isolated_saves):
    """`HandOff.guard_first_key`: the keyboard never changes hands at a table of one human
    and bots, so the human's next decision screen after the bots' turns has no hold (only
    a key held since the decision is dropped); no curtain is ever shown."""
    bots = (1, 2, 3)
    app, seat, _ = new_app(BLEEDING, bots, "BiddingScreen", "PlayGoode", bids_again_after_bots, isolated_saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert shows(app, GameScreen, seat)
        actions = len(app.session.actions)
        await press(pilot, "enter", AT_LEISURE)  # Robin bids, the three bots answer
        await settle(pilot)
        assert shows(app, GameScreen, seat) and not isinstance(app.screen, CurtainScreen)
        assert [a.seat for a in app.session.actions[actions:]] == [seat, *bots]
        await press(pilot, "p", 0.3)  # a distinct press 0.3 s after the screen: Robin passes
        passed = app.session.actions[actions + 4]
        assert type(passed).__name__ == "Pass" and passed.seat == seat


def sets_aside_then_draws(seat: int, nxt: Next, news: bool = False) -> bool:
    return nxt.seat == seat and nxt.private and not nxt.bots


async def test_a_turn_of_several_steps_drops_only_the_held_key(isolated_saves):
    """The next step of the human who just decided (the market: set aside, then draw) is
    not guarded: Enter held a moment longer never reaches it, yet a distinct press half a
    second after the decision (inside what would be the hold) acts."""
    app, seat, _ = new_app(SHERIFF, (1, 2, 3), "SetAsideScreen", "SetAside", sets_aside_then_draws, isolated_saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert type(app.screen).__name__ == "SetAsideScreen" and app.screen.seat == seat
        actions = len(app.session.actions)
        await press(pilot, "space", AT_LEISURE)  # mark a card to set aside
        await press(pilot, "enter", AT_LEISURE)  # ... and confirm, holding Enter 0.2 s
        for _ in range(6):
            await press(pilot, "enter", REPEAT)
        await settle(pilot)
        assert type(app.screen).__name__ == "DrawScreen" and app.screen.seat == seat
        set_aside = app.session.actions[actions:]  # one card, then done: the whole decision
        assert [type(a).__name__ for a in set_aside] == ["SetAsideCard", "SetAside"]  # the held Enter drew nothing
        await press(pilot, "enter", 0.3)  # released, pressed again: acts at once
        assert len(app.session.actions) == actions + 3
        assert type(app.session.actions[-1]).__name__ == "Draw"


# ----- undo ---------------------------------------------------------------------------

BOT_BETWEEN = next(c for c in CASES if c.bots and c.game == BLEEDING)


async def decide_before_a_bot(pilot, case: HandOffCase, seat: int, nxt: Next) -> int:
    """The human decides, the bot answers; returns the number of actions before."""
    app = pilot.app
    await resumed(pilot)
    actions = len(app.session.actions)
    await press(pilot, case.key, AT_LEISURE)
    await settle(pilot)
    assert [a.seat for a in app.session.actions[actions:]] == [seat, *case.bots]
    assert shows(app, CurtainScreen, nxt.seat)
    return actions


async def test_undo_on_the_curtain_takes_back_the_decision_and_the_bot_move(isolated_saves):
    """`u` on the next human's curtain takes back the last human decision with the bot's
    move after it; the curtain offers it in the human's name, never the bot's."""
    case = BOT_BETWEEN
    app, seat, nxt = new_app(case.game, case.bots, case.screen, case.action, case.accept, isolated_saves)
    async with app.run_test(size=(80, 24)) as pilot:
        actions = await decide_before_a_bot(pilot, case, seat, nxt)
        name = app.session.player_name(seat)
        assert app.screen.undo_name == name == app.session.handoff.undo_offer()
        await press(pilot, "u")  # on the curtain, before the hold: dropped
        assert len(app.session.actions) == actions + 2
        await press(pilot, "u", AT_LEISURE)
        await settle(pilot)
        assert len(app.session.actions) == actions
        assert shows(app, CurtainScreen, seat)  # the human's secret again behind their curtain


async def test_undo_survives_quit_and_continue(isolated_saves):
    """After quitting (Ctrl+Q, y) and Continue, `u` still takes back the last human
    decision and the bot move after it; the offer names the human."""
    case = BOT_BETWEEN
    app, seat, nxt = new_app(case.game, case.bots, case.screen, case.action, case.accept, isolated_saves)
    async with app.run_test(size=(80, 24)) as pilot:
        actions = await decide_before_a_bot(pilot, case, seat, nxt)
        await press(pilot, "ctrl+q", AT_LEISURE)
        assert isinstance(app.screen, QuitScreen)
        await press(pilot, "y", AT_LEISURE)
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen) and app.session is None
        await press(pilot, "c", AT_LEISURE)
        await pilot.pause()
        assert isinstance(app.screen, ContinueScreen)
        await press(pilot, "enter", AT_LEISURE)
        await settle(pilot)
        assert len(app.session.actions) == actions + 2
        assert shows(app, CurtainScreen, nxt.seat)
        assert app.session.handoff.undo_offer() == app.session.player_name(seat) == app.screen.undo_name
        await press(pilot, "u", AT_LEISURE)
        await settle(pilot)
        assert len(app.session.actions) == actions
        assert shows(app, CurtainScreen, seat)
