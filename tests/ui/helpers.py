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
