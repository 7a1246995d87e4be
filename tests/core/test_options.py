"""A game's options: one frozen dataclass, from which setup's specs come, built from the
dict form that saves, the wire and the command line keep (core/options.py)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import pytest
from pydantic import TypeAdapter

from sherwood_tui import catalog
from sherwood_tui.core.contract import Player
from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.options import GameOptions, NoOptions, OptionSpec, option


@dataclass(frozen=True, slots=True)
class Moat(GameOptions):
    moat: bool = option("A moat", help="Castles have moats.")
    drawbridge: bool = option("A drawbridge", default=True)


def test_setup_offers_each_declared_option_with_its_label_help_and_default():
    assert Moat.specs() == (
        OptionSpec(key="moat", label="A moat", help="Castles have moats.", default=False),
        OptionSpec(key="drawbridge", label="A drawbridge", help="", default=True),
    )


def test_the_dict_form_fills_defaults_and_goes_back_with_every_option_named():
    options = Moat.from_dict({"moat": True})
    assert options == Moat(moat=True, drawbridge=True)
    assert options.as_dict() == {"moat": True, "drawbridge": True}
    assert Moat.from_dict(options.as_dict()) == options


def test_an_option_the_game_does_not_have_is_refused_by_name():
    with pytest.raises(RuleError, match="Castle has no option 'turbo'"):
        Moat.from_dict({"turbo": True, "moat": True}, game="Castle")


def test_options_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        Moat().moat = True  # type: ignore[misc]


def test_a_field_not_declared_with_option_is_a_mistake_named_at_once():
    @dataclass(frozen=True, slots=True)
    class Careless(GameOptions):
        moat: bool = False

    with pytest.raises(TypeError, match="Careless.moat is not declared with option"):
        Careless.specs()


def test_a_game_without_options_offers_none():
    assert NoOptions.specs() == () and NoOptions.from_dict({}).as_dict() == {}


@pytest.mark.parametrize("info", catalog.GAMES, ids=lambda info: info.id)
def test_every_games_options_come_from_its_one_class(info):
    """The plug-in's specs are its options class's fields; a new game keeps the object on
    its state and shows it in every view (options are public)."""
    game = info.load()
    assert game.options_type is info.options_type and game.options == info.options_type.specs()
    every = {spec.key: not spec.default for spec in game.options}
    players = [Player(name=name) for name in ("Robin", "Marian", "Much", "Will")[: max(game.min_players, 3)]]
    state = game.new_game(players, every, 1)
    options = game.check_options(every)
    assert options == info.options_type(**every)
    assert state.options == options and game.public_view(state).options == options
    assert game.view(state, 0).table.options == options


@pytest.mark.parametrize("info", catalog.GAMES, ids=lambda info: info.id)
def test_options_cross_the_wire_in_a_view(info):
    game = info.load()
    players = [Player(name=name) for name in ("Robin", "Marian", "Much")[: max(game.min_players, 3)]]
    every = {spec.key: True for spec in game.options}
    table = game.public_view(game.new_game(players, every, 2))
    adapter = TypeAdapter(game.public_view_type)
    assert adapter.validate_python(adapter.dump_python(table, mode="json")).options == table.options
