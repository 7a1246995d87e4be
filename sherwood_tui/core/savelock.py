"""One writer per save: a window that plays a save holds an OS lock on it, so a second
window (another process) opening the same game is told which process has it.

The lock is `flock` on a small side file (`.NAME.lock`, beside the save: the save itself
is replaced by a rename at every move, so it cannot carry the lock). The OS drops the
lock when its process ends, however it ends: a lock left by a killed process never
blocks. Where `fcntl` is missing (Windows) `msvcrt.locking` does the same.
"""

from __future__ import annotations

import os
from pathlib import Path

from sherwood_tui.core.errors import SaveError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt


def lock_path(save: Path) -> Path:
    """The side file that carries the lock of `save` (hidden: the save list skips it)."""
    return save.with_name(f".{save.name}.lock")


class SaveLock:
    """The lock of one save, held by this process until `release` (or its end)."""

    def __init__(self, save: Path) -> None:
        self.save = save
        self.path = lock_path(save)
        self.fd: int | None = None

    def acquire(self) -> SaveLock:
        """Take the lock, or SaveError naming the process that holds it."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        while True:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
            try:
                _lock(fd)
            except OSError:
                holder = _read_holder(fd)
                os.close(fd)
                who = f"process {holder}" if holder else "another process"
                raise SaveError(f"{self.save.name}: this game is open in another window ({who}); close it there first") from None
            if _same_file(fd, self.path):
                break
            os.close(fd)  # the holder let go and removed the file meanwhile: lock the new one
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
        self.fd = fd
        return self

    def release(self) -> None:
        """Let the save go (the side file goes too: the next window makes its own)."""
        if self.fd is None:
            return
        fd, self.fd = self.fd, None
        try:
            self.path.unlink(missing_ok=True)
        except OSError:
            pass  # the folder is gone or read-only: the side file stays, unlocked
        finally:
            os.close(fd)  # closing the file drops the lock


def holder_of(save: Path) -> int | None:
    """The process that has `save` open now, if any (for the save list)."""
    path = lock_path(save)
    try:
        fd = os.open(path, os.O_RDWR)
    except OSError:
        return None
    try:
        _lock(fd)
    except OSError:
        return _read_holder(fd) or -1
    else:
        return None
    finally:
        os.close(fd)  # also drops the lock just taken to look


def _lock(fd: int) -> None:
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    else:  # pragma: no cover - Windows
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)


def _same_file(fd: int, path: Path) -> bool:
    try:
        return os.path.samestat(os.fstat(fd), os.stat(path))
    except OSError:
        return False


def _read_holder(fd: int) -> int | None:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        text = os.read(fd, 32).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None
