"""The rules layer never imports textual or rich; the app starts lean."""

import subprocess
import sys

GAMES = ["bleeding_sherwood", "sheriff", "sherwood"]


def _modules_after(code: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", code + "\nimport sys\nprint('\\n'.join(sys.modules))"],
        capture_output=True, text=True, check=True,
    ).stdout
    return set(out.split())


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
    """The picker needs the games' plug-ins (their metadata) only: no rules, no screens."""
    loaded = _modules_after("import sherwood_tui.ui.app")
    games = {m for m in loaded if m.startswith("sherwood_tui.games.")}
    assert games == {f"sherwood_tui.games.{g}" for g in GAMES} | {f"sherwood_tui.games.{g}.plugin" for g in GAMES}
