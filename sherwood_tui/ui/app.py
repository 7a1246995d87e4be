"""The app: one owner of the game session; screens post actions, the app applies them."""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Mapping
from pathlib import Path
from time import monotonic
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import App
from textual.binding import Binding

from sherwood_tui.catalog import GameInfo, get
from sherwood_tui.core.errors import RuleError, SaveError
from sherwood_tui.core.handoff import BOT, CURTAIN, FINAL, NEWS, SHOW, WAIT, KeyGuard, Scene
from sherwood_tui.core.wording import printable
from sherwood_tui.ui.compat import KeysInOrder, release_styles_cache, screen_bindings
from sherwood_tui.ui.lifecycle import EXIT_UNSAVED, SafeTerminalMixin
from sherwood_tui.ui.notices import SeverityInWords
from sherwood_tui.ui.picker import PickerScreen, TooSmallScreen
from sherwood_tui.ui.widgets import KeyBar

if TYPE_CHECKING:  # the rules layer and the other screens load once a game is chosen
    from textual.screen import Screen

    from sherwood_tui.core.contract import Event, Player
    from sherwood_tui.core.plugin import GameScreens
    from sherwood_tui.core.savelock import SaveLock
    from sherwood_tui.core.seat import AnyFeed
    from sherwood_tui.core.session import BotTurn, Session
    from sherwood_tui.ui.app_protocol import GameApp
    from sherwood_tui.ui.game_screen import BotTurnScreen, GameScreen
    from sherwood_tui.workbench.people import PeopleBook

MIN_SIZE = (80, 24)
PEOPLE_FILE = "people.sqlite"  # in the saves folder: the named players' record and each game's last line-up
# Textual's own focus and clipboard keys: they work everywhere and are not game keys.
TEXTUAL_KEYS = {"app.focus_next", "app.focus_previous", "focus_next", "focus_previous",
                "screen.copy_text", "copy_text", "app.copy_text", "maximize", "minimize",
                "screen.maximize", "screen.minimize", "app.command_palette"}


def release_render_caches() -> None:
    """Let go of the widgets of screens gone (Textual's styles cache keeps them)."""
    release_styles_cache()


SCREENS_PER_COLLECTION = 4
_apps: weakref.WeakSet[App[Any]] = weakref.WeakSet()  # the apps of this process (a seat hall runs several)
_replaced = 0  # screens replaced by this process's apps since its last full collection


def collect_garbage() -> None:
    """A replaced screen leaves a cyclic tree of widgets (and their cached lines) that
    only a full collection frees, and Python runs one rarely when the heap is large: so
    collect every few screens (cheap, since the start-up objects are frozen).

    Counted for the whole process: a full collection scans every app's objects and frees
    every app's old screens, and a seat hall runs several apps (seats) in one process.
    Each seat collecting every four of its own screens cost a hall a sixth of its CPU,
    49 ms a collection with Python's lock held, every seat of the hall waiting."""
    global _replaced
    _replaced += 1
    if _replaced >= SCREENS_PER_COLLECTION * max(1, len(_apps)):
        import gc

        _replaced = 0
        gc.collect()


def freeze_startup_objects() -> None:
    """Collect once, then keep the start-up objects (which live as long as the app) out
    of later collections, which stay cheap."""
    import gc

    gc.collect()
    gc.freeze()


