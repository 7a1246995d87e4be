"""A game is one declared plug-in: its metadata, written once, and how to load each of
its parts. Cheap to import: the parts (rules, bot, screens...) load when first asked for.

Each game folder has a `plugin.py` declaring its `PLUGIN`; `sherwood_tui/catalog.py`
lists them and registers them here, so that the core (saves, bots) finds a game by its
id without importing anything above it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sherwood_tui.core.contract import AnyGame


@dataclass(frozen=True)
class OptionSpec:
    """A yes/no variant of a game, offered in player setup."""

    key: str
    label: str
    help: str = ""
    default: bool = False


def no_interludes(session: Any, events: list[Any]) -> list[Any]:
    """A game without public screens between its steps."""
    return []


@dataclass(frozen=True)
class GameScreens:
    """What the app needs of a game's screens (its screens module builds one). Screens
    are given a `SeatFeed` (core/seat.py): what one seat may see, never the state.

    - `screen_for(feed)`: the decision screen of `feed.seat` now (`feed.private`: with
      the seat's own view, after the curtain);
    - `scoreboard_text(feed, round_end=False)`: the public scoreboard;
    - `interludes_for(feed, events)`: public screens to show after a step (`feed` is
      the public table's; `feed.last_action` the move that made `events`);
    - `table_text(public_view)`: the public table on a bot's turn, or None;
    - `seat_text(seat_view)`: a seat's own view in words (its hand, bag, party...), as
      its private screens word it, for the replay's designer view; or None (the replay
      then words the view's fields itself);
    - `move_text(action, public_view)`: what the step's log lines do not say of a move
      (a party or a bag chosen in secret), in words, for the same view; None from it
      when the log says the whole move; or None (the replay shows the move's fields)."""

    screen_for: Callable[..., Any]
    scoreboard_text: Callable[..., Any]
    interludes_for: Callable[..., list[Any]] = no_interludes
    table_text: Callable[..., Any] | None = None
    seat_text: Callable[[Any], Any] | None = None
    move_text: Callable[[Any, Any], Any] | None = None


@dataclass(frozen=True, eq=False)
class GamePlugin:
    """One game: what the picker and setup show, and loaders of its parts."""

    id: str
    title: str
    blurb: str
    min_players: int
    max_players: int
    rules: Callable[[], AnyGame]  # the rules object (imports the rules)
    bot: Callable[[], Callable[..., Any]]  # the sensible bot: (view, legal, rnd) -> action
    invariants: Callable[[], Callable[[Any], list[str]]]  # state -> problems (soak, tests)
    stats: Callable[[], Callable[..., None]]  # the simulator's counter of a step
    screens: Callable[[], GameScreens]  # imports textual: only the app asks
    reference: Path  # the rules reference, in our own words (markdown)
    options: tuple[OptionSpec, ...] = ()
    asset: str = ""  # its component data file (assets/), which a playtester may replace
    schema: Callable[[], type[Any]] | None = None  # the pydantic model of that file (its schema.py)
    tiebreak_label: str = "Tie-break"
    ready: bool = True
    _loaded: dict[str, Any] = field(default_factory=dict, repr=False)

    def load(self) -> AnyGame:
        """The game's rules object (made once)."""
        game = self._loaded.get("rules")
        if game is None:
            game = self._loaded["rules"] = self.rules()
        return game

    def load_screens(self) -> GameScreens:
        screens = self._loaded.get("screens")
        if screens is None:
            screens = self._loaded["screens"] = self.screens()
        return screens

    def rules_reference(self) -> str:
        return self.reference.read_text(encoding="utf-8")


_REGISTERED: dict[str, GamePlugin] = {}


def register(*plugins: GamePlugin) -> None:
    """Make games known to the core (the catalog does this as it is imported)."""
    for plugin in plugins:
        _REGISTERED[plugin.id] = plugin


def find(game_id: str) -> GamePlugin:
    """The registered game with this id; ValueError names the known ones otherwise."""
    plugin = _REGISTERED.get(game_id)
    if plugin is None:
        known = ", ".join(_REGISTERED)
        raise ValueError(f"unknown game {game_id!r} (known: {known})")
    return plugin
