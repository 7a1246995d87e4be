"""A stand-in for the table's host in the SSH and web door tests: a SeatSource whose seat
command is a test's own script."""

from __future__ import annotations

import asyncio
import os
import sys
import time
from pathlib import Path

from sherwood_tui.table.protocol import TableRefusal

DEADLINE = 30.0


class FakeHost:
    """Issues tickets t1, t2... (remembered with the login and key they were issued to),
    refuses the logins in `refusals` with their message; a seat runs the Python `script`
    (kept in `folder`) with its ticket as argument. With a join `code`, a key must type
    it once for each login (`claims`: the key each login was claimed by); without, any key
    may sit anywhere."""

    def __init__(self, folder: Path, script: str, refusals: dict[str, str], code: str | None = None) -> None:
        self.script = folder / "seat.py"
        self.script.write_text(script)
        self.refusals = refusals
        self.code = code
        self.claims: dict[str, str] = {}
        self.tickets: dict[str, tuple[str, str]] = {}

    def recognises(self, key: str) -> bool:
        return key in self.claims.values()

    def joining(self, login: str, key: str) -> str | None:
        if login in self.refusals:
            raise TableRefusal(self.refusals[login])
        if self.code is None or self.claims.get(login) == key:
            return None
        return f"Joining as {login}."

    def holder(self, login: str) -> str | None:
        return self.claims.get(login) if self.code is not None else None

    def claim(self, login: str, key: str, code: str) -> bool:
        if code.strip() != self.code:
            return False
        self.claims[login] = key
        return True

    def issue_ticket(self, login: str, key: str) -> str:
        if login in self.refusals:
            raise TableRefusal(self.refusals[login])
        ticket = f"t{len(self.tickets) + 1}"
        self.tickets[ticket] = (login, key)
        return ticket

    def seat_command(self, ticket: str) -> list[str]:
        return [sys.executable, str(self.script), ticket]


async def ended(pid: int) -> bool:
    """Whether process `pid` is gone (ended and reaped) within the deadline."""
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        await asyncio.sleep(0.05)
    return False
