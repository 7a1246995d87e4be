"""Screens shared by every game: setup, continue, curtain, help, rules, quit, round
summary and final scores (the picker and the size message: `picker.py`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from rich.table import Table
from rich.text import Text
from rich.theme import Theme
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Checkbox, Input, OptionList, Select, Static
from textual.widgets.option_list import Option

from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.wording import count, printable
from sherwood_tui.ui.colours import GREEN, RED
from sherwood_tui.ui.widgets import KeyBar, NewsLines, Panel, StopList, TickBox, clip, data_note, event_text, our_app, plain

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult

    from sherwood_tui.catalog import GameInfo
    from sherwood_tui.core.contract import Event, Player
    from sherwood_tui.core.saves import SaveSummary
    from sherwood_tui.core.seat import AnyFeed

NAME_CELLS = 20  # a name is cut to this many terminal cells in lists (names have at most NAME_LIMIT characters)
DEFAULT_NAMES = ("Robin", "Marian", "Much", "Will", "Tuck", "Alan")
SEAT_KINDS = [("Human", "human"), ("Bot: sensible", "sensible"), ("Bot: random", "random"),
              ("Bot: expert", "expert")]


def close(screen: Screen[Any]) -> None:
    """Take `screen` off the top of the stack, if it is still there: a new decision may
    have replaced the stack since its closing key was pressed (`replace_game_screen`),
    and popping then would take the new screen off instead, half built."""
    if screen.app.screen is screen:
        screen.app.pop_screen()


class StylesKept:
    """Mix into a Screen (before it): when it is shown (first shown, just styled as it was
    built, or shown again), Textual does not style every widget of it again. Nothing
    restyles a screen while another is up (no theme changes here; a class set on a
    widget restyles it there and then), and a seat pays that styling at every turn."""

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        event.refresh_styles = False


class SteadyScreen(Screen[None]):
    """A screen whose keys work only once it is built: keys typed fast while it is being
    shown (a held Enter, say) would otherwise reach actions that look for its widgets."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.is_mounted


