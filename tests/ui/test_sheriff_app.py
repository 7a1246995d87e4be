"""Pilot tests: Sheriff of Nottingham played through the real app with the keyboard only."""

from __future__ import annotations

import random

import pytest

from sherwood_tui.core import session as session_module
from sherwood_tui.core.contract import Event
from sherwood_tui.core.saves import list_saves
from sherwood_tui.games.sheriff.rules.model import DATA, Bribe, Debt, LoadBag, LoadCard, OpenBag, SetAside, judge_bag
from sherwood_tui.games.sheriff.ui.screens import (
    ChooseScreen,
    ConfiscateScreen,
    DecideScreen,
    DeclareScreen,
    DrawScreen,
    InspectionResultScreen,
    LoadScreen,
    OfferScreen,
    PayScreen,
    PlaceScreen,
    SetAsideScreen,
    SheriffTableScreen,
)
from sherwood_tui.ui.app import SherwoodApp
from sherwood_tui.ui.game_screen import GameScreen
from sherwood_tui.ui.picker import PickerScreen
from sherwood_tui.ui.screens import (
    CurtainScreen,
    FinalScreen,
    HelpScreen,
    SetupScreen,
)
from tests.contract_checks import changed
from tests.games.sheriff.sheriff_kit import arrange
from tests.ui.helpers import (
    assert_hidden,
    check_screen_privacy,
    open_setup,
    screen_text,
    set_players,
    show_state,
    widget_texts,
)

FAVOUR = DATA.favours[0]  # the first promise: one press of f


async def start(pilot, players: int, seed: int, monkeypatch) -> None:
    """Picker → Sheriff of Nottingham setup → `players` players → start (fixed seed)."""
    await open_setup(pilot, 1)
    assert isinstance(pilot.app.screen, SetupScreen)
    await set_players(pilot, players, 4)
    with monkeypatch.context() as m:
        m.setattr(session_module.random, "randrange", lambda *_: seed)
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert pilot.app.session.seed == seed


def check_privacy(app) -> None:
    """No screen shows a secret of a seat other than its private viewer's (neither as drawn
    nor in any widget); a private screen shows its viewer's own zones with the exact view
    lines."""
    check_screen_privacy(app)
    session, screen = app.session, app.screen
    viewer = screen.seat if getattr(screen, "private", False) else None
    texts = widget_texts(screen)
    for seat in range(len(session.players)):
        if seat != viewer:
            assert_hidden(texts, session.game.secret_texts(session.state, seat), f"{type(screen).__name__} widgets")
    if viewer is not None:
        own = session.game.secret_texts(session.state, viewer)
        assert not own or any(secret in texts for secret in own), f"{type(screen).__name__} hides its own zones"


def check_feed_only(app) -> None:
    """A screen is given what its seat may see (its feed), never the session or the state."""
    session, screen = app.session, app.screen
    held = [value for value in vars(screen).values() if value is session or value is session.state]
    assert not held, f"{type(screen).__name__} holds the session or the state"


