"""The Sheriff expert's kit (rules/expert.py): the table's public record it learns from,
its beliefs, worlds, candidates, rollout and reasons; the restrictions that measure how
it adapts; the per-seat counts of the simulator."""

from __future__ import annotations

import random
from collections import Counter

from sherwood_tui.core.bots import bot_action
from sherwood_tui.core.steps import as_moves
from sherwood_tui.games.sheriff import GAME
from sherwood_tui.games.sheriff.rules import expert
from sherwood_tui.games.sheriff.rules.model import (
    FACE_DOWN,
    NAME,
    Bribe,
    Conduct,
    Declare,
    EndInspection,
    LetPass,
    LoadBag,
    LoadCard,
    OpenBag,
    Threaten,
    judge_bag,
)
from sherwood_tui.games.sheriff.rules.restrictions import RESTRICTIONS
from sherwood_tui.games.sheriff.rules.stats import count_step
from tests.contract_checks import changed

from .sheriff_kit import act, arrange, offer_bribe

HONEST = ["Apples", "Apples"]
LIAR = ["Apples", "Silk"]


def inspection(**extra):
    """Robin the Sheriff; Marian's bag lies (Silk under Apples), Will's is honest."""
    return arrange(n=3, sheriff=0, step="choose", bags={1: LIAR, 2: HONEST},
                   declarations={1: "Apples", 2: "Apples"}, **extra)


def test_the_record_counts_an_opened_lying_bag_for_merchant_and_sheriff():
    state, _ = act(inspection(), OpenBag(seat=0, merchant=1))
    assert state.record[1] == Conduct(bags=1, opened=1, lied=1, confiscated=1)
    assert state.record[0] == Conduct(faced=1, inspected=1)
    assert GAME.public_view(state).record == state.record


def test_the_record_counts_a_bribe_offered_and_refused_and_bags_let_pass():
    state, _ = act(inspection(), Threaten(seat=0, merchant=1))
    state, _ = act(state, offer_bribe(1, Bribe(gold=3)))
    state, _ = act(state, OpenBag(seat=0, merchant=1))
    assert state.record[1].threatened == 1 and state.record[1].offered == 1
    assert state.record[0].bribed == 1 and state.record[0].refused == 1
    state = inspection()
    state, _ = act(state, LetPass(seat=0, merchant=1))
    state, _ = act(state, EndInspection(seat=0))
    assert state.record[0] == Conduct(faced=2)
    assert state.record[1] == Conduct(bags=1) and state.record[2] == Conduct(bags=1)


def test_never_inspects_lets_every_bag_pass_and_always_inspects_opens_every_one():
    state = inspection()
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
    never = RESTRICTIONS["never-inspects"].keep(view, legal)
    assert never and all(isinstance(m, (LetPass, EndInspection)) for m in never)
    always = RESTRICTIONS["always-inspects"].keep(view, legal)
    assert not any(isinstance(m, LetPass) for m in always) and OpenBag(seat=0, merchant=1) in always
    merchant = arrange(n=3, sheriff=0, step="load", hands={1: LIAR})
    legal = GAME.legal_actions(merchant, 1)
    assert RESTRICTIONS["never-inspects"].keep(GAME.view(merchant, 1), legal) == legal


def test_a_sheriff_who_never_inspects_is_never_seen_opening_a_bag():
    rnd = random.Random(2)
    state = GAME.new_game([p for p in _players(4)], {}, 2)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        for move in as_moves(bot_action(GAME, state, seat, "sensible+never-inspects", rnd)):
            state, _ = GAME.apply(state, move)
    assert sum(c.faced for c in state.record) == 24 and sum(c.inspected for c in state.record) == 0


def _players(n):
    from .sheriff_kit import players

    return players(n)


def test_beliefs_learn_a_liar_from_an_honest_merchant_and_a_lax_sheriff_from_a_strict_one():
    state = changed(inspection(), record=(
        Conduct(faced=9, inspected=1), Conduct(bags=4, opened=4, lied=3), Conduct(bags=4, opened=4),
    ))
    beliefs = expert.model(GAME.view(state, 2))
    assert beliefs.lie[1] > expert.LIE_PRIOR > beliefs.lie[2]
    assert beliefs.inspect[0] < expert.INSPECT_PRIOR
    strict = expert.model(GAME.view(changed(state, record=(Conduct(faced=9, inspected=9),) * 3), 2))
    assert strict.inspect[0] > 0.8


def test_face_down_goods_on_a_stand_count_as_smuggled_bags():
    record = (Conduct(), Conduct(bags=3), Conduct(bags=3))
    state = changed(arrange(n=3, sheriff=0, step="choose", down={1: ["Silk", "Pepper", "Mead"]}), record=record)
    beliefs = expert.model(GAME.view(state, 0))
    assert beliefs.lie[1] > expert.LIE_PRIOR > beliefs.lie[2]