class SetupScreen(SteadyScreen):
    """Number of players, their names and the game's variants."""

    BINDINGS = [
        Binding("ctrl+n", "more", "Add player"),
        Binding("ctrl+r", "fewer", "Remove player"),
        Binding("plus,equals_sign", "more", "Add player", show=False),
        Binding("minus", "fewer", "Remove player", show=False),
        Binding("ctrl+s", "start", "Start"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, info: GameInfo) -> None:
        super().__init__()
        self.info = info
        self.game = info.load()
        self.count = max(info.min_players, min(4, info.max_players))

    def compose(self) -> ComposeResult:
        from sherwood_tui.core.contract import NAME_LIMIT

        names, kinds, options = self.starting_lineup()
        yield plain(f"{self.info.title} · player setup{data_note(self.info.id)}", "bold")
        yield plain("", id="count")
        with VerticalScroll(id="setup"):
            for i in range(self.info.max_players):
                with Horizontal(classes="seat", id=f"seat-{i}"):
                    yield plain(f"Player {i + 1}", "bold")
                    yield Input(value=names[i], max_length=NAME_LIMIT, compact=True, id=f"name-{i}")
                    yield Select(SEAT_KINDS, value=kinds[i], allow_blank=False, compact=True, id=f"kind-{i}")
            for option in self.game.options:
                yield TickBox(option.label, options.get(option.key, option.default), id=f"opt-{option.key}")
                if option.help:
                    yield plain(option.help, "dim")
            yield Button("Start the game", id="start", variant="primary")
        yield Static("", id="error", markup=False)
        yield plain("Tab moves; Ctrl+N adds a player, Ctrl+R removes one; Ctrl+S starts.", "dim")
        yield plain("Each seat is a human or a bot (Enter on the seat's kind to change it).", "dim")
        yield KeyBar()

    def starting_lineup(self) -> tuple[list[str], list[str], dict[str, bool]]:
        """Each seat's name and kind, and the options, this screen opens with: the
        line-up this game last started with here (its player count too), else the usual
        names, every seat a human's, the options' defaults."""
        names, kinds = list(DEFAULT_NAMES[: self.info.max_players]), ["human"] * self.info.max_players
        last = our_app(self).last_lineup(self.info.id)
        if last is None or not self.info.min_players <= len(last[0]) <= self.info.max_players:
            return names, kinds, {}
        players, options = last
        known_kinds = {value for _, value in SEAT_KINDS}
        self.count = len(players)
        for seat, player in enumerate(players):
            names[seat] = player.name
            level = None if player.bot is None else player.bot.split(":")[0].split("+")[0]  # expert:N, a restriction
            kinds[seat] = "human" if level is None else level if level in known_kinds else "sensible"
        return names, kinds, options

    def on_mount(self) -> None:
        self._show_count()
        self.query_one("#name-0", Input).focus()

    def _show_count(self) -> None:
        self.query_one("#count", Static).update(
            Text(f"Players: {self.count}  ({self.info.min_players}-{self.info.max_players})")
        )
        for i in range(self.info.max_players):
            self.query_one(f"#seat-{i}").display = i < self.count

    def action_more(self) -> None:
        if self.count < self.info.max_players:
            self.count += 1
            self._show_count()

    def action_fewer(self) -> None:
        if self.count > self.info.min_players:
            self.count -= 1
            self._show_count()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        index = int(str(event.input.id).split("-")[1])
        if index + 1 < self.count:
            self.query_one(f"#name-{index + 1}", Input).focus()
        else:
            self.query_one("#start", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def action_back(self) -> None:
        close(self)

    def players(self) -> list[Player]:
        from sherwood_tui.core.contract import Player

        players = []
        for i in range(self.count):
            kind = self.query_one(f"#kind-{i}", Select).value
            name = self.query_one(f"#name-{i}", Input).value.strip()
            players.append(Player(name=name, bot=None if kind == "human" else cast(Any, kind)))
        return players

    def options(self) -> dict[str, bool]:
        return {o.key: self.query_one(f"#opt-{o.key}", Checkbox).value for o in self.game.options}

    def action_start(self) -> None:
        players = self.players()
        try:
            self.game.check_players(players)
        except RuleError as err:
            self.query_one("#error", Static).update(Text(str(err), style=f"bold {RED}"))
            return
        our_app(self).start_game(self.info, players, self.options())


class ContinueScreen(SteadyScreen):
    """The saved games: those in progress first, then the finished ones under their own
    heading, each newest first, with the variants that are on. d (or Delete) deletes the
    highlighted save after a yes/no question. Damaged files are listed with their
    problem."""

    BINDINGS = [
        Binding("d,delete", "delete", "Delete save"),
        Binding("s", "skipped", "Skipped files"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.summaries: dict[str, SaveSummary] = {}
        self.problems: list[str] = []

    def compose(self) -> ComposeResult:
        yield plain("Continue a saved game", "bold")
        yield StopList(id="saves")
        yield Static("", id="skipped", markup=False)
        yield plain("", "dim", id="continue-hint")
        yield KeyBar()

    def on_mount(self) -> None:
        self.fill()

    def fill(self, near: int = 0) -> None:
        """(Re)read the saves folder; highlight the save at `near` or the closest one."""
        from sherwood_tui.core.saves import list_saves

        summaries, problems = list_saves(our_app(self).saves_dir)
        self.summaries = {str(s.path): s for s in summaries}
        self.problems = problems
        playing = [s for s in summaries if not s.finished and not s.problem]
        finished = [s for s in summaries if s.finished and not s.problem]
        broken = [s for s in summaries if s.problem]
        options: list[Option | None] = []  # None: a rule between the sections
        if playing and (finished or broken):
            options.append(heading(f"In progress · {count(len(playing), 'game')}", "playing"))
        options += [Option(save_prompt(s), id=str(s.path)) for s in playing]
        for part, title, id in ((finished, "Finished", "finished"), (broken, "Cannot be opened", "broken")):
            if part:
                if len(options) > 0:
                    options.append(None)
                options.append(heading(f"{title} · {count(len(part), 'game')}", id))
                options += [Option(save_prompt(s), id=str(s.path)) for s in part]
        if not options:
            options.append(Option(Text("No saved games yet.", style="dim"), id="none", disabled=True))
        saves = self.query_one("#saves", StopList)
        saves.clear_options()
        saves.add_options(options)
        enabled = [i for i, option in enumerate(saves.options) if not option.disabled]
        if enabled:
            saves.highlighted = min(enabled, key=lambda i: (abs(i - near), i))
        skipped = Text()
        if problems:
            skipped = Text(f"{count(len(problems), 'file')} in the saves folder "
                           f"{'is not a save' if len(problems) == 1 else 'are not saves'}: s shows why.")
        self.query_one("#skipped", Static).update(skipped)
        hint = "Enter continues the highlighted game; d deletes its save (it asks first)."
        if not summaries:
            hint = "A game is saved here after every move once it has begun. Esc goes back."
        self.query_one("#continue-hint", Static).update(Text(hint, style="dim"))
        self.refresh_bindings()

    def highlighted_save(self) -> SaveSummary | None:
        saves = self.query_one("#saves", StopList)
        option = saves.highlighted_option
        return None if option is None or option.disabled else self.summaries.get(str(option.id))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        nothing = {"delete": not self.summaries, "skipped": not self.problems}
        if self.is_mounted and nothing.get(action, False):
            return False
        return super().check_action(action, parameters)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        path = str(event.option.id)
        summary = self.summaries.get(path)
        if summary is not None and summary.problem:
            self.app.notify(summary.problem, title="Cannot continue", severity="error", markup=False)
            return
        our_app(self).resume(Path(path))

    def action_skipped(self) -> None:
        """The files of the saves folder that are not saves, and why (scrollable)."""
        from sherwood_tui.core.contract import Event

        lines = [Event(line) for line in self.problems]
        self.app.push_screen(LogScreen(lines, title=f"Not saves · {count(len(lines), 'file')}"))

    def action_delete(self) -> None:
        summary = self.highlighted_save()
        if summary is None:
            return
        index = self.query_one("#saves", StopList).highlighted or 0

        def answer(delete: bool | None) -> None:
            if delete:
                self.delete(summary, index)

        question = "Delete this finished game?" if summary.finished else "Delete this saved game?"
        detail = save_prompt(summary)
        self.app.push_screen(ConfirmScreen(question, detail, "Delete it", "Keep it"), answer)

    def delete(self, summary: SaveSummary, index: int) -> None:
        from sherwood_tui.core.errors import SaveError
        from sherwood_tui.core.saves import delete_save

        try:
            delete_save(summary.path)
        except SaveError as err:
            self.app.notify(str(err), title="Not deleted", severity="error", markup=False)
        else:
            self.app.notify(f"Deleted {summary.title} ({', '.join(summary.players)}).", markup=False)
        self.fill(near=index)

    def action_back(self) -> None:
        close(self)


def heading(text: str, id: str) -> Option:
    """A section heading of a list: never highlighted."""
    return Option(Text(text, style="bold underline"), id=f"heading-{id}", disabled=True)


def save_prompt(summary: SaveSummary) -> Text:
    """Two lines of a save: game, round (or "finished") and time; players and variants."""
    status = "finished" if summary.finished else summary.round_label
    first = " · ".join(part for part in (summary.title, status, summary.saved_at.replace("T", " ")) if part)
    prompt = Text()
    prompt.append(first + "\n", style="bold")
    prompt.append("  " + ", ".join(clip(name, NAME_CELLS) for name in summary.players))
    if summary.options:
        prompt.append(" · with " + ", ".join(summary.options))
    if summary.problem:
        prompt.append("\n  cannot be opened: " + summary.problem, style="italic")
    return prompt


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question about something that cannot be undone: y answers yes; n or Esc
    answers no. `detail` (never markup) says what it is about."""

    BINDINGS = [Binding("y", "yes", "Yes"), Binding("n,escape", "no", "No")]

    def __init__(self, question: str, detail: Text | str, yes: str, no: str) -> None:
        super().__init__()
        self.question, self.detail = question, detail
        self.yes, self.no = yes, no

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield plain(self.question, "bold")
            yield Static(self.detail if isinstance(self.detail, Text) else Text(self.detail), markup=False)
            yield plain("")
            yield plain(f"y: {self.yes.lower()}   n: {self.no.lower()}")
        yield KeyBar()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.is_mounted

    def action_yes(self) -> None:
        self.dismiss(True)

    def action_no(self) -> None:
        self.dismiss(False)


class CurtainScreen(SteadyScreen):
    """Opaque: names the next player, shows public news, waits for them. `public`: the
    next decision is public (the table may watch), still taken over with Enter so the
    previous player's keys never act for the next one. `undo_name`: who may take back
    their last decision here (u), if anyone."""

    NAME_CELLS = 24  # a name longer than this (in terminal cells) is cut with "…"
    BINDINGS = [
        Binding("enter", "lift", "I am the only one looking"),
        Binding("enter", "take", "Take the keyboard"),
        Binding("f3", "app.log", "Log"),
        Binding("u", "undo", "Undo"),
    ]

    def __init__(
        self, feed: AnyFeed, seat: int, news: list[Event], public: bool = False, undo_name: str | None = None
    ) -> None:
        super().__init__()
        self.feed = feed  # the public table's
        self.seat = seat
        self.news = news
        self.public = public
        self.undo_name = undo_name

    def compose(self) -> ComposeResult:
        name = clip(self.feed.name(self.seat), self.NAME_CELLS)
        if self.public:
            key_line = f"{name}: press Enter to take the keyboard (this decision is public)."
        else:
            key_line = f"{name}: press Enter when only you can see the screen."
        with Center(id="curtain"):
            with Vertical(id="curtain-box"):
                yield plain(f"Pass the terminal to {name}", "bold")
                yield plain(f"{self.feed.game.title} · {self.feed.round_label}{data_note(self.feed.game.id)}")
                yield plain("")
                if self.news:
                    yield NewsLines(self.news, id="curtain-news")
                    yield plain("")
                yield plain(key_line, "bold")
                if self.undo_name is not None:
                    undo = clip(self.undo_name, self.NAME_CELLS)
                    yield plain(f"{undo}: press u to take back your last decision.", "dim")
        yield KeyBar()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        allowed = {"lift": not self.public, "take": self.public, "undo": self.undo_name is not None}
        if not allowed.get(action, True):
            return False
        return super().check_action(action, parameters)

    def action_lift(self) -> None:
        our_app(self).lift_curtain(self.seat)

    action_take = action_lift

    def action_undo(self) -> None:
        our_app(self).undo_last()


class LogScreen(SteadyScreen):
    """The whole public log of the game, newest at the bottom (F3)."""

    BINDINGS = [Binding("escape,f3,q", "close", "Close")]

    def __init__(self, events: list[Event], title: str = "") -> None:
        super().__init__()
        self.events = events
        self.title_text = title

    def compose(self) -> ComposeResult:
        title = self.title_text or f"The game log · {count(len(self.events), 'line')}, newest at the bottom"
        yield plain(title, "bold")
        with VerticalScroll(id="whole-log"):
            yield Static(Text("\n").join(event_text(e) for e in self.events), markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        log = self.query_one("#whole-log", VerticalScroll)
        log.focus()
        log.anchor()  # at the newest line, also once the layout settles

    def action_close(self) -> None:
        close(self)


class RoundSummaryScreen(SteadyScreen):
    """The public events of a finished round and the scores."""

    BINDINGS = [Binding("enter", "done", "Continue")]

    def __init__(self, title: str, events: list[Event], scores: Text) -> None:
        super().__init__()
        self.title_text = title
        self.events = events
        self.scores = scores

    def compose(self) -> ComposeResult:
        yield plain(self.title_text, "bold")
        yield Panel(self.scores, title="Scores")
        with VerticalScroll(id="summary") as events:
            events.border_title = "What happened"
            yield Static(Text("\n").join(Text(e.text) for e in self.events), markup=False)
        yield plain("Press Enter to go on.", "dim")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#summary").scroll_end(animate=False)

    def action_done(self) -> None:
        our_app(self).continue_interludes()


class FinalScreen(SteadyScreen):
    """The final score sheet: each part per player, and the winner(s)."""

    BINDINGS = [Binding("enter", "done", "Back to the games"), Binding("escape", "done", "Back", show=False),
                Binding("p", "play_again", "Play again")]
    DONE_HINT = "Press Enter to go back to the games, or p to play again with the same players."
    # The sheet in the middle of a large terminal (at 80 columns it fills the width anyway).
    DEFAULT_CSS = """
    FinalScreen VerticalScroll { align-horizontal: center; }
    FinalScreen #sheet { width: 100; max-width: 100%; height: auto; }
    """

    def __init__(self, feed: AnyFeed) -> None:
        super().__init__()
        self.feed = feed  # the public table's, the game over

    def compose(self) -> ComposeResult:
        game, feed = self.feed.game, self.feed
        lines = sorted(feed.scores, key=lambda line: (-line.total, [-t for t in line.tiebreak]))
        winners = feed.winners
        parts = list(dict.fromkeys(k for line in lines for k in line.parts))
        # Players side by side, one row per part: fits 80 columns for up to six players.
        table = Table(title=f"{game.title} · final scores", expand=False)
        table.add_column("")
        for line in lines:
            name = ("* " if line.seat in winners else "") + clip(line.name, NAME_CELLS)
            table.add_column(Text(name, style="bold"), justify="right", overflow="fold")
        for part in parts:
            table.add_row(Text(part), *[f"{line.parts.get(part, 0):g}" for line in lines])
        table.add_row(Text("Total", style="bold"), *[Text(f"{line.total:g}", style="bold") for line in lines])
        if any(line.tiebreak for line in lines):
            table.add_row(Text(game.tiebreak_label, style="dim"),
                          *[" / ".join(f"{t:g}" for t in line.tiebreak) for line in lines])
        names = " and ".join(clip(feed.name(s), NAME_CELLS) for s in winners)
        verdict = f"{names} wins!" if len(winners) == 1 else f"{names} share the win!"
        with VerticalScroll(), Vertical(id="sheet"):
            yield Static(table, markup=False)
            yield plain(verdict, f"bold {GREEN}")
            for event in feed.log[-3:]:
                yield plain(event.text, "dim")
        yield plain(self.DONE_HINT, "dim")
        yield KeyBar()

    def action_done(self) -> None:
        our_app(self).leave_game()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Play again only in the app's own game (a table's seat has a rematch)."""
        if action == "play_again" and not our_app(self).can_play_again():
            return False
        return super().check_action(action, parameters)

    def action_play_again(self) -> None:
        our_app(self).play_again()


class HelpScreen(ModalScreen[None]):
    """Every key that works on the screen below, plus the general ones."""

    BINDINGS = [Binding("escape,f1,q,enter", "close", "Close")]

    def __init__(self, keys: list[tuple[str, str]]) -> None:
        super().__init__()
        self.keys = keys

    def compose(self) -> ComposeResult:
        lines = Text()
        for key, description in self.keys:
            lines.append(f"{key:>12}  ", style="bold")
            lines.append(f"{description}\n")
        lines.append("\nArrows move in lists, Tab moves between parts, Enter chooses.\n")
        lines.append("Opening help never makes a move. Esc closes.", style="dim")
        with VerticalScroll(id="dialog"):
            yield plain("Keys", "bold")
            yield Static(lines, markup=False)

    def action_close(self) -> None:
        close(self)


# Rich draws Markdown's headings and quotes in magenta and links in blue, which Textual
# makes #f4005f and #9d65ff: below 4.5:1 on the panels, a dark grey with NO_COLOR. The
# rules draw them in the text's own colour, set apart by bold, underline and italics.
RULES_THEME = Theme({
    "markdown.h2": "bold underline", "markdown.h3": "bold", "markdown.h4": "bold italic",
    "markdown.block_quote": "italic", "markdown.link": "underline", "markdown.link_url": "underline",
})


class RulesText:
    """A rules page as rich draws Markdown, with RULES_THEME's headings."""

    def __init__(self, markdown: str) -> None:
        from rich.markdown import Markdown  # drawn by rich: Textual's Markdown widget
        # builds a widget per block and takes a second or more to open a rules page

        self.markdown = Markdown(markdown)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        with console.use_theme(RULES_THEME):
            yield from console.render(self.markdown, options)


class RulesScreen(SteadyScreen):
    """The game's rules reference, in our own words."""

    BINDINGS = [Binding("escape,f2,q", "close", "Close")]

    def __init__(self, markdown: str) -> None:
        super().__init__()
        self.markdown = markdown

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules"):
            yield Static(RulesText(self.markdown), id="rules-text")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#rules").focus()

    def action_close(self) -> None:
        close(self)


class QuitScreen(ModalScreen[None]):
    """Leave the game or exit the app, after confirmation; it tells the truth about the
    save: when the last moves could not be saved, it says so and offers to save the
    game in another folder (s), and exiting anyway ends with status 3."""

    BINDINGS = [
        Binding("y", "leave", "Leave to the menu"),
        Binding("x", "exit", "Exit the app"),
        Binding("s", "elsewhere", "Save elsewhere"),
        Binding("n,escape", "stay", "Stay"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield plain("Leave this game?", "bold")
            yield Static("", id="save-state", markup=False)
            yield Static("", id="quit-keys", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        self.describe()

    def describe(self, error: str = "") -> None:
        app = our_app(self)
        lost = app.unsaved_sentence()
        if lost:
            state = Text(f"{lost}: {app.save_problem}.", style="bold")
            keys = "s: save in another folder   y: leave (they are lost)   x: exit   n: stay"
        elif app.save_problem:
            state = Text(f"Every move is saved, but saving fails now: {app.save_problem}.")
            keys = "y: leave to the menu   x: exit the app   n: stay"
        elif app.save_path is not None and app.save_path.parent != app.saves_dir:
            folder = printable(str(app.save_path.parent))
            state = Text(f"It is saved in {folder} after every move; "
                         f"sherwood-tui --saves {folder} continues it.")
            keys = "y: leave to the menu   x: exit the app   n: stay"
        else:
            state = Text("It is saved after every move; Continue picks it up again.")
            keys = "y: leave to the menu   x: exit the app   n: stay"
        if error:
            state.append(f"\n{error}", style="bold")
        self.query_one("#save-state", Static).update(state)
        self.query_one("#quit-keys", Static).update(Text(keys))
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "elsewhere":
            return self.is_mounted and bool(our_app(self).unsaved())
        return True

    def folder_box(self) -> Input | None:
        boxes = self.query("#elsewhere")
        return boxes.first(Input) if boxes else None

    def action_elsewhere(self) -> None:
        """A box to type the folder in (it takes the keys until Enter or Esc)."""
        if self.folder_box() is None:
            box = Input(placeholder="another folder, e.g. ~/sherwood-saves", id="elsewhere")
            self.query_one("#dialog").mount(box, before=self.query_one("#quit-keys"))
            box.focus()
        self.query_one("#quit-keys", Static).update(Text("Enter: save there   Esc: back"))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        folder = event.value.strip()
        if not folder:
            return
        error = our_app(self).save_elsewhere(Path(folder))
        if error:
            self.describe(error)
            self.query_one("#quit-keys", Static).update(Text("Enter: save there   Esc: back"))
            return
        event.input.remove()
        self.describe()
        self.app.notify(f"Saved in {printable(folder)}; later moves are saved there too.", markup=False)

    def action_leave(self) -> None:
        close(self)
        our_app(self).leave_game()

    def action_exit(self) -> None:
        if our_app(self).unsaved():
            our_app(self).exit_unsaved()
        else:
            self.app.exit()

    def action_stay(self) -> None:
        box = self.folder_box()
        if box is not None:  # Esc in the folder box: back to the dialog's keys
            box.remove()
            self.describe()
            return
        close(self)