class Driver:
    """Plays a whole game through the keys, mostly on the short paths (Enter), with the
    long ones (set aside, discard piles, bribes, counter-offers, opening) now and then."""

    def __init__(self, pilot, rnd: random.Random) -> None:
        self.pilot = pilot
        self.app = pilot.app
        self.rnd = rnd
        self.keys = 0
        self.seen: set[str] = set()
        self.favour_typed = False
        self.favour_seen_on_table = False
        self.last_private: int | None = None  # seat of the private screen just left
        self.last_curtain: int | None = None
        self.inspected_round = 0

    async def press(self, *keys: str) -> None:
        self.keys += len(keys)
        await self.pilot.press(*keys)

    def check_curtain_rule(self, screen) -> None:
        """A private screen follows its own seat's curtain or its own earlier private screen."""
        if isinstance(screen, GameScreen) and screen.private:
            assert screen.seat in (self.last_curtain, self.last_private), (
                f"{type(screen).__name__} of seat {screen.seat} opened without its curtain"
            )
            self.last_private, self.last_curtain = screen.seat, None
        elif isinstance(screen, CurtainScreen):
            self.last_curtain, self.last_private = screen.seat, None
        else:
            self.last_private = self.last_curtain = None

    async def play(self, max_steps: int = 2500) -> None:
        app = self.app
        for _ in range(max_steps):
            await self.pilot.pause()
            screen = app.screen
            if isinstance(screen, FinalScreen):
                return
            check_privacy(app)
            check_feed_only(app)
            self.check_curtain_rule(screen)
            name = type(screen).__name__
            self.seen.add(name)
            handler = getattr(self, f"on_{name}", None)
            if handler is None:
                raise AssertionError(f"unexpected screen {name}")
            await handler(screen)
        raise AssertionError("the game did not end")

    @property
    def round(self) -> int:
        return self.app.session.state.round

    async def on_CurtainScreen(self, screen) -> None:
        await self.press("enter")

    on_RoundSummaryScreen = on_CurtainScreen

    async def on_InspectionResultScreen(self, screen) -> None:
        assert "opens" in screen_text(self.app)
        await self.press("enter")

    async def on_SheriffScoreSheetScreen(self, screen) -> None:
        """The score sheet at the end: every player's parts side by side, adding up."""
        session = self.app.session
        assert session.is_over
        text = widget_texts(screen) + screen_text(self.app)
        for score in session.game.scores(session.state):
            assert score.name in text and f"{score.total:g}" in text
        assert "Apples K/Q" in text and "Total" in text
        assert ("Bread K/Q" in text) == (len(session.players) > 3)  # no Bread with three
        await self.press("enter")

    async def on_SetAsideScreen(self, screen) -> None:
        if "SetAside2" not in self.seen and self.round >= 2 or self.rnd.random() < 0.08:
            self.seen.add("SetAside2")
            await self.press("space", "down", "space", "enter")  # set aside two cards
        else:
            await self.press("enter")  # keep the whole hand: one key

    async def on_DrawScreen(self, screen) -> None:
        table = screen.table
        if not table.drew_from_pile and table.discards[0] and self.rnd.random() < 0.6:
            await self.press("1")
        else:
            await self.press("enter")  # the draw pile (highlighted)

    async def on_PlaceScreen(self, screen) -> None:
        if self.rnd.random() < 0.5:
            await self.press("shift+down", "2")
        else:
            await self.press("enter")

    async def on_LoadScreen(self, screen) -> None:
        hand = screen.view.hand
        if len(hand) >= 2 and self.rnd.random() < 0.25:
            # A mixed bag: the first and the last card (legal goods sort first).
            await self.press("space", "end", "space", "enter")
        elif self.rnd.random() < 0.2:
            await self.press("a", "enter")  # every card of the first kind
        else:
            await self.press("enter")  # the highlighted card alone

    async def on_DeclareScreen(self, screen) -> None:
        await self.press("enter")  # the first good (the cursor starts on top)

    async def on_ChooseScreen(self, screen) -> None:
        """One bag per round is dealt with by hand (threatened or opened), the rest pass."""
        r = self.round
        if self.inspected_round == r or not screen.pending:
            await self.press("e")  # every bag left passes
            return
        self.inspected_round = r
        if r % 3 == 1:
            await self.press("enter")  # threaten the first bag: hear an offer
        elif r % 3 == 2:
            await self.press("o")  # open the first bag
        else:
            await self.press("e")

    async def on_OfferScreen(self, screen) -> None:
        if screen.table.demand is not None:
            await self.press("enter")  # pay what the Sheriff asks (prefilled)
        elif not self.favour_typed:
            self.favour_typed = True
            await self.press("right", "right", "f", "enter")
        elif self.rnd.random() < 0.25:
            await self.press("enter")  # no bribe at all
        else:
            await self.press("right", "enter")

    async def on_DecideScreen(self, screen) -> None:
        if screen.table.offer is not None and screen.table.offer.favour == FAVOUR:
            assert FAVOUR in widget_texts(screen)
            self.favour_seen_on_table = True
        if screen.table.counters_left == 3 and "Counter" not in self.seen:
            self.seen.add("Counter")
            await self.press("c")
        elif self.rnd.random() < 0.15:
            await self.press("o")
        else:
            await self.press("enter")  # let it pass, accepting the offer

    async def on_CounterScreen(self, screen) -> None:
        await self.press("right", "right", "right", "enter")

    async def on_ConfiscateScreen(self, screen) -> None:
        if self.rnd.random() < 0.5:
            await self.press("shift+down", "2")
        else:
            await self.press("enter")

    async def on_PayScreen(self, screen) -> None:
        await self.press("enter")


