"""The hint key (h) and the expert bot in the hot-seat app: a hint shows the expert's
choice on a seat's own decision screen only, searched in the background from the seat's
view alone; an expert bot thinks in the background and Ctrl+Q still answers at once."""

from __future__ import annotations

import asyncio
import random
import time

import pytest

from sherwood_tui import catalog
from sherwood_tui.core.bots import rank
from sherwood_tui.core.contract import Player
from sherwood_tui.ui.app import SherwoodApp
from sherwood_tui.ui.game_screen import BotTurnScreen, GameScreen, HintLine
from sherwood_tui.ui.hint import hint_text
from sherwood_tui.ui.screens import CurtainScreen, QuitScreen
from tests.ui.helpers import screen_text

GAMES = ("bleeding-sherwood", "sheriff", "sherwood")
NAMES = ("Robin", "Marian", "Much")


def hint_lines(app) -> list[HintLine]:
    return list(app.screen.query(HintLine))


async def begin(pilot, game_id: str, bots: tuple[str | None, ...] = (), seed: int = 3) -> None:
    """Start `game_id` with humans (the minimum, at least two) and then `bots`."""
    info = catalog.get(game_id)
    humans = max(2, info.min_players - len(bots))
    players = [Player(name=NAMES[i]) for i in range(humans)]
    players += [Player(name=f"Bot {i}", bot=level) for i, level in enumerate(bots)]
    await pilot.pause()
    pilot.app.start_game(info, players, {}, seed)
    await pilot.pause()


async def to_private_screen(pilot) -> GameScreen:
    """Lift curtains until a private decision screen is up."""
    app = pilot.app
    for _ in range(10):
        screen = app.screen
        if isinstance(screen, GameScreen) and screen.private:
            return screen
        assert isinstance(screen, CurtainScreen), type(screen).__name__
        await pilot.press("enter")
        await pilot.pause()
    raise AssertionError("no private screen")


