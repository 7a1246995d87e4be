"""A quick look at each game through the command line, as installed: its data schema,
a few soak games, a Sherwood game. Part of `make lowest`'s smoke set, which runs these
on every dependency at its lowest allowed version (pyproject.toml's lower bounds)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from sherwood_tui import catalog

GAMES = [info.id for info in catalog.GAMES]


def sherwood_tui(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "sherwood_tui", *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=120)


@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_prints_its_data_schema(game_id):
    done = sherwood_tui("assets", game_id, "--schema")
    assert done.returncode == 0 and done.stderr == "", done.stderr
    schema = json.loads(done.stdout)
    assert schema["type"] == "object" and schema["required"] and schema["properties"]


# Loads the games named, in that order (a fresh process: a schema is built once, as its
# game's data is first checked), then prints, for each, the fields of its built-in data
# that a file may not leave out.
REQUIRED_CHECK = """
import json, sys
from sherwood_tui import catalog
from sherwood_tui.core.assets import builtin_text
from sherwood_tui.core.schema import asset_problems

infos = [catalog.get(game_id) for game_id in sys.argv[1:]]
for info in infos:
    info.load()
required = {}
for info in infos:
    data = json.loads(builtin_text(info.asset))
    required[info.id] = [name for name in data
                         if f"{name}: is missing" in asset_problems(info, {k: v for k, v in data.items() if k != name})]
print(json.dumps(required))
"""


def required_fields(*game_ids: str) -> dict[str, list[str]]:
    done = subprocess.run([sys.executable, "-c", REQUIRED_CHECK, *game_ids], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=120)
    assert done.returncode == 0, done.stderr
    found: dict[str, list[str]] = json.loads(done.stdout)
    return found


def test_a_required_field_stays_required_whatever_games_were_loaded_before():
    """A field type the schemas share (a count, a name) must not take one field's default
    for all: with pydantic before 2.11.5, once Sherwood had loaded, a file without Bleeding
    Sherwood's `hand_size` passed its check."""
    alone = {game_id: required_fields(game_id)[game_id] for game_id in GAMES}
    assert "hand_size" in alone["bleeding-sherwood"]
    assert required_fields(*GAMES) == alone
    assert required_fields(*GAMES[::-1]) == alone


def test_a_short_soak_of_every_game_passes():
    done = sherwood_tui("soak", "--games", "3", "--jobs", "1")
    assert done.returncode == 0, done.stdout + done.stderr
    assert all(f"{info.id}: 3 games" in done.stdout for info in catalog.GAMES), done.stdout


def test_a_sherwood_game_plays_to_its_end():
    done = sherwood_tui("simulate", "sherwood", "--players", "3", "--games", "2", "--jobs", "1", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["game"] == "sherwood" and data["games"] == 2