def log_text(app) -> str:
    return "\n".join(e.text for e in app.session.log)


async def play_full_game(players: int, size: tuple[int, int], seed: int, monkeypatch) -> None:
    app = SherwoodApp()
    async with app.run_test(size=size) as pilot:
        await start(pilot, players, seed, monkeypatch)
        assert isinstance(app.screen, CurtainScreen)
        driver = Driver(pilot, random.Random(seed))
        await driver.play()
        session = app.session
        assert session.is_over
        log = log_text(app)
        # the long paths were all taken at least once
        assert "accepts" in log  # a bribe accepted
        assert " opens " in log  # an inspection
        assert " asks " in log  # a counter-offer
        assert "sets aside 2 cards" in log and "puts " in log
        assert driver.favour_typed and driver.favour_seen_on_table
        assert f'a favour: "{FAVOUR}"' in log
        assert {"SetAsideScreen", "DrawScreen", "PlaceScreen", "LoadScreen", "DeclareScreen",
                "ChooseScreen", "OfferScreen", "DecideScreen", "CounterScreen",
                "InspectionResultScreen", "RoundSummaryScreen", "SheriffScoreSheetScreen"} <= driver.seen
        # the score sheet: every part of every player, adding up
        text = screen_text(app)
        assert "final scores" in text and ("wins!" in text or "share the win!" in text)
        lines = session.game.scores(session.state)
        for line in lines:
            assert sum(line.parts.values()) == line.total
            assert line.name in text and f"{line.total:g}" in text
        for part in ("Goods", "Gold"):
            assert part in text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
    print(f"{players} players: {driver.keys} keys")


async def test_full_3_player_game_at_80x24_through_the_keys(monkeypatch):
    await play_full_game(3, (80, 24), seed=7, monkeypatch=monkeypatch)


@pytest.mark.slow
async def test_full_5_player_game_through_the_keys(monkeypatch):
    await play_full_game(5, (100, 30), seed=11, monkeypatch=monkeypatch)


# ----- smaller flows ------------------------------------------------------------------------


async def to_first_market(pilot, monkeypatch, players: int = 3, seed: int = 3):
    await start(pilot, players, seed, monkeypatch)
    await pilot.press("enter")  # the first merchant lifts the curtain
    await pilot.pause()
    assert isinstance(pilot.app.screen, SetAsideScreen)


async def test_help_lists_the_keys_of_the_screen_and_never_commits_a_move(monkeypatch):
    app = SherwoodApp()
    async with app.run_test() as pilot:
        await to_first_market(pilot, monkeypatch)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        for key in ("Confirm", "Mark", "Table", "Help", "Rules"):
            assert key in text
        await pilot.press("enter")  # closes help; does not confirm the market
        await pilot.pause()
        assert isinstance(app.screen, SetAsideScreen) and app.session.actions == []
        # the Sheriff's public screen lists its own keys
        while not isinstance(app.screen, ChooseScreen):
            await pilot.press("enter")
            await pilot.pause()
        before = list(app.session.actions)
        await pilot.press("f1")
        await pilot.pause()
        text = screen_text(app)
        for key in ("Threaten", "Let pass", "Open", "All pass", "Table"):
            assert key in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ChooseScreen) and app.session.actions == before


