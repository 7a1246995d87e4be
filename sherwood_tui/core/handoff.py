"""Hot-seat hand-offs, UI-free: who holds the keyboard, when the next decision needs a
curtain, what may still be taken back, and which keys to drop around a hand-off.

The app asks `HandOff.next_scene()` what to show and tells it what happened (a curtain
lifted, a public screen shown); `Session.submit` reports each decision. `KeyGuard` decides
for every key whether it may act on the screen now shown.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.steps import is_part

if TYPE_CHECKING:
    from sherwood_tui.core.contract import Event
    from sherwood_tui.core.session import Session

FINAL, BOT, CURTAIN, DECIDE, WAIT = "final", "bot", "curtain", "decide", "wait"
SHOW = "show"  # a public screen between decisions: a reveal, a round's summary
NEWS = "news"  # what the human who just decided learnt privately, for their eyes only


@dataclass(frozen=True)
class Scene:
    """What the table sees next: the final scores, a bot's turn, a curtain (a hand-off
    to `seat`, before a private or a public decision), `seat`'s decision itself, a
    public screen between decisions, or a seat's private news."""

    kind: str  # FINAL, BOT, CURTAIN, DECIDE, WAIT, SHOW or NEWS
    seat: int | None = None
    private: bool = False


class HandOff:
    """The hand-off policy of one session.

    - Every change of the human who must decide is a hand-off: a curtain names them and
      waits for them (before a public decision too, so that keys typed by the previous
      player never act for the next). A private decision also needs a curtain when the
      table has watched a public screen since its player took the keyboard. With one
      human at the table there are no curtains; bots never need one.
    - Undo takes back the last decision of the human at the keyboard, with every bot move
      made after it, until it is final: until another human takes the keyboard (lifts a
      curtain), or a step shows the table something new (`Game.is_final`). A decision of
      small moves (`Move.part`) goes back whole. At a table of many terminals each player
      has their own keyboard (`undo(seat)`): there the decision stays once another human
      has decided since, and the bots include the seats handed to one (`stand_ins`).
    - Bots move when no human must decide (`next_scene` gives BOT): at the hot seat and
      at a table alike, so the table plays its bots as the app does.
    """

    def __init__(self, session: Session) -> None:
        self.session = session
        humans = session.humans
        self.holder: int | None = humans[0] if len(humans) == 1 else None  # at the keyboard
        self.private_ok = False  # the holder may see their secrets without a new curtain
        self.floor = 0  # actions below this index are final
        self.why_final = ""  # why they are, for the player who asks to take one back
        self.last_decider: int | None = None  # the human whose decision screen was last shown
        self.took_at = 0  # how many actions there were when the holder took the keyboard
        self.showing = Scene(WAIT)  # the scene whose screen is on the table
        # human seats a bot plays for now, with its level (a table's away players): for
        # this policy they are bots (the table's host shares this dict)
        self.stand_ins: dict[int, str] = {}

    def level(self, seat: int) -> str | None:
        """The level of the bot that plays `seat` now (None: its human)."""
        return self.session.players[seat].bot or self.stand_ins.get(seat)

    def is_bot(self, seat: int) -> bool:
        return self.level(seat) is not None

    # ----- what comes next ----------------------------------------------------------
    def next_scene(self) -> Scene:
        session = self.session
        if session.is_over:
            return Scene(FINAL)
        game, state = session.game, session.state
        seats = game.to_act(state)
        if not seats:
            return Scene(WAIT)
        humans = [seat for seat in seats if not self.is_bot(seat)]
        seat = self.holder if self.holder in humans else (humans or seats)[0]
        if self.is_bot(seat):
            return Scene(BOT, seat)
        private = game.is_private(state, seat)
        if len(session.humans) > 1 and (seat != self.holder or (private and not self.private_ok)):
            return Scene(CURTAIN, seat, private)
        return Scene(DECIDE, seat, private)

    def guard_first_key(self, scene: Scene) -> bool:
        """Whether the screen of `scene` drops keys for a moment after it is drawn: every
        screen except a bot's turn and the next decision of the human whose decision
        screen came last, bots' turns between them aside (a turn of several steps; a
        lone human playing bots)."""
        if scene.kind == BOT:
            return False
        return not (scene.kind == DECIDE and scene.seat == self.last_decider)

    # ----- what happened ------------------------------------------------------------
    def shown(self, scene: Scene) -> None:
        """The screen of `scene` is on the table now."""
        self.showing = scene
        if scene.kind == DECIDE:
            self.last_decider = scene.seat
        elif scene.kind != BOT:
            self.last_decider = None
        if not (scene.kind in (DECIDE, NEWS) and scene.private):
            self.public_shown()

    def public_shown(self) -> None:
        """The whole table has watched a public screen: the next private decision, even
        of the human at the keyboard, waits behind a curtain."""
        self.private_ok = False

    def lift(self, seat: int) -> None:
        """`seat` lifted the curtain: they hold the keyboard, and what came before is final."""
        session = self.session
        taking_over = seat != self.holder
        self.holder = seat
        self.private_ok = True
        self.took_at = len(session.actions)
        if len(session.actions) > self.floor:
            name = session.player_name(seat)
            self._final(f"{name} has taken the keyboard since" if taking_over else "the curtain was lifted since")

    def decided(self, before: Any, action: Any, events: list[Event]) -> None:
        """Called by `Session.submit` after each decision (a bot's as well)."""
        session = self.session
        seat = action.seat
        if not self.is_bot(seat):
            self.holder = seat
        if session.game.is_final(before, action, events):
            own = not self.is_bot(seat)
            self._final("it revealed something new" if own else "a later move revealed something new")
        if not session.game.is_private(before, seat):
            self.private_ok = False

    def _final(self, why: str) -> None:
        self.floor = len(self.session.actions)
        self.why_final = why

    # ----- taking back ----------------------------------------------------------------
    def undoer(self) -> int | None:
        """The human whose decision `u` takes back: the one at the keyboard (after a
        resume, nobody has lifted the curtain yet: the last human who decided)."""
        if self.holder is not None:
            return self.holder
        for action in reversed(self.session.actions):
            if not self.is_bot(action.seat):
                seat: int = action.seat
                return seat
        return None

    def _undo_start(self, seat: int | None = None) -> tuple[int | None, str]:
        """The index of the first action that `u` of `seat` (None: of the human at the
        keyboard) takes back, or None and why not."""
        session = self.session
        who = self.undoer() if seat is None else seat
        if who is None:
            return None, "There is no decision to take back."
        name = session.player_name(who)
        actions = session.actions
        for index in range(len(actions) - 1, -1, -1):
            mover = actions[index].seat
            if mover == who:
                while index > 0 and actions[index - 1].seat == who and is_part(actions[index - 1]):
                    index -= 1  # the decision began with its small moves
                if who == self.holder and index < self.took_at:
                    break
                if index < self.floor:
                    return None, f"{name} cannot take back their last decision: {self.why_final}."
                return index, ""
            if not self.is_bot(mover):  # another human decided since
                if seat is not None:  # (on their own terminal)
                    return None, f"{session.player_name(mover)} has decided since: {name}'s last decision stays."
                break
        if seat is not None:
            return None, f"{name} has no decision to take back."
        return None, f"{name} has no decision to take back since taking the keyboard."

    def can_undo(self, seat: int | None = None) -> bool:
        return self._undo_start(seat)[0] is not None

    def why_no_undo(self, seat: int | None = None) -> str:
        return self._undo_start(seat)[1]

    def undo_offer(self) -> str | None:
        """The name of the player who may take back a decision now, or None."""
        seat = self.undoer()
        if seat is None or not self.can_undo():
            return None
        return self.session.player_name(seat)

    def undo(self, seat: int | None = None) -> list[Any]:
        """Take back the last decision of the human at the keyboard (of `seat`, at a
        table where each player has their own) and the bots' moves after it, small moves
        and all; RuleError (nothing changed) when that is no longer allowed."""
        start, why = self._undo_start(seat)
        if start is None:
            raise RuleError(why)
        session = self.session
        who = session.actions[start].seat
        taken = session.take_back(len(session.actions) - start)
        bots = " and the bot moves after it" if any(move.seat != who for move in taken) else ""
        session.note(f"{session.player_name(who)} took back a decision{bots}.")
        # Asked on their own decision screen, they are still the one looking; asked
        # elsewhere (the next player's curtain), their secrets wait behind a curtain.
        own_screen = self.showing.kind == DECIDE and self.showing.seat == who
        self.private_ok = self.private_ok and own_screen and self.holder == who
        self.holder = who
        self.last_decider = who if own_screen else None
        return taken

    # ----- saves ------------------------------------------------------------------------
    def memo(self) -> dict[str, Any]:
        """What a save keeps, so that undo survives quit and resume."""
        return {"floor": self.floor, "why": self.why_final}

    def restore(self, memo: dict[str, Any] | None) -> None:
        """After a resume: the saved undo limit; nobody holds the keyboard yet."""
        actions = len(self.session.actions)
        if memo is None:  # a save of an older version: everything so far is final
            self.floor, self.why_final = actions, "the game was saved before"
            return
        self.floor = min(max(0, int(memo.get("floor", actions))), actions)
        self.why_final = "".join(c for c in str(memo.get("why", ""))[:200] if c.isprintable())
        if len(self.session.humans) > 1:
            self.holder = None
        self.private_ok = False


