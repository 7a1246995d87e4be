"""The replay viewer by keys at 80x24: steps both ways, to either end, and every seat's
hidden information only after `s`."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from sherwood_tui import catalog
from sherwood_tui.core.saves import write_save
from sherwood_tui.core.session import Session
from sherwood_tui.ui.replay import DESIGNER_NOTE, ReplayApp, ReplayScreen
from sherwood_tui.ui.screens import HelpScreen
from sherwood_tui.ui.widgets import Panel
from sherwood_tui.workbench.replay import Replay
from tests.contract_checks import players, random_game
from tests.ui.helpers import screen_text


def step_shown(app) -> tuple[int, int]:
    """The step counter of the title: (step, steps)."""
    found = re.search(r"step (\d+) / (\d+)", screen_text(app).splitlines()[0])
    assert found, screen_text(app)
    return int(found[1]), int(found[2])


async def test_replay_steps_by_keys_and_shows_secrets_only_after_s(tmp_path):
    game = catalog.get("sheriff").load()
    _, actions = random_game(game, 3, 2)
    path = tmp_path / "kept.json"
    write_save(Session.replay(game, players(3), {}, 2, actions), path)
    replay = Replay.open(path)
    steps = replay.steps
    app = ReplayApp(replay)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert step_shown(app) == (0, steps)
        text = screen_text(app)
        assert "A game of Sheriff of Nottingham begins." in text and "Table" in text and "Scores" in text
        for key in ("right", "l", "n"):
            await pilot.press(key)
        await pilot.pause()
        assert step_shown(app) == (3, steps)
        events = replay.at(3).events  # a small move (a card set aside) has no log line
        assert not events or events[0].text[:30] in screen_text(app)  # its start: it may wrap
        for key, step in (("left", 2), ("h", 1), ("p", 0), ("p", 0), ("pagedown", 10), ("pageup", 0),
                          ("end", steps), ("right", steps), ("home", 0), ("end", steps), ("pageup", steps - 10)):
            await pilot.press(key)
            await pilot.pause()
            assert step_shown(app) == (step, steps), key
        await pilot.press("end")
        await pilot.pause()
        assert "Game over" in screen_text(app)

        # Secrets: none on screen until `s`, then every seat's by name, and gone again.
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("home", "right", "right")
        await pilot.pause()
        assert DESIGNER_NOTE[:20] not in screen_text(app) and "'s secrets" not in screen_text(app)
        assert not screen.query_one("#hidden").display and "designer's view" not in screen_text(app).splitlines()[0]
        assert str(screen.query_one("#hidden", Panel).content) == ""  # not even held by a widget
        await pilot.press("s")
        await pilot.pause()
        assert screen.query_one("#hidden").display
        assert "designer's view" in screen_text(app).splitlines()[0]
        seen = screen_text(app)
        for _ in range(15):  # scroll down by keys through every seat's secrets
            await pilot.press("down")
            await pilot.pause()
            seen += screen_text(app)
        assert DESIGNER_NOTE[:20] in seen
        for seat, view in enumerate(replay.position.seat_views()):
            name = replay.players[seat].name
            assert f"{name}'s secrets" in seen
            # as the seat's own screens word it ("Robin's hand: 2 Apples, ..."; the line may wrap)
            assert view.hand_text.split(", ")[0] in " ".join(seen.split())
        await pilot.press("s")
        await pilot.pause()
        assert "'s secrets" not in screen_text(app) and not screen.query_one("#hidden").display
        assert str(screen.query_one("#hidden", Panel).content) == ""

        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and "previous step" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


def rendered(content) -> str:
    """A panel's content as plain words (wrapping undone)."""
    console = Console(file=io.StringIO(), width=76, color_system=None)
    console.print(content)
    return " ".join(console.file.getvalue().split())


