"""Hand-offs with real timing: the real app in a pseudo-terminal, the real `KeyGuard`,
real sleeps between the bytes written to the terminal. A double tap or a held Enter
that makes a decision never lifts the next player's curtain, a held Enter that lifts a
curtain never decides, and a distinct press a moment later still acts.

The game is Bleeding Sherwood for two or three humans, resumed from a save (the curtain
is up after a resume) where Robin (seat 0) bids next and Marian (seat 1) after her. See
docs/players/hot-seat.md and `sherwood_tui/core/handoff.py`.

Timing, on a shared and noisy machine: every deliberate key comes well after the
screen it acts on is seen on the terminal (`AT_LEISURE`, the guard holding keys for
0.8 s), and keys that must be dropped are given `WATCH` seconds to act before the test
looks. If the test itself was too slow to send a double tap or a held key as one (its
premise), the attempt is repeated with a fresh app.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from sherwood_tui import catalog
from sherwood_tui.core.bots import bot_action
from sherwood_tui.core.contract import Player
from sherwood_tui.core.saves import write_save
from sherwood_tui.core.session import Session
from tests.pty_app import PtyApp
from tests.ui.test_terminal import assert_cleared_and_restored, saved_actions

GAME = catalog.get("bleeding-sherwood").load()
NAMES = ("Robin", "Marian", "Much")
ROBIN, MARIAN = 0, 1

HOLD = 0.8  # KeyGuard: keys dropped this long after a guarded screen is drawn ...
REPEAT_GAP = 0.25  # ... and while a held key's stream (keys closer than this) goes on
AT_LEISURE = 1.3  # from seeing a screen to a deliberate key on it
WATCH = 1.5  # how long keys that must be dropped get to show any effect
AUTO_REPEAT = 1 / 30  # a held key: 30 keys a second ...
HELD = 24  # ... for 0.8 s (the guard's hold alone drops the keys after the first) ...
HELD_LONG = 48  # ... for 1.6 s (past the hold: only the repeat rule drops them)
TRIES = 3  # attempts, when the test could not send its keys in time (see `premise`)
START = 30.0  # seconds the app may take to start, on a loaded machine
QUIT = b"\x11"  # Ctrl+Q


def hot_seat_save(folder: Path, humans: int) -> tuple[Path, Session]:
    """Bleeding Sherwood for `humans` humans, three bids played: Robin bids next, and
    her bid of the card her hand highlights (the first) hands over to Marian's curtain."""
    seats = [Player(name=name) for name in NAMES[:humans]]
    options = GAME.check_options({})
    state, _ = GAME.start(seats, options, 5)
    rnd, actions = random.Random(1), []
    for _ in range(3):
        action = bot_action(GAME, state, GAME.to_act(state)[0], "random", rnd)
        state, _ = GAME.apply(state, action)
        actions.append(action)
    session = Session.replay(GAME, seats, options, 5, actions)
    assert GAME.to_act(session.state) == [ROBIN] and GAME.is_private(session.state, ROBIN)
    after, _ = GAME.apply(session.state, robins_bid(session))
    assert GAME.to_act(after) == [MARIAN] and GAME.is_private(after, MARIAN)  # a hand-off
    path = folder / "saves" / "game.json"
    write_save(session, path)
    return path, session


def robins_bid(session: Session):
    """What Enter does on Robin's bidding screen: bid the highlighted (first) card."""
    from sherwood_tui.games.bleeding_sherwood.rules.model import PlayGoode

    card = GAME.view(session.state, ROBIN).hand[0]
    return PlayGoode(seat=ROBIN, card=card.id)


def hand(session: Session, seat: int) -> set[str]:
    """Card names only `seat`'s hand shows: in nobody else's hand, not on the table
    (nor Robin's bid, which goes on the table)."""
    state = session.state
    others = {text for other in range(len(session.players)) if other != seat
              for text in GAME.secret_texts(state, other)}
    table = GAME.public_view(state)
    public = {c.name for s in table.seats for c in s.bid} | {g.name for t in table.targets for g in t.goodes}
    public.add(GAME.view(state, ROBIN).hand[0].name)
    names = GAME.secret_texts(state, seat) - others - public
    assert names, f"nothing tells {NAMES[seat]}'s hand apart on the screen"
    return names


