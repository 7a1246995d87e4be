"""The Continue list's data: each save's variants by their labels, and deleting a save."""

from __future__ import annotations

import json
import random

import pytest

from sherwood_tui import catalog
from sherwood_tui.core.errors import SaveError
from sherwood_tui.core.saves import delete_save, list_saves, write_save
from sherwood_tui.core.session import Session
from tests.contract_checks import players


def saved(folder, game_id: str, options: dict[str, bool], name: str, finish: bool = False, seed: int = 5):
    """A save of a short (or, with `finish`, a whole) seeded random game."""
    game = catalog.get(game_id).load()
    session = Session(game, players(2 if game_id != "sheriff" else 3), options, seed)
    rnd = random.Random(seed)
    for _ in range(10**6 if finish else 4):
        if session.is_over:
            break
        seat = session.next_seat()
        session.submit(rnd.choice(game.legal_actions(session.state, seat)))
    path = folder / name
    write_save(session, path)
    return path


def test_a_save_lists_the_labels_of_its_variants_that_are_on(tmp_path):
    saved(tmp_path, "bleeding-sherwood", {"classic_1996": True}, "a.json")
    saved(tmp_path, "sheriff", {"royal_goods": False}, "b.json")
    saved(tmp_path, "sherwood", {"camp_needs_town": True}, "c.json")
    summaries, problems = list_saves(tmp_path)
    assert problems == []
    labels = {s.path.name: s.options for s in summaries}
    assert labels == {"a.json": ["1996 rules"], "b.json": [], "c.json": ["Camp only after a town"]}


def test_a_variant_the_game_does_not_know_is_listed_by_its_key(tmp_path):
    path = saved(tmp_path, "bleeding-sherwood", {}, "a.json")
    data = json.loads(path.read_text())
    data["options"] = {"classic_1996": True, "moon_rules": True}
    path.write_text(json.dumps(data))
    (summary,), _ = list_saves(tmp_path)
    assert summary.options == ["1996 rules", "moon_rules"]


def test_a_finished_game_is_listed_as_finished(tmp_path):
    saved(tmp_path, "bleeding-sherwood", {}, "done.json", finish=True)
    saved(tmp_path, "bleeding-sherwood", {}, "playing.json")
    finished = {s.path.name: s.finished for s in list_saves(tmp_path)[0]}
    assert finished == {"done.json": True, "playing.json": False}


def test_delete_save_removes_that_file_only(tmp_path):
    keep = saved(tmp_path, "bleeding-sherwood", {}, "keep.json")
    gone = saved(tmp_path, "sherwood", {}, "gone.json")
    other = tmp_path / "notes.txt"
    other.write_text("mine")
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    delete_save(gone)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.json", "keep.json", "notes.txt"]
    assert [s.path for s in list_saves(tmp_path)[0]] == [keep]


def test_delete_save_of_a_missing_file_says_so_in_one_line(tmp_path):
    with pytest.raises(SaveError, match=r"^gone\.json: already gone$"):
        delete_save(tmp_path / "gone.json")


@pytest.mark.parametrize("name", ["notes.txt", ".tmp-abc.json"])
def test_delete_save_refuses_a_file_that_is_not_a_save(tmp_path, name):
    path = tmp_path / name
    path.write_text("x")
    with pytest.raises(SaveError, match="not a save file"):
        delete_save(path)
    assert path.exists()


def test_delete_save_refuses_a_folder(tmp_path):
    folder = tmp_path / "odd.json"
    folder.mkdir()
    with pytest.raises(SaveError, match="not a save file"):
        delete_save(folder)
    assert folder.is_dir()


def test_an_unknown_variant_key_is_shown_without_control_characters(tmp_path):
    path = saved(tmp_path, "bleeding-sherwood", {}, "a.json")
    data = json.loads(path.read_text())
    data["options"] = {"\x1b[2Jodd": True}
    path.write_text(json.dumps(data))
    (summary,), _ = list_saves(tmp_path)
    assert summary.options and "\x1b" not in summary.options[0] and "odd" in summary.options[0]
