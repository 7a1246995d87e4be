"""What one seat may see at one moment: the whole input of a game screen.

A screen is given a `SeatFeed`, never the game's state: the seat's own view (only on a
private screen), the public view, the seat's legal actions, the public log and the
public scores. It sends back the action its player chose. The same feed is what a
remote seat would be sent: it holds nothing the seat may not know.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from sherwood_tui.core.contract import AnyGame, Event, Player, ScoreLine

V = TypeVar("V")  # the game's view of one seat
T = TypeVar("T")  # the game's public view


@dataclass(frozen=True, slots=True)
class SeatFeed(Generic[V, T]):
    """One seat's part of the game now (`seat` None: the table as everyone sees it),
    typed by the game's seat view `V` and public view `T`."""

    game: AnyGame  # the rules: the title, and pure functions over the views below
    seat: int | None
    players: tuple[Player, ...]
    private: bool  # `view` holds the seat's secrets: shown only after the curtain
    view: V | None  # the seat's own view on a private screen, else None
    table: T  # the public view
    legal: tuple[Any, ...]  # the seat's legal actions now (none without a seat to act)
    log: tuple[Event, ...]  # the public log
    scores: tuple[ScoreLine, ...]  # the public scores (as the scoreboard shows them)
    round_label: str
    over: bool
    winners: tuple[int, ...]  # once the game is over
    last_action: Any = None  # the move that led here (public: it is in the log)
    # The deciding seat's own view on its public decision screen (the Sheriff's inspection,
    # a Sherwood town), for its hint's search only: never drawn (a hint from it is shown
    # only once the others have looked away). Not part of the feed's identity (nor sent to a
    # seat's terminal, which has its own view): feeds equal without it.
    hint_view: V | None = field(default=None, compare=False)

    def name(self, seat: int) -> str:
        return self.players[seat].name

    @property
    def actor_name(self) -> str:
        return "" if self.seat is None else self.players[self.seat].name


AnyFeed = SeatFeed[Any, Any]  # a feed of any game (the app, the table, the workbench)


def feed_of(game: AnyGame, state: Any, players: list[Player], log: list[Event], seat: int | None,
            private: bool = False, last_action: Any = None) -> AnyFeed:
    """The feed of `seat` (None: the public table) in `state`; `private` adds the seat's
    own view (its secrets)."""
    over = game.is_over(state)
    acting = seat is not None and not over and seat in game.to_act(state)
    return SeatFeed(
        game=game,
        seat=seat,
        players=tuple(players),
        private=private,
        view=game.view(state, seat) if private and seat is not None else None,
        table=game.public_view(state),
        legal=tuple(game.legal_actions(state, seat)) if acting and seat is not None else (),
        log=tuple(log),
        scores=tuple(game.scores(state)),
        round_label=game.round_label(state),
        over=over,
        winners=tuple(game.winners(state)) if over else (),
        last_action=last_action,
        hint_view=game.view(state, seat) if acting and not private and seat is not None else None,
    )
