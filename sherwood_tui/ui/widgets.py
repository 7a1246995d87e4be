"""Small widgets shared by every game screen, kept cheap to mount and draw."""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import TYPE_CHECKING, Any, cast

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual.binding import Binding
from textual.content import Content
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Checkbox, OptionList, Static

from sherwood_tui.core.assets import own_file_name
from sherwood_tui.core.plugin import find
from sherwood_tui.ui.compat import screen_bindings

if TYPE_CHECKING:
    from textual.dom import DOMNode

    from sherwood_tui.core.contract import Event
    from sherwood_tui.ui.app_protocol import GameApp

def our_app(node: DOMNode) -> GameApp:
    """The app a widget or screen belongs to, as what the screens ask of it (for the type
    checker: Textual types it as a plain App)."""
    return cast("GameApp", node.app)


def clip(text: str, cells: int) -> str:
    """`text` cut to at most `cells` terminal cells (a wide character counts two), ending
    with "…" when cut."""
    if cell_len(text) <= cells:
        return text
    if cells < 1:
        return ""
    cut = Text(text)
    cut.truncate(cells - 1)  # may end with a space where half a wide character was
    return cut.plain.rstrip() + "…"


TITLE_CELLS = 42  # a box title's room on a decision at 80x24 (a box of 48 cells, less "┏━ " and " ━┓")


