"""A seat's app keeps its decision screens between the seat's turns and shows each later
decision of their kind on them (`GameScreen.renew`): a renewed screen must draw exactly
what a new screen built for the same feed draws (its choices, titles, table, scores and
log), with no half-made choice left from the decision before."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from sherwood_tui import catalog
from sherwood_tui.core.bots import bot_action
from sherwood_tui.core.contract import Player
from sherwood_tui.core.session import Session
from sherwood_tui.ui.app import SherwoodApp
from sherwood_tui.ui.game_screen import GameScreen
from tests.ui.helpers import screen_text, widget_texts

NAMES = ("Robin", "Marian", "Much", "Tuck")
MOVES = 1500  # moves of a random game looked at, at most
RENEWALS = 3  # renewed screens compared, at most, of each kind
# The kinds each game's random game renews (Sheriff's pay screen, for a debt, rarely comes
# twice to a seat: tests/table/test_kept_screens_sheriff.py arranges it).
RENEWED = {
    "bleeding-sherwood": {"BiddingScreen", "CollectScreen"},
    "sheriff": {"SetAsideScreen", "DrawScreen", "PlaceScreen", "LoadScreen", "DeclareScreen", "OfferScreen",
                "ChooseScreen", "DecideScreen", "ConfiscateScreen"},
    "sherwood": {"AmbushScreen", "OrderScreen", "MissionChoiceScreen", "RewardScreen", "PrivateTownScreen",
                 "RansomScreen"},
}


async def drawn(pilot, screen: GameScreen) -> tuple[str, str]:
    """What `screen` draws (and holds in its widgets), shown over the app for a moment."""
    app = pilot.app
    app.push_screen(screen)
    await pilot.pause()
    await pilot.pause()
    shown = screen_text(app), widget_texts(screen)
    app.pop_screen()
    await pilot.pause()
    return shown


@pytest.mark.parametrize("game_id, players", [("bleeding-sherwood", 4), ("sheriff", 4), ("sherwood", 3)])
async def test_a_renewed_decision_screen_draws_what_a_new_one_would(tmp_path, game_id, players):
    info = catalog.get(game_id)
    game, screens = info.load(), info.load_screens()
    session = Session(game, [Player(name=name) for name in NAMES[:players]], {}, 7)
    rnd = random.Random(3)
    kept: dict[tuple[int, type], GameScreen] = {}
    renewed: Counter[str] = Counter()
    app = SherwoodApp(saves_dir=tmp_path, hints=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(MOVES):
            if session.is_over:
                break
            seat = game.to_act(session.state)[0]
            feed = session.feed(seat, private=True)
            fresh = screens.screen_for(feed)
            if fresh.RENEWABLE and renewed[type(fresh).__name__] < RENEWALS:
                old = kept.get((seat, type(fresh)))
                if old is None:
                    kept[(seat, type(fresh))] = fresh
                    app.install_screen(fresh, f"kept-{seat}-{type(fresh).__name__}")
                    await drawn(pilot, fresh)
                else:
                    assert old.renew(feed), f"{type(old).__name__} refused a decision of its kind"
                    assert await drawn(pilot, old) == await drawn(pilot, fresh), (
                        f"a renewed {type(old).__name__} draws otherwise than a new one")
                    renewed[type(old).__name__] += 1
            session.submit(bot_action(game, session.state, seat, "random", rnd))
    assert set(renewed) >= RENEWED[game_id], renewed