async def test_setting_aside_nothing_is_one_key(monkeypatch):
    app = SherwoodApp()
    async with app.run_test() as pilot:
        await to_first_market(pilot, monkeypatch)
        seat = app.screen.seat
        hand = app.session.state.hands[seat]
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.actions == [SetAside(seat=seat)]
        assert app.session.state.hands[seat] == hand
        assert isinstance(app.screen, CurtainScreen)  # the next merchant's turn


async def test_market_set_aside_draw_from_a_discard_pile_and_put_back_in_order(monkeypatch):
    app = SherwoodApp()
    async with app.run_test() as pilot:
        await to_first_market(pilot, monkeypatch)
        seat = app.screen.seat
        await pilot.press("space", "down", "space", "enter")
        await pilot.pause()
        assert isinstance(app.screen, DrawScreen)
        aside = app.session.state.set_aside
        assert len(aside) == 2 and app.screen.view.set_aside_text in widget_texts(app.screen)
        top = app.session.state.discards[1][-1]
        await pilot.press("2")  # the top of discard pile 2
        await pilot.pause()
        assert top in app.session.state.hands[seat]
        assert isinstance(app.screen, DrawScreen)
        await pilot.press("d")  # the rest from the draw pile: no more discards after
        await pilot.pause()
        assert isinstance(app.screen, PlaceScreen)
        assert len(app.session.state.hands[seat]) == 6
        shown_top_first = [c.id for c in app.screen.query_one("#order").cards]
        await pilot.press("shift+down", "1")  # swap the two, then pile 1
        await pilot.pause()
        pile = app.session.state.discards[0]
        assert list(pile[-2:]) == [shown_top_first[0], shown_top_first[1]]  # the old first is now under


async def test_the_table_screen_shows_the_public_piles_and_no_secret(monkeypatch):
    app = SherwoodApp()
    async with app.run_test() as pilot:
        await to_first_market(pilot, monkeypatch)
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, SheriffTableScreen)
        text = screen_text(app)
        assert "Discard pile 1" in text and "Discard pile 2" in text and "Draw pile" in text
        for seat in range(3):
            assert_hidden(text, app.session.game.secret_texts(app.session.state, seat), "the table screen")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetAsideScreen) and app.session.actions == []


async def play_until(pilot, kind, limit: int = 60) -> None:
    for _ in range(limit):
        if isinstance(pilot.app.screen, kind):
            return
        await pilot.press("enter")
        await pilot.pause()
    raise AssertionError(f"never reached {kind.__name__}")


async def test_loader_shows_what_each_declaration_risks_and_loads_marked_cards(monkeypatch):
    app = SherwoodApp()
    async with app.run_test() as pilot:
        await start(pilot, 3, 5, monkeypatch)
        await play_until(pilot, LoadScreen)
        screen = app.screen
        seat = screen.seat
        await pilot.press("space", "end", "space")
        await pilot.pause()
        cards = [c.id for c in screen.query_one("#hand").marked_cards]
        risk = widget_texts(screen)
        assert "opened, declared as:" in risk and ("honest" in risk or "lie: fine" in risk)
        assert "Bread" not in screen.query_one("#risk").content.plain  # no Bread with three players
        await pilot.press("enter")
        await pilot.pause()
        loaded = [a.card for a in app.session.actions if isinstance(a, LoadCard) and a.seat == seat]
        assert isinstance(app.session.actions[-1], LoadBag) and sorted(loaded) == sorted(cards)


