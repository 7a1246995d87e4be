"""What every Sherwood (2005) screen shares: small widget helpers, the public peeks at the
map and the prison (from any Sherwood screen), the base of the decision screens and of
those that choose from a list.

Player names are always plain Text.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from sherwood_tui.core.seat import SeatFeed
from sherwood_tui.core.wording import count
from sherwood_tui.games.sherwood.rules.data import data
from sherwood_tui.games.sherwood.rules.scoring import network_of
from sherwood_tui.games.sherwood.rules.views import PublicView, SeatView
from sherwood_tui.games.sherwood.ui.map_widget import MapWidget, render_map
from sherwood_tui.games.sherwood.ui.text import (
    FOREST_MARK,
    PLAIN_MARK,
    PRISON_HELP,
    fit,
    hand_text,
    prison_table,
    scoreboard,
    seat_style,
)
from sherwood_tui.ui.colours import GREEN, YELLOW
from sherwood_tui.ui.game_screen import GameScreen
from sherwood_tui.ui.room import is_roomy
from sherwood_tui.ui.screens import SteadyScreen, close
from sherwood_tui.ui.widgets import PEEK, KeyBar, Panel, renew_choices, update_in_place

ROOM_WIDTH = 64  # the column of the map and the prison on a large terminal (the map: 62)


class RoomPart(Static):
    """A part of the column beside the decision or a bot's turn (120x40 and larger): the
    map, its legend, the prison. Styled here, as a bot's turn shows them too."""

    DEFAULT_CSS = """
    RoomPart#room-map { width: 62; height: 18; border: round $primary-darken-2; }
    RoomPart#room-legend { height: auto; padding: 0 1; text-wrap: wrap; }
    RoomPart#room-prison { height: auto; margin: 1 0 0 0; }
    """


