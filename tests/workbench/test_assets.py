"""`sherwood-tui assets GAME --export/--schema` and `--assets FILE` of play, resume and
soak: a starting copy of the data, and a bad file refused in one line before anything
runs (exit status 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sherwood_tui import catalog
from sherwood_tui.core.assets import asset_digest, builtin_text, use_asset_file
from sherwood_tui.core.saves import write_save
from tests.core.test_saves import played_session
from tests.test_cli import refused, run_cli

BLEEDING = catalog.get("bleeding-sherwood")
NO_TERMINAL = "sherwood-tui: needs a terminal: stdin is not a terminal"  # the file was accepted


@pytest.fixture(autouse=True)
def builtin_data_after():
    yield
    use_asset_file(BLEEDING.asset, None)


def bad_deck(tmp_path: Path) -> Path:
    data = json.loads(builtin_text(BLEEDING.asset))
    data["peasants"][3]["value"] = "5"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_assets_export_writes_the_builtin_data_and_keeps_an_existing_file(tmp_path):
    copy = tmp_path / "deck.json"
    done = run_cli("assets", "bleeding-sherwood", "--export", str(copy))
    assert done.returncode == 0 and done.stdout == ""
    assert done.stderr == f"wrote Bleeding Sherwood's data to {copy}\n"
    assert copy.read_text(encoding="utf-8") == builtin_text(BLEEDING.asset)
    copy.write_text("mine", encoding="utf-8")
    line = refused(run_cli("assets", "bleeding-sherwood", "--export", str(copy)))
    assert line == f"sherwood-tui assets: {copy} exists already (--force replaces it)"
    assert copy.read_text(encoding="utf-8") == "mine"
    assert run_cli("assets", "bleeding-sherwood", "--export", str(copy), "--force").returncode == 0
    assert copy.read_text(encoding="utf-8") == builtin_text(BLEEDING.asset)
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".tmp-")]


def test_assets_export_without_a_file_prints_the_data_and_schema_prints_json():
    assert run_cli("assets", "sheriff", "--export").stdout == builtin_text("sheriff-of-nottingham.json")
    schema = json.loads(run_cli("assets", "sherwood", "--schema").stdout)
    assert {"merry_men", "missions", "map"} <= set(schema["properties"])
    assert schema["additionalProperties"] is False


@pytest.mark.parametrize(
    "args,line",
    [
        (["assets", "robin", "--schema"],
         "sherwood-tui assets: unknown game 'robin' (known: bleeding-sherwood, sheriff, sherwood)"),
        (["assets", "sheriff"], "sherwood-tui assets: one of the arguments --export --schema is required"),
        (["assets", "sheriff", "--export", "x.json", "--schema"],
         "sherwood-tui assets: argument --schema: not allowed with argument --export"),
        (["soak", "--assets", "deck.json"], "sherwood-tui soak: --assets needs a game: sherwood-tui soak GAME --assets FILE"),
        (["--assets", "deck.json", "soak", "sheriff"],
         "sherwood-tui: --assets before soak is for playing: put it after the command"),
    ],
)
def test_assets_command_line_mistakes_are_one_line(args, line):
    assert refused(run_cli(*args)) == line


def test_assets_a_bad_file_stops_soak_and_play_before_anything_runs(tmp_path):
    bad = bad_deck(tmp_path)
    line = refused(run_cli("soak", "bleeding-sherwood", "--assets", str(bad), "--games", "5"))
    assert line == f"sherwood-tui soak: {bad}: peasants[3].value: must be a whole number"
    # play checks the file before it looks for a terminal (there is none here)
    line = refused(run_cli("play", "--assets", str(bad)))
    assert line == f"sherwood-tui: {bad} (closest to Bleeding Sherwood data): peasants[3].value: must be a whole number"
    line = refused(run_cli("--assets", f"sheriff={bad}"))
    assert line.startswith(f"sherwood-tui: {bad}: notes: must be a list [...] (and ")
    line = refused(run_cli("play", "--assets", str(tmp_path / "none.json")))
    assert line == f"sherwood-tui: {tmp_path / 'none.json'}: cannot be read (No such file or directory)"


def test_assets_an_exported_copy_plays_with_the_builtin_fingerprint(tmp_path):
    copy = tmp_path / "deck.json"
    assert run_cli("assets", "bleeding-sherwood", "--export", str(copy)).returncode == 0
    done = run_cli("soak", "bleeding-sherwood", "--assets", str(copy), "--games", "4", "--jobs", "1")
    assert done.returncode == 0 and done.stdout.startswith("bleeding-sherwood: 4 games, ") and " 0 failed" in done.stdout
    assert refused(run_cli("play", "--assets", str(copy))) == NO_TERMINAL  # the file fits Bleeding Sherwood
    builtin = asset_digest(BLEEDING.asset)
    use_asset_file(BLEEDING.asset, copy)
    assert asset_digest(BLEEDING.asset) == builtin


def test_assets_resume_needs_the_data_the_save_was_played_on(tmp_path):
    data = json.loads(builtin_text(BLEEDING.asset))
    data["notes"] = "my deck"
    deck = tmp_path / "my-deck.json"
    deck.write_text(json.dumps(data), encoding="utf-8")
    use_asset_file(BLEEDING.asset, deck)
    save = tmp_path / "game.json"
    write_save(played_session(), save)
    line = refused(run_cli("resume", str(save)))
    assert line == ("sherwood-tui: game.json: played on other game data (my-deck.json); "
                    "start sherwood-tui with --assets my-deck.json to continue it")
    assert refused(run_cli("resume", str(save), "--assets", str(deck))) == NO_TERMINAL
    assert refused(run_cli("--assets", f"bleeding-sherwood={deck}", "resume", str(save))) == NO_TERMINAL


def test_assets_a_soak_failure_replays_on_the_same_data(tmp_path):
    from sherwood_tui.workbench.soak import Table

    table = Table(3, (("classic_1996", True),))
    assert "--assets" not in table.command("bleeding-sherwood", 7)
    deck = tmp_path / "my deck.json"
    deck.write_text(builtin_text(BLEEDING.asset), encoding="utf-8")
    use_asset_file(BLEEDING.asset, deck)
    assert table.command("bleeding-sherwood", 7) == (
        f"sherwood-tui soak bleeding-sherwood --players 3 --option classic_1996=yes --assets '{deck}' --seed 7 --games 1"
    )
