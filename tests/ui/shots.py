"""The snapshot set: every screen of every game, each reached the same way, for the tests
that draw them all (`test_snapshots.py`: SVG pictures; `test_contrast.py`: every cell
readable in true colour, 16 colours and NO_COLOR).

Each shot is one screen at one size: every screen at 80x24 (the smallest size the app
supports), the main table screens also at 120x36 (the same layout, stretched) and at
120x40 and 160x50 (the whole table beside the decision). Game positions come from fixed seeds
(see `snapshot_states.py`); the app opens a save of the position, lifts the curtain, and
`drive` brings it to the screen, recording which screen is on top, so that a test checks
it shows the intended one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from textual.widgets import Input

from sherwood_tui import catalog
from sherwood_tui.ui.app import SherwoodApp
from tests.ui.snapshot_states import (
    FIXED_TIME,
    PICKER_INDEX,
    Position,
    after,
    find,
    finished,
    makes,
    save,
    shows,
)

SMALL = (80, 24)
LARGE = (120, 36)  # wider, but too short for the whole table: the 80x24 layout, stretched
ROOMY = (120, 40)  # the whole table beside the decision (sherwood_tui/ui/room.py)
ROOMIER = (160, 50)
BOT_WAIT = 3600.0  # a bot's turn stays on screen for the picture
# Public screens shown between decisions: Enter goes on to the next one.
INTERLUDES = {"InspectionResultScreen", "RevealScreen", "SheriffScoreSheetScreen", "RoundSummaryScreen"}


@dataclass
class Plan:
    """How to bring the app to the screen: open a save, submit some actions through
    the app, lift the curtain, press keys."""

    resume: Path | None = None
    submit: list[Any] = field(default_factory=list)
    whole_log: bool = False  # the round summary starts at the beginning of the log
    lift: bool = True
    keys: tuple[str, ...] = ()
    bot_delay: float = 0


@dataclass(frozen=True)
class Shot:
    id: str
    expect: str  # class name of the screen on top when the picture is taken
    plan: Callable[[Path], Plan]
    size: tuple[int, int] = SMALL


# ----- positions (computed once per test run) ---------------------------------------------
@cache
def position(game: str, what: str) -> Position:
    """The named position of a game: the step before the action that gets there."""
    return find(game, *POSITIONS[game][what])


def bribed(session) -> bool:
    offer = session.game.public_view(session.state).offer
    return offer is not None and not offer.empty


POSITIONS: dict[str, dict[str, tuple]] = {
    "bleeding-sherwood": {
        "bidding": (1, after(6, shows("BiddingScreen"))),
        "collecting": (1, shows("CollectScreen"), 2),
        "round_end": (1, makes("round_end")),
        "game_end": (1, makes("game_end")),
    },
    "sheriff": {
        "set_aside": (1, after(40, shows("SetAsideScreen"))),
        "draw": (1, after(40, shows("DrawScreen"))),
        "place": (1, after(40, shows("PlaceScreen"))),
        "load": (1, after(40, shows("LoadScreen"))),
        "declare": (1, after(40, shows("DeclareScreen", lambda s: s.session.state.step == "declare"))),
        "choose": (1, after(40, shows("ChooseScreen"))),
        "offer": (1, shows("OfferScreen", lambda s: s.session.game.public_view(s.session.state).demand is None)),
        "answer": (1, shows("OfferScreen", lambda s: s.session.game.public_view(s.session.state).demand is not None)),
        "decide": (1, shows("DecideScreen", lambda s: bribed(s.session))),
        "confiscate": (1, shows("ConfiscateScreen")),
        "pay": (1, shows("PayScreen")),
        "open_bag": (1, lambda s: type(s.action).__name__ == "OpenBag"),
        "round_end": (1, makes("round_end")),
        "game_end": (1, makes("game_end")),
    },
    "sherwood": {
        "ambush": (1, after(16, shows("AmbushScreen"))),
        "mission": (1, shows("MissionChoiceScreen"), 2),
        "reward": (1, shows("RewardScreen"), 2),
        "town": (1, shows("TownScreen")),
        "private_town": (1, shows("PrivateTownScreen")),
        "order": (1, after(20, shows("OrderScreen"))),
        "ransom": (1, after(20, shows("RansomScreen"))),
        "reveal": (1, after(30, makes("reveal"))),
        "round_end": (1, makes("round_end")),
        "game_end": (1, makes("game_end")),
    },
}


# ----- plans -----------------------------------------------------------------------------
def at(game: str, what: str, *keys: str, lift: bool = True, bot: bool = False) -> Callable[[Path], Plan]:
    """Open a save of the position (its next seat a bot, if asked), then press keys."""

    def plan(folder: Path) -> Plan:
        step = position(game, what)
        bots = {step.seat: "sensible"} if bot else None
        path = save(step.session, folder, f"{game}-{what}", bots=bots)
        return Plan(resume=path, lift=lift, keys=keys, bot_delay=BOT_WAIT if bot else 0)

    return plan


def through(game: str, what: str, *keys: str) -> Callable[[Path], Plan]:
    """Open a save of the position, then submit the action that gets there (whose
    interlude screens then show), then press keys."""

    def plan(folder: Path) -> Plan:
        step = position(game, what)
        path = save(step.session, folder, f"{game}-{what}")
        return Plan(resume=path, submit=[step.action], keys=keys)

    return plan


def whole_round(game: str) -> Callable[[Path], Plan]:
    """Open a save of the position before the first round ends, submit the action that
    ends it, and show the whole round on the summary (as a game started in the app
    does: a resumed game only sums up what happened since it was opened)."""

    def plan(folder: Path) -> Plan:
        step = position(game, "round_end")
        path = save(step.session, folder, f"{game}-round")
        return Plan(resume=path, submit=[step.action], whole_log=True)

    return plan


def over(game: str) -> Callable[[Path], Plan]:
    """Open the save of a finished game: the final score sheet."""

    def plan(folder: Path) -> Plan:
        step = position(game, "game_end")
        return Plan(resume=save(finished(game, step.session.seed), folder, f"{game}-over"))

    return plan


def picker(*keys: str) -> Callable[[Path], Plan]:
    return lambda folder: Plan(keys=keys)


def setup(game: str) -> Callable[[Path], Plan]:
    return picker(*["down"] * PICKER_INDEX[game], "enter")


def saved_games(folder: Path) -> Plan:
    """The Continue screen with one save of each game (fixed save times)."""
    for minute, info in enumerate(catalog.GAMES):
        step = position(info.id, "round_end")
        save(step.session, folder, f"{info.id}-saved", saved_at=FIXED_TIME.format(minute))
    return Plan(keys=("c",))


# ----- the pictures ----------------------------------------------------------------------
def game_shots(game: str, main: str, main_screen: str, public: str) -> list[Shot]:
    """The screens every game has: `main` is a private decision (behind the curtain),
    `public` a decision of a single seat (played by a bot for the bot's turn)."""
    return [
        Shot(f"{game}-setup", "SetupScreen", setup(game)),
        Shot(f"{game}-curtain", "CurtainScreen", at(game, main, lift=False)),
        Shot(f"{game}-help", "HelpScreen", at(game, main, "f1")),
        Shot(f"{game}-rules", "RulesScreen", at(game, main, "f2")),
        Shot(f"{game}-bot-turn", "BotTurnScreen", at(game, public, bot=True)),
        Shot(f"{game}-round-summary", "RoundSummaryScreen", whole_round(game)),
        Shot(f"{game}-final", "FinalScreen", over(game)),
        Shot(f"{game}-{main}", main_screen, at(game, main)),
        Shot(f"{game}-{main}-large", main_screen, at(game, main), LARGE),
    ]


BLEEDING = "bleeding-sherwood"
SHOTS: list[Shot] = [
    Shot("picker", "PickerScreen", picker()),
    Shot("picker-large", "PickerScreen", picker(), LARGE),
    Shot("picker-help", "HelpScreen", picker("f1")),
    Shot("too-small", "TooSmallScreen", picker(), (60, 20)),
    Shot("continue", "ContinueScreen", saved_games),
    Shot("quit", "QuitScreen", at(BLEEDING, "collecting", "ctrl+q")),
    # Bleeding Sherwood
    *game_shots(BLEEDING, "bidding", "BiddingScreen", "collecting"),
    Shot("bleeding-sherwood-collecting", "CollectScreen", at(BLEEDING, "collecting")),
    Shot("bleeding-sherwood-collecting-large", "CollectScreen", at(BLEEDING, "collecting"), LARGE),
    # Sheriff of Nottingham
    *game_shots("sheriff", "load", "LoadScreen", "choose"),
    Shot("sheriff-market-set-aside", "SetAsideScreen", at("sheriff", "set_aside")),
    Shot("sheriff-market-draw", "DrawScreen", at("sheriff", "draw")),
    Shot("sheriff-market-place", "PlaceScreen", at("sheriff", "place")),
    Shot("sheriff-declare", "DeclareScreen", at("sheriff", "declare")),
    Shot("sheriff-table-view", "SheriffTableScreen", at("sheriff", "declare", "v")),
    Shot("sheriff-choose", "ChooseScreen", at("sheriff", "choose")),
    Shot("sheriff-choose-large", "ChooseScreen", at("sheriff", "choose"), LARGE),
    Shot("sheriff-offer", "OfferScreen", at("sheriff", "offer")),
    Shot("sheriff-decide", "DecideScreen", at("sheriff", "decide")),
    Shot("sheriff-decide-large", "DecideScreen", at("sheriff", "decide"), LARGE),
    Shot("sheriff-counter", "CounterScreen", at("sheriff", "decide", "c")),
    Shot("sheriff-merchant-answer", "OfferScreen", at("sheriff", "answer")),
    Shot("sheriff-confiscate", "ConfiscateScreen", at("sheriff", "confiscate")),
    Shot("sheriff-pay", "PayScreen", at("sheriff", "pay")),
    Shot("sheriff-inspection-result", "InspectionResultScreen", through("sheriff", "open_bag")),
    Shot("sheriff-score-sheet", "SheriffScoreSheetScreen", through("sheriff", "game_end")),
    # Sherwood (2005)
    *game_shots("sherwood", "ambush", "AmbushScreen", "town"),
    Shot("sherwood-map", "MapView", at("sherwood", "ambush", "m")),
    Shot("sherwood-prison", "PrisonView", at("sherwood", "ambush", "p")),
    Shot("sherwood-reveal", "RevealScreen", through("sherwood", "reveal")),
    Shot("sherwood-reveal-large", "RevealScreen", through("sherwood", "reveal"), LARGE),
    Shot("sherwood-mission", "MissionChoiceScreen", at("sherwood", "mission")),
    Shot("sherwood-reward", "RewardScreen", at("sherwood", "reward")),
    Shot("sherwood-town", "TownScreen", at("sherwood", "town")),
    Shot("sherwood-town-large", "TownScreen", at("sherwood", "town"), LARGE),
    Shot("sherwood-town-private", "PrivateTownScreen", at("sherwood", "private_town")),
    Shot("sherwood-order-prisoners", "OrderScreen", at("sherwood", "order")),
    Shot("sherwood-ransom", "RansomScreen", at("sherwood", "ransom")),
]


# The main screens of each game at the sizes that show the whole table.
ROOMY_SHOTS = [
    ("bleeding-sherwood-bidding", "BiddingScreen", at(BLEEDING, "bidding")),
    ("bleeding-sherwood-collecting", "CollectScreen", at(BLEEDING, "collecting")),
    ("sheriff-market-draw", "DrawScreen", at("sheriff", "draw")),
    ("sheriff-load", "LoadScreen", at("sheriff", "load")),
    ("sheriff-offer", "OfferScreen", at("sheriff", "offer")),
    ("sheriff-choose", "ChooseScreen", at("sheriff", "choose")),
    ("sheriff-decide", "DecideScreen", at("sheriff", "decide")),
    ("sherwood-ambush", "AmbushScreen", at("sherwood", "ambush")),
    ("sherwood-mission", "MissionChoiceScreen", at("sherwood", "mission")),
    ("sherwood-reward", "RewardScreen", at("sherwood", "reward")),
    ("sherwood-town", "TownScreen", at("sherwood", "town")),
    *[(f"{game}-final", "FinalScreen", over(game)) for game in (BLEEDING, "sheriff", "sherwood")],
]
SHOTS += [Shot(f"{name}-{w}x{h}", expect, plan, (w, h)) for (w, h) in (ROOMY, ROOMIER)
          for name, expect, plan in ROOMY_SHOTS]


async def drive(pilot, plan: Plan, expect: str, seen: list[str]) -> None:
    app = pilot.app
    await pilot.pause()
    if plan.whole_log:
        app.summary_mark = 0
    for action in plan.submit:
        app.submit(action)
        await pilot.pause()
    if plan.lift and type(app.screen).__name__ == "CurtainScreen":
        await pilot.press("enter")
        await pilot.pause()
    for key in plan.keys:
        await pilot.press(key)
        await pilot.pause()
    for _ in range(3):  # on to the screen wanted, through the interludes before it
        name = type(app.screen).__name__
        if name == expect or name not in INTERLUDES:
            break
        await pilot.press("enter")
        await pilot.pause()
    for widget in app.screen.query(Input):  # a blinking cursor would make the picture flicker
        widget.cursor_blink = False
    await pilot.pause()
    seen.append(type(app.screen).__name__)


def open_app(shot: Shot, folder: Path) -> tuple[SherwoodApp, Plan]:
    """The app for a shot, its saves in `folder` (which must exist), and its plan."""
    plan = shot.plan(folder)
    app = SherwoodApp(saves_dir=folder, resume_path=plan.resume, bot_delay=plan.bot_delay)
    return app, plan
