"""Private news (`Game.private_news`): what a player alone learnt from their decision is
shown to them, on their own screen, before the keyboard passes; the next player's curtain
and screens never show it; when the table may have watched, a cover comes first."""

from __future__ import annotations

import pytest

from sherwood_tui import catalog
from sherwood_tui.core.contract import Player
from sherwood_tui.ui.app import SherwoodApp
from sherwood_tui.ui.game_screen import GameScreen, PrivateNewsScreen
from sherwood_tui.ui.screens import CurtainScreen
from tests.ui.helpers import screen_text, widget_texts

SECRET = "You drew the Silver Chalice"


@pytest.fixture
def news_of_first_move(monkeypatch):
    """Bleeding Sherwood whose first decision teaches its player a secret."""
    info = catalog.get("bleeding-sherwood")
    game_class = type(info.load())

    def private_news(self, before, action, after):
        return [SECRET] if action.seat == first[0] else []

    first: list[int] = []
    monkeypatch.setattr(game_class, "private_news", private_news)
    return info, first


async def start(pilot, info, first, humans=2):
    app = pilot.app
    await pilot.pause()
    players = [Player(name=n, bot=None if i < humans else "sensible") for i, n in enumerate(("Robin", "Marian", "Much"))]
    app.start_game(info, players, {}, seed=3)
    await pilot.pause()
    if isinstance(app.screen, CurtainScreen):
        first.append(app.screen.seat)
        await pilot.press("enter")
        await pilot.pause()
    else:
        first.append(app.screen.seat)
    screen = app.screen
    assert isinstance(screen, GameScreen) and screen.seat == first[0]
    return screen


async def decide(pilot, screen):
    session = pilot.app.session
    screen.submit(session.game.legal_actions(session.state, screen.seat)[0])
    await pilot.pause()


async def test_private_news_shown_to_the_decider_alone_before_the_curtain(news_of_first_move):
    info, first = news_of_first_move
    app = SherwoodApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, info, first)
        await decide(pilot, screen)
        news = app.screen
        assert isinstance(news, PrivateNewsScreen) and news.private and news.seat == first[0]
        assert SECRET in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat != first[0]
        assert SECRET not in screen_text(app) and SECRET not in widget_texts(app.screen)


async def test_private_news_after_a_public_decision_is_covered_first(news_of_first_move):
    info, first = news_of_first_move
    app = SherwoodApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, info, first)
        app.session.handoff.public_shown()  # as if the table had watched this decision
        await decide(pilot, screen)
        cover = app.screen
        assert isinstance(cover, PrivateNewsScreen) and not cover.private
        assert SECRET not in screen_text(app) and SECRET not in widget_texts(cover)
        assert "only you can see the screen" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PrivateNewsScreen) and SECRET in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)


async def test_private_news_needs_no_cover_with_one_human(news_of_first_move):
    info, first = news_of_first_move
    app = SherwoodApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, info, first, humans=1)
        app.session.handoff.public_shown()
        await decide(pilot, screen)
        assert isinstance(app.screen, PrivateNewsScreen) and app.screen.private
        assert SECRET in screen_text(app)


def test_private_news_screen_drops_keys_of_the_decision_a_moment(news_of_first_move):
    """A double tap on the decision never dismisses the news unseen: its screen is guarded."""
    from sherwood_tui.core.handoff import NEWS, Scene
    from sherwood_tui.core.session import Session

    info, _ = news_of_first_move
    session = Session(info.load(), [Player(name="Robin"), Player(name="Marian")] + [Player(name="Much")], {}, 3)
    assert session.handoff.guard_first_key(Scene(NEWS, 0, private=True))
    assert session.handoff.guard_first_key(Scene(NEWS, 0))
