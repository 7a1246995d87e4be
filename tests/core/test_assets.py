"""A player's own game data: every built-in file fits its game's schema; a bad file gets
one line naming the field and the problem, and is never used; a save keeps the data it
was played on and resumes only on the same data."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from sherwood_tui import catalog
from sherwood_tui.core.assets import (
    AssetError,
    asset_digest,
    builtin_text,
    check_asset_file,
    chosen_file,
    field_path,
    use_asset_file,
)
from sherwood_tui.core.errors import SaveError
from sherwood_tui.core.saves import list_saves, load_session, write_save
from tests.core.test_saves import played_session

BLEEDING = catalog.get("bleeding-sherwood")
SHERIFF = catalog.get("sheriff")
SHERWOOD = catalog.get("sherwood")


@pytest.fixture(autouse=True)
def builtin_data_after():
    """Whatever a test chose, the next one plays on the built-in data."""
    yield
    for info in catalog.GAMES:
        use_asset_file(info.asset, None)


def written(tmp_path: Path, info, change: Callable[[dict], object], name: str = "mine.json") -> Path:
    """A copy of the game's built-in data, changed by `change`."""
    data = json.loads(builtin_text(info.asset))
    change(data)
    path = tmp_path / name
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return path


def refusal(path: Path, info) -> str:
    with pytest.raises(AssetError) as caught:
        check_asset_file(info, path)
    line = str(caught.value)
    assert "\n" not in line and "Traceback" not in line
    return line


@pytest.mark.parametrize("info", catalog.GAMES, ids=lambda info: info.id)
def test_assets_every_builtin_file_fits_its_schema(info, tmp_path):
    assert info.schema is not None and info.asset
    path = tmp_path / info.asset
    path.write_text(builtin_text(info.asset), encoding="utf-8")
    assert check_asset_file(info, path) == builtin_text(info.asset)


@pytest.mark.parametrize(
    "info,change,line",
    [
        (BLEEDING, lambda d: d["peasants"][3].update(value="5"), "peasants[3].value: must be a whole number"),
        (BLEEDING, lambda d: d["peasants"][3].update(value=5.0), "peasants[3].value: must be a whole number"),
        (BLEEDING, lambda d: d["goodes"][2].update(value=True), "goodes[2].value: must be a whole number"),
        (BLEEDING, lambda d: d["peasants"][0].pop("text"), "peasants[0].text: is missing"),
        (BLEEDING, lambda d: d.pop("hand_size"), "hand_size: is missing"),
        (BLEEDING, lambda d: d["goodes"][0].update(colour="red"), "goodes[0].colour: is not a field of this file"),
        (BLEEDING, lambda d: d["peasants"][5].update(special="explode"),
         "peasants[5].special: must be 'extra_target', 'all_draw', 'reverse_order', 'gather_bonus', "
         "'no_zero_capture' or null"),
        (BLEEDING, lambda d: d["peasants"][1].update(bonus=-1), "peasants[1].bonus: must be 0 or more"),
        (BLEEDING, lambda d: d["goodes"][4].update(name=" "), "goodes[4].name: must not be blank"),
        (BLEEDING, lambda d: d.update(peasants=[]), "peasants: must not be empty"),
        (BLEEDING, lambda d: d.update(goodes=d["goodes"][:29]),
         "goodes: 6 players are dealt 30 cards (hand_size 5), but the deck holds 29"),
        (BLEEDING, lambda d: d["min_target_value"].pop("4"),
         'min_target_value: must list the table sizes from "3" with none missing (at most "6"), '
         'not "3", "5", "6"'),
        (SHERIFF, lambda d: d["cards"][4].update(count=-2), "cards[4].count: must be 0 or more"),
        (SHERIFF, lambda d: d["cards"][0].update(kind="fruit"),
         "cards[0].kind: must be 'legal', 'contraband' or 'royal'"),
        (SHERIFF, lambda d: d["cards"][8]["counts_as"].update(good="Pears"),
         "cards[8].counts_as.good: 'Pears' is not a legal good of this file"),
        (SHERIFF, lambda d: d["cards"][6].update(three_player_remove=13),
         "cards[6]: three_player_remove (13) is more than count (12)"),
        (SHERIFF, lambda d: d["bonuses"].pop("Bread"), "bonuses: no King and Queen bonus for 'Bread'"),
        (SHERIFF, lambda d: d["sheriff_turns"].pop("5"), 'sheriff_turns: must list the table sizes "3", "4", "5"'),
        (SHERWOOD, lambda d: d["missions"][0]["rewards"][0]["towns"].append("atlantis"),
         "missions[0].rewards[0].towns[2]: 'atlantis' is not a town of the map"),
        (SHERWOOD, lambda d: d["map"]["towns"][0].update(x=60), "map.towns[0].x: 60 is off the map (width 60)"),
        (SHERWOOD, lambda d: d["map"].update(width=61), "map.width: must be 60 or less"),
        (SHERWOOD, lambda d: d["companions"][3].update(trait="flying"),
         "companions[3].trait: must be 'paid', 'group_loot_double', 'personal_loot_double', "
         "'no_group_loot', 'free_displacement', 'champion_bonus', 'theft_bonus' or null"),
        (SHERWOOD, lambda d: d["missions"][14].update(companion="nobody"),
         "missions[14].companion: 'nobody' is not a companion of this file"),
        (SHERWOOD, lambda d: d["merry_men"][1].update(id="robin"), "merry_men[1].id: 'robin' is used twice"),
        (SHERWOOD, lambda d: d["loot"][0].update(count=3),
         "loot: 4 players start with 1 Gold each, but the deck holds 3 Gold cards"),
    ],
)
def test_assets_a_bad_field_is_one_line_naming_its_path(tmp_path, info, change, line):
    path = written(tmp_path, info, change)
    assert refusal(path, info) == f"{path}: {line}"


