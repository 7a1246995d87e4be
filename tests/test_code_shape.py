"""The shape the rules core v3 asks of the code (issue 23), checked on the source:

- no function of a game's rules takes more than four positional parameters (a builder
  whose arguments can be swapped unnoticed): the rest are keyword-only (the hooks the
  core calls, with the signature the core gives them, aside);
- a game's files build no code (`exec`, `eval`), key no cache by `id()`, and write no
  private field of another object;
- no game has a dispatch of its own: its `Game` class defines no `apply`, `_apply`,
  `to_act`, `legal_actions` or `is_private` (its step table declares them).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "sherwood_tui"
GAMES = PACKAGE / "games"
MAX_POSITIONAL = 4
# (counts or note, before, move, after, events): the simulator's counter, the records' events
CORE_HOOKS = {"count_step", "note_step"}
DISPATCH = {"apply", "_apply", "to_act", "legal_actions", "is_private", "may_act"}
GAME_NAMES = sorted(p.name for p in GAMES.iterdir() if (p / "plugin.py").exists())


def sources(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(), str(path))


def positional(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    args = [*node.args.posonlyargs, *node.args.args]
    if args and args[0].arg in ("self", "cls"):
        args = args[1:]
    return len(args)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_no_function_of_a_games_rules_takes_more_than_four_positional_parameters(game):
    found = []
    for path in sources(GAMES / game / "rules"):
        for node in ast.walk(tree(path)):
            if (isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and positional(node) > MAX_POSITIONAL
                    and node.name not in CORE_HOOKS):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {node.name} ({positional(node)})")
    assert not found, "more than four positional parameters (make the rest keyword-only):\n" + "\n".join(found)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_games_files_hold_its_rules_not_speed_tricks(game):
    found = []
    for path in sources(GAMES / game):
        where = path.relative_to(PACKAGE)
        for node in ast.walk(tree(path)):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("exec", "eval", "id"):
                found.append(f"{where}:{node.lineno} {node.func.id}()")
            targets = node.targets if isinstance(node, ast.Assign) else (
                [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else [])
            for target in targets:
                if (isinstance(target, ast.Attribute) and target.attr.startswith("_") and not target.attr.startswith("__")
                        and not (isinstance(target.value, ast.Name) and target.value.id in ("self", "cls"))):
                    found.append(f"{where}:{node.lineno} writes {target.attr} of another object")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_game_has_no_dispatch_of_its_own(game):
    found = []
    for path in sources(GAMES / game / "rules"):
        for node in ast.walk(tree(path)):
            if isinstance(node, ast.ClassDef):
                defined = {n.name for n in node.body if isinstance(n, ast.FunctionDef)} | {
                    t.id for n in node.body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)
                }
                bases = {b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases}
                if any(b.startswith("Game") for b in bases) or any(
                        isinstance(b, ast.Subscript) and getattr(b.value, "id", "") == "Game" for b in node.bases):
                    extra = sorted(defined & DISPATCH)
                    if extra:
                        found.append(f"{path.relative_to(PACKAGE)}: {node.name} defines {', '.join(extra)}")
    assert not found, "\n".join(found)