async def wait_for(pilot, condition, seconds: float = 20.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        await pilot.pause(0.02)
        if condition():
            return
    raise AssertionError("waited in vain")


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
@pytest.mark.parametrize("game_id", GAMES)
async def test_h_on_a_private_screen_shows_the_experts_choice_in_the_games_words(game_id, size):
    app = SherwoodApp(bot_delay=0, hint_playouts=6)
    async with app.run_test(size=size) as pilot:
        await begin(pilot, game_id)
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("h")  # the curtain: nothing
        await pilot.pause()
        assert not hint_lines(app) and "Hint" not in screen_text(app)
        screen = await to_private_screen(pilot)
        actions = len(app.session.actions)
        await pilot.press("h")
        await wait_for(pilot, lambda: "Hint: " in screen_text(app))
        text = screen_text(app)
        assert "wins " in text and "%" in text
        hint = str(hint_lines(app)[0].content)
        assert hint.startswith("Hint: ") and "Escape" not in hint
        assert "Load" not in hint or game_id == "sheriff"
        assert len(app.session.actions) == actions and app.screen is screen  # it never moves
        assert not any("Hint" in event.text for event in app.session.log)
        await pilot.press("escape")  # takes the hint away
        await pilot.pause()
        assert not hint_lines(app)


async def test_a_hint_goes_with_its_screen():
    app = SherwoodApp(bot_delay=0, hint_playouts=6)
    async with app.run_test() as pilot:
        await begin(pilot, "bleeding-sherwood")
        screen = await to_private_screen(pilot)
        await pilot.press("h")
        await wait_for(pilot, lambda: bool(hint_lines(app)) and "Hint:" in str(hint_lines(app)[0].content))
        await pilot.press("p")  # the decision: the next screen (a curtain) has no hint
        await pilot.pause()
        assert app.screen is not screen and not hint_lines(app)
        assert "Hint" not in screen_text(app)


@pytest.mark.parametrize("game_id", GAMES)
async def test_escape_stops_a_long_search_and_nothing_is_shown_after(game_id):
    app = SherwoodApp(bot_delay=0, hint_playouts=100_000)  # minutes of search
    async with app.run_test(size=(80, 24)) as pilot:
        await begin(pilot, game_id)
        screen = await to_private_screen(pilot)
        await pilot.press("h")
        await pilot.pause()
        assert "Thinking…" in screen_text(app)
        worker = screen.hint_worker
        assert worker is not None
        await pilot.press("escape")
        await pilot.pause()
        assert worker.is_cancelled and screen.hint_worker is None and not hint_lines(app)
        await wait_for(pilot, lambda: worker.is_finished, 20)
        await pilot.pause(0.1)
        assert not hint_lines(app) and app.screen is screen
        assert "Thinking" not in screen_text(app) and "Hint: " not in screen_text(app)
        assert " h  Hint " in key_bar(app)  # no decision was made: the key still works


def key_bar(app) -> str:
    """The key bar of the top screen, as drawn (its last line)."""
    return (screen_text(app).splitlines() or [""])[-1]


async def h_does_nothing(pilot) -> None:
    """`h` on the top screen neither starts a search nor shows anything, and the key
    bar does not offer it."""
    app = pilot.app
    screen = app.screen
    assert " h  Hint " not in key_bar(app), type(screen).__name__
    await pilot.press("h")
    await pilot.pause(0.05)
    assert not hint_lines(app) and getattr(screen, "hint_worker", None) is None
    assert "Hint" not in screen_text(app) and "Thinking" not in screen_text(app)


async def decide_at_random(pilot, rnd: random.Random) -> None:
    """The top (human's) decision screen decides a random legal decision, whole."""
    from sherwood_tui.core.bots import bot_action

    screen, session = pilot.app.screen, pilot.app.session
    assert isinstance(screen, GameScreen)
    screen.submit(bot_action(session.game, session.state, screen.seat, "random", rnd))
    await pilot.pause()


BOT_WAITS = 600.0  # a bot's turn stays until the test says it is due (`act`), however busy the machine


PUBLIC_DECISIONS = {"bleeding-sherwood": False, "sheriff": True, "sherwood": True}  # (the Sheriff's, Sherwood's towns)


@pytest.mark.parametrize("game_id", GAMES)
async def test_h_works_on_a_humans_decision_screens_and_nowhere_else(game_id):
    """Through a game with a bot at 80x24: the key in the key bar of every private decision
    screen met, and a hint on the first; on a human's public decision screen (the
    Sheriff's inspection, Sherwood's towns) the key too, its first press asking the others
    to look away; on a curtain and a bot's turn, no key in the bar and `h` does nothing."""
    app = SherwoodApp(bot_delay=BOT_WAITS, hint_playouts=6)
    rnd = random.Random(5)
    met: set[str] = set()
    private_screens = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await begin(pilot, game_id, bots=("sensible",))
        for _ in range(300):
            screen = app.screen
            if isinstance(screen, BotTurnScreen):
                if "bot" not in met:  # the bot moves only when told (below): no race
                    met.add("bot")
                    await h_does_nothing(pilot)
                screen.act()
                await wait_for(pilot, lambda s=screen: app.screen is not s, 10)
                continue
            if isinstance(screen, CurtainScreen):
                if "curtain" not in met:
                    met.add("curtain")
                    await h_does_nothing(pilot)
                await pilot.press("enter")
            elif isinstance(screen, GameScreen) and not screen.private:
                met.add("public")
                assert key_bar(app).count(" h  Hint ") == 1, (type(screen).__name__, key_bar(app))
                await pilot.press("h")
                await wait_for(pilot, lambda: "the others look away" in screen_text(app))
                assert "Hint: " not in screen_text(app)
                await pilot.press("h")
                await wait_for(pilot, lambda: "Hint: " in screen_text(app))
                break
            elif isinstance(screen, GameScreen):
                assert key_bar(app).count(" h  Hint ") == 1, (type(screen).__name__, key_bar(app))
                private_screens += 1
                if "private" not in met:  # (one search is enough)
                    met.add("private")
                    await pilot.press("h")
                    await wait_for(pilot, lambda: "Hint: " in screen_text(app))
                elif not PUBLIC_DECISIONS[game_id] and private_screens >= 30:
                    break
                await decide_at_random(pilot, rnd)
            elif screen_text(app).strip():  # news, a summary, an inspection's result
                await h_does_nothing(pilot)
                await pilot.press("enter")
            await pilot.pause()
        assert met == {"bot", "curtain", "private"} | ({"public"} if PUBLIC_DECISIONS[game_id] else set())


async def test_without_hints_the_key_is_neither_offered_nor_works():
    app = SherwoodApp(bot_delay=0, hint_playouts=6, hints=False)  # `--no-hints`
    async with app.run_test(size=(80, 24)) as pilot:
        await begin(pilot, "bleeding-sherwood")
        await to_private_screen(pilot)
        assert " p  Pass (final) " in key_bar(app)
        await h_does_nothing(pilot)


async def test_the_key_leaves_the_bar_once_the_decision_is_made_and_help_names_it():
    from sherwood_tui.ui.screens import HelpScreen

    app = SherwoodApp(bot_delay=0, hint_playouts=6)
    async with app.run_test(size=(80, 24)) as pilot:
        await begin(pilot, "bleeding-sherwood")
        screen = await to_private_screen(pilot)
        assert " h  Hint " in key_bar(app) and " f1  Help " in key_bar(app)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and "Hint: the expert's choice" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        screen.decided = True  # (as between a decision and its next screen)
        screen.refresh_bindings()
        await pilot.pause()
        assert " h  Hint " not in key_bar(app)
        screen.refused()  # a refused decision: the player chooses again, hint and all
        await pilot.pause()
        assert " h  Hint " in key_bar(app)


async def test_an_expert_bot_plays_in_the_background_and_the_game_goes_on():
    app = SherwoodApp(bot_delay=0)
    async with app.run_test() as pilot:
        await begin(pilot, "bleeding-sherwood", bots=("expert:30",))
        bot = len(app.session.players) - 1
        for _ in range(200):
            if any(action.seat == bot for action in app.session.actions):
                break
            screen = app.screen
            if isinstance(screen, BotTurnScreen):
                assert "(expert) is thinking…" in screen_text(app)
                await pilot.pause(0.05)
                continue
            await pilot.press("enter" if isinstance(screen, CurtainScreen) else "p")
            await pilot.pause()
        assert any(action.seat == bot for action in app.session.actions)


async def test_ctrl_q_while_an_expert_thinks_answers_at_once_and_the_search_is_dropped():
    app = SherwoodApp(bot_delay=0)
    async with app.run_test() as pilot:
        info = catalog.get("bleeding-sherwood")
        await pilot.pause()
        app.start_game(info, [Player(name="Bot", bot="expert:100000"), Player(name="Robin")], {}, 3)
        await pilot.pause()
        for _ in range(20):  # Robin may bid first
            if isinstance(app.screen, BotTurnScreen):
                break
            await pilot.press("enter" if isinstance(app.screen, CurtainScreen) else "p")
            await pilot.pause()
        await wait_for(pilot, lambda: isinstance(app.screen, BotTurnScreen) and len(app.workers) > 0, 30)
        actions = len(app.session.actions)
        app.simulate_key("ctrl+q")  # (not Pilot's press, which waits for an idle app)
        while not isinstance(app.screen, QuitScreen):  # (the test's time limit catches a hang)
            await asyncio.sleep(0.01)
        searches = list(app.workers)
        await pilot.press("x")
    # the search was cancelled, not waited for (it would take minutes: the test's time
    # limit would stop it first)
    assert searches and all(worker.is_cancelled for worker in searches)
    assert len(app.session.actions) == actions


@pytest.mark.parametrize("game_id", GAMES)
def test_the_hint_is_the_same_when_other_seats_secrets_are_scrambled(game_id):
    """A hint is searched from the seat's view and legal moves only: scrambling every
    other seat's secrets never changes its text (same seed and budget)."""
    info = catalog.get(game_id)
    game, screens = info.load(), info.load_screens()
    words = screens.decision_text
    assert words is not None
    rnd = random.Random(3)
    state = game.new_game([Player(name=f"P{i}") for i in range(game.min_players + 1)], {}, 3)
    steps = checked = 0
    from sherwood_tui.core.bots import bot_action
    from sherwood_tui.core.steps import as_moves

    while not game.is_over(state) and checked < 3:
        seat = game.to_act(state)[0]
        if steps % 7 == 3 and game.is_private(state, seat) and len(game.legal_actions(state, seat)) > 1:
            texts = []
            for real in (state, game.scramble_secrets(state, seat, steps)):
                view, legal = game.view(real, seat), game.legal_actions(real, seat)
                choices = rank(game, view, legal, random.Random(steps), seat=seat, seats=len(real.players), playouts=5)
                texts.append(hint_text(choices, words, view))
            assert texts[0] == texts[1] and texts[0].startswith("Hint: ")
            checked += 1
        for move in as_moves(bot_action(game, state, seat, "sensible", rnd)):
            state, _ = game.apply(state, move)
        steps += 1
    assert checked == 3


async def test_the_key_guard_drops_an_h_typed_right_after_the_hand_off():
    """The hand-off's key guard (core/handoff.py) judges `h` as any key: typed during the
    hold of a new private screen, it does nothing; a moment later, it shows the hint."""
    from sherwood_tui.core.handoff import KeyGuard

    class Clock:
        now = 1000.0

        def __call__(self) -> float:
            return self.now

    clock = Clock()
    app = SherwoodApp(bot_delay=0, hint_playouts=6, key_guard=KeyGuard(clock=clock))
    async with app.run_test() as pilot:
        await begin(pilot, "bleeding-sherwood")
        await pilot.pause()
        clock.now += 5
        await pilot.press("enter")  # lifts the curtain
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.private
        await pilot.press("h")  # within the hold: dropped
        await pilot.pause(0.1)
        assert not hint_lines(app)
        clock.now += 5
        await pilot.press("h")
        await wait_for(pilot, lambda: "Hint: " in screen_text(app))


async def test_an_expert_seat_is_saved_and_resumed(isolated_saves):
    from sherwood_tui.core.saves import load_session

    app = SherwoodApp(bot_delay=0)
    async with app.run_test() as pilot:
        await begin(pilot, "sherwood", bots=("expert",))
        path = app.save_path
    assert load_session(path).players[-1].bot == "expert"


def test_each_game_words_a_whole_decision_as_one():
    """`decision_text`: a Sheriff bag loaded card by card then closed reads as one load,
    a Sherwood ambush as one party, a Bleeding Sherwood bid with its card's name."""
    from sherwood_tui.games.bleeding_sherwood.rules.model import Pass, PlayGoode
    from sherwood_tui.games.sheriff.rules.model import Declare, LoadBag, LoadCard
    from sherwood_tui.games.sheriff.rules.wording import describe
    from sherwood_tui.games.sherwood.rules.model import AddMember, SendParty

    def first_view(game_id: str):
        info = catalog.get(game_id)
        game = info.load()
        state = game.new_game([Player(name=n) for n in NAMES], {}, 3)
        seat = game.to_act(state)[0]
        return info.load_screens().decision_text, game.view(state, seat), seat

    words, view, seat = first_view("bleeding-sherwood")
    card = view.hand[0]
    assert words((PlayGoode(seat=seat, card=card.id),), view) == f"bid {card.name} ({card.value})"
    assert words((Pass(seat=seat),), view) == "pass"

    words, view, seat = first_view("sheriff")
    cards = [c.id for c in view.hand[:3]]
    text = words((*(LoadCard(seat=seat, card=c) for c in cards), LoadBag(seat=seat)), view)
    assert text == f"load {describe(cards)}"
    assert words((Declare(seat=seat, good="Apples", count=3),), view) == "declare 3 Apples"

    words, view, seat = first_view("sherwood")
    text = words((AddMember(seat=seat, member="robin"), AddMember(seat=seat, member="john"), SendParty(seat=seat)), view)
    assert text.startswith("send Robin Hood, Little John") and text.count("send") == 1
    assert words((SendParty(seat=seat),), view) == "send nobody"


async def test_player_setup_offers_the_expert_bot():
    from sherwood_tui.ui.screens import SetupScreen
    from tests.ui.helpers import open_setup

    app = SherwoodApp(bot_delay=0)
    async with app.run_test() as pilot:
        await open_setup(pilot, 0)
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("tab", "enter", "down", "down", "down", "enter")  # the first seat's kind
        await pilot.pause()
        assert app.screen.players()[0].bot == "expert"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.session is not None and app.session.players[0].bot == "expert"


async def test_an_experts_search_is_dropped_when_its_turn_is_taken_back():
    app = SherwoodApp(bot_delay=0)
    async with app.run_test() as pilot:
        await pilot.pause()
        app.start_game(catalog.get("bleeding-sherwood"), [Player(name="Robin"), Player(name="Bot", bot="expert:100000")],
                       {}, 0)  # (seed 0: Robin bids first)
        await pilot.pause()
        assert app.session.game.to_act(app.session.state) == [0]
        await pilot.press("enter")  # Robin bids; the expert's long search starts
        bot_screen = app.screen
        assert isinstance(bot_screen, BotTurnScreen)
        await wait_for(pilot, lambda: len(app.workers) > 0, 30)
        actions = len(app.session.actions)
        app.simulate_key("u")  # takes Robin's bid back: the bot's turn is gone
        started = time.monotonic()
        while app.screen is bot_screen and time.monotonic() - started < 30:
            await asyncio.sleep(0.01)
        assert len(app.session.actions) < actions
        started = time.monotonic()
        while not bot_screen.gone and time.monotonic() - started < 30:
            await asyncio.sleep(0.01)
        assert bot_screen.gone  # its screen was taken down
        started = time.monotonic()
        while len(app.workers) and time.monotonic() - started < 30:
            await asyncio.sleep(0.05)
        assert not len(app.workers)  # its search stopped
        assert not any(a.seat == 1 for a in app.session.actions)
        assert isinstance(app.screen, GameScreen) and app.screen.private


async def test_the_apps_playouts_budget_every_plain_expert_and_every_hint(monkeypatch):
    """`sherwood-tui --playouts N`: a "Bot: expert" seat and the h key search N playouts
    a decision (an expert:M seat keeps its M); without it, the game's default."""
    from sherwood_tui.core import search
    from sherwood_tui.core.bots import default_playouts

    budgets: list[int] = []
    for name in ("expert_decision", "rank_decisions"):
        original = getattr(search, name)
        monkeypatch.setattr(search, name, lambda *a, _f=original, **k: budgets.append(k["playouts"]) or _f(*a, **k))
    app = SherwoodApp(bot_delay=0, playouts=4)
    assert app.hint_playouts == 4
    async with app.run_test() as pilot:
        await begin(pilot, "bleeding-sherwood", bots=("expert", "expert:5"))
        await to_private_screen(pilot)
        await pilot.press("h")
        await wait_for(pilot, lambda: "Hint: " in screen_text(app))
        for _ in range(100):
            if {4, 5} <= set(budgets) and any(budget == 4 for budget in budgets[1:]):
                break
            screen = app.screen
            if isinstance(screen, BotTurnScreen):
                await pilot.pause(0.05)
            else:
                await pilot.press("enter" if isinstance(screen, CurtainScreen) else "p")
                await pilot.pause()
        assert set(budgets) == {4, 5}
    assert SherwoodApp(bot_delay=0).playouts is None  # the game's own default then:
    assert default_playouts(catalog.get("sherwood").load()) == catalog.get("sherwood").default_playouts


def test_the_command_line_gives_the_app_its_playouts_and_may_turn_hints_off(monkeypatch):
    from sherwood_tui import commands
    from sherwood_tui.commands import play

    seen = []
    monkeypatch.setattr(play, "missing_terminal", lambda: None)
    monkeypatch.setattr(play, "run_app", lambda folder, resume, delay, playouts=None, hints=True:
                        seen.append((playouts, hints)) or 0)
    assert commands.run(["--playouts", "40"]) == 0
    assert commands.run(["play", "--playouts", "30", "--no-hints"]) == 0
    assert commands.run(["--no-hints"]) == 0
    assert commands.run(["play"]) == 0
    assert seen == [(40, True), (30, False), (None, False), (None, True)]


def test_a_hint_says_when_an_alternative_looks_better_from_fewer_tries():
    """The advice is the move the search tried most; an alternative whose estimate is
    higher from fewer tries is marked less sure, so the hint never seems to contradict
    itself ("send Will Scarlet: wins 42%; send nobody: 43%" was how it read)."""
    from sherwood_tui.core.search import Choice

    def words(moves, view):
        return " then ".join(moves)

    choices = [Choice("send Will", 120, 0.42), Choice("send nobody", 50, 0.43), Choice("wait", 30, 0.30)]
    assert hint_text(choices, words, None) == (
        "Hint: Send Will: wins 42%; send nobody: 43% (tried less: less sure); wait: 30%")
    assert hint_text([Choice("pass", 0, 0.5)], words, None) == "Hint: Pass: wins 50% (the only choice)"
    # one decision weighed among many legal moves (a Sheriff's load): not "the only choice"
    assert hint_text([Choice("load", 40, 0.76)], words, None, legal=6) == (
        "Hint: Load: wins 76% (the expert weighed no other)")


def test_a_hint_gives_the_searchs_reason_in_the_games_words():
    """The best choice carries one reason from the search (its kit's `reason`), said after
    its chance: what the expert read from the table."""
    from sherwood_tui.core.search import Choice

    def words(moves, view):
        return " then ".join(moves)

    choices = [Choice("inspect Much's bag", 40, 0.41, reason="Much lied in 3 of his 4 opened bags"),
               Choice("let it pass", 40, 0.33)]
    assert hint_text(choices, words, None, legal=2) == (
        "Hint: Inspect Much's bag: wins 41% (Much lied in 3 of his 4 opened bags); let it pass: 33%")
