"""Saves: atomic, validated, replayed through the rules; bad files get one line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from sherwood_tui.core.errors import SaveError
from sherwood_tui.core.saves import (
    FORMAT_VERSION,
    list_saves,
    load_session,
    new_save_path,
    write_save,
)
from sherwood_tui.core.session import Session
from sherwood_tui.games.bleeding_sherwood import GAME
from tests.contract_checks import players


def played_session(moves: int = 6) -> Session:
    session = Session(GAME, players(3), {}, seed=11)
    for _ in range(moves):
        seat = session.next_seat()
        session.submit(GAME.legal_actions(session.state, seat)[0])
    return session


def test_save_holds_seed_options_actions_and_a_format_version(tmp_path):
    session = played_session()
    path = tmp_path / "a.json"
    write_save(session, path)
    data = json.loads(path.read_text())
    assert data["version"] == FORMAT_VERSION and data["seed"] == 11
    assert data["options"] == {"classic_1996": False} and len(data["actions"]) == 6
    assert data["round_label"] == "Round 1"


def test_resume_restores_the_exact_state(tmp_path):
    session = played_session()
    path = tmp_path / "a.json"
    write_save(session, path)
    loaded = load_session(path)
    assert loaded.state == session.state and loaded.actions == session.actions
    assert loaded.next_seat() == session.next_seat()
    assert loaded.handoff.holder is None  # the curtain is up after a resume


def test_save_is_written_atomically_and_leaves_no_temporary_file(tmp_path, monkeypatch):
    session = played_session()
    path = tmp_path / "a.json"
    write_save(session, path)
    before = path.read_text()

    def broken_replace(src, dst):
        raise OSError("disk on fire")

    monkeypatch.setattr("os.replace", broken_replace)
    with pytest.raises(OSError):
        write_save(played_session(9), path)
    assert path.read_text() == before  # the old save is untouched
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]


@pytest.mark.parametrize(
    "content,message",
    [
        ("", "damaged (not valid JSON)"),
        ('{"format": "sherwood-tui-save", "vers', "damaged (not valid JSON)"),
        ("\x00\x01\x02", "damaged (not valid JSON)"),
        ('{"hello": 1}', "not a sherwood-tui save"),
        ('[1, 2]', "not a sherwood-tui save"),
    ],
)
def test_damaged_or_foreign_files_get_one_line(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(SaveError) as err:
        load_session(path)
    assert str(err.value) == f"bad.json: {message}"
    assert "\n" not in str(err.value)


def edited(tmp_path, change) -> str:
    session = played_session()
    path = tmp_path / "x.json"
    write_save(session, path)
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as err:
        load_session(path)
    return str(err.value)


def test_future_version_is_refused(tmp_path):
    assert "newer sherwood-tui" in edited(tmp_path, lambda d: d.update(version=FORMAT_VERSION + 1))


def test_hand_edited_cheat_is_refused(tmp_path):
    def extra_card(data):
        data["actions"].insert(0, {"type": "bid", "seat": 0, "card": 63})
    message = edited(tmp_path, extra_card)
    assert message.startswith("x.json: action 1 is not legal")


def test_unknown_game_and_bad_fields_are_refused(tmp_path):
    assert "unknown game" in edited(tmp_path, lambda d: d.update(game="chess"))
    assert "damaged (seed" in edited(tmp_path, lambda d: d.update(seed="lots"))
    assert "action 7 is damaged ('cheat': no move of that kind)" in edited(tmp_path, lambda d: d["actions"].append({"type": "cheat"}))
    assert "players" in edited(tmp_path, lambda d: d.update(players=[{"name": "Solo"}]))


def test_listing_skips_bad_files_and_keeps_good_ones(tmp_path):
    folder = tmp_path / "saves"
    write_save(played_session(), new_save_path(GAME.id, folder))
    (folder / "junk.json").write_text("not json")
    summaries, problems = list_saves(folder)
    assert len(summaries) == 1 and summaries[0].players == ["Robin", "Marian", "Much"]
    assert problems == ["junk.json: damaged (not valid JSON)"]


def test_command_line_resume_of_a_damaged_save_exits_non_zero_with_one_line(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{")
    result = subprocess.run(
        [sys.executable, "-m", "sherwood_tui", "resume", str(path)], capture_output=True, text=True
    )
    assert result.returncode == 2
    assert result.stderr.strip() == "sherwood-tui: bad.json: damaged (not valid JSON)"
    assert "Traceback" not in result.stderr


def test_command_line_lists_saves(tmp_path):
    folder = tmp_path / "saves"
    write_save(played_session(), new_save_path(GAME.id, folder))
    result = subprocess.run(
        [sys.executable, "-m", "sherwood_tui", "--saves", str(folder), "saves"],
        capture_output=True, text=True,
    )
    assert result.returncode == 0 and "Bleeding Sherwood" in result.stdout


def test_a_write_cut_short_by_a_crash_is_not_listed_as_a_damaged_save(tmp_path):
    write_save(played_session(), tmp_path / "good.json")
    (tmp_path / ".tmp-abc123.json").write_text('{"format": "sherwood-tui-sa')  # killed mid-write
    summaries, problems = list_saves(tmp_path)
    assert [s.path.name for s in summaries] == ["good.json"] and problems == []


DAMAGES = {
    "truncated": lambda text: text[: len(text) // 2],
    "random bytes": lambda text: "".join(chr(32 + (i * 7919) % 90) for i in range(len(text))),
    "negative gold": lambda text: json.dumps({**json.loads(text), "gold": [-5, 50, 50]}),
    "an extra card": lambda text: json.dumps(
        {**json.loads(text), "actions": [{**json.loads(text)["actions"][0], "card": 99, "cards": [99]}]}
    ),
    "future version": lambda text: json.dumps({**json.loads(text), "version": FORMAT_VERSION + 1}),
}


@pytest.mark.parametrize("damage", sorted(DAMAGES))
@pytest.mark.parametrize("game_id", ["bleeding-sherwood", "sheriff", "sherwood"])
def test_every_damage_gets_one_line_naming_the_file_and_other_saves_still_work(tmp_path, game_id, damage):
    from sherwood_tui import catalog

    game = catalog.get(game_id).load()
    session = Session(game, players(3), {}, seed=21)
    for _ in range(4):
        seat = session.next_seat()
        session.submit(game.legal_actions(session.state, seat)[0])
    write_save(session, tmp_path / "good.json")
    write_save(session, tmp_path / "bad.json")
    bad = tmp_path / "bad.json"
    bad.write_text(DAMAGES[damage](bad.read_text()))
    with pytest.raises(SaveError) as err:
        load_session(bad)
    message = str(err.value)
    assert message.startswith("bad.json: ") and "\n" not in message and len(message) < 160
    listed = [s.path.name for s in list_saves(tmp_path)[0]]
    # the listing reads records only; a cheat in the actions shows when the game is opened
    assert listed == (["bad.json", "good.json"] if damage == "an extra card" else ["good.json"])
    assert load_session(tmp_path / "good.json").state == session.state
