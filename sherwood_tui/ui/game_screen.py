"""The frame every game screen shares: title, table, scoreboard, log, footer."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static
from textual.worker import Worker, get_current_worker

from sherwood_tui.core.levels import split_level
from sherwood_tui.core.plugin import find
from sherwood_tui.core.steps import as_moves
from sherwood_tui.ui.room import Room, SizeClasses, is_roomy
from sherwood_tui.ui.screens import CurtainScreen, SteadyScreen, StylesKept
from sherwood_tui.ui.widgets import GameLog, KeyBar, Panel, clip, data_note, our_app, update_in_place

if TYPE_CHECKING:
    from sherwood_tui.core.seat import SeatFeed


def table_frame(heading: str, game_id: str, main: Iterable[Widget], side: Iterable[Widget],
                room: Iterable[Widget] = ()) -> ComposeResult:
    """The frame of a screen at the table: the title line, the `main` part beside the
    `side` part (scores, log), and the key bar; between them, if given, the `room`
    column of the whole table (shown at 120x40 and larger: `ui/room.py`)."""
    yield Static(Text(heading + data_note(game_id)), id="title", markup=False)
    with Horizontal(id="body"):
        with Vertical(id="main"):
            yield from main
        room = list(room)
        if room:
            with Room(id="room"):
                yield from room
        with Vertical(id="side"):
            yield from side
    yield KeyBar()


V = TypeVar("V")  # the game's view of one seat
T = TypeVar("T")  # the game's public view


class GameScreen(StylesKept, SizeClasses, Screen[None], Generic[V, T]):
    """Base of the per-game screens, typed by the game's seat view `V` and public view
    `T`. A subclass composes `compose_main` from its feed.

    A screen is given a `SeatFeed` (what its seat may see: see `core/seat.py`), never
    the game's state, and sends the chosen action to the app as a `Chosen` message.
    `private` screens show `seat`'s secrets (`view`) and are only shown after the
    curtain; public screens are given nothing but the public view.
    """

    private: ClassVar[bool] = False
    BINDINGS = [
        Binding("u", "undo", "Undo"),
        # shown in the key bar only where it works (`check_action`); its longer words
        # (the tooltip) are for the help screen (F1)
        Binding("h", "hint", "Hint", tooltip="Hint: the expert's choice"),
    ]

    class Chosen(Message):
        """A seat's decision, for the app to apply (the screen that sent it rides along:
        a decision of a screen no longer shown is dropped): one move, or the small moves
        of a choice composed on the screen, in order (`moves`)."""

        def __init__(self, screen: GameScreen[Any, Any], action: Any) -> None:
            super().__init__()
            self.screen = screen
            self.action = action  # one move, or a tuple of them
            self.moves: tuple[Any, ...] = as_moves(action)

    seat: int  # the seat deciding (or the bot's): a game screen always has one

    # A screen whose `renew_main` brings its main part up to date: a seat's app keeps it
    # between the seat's turns and shows each later decision of its kind on it (`renew`).
    RENEWABLE: ClassVar[bool] = False

    def __init__(self, feed: SeatFeed[V, T]) -> None:
        if feed.seat is None:
            raise ValueError(f"{type(self).__name__} serves a seat, not the table")
        super().__init__()
        self.hint_worker: Worker[None] | None = None  # the hint's search, while it runs
        self.take(feed)

    def take(self, feed: SeatFeed[V, T]) -> None:
        """Read the decision's feed (a public screen drops the seat's view)."""
        seat = feed.seat
        assert seat is not None
        if feed.private and not self.private:  # a seat on its own terminal is sent its view: a
            # public screen drops it (but keeps it for the hint's search of its own decision)
            feed = replace(feed, private=False, view=None, hint_view=feed.view if feed.legal else None)
        self.feed = feed
        self.game = feed.game
        self.seat = seat
        assert feed.private == self.private, f"{type(self).__name__} given the wrong feed"
        self.view: V = cast("V", feed.view)  # None on a public screen, which never reads it
        self.table: T = feed.table
        self.legal = feed.legal
        self.decided = False
        self.hint_unveiled = False  # on a public screen: the others were asked to look away

    def renew(self, feed: SeatFeed[V, T]) -> bool:
        """Show a later decision of the same seat on this screen, already built: a seat's
        app keeps its decision screens between its turns (building one at every turn, then
        collecting it, was most of a busy table's CPU). False, and nothing changed, where
        this screen cannot: not `RENEWABLE`, not built yet, or with the large terminal's
        room column (built for the table as it was)."""
        if not self.RENEWABLE or not self.is_mounted or feed.seat != self.seat or self.query("#room"):
            return False
        self.action_drop_hint()
        self.take(feed)
        self.renew_main()
        for title in self.query("#title").results(Static):
            update_in_place(title, Text(self.heading() + data_note(self.game.id)))
        for scores in self.query("#scoreboard").results(Static):
            update_in_place(scores, self.scoreboard())
        for log in self.query(GameLog):
            log.events = list(self.feed.log)
            log.refresh()
        self.refresh_bindings()
        return True

    def renew_main(self) -> None:  # pragma: no cover - a RENEWABLE screen's own
        """Bring the main part up to date with the feed just taken (`renew`)."""
        raise NotImplementedError

    @property
    def actor_name(self) -> str:
        return self.feed.actor_name

    def heading(self) -> str:
        return f"{self.game.title} · {self.feed.round_label}"

    def compose(self) -> ComposeResult:
        side = [Panel(self.scoreboard(), title="Scores", id="scoreboard"), GameLog(list(self.feed.log))]
        # the room column only on a large terminal: below 120x40 it would be built and
        # never shown (a resize to a large one mounts it: on_resize)
        room = self.compose_room() if self.has_class("-wide") and self.has_class("-tall") else ()
        yield from table_frame(self.heading(), self.game.id, self.compose_main(), side, room)

    async def on_event(self, event: events.Event) -> None:
        """A screen replaced while it was still being built (at a table, feeds can come
        faster than a screen mounts) is mounted off the stack as it is removed: its
        `on_mount` and `on_resize`, which look for its widgets (pruned by then), are not
        run."""
        if isinstance(event, (events.Mount, events.Resize)) and self.replaced():
            return
        await super().on_event(event)

    def replaced(self) -> bool:
        """Whether this screen is off the app's stack (and not kept installed)."""
        app = self.app
        return self not in app.screen_stack and not app.is_screen_installed(self)

    def on_resize(self, event: events.Resize) -> None:  # (Textual calls SizeClasses' too)
        self.fit_room(event.size.width, event.size.height)

    def on_screen_resume(self, event: events.ScreenResume) -> None:  # (and StylesKept's)
        self.fit_room(*self.app.size)  # the terminal may have grown while another screen was up

    def fit_room(self, width: int, height: int) -> None:
        """On a terminal that has turned large, the room column mounts (once; on one that
        turns small again it stays, not displayed: `Room`'s CSS)."""
        if is_roomy(width, height) and self.is_mounted and not self.query("#room"):
            widgets = list(self.compose_room())
            bodies = self.query("#body")
            if widgets and bodies:
                bodies.first().mount(Room(*widgets, id="room"), before="#side")

    def compose_main(self) -> ComposeResult:  # pragma: no cover - overridden
        yield Static("")

    def compose_room(self) -> Iterable[Widget]:
        """The whole table, public, for the column a large terminal shows beside the
        decision (none by default)."""
        return ()

    def scoreboard(self) -> Text:
        """The game's public scoreboard (its screens module's `scoreboard_text`): the
        same figures on every screen, a bot's turn included."""
        text: Text = find(self.game.id).load_screens().scoreboard_text(self.feed)
        return text

    def submit(self, action: Any) -> None:
        """Send this screen's decision once: one move, or the sequence of small moves of
        a choice composed on the screen (applied all or nothing). Keys pressed before the
        screen changes are ignored. A refused decision is told, and the player may choose
        again (`refused`)."""
        if self.decided:
            return
        self.decided = True
        self.action_drop_hint()  # a hint is for this decision only
        self.refresh_bindings()  # (`h` leaves the key bar)
        self.post_message(self.Chosen(self, action))

    def refused(self) -> None:
        self.decided = False
        self.refresh_bindings()

    def action_undo(self) -> None:
        our_app(self).undo_last()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Keys typed while the screen is being built wait for nothing; once it is, `u`
        # always answers: it takes back, or says why it cannot.
        if action == "hint":  # only on a seat's own (private) decision screen
            return self.is_mounted and self.hints_allowed()
        return self.is_mounted

    # ----- the hint (h) -------------------------------------------------------------
    def hints_allowed(self) -> bool:
        """A hint is for a seat with moves, from its own view: on its private screen (after
        the curtain), or on its public decision screen (searched from its `hint_view`,
        shown once the others look away), where the app allows hints (a table's host may
        not)."""
        return (self.hint_view() is not None and bool(self.legal) and not self.decided
                and bool(getattr(self.app, "hints", False)))

    def hint_view(self) -> Any:
        """The view a hint is searched from: the seat's own, or None."""
        feed = self.feed
        if self.private:
            return feed.view if feed.private else None
        return feed.hint_view

    def action_hint(self) -> None:
        """`h`: the expert's choice for this seat, from its view alone, searched in a
        thread ("Thinking…" meanwhile; Escape cancels). It never moves for the player. On
        a public screen the first `h` asks the others to look away, the second shows it."""
        if self.hint_worker is not None or not self.hints_allowed():
            return
        if not self.private and not self.hint_unveiled:
            self.hint_unveiled = True
            self.show_hint(f"A hint is for {self.feed.actor_name}'s eyes only: the others look away, then h "
                           "shows it (Escape: no hint).")
            return
        from sherwood_tui.core import thinker
        from sherwood_tui.core.bots import rank
        from sherwood_tui.ui.hint import hint_text, plain_words

        thinker.start()  # (its worker processes search beside the app's: the screen never waits)
        app = our_app(self)
        game, view, legal, seat, seats = self.game, self.hint_view(), list(self.legal), self.seat, len(self.feed.players)
        rnd, playouts = app.hint_rnd(self.feed), app.hint_playouts
        words = find(game.id).load_screens().decision_text or plain_words
        self.show_hint("Thinking… (Escape cancels)")

        def think() -> None:
            worker = get_current_worker()

            def stop() -> bool:
                return worker.is_cancelled

            try:
                choices = rank(game, view, legal, rnd, seat=seat, seats=seats, playouts=playouts, stop=stop)
                text = hint_text(choices, words, view, len(legal))
            except Exception as error:  # a bug: said in the hint's place, the game goes on
                text = f"No hint: the expert's search failed ({type(error).__name__})."
            if not stop():
                self.app.call_from_thread(self.hint_found, worker, text)

        self.hint_worker = self.run_worker(think, thread=True, group="hint", exit_on_error=False)

    def hint_found(self, worker: Worker[None], text: str) -> None:
        """The hint's search ended: show it, if it is still this screen's search."""
        if worker is self.hint_worker and not worker.is_cancelled and self.is_mounted:
            self.hint_worker = None
            self.show_hint(text)

    def show_hint(self, text: str) -> None:
        for line in self.query(HintLine):
            line.update(Text(text))
            return
        self.mount(HintLine(Text(text), markup=False), before=self.query_one(KeyBar))

    def on_key(self, event: events.Key) -> None:
        """Escape cancels or hides a hint (before the screen's own bindings, which
        Textual checks after the key has bubbled here; no binding: the key bar keeps
        the screen's own Escape)."""
        if event.key == "escape" and self.query(HintLine):
            event.stop()
            event.prevent_default()
            self.action_drop_hint()

    def on_unmount(self) -> None:
        if self.hint_worker is not None:
            self.hint_worker.cancel()

    def action_drop_hint(self) -> None:
        """Escape: stop the hint's search, and take the hint off the screen."""
        if self.hint_worker is not None:
            self.hint_worker.cancel()
            self.hint_worker = None
        self.hint_unveiled = False
        for line in self.query(HintLine):
            line.remove()


class HintLine(Static):
    """The hint (or "Thinking…") over the key bar; it goes with its screen."""

    DEFAULT_CSS = "HintLine { height: auto; max-height: 5; padding: 0 1; text-style: bold; }"  # a long hint whole at 80x24


class BotTurnScreen(GameScreen[Any, Any]):
    """A bot's turn: the public table only, while the bot decides at a followable pace
    (the app decides for it when the screen says it is due). While help, the rules or
    the quit dialog is open over it, the bot waits."""

    # 120x40 and larger: the game's whole table (its plug-in's `room`) in the column
    # beside the bot's line, in place of the narrow table; wide enough for the widest
    # game's (Sherwood's map: 62 cells and a border)
    DEFAULT_CSS = """
    BotTurnScreen.-wide.-tall.with-room #bot-table { display: none; }
    BotTurnScreen.-wide.-tall.with-room #main { width: 1fr; }
    BotTurnScreen.-wide.-tall.with-room Room { width: 2fr; min-width: 64; }
    """

    waiting = False  # another screen was on top when the bot was due
    pending: Any = None  # an expert's decision made while another screen was on top
    gone = False  # the screen was taken down: a search for it stops

    def hint_view(self) -> Any:
        """None: a hint is a human's (the bot searches for itself)."""
        return None

    class Due(Message):
        """The bot's move is due (the table has seen its turn)."""

        def __init__(self, screen: BotTurnScreen) -> None:
            super().__init__()
            self.screen = screen

    @property
    def bot_seat(self) -> int:
        return self.seat

    def compose_main(self) -> ComposeResult:
        player = self.feed.players[self.bot_seat]
        level = split_level(player.bot or "")[0]
        if level == "expert":  # it searches for a second or more, in the background
            text = Text(f"{player.name} (expert) is thinking…", style="bold")
        else:
            text = Text(f"{player.name} ({player.bot} bot) is deciding...", style="bold")
        yield Panel(text, title="Bot turn")
        table = find(self.game.id).load_screens().table_text
        if table is not None:
            yield Panel(table(self.table), title="Table", id="bot-table")

    def compose_room(self) -> Iterable[Widget]:
        """The game's whole table (public), if its plug-in names one."""
        whole_table = find(self.game.id).room()
        if whole_table is None:
            return ()
        self.add_class("with-room")
        widgets: list[Widget] = list(whole_table(self.table))
        return widgets

    def on_mount(self) -> None:
        delay = our_app(self).bot_delay
        if delay > 0:
            self.set_timer(delay, self.act)
        else:
            self.call_after_refresh(self.act)

    def on_screen_resume(self, event: events.ScreenResume) -> None:  # (Textual calls StylesKept's too)
        if self.waiting:  # the screen on top has closed: the bot's turn starts again
            self.waiting = False
            self.on_mount()

    def on_unmount(self) -> None:
        self.gone = True

    def act(self) -> None:
        if self.app.screen is not self:  # the bot's move waits until the table sees it
            self.waiting = True
            return
        if not self.decided or self.pending is not None:
            self.decided = True
            self.post_message(self.Due(self))


class PrivateNewsScreen(SteadyScreen):
    """What `seat` alone learnt from their decision (`Game.private_news`), shown before
    the keyboard passes. `covered`: only the cover, which asks that only this player
    look (the table may have watched the decision); the lines come on the next screen."""

    BINDINGS = [Binding("enter", "go_on", "Go on")]

    def __init__(self, name: str, seat: int, lines: list[str], covered: bool = False) -> None:
        super().__init__()
        self.name_of_seat = name
        self.seat = seat
        self.lines = [] if covered else lines
        self.covered = covered
        self.private = not covered

    def compose(self) -> ComposeResult:
        name = clip(self.name_of_seat, CurtainScreen.NAME_CELLS)
        if self.covered:
            body = Text(f"{name}, you learnt something only you may see.\n\n")
            body.append(f"{name}: press Enter when only you can see the screen.", style="bold")
        else:
            body = Text("\n".join(self.lines) + "\n\n")
            body.append("Press Enter to go on.", style="bold")
        with Center(id="curtain"):
            with Vertical(id="curtain-box"):
                yield Static(Text(f"For {name} only", style="bold"), markup=False)
                yield Static(body, markup=False)
        yield KeyBar()

    def action_go_on(self) -> None:
        our_app(self).continue_interludes()