def test_assets_several_problems_are_counted_on_the_one_line(tmp_path):
    def two(d: dict) -> None:
        d["goodes"][0]["value"] = "1"
        d.pop("winning_score")

    path = written(tmp_path, BLEEDING, two)
    assert refusal(path, BLEEDING) == f"{path}: winning_score: is missing (and 1 more)"


@pytest.mark.parametrize(
    "content,line",
    [
        ('{\n "notes": "x",\n    hand_size: 5\n}', "not valid JSON (line 3, column 5)"),
        ("", "not valid JSON (line 1, column 1)"),
        (b"\xff\xfe\x00", "not UTF-8 text"),
        ("[" * 40 + "]" * 40, "nested more than 32 deep"),
        ("[1, 2]", "the file must be an object {...}"),
    ],
)
def test_assets_a_file_that_is_no_data_is_one_line(tmp_path, content, line):
    path = tmp_path / "mine.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    assert refusal(path, BLEEDING) == f"{path}: {line}"


def test_assets_a_fifo_a_folder_a_missing_or_huge_file_is_refused_unread(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)  # nobody writes to it: reading would wait forever
    assert refusal(fifo, BLEEDING) == f"{fifo}: not a regular file"
    assert refusal(tmp_path, BLEEDING) == f"{tmp_path}: not a regular file"
    assert refusal(tmp_path / "nothing.json", BLEEDING).endswith("cannot be read (No such file or directory)")
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as handle:
        handle.truncate(3 * 2**20)
    assert refusal(huge, BLEEDING) == f"{huge}: too large for a data file ({3 * 2**20:,} bytes)"


def test_assets_names_lose_control_characters_before_they_are_checked(tmp_path):
    path = written(tmp_path, BLEEDING, lambda d: d["goodes"][0].update(name="\x1b\x9b\u202e"))
    assert refusal(path, BLEEDING) == f"{path}: goodes[0].name: must not be empty"


def test_assets_field_paths_read_like_the_file():
    assert field_path(("peasants", 3, "value")) == "peasants[3].value"
    assert field_path(("map", "roads", 4)) == "map.roads[4]"
    assert field_path(()) == ""