class KeyGuard:
    """Which keys may act, so that a double tap or a held key never passes a hand-off.

    `arm` when a new screen is put up, `drawn` once it is on the terminal. Keys are
    dropped until then (so keys queued meanwhile are flushed), for `hold` seconds after
    (on a guarded screen), and while a stream of keys that began before the screen goes
    on: auto-repeat sends a key every ~30 ms, so a key that comes less than `repeat_gap`
    after the previous one continues a held key, until one is accepted on this screen.
    Whatever the screen, a key less than `repeat_gap` after a dropped key belongs to the
    same burst (pasted text, a held key, keys typed as one) and is dropped too: a burst
    never acts in part. The app reports a key it dropped after the guard let it through
    (`dropped`: typed for a screen that has gone).
    """

    def __init__(self, hold: float = 0.8, repeat_gap: float = 0.25,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.hold = hold
        self.repeat_gap = repeat_gap
        self.clock = clock
        self.ready_at: float | None = 0.0  # None: the new screen is not drawn yet
        self.guarded = False
        self.started = True  # a key has been accepted on this screen
        self.last_key = float("-inf")
        self.dropping = False  # the last key was dropped: the rest of its burst is too
        self.screens = 0  # screens armed so far: `drawn` names the one it reports

    def arm(self, guarded: bool) -> int:
        """A new screen is being put up (`guarded`: drop keys for `hold` after it).
        Returns the number to give `drawn` once it is on the terminal."""
        self.ready_at = None
        self.guarded = guarded
        self.started = False
        self.screens += 1
        return self.screens

    def drawn(self, screen: int) -> None:
        """Screen number `screen` is on the terminal: the guard time starts now (a
        report of a screen already replaced is ignored)."""
        if screen == self.screens and self.ready_at is None:
            self.ready_at = self.clock()

    def allow(self, waited: float = 0.0) -> bool:
        """Whether a key may act (every key must be asked about). `waited`: how long it
        waited in the queue, so that its arrival is judged, not when it is handled."""
        now = self.clock() - max(0.0, waited)
        gap = now - self.last_key
        self.last_key = max(now, self.last_key)
        allowed = self._judge(now, gap)
        self.dropping = not allowed
        return allowed

    def _judge(self, now: float, gap: float) -> bool:
        if self.dropping and gap < self.repeat_gap:  # the rest of a dropped burst
            return False
        if self.ready_at is None or now < self.ready_at:  # before the screen was drawn
            return False
        if self.guarded and now < self.ready_at + self.hold:
            return False
        if not self.started:
            if gap < self.repeat_gap:
                return False
            self.started = True
        return True

    def dropped(self) -> None:
        """A key this guard let through was dropped after all (typed for a screen that
        has gone): the keys of its burst that follow are dropped too."""
        self.dropping = True

    def waiting(self) -> bool:
        """Whether keys are still being dropped on a guarded screen (for a hint)."""
        if self.ready_at is None:
            return True
        return self.guarded and self.clock() < self.ready_at + self.hold
