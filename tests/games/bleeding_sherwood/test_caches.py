"""The rules' shared objects (actions, card views, card tables) match what they stand for."""

from __future__ import annotations

import dataclasses
import random

from pydantic import TypeAdapter

from sherwood_tui.core.contract import Player
from sherwood_tui.games.bleeding_sherwood import GAME
from sherwood_tui.games.bleeding_sherwood.rules import model, views
from sherwood_tui.games.bleeding_sherwood.rules.data import cards
from sherwood_tui.games.bleeding_sherwood.rules.legal import seat_actions
from sherwood_tui.games.bleeding_sherwood.rules.model import Pass, PlayGoode, TakeBid, TakeTarget
from sherwood_tui.games.bleeding_sherwood.rules.views import CardView, SeatView

from .conftest import G, P, rig


def test_card_tables_match_the_card_data():
    data = cards()
    for i, g in enumerate(data.goodes):
        assert model.GOODE_VALUES[i] == g.value
        assert model.GOODE_LABELS[i] == f"{g.name} ({g.value})"
        assert views.GOODE_VIEWS[i] == CardView(id=i, name=g.name, value=g.value)
    for i, p in enumerate(data.peasants):
        assert model.PEASANT_VALUES[i] == p.value
        assert model.PEASANT_LABELS[i] == f"{p.name} ({p.value})"
        assert views.PEASANT_VIEWS[i] == CardView(id=i, name=p.name, value=p.value)


def test_shared_actions_equal_new_ones_and_survive_a_json_round_trip():
    for seat in range(GAME.max_players):
        actions = seat_actions(seat)
        assert actions.pass_ == Pass(seat=seat)
        assert actions.plays[5] == PlayGoode(seat=seat, card=5)
        assert actions.take_targets[7] == TakeTarget(seat=seat, peasant=7)
        assert actions.take_bids[1] == TakeBid(seat=seat, owner=1)
        for action in (actions.pass_, actions.plays[5], actions.take_targets[7], actions.take_bids[1]):
            assert GAME.parse_action(GAME.dump_action(action)) == action


def test_legal_actions_are_a_new_list_each_time():
    state, _ = rig(3, [["Lute", "Pigge"], ["Turnip"], ["Fat Goose"]], ["Hodge"])
    legal = GAME.legal_actions(state, 0)
    assert legal == [PlayGoode(seat=0, card=G("Lute")), PlayGoode(seat=0, card=G("Pigge")), Pass(seat=0)]
    legal.clear()
    assert len(GAME.legal_actions(state, 0)) == 3
    assert GAME.legal_actions(state, 1) == []


def test_collect_actions_follow_the_table():
    state, _ = rig(2, [["Lute"], ["Pigge"]], ["Hodge"])
    state, _ = GAME.apply(state, PlayGoode(seat=0, card=G("Lute")))
    state, _ = GAME.apply(state, Pass(seat=1))  # Robin has no Goodes left: bidding ends
    assert GAME.legal_actions(state, 0) == [TakeTarget(seat=0, peasant=P("Hodge"))]
    state, _ = GAME.apply(state, TakeTarget(seat=0, peasant=P("Hodge")))
    assert GAME.legal_actions(state, 1) == [TakeBid(seat=1, owner=0)]  # Robin's spent bid


def test_views_from_shared_parts_equal_views_built_afresh():
    state = GAME.new_game([Player(name=n) for n in ("Robin", "Marian", "Much", "Will")], {}, 11)
    rnd = random.Random(11)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        shared = GAME.view(state, seat)
        views.seat_public.cache_clear()
        views.target_view.cache_clear()
        assert GAME.view(state, seat) == shared
        assert TypeAdapter(SeatView).validate_python(dataclasses.asdict(shared)) == shared
        for line, seat_view in zip(GAME.scores(state), shared.table.seats):
            assert seat_view.score == line.total
        state, _ = GAME.apply(state, rnd.choice(GAME.legal_actions(state, seat)))


def test_events_are_templates_with_arguments_worded_only_when_read():
    from sherwood_tui.core.contract import EVENT_KINDS

    state, events = GAME.start([Player(name=n) for n in ("Robin", "Marian", "Much")], {}, 5)
    rnd = random.Random(5)
    while not GAME.is_over(state):
        for event in events:
            assert event.kind in EVENT_KINDS and event.template
            assert event._text is None  # nothing worded on the rules' path
            assert event.text == event.template.format(*event.args)
        seat = GAME.to_act(state)[0]
        state, events = GAME.apply(state, rnd.choice(GAME.legal_actions(state, seat)))
