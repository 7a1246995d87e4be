"""Phase 1, the market."""

from sherwood_tui.games.sheriff import GAME
from sherwood_tui.games.sheriff.rules.model import Draw, PileCard

from .sheriff_kit import act, arrange, draw_cards, kinds, load_bag, place_cards, rejects, set_aside_cards, texts

SIX = ["Apples", "Apples", "Cheese", "Silk", "Pepper", "Chickens"]


def market(**kw):
    """3 players, Robin (0) is Sheriff: Marian (1) has the first market turn."""
    spec = dict(
        n=3,
        sheriff=0,
        hands={0: SIX, 1: SIX, 2: SIX},
        discards=(["Cheese", "Chickens", "Apples"], ["Pepper", "Mead"]),
        draw_top=["Crossbow", "Silk"],
    )
    spec.update(kw)
    return arrange(**spec)


def by_name(state, seat, *names):
    """Card ids of the seat's hand with these names (in order, each card once)."""
    hand = list(state.hands[seat])
    out = []
    for name in names:
        card = next(c for c in hand if kinds([c])[0] == name and c not in out)
        out.append(card)
    return tuple(out)


def test_market_order_starts_left_of_sheriff_and_skips_the_sheriff():
    state = market(n=4, sheriff=2, hands={s: SIX for s in range(4)})
    order = []
    while state.step in ("set_aside", "draw", "place"):
        (seat,) = GAME.to_act(state)
        order.append(seat)
        state, _ = act(state, set_aside_cards(seat=seat))
    assert order == [3, 0, 1]
    assert state.step == "load"


def test_market_set_aside_at_most_five_cards():
    state = market()
    rejects(state, set_aside_cards(seat=1, cards=state.hands[1]), "at most 5")
    rejects(state, set_aside_cards(seat=1, cards=state.hands[0][:1]), "from your hand")
    card = state.hands[1][0]
    rejects(state, set_aside_cards(seat=1, cards=(card, card)), "from your hand")  # it has left the hand
    after, _ = act(state, set_aside_cards(seat=1, cards=state.hands[1][:5]))
    assert len(after.hands[1]) == 1 and len(after.set_aside) == 5


def test_market_keeping_the_whole_hand_ends_the_turn():
    state = market()
    after, events = act(state, set_aside_cards(seat=1))
    assert after.market_seat == 2 and after.step == "set_aside"
    assert after.hands[1] == state.hands[1] and after.discards == state.discards
    assert "keeps the whole hand" in texts(events)


def test_market_draws_back_up_to_six():
    state = market()
    state, events = act(state, set_aside_cards(seat=1, cards=by_name(state, 1, "Silk", "Pepper")))
    assert "Marian sets aside 2 cards." in texts(events)
    assert state.step == "draw"
    state, _ = act(state, draw_cards(seat=1, from_discard=0))
    assert state.step == "draw"
    state, _ = act(state, draw_cards(seat=1))
    assert len(state.hands[1]) == 6
    assert state.step == "place"  # no more draws once the hand is back to six
    rejects(state, draw_cards(seat=1), "You cannot draw")


def test_market_draws_take_the_top_of_a_discard_pile():
    state = market()
    state, _ = act(state, set_aside_cards(seat=1, cards=by_name(state, 1, "Silk", "Pepper", "Cheese")))
    state, events = act(state, draw_cards(seat=1, from_discard=0))
    assert kinds(state.hands[1][-1:]) == ["Apples"]  # top of pile 1 is its last card
    assert kinds(state.discards[0]) == ["Cheese", "Chickens"]
    assert "Marian takes Apples from discard pile 1." in texts(events)
    state, _ = act(state, draw_cards(seat=1, from_discard=1))
    assert kinds(state.hands[1][-1:]) == ["Mead"]
    state, _ = act(state, draw_cards(seat=1, from_discard=1))
    assert kinds(state.hands[1][-1:]) == ["Pepper"]
    assert state.discards[1] == ()
    assert state.step == "place"


def test_market_must_draw_from_discard_piles_before_draw_pile():
    state = market()
    state, _ = act(state, set_aside_cards(seat=1, cards=by_name(state, 1, "Silk", "Pepper", "Cheese")))
    state, events = act(state, draw_cards(seat=1))
    assert "Marian draws 1 card from the draw pile." in texts(events)
    assert state.drew_from_pile
    rejects(state, draw_cards(seat=1, from_discard=0), "before draw-pile cards")
    assert GAME.legal_actions(state, 1) == [Draw(seat=1)]
    state, _ = act(state, draw_cards(seat=1, count=2))
    assert state.step == "place"


