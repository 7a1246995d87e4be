"""A game in progress: the rules object, its seed and actions, the curtain and undo.

UI-free: the app drives a Session, tests drive it directly. The state is always the
replay of `seed` and `actions`, which is also what a save holds.
"""

from __future__ import annotations

import random
from typing import Any

from sherwood_tui.core.contract import Event, Game, Player
from sherwood_tui.core.errors import RuleError


class Session:
    """One game being played: applies actions, tracks who last saw secrets, and undo."""

    def __init__(
        self,
        game: Game,
        players: list[Player],
        options: dict[str, bool] | None = None,
        seed: int | None = None,
    ) -> None:
        self.game = game
        self.players = list(players)
        self.seed = random.randrange(2**62) if seed is None else seed
        self.options = game.check_options(options or {})
        self.state, opening = game.start(self.players, self.options, self.seed)
        self.actions: list[Any] = []
        self.log: list[Event] = [Event(text=f"A game of {game.title} begins."), *opening]
        self.viewer: int | None = None  # the human who last saw private information
        self.undo_floor = 0  # actions below this index can no longer be taken back

    # ----- replay -----------------------------------------------------------------------
    @classmethod
    def replay(
        cls, game: Game, players: list[Player], options: dict[str, bool], seed: int,
        actions: list[Any],
    ) -> "Session":
        """Rebuild a session from its seed and actions (RuleError if one is illegal)."""
        session = cls(game, players, options, seed)
        for index, action in enumerate(actions):
            try:
                session._apply(action)
            except RuleError as err:
                raise RuleError(f"action {index + 1} is not legal: {err}") from None
        session.undo_floor = len(session.actions)
        return session

    # ----- whose turn -----------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def next_seat(self) -> int | None:
        """The seat to serve next: the current viewer if they must act, else the first."""
        seats = self.game.to_act(self.state)
        if not seats:
            return None
        humans = [s for s in seats if self.players[s].bot is None]
        if self.viewer in humans:
            return self.viewer
        return (humans or seats)[0]

    @property
    def humans(self) -> list[int]:
        return [seat for seat, player in enumerate(self.players) if player.bot is None]

    def needs_curtain(self, seat: int) -> bool:
        """A private decision of a human other than the one who last saw secrets.
        With a single human at the table (the rest bots) there is never a curtain."""
        return (
            len(self.humans) > 1
            and self.players[seat].bot is None
            and self.game.is_private(self.state, seat)
            and seat != self.viewer
        )

    def lift_curtain(self, seat: int) -> None:
        """`seat` confirmed that only they see the screen: earlier moves are now final."""
        self.viewer = seat
        self.undo_floor = len(self.actions)

    # ----- acting -----------------------------------------------------------------------
    def _apply(self, action: Any) -> list[Event]:
        state, events = self.game.apply(self.state, action)
        self.state = state
        self.actions.append(action)
        self.log.extend(events)
        return events

    def submit(self, action: Any) -> list[Event]:
        """Apply a seat's action; RuleError leaves everything unchanged.

        A public decision was watched by the whole table, so the next private decision
        needs the curtain whoever makes it. A final step (see `Game.is_final`) and any
        earlier step can no longer be taken back; nor can a step once another seat acts."""
        before = self.state
        if self.actions and self.actions[-1].seat != action.seat:
            floor = len(self.actions)
        else:
            floor = self.undo_floor
        events = self._apply(action)
        self.undo_floor = floor
        if self.game.is_final(before, action, events):
            self.undo_floor = len(self.actions)
        if not self.game.is_private(before, action.seat):
            self.viewer = None
        return events

    def can_undo(self, seat: int | None = None) -> bool:
        """Whether the last decision may be taken back (by `seat`, if given)."""
        if len(self.actions) <= self.undo_floor:
            return False
        return seat is None or self.actions[-1].seat == seat

    def undo(self) -> Any:
        """Take back the last decision; returns the action taken back."""
        if not self.can_undo():
            raise RuleError("There is no decision of yours left to take back.")
        last = self.actions[-1]
        floor = self.undo_floor
        rebuilt = Session.replay(self.game, self.players, self.options, self.seed, self.actions[:-1])
        self.state, self.actions, self.log = rebuilt.state, rebuilt.actions, rebuilt.log
        self.log.append(Event(text=f"{self.players[last.seat].name} took back a decision."))
        self.undo_floor = floor
        self.viewer = None  # whoever pressed the key: the curtain names the player first
        return last

    def player_name(self, seat: int) -> str:
        return self.players[seat].name
