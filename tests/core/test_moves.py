"""Every game's moves are plain frozen slotted classes (`core.contract.Move`), equal and
hashed by value; pydantic is only their save schema."""

from __future__ import annotations

import dataclasses

import pytest
from pydantic import BaseModel

from sherwood_tui import catalog
from sherwood_tui.core.contract import Move, half_built, with_fields
from tests.contract_checks import players

GAMES = [info.id for info in catalog.GAMES]


def some_moves(game_id: str) -> list:
    """The legal moves of the first steps of a game (one of each kind met)."""
    game = catalog.get(game_id).load()
    state = game.new_game(players(3), {}, 3)
    moves: dict[type, object] = {}
    for _ in range(60):
        if game.is_over(state):
            break
        legal = game.legal_actions(state, game.to_act(state)[0])
        for action in legal:
            moves.setdefault(type(action), action)
        state, _ = game.apply(state, legal[-1])
    return list(moves.values())


@pytest.mark.parametrize("game_id", GAMES)
def test_moves_are_plain_frozen_slotted_classes(game_id):
    game = catalog.get(game_id).load()
    for cls in game.action_classes():
        assert issubclass(cls, Move) and not issubclass(cls, BaseModel)
        assert dataclasses.is_dataclass(cls) and "__slots__" in cls.__dict__
        assert [f.name for f in dataclasses.fields(cls)][:2] == ["type", "seat"]
    for action in some_moves(game_id):
        assert not hasattr(action, "__dict__")
        with pytest.raises(dataclasses.FrozenInstanceError):
            action.seat = 1  # type: ignore[misc]


@pytest.mark.parametrize("game_id", GAMES)
def test_moves_are_equal_and_hashed_by_value(game_id):
    game = catalog.get(game_id).load()
    for action in some_moves(game_id):
        twin = game.parse_action(game.dump_action(action))
        assert twin == action and hash(twin) == hash(action) and twin is not action
        assert list(game.dump_action(action))[:2] == ["type", "seat"]
        assert with_fields(action, seat=action.seat + 1) != action


def test_half_built_and_with_fields_skip_every_check():
    from sherwood_tui.games.bleeding_sherwood.rules.model import PlayGoode

    half = half_built(PlayGoode, card=3)
    assert half.type == "bid" and half.card == 3 and not hasattr(half, "seat")
    odd = with_fields(PlayGoode(seat=0, card=1), seat="0")
    assert odd.seat == "0" and odd.card == 1
    with pytest.raises(TypeError, match="no field colour"):
        half_built(PlayGoode, colour=1)
