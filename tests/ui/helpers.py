"""Helpers for Pilot tests: read the drawn screen as text, start games through the keys."""

from __future__ import annotations


def screen_text(app) -> str:
    """Exactly what the terminal shows now (the top screen, composited)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def open_setup(pilot, game_index: int = 0) -> None:
    """From the picker, open the setup of the n-th game."""
    await pilot.pause()
    for _ in range(game_index):
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()


async def set_players(pilot, count: int, current: int) -> None:
    """Change the number of players on the setup screen with Ctrl+N / Ctrl+R."""
    key = "ctrl+n" if count > current else "ctrl+r"
    for _ in range(abs(count - current)):
        await pilot.press(key)
    await pilot.pause()


def assert_hidden(text: str, secrets: set[str], where: str) -> None:
    for secret in secrets:
        assert secret not in text, f"{where} shows the secret {secret!r}"


def check_screen_privacy(app) -> None:
    """The drawn screen holds no secret of any seat but the one whose private screen it is;
    a curtain (or any other non-private screen) holds no secret at all."""
    session, screen = app.session, app.screen
    if session is None:
        return
    text = screen_text(app)
    viewer = screen.seat if getattr(screen, "private", False) else None
    for seat in range(len(session.players)):
        if seat != viewer:
            secrets = session.game.secret_texts(session.state, seat)
            assert_hidden(text, secrets, f"{type(screen).__name__} (secrets of seat {seat})")


def widget_texts(screen) -> str:
    """Every text the screen's widgets hold, unwrapped and unscrolled (a secret wrapped
    over two lines, cut off by an ellipsis or scrolled out of view is still found)."""
    from rich.text import Text
    from textual.widgets import Input, OptionList, Static

    out = []
    for widget in screen.query("*"):
        if isinstance(widget, Static):
            content = widget.content
            out.append(content.plain if isinstance(content, Text) else str(content))
        elif isinstance(widget, OptionList):
            for option in widget.options:
                prompt = option.prompt
                out.append(prompt.plain if isinstance(prompt, Text) else str(prompt))
        elif isinstance(widget, Input):
            out.append(widget.value)
        for title in (widget.border_title, widget.border_subtitle):
            if title:
                out.append(str(title))
    return "\n".join(out)


def privacy_leaks(app) -> list[str]:
    """Each secret the top screen shows (drawn, or held in a widget) of a seat other than
    its private viewer: one line naming the screen class, the seat and the secret."""
    session, screen = app.session, app.screen
    if session is None:
        return []
    drawn = screen_text(app)
    held = widget_texts(screen)
    viewer = screen.seat if getattr(screen, "private", False) else None
    leaks = []
    for seat in range(len(session.players)):
        if seat == viewer:
            continue
        for secret in sorted(session.game.secret_texts(session.state, seat)):
            where = "drawn" if secret in drawn else "in a widget" if secret in held else None
            if where:
                whose = f"seat {seat} ({session.player_name(seat)})"
                shown = "public screen" if viewer is None else f"private screen of seat {viewer}"
                leaks.append(f"{type(screen).__name__} ({shown}) shows {where} the secret of {whose}: {secret!r}")
    return leaks


async def show_decision(app, pilot, game_id: str, players: list, state) -> None:
    """Start `game_id` in `app` (under `pilot`) and put `state` on the table: the screen of
    its next decision comes up (its curtain lifted)."""
    from sherwood_tui import catalog

    await pilot.pause()
    app.start_game(catalog.get(game_id), players, {}, 3)
    await pilot.pause()
    await show_state(pilot, state)


async def show_state(pilot, state) -> None:
    """Put the app's game in `state` and show its next screen, curtain lifted."""
    from sherwood_tui.ui.screens import CurtainScreen

    app = pilot.app
    app.session.state = state
    app.session.handoff.public_shown()
    app.advance()
    await pilot.pause()
    if isinstance(app.screen, CurtainScreen):
        await pilot.press("enter")
        await pilot.pause()


async def hint_shown(pilot, seconds: float = 60.0) -> str:
    """The hint's line once the search has given it (AssertionError after `seconds`)."""
    import time

    from sherwood_tui.ui.game_screen import HintLine

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        await pilot.pause(0.05)
        lines = list(pilot.app.screen.query(HintLine))
        if lines and str(lines[0].content).startswith("Hint: ") and "Thinking" not in str(lines[0].content):
            return str(lines[0].content)
    raise AssertionError("no hint came")


async def ask_hint(pilot, screen, public: bool = False) -> str:
    """`h` on `screen` (on a public screen: twice, the first asking the others to look away)."""
    from sherwood_tui.ui.game_screen import HintLine

    if public:
        await pilot.press("h")
        await pilot.pause()
        assert "eyes only: the others look away" in str(screen.query_one(HintLine).content)
    await pilot.press("h")
    return await hint_shown(pilot)
