"""The shape of the rules (issue 14): plain frozen state changed through one draft,
events as data, one handler per action type, rules shared with the screens and the bot,
and every cache bounded."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
import random

import pytest

import sherwood_tui.games.sherwood.rules as package
from sherwood_tui.core.contract import EVENT_KINDS
from sherwood_tui.games.sherwood import GAME
from sherwood_tui.games.sherwood.rules import bot, legal, scoring
from sherwood_tui.games.sherwood.rules.model import (
    PendingParty,
    PendingReward,
    RansomOffer,
    Reveal,
    ScoreEvent,
    SkillResult,
    State,
)
from sherwood_tui.games.sherwood.rules.views import PublicView, SeatPublic, SeatView

from .conftest import make, players


def random_game(n: int, seed: int):
    """(state before, action, state after, events) of every step of a random game."""
    rnd = random.Random(seed)
    state, _ = GAME.start(players(n), {}, seed)
    while not GAME.is_over(state):
        seat = rnd.choice(GAME.to_act(state))
        action = rnd.choice(GAME.legal_actions(state, seat))
        after, events = GAME.apply(state, action)
        yield state, action, after, events
        state = after


@pytest.mark.parametrize("cls", [State, ScoreEvent, PendingParty, SkillResult, Reveal, PendingReward,
                                 RansomOffer, SeatPublic, PublicView, SeatView])
def test_state_parts_and_views_are_frozen_slotted_dataclasses(cls):
    assert dataclasses.is_dataclass(cls) and "__slots__" in cls.__dict__
    assert cls.__dataclass_params__.frozen


def test_a_step_makes_one_new_state_and_leaves_the_old_one_untouched():
    state = make(n=3)
    before = dataclasses.asdict(state)
    after, _ = GAME.apply(state, GAME.legal_actions(state, 0)[1])
    assert type(after) is State and after is not state
    assert dataclasses.asdict(state) == before
    with pytest.raises(dataclasses.FrozenInstanceError):
        after.turn = 9  # type: ignore[misc]


def test_events_are_templates_and_arguments_formatted_only_when_read():
    for _before, _action, _after, events in random_game(4, 3):
        for event in events:
            assert event.kind in EVENT_KINDS
            assert event.template and event._text is None  # not formatted by the rules
            assert event.text == event.template.format(*event.args)


def test_every_move_is_taken_by_one_step_of_the_table():
    """The step table declares each step once, and each move class belongs to one step."""
    from sherwood_tui.games.sherwood.rules.steps import STEPS

    assert STEPS.move_classes() == GAME.action_classes()
    assert all(len(steps) == 1 for steps in STEPS.steps_of.values())
    assert {step.name for step in STEPS} == {
        "prepare", "choose_mission", "choose_reward", "choose_town", "order_prisoners", "ransom", "over"}
    for name in ("apply", "_apply", "to_act", "may_act", "legal_actions", "is_private", "is_over"):
        assert name not in vars(type(GAME)), name


def test_the_ransom_offers_come_from_the_rules():
    assert legal.ransom_choices(2, 1) == [(0, 0, True), (1, 1, True), (2, 3, False)]
    assert legal.ransom_choices(1, 5) == [(0, 0, True), (1, 1, True)]


def test_the_bot_uses_the_rules_road_network_search():
    assert bot.network_components is scoring.network_components
    towns = [None] * len(GAME.public_view(make()).towns)
    towns[0] = towns[1] = 0
    where, nets, largest = scoring.network_components(tuple(towns), 0)
    assert largest == scoring.largest_network(tuple(towns), 0)


def test_every_cache_is_bounded():
    """An unbounded cache grows with play and makes the garbage collector pause the bots."""
    modules = [importlib.import_module(m.name)  # every module of the rules, phases/ too
               for m in pkgutil.walk_packages(package.__path__, f"{package.__name__}.")]
    caches = [(mod.__name__, name, fn.cache_parameters()["maxsize"])
              for mod in modules for name, fn in vars(mod).items()
              if hasattr(fn, "cache_parameters") and fn.__wrapped__.__code__.co_argcount]  # not one-off tables
    assert caches
    unbounded = [(mod, name) for mod, name, size in caches if size is None]
    assert not unbounded
    assert all(size <= 8192 for _mod, name, size in caches if size is not None)