def name_title(template: str, *names: str, cells: int = TITLE_CELLS) -> Text:
    """A box title naming players: `template` with a `{}` per name, each name cut alike
    so the whole title fits `cells`, and shown as typed (a title given as a str is read
    as markup)."""
    fixed = cell_len(template.format(*[""] * len(names)))
    room = max(6, (cells - fixed) // max(1, len(names)))
    return Text(template.format(*(clip(name, room) for name in names)))


def fit(text: str, cells: int) -> str:
    """`text` in exactly `cells` terminal cells: cut with "…" (see `clip`), or padded
    with spaces (a wide character counts two), for names in columns."""
    text = clip(text, cells)
    return text + " " * (cells - cell_len(text))


FILE_CELLS = 30  # a player's own data file name is cut to this many cells


def data_note(game_id: str) -> str:
    """" · own data: FILE" while the game plays on a player's own data file (`--assets`),
    else "": every game screen, the curtain, the picker and setup say so."""
    own = own_file_name(find(game_id).asset)
    return "" if own is None else f" · own data: {clip(own, FILE_CELLS)}"


def plain(text: str, style: str = "", **kwargs: Any) -> Static:
    """A Static that shows text exactly as typed (no markup)."""
    return Static(Text(text, style=style), markup=False, **kwargs)


def event_text(event: Event) -> Text:
    """An event of the log as drawn (never markup: names may hold "[")."""
    return Text(event.text, style="bold" if event.kind == "round_end" else "")


def wrapped_newest_first(events: list[Event], console: Console, width: int) -> Iterator[list[Text]]:
    """Each event's lines wrapped at `width`, newest event first."""
    for event in reversed(events):
        yield list(event_text(event).wrap(console, width))


class GameLog(Widget):
    """The public game log, newest at the bottom: players by name, never "you"."""

    DEFAULT_CSS = "GameLog { height: 1fr; border: round $primary-darken-2; padding: 0 1; }"

    def __init__(self, events: list[Event], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.border_title = "Log"
        self.events = events

    def render(self) -> Text:
        width, height = max(self.content_size.width, 10), max(self.content_size.height, 1)
        lines: list[Text] = []
        for block in wrapped_newest_first(self.events, self.app.console, width):
            lines[:0] = block
            if len(lines) >= height:
                break
        return Text("\n").join(lines[-height:])


class NewsLines(Widget):
    """Public news, newest at the bottom, in the rows its screen leaves free (measured at
    layout time, so a resize re-measures). News that does not fit is summed up in one dim
    line above the newest: "N earlier lines: F3 for the log" (N counts events)."""

    DEFAULT_CSS = "NewsLines { height: auto; }"

    def __init__(self, events: list[Event], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.events = events

    def room(self, viewport: Size, width: int) -> int:
        """The terminal's rows less the screen's docked bars, the border, padding and margin
        of this widget and its containers, and the rows its siblings take at this width."""
        docked = [bar.styles.height for bar in self.screen.children if bar.styles.is_docked]
        used = sum(height.cells or 0 for height in docked if height is not None)
        for node in self.ancestors_with_self:
            if node is self.screen:
                break
            used += node.styles.gutter.height + node.styles.margin.height
        outer = width + self.styles.gutter.width
        for sibling in self.parent.children if self.parent is not None else ():
            if sibling is not self and sibling.display:
                inner = outer - sibling.styles.gutter.width
                used += sibling.get_content_height(Size(inner, 0), viewport, inner)
                used += sibling.styles.gutter.height + sibling.styles.margin.height
        return max(0, viewport.height - used)

    def pick(self, width: int, height: int) -> list[Text]:
        """The lines to draw in `height` rows: every event if all fit, else the summary
        line and the newest whole events (or the end of the newest, if it alone is too long)."""
        blocks: list[list[Text]] = []
        total = 0
        for block in wrapped_newest_first(self.events, self.app.console, width):
            blocks.append(block)
            total += len(block)
            if total > height:
                break
        else:
            return [line for block in reversed(blocks) for line in block]
        if height < 1:
            return []
        room = height - 1  # below the summary line
        lines: list[Text] = []
        shown = 0
        for block in blocks:
            if len(lines) + len(block) > room:
                break
            lines[:0] = block
            shown += 1
        if not lines and room > 0:  # the newest event alone is too long: its end
            lines, shown = blocks[0][-room:], 1
        left = len(self.events) - shown
        summary = Text(f"{left} earlier line{'' if left == 1 else 's'}: F3 for the log", style="dim")
        summary.truncate(width, overflow="ellipsis")
        return [summary, *lines]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.pick(width, self.room(viewport, width)))

    def render(self) -> Text:
        width, height = self.content_size
        return Text("\n").join(self.pick(max(width, 1), height))


class KeyBar(Static):
    """A one-line footer of the keys that work now (cheaper than Textual's Footer)."""

    # Textual's footer blue-grey ($footer-background) is a mid grey in 16 colours, under white
    # text (4:1); this one is a shade darker, black in 16 colours (app.tcss: "Colours").
    DEFAULT_CSS = "KeyBar { dock: bottom; height: 1; background: #1f2a33; color: $footer-foreground; }"

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, lambda _: self.show_keys())
        # Its height is known before its keys (they wait for the screen): set before the
        # screen's first layout, the keys' arrival then redraws this line alone, not the
        # whole screen laid out again a line shorter.
        self.styles.height = len(self.notes(self.app.size.width)) + 1
        self.show_keys()

    def notes(self, width: int) -> list[Text]:
        """The lines over the keys: a failed save's, and a seat's whom the table waits for."""
        lines = []
        note = getattr(self.app, "table_note", "")
        if note:  # a seat at a table: whom the game waits for, on every screen
            lines.append(Text(clip(note, width), style="bold"))
        problem = getattr(self.app, "save_problem", "")
        if problem:  # a failed save stays in sight on every screen until a save succeeds
            what = our_app(self).unsaved_sentence() or "Saving fails"
            lines.append(Text(clip(f"! {what} (Ctrl+Q: options): {problem}", width), style="bold reverse"))
        return lines

    def show_keys(self) -> None:
        screen = self.app.screen
        if screen is not self.screen or not screen.is_mounted:
            # The app's bindings are those of its top screen: while another screen is
            # being shown (and is not built yet), this bar waits for its own screen.
            return
        own: list[tuple[str, str]] = []  # the screen's keys, then the app-wide ones
        app_wide: list[tuple[str, str]] = []
        seen: set[str] = set()
        for active in self.app.active_bindings.values():
            binding = active.binding
            if not binding.show or not binding.description or not active.enabled:
                continue
            if binding.description in seen:
                continue
            seen.add(binding.description)
            entry = (self.app.get_key_display(binding), binding.description)
            (app_wide if active.node is self.app else own).append(entry)
        # A focused list may own a key that the screen describes (Enter in the hand picks
        # the card that the screen's "Bid card" names): show the screen's words first;
        # unless the widget names the key itself (an open menu's Escape closes the menu:
        # not "Back" as well).
        active_bindings = self.app.active_bindings
        shadowed = [
            (self.app.get_key_display(binding), binding.description)
            for key, bindings in screen_bindings(screen).items()
            for binding in bindings
            if binding.show and binding.description and binding.description not in seen
            and key in active_bindings and not _described(active_bindings[key].binding)
            and screen.check_action(binding.action, ()) is not False
        ]
        own[:0] = shadowed
        peeks = {(self.app.get_key_display(binding), binding.description)  # the first to go when
                 for bindings in screen_bindings(screen).values()  # the keys do not all fit
                 for binding in bindings if binding.group is PEEK}
        width = self.app.size.width
        lines = [*self.notes(width), key_bar(own, app_wide, width, peeks)]
        shown = Text("\n").join(lines)
        drawn = (shown.plain, tuple(shown.spans))
        if drawn == self.drawn:  # unchanged (a seat's feed, a key): no layout, no render
            return
        self.drawn = drawn
        grows = self.styles.height is None or self.styles.height.value != len(lines)
        self.styles.height = len(lines)
        self.update(shown, layout=grows)  # (its height is its own: new words alone lay out nothing)

    drawn: tuple[str, tuple[Any, ...]] | None = None  # the text shown, as plain text and styles


def _described(binding: Binding) -> bool:
    return bool(binding.show and binding.description)


PEEK = Binding.Group("Peek")
"""The group of a key that only looks (Sheriff's table, Sherwood's map): in the key bar,
it is the first of the screen's keys to give way when they do not all fit."""


def key_bar(own: list[tuple[str, str]], app_wide: list[tuple[str, str]], width: int,
            peeks: Collection[tuple[str, str]] = ()) -> Text:
    """The screen's keys on the left and the app-wide keys on the right. When they do not
    fit, the app-wide keys shrink to Help alone (Help lists every key), then the screen's
    `peeks` give way (Help lists them too), then the screen's keys are cut with an
    ellipsis: Help always stays in sight."""

    def keys(entries: list[tuple[str, str]]) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        for key, description in entries:
            text.append(f" {key} ", style="bold reverse")
            text.append(f" {description} ")
        return text

    left, right = keys(own), keys(app_wide)
    if left.cell_len + right.cell_len > width:
        right = keys([e for e in app_wide if e[1] == "Help"] or app_wide[-1:])
    room = max(0, width - right.cell_len)
    if left.cell_len > room and peeks:
        left = keys([e for e in own if e not in peeks])
    if left.cell_len > room:
        left.truncate(room, overflow="ellipsis")
    left.append(" " * (room - left.cell_len))
    return left + right


class Panel(Static):
    """A bordered block of plain text, its title too (never parsed as markup)."""

    DEFAULT_CSS = "Panel { border: round $primary-darken-2; height: auto; padding: 0 1; }"

    def __init__(self, content: Text | str, title: Text | str = "", **kwargs: Any) -> None:
        super().__init__(content if isinstance(content, Text) else Text(content), markup=False, **kwargs)
        self.border_title = Text(title) if isinstance(title, str) else title  # a name in it as typed


class TickBox(Checkbox):
    """A checkbox whose mark reads without colour: "[x]" when on, "[ ]" when off (Textual's
    own draws the same mark both ways, told apart by colour only). One row, no border; the
    focused box is drawn in reverse video (app.tcss), which survives NO_COLOR."""

    DEFAULT_CSS = """
    TickBox, TickBox:focus, TickBox.-textual-compact:focus {
        border: none; padding: 0 1 0 0; height: 1; background: transparent;
    }
    TickBox > .toggle--button, TickBox.-on > .toggle--button {
        color: $foreground; background: transparent; text-style: bold;
    }
    TickBox > .toggle--label, TickBox:focus > .toggle--label { color: $foreground; background: transparent; }
    """

    @property
    def _button(self) -> Content:
        return Content.styled("[x]" if self.value else "[ ]", self.get_visual_style("toggle--button"))


class StopList(OptionList):
    """An option list whose cursor stops at either end instead of wrapping around (Up on
    the first game must not land on Quit). Disabled lines (headings) are skipped; Up at
    the top scrolls back to show a heading above the first choice."""

    def _step(self, direction: int) -> None:
        if self.highlighted is None:
            self.action_first() if direction > 0 else self.action_last()
            return
        index = self.highlighted + direction
        while 0 <= index < self.option_count:
            if not self.get_option_at_index(index).disabled:
                self.highlighted = index
                return
            index += direction
        if direction < 0:
            self.scroll_home(animate=False)

    def action_cursor_up(self) -> None:
        self._step(-1)

    def action_cursor_down(self) -> None:
        self._step(1)


def update_in_place(widget: Static, text: Text) -> None:
    """Show `text` in `widget`, and lay the screen out again only if the widget's height
    changes: a layout arranges every widget of the screen, and most feeds change a part's
    words, not how many rows they take."""
    width, height = widget.content_size.width, widget.styles.height
    if not widget.is_mounted or width <= 0 or height is None or not height.is_auto:
        widget.update(text)
        return
    size = widget.content_size
    viewport = widget.app.size
    rows = widget.get_content_height(size, viewport, width)
    widget.update(text, layout=False)
    if widget.get_content_height(size, viewport, width) != rows:
        widget.refresh(layout=True)


def renew_choices(choices: OptionList, options: list[Any], title: Text | str) -> None:
    """A kept decision screen's list, for its next decision (`GameScreen.renew`): the new
    options, the first highlighted, and its title."""
    choices.clear_options()
    choices.add_options(options)
    choices.highlighted = 0 if options else None
    choices.border_title = title
    choices.scroll_home(animate=False)