def test_assets_the_same_text_has_the_same_fingerprint(tmp_path):
    builtin = asset_digest(BLEEDING.asset)
    copy = tmp_path / "copy.json"
    copy.write_text(builtin_text(BLEEDING.asset), encoding="utf-8")
    use_asset_file(BLEEDING.asset, copy)
    assert chosen_file(BLEEDING.asset) == copy and asset_digest(BLEEDING.asset) == builtin
    edited = written(tmp_path, BLEEDING, lambda d: d.update(notes="mine"), "edited.json")
    use_asset_file(BLEEDING.asset, edited)
    assert asset_digest(BLEEDING.asset) != builtin
    use_asset_file(BLEEDING.asset, None)
    assert chosen_file(BLEEDING.asset) is None and asset_digest(BLEEDING.asset) == builtin


# ----- saves keep the data they were played on ----------------------------------------


def own_deck(tmp_path: Path) -> Path:
    """Data the rules play exactly as the built-in (only the notes differ), under its
    own fingerprint."""
    return written(tmp_path, BLEEDING, lambda d: d.update(notes="my deck"), "my-deck.json")


def test_assets_a_save_records_the_data_it_was_played_on(tmp_path):
    save = tmp_path / "saves" / "a.json"
    save.parent.mkdir()
    write_save(played_session(), save)
    record = json.loads(save.read_text())["assets"]
    assert record == {"digest": asset_digest(BLEEDING.asset), "file": None}
    deck = own_deck(tmp_path)
    use_asset_file(BLEEDING.asset, deck, check_asset_file(BLEEDING, deck))
    write_save(played_session(), save)
    record = json.loads(save.read_text())["assets"]
    assert record == {"digest": asset_digest(BLEEDING.asset), "file": "my-deck.json"}


def test_assets_a_save_on_own_data_resumes_only_on_that_data(tmp_path):
    deck = own_deck(tmp_path)
    use_asset_file(BLEEDING.asset, deck)
    save = tmp_path / "saves" / "game.json"
    save.parent.mkdir()
    session = played_session()
    write_save(session, save)
    use_asset_file(BLEEDING.asset, None)  # started again without --assets
    expected = ("game.json: played on other game data (my-deck.json); "
                "start sherwood-tui with --assets my-deck.json to continue it")
    with pytest.raises(SaveError) as caught:
        load_session(save)
    assert str(caught.value) == expected
    summaries, _ = list_saves(save.parent)
    assert [s.problem for s in summaries] == [expected.removeprefix("game.json: ")]
    use_asset_file(BLEEDING.asset, deck)  # with it
    assert load_session(save).state == session.state
    summaries, _ = list_saves(save.parent)
    assert [s.problem for s in summaries] == [""]


def test_assets_a_save_on_builtin_data_does_not_resume_on_own_data(tmp_path):
    save = tmp_path / "game.json"
    write_save(played_session(), save)
    use_asset_file(BLEEDING.asset, own_deck(tmp_path))
    with pytest.raises(SaveError, match="played on the built-in game data; start sherwood-tui without --assets"):
        load_session(save)


def test_assets_an_old_save_without_a_fingerprint_loads_as_before(tmp_path):
    save = tmp_path / "game.json"
    session = played_session()
    write_save(session, save)
    data = json.loads(save.read_text())
    data.pop("assets")
    data["version"] = 2
    save.write_text(json.dumps(data))
    assert load_session(save).state == session.state


def test_assets_a_damaged_fingerprint_is_one_line(tmp_path):
    save = tmp_path / "game.json"
    write_save(played_session(), save)
    data = json.loads(save.read_text())
    data["assets"]["digest"] = "not hex"
    save.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=r"^game.json: damaged \(assets.digest: String should match pattern"):
        load_session(save)


def test_assets_a_save_on_an_earlier_builtin_version_resumes_only_if_the_game_continues_it(tmp_path, monkeypatch):
    """A game declares the earlier versions of its built-in data whose games play out the
    same under today's (`asset_continues`); any other version is refused in one line."""
    save = tmp_path / "game.json"
    session = played_session()
    write_save(session, save)
    data = json.loads(save.read_text())
    data["assets"]["digest"] = "0123456789abcdef"  # an earlier built-in file's fingerprint
    save.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="played on another version of the built-in game data"):
        load_session(save)
    from dataclasses import replace

    from sherwood_tui.core import saves

    continuing = replace(BLEEDING, asset_continues=("0123456789abcdef",))
    monkeypatch.setattr(saves, "find", lambda game_id: continuing)
    assert load_session(save).state == session.state
