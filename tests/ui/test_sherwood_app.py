"""Pilot tests: Sherwood (2005) played through the real app with the keyboard only.

The full games start from the picker and end on the final tally, pressing keys only;
the driver reads the screen type (and the public table) to decide which keys to press.
At every step the drawn screen is checked for other seats' secrets.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import sherwood_tui.core.session as session_module
from sherwood_tui.games.sherwood.rules.data import data
from sherwood_tui.games.sherwood.ui.screens import (
    AmbushScreen,
    MapView,
    MissionChoiceScreen,
    OrderScreen,
    PrisonView,
    RansomScreen,
    RevealScreen,
    RewardScreen,
    TownScreen,
)
from sherwood_tui.ui.app import SherwoodApp
from sherwood_tui.ui.game_screen import PrivateNewsScreen
from sherwood_tui.ui.picker import PickerScreen
from sherwood_tui.ui.screens import (
    CurtainScreen,
    FinalScreen,
    HelpScreen,
    RoundSummaryScreen,
    SetupScreen,
)
from tests.contract_checks import changed
from tests.ui.helpers import assert_hidden, screen_text, set_players, widget_texts


@pytest.fixture
def seeded(monkeypatch):
    """Fix the seed the app gives a new game, so each full game is the same every run."""

    def use(seed: int) -> None:
        monkeypatch.setattr(session_module.random, "randrange", lambda _n: seed)

    return use


async def start(pilot, players: int) -> None:
    """From the picker: highlight Sherwood (2005), open its setup, set players, start."""
    await pilot.pause()
    games = pilot.app.screen.query_one("#games")
    for _ in range(6):
        if games.highlighted_option.id == "sherwood":
            break
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, SetupScreen)
    await set_players(pilot, players, 4)
    await pilot.press("ctrl+s")
    await pilot.pause()


def public_names(session) -> set[str]:
    """Loot names that have been shown to everyone (spent in a revealed ambush): a card
    reshuffled from the discards into another hand is no longer a secret of that hand."""
    log = "\n".join(e.text for e in session.log)
    return {c.name for c in data().loot if c.name in log}


def check_privacy(app) -> None:
    """The drawn screen holds no secret of any seat but the one whose private screen it is."""
    session, screen, text = app.session, app.screen, screen_text(app)
    game, state = session.game, session.state
    viewer = screen.seat if getattr(screen, "private", False) else None
    public = public_names(session)
    for seat in range(len(session.players)):
        if seat != viewer:
            secrets = game.secret_texts(state, seat) - public
            assert_hidden(text, secrets, f"{type(screen).__name__} (seat {seat})")


async def press(pilot, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)


async def ambush_keys(pilot, rnd: random.Random, screen: AmbushScreen) -> list[str]:
    """A party of one to three (sometimes nobody), now and then with loot."""
    numbers = [screen.band.index(c) + 1 for c in screen.avail if screen.band.index(c) < 9]
    if not numbers or rnd.random() < 0.12:
        return ["enter"]
    picks = rnd.sample(numbers, min(len(numbers), rnd.choice((1, 2, 2, 3))))
    keys = [str(n) for n in picks]
    loot = data().loot
    kinds = {loot[c].kind for c in screen.hand}
    if "personal" in kinds and rnd.random() < 0.5:
        keys.append("l")
    elif "group" in kinds and rnd.random() < 0.5:
        keys.append("g")
    return keys + ["enter"]


async def play_to_the_end(pilot, rnd: random.Random, max_steps: int = 2000) -> Counter:
    """Answer every screen with a few keys until the final tally; count what was seen."""
    app = pilot.app
    seen: Counter = Counter()
    for _ in range(max_steps):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, FinalScreen):
            return seen
        check_privacy(app)
        seen[type(screen).__name__] += 1
        if isinstance(screen, AmbushScreen):
            keys = await ambush_keys(pilot, rnd, screen)
            await press(pilot, *keys[:-1])
            check_privacy(app)  # the plan on screen shows only this seat's loot
            await press(pilot, keys[-1])
        elif isinstance(screen, TownScreen):
            if screen.can_decline and rnd.random() < 0.3:
                await press(pilot, "x")
                continue
            if screen.reward.reward == "champion":
                seen["champion on the map"] += 1
            for _ in range(rnd.randrange(3)):
                await press(pilot, rnd.choice(("left", "right", "up", "down", "tab")))
            await press(pilot, "enter")
        elif isinstance(screen, (MissionChoiceScreen, RewardScreen, RansomScreen)):
            if rnd.random() < 0.3:
                await press(pilot, "down")
            await press(pilot, "enter")
        elif isinstance(screen, OrderScreen):
            if rnd.random() < 0.5:
                await press(pilot, "down", "t")
            await press(pilot, "enter")
        elif isinstance(screen, (CurtainScreen, RevealScreen, RoundSummaryScreen, PrivateNewsScreen)):
            await press(pilot, "enter")
        else:
            raise AssertionError(f"unexpected screen {type(screen).__name__}")
    raise AssertionError("the game did not end")


async def check_final_tally(pilot) -> None:
    app = pilot.app
    session = app.session
    assert session.is_over
    text = screen_text(app)
    assert "final scores" in text and ("wins!" in text or "share the win!" in text)
    game, state = session.game, session.state
    for seat, player in enumerate(session.players):
        tally = game.tally(state, seat)
        assert player.name in text
        assert f"{sum(tally.values()):g}" in text
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, PickerScreen)


async def test_full_two_player_game_at_80x24(seeded):
    seeded(11)
    app = SherwoodApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, 2)
        assert isinstance(app.screen, CurtainScreen)
        assert "Pass the terminal to Robin" in screen_text(app)
        seen = await play_to_the_end(pilot, random.Random(2))
        assert seen["RevealScreen"] >= 8
        assert seen["champion on the map"] >= 1
        assert seen["RansomScreen"] + seen["OrderScreen"] >= 1
        await check_final_tally(pilot)


@pytest.mark.slow  # (the two-player game at 80x24 plays in `make test`)
async def test_full_four_player_game(seeded):
    seeded(4)
    app = SherwoodApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await start(pilot, 4)
        seen = await play_to_the_end(pilot, random.Random(4))
        assert seen["RevealScreen"] >= 8
        assert seen["champion on the map"] >= 1
        assert seen["RansomScreen"] + seen["OrderScreen"] >= 1
        await check_final_tally(pilot)


# ----- single screens on a prepared table ---------------------------------------------


def card(name: str) -> int:
    return next(c.id for c in data().loot if c.name == name)


def golds(k: int, skip: int = 0) -> tuple[int, ...]:
    return tuple(c.id for c in data().loot if c.kind == "gold")[skip : skip + k]


async def prepared(pilot, players: int = 2, **changes) -> None:
    """Start a game through the keys, then lay out the table as a test needs it (the
    first curtain is shown again over the prepared table)."""
    await start(pilot, players)
    app = pilot.app
    app.session.state = changed(app.session.state, **changes)
    app.advance()
    await pilot.pause()
    assert isinstance(app.screen, CurtainScreen)


async def test_help_lists_the_keys_and_never_commits_a_move():
    app = SherwoodApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, 2)
        await press(pilot, "enter", "1")
        await pilot.pause()
        assert isinstance(app.screen, AmbushScreen) and app.screen.going == ["robin"]
        await press(pilot, "f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        for key in ("Go/stay", "Loot", "Group loot", "Commit", "Everyone stays", "Map", "Prison"):
            assert key in text, key
        await press(pilot, "enter")  # closes help; does not commit the ambush
        await pilot.pause()
        assert isinstance(app.screen, AmbushScreen) and app.session.actions == []
        assert app.screen.going == ["robin"]
        await press(pilot, "m")  # the map is a peek: Esc comes back to the same plan
        await pilot.pause()
        assert isinstance(app.screen, MapView)
        assert "[NOT]" in screen_text(app) and "Nottingham" in screen_text(app)
        await press(pilot, "escape", "p")
        await pilot.pause()
        assert isinstance(app.screen, PrisonView) and "Cell 2" in screen_text(app)
        await press(pilot, "escape")
        await pilot.pause()
        assert isinstance(app.screen, AmbushScreen) and app.screen.going == ["robin"]
        assert app.session.actions == []


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40-map-beside"])
async def test_curtains_and_the_reveal_show_no_secret_and_the_reveal_is_final(size):
    app = SherwoodApp()
    async with app.run_test(size=size) as pilot:
        hands = ((card("Broadsword"), *golds(1)), (card("Yew Longbow"), card("Morning Mist")))
        await prepared(pilot, hands=hands, missions=("tax-collector", "abbot", "poachers"))
        robin, marian = {"Broadsword"}, {"Yew Longbow", "Morning Mist"}
        assert_hidden(screen_text(app), robin | marian, "Robin's curtain")
        await press(pilot, "enter")
        await pilot.pause()
        text = screen_text(app)
        assert "Broadsword" in text
        assert_hidden(text, marian, "Robin's ambush")
        await press(pilot, "2", "l")  # Little John goes, with the Broadsword
        await pilot.pause()
        text = screen_text(app)
        assert "+ Broadsword (+2 Str)" in text and "Party of 1: Str 5" in text
        await press(pilot, "enter")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen) and "Pass the terminal to Marian" in screen_text(app)
        assert_hidden(screen_text(app), robin | marian | {"Little John"}, "Marian's curtain")
        await press(pilot, "enter")
        await pilot.pause()
        text = screen_text(app)
        assert isinstance(app.screen, AmbushScreen) and "Yew Longbow" in text
        assert_hidden(text, robin, "Marian's ambush")
        await press(pilot, "4", "6", "g", "enter")  # Marian and Wat, under the Morning Mist
        await pilot.pause()
        assert isinstance(app.screen, RevealScreen)
        text = screen_text(app)
        for shown in ("Little John", "+Broadsword", "Maid Marian, Wat the Tinker", "+Morning Mist (all)",
                      "Strength", "Discretion", "Robin claims it with 5", "Capture", "Booty"):
            assert shown in text, shown
        assert_hidden(text, {"Yew Longbow"}, "the reveal")
        done = len(app.session.actions)
        await press(pilot, "enter")
        await pilot.pause()
        # the whole table watched the reveal: Marian's choice comes after her curtain
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat == 1
        await press(pilot, "enter")
        await pilot.pause()
        assert isinstance(app.screen, MissionChoiceScreen)  # Marian leads Dexterity and Cunning
        assert not app.session.handoff.can_undo()
        await press(pilot, "u")  # a revealed ambush cannot be taken back
        await pilot.pause()
        assert len(app.session.actions) == done


async def robins_reward(pilot) -> None:
    """Robin wins the tax collector with Little John (Marian stays home): his reward."""
    app = pilot.app
    await prepared(pilot, missions=("tax-collector", None, None))
    await press(pilot, "enter", "2", "enter", "enter", "enter")  # John goes; Marian stays
    await pilot.pause()
    assert isinstance(app.screen, RevealScreen)
    await press(pilot, "enter")  # the reveal, then Robin's curtain
    await pilot.pause()
    await press(pilot, "enter")
    await pilot.pause()
    assert isinstance(app.screen, RewardScreen)


async def test_a_champion_town_is_chosen_on_the_map_with_the_arrows():
    app = SherwoodApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await robins_reward(pilot)
        assert "Champion of Newark or Southwell" in screen_text(app)
        await press(pilot, "enter")
        await pilot.pause()
        assert isinstance(app.screen, TownScreen)
        text = screen_text(app)
        assert "=NEW" in text and "^WOR" in text and "[NOT]" in text  # plain = and forest ^
        assert "Southwell (plain) · +2 popularity" in text  # the best town first
        await press(pilot, "right")
        await pilot.pause()
        assert "Newark (plain) · +1 popularity" in screen_text(app)
        await press(pilot, "enter")
        await pilot.pause()
        d = data()
        assert app.session.state.towns[d.town_index["newark"]] == 0
        assert any("Robin becomes Champion of Newark" in e.text for e in app.session.log)


async def test_the_prison_shows_the_cells_and_paying_frees_prisoners():
    app = SherwoodApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await prepared(
            pilot, hands=(golds(3), ()), prison=(("john", "scarlet", "george", "wat"), ()),
            cells=(0, None), missions=("tax-collector", None, None),
        )
        await press(pilot, "enter", "enter", "enter", "enter")  # nobody goes, either side
        await pilot.pause()
        assert isinstance(app.screen, RevealScreen)
        assert "Little John breaks out" in screen_text(app)
        await press(pilot, "enter", "enter")  # the reveal, Robin's curtain
        await pilot.pause()
        assert isinstance(app.screen, RansomScreen)
        text = screen_text(app)
        assert "Cell 1 ◆ Sheriff" in text and "1. George a Green" in text and "2. Wat the Tinker" in text
        assert "cell 1 (Robin's) and frees Will Scarlet" in text
        assert "Pay 1 Gold: free George a Green" in text and "Robin holds 3 Gold" in text
        done = len(app.session.actions)
        await press(pilot, "f1")  # help over a list screen: Enter closes it, pays nothing
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and "Choose" in screen_text(app)
        await press(pilot, "enter")
        await pilot.pause()
        assert isinstance(app.screen, RansomScreen) and len(app.session.actions) == done
        await press(pilot, "down", "down", "enter")  # 3 Gold for the next two
        await pilot.pause()
        assert app.session.state.prison[0] == ()
        assert any("Robin pays 3 Gold to free George a Green and Wat the Tinker" in e.text
                   for e in app.session.log)


async def test_player_names_are_shown_as_typed():
    app = SherwoodApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        games = app.screen.query_one("#games")
        while games.highlighted_option.id != "sherwood":
            await press(pilot, "down")
        await press(pilot, "enter")
        await pilot.pause()
        app.screen.query_one("#name-0").value = "[red]Rob"
        await set_players(pilot, 2, 4)
        await press(pilot, "ctrl+s")
        await pilot.pause()
        await press(pilot, "enter")
        await pilot.pause()
        assert "[red]Rob prepares an ambush" in screen_text(app)
        assert "[red]Rob's band" in screen_text(app)


async def test_theft_the_drawer_alone_sees_the_cards_drawn():
    app = SherwoodApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await robins_reward(pilot)
        before = app.session.state.hands[0]
        await press(pilot, "down", "down", "enter")  # Theft
        await pilot.pause()
        await pilot.pause()
        drawn = [c for c in app.session.state.hands[0] if c not in before]
        names = {data().loot[c].name for c in drawn}
        news = app.screen
        assert isinstance(news, PrivateNewsScreen) and news.private and news.seat == 0
        assert "You take Theft from Waylay the Tax Collector and draw 3 Loot cards:" in widget_texts(news)
        text = screen_text(app)
        for name in names:
            assert name in text, name
        await press(pilot, "enter")
        await pilot.pause()
        secrets = names - {"Gold"}
        for _ in range(8):  # the next screens up to Marian's ambush show the cards to Robin only
            screen = app.screen
            if not (getattr(screen, "private", False) and screen.seat == 0):
                assert_hidden(screen_text(app), secrets, type(screen).__name__)
                assert_hidden(widget_texts(screen), secrets, type(screen).__name__)
            if isinstance(screen, AmbushScreen) and screen.seat == 1:
                break
            await press(pilot, "enter")
            await pilot.pause()
        assert isinstance(app.screen, AmbushScreen) and app.screen.seat == 1


def owners(**held: int) -> tuple:
    d = data()
    towns = [None] * len(d.towns)
    for town_id, seat in held.items():
        towns[d.town_index[town_id]] = seat
    return tuple(towns)


async def to_the_reward(pilot) -> None:
    """Robin sends Little John to the Strength mission, Marian nobody: Robin's reward."""
    await press(pilot, "enter", "2", "enter", "enter", "enter", "enter", "enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, RewardScreen)


async def test_reward_best_counts_only_towns_you_can_afford():
    app = SherwoodApp()
    async with app.run_test(size=(80, 24)) as pilot:
        # Marian holds Southwell (+2 with its road to Nottingham); Robin has no Gold.
        await prepared(pilot, missions=("tax-collector", None, None), towns=owners(southwell=1),
                       hands=((), ()))
        await to_the_reward(pilot)
        text = screen_text(app)
        assert "best town +1" in text and "+2" not in text
        assert "opponent's town: 1 Gold · you hold no Gold" in widget_texts(app.screen)


async def test_town_list_says_which_towns_cost_gold_and_arrows_move_through_it():
    app = SherwoodApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await prepared(pilot, missions=("tax-collector", None, None), towns=owners(southwell=1),
                       hands=(golds(1), ()))
        await to_the_reward(pilot)
        assert "best town +2" in screen_text(app)
        await press(pilot, "enter")  # Champion
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TownScreen)
        text = screen_text(app)
        assert "▶=Southwell    +2" in text and "costs 1 Gold" in text and "=Newark       +1" in text
        await press(pilot, "down")
        await pilot.pause()
        assert screen.query_one("#map").cursor == "newark"
        assert "▶=Newark" in screen_text(app)
        await press(pilot, "down")  # the end of the list: it stays
        await pilot.pause()
        assert screen.query_one("#map").cursor == "newark"
        await press(pilot, "up")
        await pilot.pause()
        assert screen.query_one("#map").cursor == "southwell"