def test_market_draws_one_card_at_a_time_up_to_the_number_set_aside():
    state = market()
    state, _ = act(state, set_aside_cards(seat=1, cards=by_name(state, 1, "Silk", "Pepper", "Cheese")))
    rejects(state, draw_cards(seat=1, count=4), "You cannot draw any more cards")
    rejects(state, draw_cards(seat=1, from_discard=1, count=3), "is empty")
    state, events = act(state, draw_cards(seat=1, from_discard=0, count=2))
    assert kinds(state.hands[1][-2:]) == ["Apples", "Chickens"]  # one after the other
    assert texts(events) == "Marian takes Apples from discard pile 1.\nMarian takes Chickens from discard pile 1."
    state, events = act(state, draw_cards(seat=1))
    assert "Marian draws 1 card from the draw pile." in texts(events)
    assert state.step == "place"


def test_market_draw_from_an_empty_discard_pile_is_refused():
    state = market(discards=(["Apples"], []))
    state, _ = act(state, set_aside_cards(seat=1, cards=by_name(state, 1, "Silk", "Pepper")))
    rejects(state, draw_cards(seat=1, from_discard=1), "Discard pile 2 is empty")
    rejects(state, draw_cards(seat=1, from_discard=2), "only two discard piles")


def test_market_draw_pile_cards_stay_secret_in_events():
    state = market()
    state, _ = act(state, set_aside_cards(seat=1, cards=by_name(state, 1, "Apples")))
    state, events = act(state, draw_cards(seat=1))
    assert kinds(state.hands[1][-1:]) == ["Silk"]
    assert "Silk" not in texts(events)


def test_market_set_aside_cards_go_on_one_discard_pile_in_chosen_order():
    state = market()
    aside = by_name(state, 1, "Silk", "Pepper", "Cheese")
    state, _ = act(state, set_aside_cards(seat=1, cards=aside))
    state, _ = act(state, draw_cards(seat=1, count=3))
    order = (aside[2], aside[0], aside[1])  # Cheese, Silk, then Pepper on top
    rejects(state, place_cards(seat=1, pile=0, order=order[:2]), "Put back every card you set aside first (1 card left)")
    rejects(state, place_cards(seat=1, pile=0, order=(order[0],) * 3), "Put back only the cards you set aside, each once.")
    rejects(state, PileCard(seat=1, pile=0, card=state.hands[1][0]), "Put back only the cards you set aside")
    rejects(state, place_cards(seat=1, pile=3, order=order), "only two discard piles")
    after, events = act(state, place_cards(seat=1, pile=1, order=order))
    assert kinds(after.discards[1]) == ["Pepper", "Mead", "Cheese", "Silk", "Pepper"]
    assert after.discards[0] == state.discards[0]
    assert after.set_aside == ()
    assert "Marian puts Cheese, Silk, Pepper on discard pile 2 (Pepper on top)." in texts(events)
    assert after.market_seat == 2 and after.step == "set_aside"


def test_market_set_aside_cards_cannot_be_drawn_back():
    state = market(discards=([], []))
    aside = by_name(state, 1, "Silk")
    state, _ = act(state, set_aside_cards(seat=1, cards=aside))
    assert state.discards == ((), ())
    assert [a.from_discard for a in GAME.legal_actions(state, 1)] == [None]
    state, _ = act(state, draw_cards(seat=1))
    assert aside[0] not in state.hands[1]


def test_market_steps_must_come_in_order():
    state = market()
    rejects(state, draw_cards(seat=1), "Set aside your unwanted cards first")
    rejects(state, place_cards(seat=1, pile=0, order=()), "no set-aside cards")
    rejects(state, load_bag(seat=1, cards=state.hands[1][:1]), "Bags are loaded only after the market")
    state, _ = act(state, set_aside_cards(seat=1, cards=state.hands[1][:2]))
    rejects(state, set_aside_cards(seat=1, cards=state.hands[1][:1]), "already set your cards aside")
    rejects(state, place_cards(seat=1, pile=0, order=state.set_aside), "Draw back up to six")


def test_sheriff_takes_no_market_turn():
    state = market()
    rejects(state, set_aside_cards(seat=0), "The Sheriff has no market turn this round.")
    rejects(state, set_aside_cards(seat=2), "It is not Will's turn")
    assert GAME.legal_actions(state, 0) == []


def test_market_is_a_private_decision():
    state = market()
    assert GAME.is_private(state, 1)
    assert not GAME.is_private(state, 0)
