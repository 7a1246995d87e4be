"""The rules layer never imports textual or rich; the app starts lean: until the picker
is drawn, nothing it does not draw is imported (a behaviour, never a time)."""

import subprocess
import sys

GAMES = ["bleeding_sherwood", "sheriff", "sherwood"]
# What the picker draws none of: the data schemas (pydantic), the rules core, the
# workbench, the table layer (and its servers), the command modules and the other screens.
HEAVY = [
    "pydantic", "pydantic_core", "asyncssh", "textual_serve", "aiohttp",
    "sherwood_tui.core.schema", "sherwood_tui.core.contract", "sherwood_tui.core.session", "sherwood_tui.core.saves",
    "sherwood_tui.workbench", "sherwood_tui.table", "sherwood_tui.commands.simulate", "sherwood_tui.commands.soak",
    "sherwood_tui.ui.screens", "sherwood_tui.ui.game_screen", "sherwood_tui.ui.replay",
]
# A headless app that exits once its picker is drawn (as `bench.startup` times it).
PICKER = """
import sherwood_tui.ui.app
class Shown(sherwood_tui.ui.app.SherwoodApp):
    def on_mount(self):  # runs before SherwoodApp.on_mount (Textual calls both)
        self.call_later(self.picker_pushed)
    def picker_pushed(self):
        print("shown:", type(self.screen).__name__)
        self.screen.call_after_refresh(self.exit)
    def run(self, **kwargs):
        return super().run(headless=True, size=(80, 24))
"""
# `python -m sherwood_tui` with no arguments, up to the picker (no terminal needed).
COMMAND_LINE = PICKER + """
from sherwood_tui import __main__
from sherwood_tui.commands import play
sherwood_tui.ui.app.SherwoodApp = Shown
play.missing_terminal = lambda: None
assert __main__.main([]) == 0
"""


def _modules_after(code: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", code + "\nimport sys\nprint('\\n'.join(sys.modules))"],
        capture_output=True, text=True, check=True,
    ).stdout
    return set(out.split())


def _heavy(loaded: set[str]) -> set[str]:
    return {m for m in loaded if any(m == name or m.startswith(name + ".") for name in HEAVY)}


def _game_modules(loaded: set[str]) -> set[str]:
    return {m for m in loaded if m.startswith("sherwood_tui.games.")}


# The picker needs the games' plug-ins (their metadata) only: no rules, no screens, no data.
PLUG_INS_ONLY = {f"sherwood_tui.games.{g}" for g in GAMES} | {f"sherwood_tui.games.{g}.plugin" for g in GAMES}


def test_rules_layer_never_imports_textual_or_rich():
    imports = "\n".join(
        ["import sherwood_tui.core.session, sherwood_tui.core.saves, sherwood_tui.catalog"]
        + [
            f"try:\n    import sherwood_tui.games.{g}\nexcept ModuleNotFoundError:\n    pass"
            for g in GAMES
        ]
    )
    loaded = _modules_after(imports)
    assert not any(m == "textual" or m.startswith("textual.") for m in loaded)
    assert not any(m == "rich" or m.startswith("rich.") for m in loaded)


def test_app_module_does_not_import_any_game():
    loaded = _modules_after("import sherwood_tui.ui.app")
    assert _game_modules(loaded) == PLUG_INS_ONLY
    assert _heavy(loaded) == set()


def test_drawn_picker_imports_nothing_it_does_not_draw():
    loaded = _modules_after(PICKER + "Shown().run()")
    assert "PickerScreen" in loaded  # it printed "shown: PickerScreen"
    assert _game_modules(loaded) == PLUG_INS_ONLY
    assert _heavy(loaded) == set()


def test_command_line_without_arguments_opens_a_lean_picker():
    """`python -m sherwood_tui`: the parser is built without importing any command's module."""
    loaded = _modules_after(COMMAND_LINE)
    assert "PickerScreen" in loaded  # it printed "shown: PickerScreen"
    assert _game_modules(loaded) == PLUG_INS_ONLY
    assert _heavy(loaded) == set()


def test_importing_the_package_or_its_command_line_loads_no_game():
    loaded = _modules_after("import sherwood_tui.commands, sherwood_tui.__main__")
    assert _game_modules(loaded) <= PLUG_INS_ONLY
    assert _heavy(loaded) == set()
    assert not any(m == "textual" or m.startswith("textual.") for m in loaded)


def test_importing_the_package_loads_and_registers_nothing():
    """The games are data in the catalog, read when the core first needs one."""
    loaded = _modules_after("import sherwood_tui")
    assert not {m for m in loaded if m.startswith("sherwood_tui.")}, sorted(m for m in loaded if m.startswith("sherwood_tui."))
    found = _modules_after("from sherwood_tui.core.plugin import find\nfind('sheriff')")
    assert "sherwood_tui.catalog" in found and "sherwood_tui.games.sheriff.rules.rules" not in found
