"""Bleeding Sherwood's expert kit (`rules/expert.py`): the table's public record of bids,
the worlds it samples (a discarded Goode never comes back into a hand), its beliefs,
candidates, quick rollout and reasons, and the totals a cut-off playout is scored by."""

from __future__ import annotations

import random
from dataclasses import replace

from sherwood_tui.core.bots import bot_action
from sherwood_tui.core.contract import Player
from sherwood_tui.core.steps import as_moves
from sherwood_tui.core.wording import count
from sherwood_tui.games.bleeding_sherwood import GAME
from sherwood_tui.games.bleeding_sherwood.rules import expert
from sherwood_tui.games.bleeding_sherwood.rules.bot import sensible
from sherwood_tui.games.bleeding_sherwood.rules.expert import BidHistory
from sherwood_tui.games.bleeding_sherwood.rules.model import Pass, TakeBid, TakeTarget, bid_total
from sherwood_tui.games.bleeding_sherwood.rules.scoring import search_totals

NAMES = ("Robin", "Marian", "Much", "Will")


def sensible_states(seed: int, n: int = 4, levels: tuple[str, ...] = ()) -> list:
    """Every state of a seeded game of sensible bots (or of `levels`, seat by seat)."""
    levels = levels or ("sensible",) * n
    rnd = random.Random(seed)
    state = GAME.new_game([Player(name=NAMES[i]) for i in range(n)], {}, seed)
    seen = [state]
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        for move in as_moves(bot_action(GAME, state, seat, levels[seat], rnd)):
            state, _ = GAME.apply(state, move)
            seen.append(state)
    return seen


def test_the_table_records_each_rounds_bids_as_bidding_closes():
    for before, after in zip(sensible_states(1), sensible_states(1)[1:]):
        if before.phase == "bidding" and after.phase == "collecting":
            assert after.table.rounds_bid == before.table.rounds_bid + ((after.bids, tuple(map(len, after.hands))),)
        elif after.phase != "over":
            assert after.table.rounds_bid == before.table.rounds_bid


def test_a_seats_bid_history_counts_the_rounds_it_held_goodes():
    state = sensible_states(1)[-1]
    view = GAME.view(state, 0)
    for seat, seen in enumerate(expert.histories(view)):
        rounds = [(bids[seat], held[seat]) for bids, held in state.table.rounds_bid if bids[seat] or held[seat]]
        assert seen.rounds == len(rounds) == seen.zero + seen.one + seen.more
        assert seen.one == sum(1 for bid, _ in rounds if len(bid) == 1)
        assert seen.value == sum(bid_total(bid) for bid, _ in rounds)


def test_the_goodes_seen_taken_into_a_hand_are_known_until_bid():
    for state in sensible_states(2):
        for seat, known in enumerate(state.known):
            in_bid = set(state.bids[seat]) if state.phase == "bidding" else set()
            assert set(known) - in_bid <= set(state.hands[seat])
            assert set(known) <= state.revealed | set().union(*(t.goodes for t in state.targets)) | set(state.hands[seat])


