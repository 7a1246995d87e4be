"""A key that closes an overlay (the log, help, the rules, a peek) handled after a new
decision has already replaced the screens (a feed at a table, a bot's move) closes
nothing: it never takes the new screen off the stack, half built (a seat once crashed
that way: its next decision screen mounted with an empty body)."""

from __future__ import annotations

from rich.text import Text
from textual import events

from sherwood_tui import catalog
from sherwood_tui.core.contract import Player
from sherwood_tui.ui.app import SherwoodApp
from sherwood_tui.ui.screens import HelpScreen, LogScreen, RoundSummaryScreen


async def test_an_overlays_late_close_leaves_the_screen_that_replaced_it(isolated_saves) -> None:
    app = SherwoodApp(saves_dir=isolated_saves, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.start_game(catalog.get("sheriff"), [Player(name=n) for n in ("Robin", "Marian", "Much")], {}, seed=3)
        await pilot.pause()
        for overlay in (LogScreen([], "The game log"), HelpScreen([("F1", "help")])):
            app.push_screen(overlay)
            await pilot.pause()
            assert app.screen is overlay
            new = RoundSummaryScreen("A new screen", [], Text("scores"))
            app.replace_game_screen(new, guarded=False)  # the overlay is closed by it ...
            overlay.action_close()  # ... and its own closing key comes after
            await pilot.pause()
            assert app.screen is new and new.is_mounted
            assert new.query("Panel"), "the new screen lost its widgets"



async def test_a_screen_mounted_after_it_was_replaced_does_not_look_for_its_widgets(isolated_saves) -> None:
    """At a table, feeds can come faster than a screen mounts: a screen replaced while it
    is built gets its Mount once it is off the stack and its widgets are pruned (a seat
    crashed there, NoMatches in `on_mount`); such a screen's `on_mount` is not run."""
    app = SherwoodApp(saves_dir=isolated_saves, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.start_game(catalog.get("sheriff"), [Player(name=n) for n in ("Robin", "Marian", "Much")], {}, seed=3)
        await pilot.pause()
        session = app.session
        seat = session.game.to_act(session.state)[0]
        first = catalog.get("sheriff").load_screens().screen_for(session.feed(seat, private=True))
        app.replace_game_screen(first, guarded=False)
        await pilot.pause()
        app.replace_game_screen(RoundSummaryScreen("Next", [], Text("scores")), guarded=False)
        await pilot.pause()
        assert first not in app.screen_stack and not first.query("#body")  # off the stack, its widgets gone
        await first.on_event(events.Mount())  # its Mount, as it comes late
        assert app.is_running