class SherwoodApp(KeysInOrder, SafeTerminalMixin, SeverityInWords, App[None]):
    """Picker, setup, and the hot-seat loop of whichever game is being played."""

    CSS_PATH = Path(__file__).parent / "app.tcss"
    TITLE = "sherwood-tui"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("f1", "help", "Help"),
        Binding("question_mark", "help", "Help", show=False),
        Binding("f2", "rules", "Rules"),
        Binding("f3", "log", "Log"),
        Binding("u", "undo", "Undo", show=False),  # screens without an undo key of their own
        Binding("ctrl+q", "quit_game", "Quit", priority=True),
    ]

    # The screens under the game screen's place (Textual's default screen, the picker):
    # a game screen replaces the one at this depth; help, rules and peeks go above.
    GAME_DEPTH = 3
    HINT_PLAYOUTS: int | None = None  # a hint's budget (None: the game's; tests make it small)
    # Keys that always work, even while a hand-off drops keys: quitting asks first.
    UNGUARDED_KEYS = frozenset({"ctrl+q", "ctrl+c"})
    GUARDED_EVENTS = (events.Key, events.MouseDown, events.MouseUp, events.Click, events.Paste)

    def __init__(
        self, saves_dir: Path | None = None, resume_path: Path | None = None, bot_delay: float = 0.8,
        key_guard: KeyGuard | None = None, hint_playouts: int | None = None, hints: bool = True,
        playouts: int | None = None,
    ) -> None:
        super().__init__()
        self.hints = hints  # `h` shows the expert's choice on a human's decision screen
        # a plain "Bot: expert"'s budget and a hint's (None: the game's default)
        self.playouts = playouts
        self.hint_playouts = hint_playouts or playouts or self.HINT_PLAYOUTS  # the hint's search budget
        self.bot_delay = bot_delay  # seconds a bot's turn stays on screen
        self.key_guard = key_guard or self.make_key_guard()
        from sherwood_tui.core.paths import saves_dir as default_dir

        self.saves_dir = saves_dir or default_dir()
        self.resume_path = resume_path
        self.session: Session | None = None
        self.info: GameInfo | None = None
        self.save_path: Path | None = None
        self.news_mark = 0  # log index: news shown on the next curtain starts here
        self.summary_mark = 0  # log index where the current round's events start
        self.save_problem = ""  # "error: folder" of the last save, if it failed
        self.saved_actions: list[Any] | None = None  # the actions the save file holds (None: no file yet)
        self.unsaved_note = ""  # said on the terminal when the app exits with moves unsaved
        self.save_lock: SaveLock | None = None  # the lock of the save this window plays
        self.interludes: list[Any] = []  # (screen, scene): screens still to show before the next decision (a seat's app: screens)
        _apps.add(self)  # (`collect_garbage` counts screen changes per app of the process)
        self.started_up = False  # the start-up objects are frozen (see `freeze_once`)

    @staticmethod
    def make_key_guard() -> KeyGuard:
        """The guard of hand-offs (tests replace this to press keys without waiting)."""
        return KeyGuard()

    async def on_event(self, event: events.Event) -> None:
        """Every key and click first asks the hand-off guard (see `KeyGuard`): a double
        tap or a held key never acts on a screen put up after it started. A key let
        through acts in the order typed, on the screen it was typed on (`KeysInOrder`)."""
        if isinstance(event, self.GUARDED_EVENTS) and not event.is_forwarded:
            if isinstance(event, events.Key):
                if event.key in self.UNGUARDED_KEYS:  # (Textual's own way: at once)
                    await super().on_event(event)
                    return
                waited = monotonic() - event.time  # Textual stamps events with monotonic()
                if self.key_guard.allow(waited):
                    self.send_key(event)
                return
            if self.key_guard.waiting():
                return
        await super().on_event(event)

    def key_lost(self, event: events.Key) -> None:
        self.key_guard.dropped()  # the rest of its burst is dropped too

    def on_mount(self) -> None:
        self.open_first_screens()

    def open_first_screens(self) -> None:
        """The app's first screens (a seat's app has its own: Textual calls every
        class's `on_mount`, so a subclass changes this, not that)."""
        self.push_screen(PickerScreen())
        if self.resume_path is not None:
            self.resume(self.resume_path)
        self.call_after_refresh(self.freeze_once)  # once the picker is drawn (it would wait some 10 ms)
        self.check_size(self.size.width, self.size.height)

    def freeze_once(self) -> None:
        """`freeze_startup_objects`, once: after the picker is drawn, or before the first
        game's objects (which do not live as long) if a game starts sooner."""
        if not self.started_up:
            self.started_up = True
            freeze_startup_objects()

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size.width, event.size.height)

    def check_size(self, width: int, height: int) -> None:
        """Below the minimum size, say how large the terminal must be; the game waits."""
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        top = self.screen if self.screen_stack else None
        if small and isinstance(top, TooSmallScreen):
            top.show_size((width, height))
        elif small:
            self.push_screen(TooSmallScreen((width, height), MIN_SIZE))
        elif isinstance(top, TooSmallScreen):
            self.pop_screen()

    # ----- starting and leaving games ---------------------------------------------
    def start_game(self, info: GameInfo, players: list[Player], options: dict[str, bool], seed: int | None = None) -> None:
        from sherwood_tui.core.caches import clear_play_caches
        from sherwood_tui.core.saves import new_save_path
        from sherwood_tui.core.session import Session

        self.freeze_once()
        self.release_save()
        clear_play_caches()  # the last game's positions are of no use to this one
        self.info = info
        self.session = Session(info.load(), players, options, seed)
        self.remember_lineup(info.id, players, self.session.options)
        self.save_path = new_save_path(info.id, self.saves_dir)
        self.claim_save(self.save_path)
        self.saved_actions, self.save_problem = None, ""
        self.news_mark = self.summary_mark = 0
        self.interludes = []
        self.autosave()
        self.advance()

    def resume(self, path: Path) -> bool:
        """Load a save and show it with the curtain up; a bad file gets one line."""
        from sherwood_tui.core.caches import clear_play_caches
        from sherwood_tui.core.saves import load_session

        self.freeze_once()
        self.release_save()
        clear_play_caches()
        try:
            self.claim_save(path)  # first: then the file read is the one this window owns
            session = load_session(path)
        except SaveError as err:
            self.release_save()
            self.notify(str(err), title="Cannot continue", severity="error", markup=False)
            return False
        self.info = get(session.game.id)
        self.session = session
        self.save_path = path
        self.saved_actions, self.save_problem = list(session.actions), ""
        self.news_mark = max(0, len(session.log) - 6)
        self.summary_mark = len(session.log)
        self.interludes = []
        self.advance()
        return True

    # ----- named players: their record, the last line-up, play again --------------
    def people_book(self) -> PeopleBook:
        """The record of this app's named players (beside the saves: `PEOPLE_FILE`)."""
        from sherwood_tui.workbench.people import PeopleBook

        return PeopleBook(self.saves_dir / PEOPLE_FILE)

    def remember_lineup(self, game_id: str, players: list[Player], options: Mapping[str, bool]) -> None:
        """Keep the line-up a game starts with, for its set-up screen next time (a file
        that cannot be written costs only that)."""
        from sherwood_tui.workbench.people import PeopleError

        with contextlib.suppress(PeopleError, OSError):
            self.people_book().remember_lineup(game_id, players, options)

    def last_lineup(self, game_id: str) -> tuple[list[Player], dict[str, bool]] | None:
        """The line-up `game_id` last started with here (None: never, or unreadable)."""
        from sherwood_tui.workbench.people import PeopleError

        try:
            return self.people_book().last_lineup(game_id)
        except (PeopleError, OSError):
            return None

    def record_finished(self) -> None:
        """Record the finished game for its named players (human seats; bots by their
        level), once: a finished save opened again is not counted again."""
        from sherwood_tui.workbench.people import PeopleError

        session, path = self.session, self.save_path
        if session is None or path is None or not session.humans or not session.is_over:
            return
        try:
            self.people_book().record_game(session, {}, "hot-seat", f"hot-seat:{path.resolve()}:{session.seed}")
        except (PeopleError, OSError) as err:
            self.notify(str(err), title="The players' record was not kept", severity="warning", markup=False)

    def can_play_again(self) -> bool:
        """A finished game of this app is on screen (a table's seat has a rematch instead)."""
        return self.session is not None and self.info is not None and self.session.is_over

    def play_again(self) -> None:
        """A new game of the finished one: the same game, line-up and options."""
        if self.can_play_again():
            session, info = self.in_play
            self.start_game(info, list(session.players), dict(session.options))

    def leave_game(self) -> None:
        """Back to the picker; the game stays saved (moves that could not be saved are
        remembered, to be told when the app exits)."""
        if self.unsaved():
            self.note_unsaved()
        self.session = None
        self.release_save()
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if not isinstance(self.screen, PickerScreen):
            self.switch_screen(PickerScreen())

    def claim_save(self, path: Path) -> None:
        """Hold the lock of the save this window plays (see `core/savelock.py`); a
        second window on the same save is refused with one line (SaveError). A folder
        where no lock can be made does not stop the game: saving will say what fails."""
        from sherwood_tui.core.savelock import SaveLock

        lock = SaveLock(path)
        try:
            self.save_lock = lock.acquire()
        except OSError:
            self.save_lock = None

    def release_save(self) -> None:
        if self.save_lock is not None:
            self.save_lock.release()
            self.save_lock = None

    def on_unmount(self) -> None:
        self.release_save()

    # ----- the hot-seat loop -------------------------------------------------------
    def _show(self, screen: Screen[Any], scene: Scene) -> None:
        """Replace the current game screen (see `replace_game_screen`), telling the
        hand-off policy, and guarding the keys as it says."""
        handoff = self.session.handoff if self.session is not None else None
        guarded = handoff.guard_first_key(scene) if handoff is not None else True
        if handoff is not None:
            handoff.shown(scene)
        if scene.kind == CURTAIN:  # a message for the previous player is not for the next
            self.clear_notifications()
        self.replace_game_screen(screen, guarded)

    def replace_game_screen(self, screen: Screen[Any], guarded: bool) -> None:
        """Put `screen` up in place of the game screen (so no earlier secret stays
        underneath), and guard the keys until it is drawn (`guarded`: and a moment after).

        Help, rules, the quit dialog or a peek (map, table) open over the game screen
        describe the screen being replaced: they close, so no stale game screen stays
        underneath; the size message stays on top."""
        overlays = self.screen_stack[self.GAME_DEPTH :]
        for _ in overlays:
            self.pop_screen()
        number = self.key_guard.arm(guarded)
        if len(self.screen_stack) < self.GAME_DEPTH:
            self.push_screen(screen)
        else:
            self.switch_screen(screen)
        screen.call_after_refresh(self.key_guard.drawn, number)
        release_render_caches()
        self.call_after_refresh(collect_garbage)
        small = [s for s in overlays if isinstance(s, TooSmallScreen)]
        if small:  # the game moved on while the window was small: it still is
            self.push_screen(small[-1])

    def advance(self) -> None:
        """Show what comes next: final scores, a bot's turn, a curtain (a hand-off), or
        the next decision, as the session's hand-off policy says."""
        session = self.session
        if session is None:
            return
        scene = session.handoff.next_scene()
        if scene.kind == WAIT:
            return
        from sherwood_tui.ui.screens import CurtainScreen, FinalScreen

        screen: Screen[Any]
        if scene.kind == FINAL:
            self.record_finished()
            screen = FinalScreen(session.feed(None))
        elif scene.kind == BOT:
            from sherwood_tui.ui.game_screen import BotTurnScreen

            screen = BotTurnScreen(session.feed(scene.seat))
        elif scene.kind == CURTAIN:
            assert scene.seat is not None
            screen = CurtainScreen(
                session.feed(None), scene.seat, session.log[self.news_mark :],
                public=not scene.private, undo_name=session.handoff.undo_offer(),
            )
        else:
            assert scene.seat is not None
            private = session.game.is_private(session.state, scene.seat)
            screen = self.in_play[1].load_screens().screen_for(session.feed(scene.seat, private))
        self._show(screen, scene)

    @property
    def in_play(self) -> tuple[Session, GameInfo]:
        """The game in play and its plug-in (only asked for while a game is on)."""
        assert self.session is not None and self.info is not None, "no game in play"
        return self.session, self.info

    def lift_curtain(self, seat: int) -> None:
        session, _ = self.in_play
        session.handoff.lift(seat)
        self.news_mark = len(session.log)
        self.autosave()
        self.advance()

    def on_game_screen_chosen(self, message: GameScreen.Chosen) -> None:
        """A game screen's decision: applied if that screen is still the one shown (keys
        meant for a screen never act on the next); refused, it is told and the player
        chooses again."""
        message.stop()
        if message.screen is not self.screen or self.session is None:
            return
        if not self.submit(message.action):
            message.screen.refused()

    def on_bot_turn_screen_due(self, message: BotTurnScreen.Due) -> None:
        """A bot's move is due: the session's bot turn (`Session.bot_turn`, as a table's
        host plays it) decides from the game as the rules give it (an expert thinks in a
        thread: the keys keep working meanwhile)."""
        message.stop()
        screen, session = message.screen, self.session
        if screen is not self.screen or session is None:
            return
        if screen.pending is not None:  # thought out while a screen was on top of it
            decision, screen.pending = screen.pending, None
        else:
            turn = session.bot_turn(self.playouts)
            if turn is None or turn.seat != screen.bot_seat:  # (the screen is the game's: never)
                self.advance()
                return
            if turn.thinks:
                self.think_for(screen, turn)
                return
            decision = turn.decide()
        if not self.submit(decision):
            screen.refused()

    def think_for(self, screen: BotTurnScreen, turn: BotTurn) -> None:
        """The expert's decision, in a thread worker; applied only if its screen is
        still the game's and nothing was played meanwhile (a stopped or stale search is
        dropped). Its search stops when the worker is cancelled (the app exits) or the
        screen goes."""
        from textual.worker import get_current_worker

        def think() -> None:
            worker = get_current_worker()

            def stop() -> bool:
                return worker.is_cancelled or screen.gone

            decision = turn.decide(stop)
            if not stop():
                self.call_from_thread(self.thought, screen, turn, decision)

        self.run_worker(think, thread=True, group="bot", exit_on_error=True)

    def thought(self, screen: BotTurnScreen, turn: BotTurn, decision: Any) -> None:
        """An expert's decision for `screen`, thought out for `turn`: dropped unless both
        are still the game's (`BotTurn.current`)."""
        session = self.session
        if (session is None or turn.session is not session or screen.gone or screen not in self.screen_stack
                or not turn.current()):
            return
        if screen is not self.screen:  # help or the quit dialog is open: the move waits
            screen.pending, screen.waiting = decision, True
            return
        if not self.submit(decision):
            screen.refused()

    def hint_rnd(self, feed: AnyFeed) -> Any:
        """The random source of a hint's search (the same hint for the same position)."""
        import random

        session, _ = self.in_play
        return random.Random(f"{session.seed}-{len(session.actions)}-hint")

    def submit(self, decision: Any) -> bool:
        """Apply a seat's decision (one move, or its small moves in order), all or
        nothing: an illegal one is explained and changes nothing (False)."""
        session, _ = self.in_play
        try:
            events = session.submit(decision)
        except RuleError as err:
            self.notify(str(err), severity="error", markup=False)
            return False
        self.autosave()
        self.interludes = self._private_news() + self._interludes_for(events)
        self.continue_interludes()
        return True

    def _private_news(self) -> list[tuple[Any, Scene]]:
        """What the human who just decided learnt privately (`Game.private_news`), for
        their eyes only: behind a cover first when the table may have been watching."""
        from sherwood_tui.ui.game_screen import PrivateNewsScreen

        session, _ = self.in_play
        seat = session.last_moves[-1][1].seat
        if session.players[seat].bot is not None:
            return []
        lines = session.private_news()
        if not lines:
            return []
        shown: list[tuple[Any, Scene]] = []
        if len(session.humans) > 1 and not session.handoff.private_ok:
            shown.append((PrivateNewsScreen(session.player_name(seat), seat, lines, covered=True), Scene(NEWS, seat)))
        shown.append((PrivateNewsScreen(session.player_name(seat), seat, lines), Scene(NEWS, seat, private=True)))
        return shown

    def _interludes_for(self, events: list[Event]) -> list[tuple[Any, Scene]]:
        session, info = self.in_play
        shown = self.interludes_of(info.load_screens(), session.feed(None), events)
        return [(screen, Scene(SHOW)) for screen in shown]

    def interludes_of(self, screens: GameScreens, table: AnyFeed, events: list[Event]) -> list[Screen[Any]]:
        """Public screens to show between decisions: the game's own (a reveal, say),
        then the round summary when a round ended (`table`: the public feed after
        `events`; the summary starts at `summary_mark`)."""
        return [*screens.interludes_for(table, events), *self.round_summary(screens, table, events)]

    def round_summary(self, screens: GameScreens, table: AnyFeed, events: list[Event]) -> list[Screen[Any]]:
        """The round summary, when `events` ended a round (from `summary_mark` to the
        round's end), or nothing."""
        from sherwood_tui.ui.screens import RoundSummaryScreen

        if not any(e.kind == "round_end" for e in events) or table.over:
            return []
        start = self.summary_mark
        end = max(i for i, e in enumerate(table.log) if e.kind == "round_end") + 1
        self.summary_mark = end
        title = f"{table.game.title} · round summary"
        scores = screens.scoreboard_text(table, round_end=True)
        return [RoundSummaryScreen(title, list(table.log[start:end]), scores)]

    def continue_interludes(self) -> None:
        """Show the next interlude screen, or the next decision when none is left.
        A table of bots only has nobody to wait for: its interludes are skipped."""
        if self.session is not None and not self.session.humans:
            self.interludes = []
        if self.interludes:
            self._show(*self.interludes.pop(0))
        else:
            self.advance()

    def undo_last(self) -> None:
        """`u`: take back the last decision of the human at the keyboard (and the bot
        moves after it), or say why that is no longer possible."""
        session = self.session
        if session is None:
            return
        try:
            session.handoff.undo()
        except RuleError as err:
            self.notify(str(err), severity="warning", markup=False)
            return
        self.news_mark = min(self.news_mark, len(session.log) - 1)
        self.summary_mark = min(self.summary_mark, len(session.log))
        self.autosave()
        self.notify(session.log[-1].text, markup=False)
        self.interludes = []
        self.advance()

    def autosave(self) -> None:
        """Save after every change. A failure stays in sight (a line over every key bar,
        naming the folder and the error) until a save succeeds."""
        from sherwood_tui.core.saves import write_save

        if self.session is None or self.save_path is None:
            return
        try:
            write_save(self.session, self.save_path)
        except OSError as err:
            first = not self.save_problem
            self.save_problem = f"{err.strerror or err.__class__.__name__}: {printable(str(self.save_path.parent))}"
            if first:
                self.notify(f"Could not save the game in {self.save_problem}", severity="error", markup=False)
        else:
            self.saved_actions = list(self.session.actions)
            self.save_problem = ""
        self.refresh_key_bars()

    def unsaved(self) -> str:
        """What the save file lacks, in words ("the last 3 moves"), or "" if nothing."""
        if self.session is None or not self.save_problem:
            return ""
        if self.saved_actions is None:
            return "this game"  # never written
        done, saved = self.session.actions, self.saved_actions
        same = 0
        for mine, theirs in zip(done, saved):
            if mine != theirs:
                break
            same += 1
        moves = max(len(done) - same, len(saved) - same)
        if not moves:
            return ""
        return "the last move" if moves == 1 else f"the last {moves} moves"

    def unsaved_sentence(self) -> str:
        """ "The last 3 moves are not saved" (or "This game is not saved"), or "". """
        lost = self.unsaved()
        if not lost:
            return ""
        return f"{lost[:1].upper()}{lost[1:]} {'are' if lost.endswith('moves') else 'is'} not saved"

    def refresh_key_bars(self) -> None:
        """Redraw the key bars, which carry the line of a failed save (and a seat's
        line of whom the table waits for)."""
        if self.screen_stack:
            for bar in self.screen.query(KeyBar):
                bar.show_keys()

    def save_elsewhere(self, folder: Path) -> str:
        """Save the game into another folder and play on from there; "" or the error."""
        from sherwood_tui.core.saves import write_save

        if self.session is None or self.save_path is None:
            return "There is no game to save."
        path = folder.expanduser() / self.save_path.name
        try:
            write_save(self.session, path)
        except OSError as err:
            return f"Could not save in {printable(str(folder))}: {err.strerror or err.__class__.__name__}"
        self.release_save()
        self.save_path = path
        try:
            self.claim_save(path)
        except SaveError:
            pass  # another window plays a file of that name there: this one still saves
        self.autosave()
        return ""

    def note_unsaved(self) -> None:
        """Remember that the moves not saved are given up (said when the app exits)."""
        lost = self.unsaved()
        what = "a game" if lost == "this game" else f"{lost} of a game"
        self.unsaved_note = f"{what} could not be saved ({self.save_problem})"

    def exit_unsaved(self) -> None:
        """Exit although moves are not saved: say so on the terminal, with status 3."""
        self.note_unsaved()
        self.exit(return_code=EXIT_UNSAVED)

    # ----- app-wide keys -------------------------------------------------------------
    def action_help(self) -> None:
        from sherwood_tui.ui.screens import HelpScreen

        if isinstance(self.screen, HelpScreen):
            return
        keys: list[tuple[str, str]] = []

        def add(binding: Binding) -> None:
            # (a key's longer words, its tooltip, where the key bar has its short ones)
            entry = (self.get_key_display(binding), binding.tooltip or binding.description)
            if binding.description and binding.action not in TEXTUAL_KEYS and entry not in keys:
                keys.append(entry)

        for bindings in screen_bindings(self.screen).values():  # the screen's own keys
            for binding in bindings:
                if self.screen.check_action(binding.action, ()) is not False:
                    add(binding)
        for active in self.active_bindings.values():  # app-wide keys shown in the footer
            if active.binding.show and active.enabled:
                add(active.binding)
        self.push_screen(HelpScreen(keys))

    def action_rules(self) -> None:
        from sherwood_tui.ui.screens import RulesScreen, SetupScreen

        if isinstance(self.screen, RulesScreen):
            return
        # a game's player setup: that game's rules (no game is in play yet)
        info = self.screen.info if isinstance(self.screen, SetupScreen) else self.info
        if info is None:
            text = "# sherwood-tui\n\nChoose a game first; each game has its own rules reference (F2)."
        else:
            text = info.rules_reference()
        self.push_screen(RulesScreen(text))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("log", "undo"):  # only in a game
            return self.session is not None
        return super().check_action(action, parameters)

    def action_undo(self) -> None:
        self.undo_last()

    def action_log(self) -> None:
        """The whole public log of the game (F3), e.g. news a curtain had no room for."""
        from sherwood_tui.ui.screens import LogScreen

        if self.session is None or isinstance(self.screen, LogScreen):
            return
        self.push_screen(LogScreen(self.session.log))

    def action_quit_game(self) -> None:
        from sherwood_tui.ui.screens import QuitScreen

        if isinstance(self.screen, QuitScreen):
            return
        if self.session is None:
            self.exit()
        else:
            self.push_screen(QuitScreen())


if TYPE_CHECKING:
    def _is_a_game_app(app: SherwoodApp) -> GameApp:
        """(For the type checker: the app is what the screens ask of it.)"""
        return app
