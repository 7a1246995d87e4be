"""`simulate --sweep FIELD=V1,V2,...` and `--compare` with three files or more: every
variant against the first in one table, with Holm's correction over all its tests
(issue 25)."""

from __future__ import annotations

import json
import sqlite3

import pytest

from sherwood_tui import catalog, commands
from sherwood_tui.workbench.sweep import parse_sweep, steps, variants, with_value


def simulate(capsys, *args: str) -> tuple[int, str, str]:
    code = commands.run(["simulate", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_field_paths_reach_keys_indexes_and_nested_fields():
    assert steps("starting_gold") == ["starting_gold"]
    assert steps("peasants[3].value") == ["peasants", 3, "value"]
    assert steps("sheriff_turns.4") == ["sheriff_turns", "4"]
    data = {"a": [{"b": 1}, {"b": 2}], "c": {"4": 2}}
    assert with_value(data, "a[1].b", 9) == {"a": [{"b": 1}, {"b": 9}], "c": {"4": 2}} and data["a"][1]["b"] == 2
    with pytest.raises(ValueError, match="no field d"):
        with_value(data, "d", 1)  # a sweep never adds a field
    with pytest.raises(ValueError, match=r"no item \[5\]"):
        with_value(data, "a[5].b", 1)


def test_a_grid_is_every_combination_named_field_by_field():
    info = catalog.get("sheriff")
    base = json.loads(__import__("sherwood_tui.core.assets", fromlist=["x"]).builtin_text(info.asset))
    made = variants(info, base, [parse_sweep("starting_gold=30,50"), parse_sweep("hand_size=5,6")])
    assert [v.name for v in made] == ["starting_gold=30, hand_size=5", "starting_gold=30, hand_size=6",
                                      "starting_gold=50, hand_size=5", "starting_gold=50, hand_size=6"]
    assert json.loads(made[1].text)["starting_gold"] == 30 and json.loads(made[1].text)["hand_size"] == 6


def test_a_sweep_of_three_values_is_one_table_against_the_first_and_goes_to_records(capsys, tmp_path):
    records = tmp_path / "sweep.sqlite"
    code, out, _ = simulate(capsys, "sheriff", "--players", "3", "--games", "12", "--jobs", "1",
                            "--sweep", "starting_gold=30,50,70", "--json", "--records", str(records))
    assert code == 0
    data = json.loads(out)
    assert [v["name"] for v in data["variants"]] == ["starting_gold=30", "starting_gold=50", "starting_gold=70"]
    rows = {(m["variant"], m["measure"]): m for m in data["measures"]}
    # with gold to spare the sensible bots play the same game: 20 more gold, 20 more points
    for seat in (1, 2, 3):
        more = rows[("starting_gold=70", f"score.seat{seat}")]["diff"] - rows[("starting_gold=50", f"score.seat{seat}")]["diff"]
        assert more == pytest.approx(20.0)
    assert rows[("starting_gold=70", "score.seat2")]["beyond_noise"] is True
    db = sqlite3.connect(records)
    assert db.execute("SELECT variant, COUNT(*) FROM games GROUP BY variant ORDER BY variant").fetchall() == [
        ("starting_gold=30", 12), ("starting_gold=50", 12), ("starting_gold=70", 12)]
    code, out, _ = simulate(capsys, "sheriff", "--players", "3", "--games", "12", "--jobs", "1",
                            "--sweep", "starting_gold=30,50,70")
    assert code == 0 and "Every variant against the first (starting_gold=30)" in out
    assert "Holm's" in " ".join(out.split()) and "each row is a seat at one value of starting_gold" in " ".join(out.split())
    report = tmp_path / "sweep.html"
    code, out, _ = simulate(capsys, "sheriff", "--players", "3", "--games", "6", "--jobs", "1", "--csv",
                            "--sweep", "starting_gold=30,50", "--report", str(report))
    assert code == 0 and out.splitlines()[0].startswith("measure,variant,first,value,diff,low,high,beyond_noise,paired,")
    assert report.read_text().count("<html") == 1


def test_three_files_compare_each_against_the_first(capsys, tmp_path):
    files = []
    for name, gold in (("base.json", 50), ("poor.json", 30), ("rich.json", 70)):
        path = tmp_path / name
        assert commands.run(["assets", "sheriff", "--export", str(path)]) == 0
        data = json.loads(path.read_text())
        data["starting_gold"] = gold
        path.write_text(json.dumps(data))
        files.append(str(path))
    records, page = tmp_path / "three.sqlite", tmp_path / "three.html"
    code, out, _ = simulate(capsys, "sheriff", "--players", "3", "--games", "8", "--jobs", "1", "--json",
                            "--compare", *files, "--records", str(records), "--report", str(page))
    assert code == 0
    data = json.loads(out)
    assert [v["name"] for v in data["variants"]] == ["base.json", "poor.json", "rich.json"]
    rows = {(m["variant"], m["measure"]): m["diff"] for m in data["measures"]}
    assert rows[("rich.json", "score.seat1")] == 20.0 and rows[("poor.json", "score.seat1")] < 0
    assert sqlite3.connect(records).execute("SELECT variant, COUNT(*) FROM games GROUP BY variant ORDER BY variant"
                                            ).fetchall() == [("base.json", 8), ("poor.json", 8), ("rich.json", 8)]
    html = page.read_text()
    assert html.count("<svg") >= 4 and 'aria-label="Win rate per seat"' in html  # each measure across the files too


@pytest.mark.parametrize(("sweep", "says"), [
    ("starting_gold", "--sweep takes FIELD=V1,V2"),
    ("starting_gold=30", "give two values or more"),
    ("starting_gold=30,30", "a value is given twice"),
    ("gold=30,50", "has no field gold"),
    ("starting_gold=30,lots", "--sweep starting_gold=lots"),
    ("favours[99]=a,b", r"no item [99]"),
])
def test_a_bad_sweep_gets_one_line_and_nothing_is_played(capsys, sweep, says):
    code, out, err = simulate(capsys, "sheriff", "--players", "3", "--games", "2", "--sweep", sweep)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and says in err, err
