"""Hostile save files: each is refused with one line (SaveError), quickly, without
reading more than a save's size, waiting on a pipe, or recursing; a good save beside
them still loads. Text from a file never keeps characters that act on a terminal."""

from __future__ import annotations

import json
import os
import threading

import pytest

from sherwood_tui import catalog
from sherwood_tui.core.contract import Player
from sherwood_tui.core.errors import SaveError
from sherwood_tui.core.levels import BOT_LEVELS
from sherwood_tui.core.saves import MAX_SAVE_BYTES, list_saves, load_session, read_record, write_save
from sherwood_tui.core.session import Session


def good_save(folder, name="good.json"):
    game = catalog.get("bleeding-sherwood").load()
    session = Session(game, [Player(name="Robin"), Player(name="Marian"), Player(name="Much", bot="random")], {}, 9)
    for _ in range(4):
        session.submit(game.legal_actions(session.state, session.next_seat())[0])
    path = folder / name
    write_save(session, path)
    return path


def edited(folder, change, name="edited.json"):
    path = good_save(folder, name)
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    return path


def refused(path) -> str:
    """The one line a hostile file gets, from reading it in a thread that must finish."""
    result: list = []

    def read() -> None:
        try:
            load_session(path)
            result.append("loaded")
        except SaveError as err:
            result.append(str(err))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout=20)
    assert result, f"reading {path.name} did not end"
    assert result[0] != "loaded" and "\n" not in result[0]
    return result[0]


def test_hostile_save_nested_deep_is_refused_before_parsing(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    assert refused(path) == "deep.json: damaged (nested more than 32 deep)"


def test_hostile_save_link_to_dev_zero_is_not_read(tmp_path):
    path = tmp_path / "zero.json"
    path.symlink_to("/dev/zero")
    assert refused(path) == "zero.json: not a regular file"


def test_hostile_save_fifo_is_not_waited_on(tmp_path):
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    assert refused(path) == "pipe.json: not a regular file"


def test_hostile_save_huge_file_is_not_read(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as handle:
        handle.truncate(MAX_SAVE_BYTES + 1)
    assert refused(path).startswith("huge.json: too large for a save")


def test_save_with_byte_order_mark_is_read(tmp_path):
    path = good_save(tmp_path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert len(load_session(path).actions) == 4


@pytest.mark.parametrize("version", [0, -5, "1", None, True, 1.0, [2]])
def test_save_format_version_must_be_a_known_integer(tmp_path, version):
    path = edited(tmp_path, lambda d: d.update(version=version))
    assert "damaged (format version" in refused(path)


def test_save_without_a_version_is_refused(tmp_path):
    path = edited(tmp_path, lambda d: d.pop("version"))
    assert "damaged (format version None" in refused(path)


def test_save_from_a_newer_version_says_so(tmp_path):
    path = edited(tmp_path, lambda d: d.update(version=99))
    assert refused(path) == "edited.json: made by a newer sherwood-tui (format 99)"


@pytest.mark.parametrize(("field", "value", "where"), [
    ("seed", -1, "seed"), ("seed", 2**70, "seed"),
    ("players", [], "players"), ("players", [{"name": f"P{i}"} for i in range(40)], "players"),
    ("players", [{"name": "Robin"}, {"name": "Marian", "bot": "genius"}, {"name": "Much"}], "players.1.bot"),
    ("round_label", "x" * 5000, "round_label"),
])
def test_save_values_are_bounded(tmp_path, field, value, where):
    path = edited(tmp_path, lambda d: d.update({field: value}))
    assert f"damaged ({where}:" in refused(path)


def test_save_text_keeps_no_terminal_controls(tmp_path):
    hostile = "\x1b[2J\x1b[HRob\u009b31min\u202e\x08"
    path = edited(tmp_path, lambda d: (d["players"][0].update(name=hostile), d.update(round_label=hostile)))
    record = read_record(path)
    assert record.players[0].name == record.round_label == "[2J[HRob31min"  # inert text now
    for text in (record.players[0].name, record.round_label):
        assert not any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 or c == "\u202e" for c in text)
    summaries, _ = list_saves(tmp_path)
    for summary in summaries:
        for text in (*summary.players, summary.round_label):
            assert "\x1b" not in text and "\u009b" not in text


def test_player_names_typed_keep_no_terminal_controls():
    assert Player(name=" Ro\x1bbin\u009b\u202e ").name == "Robin"


def test_bot_levels_of_saves_and_of_bots_agree():
    """A save's bot is a level the bots know (an expert with its budget too); anything
    else is refused as the save is read."""
    from pydantic import ValidationError

    from sherwood_tui.core.bots import LEVELS

    assert set(BOT_LEVELS) == set(LEVELS) == {"sensible", "random", "expert"}
    for level in (*BOT_LEVELS, "expert:1", "expert:400", "expert:100000"):
        assert Player(name="Much", bot=level).bot == level
    for wrong in ("Expert", "expert:0", "expert:100001", "sensible:3", "expert:", "expert:1e3", "god"):
        with pytest.raises(ValidationError):
            Player(name="Much", bot=wrong)


def test_hostile_files_beside_a_good_save_do_not_hide_it(tmp_path):
    good_save(tmp_path)
    (tmp_path / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    (tmp_path / "zero.json").symlink_to("/dev/zero")
    os.mkfifo(tmp_path / "pipe.json")
    summaries, problems = list_saves(tmp_path)
    assert [s.path.name for s in summaries] == ["good.json"]
    assert len(problems) == 3 and all("\n" not in p for p in problems)


def test_saves_command_prints_no_terminal_controls(tmp_path):
    """`sherwood-tui saves` over a folder of hostile names, labels and file names: every
    line is printable text, and an unplayable save is listed with its reason."""
    import subprocess
    import sys

    good_save(tmp_path, "good\x1b[2J.json")
    edited(tmp_path, lambda d: d.update(round_label="\x1b]0;owned\x07Round 9"), "label.json")
    edited(tmp_path, lambda d: d.update(seed=d["seed"] + 1), "reseeded.json")
    done = subprocess.run([sys.executable, "-m", "sherwood_tui", "--saves", str(tmp_path), "saves"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0
    out = done.stdout + done.stderr
    assert not any(ord(c) < 32 and c != "\n" or 0x7F <= ord(c) < 0xA0 for c in out), repr(out)
    assert "reseeded.json" in out and "cannot be opened: action" in out


def test_asset_texts_keep_no_terminal_controls(monkeypatch):
    """Game data is text too (an edited data file may carry escapes): names, favours and
    card texts are read without control characters."""
    import sherwood_tui.core.assets as assets

    monkeypatch.setattr(assets, "asset_text", lambda name: '{"name": "Robin\\u001b[2J\\u009b", "cards": [{"text": "a\\u202eb"}]}')
    assert assets.asset_data("x.json") == {"name": "Robin[2J", "cards": [{"text": "ab"}]}
