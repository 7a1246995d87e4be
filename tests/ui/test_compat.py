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

from sherwood_tui.ui import compat


@pytest.mark.parametrize("cls, name", [
    (LinuxDriver, "_run_input_thread"),
    (App, "_handle_exception"),
    (App, "_print_error_renderables"),
    (App, "_close_messages_no_wait"),
    (_styles_cache.StylesCache, "get_inner_outer"),
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
