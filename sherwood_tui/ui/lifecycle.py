"""How the app ends: unexpected errors, signals and a lost terminal.

A hot-seat screen may hold a player's private hand, so whatever ends the app, the game
is saved, the last screen is cleared, the terminal is restored, and nothing of the
game's state is printed. The exit status says why the app ended:

- 0: the players quit;
- 1: an unexpected error: one line on stderr names a crash file in the data folder,
  which holds the traceback without local values (Textual would print every local,
  every player's hand among them);
- 128 + the signal number: SIGTERM (143) or SIGHUP (129, a closed SSH session);
- 129 too, like a hang-up, at the end of input: the terminal went away without a
  SIGHUP (or with SIGHUP ignored, as under `nohup`).
"""

from __future__ import annotations

import asyncio
import os
import selectors
import signal
import sys
import threading
import traceback
from codecs import getincrementaldecoder
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from textual import events
from textual.drivers.linux_driver import LinuxDriver

from sherwood_tui.ui.compat import CrashHooks, DriverParts

if TYPE_CHECKING:
    from textual.app import App
    from textual.driver import Driver

    _AppBase = App[Any]  # the mixin goes before textual's App in the app's bases
else:
    _AppBase = object

EXIT_CRASH = 1
EXIT_UNSAVED = 3  # the player chose to exit although the last moves could not be saved
EXIT_END_OF_INPUT = 128 + signal.SIGHUP
CLEAR_SCREEN = "\x1b[2J\x1b[H"
WATCHDOG_SECONDS = 3.0  # after a signal, the longest the app may take to shut down


def write_crash_report(error: BaseException, folder: Path | None = None) -> str:
    """Write the traceback of `error` (without local values) to a crash file in the
    data folder; return the one line for stderr."""
    from sherwood_tui.core.paths import data_dir

    try:
        folder = data_dir() if folder is None else folder
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"crash-{datetime.now():%Y%m%d-%H%M%S}.log"
        path.write_text("".join(traceback.format_exception(error)), encoding="utf-8")
        where = f"details in {path}"
    except OSError as err:
        where = f"details could not be written: {err}"
    return f"sherwood-tui stopped on an unexpected error; the game is saved; {where}"


def say(line: str) -> None:
    """One line on stderr, if there is still somewhere to write it."""
    try:
        print(line, file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


class TerminalOutput:
    """The driver's output file (stderr). Once the terminal is gone (EIO after a
    hang-up) stderr is pointed at /dev/null: a failed write must neither kill Textual's
    writer thread (the app would hang on its full queue) nor fail Python's last flush
    of stderr (which turns any exit status into 120)."""

    def __init__(self, file: TextIO) -> None:
        self.file = file

    def fileno(self) -> int:
        return self.file.fileno()

    def write(self, text: str) -> None:
        self._guard(self.file.write, text)

    def flush(self) -> None:
        self._guard(self.file.flush)

    def _guard(self, call: Callable[..., object], *args: Any) -> None:
        try:
            call(*args)
        except OSError:
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, self.file.fileno())
            os.close(null)
            try:
                call(*args)  # now drains what the failed write left buffered
            except OSError:
                pass