def test_worlds_deal_bags_by_each_merchants_believed_honesty():
    state = changed(inspection(), record=(Conduct(), Conduct(bags=6, opened=6, lied=6), Conduct(bags=6, opened=6)))
    view = GAME.view(state, 0)
    beliefs = expert.model(view)
    honest = Counter()
    for i in range(200):
        world = expert.sample(view, beliefs, random.Random(i))
        for m in (1, 2):
            honest[m] += judge_bag(world.bags[m], world.declarations[m]).honest
    assert honest[2] > 170 and honest[1] < 60


def test_a_merchants_candidates_hold_every_honest_bag_and_contraband_mixes_the_bots_first():
    state = arrange(n=4, sheriff=0, step="load", hands={1: ["Apples", "Apples", "Cheese", "Silk", "Pepper", "Bread"]})
    view, legal = GAME.view(state, 1), GAME.legal_actions(state, 1)
    rnd = random.Random(1)
    found = expert.candidates(view, legal, expert.model(view), rnd)
    bags = [Counter(NAME[m.card] for m in c if isinstance(m, LoadCard)) for c in found]
    assert all(isinstance(c[-1], LoadBag) for c in found)
    assert Counter(NAME[m.card] for m in as_moves(_sensible(view, legal)) if isinstance(m, LoadCard)) == bags[0]
    assert 1 < len(found) <= expert.MAX_CANDIDATES  # the best of them by the prior
    every = [Counter(NAME[c] for c in cards) for cards in expert.bags(view)]
    for honest in ({"Apples": 1}, {"Apples": 2}, {"Cheese": 1}, {"Bread": 1}):
        assert Counter(honest) in every
    for mix in ({"Silk": 1}, {"Silk": 1, "Pepper": 1}, {"Silk": 1, "Apples": 2}, {"Silk": 1, "Pepper": 1, "Apples": 2}):
        assert Counter(mix) in every


def _sensible(view, legal):
    from sherwood_tui.games.sheriff.rules.bot import sensible

    return sensible(view, legal, random.Random(1))


def test_a_lax_sheriff_puts_contraband_first_a_strict_one_honest_bags():
    hand = ["Apples", "Apples", "Apples", "Silk", "Pepper", "Bread"]
    for inspected, smuggles in ((0, True), (12, False)):
        state = changed(arrange(n=4, sheriff=0, step="load", hands={1: hand}),
                        record=(Conduct(faced=12, inspected=inspected), Conduct(), Conduct(), Conduct()))
        view, legal = GAME.view(state, 1), GAME.legal_actions(state, 1)
        found = expert.candidates(view, legal, expert.model(view), random.Random(1))
        second = found[1]  # after the sensible bot's own
        assert any(FACE_DOWN[m.card] for m in second if isinstance(m, LoadCard)) is smuggles


def test_the_declaration_that_fits_comes_first_and_bribes_come_in_several_sizes():
    state = arrange(n=3, sheriff=0, step="declare", bags={1: LIAR}, hands={1: ["Cheese"]})
    view, legal = GAME.view(state, 1), GAME.legal_actions(state, 1)
    assert expert.candidates(view, legal, expert.model(view), random.Random(1))[0] == (
        Declare(seat=1, good="Apples", count=2),)  # the core adds every other declaration
    state, _ = act(inspection(), Threaten(seat=0, merchant=1))
    view, legal = GAME.view(state, 1), GAME.legal_actions(state, 1)
    offers = expert.candidates(view, legal, expert.model(view), random.Random(1))
    golds = {m.amount for c in offers for m in c if type(m).__name__ == "BribeGold"}
    assert {1, 2, 3, 5, 8} <= golds and (offers[1][-1].type == "offer")
    assert any(len(c) == 1 for c in offers)  # nothing at all


def test_a_sheriff_in_a_rollout_never_reads_the_bag():
    state = inspection()
    beliefs = expert.model(GAME.view(state, 1))
    swapped = changed(state, bags=(state.bags[0], state.bags[2], state.bags[1]))
    for seed in range(30):
        assert expert.rollout(state, 0, random.Random(seed), beliefs) == expert.rollout(
            swapped, 0, random.Random(seed), beliefs)


