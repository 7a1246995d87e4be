"""Pilot tests: Bleeding Sherwood played through the real app with the keyboard."""

from __future__ import annotations

import json
import random

import pytest

from sherwood_tui import catalog
from sherwood_tui.core.contract import Player
from sherwood_tui.core.saves import list_saves
from sherwood_tui.games.bleeding_sherwood import GAME
from sherwood_tui.games.bleeding_sherwood.rules.data import cards
from sherwood_tui.games.bleeding_sherwood.ui.screens import BiddingScreen, CollectScreen
from sherwood_tui.ui.app import SherwoodApp
from sherwood_tui.ui.picker import PickerScreen
from sherwood_tui.ui.screens import (
    CurtainScreen,
    FinalScreen,
    HelpScreen,
    QuitScreen,
    RoundSummaryScreen,
    SetupScreen,
)
from tests.ui.helpers import assert_hidden, check_screen_privacy, open_setup, screen_text, set_players


async def start(pilot, players: int) -> None:
    await open_setup(pilot, 0)
    assert isinstance(pilot.app.screen, SetupScreen)
    await set_players(pilot, players, 4)
    await pilot.press("ctrl+s")
    await pilot.pause()


async def play_to_the_end(pilot, rnd: random.Random, max_keys: int = 3000) -> None:
    app = pilot.app
    for _ in range(max_keys):
        screen = app.screen
        if isinstance(screen, FinalScreen):
            return
        check_screen_privacy(app)
        if isinstance(screen, BiddingScreen):
            if rnd.random() < 0.45:
                await pilot.press("p")
            else:
                for _ in range(rnd.randrange(3)):
                    await pilot.press("down")
                await pilot.press("enter")
        elif isinstance(screen, (CurtainScreen, CollectScreen, RoundSummaryScreen)):
            if isinstance(screen, CollectScreen) and rnd.random() < 0.5:
                await pilot.press("down")
            await pilot.press("enter")
        else:
            raise AssertionError(f"unexpected screen {type(screen).__name__}")
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("players,size", [(2, (80, 24)), pytest.param(4, (100, 30), marks=pytest.mark.slow),
                                          pytest.param(3, (160, 50), marks=pytest.mark.slow)])
async def test_full_game_through_the_keys(players, size):
    app = SherwoodApp()
    async with app.run_test(size=size) as pilot:
        await start(pilot, players)
        assert isinstance(app.screen, CurtainScreen)
        first = app.session.players[app.session.state.first].name
        assert f"Pass the terminal to {first}" in screen_text(app)
        await play_to_the_end(pilot, random.Random(players))
        text = screen_text(app)
        assert "final scores" in text and ("wins!" in text or "share the win!" in text)
        assert app.session.is_over
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)


async def test_curtain_hides_the_hand_and_names_the_next_player():
    app = SherwoodApp()
    async with app.run_test() as pilot:
        await start(pilot, 3)
        session = app.session
        first = session.state.first
        second = session.players[(first + 1) % 3].name
        hand = {c for c in session.game.secret_texts(session.state, first)}
        text = screen_text(app)
        assert_hidden(text, hand, "the first curtain")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BiddingScreen)
        text = screen_text(app)
        assert any(card in text for card in hand)  # the first bidder sees their own hand
        await pilot.press("enter")  # bid the highlighted card
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        text = screen_text(app)
        assert f"Pass the terminal to {second}" in text
        assert f"{session.players[first].name} bids" in text  # public news
        assert "Table" not in text and "hand" not in text  # nothing of the screen behind
        assert_hidden(screen_text(app), session.game.secret_texts(session.state, first), "the next curtain")


