"""Game-flow measures (workbench/flow.py): lead changes, the decided round, the winner's
margin, comebacks, read from the standings at each round end."""

from __future__ import annotations

from sherwood_tui.workbench.engine import GameResult, play_one
from sherwood_tui.workbench.flow import flow_of, per_game, standings


def game(points: list[list[float]], winners: list[int], seed: int = 1) -> GameResult:
    return GameResult(seed=seed, winners=winners, scores=points[-1], actions=10 * len(points), rounds=len(points),
                      ending="end", standings=[value for scores in points for value in scores])


def test_the_leader_changing_between_round_ends_counts_each_change():
    played = game([[1, 0], [1, 2], [3, 2], [3, 5]], [1])
    assert flow_of(played).lead_changes == 3


def test_a_tie_for_the_lead_is_no_leader_and_no_change():
    played = game([[1, 0], [2, 2], [3, 2]], [0])  # seat 1 leads, ties, leads again: no change
    assert flow_of(played).lead_changes == 0


def test_the_decided_round_is_where_the_winner_led_to_the_end():
    played = game([[5, 0], [1, 2], [3, 2], [4, 3], [6, 3]], [0])  # behind at round 2, ahead from round 3
    found = flow_of(played)
    assert found.decided_round == 3 and found.points == 5 and found.decided_share == 3 / 5


def test_a_winner_ahead_from_the_first_round_end_decided_it_there():
    assert flow_of(game([[2, 0], [4, 1], [6, 1]], [0])).decided_share == 1 / 3


def test_a_win_on_a_tie_break_is_decided_only_at_the_end():
    found = flow_of(game([[2, 0], [4, 1], [6, 6]], [1]))  # equal points: the tie-break decided it
    assert found.decided_round == 3 and found.decided_share == 1.0 and found.margin == 0


def test_the_margin_is_the_winners_score_less_the_runner_up():
    assert flow_of(game([[10, 7, 3]], [0])).margin == 3
    assert flow_of(game([[10, 10, 3]], [0, 1])).margin == 7  # a shared win: ahead of the best other seat


def test_a_comeback_is_a_winner_behind_at_half_time():
    behind = game([[3, 0], [1, 4], [5, 4], [9, 4]], [0])  # half time: round end 2 of 4
    level = game([[3, 0], [4, 4], [5, 4], [9, 4]], [0])  # level at half time: not behind
    assert flow_of(behind).comeback == 1 and flow_of(level).comeback == 0
    assert flow_of(game([[3, 1]], [0])).comeback == 0  # one round end: no half time


def test_the_final_scores_follow_the_round_ends_when_the_game_ended_between_them():
    played = GameResult(seed=1, winners=[1], scores=[4, 6], actions=9, rounds=1, ending="end", standings=[4, 1])
    assert standings(played) == [[4, 1], [4, 6]]
    assert flow_of(played).lead_changes == 1 and flow_of(played).decided_round == 2


def test_a_game_without_standings_flows_from_its_final_scores():
    played = GameResult(seed=1, winners=[0], scores=[4, 1], actions=9, rounds=0, ending="end")
    assert per_game([played]) == [{"flow.lead_changes": 0.0, "flow.decided_share": 1.0, "flow.margin": 3.0,
                                   "flow.comeback": 0.0}]


def test_a_played_game_records_the_standings_at_each_round_end():
    for game_id, players in (("sheriff", 3), ("bleeding-sherwood", 3), ("sherwood", 3)):
        played = play_one(game_id, players, ["sensible"] * players, {}, 5)
        assert len(played.standings) == players * played.rounds and played.rounds > 1, game_id
        assert standings(played)[-1] == played.scores, game_id  # the last round end is the game's end
        assert len(standings(played)) == played.rounds
        assert 1 <= flow_of(played).decided_round <= played.rounds


def test_the_records_hold_each_games_flow(tmp_path):
    import sqlite3

    from sherwood_tui.workbench.records import Variant, write_run

    played = [game([[5, 0], [1, 2], [3, 2], [4, 3], [6, 3]], [0], seed=1), game([[3, 1]], [0], seed=2)]
    path = tmp_path / "r.sqlite"
    write_run(path, "sheriff", "sherwood-tui simulate sheriff", "0" * 16, [Variant("built-in data", ["sensible"] * 2, played)])
    rows = sqlite3.connect(path).execute(
        "SELECT seed, lead_changes, decided_round, decided_share, margin, comeback FROM flow JOIN games ON games.id = flow.game "
        "ORDER BY seed").fetchall()
    assert rows == [(1, 2, 3, 0.6, 3.0, 0), (2, 0, 1, 1.0, 2.0, 0)]  # ahead again at half time (round end 3 of 5)


def test_simulate_shows_how_games_flow_in_its_table_and_json(capsys):
    import json

    from sherwood_tui import commands

    run = ["simulate", "bleeding-sherwood", "--players", "3", "--games", "8", "--jobs", "1"]
    assert commands.run([*run, "--json"]) == 0
    found = json.loads(capsys.readouterr().out)["flow"]
    assert set(found) == {"lead_changes", "decided_round", "decided_share", "margin", "comebacks", "comeback_rate",
                          "comeback_ci"}
    assert 0 < found["decided_share"]["mean"] <= 1 and found["margin"]["min"] >= 0
    assert commands.run(run) == 0
    table = " ".join(capsys.readouterr().out.split())
    assert "How games flow" in table and "comebacks (winner behind at half time)" in table


def test_a_comparison_pairs_the_flow_measures_game_by_game(capsys):
    import json

    from sherwood_tui import commands

    assert commands.run(["simulate", "sheriff", "--players", "3", "--games", "12", "--jobs", "1",
                         "--sweep", "starting_gold=50,70", "--json"]) == 0
    rows = {m["measure"]: m for m in json.loads(capsys.readouterr().out)["measures"]}
    for key in ("flow.lead_changes", "flow.decided_share", "flow.margin", "flow.comeback"):
        assert rows[key]["paired"] is True, key
    # 20 more gold each, the same games: who leads when is unchanged, and so is the margin
    assert (rows["flow.lead_changes"]["diff"], rows["flow.margin"]["diff"]) == (0, 0)
