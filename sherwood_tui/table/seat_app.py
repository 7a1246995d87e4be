"""The seat app: one player's (or a spectator's) own terminal at a table.

Started by the host for each SSH or browser connection (`sherwood-tui seat --socket PATH
--ticket T`), it connects to the host's socket, says hello with its ticket, and from
then on shows what the host sends (table/protocol.py): the game's
own decision screens while the seat has moves (no curtains: the screen is the seat's
own), a waiting screen otherwise, the interludes and round summaries of the hot-seat app,
and the final scores. Every screen's key bar says whom the game waits for. The chosen
move goes back to the host, which checks it; a refused one is told, and the screen
takes another choice. Keys typed for one screen never act on the next (the key guard is
armed on every screen change), and a new feed that leaves the seat's moves and own view
as they were keeps the decision screen (a half-made choice survives others' moves).
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import App
from textual.binding import Binding

from sherwood_tui.core.handoff import KeyGuard
from sherwood_tui.core.wording import printable
from sherwood_tui.table.protocol import Follower, TableStatus
from sherwood_tui.table.seat_screens import MessageScreen, SeatFinalScreen, WaitingScreen
from sherwood_tui.ui.app import SherwoodApp, freeze_startup_objects
from sherwood_tui.ui.game_screen import GameScreen
from sherwood_tui.ui.lifecycle import say
from sherwood_tui.ui.screens import ConfirmScreen
from sherwood_tui.ui.widgets import GameLog

if TYPE_CHECKING:
    from textual.screen import Screen

    from sherwood_tui.core.contract import AnyGame, Event
    from sherwood_tui.core.plugin import GameScreens
    from sherwood_tui.core.seat import AnyFeed

EXIT_TABLE_CLOSED = 4  # the host closed this seat's connection, or went away
HOST_GONE = "The table's host has gone. Your seat waits: connect again to rejoin."
# seconds the closing message stays before the app ends by itself (it is said again on
# the terminal after the app's screen is gone)
CLOSE_DELAY = 1.5
# On their own terminal nobody else takes the keyboard: a key typed for a screen that
# another player's move replaces is dropped (until the new one is drawn, and held keys),
# and for this long after, not for the hot-seat's hand-off time.
SEAT_KEY_HOLD = 0.3
TALK_HELD = 100  # lines of table talk a seat keeps
# Times a process goes on as another of our commands in place (a lobby becoming a seat,
# and back) before it starts afresh by `exec`: each runs inside the one before.
IN_PLACE_MOST = 16
# Objects a seat's process makes (and keeps) between two of Python's young collections:
# a screen's render makes tens of thousands, most freed at once, and at Python's 700 the
# young collections alone were 6% of a seat's CPU. Replaced screens' trees are collected
# whole every few screens (`collect_garbage`) as before.
SEAT_GC_THRESHOLD = 10_000
_became = 0  # times this process has gone on in place


def run_seat(socket_path: Path, ticket: str, lobby: Path | None = None, back: str | None = None,
             browser: bool = False) -> int:
    """Run the seat app until it ends; its exit status (0: the player left or the game
    ended; 4: the host closed the seat or went away, said once more on stderr).

    A server's seat (`lobby`: its lobby's socket, `back`: this key's pass to it) becomes
    the seat of the rematch when its table moves there, and goes back to the lobby when
    the player leaves (the same process: `exec`). A server's seat in a browser (`browser`)
    talks too, but only ends: a textual-serve page runs one app (its lobby's tab gives the
    rematch's page)."""
    app = SeatApp(socket_path, ticket, talk=lobby is not None or browser)
    app.run()
    if app.titled:  # the terminal's title goes back to its own
        import sys

        sys.stdout.write("\x1b]2;\x07")
        sys.stdout.flush()
    if app.farewell:  # the screen is cleared as the app ends: the reason stays in sight
        say(app.farewell)
    code = app.return_code or 0
    if browser:
        return code
    if app.moved is not None:
        new_socket, new_ticket = app.moved
        become(seat_command(Path(new_socket), new_ticket, lobby, back))
    if lobby is not None and back and code == 0:
        from sherwood_tui.table.lobby import lobby_command

        become(lobby_command(lobby, back))
    return code


def seat_command(socket_path: Path, ticket: str, lobby: Path | None = None, back: str | None = None,
                 browser: bool = False) -> list[str]:
    """The command line of a seat process (a server's: with its way back to the lobby, or
    in a browser)."""
    import sys

    command = [sys.executable, "-m", "sherwood_tui", "seat", f"--socket={socket_path}", f"--ticket={ticket}"]
    if browser:
        command.append("--browser")
    if lobby is not None and back:
        command += [f"--lobby={lobby}", f"--back={back}"]
    return command


def become(command: list[str]) -> None:
    """This process becomes `command` (the same pid and terminal: a server's door
    watches this pid's memory); returns only if that cannot be. Our own command runs in
    this process (`seat_template.run_in_place`: a seat forked from the warm template
    keeps sharing its memory); another, by `exec`."""
    import os
    import sys

    from sherwood_tui.table.seat_template import run_in_place

    global _became
    sys.stdout.flush()
    sys.stderr.flush()
    _became += 1
    if _became <= IN_PLACE_MOST:  # (each one in place runs within the last: the stack grows)
        run_in_place(command)  # (it returns only for a command not our own)
    try:
        os.execv(command[0], command)
    except OSError as err:
        say(f"Could not go on: {err.strerror or err}.")


def round_start(log: tuple[Event, ...], missed: int = 0) -> int:
    """Where the round summary a seat may be shown next starts in `log`: the current
    round's first line, or, when a round ended in the last `missed` lines (the seat
    was away), that round's first line."""
    ends = [index for index, event in enumerate(log) if event.kind == "round_end"]
    if ends and ends[-1] >= len(log) - missed:
        ends.pop()  # that round's summary is still to be shown
    return ends[-1] + 1 if ends else 0


def with_talk(log: tuple[Event, ...], talk: list[tuple[str, str, int]]) -> list[Event]:
    """The game's log with the table's talk in it, each line where it was said ("Robin
    says: ..."; a line said after what an undo took back, at the log's end)."""
    from sherwood_tui.core.contract import Event as LogLine

    merged: list[Event] = []
    waiting = sorted(talk, key=lambda line: line[2])
    for index, event in enumerate(log):
        while waiting and waiting[0][2] <= index:
            name, text, _ = waiting.pop(0)
            merged.append(LogLine(f"{name} says: {text}", kind="talk"))
        merged.append(event)
    merged += [LogLine(f"{name} says: {text}", kind="talk") for name, text, _ in waiting]
    return merged


def public_part(feed: AnyFeed) -> AnyFeed:
    """The public table's feed within a seat's feed (what interludes are given)."""
    return replace(feed, seat=None, private=False, view=None, legal=())


class SeatApp(Follower, SherwoodApp):
    """The hot-seat app's keys and screens, fed by a table's host over its socket."""

    GAME_DEPTH = 2  # Textual's default screen, then the seat's screen; overlays above

    BINDINGS = [Binding("f4", "talk", "Talk")]  # (a server's table only: see `check_action`)

    def __init__(self, socket_path: Path, ticket: str, *, key_guard: KeyGuard | None = None,
                 close_delay: float = CLOSE_DELAY, talk: bool = False) -> None:
        super().__init__(bot_delay=0, key_guard=key_guard)
        if isinstance(self.key_guard, KeyGuard):  # (tests may give one of their own)
            self.key_guard.hold = min(self.key_guard.hold, SEAT_KEY_HOLD)
        self.socket_path, self.ticket = socket_path, ticket
        self.close_delay = close_delay
        self.writer: asyncio.StreamWriter | None = None
        self.game: AnyGame | None = None
        self.screens: GameScreens | None = None
        self.seat: int | None = None  # None: watching
        self.feed: AnyFeed | None = None  # the latest
        self.status: TableStatus | None = None
        self.decision: tuple[Any, ...] | None = None  # the moves of the decision screen up
        self.showing_interlude = False
        self.farewell = ""  # why the table closed, once it has
        self.talk_shown = talk  # a server's table: its key bar names the talk key
        self.talk_lines: list[tuple[str, str, int]] = []  # the table talk seen: (name, line, where in the log)
        self.bell_on = True  # the host says whether this player's bell rings
        self.rematch_offered = False  # the host starts rematches (a server's table)
        self.moved: tuple[str, str] | None = None  # the rematch's socket and ticket, once asked to go
        self.deciding = False  # whether the seat had moves at the last feed
        self.titled = False  # the terminal's title was set (your turn)
        # The waiting screen, kept between the seat's turns: coming back to it costs a
        # third of building a new one (no widgets made, styled and mounted, no old tree
        # to remove and collect). It shows only this seat's own view and the public table.
        self.waiting_screen: WaitingScreen | None = None
        # Likewise the decision screens that can show a later decision of their kind.
        self.kept_screens: dict[type[Screen[Any]], GameScreen[Any, Any]] = {}
        # No screen of a seat has a mouse tooltip: Textual's tooltip widget, mounted into
        # every new screen, is one widget fewer to build at each change of screen.
        self._disable_tooltips = True

    # ----- the connection -----------------------------------------------------------
    def open_first_screens(self) -> None:
        """"Connecting..." until the host's welcome (never the hot-seat game picker)."""
        import gc

        freeze_startup_objects()
        gc.set_threshold(SEAT_GC_THRESHOLD, *gc.get_threshold()[1:])  # (per process: a hall's seats alike)
        self.push_screen(MessageScreen("sherwood-tui", "Connecting to the table..."))
        self.check_size(self.size.width, self.size.height)
        self.run_worker(self.talk(), name="host", exclusive=True)

    async def talk(self) -> None:
        """Connect, say hello, then follow the host's messages until the connection ends."""
        await self.follow()  # not our host, or gone: as good as gone
        self.close_with(HOST_GONE)

    def send(self, message: dict[str, Any]) -> None:
        """Send a message to the host (dropped once it has gone)."""
        if not self.farewell:
            super().send(message)

    def handle(self, message: dict[str, Any]) -> None:
        """One message of the host (a kind this app does not know is ignored)."""
        kind = message["type"]
        if kind == "welcome":
            self.welcome(str(message["game"]), message.get("seat"))
            self.hints = message.get("hints") is not False  # the host may turn hints off
            self.bell_on = message.get("bell") is not False
            self.rematch_offered = message.get("rematch") is True
        elif kind == "feed":
            self.take_feed(message)
        elif kind == "refused":
            self.notify(str(message.get("message", "")), severity="error", markup=False)
            screen = self.game_screen()
            if isinstance(screen, GameScreen):  # the decision screen takes another choice
                screen.refused()
        elif kind == "news" and self.seat is not None and self.feed is not None:
            from sherwood_tui.ui.game_screen import PrivateNewsScreen

            lines = [str(line) for line in message.get("lines", [])]
            self.interludes.append(PrivateNewsScreen(self.feed.name(self.seat), self.seat, lines))
        elif kind == "notice":
            self.notify(str(message.get("message", "")), markup=False)
        elif kind == "closed":
            self.close_with(str(message.get("message", "")))
        elif kind == "talk":
            self.heard(message.get("lines"), old=message.get("old") is True)
        elif kind == "moved":
            self.moved = (str(message.get("socket", "")), str(message.get("ticket", "")))
            self.send({"type": "bye"})
            self.exit(return_code=0)

    def heard(self, lines: Any, old: bool = False) -> None:
        """Lines of table talk: kept (F4 shows them), and new ones said in passing."""
        if not isinstance(lines, list):
            return
        for line in lines[-TALK_HELD:]:
            if isinstance(line, dict):
                at = line.get("at")
                said = (str(line.get("name", "")), str(line.get("text", "")), at if type(at) is int else 0)
                self.talk_lines = [*self.talk_lines, said][-TALK_HELD:]
                if not old:
                    self.notify(f"{said[0]}: {said[1]}", title="Table talk", markup=False)

    def action_talk(self, draft: str = "") -> None:
        """F4: the table's talk, and a line to say."""
        from sherwood_tui.table.seat_screens import TalkScreen

        if self.feed is None or self.farewell or isinstance(self.screen, TalkScreen):
            return

        def said(text: str | None) -> None:
            if text:
                self.send({"type": "say", "text": text})

        lines = [(name, text) for name, text, _ in self.talk_lines]
        self.push_screen(TalkScreen(lines, speaker=self.seat is not None, draft=draft), said)

    def replace_game_screen(self, screen: Screen[Any], guarded: bool) -> None:
        """As the app's, but the talk line stays open over the new screen, with what was
        typed on it (it describes no screen); a kept decision screen that goes stops its
        hint's search (it is not unmounted, which would)."""
        from sherwood_tui.table.seat_screens import TalkScreen

        talking = next((s for s in self.screen_stack[self.GAME_DEPTH:] if isinstance(s, TalkScreen)), None)
        going = self.game_screen()
        if going is not screen and isinstance(going, GameScreen) and going in self.kept_screens.values():
            going.action_drop_hint()
        super().replace_game_screen(screen, guarded)
        if talking is not None and not self.farewell:
            self.action_talk(talking.draft())

    async def on_event(self, event: events.Event) -> None:
        """Keys typed on the talk line reach it as typed: the hand-off guard keeps keys
        from acting on a decision they were not meant for, and the talk line makes none."""
        from sherwood_tui.table.seat_screens import TalkScreen

        if isinstance(event, events.Key) and isinstance(self.screen, TalkScreen):
            await App.on_event(self, event)
            return
        await super().on_event(event)

    def action_rematch(self) -> None:
        """The final screen's r: ask the host for a rematch with the same seats."""
        if self.seat is not None and self.feed is not None and self.feed.over:
            self.send({"type": "rematch"})

    def your_turn(self, deciding: bool) -> None:
        """When the seat comes to a decision: the terminal's bell and its title say so
        (unless this player turned the bell off); the title goes back after."""
        if deciding == self.deciding:
            return
        self.deciding = deciding
        if not self.bell_on or self.is_headless or self._driver is None or self.info is None:
            return
        self.titled = True
        if deciding:
            self.bell()
            self._driver.write(f"\x1b]2;Your turn: {printable(self.info.title)}\x07")
        else:
            self._driver.write(f"\x1b]2;{printable(self.info.title)}\x07")

    def welcome(self, game_id: str, seat: Any) -> None:
        from sherwood_tui.catalog import get

        self.info = get(game_id)
        self.game = self.info.load()
        self.screens = self.info.load_screens()
        self.seat = None if seat is None else int(seat)

    def close_with(self, message: str, code: int = EXIT_TABLE_CLOSED) -> None:
        """Say why the table closed; the app ends on Enter or after `close_delay`."""
        if self.farewell:
            return
        self.farewell = message or HOST_GONE
        self.interludes = []
        self.replace_game_screen(MessageScreen("The table has closed", self.farewell, code), guarded=True)
        self.refresh_key_bars()
        self.set_timer(self.close_delay, lambda: self.exit(return_code=code))

    # ----- what to show ---------------------------------------------------------------
    @property
    def table_note(self) -> str:
        """The line over every key bar: whom the game waits for."""
        if self.status is None or self.farewell or self.status.over:
            return ""
        return self.status.waiting_text(self.seat)

    def game_screen(self) -> Screen[Any] | None:
        """The seat's screen under any help, rules or peek opened over it."""
        stack = self.screen_stack
        return stack[self.GAME_DEPTH - 1] if len(stack) >= self.GAME_DEPTH else None

    def take_feed(self, message: dict[str, Any]) -> None:
        """A new feed: queue its interludes, then show them, or the seat's screen now.

        A decision's feed (`moved`) brings the game's own screens for its events (a
        reveal) and the round summary when it ended a round; any other feed (who is
        connected, an undo) none. The first feed of a seat that connects again brings
        what its terminal missed while away: the round summary, if a round ended, never
        a screen of an old move."""
        from sherwood_tui.table.wire import events_from_json, feed_from_json

        if self.game is None or self.screens is None or self.farewell:
            return
        feed = feed_from_json(self.game, message["feed"])
        self.status = TableStatus.from_json(message["status"])
        events = events_from_json(message["events"])
        first, self.feed = self.feed is None, feed
        if first:
            self.summary_mark = round_start(feed.log, missed=len(events))
            self.interludes += self.round_summary(self.screens, public_part(feed), events)
        else:
            self.summary_mark = min(self.summary_mark, len(feed.log))  # an undo shortens the log
            if message.get("moved"):
                self.interludes += self.interludes_of(self.screens, public_part(feed), events)
        self.send({"type": "seen", "log": len(feed.log)})
        self.your_turn(bool(feed.legal) and not feed.over and self.seat is not None)
        self.refresh_key_bars()
        if not self.showing_interlude:
            self.continue_interludes()

    def continue_interludes(self) -> None:
        """Show the next interlude, or the seat's screen when none is left."""
        self.showing_interlude = bool(self.interludes)
        if self.interludes:
            self.decision = None
            self.replace_game_screen(self.interludes.pop(0), guarded=True)
        else:
            self.present()

    def present(self) -> None:
        """The seat's screen for the latest feed: the final scores, its decision, or
        the waiting screen (brought up to date where it is already shown)."""
        feed, screens, status = self.feed, self.screens, self.status
        if feed is None or screens is None or status is None:
            return
        shown = self.game_screen()
        if feed.over:
            self.decision = None
            self.replace_game_screen(SeatFinalScreen(public_part(feed)), guarded=True)
        elif feed.legal:
            # Another player's move in a step where several decide at once (bags,
            # ambush parties) leaves this seat's moves as they were: the screen, with
            # its half-made choice, stays (its public parts may lag: the log moves on).
            # Once the screen has sent its choice, a new feed brings a new screen.
            basis = feed.legal
            deciding = self.decision is not None and isinstance(shown, GameScreen)
            if deciding and basis == self.decision and isinstance(shown, GameScreen) and not shown.decided:
                for log in shown.query(GameLog):
                    log.events = list(feed.log)
                    log.refresh()
                return
            self.decision = basis
            # the seat's next decision right after its last one (a turn of several
            # steps) is not held back; any other change of screen is
            self.replace_game_screen(self.decision_screen(feed, shown), guarded=not deciding)
        else:
            self.decision = None
            waiting = self.waiting_screen
            if waiting is None:  # built once, then kept (installed) for each wait
                waiting = self.waiting_screen = WaitingScreen(feed, status, screens)
                self.install_screen(waiting, "waiting")
            else:
                waiting.show(feed, status)
            if shown is not waiting:
                self.replace_game_screen(waiting, guarded=True)

    def decision_screen(self, feed: AnyFeed, shown: Screen[Any] | None) -> Screen[Any]:
        """The screen for the seat's decision: the one kept from an earlier decision of
        its kind, renewed (`GameScreen.renew`), or a new one, kept if it can be renewed.
        Never the screen shown now: its keys must not act on the new decision."""
        assert self.screens is not None
        screen: Screen[Any] = self.screens.screen_for(feed)
        kind = type(screen)
        kept = self.kept_screens.get(kind)
        if kept is not None and kept is not shown and kept.renew(feed):
            return kept
        if kept is not None and kept is not shown:  # (it cannot be renewed: a new one instead)
            self.uninstall_screen(kept)
        if isinstance(screen, GameScreen) and screen.RENEWABLE and kept is not shown:
            self.kept_screens[kind] = screen
            self.install_screen(screen, f"decision-{kind.__name__}")
        return screen

    # ----- the player's keys ------------------------------------------------------------
    def on_game_screen_chosen(self, message: GameScreen.Chosen) -> None:
        """A decision goes to the host, if its screen is still the one shown; the host
        answers with a new feed, or `refused` (the screen then takes another choice)."""
        message.stop()
        if message.screen is not self.screen or self.game is None:
            return
        self.send({"type": "act", "actions": [self.game.dump_action(move) for move in message.moves]})

    def hint_rnd(self, feed: AnyFeed) -> Any:
        """The random source of a hint's search here (the seat knows no game seed)."""
        import random

        return random.Random(f"hint-{feed.seat}-{len(feed.log)}")

    def undo_last(self) -> None:
        """`u`: ask the host to take back this seat's last move (it says why not)."""
        if self.seat is not None:
            self.send({"type": "undo"})

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "log":
            return self.feed is not None
        if action == "undo":
            return self.seat is not None and self.feed is not None and not self.feed.over
        if action == "talk":
            return self.talk_shown and self.feed is not None
        if action == "rematch":
            return self.rematch_offered and self.seat is not None and self.feed is not None and self.feed.over
        return super().check_action(action, parameters)

    def action_log(self) -> None:
        from sherwood_tui.ui.screens import LogScreen

        if self.feed is not None and not isinstance(self.screen, LogScreen):
            self.push_screen(LogScreen(with_talk(self.feed.log, self.talk_lines)))

    def action_quit_game(self) -> None:
        """Ctrl+Q: asks, then leaves (the seat waits for its player)."""
        if self.farewell or self.feed is None:
            self.leave_game()
            return
        if isinstance(self.screen, ConfirmScreen):
            return
        detail = ("Your seat waits for you: connect again the same way to rejoin."
                  if self.seat is not None else "You stop watching the game.")

        def answer(leave: bool | None) -> None:
            if leave:
                self.leave_game()

        self.push_screen(ConfirmScreen("Leave the table?", detail, "Leave", "Stay"), answer)

    def leave_game(self) -> None:
        """The player leaves the table (the final screen's Enter, or Ctrl+Q)."""
        self.send({"type": "bye"})
        self.exit(return_code=EXIT_TABLE_CLOSED if self.farewell else 0)