async def test_undo_until_the_next_player_lifts_the_curtain():
    app = SherwoodApp()
    async with app.run_test() as pilot:
        await start(pilot, 2)
        await pilot.press("enter")  # Robin lifts the curtain
        await pilot.pause()
        first = app.session.state.first
        hand_before = app.session.state.hands[first]
        await pilot.press("enter")  # Robin bids
        await pilot.pause()
        assert len(app.session.actions) == 1
        await pilot.press("u")  # still at Marian's curtain: Robin takes it back
        await pilot.pause()
        assert app.session.actions == [] and app.session.state.hands[first] == hand_before
        # Whoever pressed u, Robin's hand is only shown after Robin's own curtain.
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat == first
        await pilot.press("enter")
        assert isinstance(app.screen, BiddingScreen) and app.screen.seat == first
        await pilot.press("enter")  # Robin bids again
        await pilot.pause()
        await pilot.press("enter")  # Marian lifts the curtain
        await pilot.pause()
        assert not app.session.handoff.can_undo()
        await pilot.press("u")
        await pilot.pause()
        assert len(app.session.actions) == 1


async def test_help_and_rules_never_commit_a_move_and_quit_asks_first():
    app = SherwoodApp()
    async with app.run_test() as pilot:
        await start(pilot, 2)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "Pass (final)" in screen_text(app)
        await pilot.press("enter")  # closes help, does not bid
        await pilot.pause()
        assert app.session.actions == []
        await pilot.press("f2")
        await pilot.pause()
        assert "how to play" in screen_text(app).lower()
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, BiddingScreen) and app.session.actions == []
        await pilot.press("ctrl+q", "y")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)


async def test_setup_rejects_duplicate_and_empty_names():
    app = SherwoodApp()
    async with app.run_test() as pilot:
        await open_setup(pilot, 0)
        screen = app.screen
        screen.query_one("#name-1").value = "robin"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "same name" in screen_text(app)
        screen.query_one("#name-1").value = "  "
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "needs a name" in screen_text(app)


async def test_markup_in_names_is_shown_as_typed():
    app = SherwoodApp()
    async with app.run_test() as pilot:
        await open_setup(pilot, 0)
        await set_players(pilot, 2, 4)
        for seat, name in enumerate(("[bold]Robin", "[red]Marian")):
            app.screen.query_one(f"#name-{seat}").value = name
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert any(f"Pass the terminal to {n}" in screen_text(app) for n in ("[bold]Robin", "[red]Marian"))


async def test_resume_restores_the_exact_game_with_the_curtain_up(isolated_saves):
    app = SherwoodApp()
    async with app.run_test() as pilot:
        await start(pilot, 3)
        await play_some(pilot, 7)
        actions, state = list(app.session.actions), app.session.state
        await pilot.press("ctrl+q", "x")
    saves, problems = list_saves(isolated_saves)
    assert len(saves) == 1 and not problems
    app = SherwoodApp()
    async with app.run_test() as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert "Bleeding Sherwood" in screen_text(app) and "Robin, Marian, Much" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.actions == actions and app.session.state == state
        if app.session.game.is_private(state, app.session.next_seat()):
            assert isinstance(app.screen, CurtainScreen)


async def play_some(pilot, keys: int) -> None:
    rnd = random.Random(5)
    for _ in range(keys):
        if isinstance(pilot.app.screen, BiddingScreen) and rnd.random() < 0.3:
            await pilot.press("p")
        else:
            await pilot.press("enter")
        await pilot.pause()


async def test_damaged_save_gets_one_line_and_other_saves_still_load(isolated_saves):
    app = SherwoodApp()
    async with app.run_test() as pilot:
        await start(pilot, 2)
        await play_some(pilot, 3)
        await pilot.press("ctrl+q", "x")
    isolated_saves.mkdir(parents=True, exist_ok=True)
    (isolated_saves / "broken.json").write_text('{"format": "sherwood-tui-save", "ver')
    good = next(p for p in isolated_saves.glob("bleeding-sherwood-*.json"))
    cheat = json.loads(good.read_text())
    cheat["actions"].insert(0, {"type": "bid", "seat": 0, "card": 999})
    (isolated_saves / "cheat.json").write_text(json.dumps(cheat))
    app = SherwoodApp()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.press("c")
        await pilot.pause()
        text = screen_text(app)
        assert "1 file in the saves folder is not a save: s shows why." in text
        assert "Cannot be opened · 1 game" in text and "action 1 is not legal" in text
        options = app.screen.query_one("#saves")
        ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
        options.highlighted = ids.index(str(isolated_saves / "cheat.json"))
        await pilot.press("enter")
        await pilot.pause()
        assert app.session is None  # refused, nothing opened
        assert any("action 1 is not legal" in n.message for n in app._notifications)
        options.highlighted = ids.index(str(good))
        await pilot.press("enter")
        await pilot.pause()
        assert app.session is not None