async def test_town_list_of_a_camp_shows_whole_names_in_map_order_at_80x24():
    app = SherwoodApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await prepared(pilot, missions=("prince-john", None, None), towns=owners(southwell=1), stack=2)
        await to_the_reward(pilot)
        await press(pilot, "down", "enter")  # Camp: two forest towns or one plain town
        await pilot.pause()
        screen = app.screen
        mapw = screen.query_one("#map")
        assert mapw.order[:3] == ["worksop", "clumber", "retford"]
        for _ in range(len(mapw.order)):  # every town's whole name comes into view
            text = screen_text(app)
            name = data().towns[data().town_index[mapw.cursor]].name
            mark = "^" if data().towns[data().town_index[mapw.cursor]].terrain == "forest" else "="
            assert f"▶{mark}{name}" in text
            await press(pilot, "down")
            await pilot.pause()
        assert mapw.cursor == mapw.order[-1]
        assert "more town" in screen_text(app)  # the list is longer than the screen


async def test_characters_ten_and_eleven_have_keys_0_and_a():
    band = ("robin", "john", "scarlet", "marian", "george", "wat", "tuck", "stutely", "alan", "david", "much")
    app = SherwoodApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await prepared(pilot, missions=("tax-collector", None, None), bands=(band, band[:6]))
        await press(pilot, "enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, AmbushScreen)
        assert "1-9 0 a or space: go/stay" in widget_texts(screen)
        await press(pilot, "0", "a")
        await pilot.pause()
        assert screen.going == ["david", "much"]
        text = screen_text(app)
        assert " 0  David of Doncaster" in text and " a  Much the Miller's Son" in text
        await press(pilot, "f1")
        await pilot.pause()
        assert "1-9 0 a-f" in screen_text(app)
