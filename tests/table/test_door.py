"""The SSH door's rules for those not (yet) at the table (table/door.py), on a fake clock:
the startups' budget and who is displaced, the penalties and how they grow and fade, and
the join code as typed on a raw terminal."""

from __future__ import annotations

from sherwood_tui.table.door import AUTHENTICATING, CONNECTED, SPEAKING, CodeLine, Penalties, Startup, Startups, for_a_while


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_full_budget_displaces_the_connection_least_far_along_the_oldest_first():
    startups: Startups[Startup] = Startups(3)
    idle_old, idle_new, speaking = Startup("a", 1.0), Startup("a", 2.0), Startup("b", 0.5, SPEAKING)
    for item in (speaking, idle_old, idle_new):
        assert startups.admit(item) is None
    player = Startup("c", 3.0)
    assert startups.admit(player) is idle_old  # idle sockets give way first, the oldest of them
    player.progress = SPEAKING
    later = Startup("a", 4.0)
    assert startups.admit(later) is idle_new
    later.progress = SPEAKING
    # only sockets that have spoken are left: the oldest of them gives way to a new one
    assert startups.admit(Startup("a", 5.0)) is speaking
    assert len(startups.waiting) == 3 and player in startups.waiting


def test_an_attacker_refilling_the_budget_displaces_only_their_own_sockets():
    startups: Startups[Startup] = Startups(10)
    attack = [Startup("evil", float(t)) for t in range(10)]
    for item in attack:
        startups.admit(item)
    player = Startup("home", 10.0)
    assert startups.admit(player) is attack[0]
    player.progress = AUTHENTICATING  # a real client goes on at once
    for t in range(11, 200):  # the attacker keeps opening idle sockets
        displaced = startups.admit(Startup("evil", float(t)))
        assert displaced is not None and displaced.address == "evil" and displaced.progress == CONNECTED
    assert player in startups.waiting


def test_a_source_that_keeps_failing_is_refused_for_a_growing_while():
    clock = Clock()
    penalties = Penalties(threshold=3, first=30, longest=100, forget=600, clock=clock)
    assert penalties.fail("address 10.0.0.1") == 0 and penalties.fail("address 10.0.0.1") == 0
    assert penalties.refused_for("address 10.0.0.1") == 0
    assert penalties.fail("address 10.0.0.1") == 30  # the third in a row: refused
    assert penalties.refused_for("address 10.0.0.1") == 30
    assert penalties.refused_for("address 10.0.0.2") == 0  # another source is not
    assert penalties.fail("address 10.0.0.1") == 0  # while refused, nothing more counts
    clock.now += 31
    assert penalties.refused_for("address 10.0.0.1") == 0
    for _ in range(2):
        penalties.fail("address 10.0.0.1")
    assert penalties.fail("address 10.0.0.1") == 60  # twice as long the next time
    clock.now += 61
    for _ in range(2):
        penalties.fail("address 10.0.0.1")
    assert penalties.fail("address 10.0.0.1") == 100  # at most `longest`


def test_a_quiet_source_is_forgiven_and_the_table_of_sources_is_bounded():
    clock = Clock()
    penalties = Penalties(threshold=2, first=30, forget=600, most=100, clock=clock)
    penalties.fail("key SHA256:x")
    clock.now += 601
    assert penalties.fail("key SHA256:x") == 0  # the old failure is forgotten
    assert penalties.fail("key SHA256:x") == 30
    clock.now += 30 + 601
    penalties.fail("key SHA256:x")
    assert penalties.fail("key SHA256:x") == 30  # the old penalty too: it starts afresh
    for number in range(1000):
        penalties.fail(f"address 10.1.{number // 256}.{number % 256}")
    assert len(penalties.records) == 100


def test_waits_in_words():
    assert [for_a_while(s) for s in (1, 30, 60, 150, 3600, 7200)] == [
        "1 second", "30 seconds", "1 minute", "2 minutes", "1 hour", "2 hours"]


def test_the_join_code_as_typed_on_a_raw_terminal():
    line = CodeLine()
    assert line.feed(b"48x2") == (b"482", None)
    assert line.feed(b"\x7f1-\x1b[A0937") == (b"\x08 \x081-0937", None)  # Backspace; an arrow is ignored
    assert line.feed(b"\r12\r") == (b"", b"12\r")  # what follows the Enter is the next line's
    assert line.text == "481-0937"
    line.clear()
    assert line.feed(b"1" * 100)[0] == b"1" * CodeLine.MOST
    leaving = CodeLine()
    assert leaving.feed(b"12\x033") == (b"12", b"") and leaving.left
