"""`sherwood-tui tune`: a search of a data field's range toward a target, within a budget
of games, every evaluation on the same seeds and written to the records; the losses of
the three targets; what it refuses, in one line, before a game is played."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys

import pytest

from sherwood_tui import commands
from sherwood_tui.workbench.engine import GameResult
from sherwood_tui.workbench.tune import Field, Target, TuneError, largest_gap, parse_field, parse_target

TUNE = ["tune", "sheriff", "--field", "starting_gold=20..80", "--target", "balance", "--players", "3",
        "--budget", "80", "--games-each", "10", "--seed", "3"]


def game(winners: list[int], scores: list[float], rounds: int = 5) -> GameResult:
    return GameResult(seed=1, winners=winners, scores=scores, actions=10, rounds=rounds, ending="complete")


def tune_json(capsys, *args: str) -> dict:
    assert commands.run([*TUNE, *args, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    out.pop("seconds")
    return out


# ----- the targets and their losses -------------------------------------------------


def test_balance_is_the_largest_gap_between_a_seats_win_rate_and_the_fair_share_in_points():
    games = [game([0], [3, 1, 1]), game([0], [3, 1, 1]), game([1], [1, 3, 1]), game([1, 2], [1, 3, 3])]
    # seat 1: 2 of 4 wins (50%), seat 2: 1.5 (37.5%), seat 3: 0.5 (12.5%); fair 33.3%: a seat
    # below its share counts as one above it
    assert largest_gap(games, 3) == pytest.approx(100 * (1 / 3 - 0.125))
    target = Target("balance")
    assert target.loss(target.measure(games, 3)) == pytest.approx(20.833, abs=1e-3)


def test_length_and_margin_are_how_far_the_mean_is_from_the_goal_either_way():
    games = [game([0], [10, 4, 7], rounds=4), game([2], [1, 2, 9], rounds=8)]
    length, margin = parse_target("length=5"), parse_target("margin=2.5")
    assert length.measure(games, 3) == 6 and length.loss(6) == 1 and length.loss(4) == 1
    assert margin.measure(games, 3) == (3 + 7) / 2 and margin.loss(5) == 2.5


@pytest.mark.parametrize(("text", "said"), [
    ("starting_gold", "--field takes PATH=LOW..HIGH with whole numbers"),
    ("starting_gold=20..2.5", "--field takes PATH=LOW..HIGH with whole numbers"),
    ("starting_gold=80..20", "LOW must be below HIGH, not 80..20"),
    ("peasants[x=1..2", "is not a field path"),
])
def test_a_field_that_is_not_path_low_high_is_one_line(text, said):
    with pytest.raises(TuneError, match=r"^[^\n]*$") as refused:
        parse_field(text)
    assert said in str(refused.value)


def test_a_field_and_a_target_as_typed():
    assert parse_field("sheriff_turns.4=-1..3") == Field("sheriff_turns.4", -1, 3)
    assert parse_target("balance") == Target("balance") and parse_target("length=7") == Target("length", 7.0)
    with pytest.raises(TuneError, match="balance, length=N"):
        parse_target("fun=3")


# ----- the command -------------------------------------------------------------------


def test_tune_finds_a_value_within_its_budget_and_writes_every_evaluation(capsys, tmp_path):
    records = tmp_path / "tune.sqlite"
    out = tune_json(capsys, "--jobs", "1", "--records", str(records))
    assert out["games"] <= out["budget"] == 80 and len(out["evaluations"]) == 8 and out["stopped"] == "budget"
    assert 20 <= out["best"]["values"]["starting_gold"] <= 80
    assert out["evaluations"][0]["values"] == {"starting_gold": 50}  # the starting data first
    assert out["best"]["loss"] == min(e["loss"] for e in out["evaluations"])
    assert out["comparison"]["paired"] is True and out["comparison"]["b"] == out["best"]["name"]
    db = sqlite3.connect(records)
    rows = db.execute("SELECT evaluation, variant, games, first_seed, measure, loss, best FROM tuning ORDER BY evaluation").fetchall()
    assert [(r[0], r[1], r[2], r[3], round(r[5], 6)) for r in rows] == [
        (e["evaluation"], e["name"], 10, 3, e["loss"]) for e in out["evaluations"]]
    assert [r[1] for r in rows if r[6]] == [out["best"]["name"]]
    games = db.execute("SELECT variant, count(*), min(seed), max(seed) FROM games GROUP BY variant").fetchall()
    assert sorted(games) == sorted((e["name"], 10, 3, 12) for e in out["evaluations"])  # the same seeds each


def test_a_search_whose_range_holds_fewer_points_than_its_budget_stops_when_every_one_is_played(capsys):
    assert commands.run(["tune", "sheriff", "--field", "starting_gold=48..50", "--target", "length=9", "--players", "3",
                         "--budget", "1000", "--games-each", "10", "--jobs", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["stopped"] == "every point played"
    assert sorted(e["values"]["starting_gold"] for e in out["evaluations"]) == [48, 49, 50]


def test_the_table_names_the_best_values_and_compares_them_with_the_starting_data(capsys):
    assert commands.run([*TUNE, "--budget", "40", "--jobs", "1"]) == 0
    captured = capsys.readouterr()
    assert "Every evaluation (0: the starting data)" in captured.out and "A against B" in captured.out
    assert "Best: starting_gold=" in captured.out and "paired (the same 10 seeds" in captured.out
    assert "sherwood-tui tune: 4 evaluations, 40 of 40 games; best so far" in captured.err  # progress on stderr


@pytest.mark.parametrize(("args", "said"), [
    (["--field", "starting_gold=-40..80"], "--field starting_gold=-40"),
    (["--field", "no_such_field=1..3"], "the data file has no field no_such_field"),
    (["--bots", "sensible,random,sensible"], "--target balance needs one --bots level at every seat"),
    (["--budget", "15"], "--budget 15 has room for 1 evaluation(s) of 10 games"),
    (["--field", "starting_gold=30..40", "--field", "starting_gold=50..60"], "each field may be searched once"),
])
def test_what_tune_cannot_search_is_one_line_and_exit_2(args, said, capsys):
    base = ["tune", "sheriff", "--target", "balance", "--players", "3", "--budget", "40", "--games-each", "10",
            "--jobs", "1"]
    if not any(a == "--field" for a in args):
        base += ["--field", "starting_gold=20..80"]
    assert commands.run([*base, *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("sherwood-tui tune: ") and err.count("\n") == 1 and said in err, err


WITHOUT_OPTUNA = "import sys; sys.modules['optuna'] = None; from sherwood_tui.__main__ import main; sys.exit(main())"


def test_tune_without_the_tune_extra_says_how_to_add_it_before_any_game():
    done = subprocess.run([sys.executable, "-c", WITHOUT_OPTUNA, *TUNE, "--budget", "1000000"], capture_output=True,
                          text=True, stdin=subprocess.DEVNULL, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "sherwood-tui tune: tune needs the tune extra (optuna): pip install -e '.[tune]' in the sherwood-tui checkout\n"


def test_the_best_is_the_least_loss_and_the_earliest_of_equal_ones_so_the_start_stays_unless_beaten():
    from sherwood_tui.workbench.tune import Evaluation, best_of

    start = Evaluation(0, (("starting_gold", 50),), loss=0.25 - 2 / 15)  # two equal gaps computed apart
    tied = Evaluation(1, (("starting_gold", 20),), loss=11 / 30 - 0.25)
    refused = Evaluation(2, (("starting_gold", 21),), refused="no")
    assert start.loss != tied.loss and best_of([start, tied, refused]) is start
    better = Evaluation(3, (("starting_gold", 30),), loss=0.1)
    assert best_of([start, tied, refused, better]) is better


def test_a_value_inside_the_range_that_the_game_refuses_is_recorded_as_refused_and_costs_no_games(capsys, monkeypatch):
    from sherwood_tui.core.assets import AssetError
    from sherwood_tui.workbench import tune

    checked = tune.check_asset_data

    def refusing_30(plugin, data, name=""):
        if data["starting_gold"] == 30:
            raise AssetError(f"{name}: starting_gold: not 30")
        checked(plugin, data, name)

    monkeypatch.setattr(tune, "check_asset_data", refusing_30)
    assert commands.run(["tune", "sheriff", "--field", "starting_gold=29..31", "--target", "balance", "--players", "3",
                         "--budget", "1000", "--games-each", "10", "--jobs", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    refused = [e for e in out["evaluations"] if "refused" in e]
    assert [(e["values"], e["games"], e["loss"]) for e in refused] == [({"starting_gold": 30}, 0, None)]
    assert "starting_gold: not 30" in refused[0]["refused"] and out["stopped"] == "every point played"
    assert out["games"] == 10 * (len(out["evaluations"]) - 1) and out["best"]["values"] != {"starting_gold": 30}


def test_a_search_from_your_own_data_file_starts_from_its_values(capsys, tmp_path):
    from sherwood_tui import catalog
    from sherwood_tui.core.assets import builtin_text

    data = json.loads(builtin_text(catalog.get("sheriff").asset))
    data["starting_gold"] = 60
    own = tmp_path / "sixty.json"
    own.write_text(json.dumps(data), encoding="utf-8")
    out = tune_json(capsys, "--budget", "20", "--jobs", "1", "--assets", str(own))
    assert [e["values"]["starting_gold"] for e in out["evaluations"]][0] == 60 and len(out["evaluations"]) == 2
