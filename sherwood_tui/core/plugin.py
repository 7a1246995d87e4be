"""A game is one plug-in declared as data: its metadata, written once, and where each of
its parts lives, as "module:attr" references that one loader (`resolve`) imports when
the part is first asked for. Nothing is imported to declare a game, and nothing is
registered by importing anything.

Each game folder has a `plugin.py` declaring its `PLUGIN`; `sherwood_tui/catalog.py`
lists them (`GAMES`). The core finds a game by its id (`find`: saves, bots) through the
catalog's reference `CATALOG`, resolved on first use, without importing anything above it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from types import ModuleType
from typing import TYPE_CHECKING, Any

from sherwood_tui.core.levels import DEFAULT_PLAYOUTS
from sherwood_tui.core.options import GameOptions, NoOptions
from sherwood_tui.core.options import OptionSpec as OptionSpec  # re-exported: what setup offers

if TYPE_CHECKING:
    from sherwood_tui.core.contract import AnyGame


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
      when the log says the whole move; or None (the replay shows the move's fields);
    - `decision_text(moves, seat_view)`: a seat's whole decision (its small moves and
      the move that ends them) in the words of its screens, for a hint ("bid Silver Cup
      (6)"), from the seat's own view; or None (the moves' names)."""

    screen_for: Callable[..., Any]
    scoreboard_text: Callable[..., Any]
    interludes_for: Callable[..., list[Any]] = no_interludes
    table_text: Callable[..., Any] | None = None
    seat_text: Callable[[Any], Any] | None = None
    move_text: Callable[[Any, Any], Any] | None = None
    decision_text: Callable[[Any, Any], str] | None = None

    @classmethod
    def of_module(cls, module: ModuleType) -> GameScreens:
        """A screens module's functions of these names (the first two it must have)."""
        optional = {name: getattr(module, name) for name in ("interludes_for", "table_text", "seat_text", "move_text",
                                                      "decision_text")
                    if hasattr(module, name)}
        return cls(screen_for=module.screen_for, scoreboard_text=module.scoreboard_text, **optional)


@dataclass(frozen=True)
class Restriction:
    """A strategy a bot is kept from (restricted play: what is it worth?), in the game's
    words: `keep(view, legal)` is the part of the legal moves it may still make (the
    whole list if it would leave none)."""

    says: str  # "never smuggles"
    keep: Callable[[Any, list[Any]], list[Any]]


def resolve(reference: str) -> Any:
    """What a "module:attr" reference names ("module" alone: the module), imported now.
    The one place where the parts of the games are loaded."""
    module_name, _, attribute = reference.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attribute) if attribute else module


@dataclass(frozen=True)
class Parts:
    """Where a game's parts live, as "module:attr" references (loaded on first use)."""

    rules: str  # the rules object (a Game)
    bot: str  # the sensible bot: (view, legal, rnd) -> action
    invariants: str  # state -> problems (soak, tests)
    stats: str  # the simulator's counter of a step
    screens: str  # the screens module (imports textual: only the app asks), see GameScreens
    schema: str | None = None  # the pydantic model of the game's data file (its schema.py)
    restrictions: str | None = None  # the restrictions of its bots (`RESTRICTIONS` of rules/restrictions.py)
    expert: str | None = None  # what the expert's search is given (`KIT` of rules/expert.py: core.search.ExpertKit)
    options: str | None = None  # the game's options class (rules/options.py: core.options.GameOptions)
    # the whole table, public, for the column beside a bot's turn at 120x40 and larger:
    # (public view) -> widgets (imports textual: only the app asks); None: no column
    room: str | None = None

    @classmethod
    def of_game(cls, package: str, schema: str | None = None, options: str | None = None) -> Parts:
        """The parts of a game folder of the usual shape: `GAME` on the package; the
        sensible bot, invariants, stats, data schema (the model named `schema`) and
        options (the class named `options`) in `rules/`; the screens in `ui/screens.py`,
        the whole table's column (`whole_table`) there too."""
        return cls(
            rules=f"{package}:GAME",
            bot=f"{package}.rules.bot:sensible",
            invariants=f"{package}.rules.invariants:problems",
            stats=f"{package}.rules.stats:count_step",
            screens=f"{package}.ui.screens",
            schema=None if schema is None else f"{package}.rules.schema:{schema}",
            restrictions=f"{package}.rules.restrictions:RESTRICTIONS",
            expert=f"{package}.rules.expert:KIT",
            options=None if options is None else f"{package}.rules.options:{options}",
            room=f"{package}.ui.screens:whole_table",
        )


