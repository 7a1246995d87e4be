"""Pilot tests of the app's own screens: the picker, player setup, the Continue list (with
its delete question) and where notifications appear, each read as a player sees it."""

from __future__ import annotations

import json
import random

from rich.color import Color as RichColor
from textual.widgets import Input, Select

from sherwood_tui import catalog
from sherwood_tui.core.contract import Player
from sherwood_tui.core.saves import write_save
from sherwood_tui.core.session import Session
from sherwood_tui.ui.app import SherwoodApp
from sherwood_tui.ui.picker import PickerScreen
from sherwood_tui.ui.screens import ConfirmScreen, ContinueScreen, SetupScreen
from tests.contract_checks import players
from tests.ui.helpers import open_setup, screen_text, widget_texts

SIZE = (80, 24)


def drawn_cells(app, widget) -> list:
    """The (text, style) segments drawn where `widget` is, on its first row."""
    region = widget.region
    strip = app.screen._compositor.render_strips()[region.y]
    return [(seg.text, seg.style) for seg in strip.crop(region.x, region.right)]


def light(style) -> bool:
    """The cell's background (as drawn, reverse video counted) is a light one."""
    color = style.color if style.reverse else style.bgcolor
    r, g, b = (color or RichColor.parse("black")).get_truecolor()
    return (r * 299 + g * 587 + b * 114) / 1000 > 128


def save(folder, game_id: str, name: str, saved_at: str, options=None, finish: bool = False, seed: int = 5):
    """A save of a short (or, with `finish`, a whole) seeded random game, saved at a
    fixed time (the list is newest first)."""
    game = catalog.get(game_id).load()
    session = Session(game, players(3), options or {}, seed)
    rnd = random.Random(seed)
    while not session.is_over and (finish or len(session.actions) < 4):
        seat = session.next_seat()
        session.submit(rnd.choice(game.legal_actions(session.state, seat)))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    write_save(session, path)
    data = json.loads(path.read_text())
    data["saved_at"] = saved_at
    path.write_text(json.dumps(data))
    return path


# ----- the picker ------------------------------------------------------------------------
async def test_picker_up_on_the_first_game_stays_there_and_never_reaches_quit():
    app = SherwoodApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        games = app.screen.query_one("#games")
        assert games.highlighted_option.id == catalog.GAMES[0].id
        for _ in range(3):
            await pilot.press("up")
        assert games.highlighted_option.id == catalog.GAMES[0].id
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and app.is_running


async def test_picker_down_stops_at_quit_at_the_bottom():
    app = SherwoodApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        games = app.screen.query_one("#games")
        for _ in range(games.option_count + 3):
            await pilot.press("down")
        assert games.highlighted_option.id == "quit"
        await pilot.press("up")
        assert games.highlighted_option.id == "continue"
        assert isinstance(app.screen, PickerScreen) and app.is_running


# ----- player setup ----------------------------------------------------------------------
async def test_setup_variant_box_shows_its_state_as_text():
    app = SherwoodApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot, 0)
        assert "[ ] 1996 rules" in screen_text(app)
        box = app.screen.query_one("#opt-classic_1996")
        box.focus()
        await pilot.press("space")
        await pilot.pause()
        assert "[x] 1996 rules" in screen_text(app) and "[ ] 1996 rules" not in screen_text(app)
        assert app.screen.options() == {"classic_1996": True}


async def test_setup_focused_field_is_drawn_in_reverse_video_or_light_on_dark():
    """Focus must read without colour: the focused name (and box) in reverse video, the
    focused seat kind light on the dark screen; the others in neither."""
    app = SherwoodApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot, 0)
        screen = app.screen
        name0, name1 = screen.query_one("#name-0", Input), screen.query_one("#name-1", Input)
        assert name0.has_focus
        assert all(style.reverse for _, style in drawn_cells(app, name0))
        assert not any(style.reverse for _, style in drawn_cells(app, name1))
        await pilot.press("tab")
        kind0, kind1 = screen.query_one("#kind-0", Select), screen.query_one("#kind-1", Select)
        assert kind0.has_focus
        assert all(light(style) for _, style in drawn_cells(app, kind0))
        assert not any(light(style) for _, style in drawn_cells(app, kind1))
        assert not any(style.reverse for _, style in drawn_cells(app, name0))
        box = screen.query_one("#opt-classic_1996")
        assert not any(style.reverse for _, style in drawn_cells(app, box))
        box.focus()
        await pilot.pause()
        assert all(style.reverse for text, style in drawn_cells(app, box) if text.strip())


