"""Every piece of Textual's private API that sherwood_tui/ui/compat.py uses still exists in
the installed Textual: an upgrade that moves one fails here, naming it."""

from __future__ import annotations

import inspect

import pytest
from textual import _styles_cache, _xterm_parser
from textual.app import App
from textual.driver import Driver
from textual.drivers.linux_driver import LinuxDriver
from textual.screen import Screen
from textual.widget import Widget

from sherwood_tui.ui import compat


@pytest.mark.parametrize("cls, name", [
    (LinuxDriver, "_run_input_thread"),
    (App, "_handle_exception"),
    (App, "_print_error_renderables"),
    (App, "_close_messages_no_wait"),
    (_styles_cache.StylesCache, "get_inner_outer"),
    (App, "_check_bindings"),  # KeysInOrder: a screen's priority bindings, looked up in order
    (App, "_on_key"),
    (Widget, "_forward_event"),
])
def test_textual_still_has_the_private_method(cls, name):
    assert callable(getattr(cls, name, None)), f"Textual's {cls.__name__}.{name} has gone (ui/compat.py uses it)"


def test_the_xterm_parser_is_made_as_textual_makes_it():
    assert "debug" in inspect.signature(_xterm_parser.XTermParser).parameters


@pytest.mark.parametrize("cls, attributes", [
    (Driver, ("self._app", "self._debug", "self._loop")),
    (LinuxDriver, ("self._file", "self._writer_thread")),
])
def test_the_drivers_private_attributes_are_still_set(cls, attributes):
    source = inspect.getsource(cls.__init__)
    for attribute in attributes:
        assert f"{attribute} =" in source or f"{attribute}:" in source, f"{cls.__name__} no longer sets {attribute}"


async def test_an_app_and_a_screen_still_have_the_private_attributes():
    app = App()
    for name in ("_return_code", "_exception", "_exception_event", "_exit_renderables"):
        assert hasattr(app, name), f"Textual's App has no {name} (ui/compat.py uses it)"
    async with app.run_test():
        screen = Screen()
        await app.push_screen(screen)
        assert isinstance(compat.screen_bindings(screen), dict)


def test_the_styles_cache_can_be_released():
    compat.release_styles_cache()


@pytest.mark.parametrize("delay", [-0.01, -5.0, 0.0])
async def test_a_timer_armed_with_no_time_left_fires_once_instead_of_spinning(delay):
    """Textual spins at 100% CPU on a negative delay and divides by zero on 0: every
    timer is armed through the guard (ui/compat.py), so it fires once, at once."""
    import asyncio

    fired: list[float] = []
    app = App()
    async with app.run_test() as pilot:
        app.set_timer(delay, lambda: fired.append(delay))
        for _ in range(200):  # (a spinning timer would never let this loop run)
            await asyncio.sleep(0.01)
            if fired:
                break
        await pilot.pause()
    assert fired == [delay]


async def test_a_toast_whose_time_ran_out_before_it_was_shown_goes_away():
    """A notification whose time is already up when its toast mounts (as under load)
    arms a timer with a negative delay: the app still answers and the toast goes."""
    import asyncio

    from textual.notifications import Notification

    app = App()
    async with app.run_test(notifications=True) as pilot:
        stale = Notification("stale", timeout=0.01)
        await asyncio.sleep(0.05)  # its time runs out before it is shown
        app._notifications.add(stale)
        app._refresh_notifications()
        for _ in range(200):
            await asyncio.sleep(0.01)
            if not list(app._notifications):
                break
        await pilot.pause()
        assert not list(app._notifications)


def test_the_timer_guard_keeps_a_delay_small_and_positive():
    from textual.timer import Timer

    assert Timer(App(), -1.0)._interval == compat.SHORTEST_TIMER
    assert Timer(App(), 0.0)._interval == compat.SHORTEST_TIMER
    assert Timer(App(), 2.5)._interval == 2.5


def test_textual_still_reads_the_names_a_seat_hall_replaces():
    """A seat hall (table/seat_hall.py `prepare_hall`) replaces a few of Textual's module
    names so that each seat of one process has its own terminal, environment and colours:
    if Textual stops reading one of them there, the hall's replacement does nothing."""
    import textual.app
    import textual.constants
    from textual.drivers import linux_driver

    app_source = inspect.getsource(textual.app)
    assert "with redirect_stdout(" in app_source and "with redirect_stderr(" in app_source, \
        "textual.app no longer redirects print() by redirect_stdout/redirect_stderr"
    assert "constants.DRIVER" in app_source and "constants.COLOR_SYSTEM" in app_source, \
        "textual.app no longer reads its driver and colours from textual.constants"
    assert hasattr(textual.constants, "DRIVER") and hasattr(textual.constants, "COLOR_SYSTEM")
    assert "signal.signal(" in inspect.getsource(linux_driver), \
        "Textual's Linux driver no longer installs its signal handlers through the signal module"
    assert isinstance(textual.constants, type(inspect)), "textual.constants is no longer a module"
