"""The sensible Sherwood bot: legal moves only, better than random at towns and at
staying out of prison; the simulator plays and counts Sherwood games."""

from __future__ import annotations

import random
from collections import Counter

from sherwood_tui.core.bots import bot_action, decide
from sherwood_tui.core.contract import Player
from sherwood_tui.core.steps import as_moves
from sherwood_tui.games.sherwood import GAME
from sherwood_tui.games.sherwood.rules.bot import sensible
from sherwood_tui.workbench.engine import run
from sherwood_tui.workbench.summary import summarise


def seats(bots) -> list[Player]:
    return [Player(name=f"Seat {i + 1}", bot=b) for i, b in enumerate(bots)]


def decided(state, decision):
    """The state after a decision (a move, or its small moves in turn)."""
    for move in as_moves(decision):
        state, _ = GAME.apply(state, move)
    return state


def test_the_bot_only_makes_legal_moves_in_mixed_games():
    mixes = [("sensible", "random"), ("random", "sensible", "sensible"),
             ("sensible", "random", "sensible", "random"), ("sensible",) * 4]
    for seed in range(12):
        bots = mixes[seed % len(mixes)]
        options = {"camp_needs_town": seed % 3 == 0}
        state, _ = GAME.start(seats(bots), options, seed)
        rnd = random.Random(seed)
        steps = 0
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            if bots[seat] == "sensible":
                decision = as_moves(sensible(GAME.view(state, seat), legal, rnd))
                for move in decision:  # each of its moves is among the legal ones then
                    assert move in GAME.legal_actions(state, seat), move
                    state, _ = GAME.apply(state, move)
                    steps += 1
            else:
                state, _ = GAME.apply(state, rnd.choice(legal))
                steps += 1
            assert steps < 1500
        assert state.king and GAME.winners(state)


def test_the_bot_is_deterministic_given_its_random_source():
    state, _ = GAME.start(seats(("sensible",) * 3), {}, 5)
    rnd = random.Random(5)
    for _ in range(60):
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)[0]
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        first = decide(GAME, "sensible", view, legal, random.Random(11))
        assert decide(GAME, "sensible", view, legal, random.Random(11)) == first
        state = decided(state, bot_action(GAME, state, seat, "sensible", rnd))


def test_the_bot_wins_towns_and_stays_out_of_prison_better_than_random():
    got: dict[str, Counter] = {"sensible": Counter(), "random": Counter()}
    for seed in range(24):
        n = 3
        bots = ["random"] * n
        bots[seed % n] = "sensible"  # the sensible seat moves round the table
        state, _ = GAME.start(seats(bots), {}, seed)
        rnd = random.Random(seed)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            before = state
            state = decided(state, bot_action(GAME, state, seat, bots[seat], rnd))
            reveal = state.reveal
            if reveal is not None and reveal.captured and (
                    before.reveal is None or before.reveal.turn != reveal.turn or not before.reveal.captured):
                for s in reveal.captured:
                    got[bots[s]]["captured"] += len(reveal.parties[s].members)
        for s in range(n):
            got[bots[s]]["seats"] += 1
            got[bots[s]]["towns"] += sum(1 for owner in state.towns if owner == s)
            got[bots[s]]["popularity"] += state.popularity[s]
    per_seat = {level: {k: c[k] / c["seats"] for k in c} for level, c in got.items()}
    bot, rand = per_seat["sensible"], per_seat["random"]
    assert bot["towns"] > 1.5 * rand["towns"], per_seat
    assert bot["popularity"] > 2 * rand["popularity"], per_seat
    # It wins far more missions, yet loses fewer characters to the Sheriff, and far fewer
    # for each town it wins.
    assert bot["captured"] < 0.8 * rand["captured"], per_seat
    assert bot["captured"] / bot["towns"] < 0.4 * rand["captured"] / rand["towns"], per_seat


def test_simulate_plays_sherwood_and_counts_missions_and_prisoners():
    bots = ["sensible", "random", "sensible"]
    results = run("sherwood", 3, 6, 3, bots, {})
    assert [r.seed for r in results] == [3, 4, 5, 6, 7, 8]
    summary = summarise(results, bots)
    assert summary["games"] == 6 and summary["endings"] == {"complete": 6}
    counts = summary["counts_per_game"]
    for key in ("missions failed: tie", "prisoners taken", "prisoners freed: by the Sheriff",
                "King Richard favours", "missions won: Champion", "missions won: Companion"):
        assert key in counts, key
    for r in results:
        won = sum(v for k, v in r.counts.items() if k.startswith("missions won"))
        failed = sum(v for k, v in r.counts.items() if k.startswith("missions failed"))
        assert won + failed >= r.rounds - 1  # every turn but King Richard's lays missions
        freed = sum(v for k, v in r.counts.items() if k.startswith(("prisoners freed", "breakouts")))
        assert freed <= r.counts.get("prisoners taken", 0)
        assert r.counts.get("King Richard favours", 0) <= 3
    assert summarise(run("sherwood", 3, 6, 3, bots, {}), bots) == summary  # the same seeds, the same games
