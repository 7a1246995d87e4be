"""`sherwood-tui tournament`: bot levels at every seating, rated with OpenSkill's
Plackett-Luce model, met head to head; fair seatings, the same games whatever --jobs,
records, and one line for a bad argument."""

from __future__ import annotations

import contextlib
import functools
import io
import itertools
import json
import re
import sqlite3
from collections import Counter

import pytest

from sherwood_tui import commands
from sherwood_tui.workbench import tournament
from sherwood_tui.workbench.engine import GameResult

LEVELS = "random,sensible,expert:3"
# Bleeding Sherwood, three seats: the sensible bot wins about 99% of its games against
# random ones, so twelve games (two at each of the six seatings) rank it above random.
SMALL = ("bleeding-sherwood", "--bots", LEVELS, "--games", "12", "--seed", "3")


def tourney(*args: str) -> int:
    return commands.run(["tournament", *args])


@functools.cache
def printed(jobs: str, *more: str) -> str:
    """What the small tournament prints (played once for the tests that read it)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert tourney(*SMALL, "--jobs", jobs, *more) == 0
    return out.getvalue()


def without_time(text: str) -> str:
    """The output less the run's own duration (`, 2.9 s` in the header)."""
    return re.sub(r", [0-9.]+ s\n", "\n", text, count=1)


# ----- the command ----------------------------------------------------------------------


def test_a_small_tournament_prints_ratings_head_to_head_and_win_rates():
    out = printed("1")
    for heading in ("Seatings (seat 1 first)", "OpenSkill ratings (Plackett-Luce)", "Ranked by the ordinal mu - 3 sigma",
                    "Head to head: A finished above B", "Wins per level (fair share 33.3%)"):
        assert heading in out
    assert "Bleeding Sherwood tournament: 12 games (6 seatings, 2 each), 3 players, seed 3" in out
    ranked = re.findall(r"^\s+([123])\s+(\S+)\s+(-?[\d.]+) ± ([\d.]+)\s+(-?[\d.]+)\s+12\s*$", out, re.M)
    assert [rank for rank, *_ in ranked] == ["1", "2", "3"]
    order = [level for _, level, *_ in ranked]
    assert sorted(order) == sorted(LEVELS.split(",")) and order.index("sensible") < order.index("random")
    for _, _, mu, sigma, ordinal in ranked:  # the ordinal is mu - 3 sigma, as printed
        assert abs(float(mu) - 3 * float(sigma) - float(ordinal)) < 0.02
    assert re.search(r"^\s+random\s+sensible\s+12\s+", out, re.M)  # every pair met at every game


def test_the_json_holds_ratings_head_to_head_and_win_rates():
    data = json.loads(printed("1", "--json"))
    assert data["games"] == 12 and data["games_asked"] == 12 and data["players"] == 3
    assert data["levels"] == LEVELS.split(",") and len(data["seatings"]) == 6
    ratings = {r["level"]: r for r in data["ratings"]}
    assert [r["rank"] for r in data["ratings"]] == [1, 2, 3]
    assert ratings["sensible"]["ordinal"] > ratings["random"]["ordinal"]
    assert all(abs(r["mu"] - 3 * r["sigma"] - r["ordinal"]) < 0.002 for r in data["ratings"])
    pairs = {(m["a"], m["b"]): m for m in data["head_to_head"]}
    assert set(pairs) == {("random", "sensible"), ("random", "expert:3"), ("sensible", "expert:3")}
    versus = pairs[("random", "sensible")]
    assert versus["met"] == 12 and versus["a_above"] + versus["tied"] + versus["b_above"] == 12
    assert versus["a_share"] < 0.5 and versus["a_share_ci"][0] <= versus["a_share"] <= versus["a_share_ci"][1]
    wins = {w["level"]: w for w in data["win_rates"]}
    assert sum(w["wins"] for w in wins.values()) == pytest.approx(12)
    assert all(w["seat_games"] == 12 for w in wins.values()) and data["fair_share"] == pytest.approx(1 / 3, abs=1e-4)
    assert wins["sensible"]["win_rate"] > wins["random"]["win_rate"]


