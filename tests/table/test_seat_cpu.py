"""The seat replay of `load_test --seat-replay` (sherwood_tui/table/seat_cpu.py): its
recording loads, and tells screen changes from updates in place."""

from sherwood_tui.table.seat_cpu import RECORDING, load_recording, waits_for


def test_the_recording_is_one_seats_welcome_and_feeds():
    messages = load_recording(RECORDING)
    assert messages[0]["type"] == "welcome" and len(messages) == 35
    assert all(message["type"] == "feed" for message in messages[1:])


def test_a_feed_that_brings_or_takes_the_seats_decision_is_a_screen_change():
    messages = load_recording(RECORDING)
    seat = messages[0]["seat"]
    waiting = [waits_for(message, seat) for message in messages]
    assert waiting[0] is None  # the welcome is no feed
    changes = sum(1 for before, now in zip(waiting[1:], waiting[2:]) if before != now)
    assert changes == 13  # 6 decisions come, 7 go
