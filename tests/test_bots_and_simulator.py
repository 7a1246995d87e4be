"""Bots decide from their own view only; the simulator's command line."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from sherwood_tui import catalog
from sherwood_tui.core.bots import bot_action, decide
from sherwood_tui.core.steps import as_moves
from sherwood_tui.workbench.engine import play_one
from tests.contract_checks import players

READY = [info for info in catalog.GAMES if info.ready]


@pytest.mark.parametrize("info", READY, ids=lambda i: i.id)
def test_sensible_bot_decides_the_same_when_other_seats_secrets_are_scrambled(info):
    game = info.load()
    for seed in range(3):
        rnd = random.Random(seed)
        state = game.new_game(players(game.min_players + 1), {}, seed)
        steps = 0
        while not game.is_over(state) and steps < 400:
            seat = game.to_act(state)[0]
            scrambled = game.scramble_secrets(state, seat, seed + steps)
            mine = decide(game, "sensible", game.view(state, seat), game.legal_actions(state, seat), random.Random(steps))
            theirs = decide(game, "sensible", game.view(scrambled, seat), game.legal_actions(scrambled, seat), random.Random(steps))
            assert mine == theirs
            for move in as_moves(bot_action(game, state, seat, "sensible", rnd)):
                state, _ = game.apply(state, move)
            steps += 1


@pytest.mark.parametrize("info", READY, ids=lambda i: i.id)
def test_the_expert_decides_the_same_when_other_seats_secrets_are_scrambled(info):
    """The expert searches from its seat's view alone: with the same seed and budget,
    scrambling every other seat's secrets in the real state never changes its decision."""
    game = info.load()
    rnd = random.Random(3)
    state = game.new_game(players(game.min_players + 1), {}, 3)
    steps = checked = 0
    while not game.is_over(state) and checked < 4:
        seat = game.to_act(state)[0]
        if steps % 11 == 5 and len(game.legal_actions(state, seat)) > 1:
            scrambled = game.scramble_secrets(state, seat, steps)
            mine = bot_action(game, state, seat, "expert:6", random.Random(steps))
            theirs = bot_action(game, scrambled, seat, "expert:6", random.Random(steps))
            assert mine == theirs
            checked += 1
        for move in as_moves(bot_action(game, state, seat, "sensible", rnd)):
            state, _ = game.apply(state, move)
        steps += 1
    assert checked == 4


@pytest.mark.parametrize("info", READY, ids=lambda i: i.id)
def test_sensible_bot_beats_random_bots(info):
    game = info.load()
    n = game.min_players + 1 if game.min_players < 3 else game.min_players
    bots = ["sensible"] + ["random"] * (n - 1)
    wins = sum(1 for seed in range(40) if 0 in play_one(info.id, n, bots, {}, seed).winners)
    assert wins / 40 > 2 / n  # clearly better than a fair share


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "sherwood_tui", *args], capture_output=True, text=True)


def test_simulate_prints_a_table_and_same_seed_gives_same_results():
    result = run_cli("simulate", "bleeding-sherwood", "--players", "3", "--games", "20", "--seed", "4")
    assert result.returncode == 0 and "Wins and scores per seat" in result.stdout
    first = json.loads(run_cli("simulate", "bleeding-sherwood", "--players", "3", "--games", "20",
                               "--seed", "4", "--json", "--bots", "sensible,random,random").stdout)
    again = json.loads(run_cli("simulate", "bleeding-sherwood", "--players", "3", "--games", "20",
                               "--seed", "4", "--json", "--bots", "sensible,random,random", "--jobs", "2").stdout)
    first.pop("seconds"), again.pop("seconds")
    assert first == again
    assert first["games"] == 20 and len(first["seats"]) == 3
    assert "zero bids" in first["counts_per_game"]


@pytest.mark.parametrize(
    "args,message",
    [
        (["chess"], "unknown game 'chess'"),
        (["bleeding-sherwood", "--players", "9"], "takes 2 to 6 players, not 9"),
        (["bleeding-sherwood", "--option", "turbo"], "has no option 'turbo'"),
        (["bleeding-sherwood", "--bots", "genius"], "'genius' is not a bot level"),
        (["bleeding-sherwood", "--players", "lots"], "argument --players: not a whole number: 'lots'"),
        (["bleeding-sherwood", "--jobs", "0"], "argument --jobs: must be from 1 to"),
        (["bleeding-sherwood", "--games", "99999999999999999999"], "argument --games: must be from 1 to 1,000,000"),
    ],
)
def test_simulate_bad_arguments_get_one_line_and_non_zero_exit(args, message):
    result = run_cli("simulate", *args)
    assert result.returncode == 2
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_simulate_playouts_sets_the_budget_of_plain_experts_and_jobs_change_nothing():
    """`--playouts N` is the budget of every plain `expert` seat (expert:N keeps its own);
    the same seed and budget give the same games on one process or two."""
    args = ("simulate", "bleeding-sherwood", "--players", "3", "--games", "4", "--seed", "2", "--json",
            "--bots", "expert,expert:2,sensible", "--playouts", "3")
    one = json.loads(run_cli(*args, "--jobs", "1").stdout)
    two = json.loads(run_cli(*args, "--jobs", "2").stdout)
    assert one["bots"] == ["expert:3", "expert:2", "sensible"]
    one.pop("seconds"), two.pop("seconds")
    assert one == two
    refused = run_cli("simulate", "bleeding-sherwood", "--playouts", "0")
    assert refused.returncode != 0 and "--playouts: must be from 1 to 100,000" in refused.stderr


def test_seat_advantage_is_not_judged_when_experts_sit_beside_sensible_bots():
    """Issue 24: two experts and two sensible bots: the better bots' seats should win
    more, so the workbench flags no seat and says it cannot judge; the same table of
    four sensible bots is judged."""
    args = ("simulate", "bleeding-sherwood", "--players", "4", "--games", "3", "--seed", "5", "--jobs", "1")
    mixed = run_cli(*args, "--bots", "expert:2,expert:2,sensible,sensible", "--json")
    summary = json.loads(mixed.stdout)
    assert summary["seat_advantage"] is None
    assert "Seat advantage not judged: the seats have different bot levels." in run_cli(
        *args, "--bots", "expert:2,expert:2,sensible,sensible").stdout
    assert json.loads(run_cli(*args, "--bots", "sensible", "--json").stdout)["seat_advantage"] is not None
