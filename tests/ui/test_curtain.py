"""The curtain's layout: any name and any amount of news fit above the key bar; news that
does not fit is summed up and F3 shows the whole log. Curtains are shown directly here
(the app decides elsewhere when they appear)."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len

from sherwood_tui import catalog
from sherwood_tui.core.contract import NAME_LIMIT, Event, Player
from sherwood_tui.ui.app import SherwoodApp
from sherwood_tui.ui.screens import CurtainScreen, LogScreen
from sherwood_tui.ui.widgets import clip
from tests.ui.helpers import screen_text

LONG = "R" * NAME_LIMIT  # the longest names there may be (24 characters)
CJK = "罗宾汉" * (NAME_LIMIT // 3)  # 48 cells wide
CUT = CurtainScreen.NAME_CELLS
SUMMARY = re.compile(r"(\d+) earlier lines?: F3 for the log")


def news(count: int, long_every: int = 0) -> list[Event]:
    """`count` numbered news events; every `long_every`-th one wraps over several lines."""
    more = " and the Sheriff takes a long look at every bag on the table" * 3
    return [Event(f"News {i}: Marian declares 3 apples" + (more if long_every and i % long_every == 0 else ""))
            for i in range(count)]


async def show(pilot, name: str, events: list[Event], **kwargs) -> CurtainScreen:
    """Start a 4-player Sheriff game whose first player is `name`, add `events` to its
    log, and show the curtain of seat 0 with them as news."""
    app = pilot.app
    await pilot.pause()
    players = [Player(name=n) for n in (name, "Marian", "Much", "Will")]
    app.start_game(catalog.get("sheriff"), players, {}, 1)
    await pilot.pause()
    app.session.log.extend(events)
    curtain = CurtainScreen(app.session.feed(None), 0, events, **kwargs)
    app.switch_screen(curtain)
    await pilot.pause()
    assert app.screen is curtain
    return curtain


async def resize(pilot, width: int, height: int) -> None:
    """Resize the terminal and wait until the screen is drawn again at the new size."""
    await pilot.resize_terminal(width, height)
    for _ in range(100):
        await pilot.pause(0.01)
        if len(screen_text(pilot.app).split("\n")) == height:
            return
    raise AssertionError(f"the screen was not drawn again at {width}x{height}")


def check_box(app, size: tuple[int, int]) -> list[str]:
    """The drawn curtain: every row exactly the terminal's width, the box's whole border
    drawn above the key bar, its right edge straight (wide names included)."""
    width, height = size
    rows = screen_text(app).split("\n")
    assert len(rows) == height
    assert all(cell_len(row) == width for row in rows)
    top = next(i for i, row in enumerate(rows) if "┏" in row)
    bottom = next(i for i, row in enumerate(rows) if "┗" in row)
    assert bottom < height - 1, "the box's bottom border is under the key bar"
    assert "Log" in rows[-1], "the key bar names F3"
    edges = {cell_len(row[: row.rindex("┃")]) for row in rows[top + 1 : bottom]}
    assert edges == {cell_len(rows[top][: rows[top].rindex("┓")])}, "the box's right edge is broken"
    return rows[top : bottom + 1]


def inside(box: list[str]) -> str:
    """The box's text, rows joined with a space (as they were before wrapping)."""
    return " ".join(row[row.index("┃") + 1 : row.rindex("┃")].strip() for row in box[1:-1])


def shown_news(rows: list[str]) -> list[int]:
    return [int(m.group(1)) for row in rows for m in [re.search(r"News (\d+):", row)] if m]


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
@pytest.mark.parametrize("count", [0, 3, 14, 40])
@pytest.mark.parametrize("name", [LONG, CJK])
async def test_any_name_and_any_news_fit_above_the_key_bar(size, count, name):
    app = SherwoodApp(bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await show(pilot, name, news(count, long_every=5), undo_name=CJK)
        rows = check_box(app, size)
        box = inside(rows)
        assert f"Pass the terminal to {clip(name, CUT)} " in box
        assert f"{clip(name, CUT)}: press Enter when only you can see the screen." in box
        assert f"{clip(CJK, CUT)}: press u to take back your last decision." in box
        numbers = shown_news(rows)
        summary = SUMMARY.search(box)
        left = int(summary.group(1)) if summary else 0
        assert numbers == list(range(left, count)), "the newest news, in order, after the summary"
        if count <= 3:
            assert summary is None
        if count == 40:
            assert summary is not None and left > 0


@pytest.mark.parametrize("public,undo", [(False, None), (True, None), (True, "Marian")])
async def test_key_lines_and_keys_say_what_enter_and_u_do(public, undo):
    app = SherwoodApp(bot_delay=0)
    async with app.run_test() as pilot:
        curtain = await show(pilot, "Robin", news(3), public=public, undo_name=undo)
        text = inside(check_box(app, (80, 24)))
        keys = screen_text(app).split("\n")[-1]
        if public:
            assert "Robin: press Enter to take the keyboard (this decision is public)." in text
            assert "Take the keyboard" in keys and "only one looking" not in keys
        else:
            assert "Robin: press Enter when only you can see the screen." in text
            assert "I am the only one looking" in keys and "Take the keyboard" not in keys
        assert ("press u to take back" in text) == (undo is not None)
        assert ("Undo" in keys) == (undo is not None)
        assert curtain.check_action("undo", ()) == (undo is not None)
        calls: list = []
        app.undo_last = lambda: calls.append("undo")
        app.lift_curtain = lambda seat: calls.append(seat)
        await pilot.press("u", "enter")
        assert calls == ["undo", 0]  # without an offer, u still answers (it says why not)


async def test_news_is_measured_again_when_the_terminal_is_resized():
    app = SherwoodApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await show(pilot, LONG, news(40, long_every=4), public=True, undo_name=CJK)
        small = shown_news(check_box(app, (80, 24)))
        await resize(pilot, 120, 36)
        large = shown_news(check_box(app, (120, 36)))
        assert len(large) > len(small) and large[-1] == small[-1] == 39
        await resize(pilot, 80, 24)
        assert shown_news(check_box(app, (80, 24))) == small


async def test_f3_opens_the_whole_log_and_escape_f3_q_close_it():
    app = SherwoodApp(bot_delay=0)
    async with app.run_test() as pilot:
        events = [*news(40), Event("[red]Will[/red] pays 2 gold")]
        curtain = await show(pilot, "Robin", events)
        assert SUMMARY.search(screen_text(app))
        for close in ("escape", "f3", "q"):
            await pilot.press("f3")
            await pilot.pause()
            assert isinstance(app.screen, LogScreen)
            text = screen_text(app)
            assert "[red]Will[/red] pays 2 gold" in text, "scrolled to the newest, shown as typed"
            assert "News 0:" not in text
            await pilot.press("home")
            await pilot.pause()
            assert "News 0: Marian declares 3 apples" in screen_text(app)
            await pilot.press(close)
            await pilot.pause()
            assert app.screen is curtain


def test_clip_counts_terminal_cells():
    assert clip("Robin", 24) == "Robin"
    assert clip("R" * 200, 24) == "R" * 23 + "…"
    cut = clip(CJK, 24)
    assert cut.endswith("…") and not cut.endswith(" …") and cell_len(cut) <= 24
    assert clip("罗宾汉", 6) == "罗宾汉" and clip("罗宾汉", 5) == "罗宾…"
    assert clip("Robin", 0) == ""
