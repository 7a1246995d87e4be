"""The frame every game screen shares: title, table, scoreboard, log, footer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static

from sherwood_tui.ui.screens import CurtainScreen, SteadyScreen
from sherwood_tui.ui.widgets import GameLog, KeyBar, Panel, clip, our_app

if TYPE_CHECKING:
    from sherwood_tui.core.session import Session


class GameScreen(Screen):
    """Base of the per-game screens. A subclass composes `compose_main` from a view.

    `private` screens show `seat`'s secrets and are only shown after the curtain;
    public screens are given nothing but the public view.
    """

    private: ClassVar[bool] = False
    BINDINGS = [Binding("u", "undo", "Undo")]

    def __init__(self, session: Session, seat: int | None) -> None:
        super().__init__()
        self.session = session
        self.game = session.game
        self.seat = seat
        if self.private:
            assert seat is not None
            self.view = self.game.view(session.state, seat)
        self.table = self.game.public_view(session.state)
        self.decided = False

    @property
    def actor_name(self) -> str:
        return self.session.player_name(self.seat) if self.seat is not None else ""

    def heading(self) -> str:
        return f"{self.game.title} · {self.game.round_label(self.session.state)}"

    def compose(self) -> ComposeResult:
        yield Static(Text(self.heading()), id="title", markup=False)
        with Horizontal(id="body"):
            with Vertical(id="main"):
                yield from self.compose_main()
            with Vertical(id="side"):
                yield Panel(self.scoreboard(), title="Scores", id="scoreboard")
                yield GameLog(self.session.log)
        yield KeyBar()

    def compose_main(self) -> ComposeResult:  # pragma: no cover - overridden
        yield Static("")

    def scoreboard(self) -> Text:
        """The game's public scoreboard (its screens module's `scoreboard_text`): the
        same figures on every screen, a bot's turn included."""
        text: Text = our_app(self).in_play[1].load_screens().scoreboard_text(self.session)
        return text

    def submit(self, action: Any) -> None:
        """Send this screen's decision once; keys pressed before the screen changes are ignored."""
        if self.decided:
            return
        self.decided = True
        our_app(self).submit(action)
        if self.app.screen is self:  # refused: the player may choose again
            self.decided = False

    def action_undo(self) -> None:
        our_app(self).undo_last()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Keys typed while the screen is being built wait for nothing; once it is, `u`
        # always answers: it takes back, or says why it cannot.
        return self.is_mounted


class BotTurnScreen(GameScreen):
    """A bot's turn: the public table only, while the bot decides at a followable pace.
    While help, the rules or the quit dialog is open over it, the bot waits."""

    waiting = False  # another screen was on top when the bot was due

    @property
    def bot_seat(self) -> int:
        assert self.seat is not None
        return self.seat

    def compose_main(self) -> ComposeResult:
        player = self.session.player(self.bot_seat)
        text = Text(f"{player.name} ({player.bot} bot) is deciding...", style="bold")
        yield Panel(text, title="Bot turn")
        table = our_app(self).in_play[1].load_screens().table_text
        if table is not None:
            yield Panel(table(self.table), title="Table")

    def on_mount(self) -> None:
        delay = our_app(self).bot_delay
        if delay > 0:
            self.set_timer(delay, self.act)
        else:
            self.call_after_refresh(self.act)

    def on_screen_resume(self) -> None:
        if self.waiting:  # the screen on top has closed: the bot's turn starts again
            self.waiting = False
            self.on_mount()

    def act(self) -> None:
        import random

        from sherwood_tui.core.bots import bot_action

        if self.app.screen is not self:  # the bot's move waits until the table sees it
            self.waiting = True
            return
        session, seat = self.session, self.bot_seat
        rnd = random.Random(f"{session.seed}-{len(session.actions)}")
        level = session.player(seat).bot
        assert level is not None
        self.submit(bot_action(self.game, session.state, seat, level, rnd))


class PrivateNewsScreen(SteadyScreen):
    """What `seat` alone learnt from their decision (`Game.private_news`), shown before
    the keyboard passes. `covered`: only the cover, which asks that only this player
    look (the table may have watched the decision); the lines come on the next screen."""

    BINDINGS = [Binding("enter", "go_on", "Go on")]

    def __init__(self, session: Session, seat: int, lines: list[str], covered: bool = False) -> None:
        super().__init__()
        self.session = session
        self.seat = seat
        self.lines = [] if covered else lines
        self.covered = covered
        self.private = not covered

    def compose(self) -> ComposeResult:
        name = clip(self.session.player_name(self.seat), CurtainScreen.NAME_CELLS)
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
