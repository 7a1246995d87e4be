"""Privacy over random games, through the real app (Pilot).

Each game is started with several human seats (all humans, or humans and a bot) and a
fixed seed, then played to the end: a curtain is lifted with its key, a decision screen
submits a seeded random legal action the way the screen itself does (`screen.submit`),
an interlude (reveal, inspection, round summary) is passed with Enter, and now and then
the public table screens (Sheriff: v; Sherwood: m, p) are opened and closed. Every screen
shown is checked: as drawn (toasts included) and as held in its widgets, it shows no
secret (`Game.secret_texts`) of any seat but its own private viewer's. A failure names
the screen class, the seat, the secret, the seed and the step.

Each table is played at 80x24, and each game for some rounds at the large sizes (120x40,
160x50), where the screens show the whole table beside the decision.

Re-run one game with another seed: PRIVACY_SEED=123 pytest tests/ui/test_privacy_random.py
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from sherwood_tui import catalog
from sherwood_tui.core.contract import Player
from sherwood_tui.ui.app import SherwoodApp
from sherwood_tui.ui.game_screen import BotTurnScreen, GameScreen
from sherwood_tui.ui.screens import CurtainScreen, FinalScreen
from tests.ui.helpers import privacy_leaks

NAMES = ("Robin", "Marian", "Much", "Will", "Tuck")
# Keys that open a public table screen from a decision (or reveal) screen, per game.
PEEKS = {"bleeding-sherwood": (), "sheriff": ("v",), "sherwood": ("m", "p")}
MAX_STEPS = 900  # screens per complete game: far more than any of these games needs


class Privacy:
    """Plays one game through the app and checks each screen shown."""

    def __init__(self, pilot, game_id: str, seed: int) -> None:
        self.pilot = pilot
        self.app = pilot.app
        self.game_id = game_id
        self.seed = seed
        self.rnd = random.Random(seed)
        self.shown: Counter[str] = Counter()
        self.step = 0

    def check(self) -> None:
        app = self.app
        self.shown[type(app.screen).__name__] += 1
        leaks = privacy_leaks(app)
        assert not leaks, (
            f"{self.game_id} seed {self.seed}, step {self.step} "
            f"({len(app.session.actions)} actions):\n  " + "\n  ".join(leaks)
        )

    async def peek(self) -> None:
        """Open a public table screen, check it, close it."""
        for key in PEEKS[self.game_id]:
            below = self.app.screen
            if key in below._bindings.key_to_bindings and self.rnd.random() < 0.5:
                await self.pilot.press(key)
                assert self.app.screen is not below, f"{key} opened nothing on {type(below).__name__}"
                self.check()
                await self.pilot.press("escape")
                assert self.app.screen is below

    async def play(self, limit: int | None) -> None:
        """To the final scores, or `limit` steps (a step: a screen shown or an action)."""
        app, pilot = self.app, self.pilot
        last, same = None, 0
        for self.step in range(limit or MAX_STEPS):
            await pilot.pause()
            screen = app.screen
            same = same + 1 if screen is last else 0
            last = screen
            assert same < 20, f"{self.game_id} seed {self.seed}: stuck on {type(screen).__name__}"
            if same == 0:
                self.check()
            if isinstance(screen, FinalScreen):
                return
            if isinstance(screen, CurtainScreen):
                await pilot.press("enter")
            elif isinstance(screen, BotTurnScreen):
                continue  # the bot acts after the first refresh
            elif isinstance(screen, GameScreen):
                if self.rnd.random() < 0.15:
                    await self.peek()
                session = app.session
                actions = session.game.legal_actions(session.state, screen.seat)
                assert actions, f"{type(screen).__name__} of seat {screen.seat} has no legal action"
                screen.submit(self.rnd.choice(actions))
            elif "enter" in screen._bindings.key_to_bindings:  # a public interlude
                if self.rnd.random() < 0.3:
                    await self.peek()
                await pilot.press("enter")
            else:
                raise AssertionError(f"{self.game_id} seed {self.seed}: unexpected {type(screen).__name__}")
        if limit:
            await pilot.pause()  # let the last screen finish mounting before the app closes
            return
        raise AssertionError(f"{self.game_id} seed {self.seed}: the game did not end in {MAX_STEPS} screens")


ROUNDS = 120  # steps of a bounded game: several rounds of each game
TABLES = [
    # (game, seats: None for a human or a bot level, seed, steps: None plays to the end)
    ("bleeding-sherwood", [None, None, None], 11, None),
    ("bleeding-sherwood", [None, "sensible", None, None, "random"], 12, ROUNDS),
    ("sheriff", [None, None, None], 21, None),
    ("sherwood", [None, None, None], 31, None),
]  # (humans with bots at the other two games: the monkey tests and the full-game tests)


# Every table at 80x24, and each game's first table at the sizes that show the whole table
# beside the decision (sherwood_tui/ui/room.py), for several rounds: what a large terminal
# draws there is public too (its widgets are checked at 80x24 too, drawn or not).
LARGE = [(120, 40), (160, 50)]
LARGE_STEPS = 200
FIRST_TABLES = [table for i, table in enumerate(TABLES) if table[0] not in {t[0] for t in TABLES[:i]}]
# `make test` plays each table's first QUICK_STEPS steps at 80x24; the whole games and the
# large sizes are soak runs (`slow`: `make slow`, in CI).
QUICK_STEPS = 60
SOAK = pytest.mark.slow
RUNS = [
    pytest.param(game_id, seats, seed, QUICK_STEPS if limit is None else limit, (80, 24),
                 id=f"{game_id}-{len(seats)}p-{seed}-80x24-first-steps")
    for game_id, seats, seed, limit in TABLES
] + [
    pytest.param(game_id, seats, seed, limit, (80, 24), marks=SOAK, id=f"{game_id}-{len(seats)}p-{seed}-80x24")
    for game_id, seats, seed, limit in TABLES if limit is None
] + [
    pytest.param(game_id, seats, seed, LARGE_STEPS, size, marks=SOAK, id=f"{game_id}-{len(seats)}p-{seed}-{size[0]}x{size[1]}")
    for size in LARGE for game_id, seats, seed, _ in FIRST_TABLES
]


@pytest.mark.parametrize(("game_id", "seats", "seed", "limit", "size"), RUNS)
async def test_no_screen_shows_another_seats_secrets(game_id, seats, seed, limit, size, isolated_saves):
    seed = int(os.environ.get("PRIVACY_SEED", seed))
    info = catalog.get(game_id)
    game = info.load()
    rnd = random.Random(seed)
    players = [Player(name=NAMES[i], bot=bot) for i, bot in enumerate(seats)]
    options = {o.key: rnd.random() < 0.5 for o in game.options}
    app = SherwoodApp(saves_dir=isolated_saves, bot_delay=0)
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause()
        app.start_game(info, players, options, seed=seed)
        driver = Privacy(pilot, game_id, seed)
        await driver.play(limit)
        assert limit or app.session.is_over
        shown = driver.shown
        assert shown["CurtainScreen"] >= 4, shown
        rounds = 1 if limit and limit <= QUICK_STEPS else 2  # (the first steps: past a round's end)
        assert shown["RoundSummaryScreen"] >= rounds, f"fewer than {rounds + 1} rounds were played: {dict(shown)}"
        print(f"{game_id} seed {seed}: {len(app.session.actions)} actions, screens {dict(shown)}")