class TableBox(Widget):
    """A Rich table (the prison's cells, a reveal's outcomes) on a decision screen, drawn
    as a Static draws it; `show` puts the table of a later decision (`GameScreen.renew`)."""

    DEFAULT_CSS = "TableBox { height: auto; }"

    def __init__(self, grid: Table, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.grid = grid

    def render(self) -> Table:
        return self.grid

    def show(self, grid: Table) -> None:
        self.grid = grid
        self.refresh(layout=True)


def room_parts(table: PublicView, parts: tuple[str, ...] = ("map", "prison")) -> list[Widget]:
    """The map (with its legend) and the prison, as `parts` names them, for the column a
    large terminal shows (public)."""
    shown: list[Widget] = []
    if "map" in parts:
        mapw = RoomPart(render_map(table.towns), id="room-map", markup=False)
        mapw.border_title = Text("Nottinghamshire")
        shown += [mapw, RoomPart(legend(table), id="room-legend", markup=False)]
    if "prison" in parts:
        shown.append(RoomPart(prison_table(table, ROOM_WIDTH), id="room-prison", markup=False))
    return shown


def plain(text: str, style: str = "", **kwargs: Any) -> Static:
    return Static(Text(text, style=style), markup=False, **kwargs)


def titled(panel: Panel, title: Text) -> Panel:
    """A panel with a plain Text title (a player's name is never markup)."""
    panel.border_title = title
    return panel


def option_id(event: OptionList.OptionSelected) -> str:
    """The id of the option chosen (every option of these screens has one)."""
    assert event.option.id is not None
    return event.option.id


def scoreboard_text(feed: SeatFeed[SeatView, PublicView], round_end: bool = False) -> Text:
    """Public: the popularity track with towns, largest network and prisoners (the same
    now and at a round's end)."""
    return scoreboard(feed.table)


def legend(table: PublicView) -> Text:
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append(f"{FOREST_MARK}", style=GREEN)
    out.append(" forest  ")
    out.append(f"{PLAIN_MARK}", style=YELLOW)
    out.append(" plain  [NOT] Nottingham ")
    for s, seat in enumerate(table.seats):
        out.append(" ")
        out.append(f"{s + 1}", style=seat_style(s) + " reverse")
        out.append(" ")
        out.append(fit(seat.name, 10), style=seat_style(s))
    return out


# ----- peeks: the map and the prison, public, from any Sherwood screen ---------------


class MapView(SteadyScreen):
    """The whole map with every pawn; arrows inspect towns. Changes nothing."""

    BINDINGS = [
        Binding("escape,m,q,enter", "close", "Close the map"),
        Binding("left", "move(-1, 0)", show=False),
        Binding("right", "move(1, 0)", show=False),
        Binding("up", "move(0, -1)", show=False),
        Binding("down", "move(0, 1)", show=False),
        Binding("tab", "cycle(1)", show=False),
    ]

    def __init__(self, table: PublicView) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        yield plain("Sherwood (2005) · the map (arrows show a town; Esc closes)", id="title")
        mapw = MapWidget(self.table.towns, (), "ollerton", id="map")
        mapw.border_title = Text("Nottinghamshire")
        yield mapw
        yield Static(Text(""), id="map-info", markup=False)
        yield Static(legend(self.table), id="map-legend", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        self._info()

    def _info(self) -> None:
        mapw = self.query_one("#map", MapWidget)
        self.query_one("#map-info", Static).update(town_info(self.table, mapw.cursor))

    def action_move(self, dx: int, dy: int) -> None:
        self.query_one("#map", MapWidget).move(dx, dy)
        self._info()

    def action_cycle(self, step: int) -> None:
        self.query_one("#map", MapWidget).cycle(step)
        self._info()

    def action_close(self) -> None:
        close(self)


def town_info(table: PublicView, town: str | None) -> Text:
    d = data()
    out = Text()
    if town is None:
        return out
    i = d.town_index[town]
    t = d.towns[i]
    out.append(f"{t.name} ({t.short})", style="bold")
    out.append(f" · {t.terrain}")
    owner = table.towns[i]
    if owner is None:
        out.append(" · free")
    else:
        net = network_of(table.towns, owner, i)
        out.append(" · held by ")
        out.append(table.seats[owner].name, style=seat_style(owner))
        out.append(f" (network of {count(len(net), 'town')}")
        out.append(", road to Nottingham)" if net & d.by_nottingham else ")")
    roads = sorted(d.towns[n].short for n in d.neighbours[i])
    if i in d.by_nottingham:
        roads.insert(0, "NOT")
    out.append("\nRoads to " + ", ".join(roads), style="dim")
    return out


class PrisonView(SteadyScreen):
    """The cells and their prisoners, and where the Sheriff stands. Changes nothing."""

    BINDINGS = [Binding("escape,p,q,enter", "close", "Close the prison")]

    def __init__(self, table: PublicView) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        yield plain("Sherwood (2005) · the Sheriff's prison (Esc closes)", id="title")
        yield Static(prison_table(self.table, self.app.size.width), markup=False, id="cells")
        yield plain(PRISON_HELP, "dim", id="prison-help")
        yield plain(data().prison_text, "dim", id="prison-cells-help")
        yield KeyBar()

    def action_close(self) -> None:
        close(self)


# ----- the base of the decision screens ----------------------------------------------


PEEK_KEYS = [
    Binding("m", "show_map", "Map", group=PEEK),
    Binding("p", "show_prison", "Prison", show=False),
]


class SherwoodScreen(GameScreen[SeatView, PublicView]):
    """Every Sherwood decision screen: the public scoreboard, and peeks at the map (m)
    and the prison (p). Subclasses list PEEK_KEYS last so their own keys come first."""

    CSS_PATH = Path(__file__).parent / "sherwood.tcss"
    room_parts: ClassVar[tuple[str, ...]] = ("map", "prison")  # beside the decision, at 120x40 and larger
    seat: int  # a decision screen's seat (the feed of a seat to act)
    table: PublicView

    def __init__(self, feed: SeatFeed[SeatView, PublicView]) -> None:
        super().__init__(feed)
        assert feed.seat is not None, "a Sherwood decision screen needs its seat"

    @property
    def mine(self) -> SeatView:
        """The seat's own view (its hand): private screens only."""
        assert self.view is not None, f"{type(self).__name__} is not private"
        return self.view

    def heading(self) -> str:
        return f"{self.game.title} · {self.feed.round_label} · {self.doing()}"

    def doing(self) -> str:
        """What the player is deciding, for the title."""
        return ""

    def on_mount(self) -> None:
        self.query_one("#scoreboard").border_subtitle = "m: map · p: prison"
        self.mounted()

    def mounted(self) -> None:
        """What a subclass does on mount (on_mount here sets the scoreboard's hint)."""

    def compose_room(self) -> Iterable[Widget]:
        """The map and the prison beside the decision (public), on a large terminal:
        what `room_parts` names (a screen that shows one of them itself leaves it out)."""
        return room_parts(self.table, self.room_parts)

    def main_width(self) -> int:
        """The terminal's width less the column beside the decision when it shows (for
        text laid out in code to the decision's width)."""
        width, height = self.app.size
        return width - ROOM_WIDTH if self.room_parts and is_roomy(width, height) else width

    def renew_info(self) -> None:
        """A renewed screen's information above its decision (`#info`), scrolled home, its
        scroll bar's thumb too (Textual leaves a thumb where it was when the content
        scrolled home while the bar was hidden: the bar would show it there again)."""
        for info in self.query("#info"):
            info.scroll_home(animate=False)
            info.vertical_scrollbar.position = 0

    def prison_cells(self) -> TableBox:
        """The prison's cells at the decision's width (the prison screens' `#cells`)."""
        return TableBox(prison_table(self.table, self.main_width()), id="cells")

    def renew_prison_cells(self) -> None:
        self.query_one("#cells", TableBox).show(prison_table(self.table, self.main_width()))

    def action_show_map(self) -> None:
        self.app.push_screen(MapView(self.table))

    def action_show_prison(self) -> None:
        self.app.push_screen(PrisonView(self.table))

    def hand_panel(self) -> Panel:
        return titled(Panel(self.hand_panel_text(), id="hand"), self.hand_panel_title())

    def hand_panel_text(self) -> Text:
        return Text(hand_text(self.mine.hand))

    def hand_panel_title(self) -> Text:
        return Text(f"{self.actor_name}'s loot (secret)")

    def renew_hand_panel(self) -> None:
        """The hand's panel (`hand_panel`) brought up to date for a renewed screen."""
        hand = self.query_one("#hand", Panel)
        hand.border_title = self.hand_panel_title()
        update_in_place(hand, self.hand_panel_text())


# ----- choosing from a list -------------------------------------------------------------


class ChoiceScreen(SherwoodScreen):
    """A list of choices; Enter takes the highlighted one."""

    BINDINGS = [Binding("enter", "choose", "Choose", priority=True), *PEEK_KEYS]

    def mounted(self) -> None:
        self.ready_choices()

    def ready_choices(self) -> None:
        """The first choice that can be taken highlighted, and the list focused."""
        choices = self.query_one("#choices", OptionList)
        for i in range(choices.option_count):
            if not choices.get_option_at_index(i).disabled:
                choices.highlighted = i
                break
        choices.focus()

    def renew_choice_list(self, options: list[Option], title: Text) -> None:
        """A renewed screen's list (`GameScreen.renew`): the new choices, scrolled home,
        the first that can be taken highlighted and the list focused, as on a new screen."""
        choices = self.query_one("#choices", OptionList)
        renew_choices(choices, options, title)
        choices.highlighted = None  # (a new list has none until `ready_choices`)
        self.ready_choices()


    def action_choose(self) -> None:
        self.query_one("#choices", OptionList).action_select()
