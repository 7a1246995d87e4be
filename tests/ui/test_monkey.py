"""Monkey: random keys and mouse clicks on every screen of every game, through the real app.

Each test starts a game with human and bot seats and a fixed seed, then sends batches of
random key presses and mouse clicks (at random cells) the way a terminal does: posted to
the app without waiting, then one wait for the app to go idle per batch (Pilot's `press`
waits after every key: far too slow for thousands). After every batch:

- the app has not crashed (and `run_test` re-raises at the end);
- the session's state equals a fresh replay of its actions from its seed (so every
  action the screens submitted was legal);
- the autosave on disk loads, and holds the same actions and state as the session;
- the screen stack holds one game screen at most (overlays such as help, rules, the map
  or the table sit on top of it and nothing stale lies underneath).

The monkey never quits the whole app: input that would reach the picker, setup or
continue screens, or the exit key of the quit dialog, is dropped by `MonkeyApp`; when a
game is left (finished, or "leave to the menu"), the harness re-opens the save or starts
the next game. A failure prints the seed; MONKEY_SEED=123 re-runs with another one.
"""

from __future__ import annotations

import os
import random

import pytest
from textual import events

from sherwood_tui import catalog
from sherwood_tui.core.contract import Player
from sherwood_tui.core.saves import load_session
from sherwood_tui.core.session import Session
from sherwood_tui.ui.app import SherwoodApp
from sherwood_tui.ui.game_screen import GameScreen
from sherwood_tui.ui.picker import PickerScreen, TooSmallScreen
from sherwood_tui.ui.screens import (
    ContinueScreen,
    CurtainScreen,
    HelpScreen,
    QuitScreen,
    RulesScreen,
    SetupScreen,
)

NAMES = ("Robin", "Marian", "Much", "Will", "Tuck")
# Game keys come often (Enter, arrows, space, the screens' letters), the rest now and then.
KEYS = (
    ["enter"] * 10 + ["up", "down"] * 6 + ["left", "right", "space"] * 4
    + ["tab", "shift+tab", "escape", "backspace", "plus", "minus", "f1", "f2", "ctrl+z", "ctrl+q",
       "pageup", "pagedown", "home", "end", "shift+up", "shift+down", "shift+left", "shift+right",
       "left_square_bracket", "right_square_bracket"]
    + list("0123456789") + list("abcdefghijklmnopqrstuvwxyz") + ["u", "p", "v", "m", "o", "c", "f"] * 2
)
CHARS = {"space": " ", "plus": "+", "minus": "-", "enter": "\r", "tab": "\t", "escape": "\x1b",
         "backspace": "\x7f", "left_square_bracket": "[", "right_square_bracket": "]"}
SIZE = (80, 24)
BATCH = 10  # events posted before the app is let go idle (keys typed for a screen that has
# gone are dropped: a smaller batch meets more screens)
CLICKS = 0.12  # share of clicks among the events


class MonkeyApp(SherwoodApp):
    """The real app; input that would quit it (through the picker or the quit dialog's
    exit key) or start another game from the menus is dropped: the harness does that."""

    dropped = 0
    exited_from = ""

    def exit(self, *args, **kwargs) -> None:
        import traceback

        self.exited_from = "".join(traceback.format_stack(limit=8))
        super().exit(*args, **kwargs)

    async def on_event(self, event: events.Event) -> None:
        # A key reaches the app twice: first from the terminal, then bubbling up from the
        # focused widget (when the screen may have changed): both are checked.
        fresh = isinstance(event, events.InputEvent) and not event.is_forwarded
        if (fresh or isinstance(event, events.Key)) and self.screen_stack:
            screen = self.screen
            menu = isinstance(screen, (PickerScreen, SetupScreen, ContinueScreen))
            exit_key = isinstance(screen, QuitScreen) and isinstance(event, events.Key) and event.key == "x"
            if menu or exit_key:
                self.dropped += 1
                return
        await super().on_event(event)


def key_event(key: str) -> events.Key:
    char = CHARS.get(key, key if len(key) == 1 else None)
    event = events.Key(key, char)
    return event


def mouse_events(x: int, y: int) -> list[events.MouseEvent]:
    """A click as a terminal reports it: button down and up at one cell (the app makes
    the Click)."""
    args = dict(widget=None, x=x, y=y, delta_x=0, delta_y=0, button=1, shift=False, meta=False,
                ctrl=False, screen_x=x, screen_y=y)
    return [events.MouseDown(**args), events.MouseUp(**args)]


