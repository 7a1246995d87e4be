"""Players known by name (table/people.py, workbench/people.py): a key registers a name
once, within the one limit; each finished game is recorded once per player, with wins
and an OpenSkill rating per game, in the workbench's records file."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from sherwood_tui import catalog
from sherwood_tui.core.bots import bot_action
from sherwood_tui.core.contract import NAME_LIMIT, Player
from sherwood_tui.core.saves import new_save_path
from sherwood_tui.core.session import Session
from sherwood_tui.table.host import TableHost
from sherwood_tui.table.people import PeopleError, TablePeople, record_line
from sherwood_tui.workbench.people import PeopleBook

ROBIN, MARIAN = "SHA256:robin-key", "SHA256:marian-key"


def finished_session(names: list[str], bots: dict[int, str] | None = None, seed: int = 3) -> Session:
    """A Bleeding Sherwood game played to its end by random moves at every seat."""
    bots = bots or {}
    game = catalog.get("bleeding-sherwood").load()
    session = Session(game, [Player(name=name, bot=bots.get(seat)) for seat, name in enumerate(names)], {}, seed)
    rnd = random.Random(seed)
    while not session.is_over:
        seat = game.to_act(session.state)[0]
        session.submit(bot_action(game, session.state, seat, "random", rnd))
    return session


def test_a_key_registers_a_name_once_and_is_found_by_it(tmp_path: Path) -> None:
    people = TablePeople(tmp_path / "people.sqlite")
    assert people.lookup(ROBIN) is None
    robin = people.register(ROBIN, "Robin")
    assert people.lookup(ROBIN) == robin
    with pytest.raises(PeopleError, match="already known as Robin"):
        people.register(ROBIN, "Hood")


def test_a_name_another_key_holds_is_refused_whatever_its_case(tmp_path: Path) -> None:
    people = TablePeople(tmp_path / "people.sqlite")
    people.register(ROBIN, "Robin")
    with pytest.raises(PeopleError, match="The name ROBIN is taken"):
        people.register(MARIAN, "ROBIN")


@pytest.mark.parametrize(("name", "problem"), [
    ("x" * (NAME_LIMIT + 1), f"at most {NAME_LIMIT} characters"),
    ("---", "needs a letter or a digit"),
    ("", "needs a letter or a digit"),
    ("Rob\x1b[2Jin", "only printable characters"),
])
def test_a_name_over_the_one_limit_is_refused_with_the_reason(tmp_path: Path, name: str, problem: str) -> None:
    with pytest.raises(PeopleError, match=problem):
        TablePeople(tmp_path / "people.sqlite").register(ROBIN, name)


def test_a_finished_table_game_is_recorded_once_for_each_player_with_wins_and_a_rating(tmp_path: Path) -> None:
    session = finished_session(["Robin", "Marian", "Much"], bots={2: "sensible"})
    host = TableHost(session, new_save_path("bleeding-sherwood", tmp_path / "saves"))
    host.claims.seat_keys = {0: ROBIN, 1: MARIAN}
    people = TablePeople(tmp_path / "people.sqlite")
    people.register(ROBIN, "Robin Hood")  # Marian's key has no name: recorded as a local player of her seat's name
    assert people.record(host)
    assert not people.record(host)  # once only
    [robin] = people.summary(ROBIN)
    winners = session.game.winners(session.state)
    assert (robin.game, robin.games) == ("bleeding-sherwood", 1)
    assert robin.wins == (1 / len(winners) if 0 in winners else 0)
    assert robin.sigma < 25 / 3  # rated: less unsure than a newcomer
    assert record_line(robin).startswith("Bleeding Sherwood: 1 game, ")
    with sqlite3.connect(tmp_path / "people.sqlite") as connection:  # the workbench's records, with people
        seats = connection.execute("SELECT seats.seat, seats.bot, people.key FROM seats JOIN played "
                                   "ON played.game = seats.game AND played.seat = seats.seat "
                                   "JOIN people ON people.id = played.person ORDER BY seats.seat").fetchall()
        runs = connection.execute("SELECT game, command FROM runs").fetchall()
    assert seats == [(1, "human", ROBIN), (2, "human", "local:marian"), (3, "sensible", "bot:sensible")]
    assert runs == [("bleeding-sherwood", "table")]


def test_ratings_follow_results_over_games(tmp_path: Path) -> None:
    book = PeopleBook(tmp_path / "people.sqlite")
    for seed in range(6):
        session = finished_session(["Robin", "Marian"], seed=seed)
        assert book.record_game(session, {}, "hot-seat", f"game {seed}")
    robin, marian = book.local("Robin"), book.local("Marian")
    [robin_record], [marian_record] = book.summary(robin), book.summary(marian)
    assert robin_record.games == marian_record.games == 6
    assert robin_record.wins + marian_record.wins == pytest.approx(6)
    better = robin_record if robin_record.wins > marian_record.wins else marian_record
    worse = marian_record if better is robin_record else robin_record
    if better.wins != worse.wins:
        assert better.mu > worse.mu


def test_the_last_line_up_of_each_game_is_remembered(tmp_path: Path) -> None:
    book = PeopleBook(tmp_path / "people.sqlite")
    assert book.last_lineup("sheriff") is None
    players = [Player(name="Robin"), Player(name="Guy", bot="sensible"), Player(name="Marian")]
    book.remember_lineup("sheriff", players, {"no_favours": True})
    assert book.last_lineup("sheriff") == (players, {"no_favours": True})
    assert book.last_lineup("sherwood") is None
