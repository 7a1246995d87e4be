"""The real app in a pseudo-terminal of 80x24, for tests of how it ends.

Run as a script, this file is the child's entry point: it may first take the terminal
as its controlling terminal (so that closing the terminal sends a real SIGHUP) or
ignore SIGHUP (as under `nohup`), then runs `sherwood-tui` with the other arguments.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

CSI = re.compile(rb"\x1b\[[0-9;?<>=$]*[ -/]*[@-~]")
CLEAR = b"\x1b[2J"
RESTORE = (b"\x1b[?1049l", b"\x1b[?25h", b"\x1b[?1000l")  # alt screen off, cursor on, mouse off


def visible(data: bytes) -> str:
    """The printable text of terminal output (escape sequences removed)."""
    return CSI.sub(b"", data).decode("utf-8", "replace").strip()


class PtyApp:
    """`sherwood-tui ARGS` in a pseudo-terminal, its output drained in a thread.
    `ctty`: the terminal becomes the app's controlling terminal; `nohup`: SIGHUP ignored;
    `crash_bots`: a planted bug makes every bot's move raise."""

    def __init__(self, args: list[str], data: Path, *, ctty: bool = False, nohup: bool = False,
                 crash_bots: bool = False) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = {**os.environ, "TERM": "xterm-256color", "SHERWOOD_TUI_DATA": str(data),
               "PYTHONPATH": str(Path(__file__).resolve().parents[1])}  # the code under test
        flags = ["--ctty"] * ctty + ["--nohup"] * nohup + ["--crash-bots"] * crash_bots
        self.process = subprocess.Popen(
            [sys.executable, __file__, *flags, "--", *args],
            stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
        )
        os.close(slave)
        self.master: int | None = master
        self.output = bytearray()
        self.closing = threading.Event()
        self.reader = threading.Thread(target=self._drain, daemon=True)
        self.reader.start()

    def _drain(self) -> None:
        """Read the output until the app closes the terminal or `close_terminal`."""
        while not self.closing.is_set():
            if not select.select([self.master], [], [], 0.05)[0]:
                continue
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                return
            if not chunk:
                return
            self.output += chunk

    def shows(self, text: str, timeout: float = 30.0, since: int = 0) -> bool:
        """Wait until `text` is on the screen (False after `timeout`); the app must run.
        `since`: look only at the output from that offset on (see `mark`)."""
        deadline = time.monotonic() + timeout
        while text not in visible(bytes(self.output[since:])):
            assert self.process.poll() is None, f"the app stopped: {visible(bytes(self.output[-3000:]))!r}"
            if time.monotonic() > deadline:
                return False
            time.sleep(0.05)
        return True

    def wait_for_words(self, words: str, timeout: float = 30.0, since: int = 0) -> None:
        """Wait until `words` are on the screen in order, however they are wrapped over lines
        (a toast or a dialog: borders and line breaks between them do not count)."""
        deadline = time.monotonic() + timeout
        wanted = " ".join(words.split())
        while wanted not in " ".join(self.text_since(since).replace("\u258c", " ").split()):
            assert self.process.poll() is None, f"the app stopped: {visible(bytes(self.output[-3000:]))!r}"
            assert time.monotonic() < deadline, f"{words!r} never showed: {visible(bytes(self.output[-3000:]))!r}"
            time.sleep(0.05)

    def wait_for(self, text: str, timeout: float = 30.0, since: int = 0) -> None:
        assert self.shows(text, timeout, since), f"{text!r} never showed: {visible(bytes(self.output[-3000:]))!r}"

    def mark(self) -> int:
        """The offset of the output so far: `shows(..., since=mark)` looks only after it."""
        return len(self.output)

    def text_since(self, mark: int) -> str:
        """The printable text written since `mark`."""
        return visible(bytes(self.output[mark:]))

    def type(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def type_spaced(self, keys: bytes, count: int, every: float) -> list[float]:
        """Write `keys` `count` times, one every `every` seconds (on a schedule, so that a
        late write does not delay the others), as a held key's auto-repeat does; returns
        when each write happened (`time.monotonic`)."""
        start, sent = time.monotonic(), []
        for number in range(count):
            delay = start + number * every - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            os.write(self.master, keys)
            sent.append(time.monotonic())
        return sent

    def cpu_seconds(self) -> float:
        """User and system CPU time the app has used so far."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def wait(self, timeout: float = 30.0) -> tuple[int, float]:
        """Wait for the app to end: its exit status and the CPU seconds it used."""
        deadline = time.monotonic() + timeout
        while True:
            pid, status, usage = os.wait4(self.process.pid, os.WNOHANG)
            if pid:
                self.process.returncode = os.waitstatus_to_exitcode(status)
                break
            assert time.monotonic() < deadline, f"the app did not end within {timeout} s"
            time.sleep(0.02)
        self.reader.join(timeout=5)
        return self.process.returncode, usage.ru_utime + usage.ru_stime

    def close_terminal(self) -> None:
        """Close the terminal, as a closed window or a dropped SSH session does (once no
        read is pending: a file being read stays open until the read returns)."""
        if self.master is not None:
            self.closing.set()
            self.reader.join(timeout=5)
            os.close(self.master)
            self.master = None

    def close(self) -> None:
        """Kill the app if still running (a failed test) and close the terminal."""
        if self.process.returncode is None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        self.close_terminal()


def child(argv: list[str]) -> int:
    """Entry point in the child: the flags before `--`, then sherwood-tui's arguments."""
    split = argv.index("--")
    flags, args = argv[:split], argv[split + 1 :]
    if "--ctty" in flags:
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    # SIGHUP as a terminal's session has it: ignored only when asked (`--nohup`), not
    # inherited from whatever ran the tests (`nohup make test` ignores it in every child)
    signal.signal(signal.SIGHUP, signal.SIG_IGN if "--nohup" in flags else signal.SIG_DFL)
    if "--crash-bots" in flags:  # a bug for the crash tests: any bot's move raises
        import sherwood_tui.core.bots as bots

        def crash(*args: object, **kwargs: object) -> None:
            raise RuntimeError("a bot crashed (a test's planted bug)")

        bots.bot_action = crash
    from sherwood_tui.__main__ import main

    return main(args)


if __name__ == "__main__":
    sys.exit(child(sys.argv[1:]))
