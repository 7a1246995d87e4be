"""The sensible Sheriff of Nottingham bot and the simulator's Sheriff counts."""

from __future__ import annotations

import json
import random

import pytest

from sherwood_tui.commands.parser import build_parser
from sherwood_tui.commands.simulate import main as simulate_main
from sherwood_tui.core.bots import bot_action
from sherwood_tui.core.steps import as_moves
from sherwood_tui.games.sheriff import GAME
from sherwood_tui.games.sheriff.rules.bot import sensible
from sherwood_tui.games.sheriff.rules.model import (
    Bribe,
    CounterOffer,
    Debt,
    LetPass,
    Offer,
    OpenBag,
    PayWithGood,
    Threaten,
)
from sherwood_tui.workbench.engine import run
from sherwood_tui.workbench.summary import summarise
from tests.contract_checks import changed, players

from .sheriff_kit import act, arrange, offer_bribe


def decide(state, seat, rnd=None):
    return sensible(GAME.view(state, seat), GAME.legal_actions(state, seat), rnd or random.Random(0))


@pytest.mark.parametrize("n,royal", [(3, False), (4, True), (5, False)])
def test_sensible_bot_only_makes_moves_the_rules_accept(n, royal):
    """Mixed sensible and random seats: every sensible move is the seat's own, of a kind
    the seat may make now, and accepted by the rules (a RuleError would fail the test)."""
    for seed in range(4):
        rnd = random.Random(seed)
        levels = [rnd.choice(("sensible", "random")) for _ in range(n)]
        levels[seed % n] = "sensible"
        state = GAME.new_game(players(n), {"royal_goods": royal}, seed)
        steps = 0
        while not GAME.is_over(state):
            seats = GAME.to_act(state)
            seat = rnd.choice(seats)
            if levels[seat] == "sensible":
                decision = sensible(GAME.view(state, seat), GAME.legal_actions(state, seat), rnd)
                for move in as_moves(decision):  # each small move is a legal move in its turn
                    assert move.seat == seat
                    assert move in GAME.legal_actions(state, seat), (state.step, move)
                    state, _ = GAME.apply(state, move)
            else:
                state, _ = act(state, bot_action(GAME, state, seat, "random", rnd))
            steps += 1
            assert steps < 2000


def test_bot_is_deterministic_given_its_random_source():
    def game(seed):
        return run("sheriff", 4, 1, seed, ["sensible"] * 4, {})[0]

    first, again = game(11), game(11)
    assert first == again


def test_sensible_bots_bluff_bribe_and_inspect_over_50_games():
    counts = summarise(run("sheriff", 4, 50, 7, ["sensible"] * 4, {}), ["sensible"] * 4)["counts_per_game"]
    for key in (
        "bags", "honest bags", "lying bags", "threats", "inspections", "honest bags opened",
        "lying bags caught", "lying bags passed", "bribes offered", "bribes accepted",
        "counter-offers", "fines", "contraband smuggled",
    ):
        assert counts.get(key, 0) > 0, key
    assert counts["honest bags"] + counts["lying bags"] == counts["bags"]
    assert counts["lying bags caught"] + counts["lying bags passed"] == counts["lying bags"]
    # bluffing is a habit, not the rule; the Sheriff opens some bags, not all
    assert 0.15 < counts["lying bags"] / counts["bags"] < 0.6
    assert 0.1 < counts["inspections"] / counts["bags"] < 0.6
    assert counts["bribes accepted"] <= counts["bribes offered"] + counts["counter-offers paid"]


