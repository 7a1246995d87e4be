"""A game in progress: the rules object, its seed and actions, and its hand-off policy.

UI-free: the app drives a Session, tests drive it directly. The state is always the
replay of `seed` and `actions`, which is also what a save holds (with the undo limit).
The hot-seat app and a table's host drive its bots the same way (`Session.bot_turn`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from sherwood_tui.core.contract import AnyGame, Event, Player
from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.handoff import BOT, HandOff
from sherwood_tui.core.options import GameOptions
from sherwood_tui.core.seat import AnyFeed, feed_of
from sherwood_tui.core.steps import MAX_DECISION_MOVES, as_moves


class Session:
    """One game being played: applies actions, tracks who last saw secrets, and undo."""

    def __init__(
        self,
        game: AnyGame,
        players: list[Player],
        options: Mapping[str, bool] | GameOptions | None = None,
        seed: int | None = None,
    ) -> None:
        self.game = game
        self.players = list(players)
        self.seed = random.randrange(2**62) if seed is None else seed
        # the dict form, every option named (a save's): the rules keep the object on the state
        self.options = game.check_options({} if options is None else options).as_dict()
        self.state, opening = game.start(self.players, self.options, self.seed)
        self.actions: list[Any] = []
        self.log: list[Event] = [Event(text=f"A game of {game.title} begins."), *opening]
        self.log_marks: list[int] = []  # the log's length before each action
        self.handoff = HandOff(self)  # curtains and undo: see core/handoff.py
        # the moves of the last decision, each with the states before and after it
        self.last_moves: list[tuple[Any, Any, Any]] = []

    # ----- replay -----------------------------------------------------------------------
    @classmethod
    def replay(
        cls, game: AnyGame, players: list[Player], options: Mapping[str, bool] | GameOptions, seed: int,
        actions: list[Any],
    ) -> Session:
        """Rebuild a session from its seed and actions (RuleError if one is illegal)."""
        session = cls(game, players, options, seed)
        for index, action in enumerate(actions):
            try:
                session._apply(action)
            except RuleError as err:
                raise RuleError(f"action {index + 1} is not legal: {err}") from None
        session.handoff.restore(None)
        return session

    # ----- whose turn -----------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def next_seat(self) -> int | None:
        """The seat to serve next (see `HandOff.next_scene`), or None."""
        return self.handoff.next_scene().seat

    @property
    def humans(self) -> list[int]:
        return [seat for seat, player in enumerate(self.players) if player.bot is None]

    # ----- acting -----------------------------------------------------------------------
    def _apply(self, action: Any) -> list[Event]:
        """Apply one move (a replay's: no hand-off)."""
        state, events = self.game.apply(self.state, action)
        self.state = state
        self.log_marks.append(len(self.log))
        self.actions.append(action)
        self.log.extend(events)
        return events

    def submit(self, decision: Any) -> list[Event]:
        """Apply a seat's decision: one move, or a sequence of its small moves (a bag
        loaded card by card, then closed), all or nothing: a RuleError from any of them
        leaves everything unchanged. Returns the public events of them all."""
        moves = as_moves(decision)
        if not moves:
            raise RuleError("That decision has no moves.")
        if len(moves) > MAX_DECISION_MOVES:
            raise RuleError(f"A decision has at most {MAX_DECISION_MOVES} moves.")
        seat = getattr(moves[0], "seat", None)
        steps: list[tuple[Any, Any, Any, list[Event]]] = []
        state = self.state
        for move in moves:
            if getattr(move, "seat", None) != seat:
                raise RuleError("A decision is one player's moves.")
            after, events = self.game.apply(state, move)
            steps.append((state, move, after, events))
            state = after
        every: list[Event] = []
        self.last_moves = [(before, move, after) for before, move, after, _ in steps]
        for before, move, after, events in steps:
            self.state = after
            self.log_marks.append(len(self.log))
            self.actions.append(move)
            self.log.extend(events)
            self.handoff.decided(before, move, events)
            every.extend(events)
        return every

    def take_back(self, count: int) -> list[Any]:
        """Remove the last `count` actions (the state is replayed from the seed); returns
        them. Only `HandOff.undo` decides what may be taken back."""
        keep = len(self.actions) - count
        kept, taken = self.actions[:keep], self.actions[keep:]
        rebuilt = Session.replay(self.game, self.players, self.options, self.seed, kept)
        self.state, self.actions = rebuilt.state, rebuilt.actions
        del self.log[self.log_marks[keep] :]  # the log keeps the notes before (earlier undos)
        del self.log_marks[keep:]
        return taken

    def bot_turn(self, playouts: int | None = None) -> BotTurn | None:
        """The bot move due now, if one is (`HandOff.next_scene`: when no human must
        decide); `playouts`: a plain expert's budget (None: its game's)."""
        from sherwood_tui.core.levels import with_budget

        scene = self.handoff.next_scene()
        if scene.kind != BOT or scene.seat is None:
            return None
        level = self.handoff.level(scene.seat)
        assert level is not None
        return BotTurn(self, scene.seat, with_budget(level, playouts), self.state, len(self.actions))

    def feed(self, seat: int | None, private: bool = False) -> AnyFeed:
        """What `seat` may see now (None: the public table); `private` adds its own view."""
        last = self.actions[-1] if self.actions else None
        return feed_of(self.game, self.state, self.players, self.log, seat, private, last)

    def private_news(self) -> list[str]:
        """What the seat of the last decision alone learnt from it (`Game.private_news`
        of each of its moves), for its eyes only."""
        return [line for before, move, after in self.last_moves for line in self.game.private_news(before, move, after)]

    def note(self, text: str) -> None:
        """Add a line of the session's own (not of the rules) to the public log."""
        self.log.append(Event(text=text))

    def player(self, seat: int) -> Player:
        return self.players[seat]

    def player_name(self, seat: int) -> str:
        return self.players[seat].name


@dataclass(frozen=True, eq=False)
class BotTurn:
    """A bot's move that is due (`Session.bot_turn`), as the hot-seat app and a table's
    host both play it: the bot decides from its seat's view of the game as it was asked
    (`state`, after `count` actions: the game's seed and that count seed its random
    choices), and its decision is played only if the game is still there."""

    session: Session
    seat: int
    level: str
    state: Any
    count: int

    @property
    def thinks(self) -> bool:
        """Whether the bot searches (an expert: a second or more): decide in a thread."""
        return self.level.startswith("expert")

    def decide(self, stop: Callable[[], bool] | None = None) -> Any:
        """The bot's decision (`stop()`, asked during an expert's search, ends it early); an
        expert searches in worker processes beside the app's (`core/thinker.py`)."""
        from sherwood_tui.core.bots import bot_action

        if self.thinks:
            from sherwood_tui.core import thinker

            thinker.start()

        rnd = random.Random(f"{self.session.seed}-{self.count}")
        return bot_action(self.session.game, self.state, self.seat, self.level, rnd, stop=stop)

    def current(self) -> bool:
        """Whether the game is still where the bot was asked (nothing was played or taken
        back since, and the seat is still a bot's)."""
        session = self.session
        return (session.state is self.state and len(session.actions) == self.count
                and session.handoff.is_bot(self.seat))

    def play(self, decision: Any) -> list[Event]:
        """Play the bot's decision (`Session.submit`); RuleError, nothing changed, when the
        game has moved on since it was asked."""
        if not self.current():
            raise RuleError("The game has moved on since the bot was asked.")
        return self.session.submit(decision)