# Screens shown over the game screen (the game screen stays underneath).
OVERLAYS = (HelpScreen, RulesScreen, QuitScreen, TooSmallScreen)
OVERLAY_NAMES = {"MapView", "PrisonView", "SheriffTableScreen"}


def is_overlay(screen) -> bool:
    return isinstance(screen, OVERLAYS) or type(screen).__name__ in OVERLAY_NAMES


class Monkey:
    def __init__(self, pilot, game_id: str, seats: list[str | None], seed: int) -> None:
        self.pilot = pilot
        self.app: MonkeyApp = pilot.app
        self.info = catalog.get(game_id)
        self.seats = seats
        self.seed = seed
        self.rnd = random.Random(seed)
        self.games = 0
        self.keys = self.clicks = self.batches = self.reopened = 0
        self.actions = self.undos = 0
        self.screens: set[str] = set()

    def where(self) -> str:
        app = self.app
        stack = [type(s).__name__ for s in app.screen_stack]
        acts = len(app.session.actions) if app.session else "-"
        return (f"{self.info.id} monkey seed {self.seed}, game {self.games}, batch {self.batches}, "
                f"{self.keys} keys and {self.clicks} clicks sent, {acts} actions; screens {stack}")

    def new_game(self) -> None:
        game = self.info.load()
        players = [Player(name=NAMES[i], bot=bot) for i, bot in enumerate(self.seats)]
        options = {o.key: self.rnd.random() < 0.5 for o in game.options}
        self.games += 1
        self.app.start_game(self.info, players, options, seed=self.seed * 1000 + self.games)

    async def reopen(self) -> None:
        """Back in the menus: continue the saved game, or start the next one."""
        app = self.app
        while len(app.screen_stack) > 2:  # a setup or continue screen the monkey opened
            app.pop_screen()
        path = app.save_path
        if path is not None and not load_session(path).is_over:
            assert app.resume(path), self.where()
        else:
            self.new_game()
        self.reopened += 1
        await self.pilot.pause()

    def post_batch(self) -> None:
        app, rnd = self.app, self.rnd
        for _ in range(BATCH):
            if rnd.random() < CLICKS:
                for event in mouse_events(rnd.randrange(SIZE[0]), rnd.randrange(SIZE[1])):
                    app.post_message(event)
                self.clicks += 1
            else:
                key = rnd.choice(KEYS)
                event = key_event(key)
                event.set_sender(app)
                app.post_message(event)
                self.keys += 1

    def check(self) -> None:
        app = self.app
        if app._exception is not None:
            raise AssertionError(f"the app crashed: {self.where()}") from app._exception
        assert app.is_running, f"the app quit: {self.where()}\n{app.exited_from}"
        stack = app.screen_stack
        self.screens.update(type(s).__name__ for s in stack)
        session = app.session
        if session is None:
            return
        games = [s for s in stack[2:] if not is_overlay(s)]
        assert len(games) <= 1, f"stale game screens under the top one: {self.where()}"
        replay = Session.replay(session.game, session.players, session.options, session.seed, session.actions)
        assert replay.state == session.state, f"the state is not the replay of its actions: {self.where()}"
        saved = load_session(app.save_path)
        dump = session.game.dump_action
        assert [dump(a) for a in saved.actions] == [dump(a) for a in session.actions], (
            f"the autosave holds other actions: {self.where()}")
        assert saved.state == session.state, f"the autosave holds another state: {self.where()}"

    async def run(self, events_wanted: int) -> None:
        app = self.app
        self.new_game()
        await self.pilot.pause()
        while self.keys + self.clicks < events_wanted:
            if app.session is None or isinstance(app.screen, (PickerScreen, SetupScreen, ContinueScreen)):
                await self.reopen()
            before = len(app.session.actions)
            self.post_batch()
            self.batches += 1
            await self.pilot.pause()
            self.check()
            if app.session is not None:
                self.actions += max(0, len(app.session.actions) - before)
            await self.nudge()
        await self.pilot.pause()

    async def nudge(self) -> None:
        """Random keys seldom get far into a game: between batches, a decision screen
        submits a random legal action now and then (as the screen would), so the monkey
        meets the later screens too."""
        app = self.app
        screen = app.screen
        if app.session is None or self.rnd.random() < 0.3:
            return
        if isinstance(screen, GameScreen) and screen.is_mounted and app.session.players[screen.seat].bot is None:
            session = app.session
            actions = session.game.legal_actions(session.state, screen.seat)
            before = len(session.actions)
            screen.submit(self.rnd.choice(actions))
            await self.pilot.pause()  # the app applies the screen's decision
            self.actions += len(session.actions) - before
            self.check()