def premise(sent: list[float], longest_gap: float) -> bool:
    """Whether the keys went out as meant: no gap between two writes over `longest_gap`
    (a slow test process could turn a double tap into two distinct presses)."""
    return all(b - a <= longest_gap for a, b in zip(sent, sent[1:]))


@dataclass
class Table:
    app: PtyApp
    save: Path
    session: Session

    def names(self, seat: int) -> set[str]:
        return hand(self.session, seat)

    def wait_for_hand(self, seat: int, since: int, timeout: float = 10.0) -> None:
        """Until one of `seat`'s cards is on the screen (their curtain lifted)."""
        deadline = time.monotonic() + timeout
        while not self.names(seat) & self.shown(since):
            assert time.monotonic() < deadline, f"{NAMES[seat]}'s hand never showed: {self.app.text_since(since)!r}"
            assert self.app.process.poll() is None, "the app stopped"
            time.sleep(0.05)

    def shown(self, since: int) -> set[str]:
        text = self.app.text_since(since)
        return {name for seat in range(len(self.session.players)) for name in self.names(seat) if name in text}

    def assert_no_hand_but(self, seat: int | None, since: int) -> None:
        """No hand but `seat`'s (None: no hand at all) was drawn since `since`."""
        others = {n for s in range(len(self.session.players)) if s != seat for n in self.names(s)}
        leaked = others & self.shown(since)
        assert not leaked, f"a hand was drawn that must not be: {sorted(leaked)}"

    def actions(self, count: int, timeout: float = 10.0) -> list[dict]:
        """The saved actions, once there are at least `count` (the app saves every move)."""
        deadline = time.monotonic() + timeout
        while len(actions := saved_actions(self.save)) < count and time.monotonic() < deadline:
            time.sleep(0.05)
        return actions

    def lift_robins_curtain(self) -> None:
        """A deliberate Enter on Robin's curtain (already showing): her hand shows."""
        time.sleep(AT_LEISURE)
        mark = self.app.mark()
        self.app.type(b"\r")
        self.wait_for_hand(ROBIN, mark)

    def quit(self) -> None:
        """Ctrl+Q, then x: the app exits (status 0), the screen cleared and the terminal
        restored; the save gets no action on the way."""
        count = len(saved_actions(self.save))
        mark = self.app.mark()
        self.app.type(QUIT)
        self.app.wait_for("Leave this game?", timeout=10.0, since=mark)
        for _ in range(3):  # x acts once the screen under the dialog holds no more keys
            time.sleep(0.4)
            self.app.type(b"x")
            if _ended(self.app, timeout=5.0):
                break
        status, _ = self.app.wait(timeout=10.0)
        assert status == 0
        assert_cleared_and_restored(bytes(self.app.output))
        assert len(saved_actions(self.save)) == count


