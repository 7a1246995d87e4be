"""The contract: any wrong object given as a move gets a RuleError a player can read,
and nothing changes; a save's moves are parsed strictly, and a bad one is one line."""

from __future__ import annotations

import copy
import dataclasses
import json
import re

import pytest

from sherwood_tui import catalog
from sherwood_tui.core.contract import half_built, with_fields
from sherwood_tui.core.errors import RuleError, SaveError
from sherwood_tui.core.saves import load_session, write_save
from sherwood_tui.core.session import Session
from tests.contract_checks import players

GAMES = ["bleeding-sherwood", "sheriff", "sherwood"]


def opening(game_id: str):
    game = catalog.get(game_id).load()
    state = game.new_game(players(3), {}, 7)
    seat = game.to_act(state)[0]
    return game, state, game.legal_actions(state, seat)[0]


def wrong_objects(action) -> list:
    """Objects that are not a legal move: not moves at all, half-built, ill-typed."""
    kind = type(action)
    defaults = {f.name: f.default for f in dataclasses.fields(kind)}
    others = [f for f in defaults if f not in ("seat", "type")]
    wrong = [
        {"type": action.type, "seat": action.seat}, object(), "take_bid", None, 3,
        half_built(kind),
        with_fields(action, seat="0"),
        with_fields(action, seat=True),
        with_fields(action, seat=1.0),
        with_fields(action, seat=99),
        with_fields(action, seat=-1),
    ]
    for field in others:
        wrong += [with_fields(action, **{field: value})
                  for value in ("zz", None, [1, "x"], {"a": 1}) if value != defaults[field]]
    return wrong


@pytest.mark.parametrize("game_id", GAMES)
def test_contract_any_wrong_object_as_a_move_is_a_rule_error(game_id):
    game, state, action = opening(game_id)
    before = copy.deepcopy(state)
    for wrong in wrong_objects(action):
        with pytest.raises(RuleError) as err:
            game.apply(state, wrong)
        message = str(err.value)
        assert message and "\n" not in message and "Traceback" not in message, (wrong, message)
    assert state == before
    game.apply(state, action)  # the legal move still works


@pytest.mark.parametrize("game_id", GAMES)
def test_contract_a_move_of_another_game_is_refused_by_name(game_id):
    game, state, _ = opening(game_id)
    for other_id in GAMES:
        if other_id != game_id:
            _, _, foreign = opening(other_id)
            with pytest.raises(RuleError, match=re.escape(f"not a move of {game.title}")):
                game.apply(state, foreign)


def test_contract_half_built_move_names_what_is_missing():
    game, state, action = opening("bleeding-sherwood")
    with pytest.raises(RuleError, match="incomplete: it has no seat"):
        game.apply(state, half_built(type(action)))


def saved_game(tmp_path, game_id="bleeding-sherwood", moves=6):
    game = catalog.get(game_id).load()
    session = Session(game, players(3), {}, 5)
    for _ in range(moves):
        seat = session.next_seat()
        session.submit(game.legal_actions(session.state, seat)[0])
    path = tmp_path / "game.json"
    write_save(session, path)
    return session, path


@pytest.mark.parametrize("value", ["0", "1", True, False, 1.0, None, [1], {"seat": 1}])
def test_save_moves_are_parsed_strictly_seat(tmp_path, value):
    _, path = saved_game(tmp_path)
    data = json.loads(path.read_text())
    data["actions"][1]["seat"] = value
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as err:
        load_session(path)
    assert str(err.value) == "game.json: action 2 is damaged (seat: Input should be a valid integer)"


def test_save_move_of_unknown_kind_is_one_line(tmp_path):
    _, path = saved_game(tmp_path)
    data = json.loads(path.read_text())
    data["actions"][2]["type"] = "steal_everything"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as err:
        load_session(path)
    message = str(err.value)
    assert message.startswith("game.json: action 3 is damaged") and "\n" not in message


@pytest.mark.parametrize("game_id", GAMES)
def test_save_strict_parse_still_reads_every_real_move(tmp_path, game_id):
    session, path = saved_game(tmp_path, game_id, moves=12)
    assert load_session(path).actions == session.actions
