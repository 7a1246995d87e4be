"""A seat's feed as JSON and back, for a seat on another terminal.

The host sends a seat exactly what a screen of the hot-seat app is given (a `AnyFeed`),
as JSON: its views through pydantic TypeAdapters of the types each game declares
(`Game.view_type`, `Game.public_view_type`), its moves as the game's save JSON. The seat
process has the same rules code, and rebuilds an equal feed.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import TypeAdapter

from sherwood_tui.core.contract import AnyGame, Event, Player, ScoreLine
from sherwood_tui.core.seat import AnyFeed, SeatFeed


@cache
def _adapter(kind: Any) -> TypeAdapter[Any]:
    return TypeAdapter(kind)


def _players() -> TypeAdapter[Any]:
    return _adapter(tuple[Player, ...])


def _scores() -> TypeAdapter[Any]:
    return _adapter(tuple[ScoreLine, ...])


def events_to_json(events: list[Event] | tuple[Event, ...]) -> list[list[str]]:
    """Public events as [kind, text] pairs (their text is what every seat reads)."""
    return [[event.kind, event.text] for event in events]


def events_from_json(data: Any) -> list[Event]:
    return [Event(text=str(text), kind=str(kind)) for kind, text in data]


def feed_to_json(feed: AnyFeed) -> dict[str, Any]:
    """`feed` as JSON-ready data."""
    game = feed.game
    return {
        "game": game.id,
        "seat": feed.seat,
        "players": _players().dump_python(feed.players, mode="json"),
        "private": feed.private,
        "view": None if feed.view is None else _adapter(game.view_type).dump_python(feed.view, mode="json"),
        "table": _adapter(game.public_view_type).dump_python(feed.table, mode="json"),
        "legal": [game.dump_action(action) for action in feed.legal],
        "log": events_to_json(feed.log),
        "scores": _scores().dump_python(feed.scores, mode="json"),
        "round_label": feed.round_label,
        "over": feed.over,
        "winners": list(feed.winners),
        "last_action": None if feed.last_action is None else game.dump_action(feed.last_action),
    }


def feed_from_json(game: AnyGame, data: dict[str, Any]) -> AnyFeed:
    """The feed `feed_to_json` wrote, for `game` (ValueError if it is another game's;
    pydantic's ValidationError if the data is not a feed)."""
    if data.get("game") != game.id:
        raise ValueError(f"a feed of {data.get('game')!r}, not of {game.id!r}")
    view = data["view"]
    last = data["last_action"]
    return SeatFeed(
        game=game,
        seat=data["seat"],
        players=_players().validate_python(data["players"]),
        private=bool(data["private"]),
        view=None if view is None else _adapter(game.view_type).validate_python(view),
        table=_adapter(game.public_view_type).validate_python(data["table"]),
        legal=tuple(game.parse_action(action) for action in data["legal"]),
        log=tuple(events_from_json(data["log"])),
        scores=_scores().validate_python(data["scores"]),
        round_label=str(data["round_label"]),
        over=bool(data["over"]),
        winners=tuple(int(seat) for seat in data["winners"]),
        last_action=None if last is None else game.parse_action(last),
    )
