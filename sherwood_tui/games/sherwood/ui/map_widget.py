"""The map of Nottinghamshire: towns (forest ^ / plain =), roads, pawns, a cursor.

The map is drawn on the data's 60x16 character grid. A town is five cells wide:
terrain mark, three-letter short name, owner's seat number (1-4) or blank.
Nottingham is [NOT]. The cursor moves between "eligible" towns: to the nearest town in
a direction (`move`), or through them in list order, top to bottom and left to right
(`cycle` goes round, `step` stops at the ends).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from rich.text import Text
from textual.widget import Widget

from sherwood_tui.games.sherwood.rules.data import data
from sherwood_tui.games.sherwood.ui.text import FOREST_MARK, PLAIN_MARK, seat_style
from sherwood_tui.ui.colours import GREEN, YELLOW

ROAD = "·"


@cache
def _base() -> tuple[tuple[str, ...], frozenset[tuple[int, int]]]:
    """The empty map: roads drawn, town cells reserved."""
    d = data()
    w, h = d.width, d.height
    grid = [[" "] * w for _ in range(h)]
    pos = {t.id: (t.x, t.y) for t in d.towns}
    pos[d.nottingham.id] = (d.nottingham.x, d.nottingham.y)
    occupied = {(x + dx, y) for x, y in pos.values() for dx in range(-1, 4)}
    for a, b in d.roads:
        (x0, y0), (x1, y1) = pos[a], pos[b]
        x0, x1 = x0 + 1, x1 + 1
        steps = max(abs(x1 - x0), abs(y1 - y0), 1)
        for i in range(steps + 1):
            x = round(x0 + (x1 - x0) * i / steps)
            y = round(y0 + (y1 - y0) * i / steps)
            if (x, y) not in occupied and 0 <= x < w and 0 <= y < h:
                grid[y][x] = ROAD
    return tuple("".join(row) for row in grid), frozenset(occupied)


def town_order() -> list[str]:
    """Towns top to bottom, left to right (the Tab order)."""
    return [t.id for t in sorted(data().towns, key=lambda t: (t.y, t.x))]


def render_map(
    owners: tuple[int | None, ...],
    eligible: tuple[str, ...] = (),
    cursor: str | None = None,
) -> Text:
    d = data()
    rows, _ = _base()
    cells = [[(ch, "dim") for ch in row] for row in rows]

    def put(x: int, y: int, s: str, style: str) -> None:
        for i, ch in enumerate(s):
            if 0 <= x + i < len(cells[y]):
                cells[y][x + i] = (ch, style)

    eligible_set = set(eligible)
    n = d.nottingham
    put(n.x - 1, n.y, "[NOT]", "bold reverse")
    for i, t in enumerate(d.towns):
        owner = owners[i]
        mark = FOREST_MARK if t.terrain == "forest" else PLAIN_MARK
        if t.id == cursor:
            name_style = "bold reverse"
        elif t.id in eligible_set:
            name_style = "bold underline"
        else:
            name_style = "" if eligible_set else "bold"
        put(t.x - 1, t.y, mark, GREEN if t.terrain == "forest" else YELLOW)
        put(t.x, t.y, t.short, name_style)
        if owner is not None:
            put(t.x + 3, t.y, str(owner + 1), seat_style(owner) + " reverse")
    out = Text(no_wrap=True)
    for y, row in enumerate(cells):
        if y:
            out.append("\n")
        run, style = "", None
        for ch, st in row:
            if st != style and run:
                out.append(run, style=style)
                run = ""
            run += ch
            style = st
        if run:
            out.append(run, style=style)
    return out


def nearest(current: str, candidates: tuple[str, ...], dx: int, dy: int) -> str:
    """The candidate nearest to `current` in direction (dx, dy), else current."""
    d = data()
    here = d.towns[d.town_index[current]]
    best, best_cost = current, None
    for t_id in candidates:
        if t_id == current:
            continue
        t = d.towns[d.town_index[t_id]]
        ddx, ddy = t.x - here.x, (t.y - here.y) * 3  # a row is about three columns
        along = ddx * dx + ddy * dy
        if along <= 0:
            continue
        across = abs(ddx * dy) + abs(ddy * dx)
        cost = along + 2 * across
        if best_cost is None or cost < best_cost:
            best, best_cost = t_id, cost
    return best


class MapWidget(Widget):
    """The map; `cursor` moves among `eligible` towns (all towns if none are given)."""

    DEFAULT_CSS = """
    MapWidget { width: 62; height: 18; border: round $primary-darken-2; padding: 0 0; }
    """

    def __init__(self, owners: Iterable[int | None], eligible: Iterable[str] = (), cursor: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.place(owners, eligible, cursor)

    def place(self, owners: Iterable[int | None], eligible: Iterable[str] = (), cursor: str | None = None) -> None:
        """The pawns, the towns the cursor may go to, and the cursor (the first of them
        unless `cursor` is one)."""
        self.owners = tuple(owners)
        self.eligible = tuple(eligible)
        order = town_order()
        self.order = [t for t in order if t in set(self.eligible)] if self.eligible else order
        self.cursor = cursor if cursor in self.order else (self.order[0] if self.order else None)

    def show(self, owners: Iterable[int | None], eligible: Iterable[str] = (), cursor: str | None = None) -> None:
        """`place`, drawn (a kept screen's map, for its next decision)."""
        self.place(owners, eligible, cursor)
        self.refresh()

    def render(self) -> Text:
        return render_map(self.owners, self.eligible, self.cursor)

    def move(self, dx: int, dy: int) -> None:
        if self.cursor is None:
            return
        self.cursor = nearest(self.cursor, tuple(self.order), dx, dy)
        self.refresh()

    def cycle(self, step: int) -> None:
        """The next town in list order, round the end (Tab)."""
        if not self.order:
            return
        i = self.order.index(self.cursor) if self.cursor in self.order else -1
        self.cursor = self.order[(i + step) % len(self.order)]
        self.refresh()

    def step(self, step: int) -> None:
        """The previous or next town in list order, stopping at the ends (Up, Down)."""
        if not self.order:
            return
        i = self.order.index(self.cursor) if self.cursor in self.order else 0
        self.cursor = self.order[max(0, min(len(self.order) - 1, i + step))]
        self.refresh()

    def set_cursor(self, town: str) -> None:
        if town in self.order:
            self.cursor = town
            self.refresh()