def test_the_same_seed_gives_the_same_tournament_whatever_jobs():
    assert without_time(printed("1")) == without_time(printed("2")) and "OpenSkill ratings" in printed("2")
    one, two = (json.loads(printed(jobs, "--json")) for jobs in ("1", "2"))
    one.pop("seconds"), two.pop("seconds")
    assert one == two


def test_records_hold_every_game_a_variant_per_seating_with_its_bots_per_seat(tmp_path, capsys):
    path = tmp_path / "tourney.sqlite"
    assert tourney(*SMALL, "--players", "4", "--jobs", "2", "--records", str(path), "--json") == 0
    data = json.loads(capsys.readouterr().out)
    db = sqlite3.connect(path)
    [(run, game, command)] = db.execute("SELECT id, game, command FROM runs").fetchall()
    assert game == "bleeding-sherwood" and command.startswith("sherwood-tui tournament bleeding-sherwood --bots")
    games = db.execute("SELECT id, variant, seed, players FROM games WHERE run = ? ORDER BY seed", (run,)).fetchall()
    seatings = [",".join(s["bots"]) for s in data["seatings"]]
    assert len(games) == 12 and [seed for _, _, seed, _ in games] == list(range(3, 15))
    # game g plays seating g mod 6 with seed 3 + g: game i of seating r has seed 3 + 6 i + r
    assert [variant for _, variant, _, _ in games] == [seatings[g % 6] for g in range(12)]
    assert seatings[0] == "random,sensible,expert:3,random"  # the levels go round the table
    for game_id, variant, _, players in games:
        bots = [bot for (bot,) in db.execute("SELECT bot FROM seats WHERE game = ? ORDER BY seat", (game_id,))]
        assert players == 4 and ",".join(bots) == variant
    won = dict(db.execute("SELECT bot, SUM(won) FROM seats GROUP BY bot").fetchall())
    assert won == pytest.approx({w["level"]: w["wins"] for w in data["win_rates"]}, abs=0.01)
    # every seat saw every level equally often
    per_seat = Counter(db.execute("SELECT seat, bot FROM seats").fetchall())
    assert set(per_seat.values()) == {4} and len(per_seat) == 4 * 3


def test_playouts_sets_the_budget_of_plain_experts(capsys):
    assert tourney("bleeding-sherwood", "--bots", "sensible,expert", "--playouts", "2", "--games", "2",
                   "--jobs", "1", "--json") == 0
    data = json.loads(capsys.readouterr().out)
    assert data["levels"] == ["sensible", "expert:2"] and data["players"] == 2
    assert [s["bots"] for s in data["seatings"]] == [["sensible", "expert:2"], ["expert:2", "sensible"]]


@pytest.mark.parametrize(
    "args,line",
    [
        (["chess", "--bots", "random,sensible"], "unknown game 'chess'"),
        (["sheriff", "--bots", "random,genius"], "--bots: 'genius' is not a bot level"),
        (["sheriff", "--bots", "sensible"], "--bots: a tournament needs at least two levels, not 1 (sensible)"),
        (["sheriff", "--bots", "sensible,random,sensible"], "--bots: 'sensible' is named twice"),
        (["sheriff", "--bots", "expert,expert:5", "--playouts", "5"], "--bots: 'expert:5' is named twice"),
        (["sheriff", "--bots", "sensible,random"],
         "Sheriff of Nottingham takes 3 to 5 players, not 2 (one per level: --players N sets the table)"),
        (["sheriff", "--bots", "sensible,random", "--players", "6"], "Sheriff of Nottingham takes 3 to 5 players, not 6"),
        (["sheriff", "--bots", "sensible,random", "--players", "3", "--option", "turbo"], "has no option 'turbo'"),
        (["sheriff", "--bots", "sensible,random,expert", "--games", "999999"],
         "--games 999999 rounds up to 1,000,002 (a multiple of the 6 seatings), more than 1,000,000"),
        (["sheriff", "--bots", "sensible,random,expert", "--seed", str(2**62 - 3), "--games", "2"],
         f"--seed {2**62 - 3} with --games 2 (rounded up to 6) passes the largest seed"),
        (["sheriff", "--bots", "sensible,random", "--players", "3", "--playouts", "0"],
         "argument --playouts: must be from 1 to 100,000"),
        (["sheriff", "--players", "3"], "the following arguments are required: --bots"),
    ],
)
def test_a_bad_argument_gets_one_line_and_status_2(args, line, capsys):
    try:
        status = tourney(*args)
    except SystemExit as stopped:  # the parser's own refusals
        status = stopped.code
    err = capsys.readouterr()
    assert status == 2 and err.out == ""
    assert err.err.count("\n") == 1 and err.err.startswith("sherwood-tui tournament: ") and line in err.err, err.err


