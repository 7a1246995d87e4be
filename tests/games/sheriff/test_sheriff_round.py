"""Phase 5, the end of a round, the empty draw pile and the end of the game."""

from sherwood_tui.games.sheriff import GAME
from sherwood_tui.games.sheriff.rules.invariants import all_cards
from sherwood_tui.games.sheriff.rules.model import EndInspection, LetPass
from tests.contract_checks import changed

from .sheriff_kit import act, arrange, draw_cards, kinds, new_game, rejects, set_aside_cards, texts


def last_bags(**kw):
    """3 players, Robin (0) is Sheriff, Marian's and Will's bags wait for the Sheriff."""
    spec = dict(
        n=3, sheriff=0, step="choose",
        hands={0: ["Apples"] * 6, 1: ["Cheese"] * 2, 2: ["Chickens"] * 5},
        bags={1: ["Apples"] * 4, 2: ["Silk"]},
        declarations={1: "Apples", 2: "Apples"},
        draw_top=["Mead", "Pepper", "Crossbow", "Silk", "Cheese"],
    )
    spec.update(kw)
    return arrange(**spec)


def test_sheriff_passes_left_at_end_of_round():
    state, events = act(last_bags(), EndInspection(seat=0))
    assert state.sheriff == 1 and state.round == 2
    assert state.step == "set_aside" and state.market_seat == 2  # the new Sheriff's left
    assert "Round 2 of 9: Marian is the Sheriff." in texts(events)
    assert GAME.round_label(state) == "Round 2 of 9 (Sheriff: Marian)"
    state, _ = act(last_bags(sheriff=2, bags={0: ["Apples"], 1: ["Apples"]},
                             declarations={0: "Apples", 1: "Apples"}), EndInspection(seat=2))
    assert state.sheriff == 0  # wraps around the table


def test_hands_refill_to_six_from_draw_pile_at_end_of_round():
    state = last_bags(discards=(["Apples"], ["Pepper"]))
    after, events = act(state, EndInspection(seat=0))
    assert [len(h) for h in after.hands] == [6, 6, 6]
    # the new Sheriff (Marian) draws first: the top four cards, then Will one
    assert kinds(after.hands[1][2:]) == ["Cheese", "Silk", "Crossbow", "Pepper"]
    assert kinds(after.hands[2][5:]) == ["Mead"]
    assert after.hands[0] == state.hands[0]  # the outgoing Sheriff already has six
    assert after.discards == state.discards  # never from the discard piles
    assert "Hands are refilled from the draw pile: Marian 4, Will 1." in texts(events)


def test_round_end_event_summarises_the_round():
    state = last_bags()
    state, _ = act(state, LetPass(seat=0, merchant=2))
    state, events = act(state, EndInspection(seat=0))
    (end,) = [e for e in events if e.kind == "round_end"]
    assert end.text.startswith(
        "Round 1 of 9 ends (Sheriff: Robin). Will passed (declared 1 Apple) with no bribe; "
    )
    assert "Marian passed (declared 4 Apples) with no bribe" in end.text
    assert "Gold: Robin 50, Marian 50, Will 50." in end.text
    assert tuple(note.text for note in state.last_round) == ("Will passed (declared 1 Apple) with no bribe",
                                "Marian passed (declared 4 Apples) with no bribe")
    assert state.round_notes == ()


def empty_draw_pile(state, keep_on_b=7):
    """Move the whole draw pile onto the discard piles (pile 2 gets `keep_on_b` cards)."""
    pile = state.draw_pile
    a, b = state.discards
    return changed(state, draw_pile=(), discards=(a + pile[keep_on_b:], b + pile[:keep_on_b]))


def test_empty_draw_pile_reshuffles_discards_except_top_five():
    state = empty_draw_pile(last_bags())
    a, b = state.discards
    after, events = act(state, EndInspection(seat=0))
    assert after.discards == (a[-5:], b[-5:])  # the top five of each pile stay
    assert "shuffled into a new draw pile" in texts(events)
    assert [len(h) for h in after.hands] == [6, 6, 6]
    assert sorted(all_cards(after)) == sorted(all_cards(state))
    assert len(after.draw_pile) == len(a) + len(b) - 10 - 5


def test_drawing_stops_when_nothing_is_left_to_draw():
    state = last_bags()
    # only five cards in each discard pile and nothing in the draw pile
    rest = state.draw_pile
    state = changed(
        state, draw_pile=(), discards=(rest[:5], rest[5:10]), stands_up=(rest[10:], (), ())
    )
    after, events = act(state, EndInspection(seat=0))
    assert [len(h) for h in after.hands] == [6, 2, 5]
    assert after.step == "set_aside"
    # in the market, the draw pile is no source any more, the discard piles still are
    after, _ = act(after, set_aside_cards(seat=2, cards=after.hands[2][:1]))
    assert [a.from_discard for a in GAME.legal_actions(after, 2)] == [0, 1]
    rejects(after, draw_cards(seat=2), "nothing left to draw")


def test_game_ends_after_last_sheriff_turn_and_hands_are_discarded():
    state = last_bags(round=9, sheriff=2, bags={0: ["Apples"], 1: ["Silk"]},
                      declarations={0: "Apples", 1: "Apples"})
    hands = [c for h in state.hands for c in h]
    after, events = act(state, EndInspection(seat=2))
    assert GAME.is_over(after) and after.step == "over"
    assert after.hands == ((), (), ())
    assert after.discards[0][-len(hands):] == tuple(hands)  # discarded, scoring nothing
    assert [e.kind for e in events][-2:] == ["round_end", "game_end"]
    # Robin: Apples 2 + gold 50 + King of Apples 20; Marian: Silk 8 + gold 50
    assert events[-1].text.endswith("Robin wins with 72 points. Scores: Robin 72, Marian 58, Will 50.")
    assert GAME.to_act(after) == [] and GAME.legal_actions(after, 0) == []
    assert GAME.round_label(after) == "Game over after 9 rounds"
    rejects(after, EndInspection(seat=2), "The game is over")
    # the contraband is revealed at the end
    assert [c.name for c in GAME.public_view(after).seats[1].hidden] == ["Silk"]


def test_each_player_is_sheriff_the_required_number_of_times():
    import random

    for n, turns in ((3, 3), (4, 2), (5, 2)):
        rnd = random.Random(n)
        state = new_game(n, seed=n)
        sheriffs = [state.sheriff]
        while not GAME.is_over(state):
            seat = rnd.choice(GAME.to_act(state))
            state, _ = GAME.apply(state, rnd.choice(GAME.legal_actions(state, seat)))
            if not GAME.is_over(state) and state.sheriff != sheriffs[-1]:
                sheriffs.append(state.sheriff)
        assert len(sheriffs) == n * turns
        assert sorted(sheriffs) == sorted(list(range(n)) * turns)
        assert all(b == (a + 1) % n for a, b in zip(sheriffs, sheriffs[1:]))
