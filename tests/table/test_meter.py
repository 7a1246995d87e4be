"""The rules of what one connection may make the host hold (table/door.py, table/web.py),
with a clock of the test's own: the input meter, a window's size, the per-address share
of the startups, and who an address is."""

from __future__ import annotations

from sherwood_tui.table.door import MAX_COLUMNS, MAX_ROWS, PASTE_END, PASTE_START, InputMeter, Startup, Startups, fit_window
from sherwood_tui.table.web import source_of


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_keys_pass_at_a_typists_rate_after_a_burst_and_a_flood_is_dropped() -> None:
    clock = Clock()
    meter = InputMeter(rate=10, burst=20, clock=clock)
    assert meter.take(b"\x1b[A") == b"\x1b[A"  # a key passes
    assert meter.take(b"x" * 100) == b""  # a piece over what is left passes not at all
    assert meter.take(b"y" * 17) == b"y" * 17  # (what was left)
    assert meter.take(b"q") == b""
    assert meter.dropped == 101
    clock.now = 0.5
    assert meter.take(b"abcde") == b"abcde"  # 5 bytes came back in half a second
    clock.now = 100.0
    assert meter.take(b"z" * 20) == b"z" * 20  # never more than a burst saved up
    assert meter.take(b"z") == b""


def test_a_paste_is_cut_but_always_ends() -> None:
    meter = InputMeter(rate=10, burst=8, clock=Clock())
    out = meter.take(PASTE_START + b"Sherwood Forest" + PASTE_END + b"k")
    assert out == PASTE_START + b"Sherwood" + PASTE_END
    # a paste that comes in pieces, its end split between two of them
    meter = InputMeter(rate=10, burst=4, clock=Clock())
    assert meter.take(PASTE_START + b"abcdef\x1b[20") == PASTE_START + b"abcd"
    assert meter.take(b"1~") == PASTE_END
    assert not meter.pasting
    # an end whose start the meter did not see still passes: the seat's paste ends
    assert meter.take(b"junk" + PASTE_END) == PASTE_END


def test_a_character_is_never_cut() -> None:
    meter = InputMeter(rate=10, burst=5, clock=Clock())
    e = "é".encode()
    assert meter.take(e[:1]) == b""  # half a character waits for its other half
    assert meter.take(e[1:]) == e
    assert meter.take(PASTE_START + e * 3 + PASTE_END) == PASTE_START + e + PASTE_END  # 3 bytes left: one é


def test_a_window_is_clamped_to_what_a_screen_can_use() -> None:
    assert fit_window(65535, 65535) == (MAX_COLUMNS, MAX_ROWS)
    assert fit_window(0, -3) == (1, 1)
    assert fit_window(120, 40) == (120, 40)


def test_an_address_at_its_share_pushes_out_its_own_least_advanced_first() -> None:
    startups: Startups[Startup] = Startups(4, per_address=2)
    player = Startup("10.0.0.9", 0.0, progress=1)  # its request under way
    startups.admit(player)
    first, second = Startup("evil", 1.0), Startup("evil", 2.0)
    assert startups.admit(first) is None and startups.admit(second) is None
    second.progress = 1
    third = Startup("evil", 3.0)
    assert startups.admit(third) is first  # its own, not the player's
    assert startups.admit(Startup("other", 4.0)) is None
    assert startups.admit(Startup("more", 5.0)) is third  # the budget is full: the least advanced of all
    assert player in startups.waiting


def test_an_ipv6_address_counts_as_its_64() -> None:
    assert source_of("2001:db8:1:2:aaaa::1") == source_of("2001:db8:1:2:bbbb::7") == "2001:db8:1:2::/64"
    assert source_of("::ffff:10.0.0.1") == "10.0.0.1"
    assert source_of("192.168.1.4") == "192.168.1.4"