def test_the_kit_reads_the_seats_view_alone_at_every_kind_of_decision():
    """Scrambling every secret the seat cannot see changes none of the kit's parts: its
    beliefs, candidates, worlds (with the same seed) and reason."""
    rnd = random.Random(5)
    state = GAME.new_game(_players(4), {}, 5)
    steps_seen = set()
    k = 0
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        if len(legal) > 1:
            scrambled = GAME.scramble_secrets(state, seat, k)
            mine, theirs = GAME.view(state, seat), GAME.view(scrambled, seat)
            beliefs = expert.model(mine)
            assert beliefs == expert.model(theirs)
            assert expert.candidates(mine, legal, beliefs, random.Random(k)) == expert.candidates(
                theirs, GAME.legal_actions(scrambled, seat), beliefs, random.Random(k))
            assert expert.sample(mine, beliefs, random.Random(k)) == expert.sample(theirs, beliefs, random.Random(k))
            steps_seen.add(state.step)
        for move in as_moves(bot_action(GAME, state, seat, "sensible", rnd)):
            state, _ = GAME.apply(state, move)
        k += 1
    assert {"set_aside", "draw", "place", "load", "declare", "choose", "offer", "decide"} <= steps_seen


def test_reasons_name_the_record():
    state = changed(inspection(), record=(Conduct(faced=9, inspected=1), Conduct(bags=4, opened=4, lied=3), Conduct()))
    sheriff_view = GAME.view(state, 0)
    beliefs = expert.model(sheriff_view)
    assert expert.reason(sheriff_view, beliefs, (OpenBag(seat=0, merchant=1),)) == "Marian lied in 3 of 4 opened bags"
    unopened = changed(state, record=(Conduct(), Conduct(bags=1), Conduct(bags=3)))
    assert expert.reason(GAME.view(unopened, 0), beliefs, (LetPass(seat=0, merchant=2),)) == (
        "none of Will's 3 bags has been opened")
    unopened = changed(state, record=(Conduct(), Conduct(bags=1), Conduct(bags=3)))
    assert expert.reason(GAME.view(unopened, 0), beliefs, (LetPass(seat=0, merchant=2),)) == (
        "none of Will's 3 bags has been opened")
    merchant = arrange(n=3, sheriff=0, step="load", hands={1: LIAR})
    merchant = changed(merchant, record=(Conduct(faced=9, inspected=1), Conduct(), Conduct()))
    view = GAME.view(merchant, 1)
    assert expert.reason(view, expert.model(view), (LoadBag(seat=1),)) == "Robin inspected 1 of 9 bags"


def test_search_totals_count_face_down_goods_and_break_ties_by_goods_on_the_stand():
    state = arrange(n=3, sheriff=0, step="choose", up={1: ["Apples", "Apples"]}, down={2: ["Silk"]},
                    gold={0: 0, 1: 0, 2: 0})
    totals = GAME.search_totals(state)
    assert totals[1] == 4 + 20 + 0.002  # two Apples and the Apples King, 2 goods face up
    assert totals[2] == 8 + 0.000001  # the Silk face down counts, as at the end


def test_per_seat_counts_say_who_loaded_lied_faced_and_opened():
    counts: Counter = Counter()
    before = inspection()
    after, events = act(before, OpenBag(seat=0, merchant=1))
    count_step(counts, before, OpenBag(seat=0, merchant=1), after, events)
    assert counts["seat 2 bags loaded"] == 1 and counts["seat 2 lying bags"] == 1
    assert counts["seat 1 bags faced as Sheriff"] == 1 and counts["seat 1 bags opened as Sheriff"] == 1
    assert "seat 1 bags opened as Sheriff later" not in counts  # round 1: its first Sheriff round
    later = changed(before, round=4)
    after, events = act(later, LetPass(seat=0, merchant=2))
    count_step(counts, later, LetPass(seat=0, merchant=2), after, events)
    assert counts["seat 3 bags loaded"] == 1 and "seat 3 lying bags" not in counts
    assert counts["seat 1 bags faced as Sheriff later"] == 1


def test_a_draw_candidate_refills_the_whole_hand_at_once():
    """Every discard pile is in view: nothing is learnt before the draw pile is used, so
    each candidate takes some tops of either pile, then the draw pile up to six cards."""
    state = arrange(n=3, sheriff=0, step="draw", hands={1: ["Cheese", "Cheese"]},
                    discards=(["Apples", "Cheese"], ["Mead", "Chickens"]))
    view, legal = GAME.view(state, 1), GAME.legal_actions(state, 1)
    found = expert.candidates(view, legal, expert.model(view), random.Random(1))
    assert len(found) > 4 and all(len(c) == 4 for c in found)
    assert all(m.from_discard is None for c in found for m in c[next((i for i, m in enumerate(c) if m.from_discard is None), 4):])
    taken = [(sum(m.from_discard == 0 for m in c), sum(m.from_discard == 1 for m in c)) for c in found]
    assert (2, 2) in taken and (0, 0) in taken and (1, 0) in taken
    for candidate in found:
        after, _ = act(state, candidate)
        assert len(after.hands[1]) == 6