async def test_one_human_against_bots_has_no_curtain_and_bots_play_in_the_log():
    app = SherwoodApp(bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_setup(pilot, 0)
        await set_players(pilot, 3, 4)
        for seat in (1, 2):  # make Marian and Much sensible bots, with the keyboard
            app.screen.query_one(f"#name-{seat}").focus()
            await pilot.press("tab", "enter", "down", "enter")
        assert [p.bot for p in app.screen.players()] == [None, "sensible", "sensible"]
        await pilot.press("ctrl+s")
        await pilot.pause()
        rnd = random.Random(3)
        for _ in range(400):
            screen = app.screen
            assert not isinstance(screen, CurtainScreen)
            if isinstance(screen, FinalScreen):
                break
            if isinstance(screen, BiddingScreen):
                await pilot.press("p" if rnd.random() < 0.5 else "enter")
            elif isinstance(screen, (CollectScreen, RoundSummaryScreen)):
                await pilot.press("enter")
            else:
                await pilot.pause(0.05)  # a bot is deciding
        assert isinstance(app.screen, FinalScreen)
        assert any(e.text.startswith("Marian") for e in app.session.log)


async def test_a_small_terminal_says_how_large_it_must_be_and_resizing_keeps_the_game():
    app = SherwoodApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await start(pilot, 3)
        await pilot.press("enter")
        await pilot.pause()
        state = app.session.state
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "needs at least 80x24" in text and "60x20" in text
        await pilot.press("p")  # keys do not reach the game while it waits
        await pilot.pause()
        assert app.session.state == state
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, BiddingScreen)
        assert app.session.state == state


async def test_starting_in_a_small_terminal_shows_the_size_message():
    app = SherwoodApp()
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert "needs at least 80x24" in " ".join(screen_text(app).split())


# ----- the table, the round summary ------------------------------------------------------
INFO = catalog.get("bleeding-sherwood")
NAMES = ("Robin", "Marian", "Much", "Will", "Tuck", "Alan")


def peasant_names(ids) -> list[str]:
    return [cards().peasants[p].name for p in ids]


def seed_where(players: int, wanted, options: dict | None = None) -> int:
    """The first seed whose new game satisfies `wanted(state)`."""
    table = [Player(name=n) for n in NAMES[:players]]
    return next(s for s in range(1, 100_000) if wanted(GAME.new_game(table, options or {}, s)))


async def start_seeded(pilot, players: int, seed: int, options: dict | None = None) -> None:
    await pilot.pause()
    pilot.app.start_game(INFO, [Player(name=n) for n in NAMES[:players]], options or {}, seed=seed)
    await pilot.pause()


async def to_screen(pilot, wanted: type, bid: str = "p", max_keys: int = 60) -> None:
    """Curtains lifted, every bidder passes (or bids with Enter), every collector takes
    the first choice, until `wanted` is on top."""
    for _ in range(max_keys):
        if isinstance(pilot.app.screen, wanted):
            return
        await pilot.press(bid if isinstance(pilot.app.screen, BiddingScreen) else "enter")
        await pilot.pause()
    raise AssertionError(f"{wanted.__name__} never came")