@dataclass(frozen=True, eq=False)
class GamePlugin:
    """One game: what the picker and setup show, and where its parts are."""

    id: str
    title: str
    blurb: str
    min_players: int
    max_players: int
    parts: Parts
    reference: str  # the rules reference in our own words: "package:file.md"
    asset: str = ""  # its component data file (assets/), which a playtester may replace
    # digests of earlier versions of the built-in data file whose saved games go on under
    # today's (a change that plays an old game out the same, e.g. a list of words)
    asset_continues: tuple[str, ...] = ()
    tiebreak_label: str = "Tie-break"
    # How many rounds the expert's playouts play before they are scored (by the score
    # totals, `core.search.estimate`); None plays each to the game's end. A horizon
    # scores a decision by what it does soon, with less of the later rounds' chance in
    # it: the numbers that chose each game's are in its plug-in.
    search_rounds: int | None = None
    # An expert's budget when none is given ("expert", a hint): the largest whose median
    # decision takes at most a second on one core here (`make bench` measures it).
    default_playouts: int = DEFAULT_PLAYOUTS
    ready: bool = True
    _loaded: dict[str, Any] = field(default_factory=dict, repr=False)

    @property
    def options_type(self) -> type[GameOptions]:
        """The game's options, one frozen dataclass (`core.options`; `Parts.options`,
        imported when first asked: the picker imports no game's rules)."""
        if self.parts.options is None:
            return NoOptions
        found: type[GameOptions] = resolve(self.parts.options)
        return found

    @property
    def options(self) -> tuple[OptionSpec, ...]:
        """What setup offers: the options class's fields (key, label, help, default)."""
        return self.options_type.specs()

    # Each part is looked up anew (its module is imported once): what it holds now is used.
    def load(self) -> AnyGame:
        """The game's rules object (made once, by its package)."""
        game: AnyGame = resolve(self.parts.rules)
        return game

    def load_screens(self) -> GameScreens:
        screens = self._loaded.get("screen set")
        if screens is None:
            screens = self._loaded["screen set"] = GameScreens.of_module(resolve(self.parts.screens))
        return screens

    def bot(self) -> Callable[..., Any]:
        """The sensible bot's function."""
        bot: Callable[..., Any] = resolve(self.parts.bot)
        return bot

    def invariants(self) -> Callable[[Any], list[str]]:
        """The game's invariants: state -> the problems found."""
        problems: Callable[[Any], list[str]] = resolve(self.parts.invariants)
        return problems

    def stats(self) -> Callable[..., None]:
        """The simulator's counter of a step."""
        count: Callable[..., None] = resolve(self.parts.stats)
        return count

    def room(self) -> Callable[[Any], Any] | None:
        """The game's whole table for the column a large terminal shows beside a bot's
        turn: (public view) -> widgets; or None (the bot's turn keeps its narrow table)."""
        if self.parts.room is None:
            return None
        whole_table: Callable[[Any], Any] = resolve(self.parts.room)
        return whole_table

    def restrictions(self) -> dict[str, Restriction]:
        """The restrictions a bot of this game may play under ("expert+honest"), by name."""
        if self.parts.restrictions is None:
            return {}
        found: dict[str, Restriction] = resolve(self.parts.restrictions)
        return found

    def expert_kit(self) -> Any:
        """What the expert's search is given in this game (`core.search.ExpertKit`), or
        None: the search then weighs the sensible bot's proposals (`core.search.default_kit`)."""
        return None if self.parts.expert is None else resolve(self.parts.expert)

    def schema(self) -> type[Any] | None:
        """The pydantic model of the game's data file, or None (no data file)."""
        if self.parts.schema is None:
            return None
        model: type[Any] = resolve(self.parts.schema)
        return model

    def rules_reference(self) -> str:
        package, _, name = self.reference.partition(":")
        return resources.files(package).joinpath(name).read_text(encoding="utf-8")


CATALOG = "sherwood_tui.catalog:GAMES"  # the list of the games (data: read when first needed)


def find(game_id: str) -> GamePlugin:
    """The catalog's game with this id; ValueError names the known ones otherwise."""
    games: tuple[GamePlugin, ...] = resolve(CATALOG)
    for plugin in games:
        if plugin.id == game_id:
            return plugin
    known = ", ".join(plugin.id for plugin in games)
    raise ValueError(f"unknown game {game_id!r} (known: {known})")