def test_a_sampled_world_never_deals_a_discarded_goode_into_a_hand():
    states = sensible_states(3)
    checked = 0
    for state in states[len(states) // 2 :: 5]:
        if GAME.is_over(state) or not state.goode_discard:
            continue
        view = GAME.view(state, 0)
        for k in range(5):
            world = GAME.determinize(view, random.Random(k))
            in_hands = {g for hand in world.hands for g in hand}
            assert not in_hands & set(state.goode_discard)
            assert world.goode_discard == state.goode_discard
            for seat in range(1, 4):  # what the table saw a seat take stays in its hand
                assert set(state.known[seat]) - set(state.bids[seat]) <= set(world.hands[seat])
            checked += 1
    assert checked > 10


def test_beliefs_learn_a_one_card_bidder():
    states = sensible_states(4, levels=("sensible", "sensible+one-card", "sensible", "sensible"))
    state = next(s for s in states if expert.histories(GAME.view(s, 0))[1].one >= 4)
    view = GAME.view(state, 0)
    beliefs = expert.model(view)
    assert beliefs.bidders[0] is expert.NEUTRAL
    assert expert.histories(view)[1].more == 0 and beliefs.bidders[1].raise_odds < 0.6
    assert expert.reason(view, beliefs, (Pass(seat=0),)).startswith("Marian never bid more than one card")


def test_beliefs_start_near_a_sensible_bidder_and_a_second_goode_rules_out_a_one_card_bidder():
    fresh = expert.bidder_of(BidHistory())
    assert fresh.raise_odds == 1.0 - expert.ONE_CARD_PRIOR and fresh.pass_odds == 0.0
    one_card = [expert.bidder_of(BidHistory(rounds=n, one=n)).raise_odds for n in range(8)]
    assert one_card == sorted(one_card, reverse=True) and one_card[-1] < 0.3
    assert expert.bidder_of(BidHistory(rounds=8, one=7, more=1)).raise_odds == 1.0


def test_the_press_is_on_only_when_every_opponent_looks_a_one_card_bidder():
    """Against bidders who never add a second Goode its win is safe: it would play for the margin."""
    one_card = expert.bidder_of(BidHistory(rounds=2, one=2))
    sensible_bidder = expert.bidder_of(BidHistory(rounds=2, one=1, more=1))
    fresh = expert.bidder_of(BidHistory())
    press = expert.press
    assert press(expert.Beliefs(0, (expert.NEUTRAL, one_card, one_card, one_card))) == expert.PRESS_SCALE
    assert press(expert.Beliefs(0, (expert.NEUTRAL, one_card, sensible_bidder, one_card))) is None
    assert press(expert.Beliefs(0, (expert.NEUTRAL, fresh, fresh, fresh))) is None  # nothing seen yet


def test_the_press_reads_one_card_bidders_from_the_table_and_not_sensible_bots():
    one_card = sensible_states(4, levels=("sensible",) + ("sensible+one-card",) * 3)
    sensible_only = sensible_states(4)
    late = [states[len(states) * 2 // 3] for states in (one_card, sensible_only)]
    assert [expert.press(expert.model(GAME.view(state, 0))) for state in late] == [expert.PRESS_SCALE, None]


def test_the_quick_rollout_plays_as_the_sensible_bot_for_the_seat_itself():
    for state in sensible_states(5)[:-1]:
        seat = GAME.to_act(state)[0]
        beliefs = expert.Beliefs(seat, (expert.NEUTRAL,) * 4)
        quick = expert.rollout(state, seat, random.Random(7), beliefs)
        assert quick == sensible(GAME.view(state, seat), GAME.legal_actions(state, seat), random.Random(7))


def test_the_quick_rollout_reads_only_what_its_seat_knows():
    beliefs = expert.Beliefs(0, (expert.NEUTRAL, *[expert.bidder_of(BidHistory(rounds=5, one=5))] * 3))
    for k, state in enumerate(sensible_states(6)[:-1:3]):
        seat = GAME.to_act(state)[0]
        scrambled = GAME.scramble_secrets(state, seat, k)
        assert expert.rollout(state, seat, random.Random(k), beliefs) == expert.rollout(
            scrambled, seat, random.Random(k), beliefs)


def test_a_one_card_bidder_in_the_rollout_never_adds_a_second_card():
    beliefs = expert.Beliefs(0, (expert.NEUTRAL, *[expert.Bidder(raise_odds=0.0, pass_odds=0.0)] * 3))
    for k, state in enumerate(sensible_states(7)[:-1]):
        seat = GAME.to_act(state)[0]
        if seat and state.phase == "bidding" and state.bids[seat]:
            assert expert.rollout(state, seat, random.Random(k), beliefs) == Pass(seat=seat)


def test_candidates_are_every_legal_decision_the_sensible_bots_first():
    for k, state in enumerate(sensible_states(8)[:-1:2]):
        seat = GAME.to_act(state)[0]
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        found = expert.candidates(view, legal, expert.model(view), random.Random(k))
        assert sorted(map(repr, found)) == sorted(repr((move,)) for move in legal)
        assert found[0] == (sensible(view, legal, random.Random(k)),)
        if state.phase == "collecting":
            worths = [expert.take_worth(view, d[0]) for d in found]
            assert worths == sorted(worths, reverse=True)
            assert all(isinstance(d[0], (TakeTarget, TakeBid)) for d in found)


def test_search_totals_count_the_goodes_in_hand_as_the_tie_break():
    end = sensible_states(9)[-1]
    totals = search_totals(end)
    points = [line.total for line in GAME.scores(end)]
    assert [round(t) for t in totals] == points
    best = max(totals)
    assert [s for s, t in enumerate(totals) if t == best] == GAME.winners(end)
    tied = [s for s, p in enumerate(points) if p == max(points)]
    if len(tied) > 1:  # the hand breaks the tie
        assert len({totals[s] for s in tied}) > 1 or len(GAME.winners(end)) > 1


def test_the_kit_reads_the_same_when_the_other_seats_secrets_are_scrambled():
    """Beliefs, candidates and sampled worlds come from the seat's view alone: scrambling
    every other seat's secrets (hands, decks) in the real state changes none of them."""
    checked = 0
    for k, state in enumerate(sensible_states(10)[5:-1:4]):
        seat = GAME.to_act(state)[0]
        scrambled = GAME.scramble_secrets(state, seat, k)
        assert scrambled.hands != state.hands or scrambled.goode_deck != state.goode_deck
        found = []
        for real in (state, scrambled):
            view, legal = GAME.view(real, seat), GAME.legal_actions(real, seat)
            beliefs = expert.model(view)
            world = expert.sample(view, beliefs, random.Random(k))
            found.append((beliefs, expert.candidates(view, legal, beliefs, random.Random(k)), world.hands,
                          world.goode_deck, world.peasant_deck))
        assert found[0] == found[1]
        checked += 1
    assert checked > 20


def test_the_plan_key_reads_only_what_its_seat_sees():
    """Closed loop: a later decision's node is kept by the round, the bids on the table and
    who has passed, and the seat's hand size; the other seats' secrets change nothing."""
    for k, state in enumerate(sensible_states(12)[:-1:3]):
        seat = GAME.to_act(state)[0]
        scrambled = GAME.scramble_secrets(state, seat, k)
        assert expert.plan_key(state, seat) == expert.plan_key(scrambled, seat)
    bidding = [s for s in sensible_states(12) if s.phase == "bidding"]
    assert len({expert.plan_key(s, GAME.to_act(s)[0]) for s in bidding}) > len({s.table.round for s in bidding})


def test_closed_loop_the_experts_second_bid_is_searched_in_reply_to_the_others_bids():
    """With its `plan_key` (closed loop, measured, not the default) the kit keeps its plan
    nodes apart by the bids it meets (several keys under a root candidate); the default
    open loop keeps one."""
    from sherwood_tui.core.search import Search

    state = next(s for s in sensible_states(13) if s.phase == "bidding" and GAME.to_act(s)[0] == 0
                 and len(s.hands[0]) >= 4 and not any(s.bids))
    closed_loop = replace(expert.KIT, plan_key=expert.plan_key)
    found = Search(GAME, GAME.view(state, 0), closed_loop, seat=0, legal=GAME.legal_actions(state, 0),
                   rnd=random.Random(1), rounds=1)
    found.run(200)
    keys = {key for stats in found.stats for key in (stats.below or {})}
    assert len(keys) > 1
    found = Search(GAME, GAME.view(state, 0), expert.KIT, seat=0, legal=GAME.legal_actions(state, 0),
                   rnd=random.Random(1), rounds=1)
    found.run(200)
    assert {key for stats in found.stats for key in (stats.below or {})} == {None}


def test_a_takes_reason_says_what_it_brings():
    state = next(s for s in sensible_states(11) if s.phase == "collecting" and any(s.bid_open)
                 and any(t.goodes for t in s.targets))
    seat = GAME.to_act(state)[0]
    view = GAME.view(state, seat)
    beliefs = expert.model(view)
    for move in GAME.legal_actions(state, seat):
        said = expert.reason(view, beliefs, (move,))
        if isinstance(move, TakeBid):
            assert said == f"{count(state.totals[move.owner], 'point')} of Goodes to bid in later rounds"
        elif next(t for t in state.targets if t.peasant == move.peasant).goodes:
            assert said.endswith(" with it to bid in later rounds")
