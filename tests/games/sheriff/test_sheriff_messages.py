"""What a refused move says: the most specific reason first (who may make it, then when,
then whose turn it is), and counts as a person says them ("no face-down goods", "1 card")."""

import pytest

from sherwood_tui.games.sheriff import GAME
from sherwood_tui.games.sheriff.rules.model import (
    Bribe,
    CounterOffer,
    Declare,
    EndInspection,
    LetPass,
    OpenBag,
    PayWithGood,
    Threaten,
)
from sherwood_tui.games.sheriff.rules.wording import count_text

from .sheriff_kit import (
    act,
    arrange,
    confiscate_goods,
    counter_bribe,
    draw_cards,
    load_bag,
    offer_bribe,
    place_cards,
    rejects,
    set_aside_cards,
    texts,
)


def deciding(**kw):
    """3 players, Robin (0) the Sheriff has heard Marian's (1) offer; Will's bag waits."""
    spec = dict(
        n=3,
        sheriff=0,
        step="decide",
        target=1,
        bags={1: ["Apples", "Apples"], 2: ["Cheese"]},
        declarations={1: "Apples", 2: "Cheese"},
        up={1: ["Cheese"], 2: ["Chickens"]},
        offer=Bribe(gold=2),
    )
    spec.update(kw)
    return arrange(**spec)


def test_paying_with_a_good_when_nothing_is_owed_says_so_not_whose_turn():
    state = deciding()
    rejects(state, PayWithGood(seat=2, good="Chickens"), "You owe nothing now.")
    rejects(state, PayWithGood(seat=1, good="Cheese"), "You owe nothing now.")
    rejects(state, PayWithGood(seat=0, good="Cheese"), "You owe nothing now.")


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Threaten(seat=2, merchant=1), "Only the Sheriff (Robin) inspects bags."),
        (LetPass(seat=1, merchant=1), "Only the Sheriff (Robin) inspects bags."),
        (OpenBag(seat=2, merchant=1), "Only the Sheriff (Robin) inspects bags."),
        (EndInspection(seat=2), "Only the Sheriff (Robin) inspects bags."),
        (CounterOffer(seat=1), "Only the Sheriff (Robin) makes counter-offers."),
        (counter_bribe(seat=2, bribe=Bribe(gold=5)), "You can offer a bribe only when the Sheriff threatens your bag."),
        (confiscate_goods(seat=2, pile=0, order=()), "Only the Sheriff (Robin) places confiscated goods."),
        (offer_bribe(seat=2, bribe=Bribe()), "You can offer a bribe only when the Sheriff threatens your bag."),
        (offer_bribe(seat=1, bribe=Bribe(gold=3)), "You have made your offer: Robin, the Sheriff, decides now."),
        (offer_bribe(seat=0, bribe=Bribe()), "The Sheriff offers no bribe"),
        (set_aside_cards(seat=1), "Cards are set aside only at the start of a market turn."),
        (set_aside_cards(seat=0), "The Sheriff has no market turn this round."),
        (draw_cards(seat=2), "Cards are drawn only on your market turn."),
        (load_bag(seat=0, cards=()), "The Sheriff loads no bag."),
        (load_bag(seat=2, cards=()), "Bags are loaded only after the market"),
        (Declare(seat=2, good="Cheese", count=1), "The declarations are over."),
        (Declare(seat=0, good="Cheese", count=1), "The Sheriff has no bag to declare."),
        (Threaten(seat=0, merchant=2), "Decide on Marian's bag first"),
        (EndInspection(seat=0), "Decide on Marian's bag first"),
    ],
)
def test_out_of_turn_moves_are_refused_for_their_real_reason(action, message):
    """Not "Robin, the Sheriff, decides now." for every move of every seat: the reason that
    fits the move and the seat wins."""
    rejects(deciding(), action, message)


def test_a_declared_merchant_hears_that_they_have_declared():
    state = arrange(n=3, sheriff=0, step="declare", bags={1: ["Apples"], 2: ["Cheese"]}, hands={1: ["Mead"], 2: ["Silk"]})
    state, _ = act(state, Declare(seat=1, good="Apples", count=1))
    rejects(state, Declare(seat=1, good="Apples", count=1), "You have already declared.")


def test_a_market_move_of_another_merchant_names_whose_turn_it_is():
    state = arrange(n=3, sheriff=0, step="draw", hands={1: ["Apples"] * 5, 2: ["Cheese"] * 6})
    rejects(state, draw_cards(seat=2), "It is not Will's turn: waiting for Marian.")
    rejects(state, set_aside_cards(seat=1), "You have already set your cards aside this turn.")
    rejects(state, place_cards(seat=1, pile=0, order=()), "Draw back up to six cards")


def test_the_sheriff_waiting_for_an_offer_is_told_so():
    state = deciding(step="offer", offer=None)
    rejects(state, OpenBag(seat=0, merchant=1), "Wait for Marian's offer.")
    rejects(state, counter_bribe(seat=0, bribe=Bribe(gold=1)), "Wait for Marian's offer.")
    rejects(state, offer_bribe(seat=0, bribe=Bribe()), "Wait for Marian's offer.")


def test_demanding_face_down_goods_of_a_stand_without_any_says_none():
    state = deciding(counters=0)
    rejects(state, counter_bribe(seat=0, bribe=Bribe(stand=("Silk",))), "Marian has no face-down goods on the stand.")
    rejects(state, counter_bribe(seat=0, bribe=Bribe(stand=("Apples",))), "Marian has no Apples on the stand.")


def test_counted_goods_read_as_a_person_says_them():
    assert count_text(0, "Cheese") == "no Cheese"
    assert count_text(1, "Apples") == "1 Apple"
    assert count_text(2, "Apples") == "2 Apples"
    assert count_text(1, "Chickens") == "1 Chicken"
    assert count_text(1, "Golden Apples") == "1 Golden Apple"
    assert count_text(2, "Crossbow") == "2 Crossbows"
    assert count_text(3, "Cheese") == "3 Cheese"


def test_a_bag_passing_with_no_contraband_says_nothing_of_face_down_cards():
    state = deciding(offer=None)
    _, events = act(state, LetPass(seat=0, merchant=1))
    log = texts(events)
    assert "Marian's goods go to market: 2 Apples face up." in log
    assert "0 card" not in log


def test_a_debtor_without_gold_is_not_said_to_pay_all_0_gold():
    state = arrange(
        n=3,
        sheriff=0,
        step="choose",
        bags={1: ["Silk"], 2: ["Cheese"]},
        declarations={1: "Apples", 2: "Cheese"},
        up={1: ["Cheese", "Apples"]},
        gold={1: 0},
    )
    state, _ = act(state, OpenBag(seat=0, merchant=1))
    _, events = act(state, confiscate_goods(seat=0, pile=0, order=state.confiscated))
    log = texts(events)
    assert "Marian has no gold and owes Robin 4." in log and "all 0 gold" not in log


def test_every_legal_move_of_the_deciding_sheriff_still_applies():
    state = deciding()
    for action in GAME.legal_actions(state, 0):
        act(state, action)  # every legal move of the Sheriff applies
    assert GAME.legal_actions(state, 1) == [] and GAME.legal_actions(state, 2) == []