async def test_setup_names_take_at_most_the_name_limit():
    """A name is typed up to NAME_LIMIT (24) characters: the 25th is not taken, and the
    game starts with the 24-character name."""
    from sherwood_tui.core.contract import NAME_LIMIT

    app = SherwoodApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot, 1)  # Sheriff of Nottingham: its round label names the Sheriff
        name = app.screen.query_one("#name-0", Input)
        name.value = ""
        await pilot.press(*"abcdefghijklmnopqrstuvwxy")  # 25 letters
        await pilot.pause()
        assert name.value == "abcdefghijklmnopqrstuvwx" and len(name.value) == NAME_LIMIT == 24
        assert [p.name for p in app.screen.players()][0] == "abcdefghijklmnopqrstuvwx"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.session is not None and app.session.players[0].name == "abcdefghijklmnopqrstuvwx"


async def test_setup_shows_a_name_of_the_longest_length_whole_while_typed_and_after():
    """A 24-character name is read whole in its box as it is typed (the cursor after
    it) and once the next box has the focus: its first letter never scrolls away."""
    names = ("Bartholomew Greenleaf-Lo", "Marian of Leaford Grange")
    app = SherwoodApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot, 0)
        for seat, name in enumerate(names):
            box = app.screen.query_one(f"#name-{seat}", Input)
            box.focus()
            box.value = ""
            await pilot.press(*name)
            await pilot.pause()
            assert name in screen_text(app), f"{name!r} is not whole as it is typed"
        await pilot.press("tab")
        await pilot.pause()
        drawn = screen_text(app)
        assert all(name in drawn for name in names), drawn


async def test_f2_on_a_games_setup_opens_that_games_rules():
    from sherwood_tui.ui.screens import RulesScreen

    app = SherwoodApp()
    async with app.run_test(size=SIZE) as pilot:
        for index, info in enumerate(catalog.GAMES):
            await pilot.press(*["up"] * len(catalog.GAMES))  # the picker keeps its place
            await open_setup(pilot, index)
            assert isinstance(app.screen, SetupScreen) and app.screen.info is info
            await pilot.press("f2")
            await pilot.pause()
            assert isinstance(app.screen, RulesScreen)
            assert app.screen.markdown == info.rules_reference() and "Choose a game first" not in app.screen.markdown
            await pilot.press("escape", "escape")  # the rules close, then the setup
            await pilot.pause()
            assert isinstance(app.screen, PickerScreen)


async def test_an_open_menu_names_escape_once():
    """While a seat's kind menu is open, Escape closes the menu: the key bar says so, and
    not also "Back" (which Escape does once the menu is closed)."""
    app = SherwoodApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot, 0)
        keys = app.screen.query_one("KeyBar")
        assert "Back" in str(keys.render())
        await pilot.press("tab", "enter")  # the first seat's kind: its menu opens
        await pilot.pause()
        assert app.screen.query_one("#kind-0", Select).expanded
        bar = str(keys.render())
        assert "Dismiss menu" in bar and "Back" not in bar, bar
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and "Back" in str(keys.render())


# ----- Continue --------------------------------------------------------------------------
async def test_continue_lists_games_in_progress_first_and_finished_ones_apart(isolated_saves):
    save(isolated_saves, "bleeding-sherwood", "old.json", "2024-05-01T20:00:00", {"classic_1996": True})
    camp = {"camp_needs_town": True}
    save(isolated_saves, "sherwood", "done.json", "2024-05-01T20:09:00", camp, finish=True)
    save(isolated_saves, "sheriff", "new.json", "2024-05-01T20:05:00")
    app = SherwoodApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ContinueScreen)
        text = screen_text(app)
        order = ["In progress · 2 games", "Sheriff of Nottingham · ", "Bleeding Sherwood · Round",
                 "with 1996 rules", "Finished · 1 game", "Sherwood (2005) · finished",
                 "with Camp only after a town"]
        at = [text.index(part) for part in order]
        assert at == sorted(at), text
        saves = app.screen.query_one("#saves")
        assert saves.highlighted_option.id.endswith("new.json")  # the newest game in progress
        await pilot.press("up")  # stays: the heading is never highlighted
        assert saves.highlighted_option.id.endswith("new.json")
        for _ in range(5):
            await pilot.press("down")
        assert saves.highlighted_option.id.endswith("done.json")
        await pilot.press("enter")
        await pilot.pause()
        assert app.session is not None and app.session.is_over


async def test_continue_without_finished_games_has_no_headings(isolated_saves):
    save(isolated_saves, "bleeding-sherwood", "a.json", "2024-05-01T20:00:00")
    app = SherwoodApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert "In progress" not in screen_text(app) and "Finished" not in screen_text(app)
        assert app.screen.query_one("#saves").option_count == 1


