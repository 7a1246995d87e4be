"""The bounded soak run of CI: random-bot games of each game (about 15 s of one core
each: a Sheriff game is many more moves than a Bleeding Sherwood one), over every player
count and variant, with the game's invariants checked after every action. `make soak`
runs 100,000 a game."""

from __future__ import annotations

import itertools

import pytest

from sherwood_tui import catalog
from sherwood_tui.workbench import soak

CI_GAMES = {"bleeding-sherwood": 2000, "sheriff": 400, "sherwood": 1000}


@pytest.mark.slow
@pytest.mark.parametrize("game_id", [info.id for info in catalog.GAMES])
def test_soak_games_keep_every_invariant_and_end(game_id):
    outcomes = soak.run(game_id, CI_GAMES[game_id], seed=1)
    assert len(outcomes) == CI_GAMES[game_id]
    failed = [o for o in outcomes if o.failure]
    assert not failed, "\n".join(soak.report(game_id, outcomes, 0.0))


def test_the_soak_cycle_covers_every_player_count_and_variant():
    game = catalog.get("sheriff").load()
    tables = soak.tables(game)
    assert {t.players for t in tables} == {3, 4, 5}
    keys = [o.key for o in game.options]  # every combination of the game's options, whichever they are
    assert {t.options for t in tables} == {tuple(zip(keys, on)) for on in itertools.product((False, True), repeat=len(keys))}
    chosen = {key: True for key in keys}
    assert soak.tables(game, 4, chosen) == [soak.Table(4, tuple(chosen.items()))]


def test_a_failure_is_reported_with_the_command_that_replays_it(monkeypatch, capsys):
    from sherwood_tui import commands
    from sherwood_tui.games.bleeding_sherwood.rules import invariants

    real = invariants.problems
    monkeypatch.setattr(invariants, "problems", lambda s: ["test fault"] if s.round == 2 else real(s))
    outcomes = soak.run("bleeding-sherwood", 3, seed=40)
    lines = soak.report("bleeding-sherwood", outcomes, 0.0)
    assert "3 failed" in lines[0]
    command = next(line for line in lines if "replay:" in line).split("replay: ")[1]
    assert command.startswith("sherwood-tui soak bleeding-sherwood --players 2")
    assert commands.run(command.split()[1:]) == 1  # the command replays the failing game alone
    assert "FAILED seed 40: action" in capsys.readouterr().out


def test_bad_soak_arguments_get_one_line(capsys):
    from sherwood_tui import commands

    assert commands.run(["soak", "chess"]) == 2
    assert commands.run(["soak", "sheriff", "--players", "9"]) == 2
    assert commands.run(["soak", "sheriff", "--option", "dragons=yes"]) == 2
    assert commands.run(["soak", "sheriff", "--bots", "genius"]) == 2
    assert commands.run(["soak", "sheriff", "--bots", "expert,random"]) == 2  # per seat: needs --players
    assert commands.run(["soak", "sheriff", "--players", "3", "--bots", "expert,random"]) == 2  # 2 levels, 3 seats
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 6 and all(line.startswith("sherwood-tui soak: ") for line in err)


def test_experts_and_sensible_bots_soak_too_and_a_plain_expert_takes_the_budget_given(monkeypatch, capsys):
    """`soak --bots expert,sensible --playouts N`: the bots' decisions (an expert's of many
    small moves too) are checked move by move, and a failure's command names the bots."""
    from sherwood_tui import commands
    from sherwood_tui.core import search

    budgets = []

    original = search.expert_decision
    monkeypatch.setattr(search, "expert_decision", lambda *a, **k: budgets.append(k["playouts"]) or original(*a, **k))
    assert commands.run(["soak", "sheriff", "--players", "3", "--bots", "expert,sensible,random",
                         "--playouts", "3", "--games", "1", "--jobs", "1"]) == 0
    assert "sheriff: 1 games" in capsys.readouterr().out and budgets and set(budgets) == {3}
    table = soak.tables(catalog.get("sheriff").load(), 3, {"royal_goods": False}, ("expert:3", "sensible", "random"))[0]
    assert table.command("sheriff", 5).endswith("--bots expert:3,sensible,random --seed 5 --games 1")