TABLES = [
    # (game, seats: None for a human or a bot level, seed)
    ("bleeding-sherwood", [None, None, "random"], 101),
    ("bleeding-sherwood", [None, "sensible"], 102),
    ("sheriff", [None, None, "random"], 201),
    ("sheriff", [None, "sensible", "random", None], 202),
    ("sherwood", [None, None, "random"], 301),
    ("sherwood", [None, "sensible"], 302),
]
EVENTS = 1500  # per test: thousands in all (counted, never timed: a busy machine is slower)


@pytest.mark.slow  # a soak run: thousands of random keys and clicks (`make slow`, in CI)
@pytest.mark.parametrize(("game_id", "seats", "seed"), TABLES, ids=[f"{g}-{n}" for g, _, n in TABLES])
async def test_monkey_never_crashes_nor_breaks_the_rules(game_id, seats, seed, isolated_saves):
    seed = int(os.environ.get("MONKEY_SEED", seed))
    app = MonkeyApp(saves_dir=isolated_saves, bot_delay=0)
    monkey = None
    try:
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await pilot.pause()
            monkey = Monkey(pilot, game_id, seats, seed)
            await monkey.run(EVENTS)
    except BaseException as err:
        where = monkey.where() if monkey else f"{game_id} monkey seed {seed}"
        raise AssertionError(f"{where}: {err!r}") from err
    sent = monkey.keys + monkey.clicks
    print(f"\n{monkey.where()}: {monkey.batches} batches, {monkey.actions} actions applied, "
          f"{monkey.reopened} re-opened, {app.dropped} dropped; screens {sorted(monkey.screens)}")
    assert sent >= EVENTS, f"only {sent} events were sent: {monkey.where()}"
    assert monkey.actions > 0 and monkey.batches >= 4


# ----- regressions the monkey found ------------------------------------------------------


@pytest.mark.parametrize("key", ["f1", "f2", "ctrl+q"])
async def test_a_bot_waits_while_help_rules_or_quit_is_open_and_no_stale_screen_stays(key, isolated_saves):
    """Opening help, the rules or the quit dialog during a bot's turn used to let the bot's
    move replace that screen (the dialog vanished) and leave the bot's screen underneath,
    one more stale screen in the stack each time."""
    from sherwood_tui.ui.game_screen import BotTurnScreen

    app = SherwoodApp(saves_dir=isolated_saves, bot_delay=0.2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        players = [Player(name="Robin"), Player(name="Marian", bot="random")]
        app.start_game(catalog.get("bleeding-sherwood"), players, {}, seed=1)
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, BotTurnScreen):
                break
            await pilot.press("enter")
        assert isinstance(app.screen, BotTurnScreen)
        acted = len(app.session.actions)
        await pilot.press(key)
        overlay = app.screen
        await pilot.pause(0.5)  # the bot was due
        assert app.screen is overlay and len(app.session.actions) == acted
        await pilot.press("n" if key == "ctrl+q" else "escape")
        await pilot.pause(0.5)
        await pilot.pause()
        assert len(app.session.actions) > acted  # the bot moved once the table could see it
        assert len(app.screen_stack) == 3, [type(s).__name__ for s in app.screen_stack]


async def test_the_game_moving_on_under_the_size_message_keeps_it_and_one_game_screen(isolated_saves):
    """An overlay over the game screen is closed when the game moves on, except the size
    message, which stays on top; the stack never holds two game screens."""
    app = SherwoodApp(saves_dir=isolated_saves, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        players = [Player(name="Robin"), Player(name="Marian")]
        app.start_game(catalog.get("bleeding-sherwood"), players, {}, seed=1)
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        await pilot.resize_terminal(60, 20)
        assert isinstance(app.screen, TooSmallScreen)
        app.lift_curtain(app.screen_stack[2].seat)  # as if the game moved on meanwhile
        await pilot.pause()
        stack = [type(s).__name__ for s in app.screen_stack]
        assert stack[2:] == ["BiddingScreen", "TooSmallScreen"], stack
        await pilot.resize_terminal(*SIZE)
        assert [type(s).__name__ for s in app.screen_stack][2:] == ["BiddingScreen"]
