"""Every use of Textual's private API, in one place. Textual may change any of it in a
release: tests/ui/test_compat.py checks each name used here against the installed
Textual, so an upgrade that moves one fails there, by name, not somewhere in a game.

What we need that Textual has no public way to say:
- a driver whose input loop ends the app at the end of input (Textual's spins), whose
  output survives a lost terminal, and whose input thread's errors are the app's crash;
- an app whose crash writes our crash file instead of Textual's traceback with locals;
- the keys a screen binds itself (for the help screen and the key bar);
- the styles cache Textual keeps for dead widgets (released between screens);
- keys that act in the order they were typed, on the screen they were typed on
  (`KeysInOrder`);
- a guard on every timer: Textual (8.2) spins at 100% CPU on a timer armed with a
  negative delay (a toast whose time ran out before it was mounted, under load) and
  divides by zero on a delay of 0. Importing this module guards them all (every app of
  ours imports it: `guard_timers`).
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual import events
from textual._xterm_parser import XTermParser
from textual.drivers.linux_driver import LinuxDriver
from textual.timer import Timer

if TYPE_CHECKING:
    from textual.app import App
    from textual.binding import Binding
    from textual.screen import Screen

    _AppBase = App[Any]  # the mixin goes before textual's App in the app's bases
else:
    _AppBase = object


SHORTEST_TIMER = 0.001  # seconds: the least delay a timer is armed with (small, positive)


def guard_timers() -> None:
    """Arm every Textual timer, ours and Textual's own (toasts, resizes), with a delay
    of at least `SHORTEST_TIMER`: a negative delay would spin forever, a zero one divide
    by zero. Done once; harmless to call again."""
    if getattr(Timer.__init__, "guarded", False):
        return
    arm = Timer.__init__

    def guarded_init(self: Timer, event_target: Any, interval: float, *args: Any, **kwargs: Any) -> None:
        arm(self, event_target, max(SHORTEST_TIMER, interval), *args, **kwargs)

    guarded_init.guarded = True  # type: ignore[attr-defined]
    Timer.__init__ = guarded_init  # type: ignore[method-assign]


guard_timers()


def screen_bindings(screen: Screen[Any]) -> dict[str, list[Binding]]:
    """The keys `screen` binds itself, each with its bindings."""
    return screen._bindings.key_to_bindings


def release_styles_cache() -> None:
    """Textual keeps the styles cache of up to 1,024 past widgets alive through an
    `lru_cache` on a method (and with it their rendered lines): let the dead widgets go."""
    from textual._styles_cache import StylesCache

    clear = getattr(StylesCache.get_inner_outer, "cache_clear", None)
    if clear is not None:
        clear()


class DriverParts(LinuxDriver):
    """Textual's Linux driver, with its private parts named: the output file, whether
    its writer runs, its app and loop, and its input parser. The input thread runs
    `run_input_thread` (the subclass's), and an error there is the app's crash."""

    def wrap_output(self, wrap: Callable[[Any], Any]) -> None:
        """Write through `wrap(the driver's output file)` from now on."""
        self._file = wrap(self._file)

    @property
    def writing(self) -> bool:
        """Whether the driver's writer thread runs (application mode)."""
        return self._writer_thread is not None

    @property
    def app(self) -> App[Any]:
        return self._app

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        return self._loop

    def input_parser(self) -> XTermParser:
        """Textual's parser of terminal input, as its own input loop makes it."""
        return XTermParser(self._debug)

    def _run_input_thread(self) -> None:
        try:
            self.run_input_thread()
        except Exception as error:  # Textual would print a traceback of its own
            self._app.call_later(self._app._handle_exception, error)

    def run_input_thread(self) -> None:
        """The input loop (the subclass's)."""
        super()._run_input_thread()


class KeysInOrder(_AppBase):
    """Mixed into the app before `textual.app.App`: keys act in the order they were
    typed, and only on the screen they were typed on.

    Textual runs a priority binding (a decision screen's Enter) the moment its key
    arrives, but any other key (the arrows of the list that Enter reads) only once it
    has passed through the focused widget and its parents, each a queue: in a burst,
    `Down Down Enter` declared the list's first row, and the arrows then reached the next
    screen. Here every key takes the widgets' path (`send_key`); when it comes back to
    the app (`_on_key`), the priority bindings are looked up first, as Textual would
    have, unless the screen it was typed on has gone, when it is dropped (`key_lost`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # the screen each key on its way was typed on (a key a widget stops never comes back)
        self.typed_on: weakref.WeakKeyDictionary[events.Key, Screen[Any]] = weakref.WeakKeyDictionary()

    def send_key(self, event: events.Key) -> None:
        """Send a key just arrived (and let through by the app's guard) on its way."""
        self.typed_on[event] = self.screen
        (self.focused or self.screen)._forward_event(event)

    def key_lost(self, event: events.Key) -> None:
        """A key typed for a screen that has gone was dropped (the app's to tell)."""

    async def _on_key(self, event: events.Key) -> None:
        # Textual calls the `_on_key` of every class of the app in turn (App's: the
        # other bindings) until one prevents the default
        screen = self.typed_on.pop(event, None)
        if screen is None:  # a key Textual sent on its own way (Ctrl+Q, Ctrl+C)
            return
        if screen is not self.screen:
            event.prevent_default()
            self.key_lost(event)
        elif await self._check_bindings(event.key, priority=True):
            event.prevent_default()


class CrashHooks(_AppBase):
    """Mixed into the app before `textual.app.App`: on an unexpected error, `crashed`
    (the app's: save, write the crash file) instead of Textual's rendered traceback with
    local values, then `crash_line()` (the app's) said once as the app ends. Like
    Textual, the first error is kept for `run_test` to re-raise."""

    def crashed(self, error: Exception, exit_code: int) -> None:
        """The app's reaction to its first unexpected error."""

    def crash_line(self) -> None:
        """What the app says of its crash once its screen is gone."""

    def _handle_exception(self, error: Exception) -> None:
        self._return_code = self.crash_exit_code
        if self._exception is None:
            self._exception = error
            self._exception_event.set()
            self.crashed(error, self.crash_exit_code)
        self._close_messages_no_wait()

    crash_exit_code = 1

    def _print_error_renderables(self) -> None:
        if self._exception is None:
            super()._print_error_renderables()
            return
        self._exit_renderables.clear()
        self.crash_line()
