"""Sherwood (2005): choosing a town on the map for a Champion or a camp (public, or after
the curtain when taking an opponent's town may cost Gold).
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Static

from sherwood_tui.core.seat import SeatFeed
from sherwood_tui.core.wording import count
from sherwood_tui.games.sherwood.rules.data import data
from sherwood_tui.games.sherwood.rules.model import ChooseTown
from sherwood_tui.games.sherwood.rules.scoring import placement_points
from sherwood_tui.games.sherwood.rules.tables import mission_name
from sherwood_tui.games.sherwood.rules.views import PublicView, SeatView, free_pass, gold_held, town_cost
from sherwood_tui.games.sherwood.ui.common import PEEK_KEYS, SherwoodScreen, legend, plain
from sherwood_tui.games.sherwood.ui.map_widget import MapWidget
from sherwood_tui.games.sherwood.ui.text import FOREST_MARK, PLAIN_MARK, seat_style
from sherwood_tui.ui.colours import GREEN, YELLOW
from sherwood_tui.ui.widgets import update_in_place


class TownScreen(SherwoodScreen):
    """Champion or Camp: choose a town on the map. Up/Down (and Tab) go through the list
    of the towns you may take, Left/Right to the nearest one on the map; the list says
    what each would score and which cost a Gold card."""

    room_parts = ()  # the screen is the map: nothing beside it

    BINDINGS = [
        Binding("up", "step(-1)", "Previous town in the list", show=False),
        Binding("down", "step(1)", "Next town in the list", show=False),
        Binding("left", "move(-1, 0)", "Nearest town to the left on the map", show=False),
        Binding("right", "move(1, 0)", "Nearest town to the right on the map", show=False),
        Binding("tab", "cycle(1)", "Next town (round the list)", show=False),
        Binding("shift+tab", "cycle(-1)", show=False),
        Binding("enter", "choose", "Take this town"),
        Binding("x", "decline", "No further town"),
        *PEEK_KEYS,
    ]

    RENEWABLE = True  # a Champion or a camp again, a later turn

    def __init__(self, feed: SeatFeed[SeatView, PublicView]) -> None:
        super().__init__(feed)
        self.read_reward()

    def read_reward(self) -> None:
        """The reward being resolved and the towns it may take, from the feed."""
        reward = self.table.reward
        assert reward is not None, "no reward is being resolved"
        self.reward = reward
        self.choices: tuple[str, ...] = tuple(a.town for a in self.legal if a.town is not None)
        self.can_decline = any(a.town is None for a in self.legal)
        self.free_pass = free_pass(self.table, self.seat)

    def doing(self) -> str:
        what = "Champion" if self.reward.reward == "champion" else "Camp"
        return f"{self.actor_name}: {what}, choose a town"

    def points(self, town: str) -> tuple[int, str]:
        d = data()
        i = d.town_index[town]
        if self.reward.reward != "champion":
            return 1, "1 for the camp"
        total, linked, notts = placement_points(self.table.towns, self.seat, i)
        parts = ["1 for the town"]
        if linked:
            parts.append(f"{linked} connected")
        if notts:
            parts.append("1 road to Nottingham")
        return total, ", ".join(parts)

    def gold_cost(self, town: str) -> int:
        """What taking this town costs in Gold: 1 to drive out an opponent (Champion),
        unless Will Stutely leads the way."""
        return town_cost(self.table, town)

    def best(self) -> str | None:
        if not self.choices:
            return None
        return max(self.choices, key=lambda t: (self.points(t)[0], self.table.towns[data().town_index[t]] is None))

    def compose_main(self) -> ComposeResult:
        mapw = MapWidget(self.table.towns, self.choices, self.best(), id="map")
        mapw.border_title = self.map_title()
        mapw.border_subtitle = Text("↑↓/Tab: list · ←→: map · Enter takes")
        with Horizontal(id="map-row"):
            yield mapw
            yield Static(Text(""), id="town-list", markup=False)
        yield Static(Text(""), id="map-info", markup=False)
        yield Static(legend(self.table), id="map-legend", markup=False)
        yield plain(self.how(), "dim", id="map-help")

    def renew_main(self) -> None:
        self.read_reward()
        mapw = self.query_one("#map", MapWidget)
        mapw.show(self.table.towns, self.choices, self.best())
        mapw.border_title = self.map_title()
        update_in_place(self.query_one("#map-legend", Static), legend(self.table))
        update_in_place(self.query_one("#map-help", Static), Text(self.how(), style="dim"))
        self._info()

    def map_title(self) -> Text:
        mission = mission_name(self.reward.mission)
        return Text(f"{mission}: {'Champion' if self.reward.reward == 'champion' else 'Camp'}")

    def how(self) -> str:
        """How the reward scores (under the map)."""
        if self.reward.reward == "champion":
            return "Champion: 1 for the town, +1 per joined town of yours, +1 for a road to [NOT]."
        if any(data().towns[data().town_index[t]].terrain == "plain" for t in self.choices):
            return "Camp: 1 popularity a town: two free forest towns, or one free plain town."
        return "Camp: a pawn on a free forest town, 1 popularity."

    def mounted(self) -> None:
        self._info()

    def on_resize(self, event: events.Resize) -> None:  # (and the base screen's own)
        self._info()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        allowed = super().check_action(action, parameters)  # False until the screen is built
        if allowed and action == "decline":
            return self.can_decline
        return allowed

    def town_list(self, cur: str | None, width: int, height: int) -> Text:
        """The towns that may be taken, in list order (top to bottom of the map), with
        their points and Gold cost; a window round the cursor when they do not fit."""
        d = data()
        mapw = self.query_one("#map", MapWidget)
        wide = width >= 34
        rows: list[Text] = []
        starts: list[bool] = []  # whether each row begins a town (a cost goes below it)
        cursor_row = 0
        for t in mapw.order:
            i = d.town_index[t]
            town = d.towns[i]
            here = t == cur
            if here:
                cursor_row = len(rows)
            pts, _ = self.points(t)
            line = Text(no_wrap=True, overflow="ellipsis")
            line.append("▶" if here else " ", style="bold")
            line.append(FOREST_MARK if town.terrain == "forest" else PLAIN_MARK,
                        style=GREEN if town.terrain == "forest" else YELLOW)
            line.append(f"{town.name:<12}", style="bold reverse" if here else "bold")
            line.append(f" +{pts}")
            cost = self.gold_cost(t)
            owner = self.table.towns[i]
            note = ""
            if cost:
                note = "costs 1 Gold"
            elif owner is not None and owner != self.seat:
                note = "no Gold: Will Stutely"
            if note and wide and owner is not None:
                line.append(f"  {note}, ", style="bold")
                line.append(self.table.seats[owner].name, style=seat_style(owner))
                line.append(" loses 1")
            rows.append(line)
            starts.append(True)
            if note and not wide:
                rows.append(Text(f"    {note}", style="bold", no_wrap=True, overflow="ellipsis"))
                starts.append(False)
        head = Text("Towns you may take" if wide else "You may take", style="bold",
                    no_wrap=True, overflow="ellipsis")
        tail: list[Text] = []
        if self.reward.taken:
            taken = ", ".join(d.towns[d.town_index[t]].name for t in self.reward.taken)
            tail.append(Text(f"Taken: {taken}", no_wrap=True, overflow="ellipsis"))
            more = count(self.reward.picks_left, "more town")
            tail.append(Text(f"{more}, or x: stop", style="dim", no_wrap=True, overflow="ellipsis"))
        room = max(3, height - 1 - len(tail))
        if len(rows) > room:
            start = min(max(0, cursor_row - room // 2), len(rows) - room)
            end = start + room
            if start:
                start += 1  # the first row shown says what is above
            if end < len(rows):
                end -= 1  # the last row shown says what is below
            above, below = sum(starts[:start]), sum(starts[end:])
            rows = rows[start:end]
            if above:
                rows.insert(0, Text(f"  ↑ {count(above, 'more town')}", style="dim"))
            if below:
                rows.append(Text(f"  ↓ {count(below, 'more town')}", style="dim"))
        return Text("\n").join([head, *rows, *tail])

    def _info(self) -> None:
        d = data()
        mapw = self.query_one("#map", MapWidget)
        cur = mapw.cursor
        town_list = self.query_one("#town-list", Static)
        size = town_list.content_size
        width = size.width or max(10, self.app.size.width - 62)
        town_list.update(self.town_list(cur, width, size.height or 18))
        info = Text()
        if cur is None:
            info.append("No town can be taken.")
        else:
            i = d.town_index[cur]
            t = d.towns[i]
            pts, why = self.points(cur)
            info.append(f"{t.name}", style="bold")
            info.append(f" ({t.terrain}) · +{pts} popularity: {why}")
            owner = self.table.towns[i]
            if owner is not None and owner != self.seat:
                info.append(" · drives out ")
                info.append(self.table.seats[owner].name, style=seat_style(owner))
                if self.free_pass:
                    info.append(" (Will Stutely: no Gold)")
                else:
                    info.append(" (costs 1 Gold")
                    if self.private:
                        info.append(f", you hold {count(gold_held(self.mine), 'Gold', 'Gold')}")
                    info.append(")")
                info.append(", who loses 1")
        self.query_one("#map-info", Static).update(info)

    def action_move(self, dx: int, dy: int) -> None:
        self.query_one("#map", MapWidget).move(dx, dy)
        self._info()

    def action_step(self, step: int) -> None:
        self.query_one("#map", MapWidget).step(step)
        self._info()

    def action_cycle(self, step: int) -> None:
        self.query_one("#map", MapWidget).cycle(step)
        self._info()

    def action_choose(self) -> None:
        cur = self.query_one("#map", MapWidget).cursor
        if cur is None:
            self.notify("No town can be taken here.", markup=False)
            return
        self.submit(ChooseTown(seat=self.seat, town=cur))

    def action_decline(self) -> None:
        if self.can_decline:
            self.submit(ChooseTown(seat=self.seat, town=None))


class PrivateTownScreen(TownScreen):
    """The same map, after the curtain: taking an opponent's town may cost Gold."""

    private = True