async def test_a_public_decision_puts_the_curtain_up_even_for_the_last_viewer(monkeypatch):
    """After the Sheriff acts in public, the threatened merchant's offer screen (their bag)
    comes only after their curtain, even if they were the last to see their secrets."""
    app = SherwoodApp()
    async with app.run_test() as pilot:
        await start(pilot, 3, 5, monkeypatch)
        await play_until(pilot, ChooseScreen)
        session = app.session
        last_declarer = session.actions[-1].seat
        # threaten the last declarer's bag (they were the last to see private things)
        index = app.screen.pending.index(last_declarer)
        for _ in range(index):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat == last_declarer
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, OfferScreen)
        # the merchant's offer, then a hand-off to the Sheriff's public decision: the
        # merchant may take the offer back until the Sheriff takes the keyboard
        await pilot.press("enter")
        await pilot.pause()
        sheriff = session.state.sheriff
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat == sheriff and app.screen.public
        assert f"{session.player_name(last_declarer)}: press u" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, DecideScreen)
        actions = list(session.actions)
        await pilot.press("u")  # the Sheriff has no decision of theirs to take back
        await pilot.pause()
        assert isinstance(app.screen, DecideScreen) and session.actions == actions


async def test_an_opened_lying_bag_is_shown_to_the_table_then_confiscated_in_order(monkeypatch):
    app = SherwoodApp()
    async with app.run_test() as pilot:
        await start(pilot, 3, 5, monkeypatch)
        # every merchant loads a mixed bag of their first and last card
        for _ in range(80):
            screen = app.screen
            if isinstance(screen, ChooseScreen):
                break
            if isinstance(screen, LoadScreen):
                await pilot.press("space", "end", "space")
            await pilot.press("enter")
            await pilot.pause()
        session = app.session
        state = session.state
        liars = [m for m in app.screen.pending if not judge_bag(state.bags[m], state.declarations[m]).honest]
        assert liars, "the seed gives no lying bag"
        index = app.screen.pending.index(liars[0])
        for _ in range(index):
            await pilot.press("down")
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, InspectionResultScreen)
        text = screen_text(app)
        assert "opens" in text and "lied" in text and "confiscated" in text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfiscateScreen)
        actions = list(app.session.actions)
        await pilot.press("u")  # opening a bag is final: no taking it back
        await pilot.pause()
        assert isinstance(app.screen, ConfiscateScreen) and app.session.actions == actions
        assert not app.session.handoff.can_undo()
        confiscated = list(app.session.state.confiscated)
        shown = [c.id for c in app.screen.query_one("#order").cards]
        await pilot.press("2")
        await pilot.pause()
        assert isinstance(app.session.actions[-len(confiscated) - 2], OpenBag)  # then one move per good, then done
        pile = app.session.state.discards[1]
        assert sorted(pile[-len(confiscated):]) == sorted(confiscated)
        assert pile[-1] == shown[0]  # the first line ends on top


async def test_a_debtor_pays_with_a_chosen_stand_good(monkeypatch):
    app = SherwoodApp()
    async with app.run_test() as pilot:
        await start(pilot, 3, 5, monkeypatch)
        state = arrange(
            n=3, sheriff=0, step="pay", up={1: ["Apples", "Chickens"]}, down={1: ["Silk"]},
            bags={2: ["Cheese"]}, declarations={2: "Cheese"}, gold={1: 0}, target=1,
        )
        state = changed(state, debt=Debt(debtor=1, creditor=0, amount=5))
        app.session.state = state
        app.session.handoff.public_shown()
        app.advance()
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat == 1
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PayScreen)
        check_privacy(app)
        text = widget_texts(app.screen)
        assert "Marian's face-down goods: 1 Silk" in text and "owes Robin 5 gold" in text
        await pilot.press("down", "enter")  # Chickens (worth 4): 1 still owed
        await pilot.pause()
        state = app.session.state
        assert state.debt is not None and state.debt.amount == 1
        assert isinstance(app.screen, PayScreen)  # the same debtor goes on, no curtain needed


async def test_resume_a_sheriff_game_with_the_curtain_up(isolated_saves, monkeypatch):
    app = SherwoodApp()
    async with app.run_test() as pilot:
        await start(pilot, 3, 5, monkeypatch)
        await play_until(pilot, DeclareScreen)
        actions, state = list(app.session.actions), app.session.state
        await pilot.press("ctrl+q", "x")
    saves, problems = list_saves(isolated_saves)
    assert len(saves) == 1 and not problems
    app = SherwoodApp()
    async with app.run_test() as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert "Sheriff of Nottingham" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.actions == actions and app.session.state == state
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, DeclareScreen)


