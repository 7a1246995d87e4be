"""Every game's expert kit proposes only legal decisions: at every decision of seeded
games played by random bots (who bluff, bid and send at random, so odd positions come up:
a Sheriff facing a bag declared as a good not in a three-player game), with the game's
options all off, then all on, each candidate's moves are applied to the true state one
after another without a refusal."""

from __future__ import annotations

import random

import pytest

from sherwood_tui import catalog
from sherwood_tui.core.bots import expert_kit
from sherwood_tui.core.contract import Player
from sherwood_tui.core.search import complete

CASES = [("bleeding-sherwood", 2), ("bleeding-sherwood", 5), ("sheriff", 3), ("sheriff", 5), ("sherwood", 2),
         ("sherwood", 4)]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_every_candidate_of_the_expert_is_a_legal_decision(game_id, players):
    game = catalog.get(game_id).load()
    kit = expert_kit(game)
    for seed in range(3):
        every_option = {spec.key: seed % 2 == 1 for spec in game.options}  # all off, then all on
        state = game.new_game([Player(name=f"P{i}") for i in range(players)], every_option, seed)
        rnd = random.Random(seed)
        while not game.is_over(state):
            seat = rnd.choice(game.to_act(state))
            legal = game.legal_actions(state, seat)
            view = game.view(state, seat)
            for decision in complete(kit.candidates(view, legal, kit.model(view), random.Random(seed)), legal):
                after = state
                for move in decision:  # raises the rules' RuleError on an illegal one
                    after = game.apply(after, move)[0]
            state = game.apply(state, rnd.choice(legal))[0]
