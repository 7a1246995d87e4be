"""Restricted play (issue 25): each game's bots may be kept from strategies the game
declares in its own words, as a level ("expert+honest"), and `simulate --restrict NAME`
says what that costs one seat among unrestricted ones."""

from __future__ import annotations

import json
import random

import pytest

from sherwood_tui import catalog, commands
from sherwood_tui.core.bots import bot_action, restriction_problem
from sherwood_tui.core.contract import Player
from sherwood_tui.core.levels import level_problem, restriction_of, split_level, with_budget
from sherwood_tui.core.playout import playout
from sherwood_tui.core.steps import as_moves

EXPECTED = {
    "bleeding-sherwood": {"one-card": "never bids more than one card a round", "no-spent-bids": "never takes a spent bid"},
    "sheriff": {"honest": "never smuggles", "no-bribes": "never bribes", "always-inspects": "always inspects",
                "never-inspects": "never inspects"},
    "sherwood": {"no-loot": "never carries loot", "whole-band": "always sends the whole band"},
}
CASES = [(game, name) for game, names in EXPECTED.items() for name in names]


def test_each_game_declares_its_restrictions_in_its_own_words():
    for game_id, names in EXPECTED.items():
        assert {k: r.says for k, r in catalog.get(game_id).restrictions().items()} == names


def test_a_restricted_level_is_a_level_with_its_budget_and_restriction():
    assert level_problem("expert:400+honest") is None and level_problem("sensible+one-card") is None
    assert level_problem("expert+") is not None and level_problem("expert+Honest") is not None
    assert split_level("expert:400+honest") == ("expert", 400) and restriction_of("expert:400+honest") == "honest"
    assert with_budget("expert+honest", 50) == "expert:50+honest" and with_budget("sensible+honest", 50) == "sensible+honest"
    assert restriction_problem("sheriff", "expert+honest") is None
    assert "has no bot restriction 'one-card'" in str(restriction_problem("sheriff", "expert+one-card"))


@pytest.mark.parametrize(("game_id", "name"), CASES)
@pytest.mark.parametrize("base", ["sensible", "random"])
def test_a_restricted_bot_never_makes_a_move_its_restriction_keeps_it_from(game_id, name, base):
    info = catalog.get(game_id)
    game, keep = info.load(), info.restrictions()[name].keep
    players = max(3, game.min_players)
    for seed in range(3):
        state = game.new_game([Player(name=f"P{i}", bot="sensible") for i in range(players)], {}, seed)
        rnd = random.Random(seed)
        checked = [0]

        def choose(state, seat, rnd=rnd, checked=checked):
            level = f"{base}+{name}" if seat == 0 else "sensible"
            decision = bot_action(game, state, seat, level, rnd)
            if seat == 0:
                for move in as_moves(decision):
                    legal = game.legal_actions(state, 0)
                    kept = keep(game.view(state, 0), legal) or legal
                    assert move in kept, (name, move)
                    checked[0] += 1
                    state = game.apply(state, move)[0]
            return decision

        playout(game, state, choose, rnd)
        assert checked[0] > 0


def test_an_expert_plays_restricted_too():
    game = catalog.get("sheriff").load()
    state = game.new_game([Player(name=f"P{i}", bot="sensible") for i in range(3)], {}, 4)
    rnd = random.Random(4)
    final, moves = playout(game, state, lambda s, seat: bot_action(
        game, s, seat, "expert:2+honest" if seat == 0 else "sensible", rnd), rnd)
    assert game.is_over(final) and moves > 0


def test_simulate_restrict_says_what_the_restriction_costs(capsys, tmp_path):
    records = tmp_path / "r.sqlite"
    assert commands.run(["simulate", "bleeding-sherwood", "--players", "3", "--games", "10", "--jobs", "1",
                         "--restrict", "one-card", "--json", "--records", str(records)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 12 and data["says"] == "never bids more than one card a round"  # 10 rounded up: 4 a seat
    assert data["fair_share"] == pytest.approx(1 / 3)
    rate, cost = data["restricted_win_rate"], data["cost_in_win_rate"]
    assert rate["low"] <= rate["value"] <= rate["high"]
    assert cost["value"] == pytest.approx(1 / 3 - rate["value"], abs=1e-6)
    import sqlite3

    db = sqlite3.connect(records)
    assert db.execute("SELECT COUNT(*) FROM seats WHERE bot = 'sensible+one-card'").fetchone() == (12,)
    assert commands.run(["simulate", "bleeding-sherwood", "--players", "3", "--games", "6", "--jobs", "1",
                         "--restrict", "one-card"]) == 0
    assert "What \"never bids more than one card a round\" is worth" in capsys.readouterr().out


def test_restricted_play_with_bots_that_do_not_search_says_it_measures_the_bot(capsys):
    """Restricted play measures how the bots play around a restriction: with sensible bots
    the result comes with a warning (stderr, and in --json) that a thinking player may pay
    far more; an expert's run has none."""
    assert commands.run(["simulate", "bleeding-sherwood", "--players", "3", "--games", "3", "--jobs", "1",
                         "--restrict", "one-card", "--json"]) == 0
    out = capsys.readouterr()
    assert "sensible bots" in json.loads(out.out)["warning"]
    assert out.err.count("not a thinking player") == 1 and "--bots expert" in out.err
    assert commands.run(["simulate", "bleeding-sherwood", "--players", "3", "--games", "3", "--jobs", "1",
                         "--restrict", "one-card", "--bots", "expert:2", "--json"]) == 0
    out = capsys.readouterr()
    assert "warning" not in json.loads(out.out) and "thinking player" not in out.err


@pytest.mark.parametrize("args", [
    ["--restrict", "honest"],  # not a Bleeding Sherwood restriction
    ["--restrict", "one-card", "--bots", "sensible,random,random"],
    ["--restrict", "one-card", "--bots", "sensible+one-card"],
    ["--restrict", "one-card", "--csv"],
    ["--bots", "expert+honest"],
])
def test_bad_restricted_runs_get_one_line(capsys, args):
    assert commands.run(["simulate", "bleeding-sherwood", "--players", "3", "--games", "3", *args]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("sherwood-tui simulate: ")