# ----- what each player needs on screen (issue 12) ---------------------------------------


show = show_state  # put the game in a state and show its next screen, curtain lifted


def drawn_lines(app) -> list[str]:
    return screen_text(app).splitlines()


ROYAL_HAND = ["Apples", "Cheese", "Golden Apples", "Pumpernickel Bread", "Crossbow", "Royal Rooster"]


async def test_royal_goods_hand_fits_80x24_a_card_a_line_without_scrolling(monkeypatch):
    """With Royal Goods the longest card line (Pumpernickel Bread beside contraband) still
    fits one line at 80x24, and a six-card hand needs no scrolling, in the market and the
    loader."""
    app = SherwoodApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, 4, 5, monkeypatch)
        state = arrange(n=4, royal=True, sheriff=0, step="set_aside", hands={1: ROYAL_HAND},
                        down={1: ["Silk"]})
        for step, kind in (("set_aside", SetAsideScreen), ("load", LoadScreen)):
            extra = {} if step == "set_aside" else {"market_seat": None}
            await show(pilot, changed(state, step=step, **extra))
            assert isinstance(app.screen, kind)
            hand = app.screen.query_one("#hand")
            assert hand.max_scroll_y == 0 and hand.virtual_size.height == len(ROYAL_HAND) + 1
            lines = drawn_lines(app)
            for name in ROYAL_HAND:
                row = next(text for text in lines if f"[ ] {name} " in text)
                worth = next(c.value for c in app.screen.view.hand if c.name == name)
                assert f" {worth} " in row.split(name, 1)[1]  # its worth on the same line
            assert any("worth fine" in text for text in lines)  # the columns are named


async def test_own_face_down_goods_on_private_screens_and_private_table_view_only(monkeypatch):
    """A merchant sees their own face-down goods on their market, loading and declaring
    screens and on the table view opened from them; the Sheriff's public screens and
    their table view never show them."""
    app = SherwoodApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, 3, 5, monkeypatch)
        state = arrange(n=3, sheriff=0, step="set_aside", hands={1: ["Apples", "Cheese"], 2: ["Mead"]},
                        down={1: ["Silk", "Pepper"], 2: ["Crossbow"]})
        secret = "Marian's face-down goods: 1 Pepper, 1 Silk"
        await show(pilot, state)
        assert isinstance(app.screen, SetAsideScreen) and app.screen.seat == 1
        assert secret in widget_texts(app.screen)
        check_privacy(app)
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, SheriffTableScreen) and app.screen.private and app.screen.seat == 1
        assert secret in widget_texts(app.screen) and secret in screen_text(app)
        check_privacy(app)  # Will's face-down Crossbow is not there
        await pilot.press("escape")
        await pilot.pause()
        for step, kind in (("load", LoadScreen), ("declare", DeclareScreen)):
            update = dict(step=step, market_seat=None)
            if step == "declare":
                update.update(bags=((), state.hands[1], state.hands[2]), hands=((), (), ()))
            await show(pilot, changed(state, **update))
            assert isinstance(app.screen, kind) and app.screen.seat == 1
            assert secret in widget_texts(app.screen)
            check_privacy(app)
        # the Sheriff's public screen and its table view: no face-down kinds at all
        choose = arrange(n=3, sheriff=0, step="choose", bags={1: ["Apples"], 2: ["Cheese"]},
                         declarations={1: "Apples", 2: "Cheese"}, down={0: ["Mead"], 1: ["Silk"]})
        await show(pilot, choose)
        assert isinstance(app.screen, ChooseScreen)
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, SheriffTableScreen) and not app.screen.private
        assert "face-down goods:" not in widget_texts(app.screen)
        check_privacy(app)


