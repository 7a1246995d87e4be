"""Fixed game positions for the snapshot tests, reached from fixed seeds.

A position is found by playing seeded random legal actions (chosen from the legal
actions in a canonical order, so a change in the order the rules list them does not
move the game) until a condition holds. Everything is a pure function of the seed and
the rules: no clock, fixed names.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sherwood_tui import catalog
from sherwood_tui.core.contract import Event, Player
from sherwood_tui.core.saves import write_save
from sherwood_tui.core.session import Session
from sherwood_tui.core.steps import is_part

NAMES = ("Robin", "Marian", "Much", "Will", "Tuck", "Alan")
PLAYERS = {"bleeding-sherwood": 4, "sheriff": 4, "sherwood": 4}
PICKER_INDEX = {info.id: i for i, info in enumerate(catalog.GAMES)}
FIXED_TIME = "2024-05-01T20:{:02d}:00"  # saved_at of the saves on the Continue screen
SEED_TRIES = 30


@dataclass
class Position:
    """The position before one action: who acts, what the app would show them, the
    action the walk takes and the public events it produces."""

    session: Session
    seat: int
    screen: str  # class name of the decision screen (screen_for)
    action: Any
    events: list[Event]


def new_session(game_id: str, seed: int, players: int | None = None, bots: dict[int, str] | None = None) -> Session:
    info = catalog.get(game_id)
    count = players or PLAYERS[game_id]
    bots = bots or {}
    table = [Player(name=NAMES[i], bot=bots.get(i)) for i in range(count)]
    return Session(info.load(), table, {}, seed)


def canonical(game, actions: list[Any]) -> list[Any]:
    return sorted(actions, key=lambda a: json.dumps(game.dump_action(a), sort_keys=True))


def walk(game_id: str, seed: int) -> Iterator[Position]:
    """Play a seeded random game, yielding the position before every decision (its first
    move: the rest of a decision of small moves is played unseen); the move is applied
    after the consumer resumes the generator."""
    session = new_session(game_id, seed)
    screens = catalog.get(game_id).load_screens()
    game = session.game
    rnd = random.Random(f"snapshot-{game_id}-{seed}")
    open_seat = None  # a decision of small moves under way: its seat goes on, unseen
    while not session.is_over:
        seat = session.next_seat() if open_seat is None else open_seat
        action = rnd.choice(canonical(game, game.legal_actions(session.state, seat)))
        _, events = game.apply(session.state, action)
        if open_seat is None:
            feed = session.feed(seat, game.is_private(session.state, seat))
            yield Position(session, seat, type(screens.screen_for(feed)).__name__, action, events)
        session.submit(action)
        open_seat = seat if is_part(action) else None


def find(game_id: str, seed: int, stop: Callable[[Position], bool], nth: int = 1) -> Position:
    """The nth position where `stop` holds, on the first seed from `seed` on whose game
    has one."""
    for s in range(seed, seed + SEED_TRIES):
        hits = 0
        for at in walk(game_id, s):
            if stop(at):
                hits += 1
                if hits == nth:
                    return at
    raise LookupError(f"no {game_id} game from seed {seed} on reaches this position")


def finished(game_id: str, seed: int) -> Session:
    """A whole seeded random game, played to the end."""
    *_, last = walk(game_id, seed)
    assert last.session.is_over
    return last.session


def save(
    session: Session, folder: Path, name: str, saved_at: str | None = None,
    bots: dict[int, str] | None = None,
) -> Path:
    """Write the session's save and return its path; with a fixed save time if given,
    and with some seats played by bots if asked (the rules do not depend on it)."""
    path = folder / f"{name}.json"
    write_save(session, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["saved_at"] = saved_at or FIXED_TIME.format(0)
    for seat, level in (bots or {}).items():
        data["players"][seat]["bot"] = level
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return path


# ----- conditions ------------------------------------------------------------------------
def shows(screen: str, when: Callable[[Position], bool] | None = None) -> Callable[[Position], bool]:
    """The next decision is shown on this screen class (and `when` holds)."""
    return lambda at: at.screen == screen and (when is None or when(at))


def makes(kind: str) -> Callable[[Position], bool]:
    """The next action produces a public event of this kind."""
    return lambda at: any(e.kind == kind for e in at.events)


def after(count: int, condition: Callable[[Position], bool]) -> Callable[[Position], bool]:
    """The condition, once at least `count` actions have been played."""
    return lambda at: len(at.session.actions) >= count and condition(at)
