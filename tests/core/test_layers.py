"""The layers point one way: core <- game rules <- screens and the app.

Read from the source (every `import` and `from ... import`, also those inside functions
and under TYPE_CHECKING): the core imports nothing of sherwood_tui outside the core; a
game's folder is `rules/` and `ui/` (plus its plug-in and the package that gives `GAME`):
everything under `games/<game>/rules/` imports the core and that game's rules only, never
the UI, textual, rich or another game; `games/<game>/ui/` may import sherwood_tui.ui,
textual and rich; no game reaches another game."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "sherwood_tui"
GAMES = sorted(p.name for p in (ROOT / "games").iterdir() if (p / "plugin.py").exists())


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
        elif isinstance(node, ast.ImportFrom) and node.level:
            package = ".".join(path.relative_to(ROOT.parent).with_suffix("").parts[: -node.level])
            found.add(f"{package}.{node.module}" if node.module else package)
    return found


def modules(folder: Path):
    for path in sorted(folder.rglob("*.py")):
        yield path, imports(path)


def test_layers_core_imports_only_the_core():
    for path, found in modules(ROOT / "core"):
        ours = {m for m in found if m.startswith("sherwood_tui")}
        outside = {m for m in ours if not m.startswith("sherwood_tui.core")}
        assert not outside, f"{path.name} imports {sorted(outside)}"
        assert not {m for m in found if m.split(".")[0] in ("textual", "rich")}, path.name


def test_layers_every_game_has_the_same_shape():
    """Its rules in `rules/` and its screens in `ui/` (entry: `ui/screens.py`); at the top
    only the package, the plug-in and the rules reference."""
    for game in GAMES:
        folder = ROOT / "games" / game
        assert (folder / "rules" / "__init__.py").exists() and (folder / "ui" / "screens.py").exists(), game
        assert {p.name for p in folder.glob("*.py")} == {"__init__.py", "plugin.py"}, game


def test_layers_game_rules_import_the_core_and_their_own_rules_only():
    for game in GAMES:
        for path, found in modules(ROOT / "games" / game / "rules"):
            ours = {m for m in found if m.startswith("sherwood_tui")}
            # and the game's plug-in (metadata only: the Game names it)
            allowed = ("sherwood_tui.core.", f"sherwood_tui.games.{game}.rules.", f"sherwood_tui.games.{game}.plugin.")
            bad = {m for m in ours if not f"{m}.".startswith(allowed)}
            assert not bad, f"{game}/{path.relative_to(ROOT / 'games' / game)} imports {sorted(bad)}"
            ui = {m for m in found if m.split(".")[0] in ("textual", "rich")}
            assert not ui, f"{game}/{path.relative_to(ROOT / 'games' / game)} imports {sorted(ui)}"


def test_layers_a_games_top_level_draws_nothing():
    """The package (`GAME`) and the plug-in import the core and the game's rules only."""
    for game in GAMES:
        for path in sorted((ROOT / "games" / game).glob("*.py")):
            found = imports(path)
            ours = {m for m in found if m.startswith("sherwood_tui")}
            allowed = ("sherwood_tui.core.", f"sherwood_tui.games.{game}.rules.")
            bad = {m for m in ours if not f"{m}.".startswith(allowed)}
            assert not bad, f"{game}/{path.name} imports {sorted(bad)}"
            assert not {m for m in found if m.split(".")[0] in ("textual", "rich")}, f"{game}/{path.name}"


def test_layers_only_a_games_ui_and_the_app_import_textual():
    """Under games/, textual and rich are imported in `games/<game>/ui/` only."""
    for path, found in modules(ROOT / "games"):
        if "ui" in path.relative_to(ROOT / "games").parts[1:2]:
            continue
        assert not {m for m in found if m.split(".")[0] in ("textual", "rich")}, path.relative_to(ROOT)


def test_layers_no_game_reaches_into_another_game():
    for game in GAMES:
        for path, found in modules(ROOT / "games" / game):
            others = {m for m in found if m.startswith("sherwood_tui.games.")
                      and not f"{m}.".startswith(f"sherwood_tui.games.{game}.")}
            assert not others, f"{game}/{path.relative_to(ROOT / 'games' / game)} imports {sorted(others)}"


def test_layers_no_module_is_imported_by_a_name_string_but_by_the_one_loader():
    """No `importlib.import_module` or `__import__` but in `core.plugin.resolve`: a game's
    parts load through its plug-in's references. The seat template is the other one: it
    imports every module of the app's packages before it forks seats (to share them), by
    walking the packages, not to load a part."""
    loaders = {ROOT / "core" / "plugin.py", ROOT / "table" / "seat_template.py"}
    for path in sorted(ROOT.rglob("*.py")):
        if path in loaders:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "attr", None) or getattr(node.func, "id", None)
                assert name not in ("import_module", "__import__"), f"{path.relative_to(ROOT)} imports by name"


def test_tests_mirror_the_source_tree():
    """tests/core, tests/ui and tests/games/<game> hold the tests of sherwood_tui/core,
    sherwood_tui/ui and each game's folder: every test folder names a source folder, and
    every game has its folder of tests."""
    tests = ROOT.parent / "tests"
    for folder in [p for p in tests.rglob("*") if p.is_dir() and (p / "__init__.py").exists()]:
        part = folder.relative_to(tests)
        if part.parts[0] in ("traces",):  # the recorded traces and their recorder
            continue
        assert (ROOT / part).is_dir(), f"tests/{part} names no folder of sherwood_tui"
    for game in (ROOT / "games").iterdir():
        if (game / "plugin.py").exists():
            assert (tests / "games" / game.name).is_dir(), f"the game {game.name} has no tests/games/{game.name}"