def secret_step(game_id: str, replay: Replay) -> int:
    """A step whose move was made in secret, with secrets in hand: an ambush party with
    loot (Sherwood), a bag loaded (Sheriff); a bid (Bleeding Sherwood: all public)."""
    from sherwood_tui.games.sheriff.rules.model import LoadCard
    from sherwood_tui.games.sherwood.rules.model import GiveLoot

    def secret(action) -> bool:
        if game_id == "sherwood":
            return isinstance(action, GiveLoot)
        return isinstance(action, LoadCard) if game_id == "sheriff" else True

    return next(k for k, action in enumerate(replay.actions, start=1) if secret(action))


@pytest.mark.parametrize("game_id,seed", [("sherwood", 7), ("sheriff", 2), ("bleeding-sherwood", 4)])
async def test_the_designers_view_words_secrets_and_moves_as_players_say_them(tmp_path, game_id, seed):
    """With `s`, each seat's secrets and the step's secret move read in the game's own
    words: loot cards, Goodes and characters by name, never their ids."""
    game = catalog.get(game_id).load()
    _, actions = random_game(game, 3, seed)
    path = tmp_path / "kept.json"
    write_save(Session.replay(game, players(3), {}, seed, actions), path)
    replay = Replay.open(path)
    at = replay.go(secret_step(game_id, replay))
    app = ReplayApp(replay)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert "Move:" not in rendered(screen.query_one("#step", Panel).content)  # not before `s`
        await pilot.press("s")
        await pilot.pause()
        hidden = rendered(screen.query_one("#hidden", Panel).content)
        step = rendered(screen.query_one("#step", Panel).content)
        move = next((line for line in str(screen.query_one("#step", Panel).content).splitlines()
                     if line.startswith("Move: ")), "")
    views = at.seat_views()
    assert all(f"{player.name}'s secrets" in hidden for player in replay.players)
    if game_id == "sherwood":
        from sherwood_tui.games.sherwood.rules.data import data
        from sherwood_tui.games.sherwood.rules.tables import gold_count
        from sherwood_tui.games.sherwood.ui.text import loot_text

        chars, loot = data().characters, data().loot
        for view in views:
            gold = gold_count(view.hand)
            assert all(loot_text(card) in hidden for card in view.hand if loot[card].kind != "gold")
            assert not gold or (f"{gold} Gold" if view.party is None else "Gold") in hidden  # a party pays some
            for member in view.party.members if view.party else ():
                assert chars[member].name in hidden
        assert any(view.party for view in views)
        action = at.action
        mover = replay.players[action.seat].name
        whom = "the party" if action.to is None else chars[action.to].name
        assert f"Move: {mover} gives {loot[action.card].name} to {whom}" in step  # a piece of loot given
        assert "card:" not in step and "to:" not in step  # not the move's fields
    elif game_id == "sheriff":
        from sherwood_tui.games.sheriff.rules.wording import describe

        for view in views:
            for cards, text in ((view.hand, view.hand_text), (view.bag, view.bag_text),
                                (view.hidden, view.hidden_text)):
                assert not cards or text in hidden
        mover = replay.players[at.action.seat].name
        assert f"Move: {mover} loads {describe((at.action.card,))}" in step  # one card put in the bag
    else:
        for view in views:
            assert all(f"{card.name} ({card.value})" in hidden for card in view.hand)
        assert "Move:" not in step  # every move is said by its log line
    if game_id != "sheriff":  # numbers only in brackets and counts of Gold: no card by its id
        assert not re.search(r"\d", re.sub(r"\([^)]*\)|\b\d+ Gold\b", "", hidden)), hidden
        assert not re.search(r"\d", re.sub(r"\([^)]*\)|\b\d+ Gold\b", "", move)), move


def test_the_game_app_never_offers_the_replay():
    """The designer's view is a command of its own: nothing the game app loads (the app,
    its screens, the games' screens) imports the viewer or its model."""
    from tests.core.test_layers import ROOT, imports

    drawing = [ROOT / "ui" / name for name in ("app.py", "screens.py", "game_screen.py", "widgets.py")]
    drawing += sorted((ROOT / "games").glob("*/ui/*.py"))
    for path in drawing:
        assert not {m for m in imports(path) if m.endswith(".replay")}, path.name