def test_simulate_sheriff_json_runs_and_seats_are_even(capsys):
    args = build_parser().parse_args(
        ["simulate", "sheriff", "--players", "4", "--games", "200", "--json", "--jobs", "2"]
    )
    assert simulate_main(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 200 and [s["bot"] for s in out["seats"]] == ["sensible"] * 4
    assert out["length"]["rounds"]["mean"] == 8  # everyone is Sheriff twice
    assert out["endings"] == {"complete": 200}
    for key in ("inspections", "honest bags", "lying bags", "bribes accepted"):
        assert out["counts_per_game"][key] > 0
    rates = [s["win_rate"] for s in out["seats"]]
    assert all(0.12 < r < 0.4 for r in rates)  # the first Sheriff is random: no seat is favoured


def test_a_sensible_seat_beats_random_seats_clearly():
    bots = ["sensible", "random", "random", "random"]
    summary = summarise(run("sheriff", 4, 60, 3, bots, {}), bots)
    assert summary["levels"]["sensible"]["win_rate_per_seat"] > 0.8


# ----- single decisions ------------------------------------------------------------------


def threatened(bag, declared="Apples", gold=50):
    """4 players, Robin (0) is Sheriff and has threatened Marian (1)."""
    return arrange(
        n=4, sheriff=0, step="offer", target=1,
        hands={s: ["Apples"] * 6 for s in range(4)},
        bags={1: bag, 2: ["Cheese"]}, declarations={1: declared, 2: "Cheese"},
        gold={1: gold},
    )


def offered(state, seat, rnd=None):
    """The bribe the bot offers (its whole decision applied), or None if it does not offer."""
    decision = decide(state, seat, rnd)
    if not isinstance(as_moves(decision)[-1], (Offer, CounterOffer)):
        return None
    return act(state, decision)[0].offer


def test_an_honest_merchant_offers_nothing_and_a_smuggler_bribes_below_the_risk():
    honest = [offered(threatened(["Apples"] * 4), 1, random.Random(s)) for s in range(40)]
    assert sum(b.empty for b in honest) >= 30  # a rare token coin is a bluff
    assert all(b.gold <= 1 for b in honest)
    lying = [offered(threatened(["Apples"] * 3 + ["Silk", "Crossbow"]), 1, random.Random(s)) for s in range(40)]
    offers = [b.gold for b in lying if b is not None and not b.empty]
    assert len(offers) >= 25
    risk = 8 + 4 + 9 + 4  # both goods lost and both fines paid
    assert all(0 < g < risk for g in offers)


def test_a_smuggler_pays_a_cheap_demand_and_haggles_over_a_dear_one():
    state = threatened(["Apples"] * 4 + ["Silk"])
    cheap = changed(state, offer=Bribe(gold=3), demand=Bribe(gold=5), counters=1)
    assert decide(cheap, 1) == offer_bribe(seat=1, bribe=Bribe(gold=5))
    dear = changed(state, offer=Bribe(gold=3), demand=Bribe(gold=11), counters=1)
    answer = offered(dear, 1)
    assert answer is not None and 3 < answer.gold < 11


def test_the_sheriff_opens_a_bag_that_claims_more_than_can_exist():
    # 23 of the 24 Chickens are on a stand: a bag of 2 Chickens is a certain lie
    state = arrange(
        n=3, sheriff=0, step="choose",
        hands={0: ["Apples"] * 6}, bags={1: ["Pepper", "Mead"], 2: ["Cheese"]},
        declarations={1: "Chickens", 2: "Cheese"},
        up={2: ["Chickens"] * 23},
    )
    assert decide(state, 0) == OpenBag(seat=0, merchant=1)


def test_the_sheriff_questions_suspicious_bags_and_accepts_a_bribe_that_pays():
    state = arrange(
        n=4, sheriff=0, step="choose",
        hands={0: ["Apples"] * 6}, bags={1: ["Apples"] * 4 + ["Silk"], 2: ["Cheese"]},
        declarations={1: "Apples", 2: "Cheese"}, down={1: ["Mead", "Pepper"]},
    )
    choices = [decide(state, 0, random.Random(s)) for s in range(30)]
    assert all(isinstance(a, (Threaten, OpenBag)) and a.merchant == 1 for a in choices)
    rich = changed(state, step="decide", target=1, offer=Bribe(gold=20))
    decisions = [decide(rich, 0, random.Random(s)) for s in range(40)]
    assert sum(isinstance(a, LetPass) for a in decisions) >= 30  # now and then a stern Sheriff


def test_a_debtor_pays_with_the_cheapest_good():
    state = arrange(
        n=3, sheriff=0, step="pay", target=1,
        up={1: ["Chickens", "Apples", "Cheese"]}, down={1: ["Silk"]},
        debt=Debt(debtor=1, creditor=0, amount=5), gold={1: 0},
    )
    assert decide(state, 1) == PayWithGood(seat=1, good="Apples")