def test_records_that_cannot_be_written_get_one_line_and_nothing_is_played(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(tournament, "play", lambda *a, **k: pytest.fail("a game was played"))
    notes = tmp_path / "notes.sqlite"
    notes.write_text("my notes, not a database\n" * 100)
    assert tourney(*SMALL, "--records", str(notes)) == 2
    assert tourney(*SMALL, "--records", str(tmp_path / "no" / "r.sqlite")) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all(line.startswith("sherwood-tui tournament: --records: ") for line in err)
    assert notes.read_text() == "my notes, not a database\n" * 100


# ----- the workbench's parts ------------------------------------------------------------


@pytest.mark.parametrize("levels,players", [(2, 2), (2, 3), (2, 4), (3, 2), (3, 3), (3, 4), (3, 5), (4, 3), (5, 6)])
def test_every_seat_sees_every_level_equally_often(levels, players):
    names = [f"L{i}" for i in range(levels)]
    found = tournament.seatings(names, players)
    assert len(found) == (levels if levels == 2 else 2 * levels) and len(set(found)) == len(found)
    assert all(len(seating) == players for seating in found)
    for seat in range(players):
        counts = Counter(seating[seat] for seating in found)
        assert set(counts) == set(names) and len(set(counts.values())) == 1, (seat, counts)
    if levels >= 3 and players >= 2:  # each level sits both just after and just before each neighbour
        follows = Counter((s[j], s[j + 1]) for s in found for j in range(players - 1))
        assert all(follows[(a, b)] == follows[(b, a)] for a, b in itertools.permutations(names, 2))


def test_the_games_are_dealt_out_in_turn_with_their_seeds():
    assert tournament.rounded_games(16, 6) == 18 and tournament.rounded_games(18, 6) == 18
    assert tournament.rounded_games(1, 2) == 2
    played = tournament.play("bleeding-sherwood", 2, ["sensible", "random"], 3, 10, {}, jobs=1)
    assert [g.result.seed for g in played] == [10, 11, 12, 13]
    assert [g.bots for g in played] == [("sensible", "random"), ("random", "sensible")] * 2


def result(winners: list[int], scores: list[float]) -> GameResult:
    return GameResult(seed=0, winners=winners, scores=scores, actions=1, rounds=1, ending="")


def test_places_put_the_winners_first_and_ties_share_a_place():
    assert tournament.places(result([2], [10, 30, 40, 30])) == [4, 2, 1, 2]
    assert tournament.places(result([0, 3], [50, 30, 10, 50])) == [1, 3, 4, 1]
    assert tournament.places(result([1], [90, 80])) == [2, 1]  # a winner by the rules, not the score
    assert tournament.places(result([], [5, 5])) == [1, 1]


def test_a_level_seated_twice_counts_each_game_once_and_the_better_level_rates_higher():
    games = [tournament.TournamentGame(0, ("good", "bad", "good"), result([0], [10, 6, 5])),
             tournament.TournamentGame(1, ("bad", "good", "bad"), result([1], [1, 9, 3]))] * 5
    ratings = tournament.rate(games, ["bad", "good"])
    assert [r.level for r in ratings] == ["good", "bad"] and [r.games for r in ratings] == [10, 10]
    assert ratings[0].mu > ratings[1].mu and ratings[0].ordinal > ratings[1].ordinal
    assert all(r.sigma < 25 / 3 for r in ratings)  # more sure than at the start
    assert tournament.rate(games, ["bad", "good"]) == ratings  # the same games, the same ratings
    [meeting] = tournament.head_to_head(games, ["bad", "good"])
    # a game with two good seats and one bad: two meetings
    assert (meeting.met, meeting.a_above, meeting.tied, meeting.b_above) == (20, 5, 0, 15)
    assert meeting.share.value == pytest.approx(0.25)
    wins = {w.level: w for w in tournament.win_rates(games, ["bad", "good"])}
    assert (wins["good"].seat_games, wins["good"].wins, wins["bad"].seat_games) == (15, 10, 15)


def test_levels_that_never_meet_are_shown_as_such():
    """Four levels at two seats: a level meets only its neighbours in the order given."""
    games = [tournament.TournamentGame(i, bots, result([0], [2, 1]))
             for i, bots in enumerate(tournament.seatings(["a", "b", "c", "d"], 2))]
    met = {(m.a, m.b): m.met for m in tournament.head_to_head(games, ["a", "b", "c", "d"])}
    assert met == {("a", "b"): 2, ("a", "c"): 0, ("a", "d"): 2, ("b", "c"): 2, ("b", "d"): 0, ("c", "d"): 2}
    data = tournament.summary(games, ["a", "b", "c", "d"], 2)
    never = next(m for m in data["head_to_head"] if (m["a"], m["b"]) == ("a", "c"))
    assert never["a_share"] is None and never["a_share_ci"] == [None, None]


def test_a_tournament_of_three_levels_is_charted_in_its_report(tmp_path, capsys):
    from sherwood_tui import commands

    page = tmp_path / "tour.html"
    assert commands.run(["tournament", "bleeding-sherwood", "--bots", "random,sensible,expert:2", "--games", "6",
                         "--jobs", "1", "--report", str(page)]) == 0
    capsys.readouterr()
    html = page.read_text()
    assert html.count("<svg") == 2 and 'aria-label="OpenSkill rating per level"' in html
    assert 'aria-label="Win rate per level"' in html and "Head to head" in html
    assert "http://" not in html.replace("http://www.w3.org", "") and "https://" not in html
    assert commands.run(["tournament", "bleeding-sherwood", "--bots", "random,sensible", "--report",
                         str(tmp_path / "no" / "t.html")]) == 2


def test_a_tournament_plays_on_your_own_data_file(tmp_path, capsys):
    """`--assets FILE`: the games are played on that file (here a lower winning score:
    shorter games), its name is in the header and its fingerprint in the records; a bad
    file is one line naming it, exit 2, nothing played."""
    data = json.loads(commands_output("assets", "bleeding-sherwood", "--export"))
    data["winning_score"] = 40
    own = tmp_path / "short.json"
    own.write_text(json.dumps(data), encoding="utf-8")
    records = tmp_path / "runs.sqlite"
    common = ("bleeding-sherwood", "--bots", "random,sensible", "--players", "2", "--games", "4", "--jobs", "1", "--json")
    assert tourney(*common, "--records", str(records)) == 0
    assert tourney(*common, "--assets", str(own), "--records", str(records)) == 0
    built_in, short = (json.loads(part) for part in split_json(capsys.readouterr().out))
    assert short["assets"] == str(own) and "assets" not in built_in
    with sqlite3.connect(records) as db:
        prints = [row[0] for row in db.execute("SELECT data_fingerprint FROM runs ORDER BY id")]
        rounds = [row[0] for row in db.execute("SELECT AVG(g.rounds) FROM games g GROUP BY g.run ORDER BY g.run")]
    assert prints[0] != prints[1] and rounds[1] < rounds[0]
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert tourney(*common, "--assets", str(bad)) == 2
    err = capsys.readouterr().err
    assert err.startswith("sherwood-tui tournament: --assets: ") and err.count("\n") == 1


def commands_output(*args: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert commands.run(list(args)) == 0
    return out.getvalue()


def split_json(text: str) -> list[str]:
    """Two JSON documents printed one after the other."""
    decoder, parts, at = json.JSONDecoder(), [], 0
    while at < len(text.rstrip()):
        while text[at].isspace():
            at += 1
        found, end = decoder.raw_decode(text, at)
        parts.append(text[at:end])
        at = end
    return parts