async def test_the_table_shows_the_declarations_of_closed_bags_only(monkeypatch):
    """Once a bag is dealt with, the table no longer reads "Robin declared 0 Cheese"."""
    app = SherwoodApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, 3, 5, monkeypatch)
        state = arrange(n=3, sheriff=0, step="choose", bags={1: (), 2: ["Cheese"]},
                        declarations={1: "Apples", 2: "Cheese"}, up={1: ["Apples"]},
                        round_notes=(Event("Marian passed (declared 1 Apple) with no bribe"),))
        await show(pilot, state)
        await pilot.press("v")
        await pilot.pause()
        text = widget_texts(app.screen)
        assert "Will declared 1 Cheese" in text
        assert "Marian declared" not in text and "declared 0" not in text and "declared no" not in text
        assert "Marian passed (declared 1 Apple) with no bribe" in text  # what became of it


async def test_bribe_composer_says_what_the_bag_holds(monkeypatch):
    """The bag lines say how many of the kind are in the bag (not the bag's size), and a
    promise beyond them is said to be unpaid."""
    app = SherwoodApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, 3, 5, monkeypatch)
        state = arrange(n=3, sheriff=0, step="offer", target=1,
                        bags={1: ["Cheese", "Cheese", "Silk"], 2: ["Apples"]},
                        declarations={1: "Cheese", 2: "Apples"})
        await show(pilot, state)
        assert isinstance(app.screen, OfferScreen)
        rows = {row.label: row.note for row in app.screen.query_one("#rows").rows}
        assert rows["Bag: Cheese"] == "2 in bag" and rows["Bag: Silk"] == "1 in bag"
        assert rows["Gold"] == "of 50"
        text = screen_text(app)
        assert "of 3" not in text and "2 in bag" in text
        await pilot.press("down", "right", "right", "right")  # 3 Cheese promised, 2 in the bag
        await pilot.pause()
        preview = widget_texts(app.screen)
        assert "3 Cheese from the bag" in preview and "in the bag: 2 Cheese; a promise beyond that is not paid" in preview


async def test_list_cursor_reads_without_colour_starts_on_the_bags_good_and_stops_at_the_ends(monkeypatch):
    """NO_COLOR: the highlighted line of the declare list carries a ▸; the cursor starts
    on the bag's own good (the declaration the player most likely means: Silk and Cheese
    declare Cheese) and Up on the first or Down on the last stays there (no wrapping)."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = SherwoodApp()
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.no_color
        await start(pilot, 3, 5, monkeypatch)
        state = arrange(n=3, sheriff=0, step="declare", bags={1: ["Silk", "Cheese"], 2: ["Apples"]})
        await show(pilot, state)
        assert isinstance(app.screen, DeclareScreen)
        goods = app.screen.query_one("#goods")

        def cursor_lines() -> list[str]:
            return [text for text in drawn_lines(app) if "▸ " in text]

        assert len(cursor_lines()) == 1 and "2 Cheese" in cursor_lines()[0]
        await pilot.press("up", "up", "up", "up")
        await pilot.pause()
        assert goods.highlighted == 0 and len(cursor_lines()) == 1 and "2 Apples" in cursor_lines()[0]
        await pilot.press("down", "down", "down", "down", "down")
        await pilot.pause()
        assert goods.highlighted == goods.option_count - 1
        assert len(cursor_lines()) == 1 and "2 Chickens" in cursor_lines()[0]
        await pilot.press("up")
        await pilot.pause()
        assert "2 Cheese" in cursor_lines()[0]


async def test_scoreboard_labels_gold_and_the_score_so_far_as_the_game_counts_it(monkeypatch):
    """Every column of the Sheriff scoreboard is labelled, and its score is the game's own
    running score (the one a bot's turn shows), next to the gold."""
    app = SherwoodApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, 3, 5, monkeypatch)
        state = arrange(n=3, sheriff=0, step="choose", bags={1: ["Apples"], 2: ["Cheese"]},
                        declarations={1: "Apples", 2: "Cheese"}, up={1: ["Apples", "Apples"]},
                        down={1: ["Silk"]}, gold={1: 46})
        await show(pilot, state)
        board = app.screen.query_one("#scoreboard").content.plain
        head, *rows = board.splitlines()
        assert head.split() == ["gold", "up", "dn", "score"]
        marian = next(row for row in rows if "Marian" in row).split()
        total = app.session.game.scores(app.session.state)[1].total
        assert marian[1:] == ["46", "2", "1", f"{total:g}"] and total == 46 + 4 + 20
        assert "score: face-down not counted" in board


