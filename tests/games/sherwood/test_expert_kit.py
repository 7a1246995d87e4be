"""The Sherwood expert's kit (rules/expert.py): the table's record of revealed parties,
the beliefs read from it, worlds whose sent parties follow them, legal candidates and
rollout decisions, and playouts scored by the final tally."""

from __future__ import annotations

import random

from sherwood_tui.core.contract import Player
from sherwood_tui.core.playout import playout
from sherwood_tui.core.steps import as_moves
from sherwood_tui.games.sherwood import GAME
from sherwood_tui.games.sherwood.rules import expert
from sherwood_tui.games.sherwood.rules.bot import sensible
from sherwood_tui.games.sherwood.rules.scoring import largest_network, tally
from sherwood_tui.games.sherwood.rules.tables import CHARACTERS, gold_count

from .conftest import make, spring


def _sensible_game(seed: int, n: int = 3, stop_at: int = 40):
    """States met along a seeded game of sensible bots (every `stop_at`-th step's too)."""
    rnd = random.Random(seed)
    state = GAME.new_game([Player(name=f"P{i}") for i in range(n)], {}, seed)
    seen = []
    steps = 0
    while not GAME.is_over(state) and steps < stop_at * 10:
        seat = GAME.to_act(state)[0]
        seen.append(state)
        for move in as_moves(sensible(GAME.view(state, seat), GAME.legal_actions(state, seat), rnd)):
            state = GAME.apply(state, move)[0]
        steps += 1
    return seen


def test_the_record_keeps_every_revealed_party_and_the_mission_it_went_for():
    state = make(missions=("tax-collector", "abbot", None))
    state, _ = spring(state, ("john",), ("wat",))
    record = GAME.public_view(state).record
    assert [(p.seat, p.size) for p in record] == [(0, 1), (1, 1)]
    assert record[0].mission == "tax-collector" and record[0].aimed == 0
    assert GAME.view(state, 1).table.record == record


def test_beliefs_learn_which_kind_of_mission_a_band_goes_for():
    states = _sensible_game(2)
    late = states[-1]
    beliefs = expert.model(GAME.view(late, 0))
    assert sum(beliefs.habits[1].kinds) == sum(1 for p in late.record if p.seat == 1 and p.mission)
    taste = beliefs.tastes[1]
    kinds = dict(zip(expert.KINDS, beliefs.habits[1].kinds))
    most = max(kinds, key=kinds.__getitem__)
    assert taste[most] == max(taste.values()) and taste[most] >= 1.0


def test_a_sampled_world_keeps_the_view_and_sends_legal_parties_for_the_rivals_that_sent():
    checked = 0
    for state in _sensible_game(3):
        me = len(state.players) - 1  # the last to prepare: the others have sent theirs
        if state.phase != "prepare" or state.pending[me] is not None or None in state.pending[:me]:
            continue
        view = GAME.view(state, me)
        beliefs = expert.model(view)
        for seed in range(3):
            world = expert.sample(view, beliefs, random.Random(seed))
            assert GAME.view(world, me) == view
            for seat, party in enumerate(world.pending):
                if seat == me:
                    continue
                assert party is not None
                free = set(world.bands[seat]) - set(world.prison[seat])
                assert set(party.members) <= free
                assert sum(CHARACTERS[c].paid for c in party.members) <= gold_count(world.hands[seat])
                assert {card for _, card in party.personal} <= set(world.hands[seat])
            checked += 1
    assert checked >= 6


def test_candidates_and_rollouts_are_legal_and_the_bots_party_comes_first():
    for state in _sensible_game(4)[::5]:
        seat = GAME.to_act(state)[0]
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        beliefs = expert.model(view)
        options = expert.candidates(view, legal, beliefs, random.Random(1))
        assert options
        for decision in options:
            after = state
            for move in decision:
                after = GAME.apply(after, move)[0]
        quick = expert.rollout(state, seat, random.Random(1), beliefs)
        for move in as_moves(quick):
            state = GAME.apply(state, move)[0]


def test_a_playout_of_rollouts_reaches_the_end():
    state = GAME.new_game([Player(name=f"P{i}") for i in range(3)], {}, 9)
    beliefs = expert.model(GAME.view(state, 0))
    rnd = random.Random(9)
    end, _ = playout(GAME, state, lambda s, seat: expert.rollout(s, seat, rnd, beliefs), rnd)
    assert GAME.is_over(end)


def test_a_cut_off_counts_the_final_tally_with_the_largest_network_as_tie_break():
    state = _sensible_game(5)[-1]
    totals = GAME.search_totals(state)
    for seat, total in enumerate(totals):
        net = largest_network(state.towns, seat)
        assert total == sum(tally(state, seat, net).values()) + net / 1000