def _ended(app: PtyApp, timeout: float) -> bool:
    """Whether the app ended within `timeout` (leaving it to `PtyApp.wait` to reap)."""
    deadline = time.monotonic() + timeout
    while os.waitid(os.P_PID, app.process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


@contextmanager
def table(folder: Path, humans: int = 2) -> Iterator[Table]:
    """The app resuming the save, Robin's curtain up."""
    save, session = hot_seat_save(folder, humans)
    app = PtyApp(["resume", str(save)], folder)
    try:
        app.wait_for("Pass the terminal to Robin", timeout=START)
        yield Table(app, save, session)
    finally:
        app.close()


@contextmanager
def bid_and_tap_again(folder: Path, gap: float) -> Iterator[tuple[Table, int]]:
    """Robin lifts her curtain and bids with Enter; Enter again `gap` seconds after.
    Gives the table and the output offset before the bid, once the second Enter had
    `WATCH` seconds to act (tries again only if the pair went out late)."""
    for attempt in range(TRIES):
        with table(folder / f"try{attempt}") as t:
            t.lift_robins_curtain()
            time.sleep(AT_LEISURE)
            mark = t.app.mark()
            sent = t.app.type_spaced(b"\r", 2, gap)
            if not premise(sent, HOLD - 0.2):
                continue
            t.app.wait_for("Pass the terminal to Marian", timeout=10.0, since=mark)
            time.sleep(WATCH)
            yield t, mark
            return
    pytest.skip("the machine was too slow to send a double tap")


def assert_one_bid_and_marians_curtain_up(t: Table, mark: int) -> None:
    actions = t.actions(4)
    assert len(actions) == 4, f"{len(actions) - 3} decisions recorded, not 1"
    assert actions[3] == GAME.dump_action(robins_bid(t.session))
    assert "Pass the terminal to Marian" in t.app.text_since(mark)
    t.assert_no_hand_but(ROBIN, mark)  # (Robin's screen may be redrawn as she bids)


# ----- the tests ---------------------------------------------------------------------------


@pytest.mark.parametrize("gap", [0.15, 0.40], ids=["150ms", "400ms"])
def test_a_double_tap_on_a_decision_does_not_lift_the_next_curtain(tmp_path, gap):
    with bid_and_tap_again(tmp_path, gap) as (t, mark):
        assert_one_bid_and_marians_curtain_up(t, mark)
        t.quit()
        t.assert_no_hand_but(ROBIN, mark)


def test_a_held_enter_on_a_decision_makes_one_and_lifts_no_curtain(tmp_path):
    """Three humans: Robin holds Enter on her bidding screen for 0.8 s (30 keys a second)."""
    for attempt in range(TRIES):
        with table(tmp_path / f"try{attempt}", humans=3) as t:
            t.lift_robins_curtain()
            time.sleep(AT_LEISURE)
            mark = t.app.mark()
            sent = t.app.type_spaced(b"\r", HELD, AUTO_REPEAT)
            if not premise(sent, REPEAT_GAP - 0.05):
                continue
            t.app.wait_for("Pass the terminal to Marian", timeout=10.0, since=mark)
            time.sleep(WATCH)
            assert_one_bid_and_marians_curtain_up(t, mark)  # nor Much's hand
            t.quit()
            t.assert_no_hand_but(ROBIN, mark)
            return
    pytest.skip("the machine was too slow to send a held key")


def test_a_held_enter_on_a_curtain_lifts_it_and_decides_nothing(tmp_path):
    """Robin holds Enter on her curtain for 1.6 s: twice the hold of her bidding screen."""
    for attempt in range(TRIES):
        with table(tmp_path / f"try{attempt}") as t:
            time.sleep(AT_LEISURE)
            mark = t.app.mark()
            sent = t.app.type_spaced(b"\r", HELD_LONG, AUTO_REPEAT)
            if not premise(sent, REPEAT_GAP - 0.05):
                continue
            t.wait_for_hand(ROBIN, mark)  # the curtain lifted
            time.sleep(WATCH)
            assert len(t.actions(3)) == 3  # and nothing was decided
            assert "Pass the terminal to Marian" not in t.app.text_since(mark)
            t.assert_no_hand_but(ROBIN, mark)
            t.quit()
            return
    pytest.skip("the machine was too slow to send a held key")


def test_a_distinct_enter_after_the_guard_lifts_the_next_curtain(tmp_path):
    """The guard eats the double tap, not the next player's deliberate press."""
    with bid_and_tap_again(tmp_path, 0.15) as (t, mark):
        assert_one_bid_and_marians_curtain_up(t, mark)
        lift = t.app.mark()  # WATCH (> 1 s) after Marian's curtain showed
        t.app.type(b"\r")
        t.wait_for_hand(MARIAN, lift)
        t.assert_no_hand_but(MARIAN, lift)
        assert len(t.actions(4)) == 4  # lifting decides nothing
        time.sleep(AT_LEISURE)  # Marian's bidding screen holds keys for a moment: then quit
        t.quit()