def many_specials(state) -> bool:
    specials = [cards().peasants[t.peasant] for t in state.targets]
    kinds = {p.special for p in specials}
    return {"all_draw", "gather_bonus"} <= kinds or {"all_draw", "extra_target"} <= kinds


async def test_table_fits_80x24_without_a_scrollbar_and_with_a_one_line_header():
    seed = seed_where(4, many_specials)
    app = SherwoodApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_seeded(pilot, 4, seed)
        await to_screen(pilot, BiddingScreen)
        table = app.screen.query_one("#table")
        assert not table.show_vertical_scrollbar and table.max_scroll_y == 0
        lines = screen_text(app).splitlines()
        header = next(line for line in lines if "Targets" in line)
        assert "decks:" in header and "Peasants" in header and "Goodes" in header
        for name in peasant_names(t.peasant for t in app.session.state.targets):
            assert any(f"{name} (" in line for line in lines), f"{name} is not on one line"
        assert app.screen.query_one("#hand").size.height >= 6  # room for the hand too


async def test_table_special_peasant_that_took_effect_shows_what_it_did():
    def miller_out(state) -> bool:
        return "Generous Miller" in peasant_names(t.peasant for t in state.targets)

    seed = seed_where(4, miller_out)
    app = SherwoodApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_seeded(pilot, 4, seed)
        await to_screen(pilot, BiddingScreen)
        text = screen_text(app)
        assert "Generous Miller (5)  (each drew a Goode)" in text
        assert "Every player draws one Goode" not in text  # its instruction is done with


async def test_table_tells_the_bidder_and_the_passed_apart_in_words_not_colour():
    app = SherwoodApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_seeded(pilot, 3, 5)
        await to_screen(pilot, BiddingScreen)
        await pilot.press("p")  # the first bidder passes
        await pilot.pause()
        await to_screen(pilot, BiddingScreen)
        state = app.session.state
        lines = screen_text(app).splitlines()
        first, bidder = NAMES[state.first], NAMES[state.turn]
        assert any(f"> {bidder}" in line and "bidding" in line for line in lines)
        assert any(f"  {first}" in line and "passed" in line for line in lines)


async def test_table_1996_jester_says_it_changes_nothing():
    def jester_alone(state) -> bool:
        return peasant_names(t.peasant for t in state.targets) == ["Jester"]

    options = {"classic_1996": True}
    seed = seed_where(3, jester_alone, options)
    app = SherwoodApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_seeded(pilot, 3, seed, options)
        await to_screen(pilot, BiddingScreen)
        text = screen_text(app)
        assert "Jester (10)  (no effect: 1996 rules)" in text
        assert "1996 rules: only the highest bid captures" in text
        assert "lowest bid collects first" not in text


async def test_round_summary_shows_the_hands_as_the_round_ended_and_the_miller_as_news():
    def miller_next(state) -> bool:  # two players: one target a round
        return cards().peasants[state.targets[0].peasant].special is None and (
            cards().peasants[state.peasant_deck[0]].name == "Generous Miller")

    seed = seed_where(2, miller_next)
    app = SherwoodApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_seeded(pilot, 2, seed)
        await to_screen(pilot, RoundSummaryScreen)
        state = app.session.state
        assert state.round == 2 and peasant_names(t.peasant for t in state.targets) == ["Generous Miller"]
        ended, now = state.hands_at_round_end, tuple(map(len, state.hands))
        assert now == tuple(h + 1 for h in ended)  # the Miller has dealt since
        text = screen_text(app)
        for seat, hand in enumerate(ended):
            assert any(NAMES[seat] in line and line.split()[-2] == str(hand) for line in text.splitlines()), text
        assert "Round 1 ends" in text and "Generous Miller" not in text  # next round's news
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        assert "Generous Miller: every player draws a Goode." in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        scores = app.screen.query_one("#scoreboard").content.plain  # the game screen: hands now
        for seat, hand in enumerate(now):
            assert any(line.startswith(NAMES[seat]) and line.split()[-1] == str(hand) for line in scores.splitlines())