async def test_continue_delete_asks_first_and_removes_only_that_save(isolated_saves):
    keep = save(isolated_saves, "bleeding-sherwood", "keep.json", "2024-05-01T20:00:00")
    gone = save(isolated_saves, "sheriff", "gone.json", "2024-05-01T20:05:00")
    (isolated_saves / "broken.json").write_text("{")
    app = SherwoodApp()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("c")
        await pilot.pause()
        saves = app.screen.query_one("#saves")
        assert saves.highlighted_option.id == str(gone)
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Delete this saved game?" in screen_text(app)
        assert "Sheriff of Nottingham" in screen_text(app)
        await pilot.press("n")  # no: nothing happens
        await pilot.pause()
        assert isinstance(app.screen, ContinueScreen) and gone.exists()
        await pilot.press("delete")
        await pilot.pause()
        await pilot.press("escape")  # Esc is no too
        await pilot.pause()
        assert isinstance(app.screen, ContinueScreen) and gone.exists()
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, ContinueScreen)
        assert sorted(p.name for p in isolated_saves.iterdir()) == ["broken.json", "keep.json"]
        saves = app.screen.query_one("#saves")
        assert saves.option_count == 1 and saves.highlighted_option.id == str(keep)
        assert "1 file in the saves folder is not a save: s shows why." in screen_text(app)
        assert any("Deleted Sheriff of Nottingham" in n.message for n in app._notifications)


async def test_continue_delete_key_is_offered_only_when_there_is_a_save(isolated_saves):
    app = SherwoodApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert "No saved games yet." in screen_text(app)
        assert "Delete save" not in screen_text(app)
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ContinueScreen)
    save(isolated_saves, "bleeding-sherwood", "a.json", "2024-05-01T20:00:00")
    app = SherwoodApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert "Delete save" in screen_text(app)


async def test_continue_the_last_save_deleted_leaves_an_empty_list(isolated_saves):
    path = save(isolated_saves, "sherwood", "only.json", "2024-05-01T20:00:00", finish=True)
    app = SherwoodApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert "Finished · 1 game" in screen_text(app)
        await pilot.press("d")
        await pilot.pause()
        assert "Delete this finished game?" in screen_text(app)
        await pilot.press("y")
        await pilot.pause()
        assert not path.exists()
        assert "No saved games yet." in screen_text(app)
        assert "Delete save" not in screen_text(app)


# ----- notifications ---------------------------------------------------------------------
async def test_notifications_appear_at_the_top_right_clear_of_the_list():
    app = SherwoodApp()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        app.notify("A rather long message that needs more than one line to be read whole.")
        await pilot.pause()
        from textual.widgets._toast import Toast

        (toast,) = app.screen.query(Toast)
        region = toast.region
        assert region.y == 0 and region.right == SIZE[0]
        assert region.width <= 32  # over a game's side panel, not its main column
        assert "more than one line" in " ".join(screen_text(app).split())


async def test_continue_lists_an_unplayable_save_with_its_reason_and_skipped_files_on_demand(isolated_saves):
    """A save that does not replay is listed under "Cannot be opened" with its reason
    (Enter says it again, d deletes it); files that are not saves take one line, however
    many there are, and s lists them."""
    from sherwood_tui.ui.screens import LogScreen

    isolated_saves.mkdir(parents=True)
    game = catalog.get("bleeding-sherwood").load()
    good = isolated_saves / "good.json"
    write_save(Session(game, [Player(name="Robin"), Player(name="Marian")], {}, 2), good)
    data = json.loads(good.read_text())
    data["actions"] = [{"type": "bid", "seat": 0, "card": 999}]
    (isolated_saves / "cheat.json").write_text(json.dumps(data))
    for number in range(17):
        (isolated_saves / f"junk{number:02}.json").write_text("not json")
    app = SherwoodApp(saves_dir=isolated_saves)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("c")
        await pilot.pause()
        text = screen_text(app)
        assert "Cannot be opened · 1 game" in text and "cannot be opened: action 1 is not legal" in text
        assert "17 files in the saves folder are not saves: s shows why." in text
        saves = app.screen.query_one("#saves")
        ids = [saves.get_option_at_index(i).id for i in range(saves.option_count)]
        assert str(good) in ids and str(isolated_saves / "cheat.json") in ids  # the list is not squeezed
        saves.highlighted = ids.index(str(isolated_saves / "cheat.json"))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ContinueScreen)
        assert any("action 1 is not legal" in n.message for n in app._notifications)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        assert "junk00.json: damaged (not valid JSON)" in widget_texts(app.screen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ContinueScreen)