class SafeLinuxDriver(DriverParts):
    """Textual's Linux driver, changed where a lost terminal or a secret would hurt:
    the end of input ends the app (`SafeTerminalMixin.stop_and_save`); writes to a
    terminal that is gone are dropped; the screen is cleared before the terminal is
    restored; an error in the input thread is handled like any other crash."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.wrap_output(TerminalOutput)

    def stop_application_mode(self) -> None:
        """Clear the last screen (it may hold a private hand), then restore the terminal."""
        if self.writing:
            self.write(CLEAR_SCREEN)
        super().stop_application_mode()

    def run_input_thread(self) -> None:
        """Textual's input loop, but at the end of input (os.read gives b"", or EIO on a
        hung-up terminal) it ends the app: Textual's own loop reads b"" again and again,
        spinning a core forever (Textualize/textual PR 6690 proposes a fix)."""
        parser = self.input_parser()
        decode = getincrementaldecoder("utf-8")().decode
        with selectors.SelectSelector() as selector:
            selector.register(self.fileno, selectors.EVENT_READ)
            while not self.exit_event.is_set():
                if selector.select(0.1):
                    try:
                        data = os.read(self.fileno, 4096)
                    except OSError:
                        data = b""
                    if not data:
                        app: SafeTerminalMixin = self.app  # type: ignore[assignment]  # ours
                        self.loop.call_soon_threadsafe(app.stop_and_save, EXIT_END_OF_INPUT)
                        return
                    for event in parser.feed(decode(data)):
                        self.process_message(event)
                    self.wait_until_handled()
                for event in parser.tick():
                    self.process_message(event)

    def wait_until_handled(self) -> None:
        """Read no more input until the app has handled what was read: the app takes
        each key in turn, and the queue between them has no bound (a 1 MB paste at a
        table's decision screen grew a seat by 12 MB a second, on to a gigabyte). Input
        not read yet waits in the terminal, which holds a few KiB, then makes the writer
        wait. The app handles a few thousand keys a second: typing never waits here."""
        handled = threading.Event()
        try:  # (from this thread, only the driver's thread-safe sending: not the app's methods)
            self.send_message(events.Callback(callback=handled.set))
        except RuntimeError:  # the app's loop has closed
            return
        while not handled.wait(0.1) and not self.exit_event.is_set():
            pass


class SafeTerminalMixin(CrashHooks):
    """Mixed into the app before `textual.app.App`: ends it safely whatever happens
    (see the module's docstring). The app provides `autosave()`."""

    _crash_line: str | None = None
    _stopping = False
    _watchdog: threading.Timer | None = None

    def get_driver_class(self) -> type[Driver]:
        driver = super().get_driver_class()
        return SafeLinuxDriver if driver is LinuxDriver else driver

    async def run_async(self, **kwargs: Any) -> Any:
        """Run, ending safely on SIGTERM and SIGHUP (a SIGHUP ignored, as by `nohup`,
        stays ignored)."""
        loop = asyncio.get_running_loop()
        handled = [s for s in (signal.SIGTERM, signal.SIGHUP) if signal.getsignal(s) is not signal.SIG_IGN]
        if threading.current_thread() is not threading.main_thread():
            handled = []  # an app of a seat hall (table/seat_hall.py): the process's signals are the hall's
        for signum in handled:
            loop.add_signal_handler(signum, self.stop_and_save, 128 + signum)
        try:
            return await super().run_async(**kwargs)
        finally:
            for signum in handled:
                loop.remove_signal_handler(signum)
            if self._watchdog is not None:
                self._watchdog.cancel()

    def stop_and_save(self, return_code: int) -> None:
        """Save and end the app with `return_code` (the driver clears the screen as it
        restores the terminal). Should the shutdown hang, a watchdog ends the process."""
        if self._stopping:
            return
        self._stopping = True
        self._save_quietly()
        self.exit(return_code=return_code)
        if threading.current_thread() is not threading.main_thread():
            return  # an app of a seat hall: the process is its other seats' too (the host ends a hung seat)
        self._watchdog = threading.Timer(WATCHDOG_SECONDS, os._exit, (return_code,))
        self._watchdog.daemon = True
        self._watchdog.start()

    def autosave(self) -> None:
        """Save the game in play (the app provides it)."""

    def _save_quietly(self) -> None:
        try:
            self.autosave()
        except Exception:
            pass

    crash_exit_code = EXIT_CRASH

    def crashed(self, error: Exception, exit_code: int) -> None:
        """Instead of Textual's traceback with local values: save, write the crash
        file; the app ends with status 1."""
        self._save_quietly()
        self._crash_line = write_crash_report(error)

    def crash_line(self) -> None:
        """After a crash, the crash line alone (once), never a rendered traceback."""
        line, self._crash_line = self._crash_line, None
        if line:
            say(line)
