"""The expert's search (core/search.py) on the toy game: it plays from a seat's view,
weighs whole decisions on shared worlds, finds the winning one, plans its own later
decisions, and gives the same choice for the same seed and budget."""

from __future__ import annotations

import random

from sherwood_tui.core.search import WORLD_SHIFT_VARIABLE, ExpertKit, Search, expert_decision, outcome, widen
from tests.contract_checks import players
from tests.core.pebbles import GAME, Hide, Stop, Take


def rollout(state, seat, rnd, model):
    return rnd.choice(GAME.legal_actions(state, seat))


def whole_decisions(view, legal, model, rnd):
    """Every way to end the turn: take one, two or three (as the heap allows), then stop."""
    take, stop = Take(seat=view.turn), Stop(seat=view.turn)
    if stop in legal and take not in legal:
        return [(stop,)]
    out = []
    for count in range(1, min(3 - view.taken_now, view.heap) + 1):
        if take in legal:
            out.append((take,) * count + (() if count == view.heap else (stop,)))
    if stop in legal:
        out.append((stop,))
    return out


KIT = ExpertKit(candidates=whole_decisions, rollout=rollout, scale=1.0)


def position(heap: int, taken_now: int = 0, pebbles=(0, 0)):
    state = GAME.new_game(players(2), {}, 1)
    for seat in range(2):
        state = GAME.apply(state, Hide(seat=seat, number=0))[0]
    from sherwood_tui.core.draft import evolve

    return evolve(state, heap=heap, taken_now=taken_now, pebbles=pebbles)


def search(state, seed=1, playouts=400, kit=KIT):
    seat = state.turn
    found = Search(GAME, GAME.view(state, seat), kit, seat=seat, legal=GAME.legal_actions(state, seat),
                   rnd=random.Random(seed))
    found.run(playouts)
    return found


def test_the_search_takes_the_last_pebble_when_it_can():
    state = position(heap=1)
    assert search(state).choices()[0].move == Take(seat=0)


def test_the_search_stops_when_it_must():
    """Three taken this turn: the only move is to stop."""
    state = position(heap=2, taken_now=3)
    assert search(state).choices()[0].move == Stop(seat=0)


def test_a_choice_names_the_rest_of_its_decision_and_its_chance():
    state = position(heap=3, pebbles=(0, 2))  # taking all three wins
    best = search(state, playouts=600).choices()[0]
    assert best.decision == (Take(seat=0),) * 3 + (Stop(seat=0),) or best.decision[:3] == (Take(seat=0),) * 3
    assert 0.5 < best.wins <= 1.0


def test_same_seed_and_budget_same_decision():
    state = position(heap=7)
    seat, legal = 0, GAME.legal_actions(state, 0)
    decide = lambda seed: expert_decision(GAME, GAME.view(state, seat), KIT, seat=seat, legal=legal,
                                          rnd=random.Random(seed), playouts=200)
    assert decide(5) == decide(5) and len(decide(5)) >= 1


def test_every_open_candidate_is_played_on_the_same_worlds():
    """Common random numbers: in sequential halving's first phase every candidate opened
    is played on the same worlds, so each has as many playouts as the others."""
    state = position(heap=7)
    found = search(state, playouts=60)
    first = [s.visits for s in found.stats[: widen(60)]]
    assert min(first) >= 60 // (len(first) * 2) and min(first) > 0


def test_the_root_opens_more_candidates_as_the_budget_grows():
    assert widen(4) == 3 and widen(400) == 30 and widen(1) == 2


def test_a_lone_legal_move_needs_no_search():
    state = position(heap=2, taken_now=3)
    legal = GAME.legal_actions(state, 0)
    assert expert_decision(GAME, GAME.view(state, 0), KIT, seat=0, legal=legal, rnd=random.Random(1),
                           playouts=10 ** 6) == (Stop(seat=0),)


def test_the_score_tells_a_close_loss_from_a_rout():
    """The reward's margin half never flattens: losing by less scores more, far behind too."""
    state = position(heap=7)
    from sherwood_tui.core.draft import evolve

    close = outcome(GAME, evolve(state, pebbles=(0, 1)), 0, 1.0)[1]
    far = outcome(GAME, evolve(state, pebbles=(0, 20)), 0, 1.0)[1]
    farther = outcome(GAME, evolve(state, pebbles=(0, 40)), 0, 1.0)[1]
    assert close > far > farther > 0


def test_pressing_scores_the_margin_alone():
    """A kit's `press`: the win drops out of the reward, the margin (at its scale) is all."""
    state = position(heap=7)
    from sherwood_tui.core.draft import evolve

    ahead = evolve(state, pebbles=(5, 1))
    assert outcome(GAME, ahead, 0, 1.0, press=4.0) == (outcome(GAME, ahead, 0, 1.0)[0], 0.5 + 0.5 * 1.0 / 2.0)
    further = outcome(GAME, evolve(state, pebbles=(9, 1)), 0, 1.0, press=4.0)[1]
    assert further > outcome(GAME, ahead, 0, 1.0, press=4.0)[1]


def tallies(found):
    return [(s.visits, s.wins, s.reward) for s in found.stats]


def plan_keys(stats, out):
    """Every key the seat's plan nodes were kept under, below `stats`."""
    for key, plan in (stats.below or {}).items():
        out.add(key)
        for child in plan.children.values():
            plan_keys(child, out)
    return out


def test_a_plan_key_that_tells_nothing_apart_searches_as_the_open_loop():
    state = position(heap=9)
    one_node = ExpertKit(candidates=whole_decisions, rollout=rollout, scale=1.0, plan_key=lambda state, seat: 0)
    assert tallies(search(state, kit=one_node)) == tallies(search(state))


def test_a_plan_key_keeps_the_seats_later_decisions_apart_by_what_it_has_seen():
    """Closed loop: the seat's next decision gets a node for each heap it finds there."""
    state = position(heap=12)
    by_heap = ExpertKit(candidates=whole_decisions, rollout=rollout, scale=1.0,
                        plan_key=lambda state, seat: state.heap)
    found = search(state, kit=by_heap)
    keys = set().union(*(plan_keys(s, set()) for s in found.stats))
    assert len(keys) > 1
    assert plan_keys(search(state).stats[0], set()) <= {None}


def test_a_kit_that_never_presses_searches_as_the_default():
    state = position(heap=9)
    never = ExpertKit(candidates=whole_decisions, rollout=rollout, scale=1.0, press=lambda model: None)
    assert tallies(search(state, kit=never)) == tallies(search(state))


def test_the_world_shift_moves_every_search_onto_other_worlds(monkeypatch):
    """An A/A measure's lever: the same search, its world seeds shifted."""
    state = position(heap=9)
    base = search(state).base
    monkeypatch.setenv(WORLD_SHIFT_VARIABLE, "1000")
    assert search(state).base == base + 1000