async def test_counter_offer_rows_say_what_the_table_knows_the_bag_and_stand_hold(monkeypatch):
    """The Sheriff's counter-offer lines say the bag's size ("bag holds 3") and how many
    goods lie face down, never a kind nobody at the table can know."""
    app = SherwoodApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, 3, 5, monkeypatch)
        state = arrange(n=3, sheriff=0, step="decide", target=1,
                        bags={1: ["Cheese", "Cheese", "Silk"], 2: ["Apples"]},
                        declarations={1: "Cheese", 2: "Apples"}, up={1: ["Apples"]},
                        down={1: ["Mead", "Pepper"]}, offer=Bribe(gold=1))
        await show(pilot, state)
        assert isinstance(app.screen, DecideScreen)
        await pilot.press("c")
        await pilot.pause()
        rows = {row.label: row.note for row in app.screen.query_one("#rows").rows}
        assert rows["Bag: Cheese"] == "bag holds 3" and rows["Stand: Apples"] == "of 1"
        assert rows["Stand: Silk"] == "2 face down"
        check_privacy(app)


def burst(app, *keys: str) -> None:
    """Keys as a terminal sends a quick burst: all posted at once, before the app has
    handled the first (Pilot's `press` waits for the app after every key)."""
    from textual import events

    chars = {"enter": "\r", "space": " "}
    for key in keys:
        event = events.Key(key, chars.get(key, key if len(key) == 1 else None))
        event.set_sender(app)
        app.post_message(event)


async def test_a_burst_of_keys_acts_in_the_order_typed_down_down_enter_declares_two_rows_down(monkeypatch):
    """An honest bag of 2 Apples, `Down Down Enter` typed as one burst: the arrows move
    the cursor before Enter declares (Enter is the screen's own key and used to act the
    moment it came, before the arrows had reached the list: it declared the first row)."""
    app = SherwoodApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, 3, 5, monkeypatch)
        state = arrange(n=3, sheriff=0, step="declare", bags={1: ["Apples", "Apples"], 2: ["Cheese"]})
        await show(pilot, state)
        screen = app.screen
        assert isinstance(screen, DeclareScreen)
        assert screen.query_one("#goods").highlighted == 0  # the bag's own good: Apples
        burst(app, "down", "down", "enter")
        await pilot.pause()
        declared = [a for a in app.session.actions if type(a).__name__ == "Declare"]
        assert [(a.good, a.count) for a in declared] == [(screen.goods[2], 2)]


async def test_keys_of_a_burst_typed_after_a_decision_never_act_on_the_next_screen(monkeypatch):
    """`Enter Down Enter` as one burst on the declaration: the first Enter declares; the
    rest were typed for the declaration screen, which has gone, and do nothing on the
    next player's screen."""
    app = SherwoodApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, 3, 5, monkeypatch)
        state = arrange(n=3, sheriff=0, step="declare", bags={1: ["Apples", "Apples"], 2: ["Cheese"]})
        await show(pilot, state)
        assert isinstance(app.screen, DeclareScreen)
        before = len(app.session.actions)
        burst(app, "enter", "down", "enter", "enter")
        await pilot.pause()
        assert len(app.session.actions) == before + 1  # the declaration alone
        assert not isinstance(app.screen, DeclareScreen) or app.screen.seat != 1
