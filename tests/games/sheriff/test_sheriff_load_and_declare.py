"""Phases 2 and 3: loading the bags (simultaneous, secret) and declaring them."""

from sherwood_tui.games.sheriff import GAME
from sherwood_tui.games.sheriff.rules.model import Declare, Threaten

from .sheriff_kit import act, arrange, bag_of, kinds, load_bag, rejects, set_aside_cards, texts

HAND = ["Apples", "Apples", "Apples", "Silk", "Mead", "Cheese"]
ROYAL_HAND = ["Apples", "Apples", "Apples", "Silk", "Green Apples", "Cheese"]


def loading(n=4, sheriff=0):
    hands = {s: HAND for s in range(n)}
    hands[1] = ROYAL_HAND
    return arrange(n=n, royal=True, sheriff=sheriff, step="load", hands=hands)


def pick(state, seat, *names):
    hand = list(state.hands[seat])
    out = []
    for name in names:
        card = next(c for c in hand if kinds([c])[0] == name and c not in out)
        out.append(card)
    return tuple(out)


def test_loading_bags_is_simultaneous():
    state = loading(n=4, sheriff=1)
    assert GAME.to_act(state) == [2, 3, 0]
    assert all(GAME.is_private(state, s) for s in (2, 3, 0))
    state, _ = act(state, load_bag(seat=3, cards=pick(state, 3, "Apples")))
    assert GAME.to_act(state) == [2, 0]
    state, _ = act(state, load_bag(seat=0, cards=pick(state, 0, "Apples")))
    state, _ = act(state, load_bag(seat=2, cards=pick(state, 2, "Apples")))
    assert state.step == "declare"
    assert GAME.to_act(state) == [2]


def test_sealed_bag_cannot_be_changed():
    state = loading()
    state, _ = act(state, load_bag(seat=1, cards=pick(state, 1, "Apples")))
    rejects(state, load_bag(seat=1, cards=pick(state, 1, "Silk")), "already sealed")


def test_sheriff_loads_no_bag():
    rejects(loading(), load_bag(seat=0, cards=pick(loading(), 0, "Apples")), "The Sheriff loads no bag")


def test_load_bag_one_to_five_cards():
    state = loading()
    rejects(state, load_bag(seat=1, cards=()), "at least one card")
    rejects(state, load_bag(seat=1, cards=state.hands[1]), "at most 5 cards")
    after, _ = act(state, load_bag(seat=1, cards=state.hands[1][:5]))
    assert len(after.bags[1]) == 5 and len(after.hands[1]) == 1


def test_load_bag_cards_must_come_from_the_hand():
    state = loading()
    rejects(state, load_bag(seat=1, cards=state.hands[2][:1]), "from your hand")
    card = state.hands[1][0]
    rejects(state, load_bag(seat=1, cards=(card, card)), "only once")


def test_loading_reveals_only_the_number_of_cards():
    state = loading()
    after, events = act(state, load_bag(seat=1, cards=pick(state, 1, "Silk", "Apples", "Green Apples")))
    assert texts(events) == "Marian loaded a bag of 3 cards."
    view = GAME.view(after, 2)
    assert view.table.seats[1].bag_count == 3
    assert view.bag == ()
    assert [c.name for c in GAME.view(after, 1).bag] == ["Silk", "Apples", "Green Apples"]


def declaring(n=4, sheriff=0):
    state = loading(n, sheriff)
    for seat in GAME.to_act(state):
        state, _ = act(state, load_bag(seat=seat, cards=pick(state, seat, "Apples", "Silk")))
    return state


def test_declare_in_order_from_sheriffs_left():
    state = declaring(n=4, sheriff=2)
    order = []
    while state.step == "declare":
        (seat,) = GAME.to_act(state)
        order.append(seat)
        state, events = act(state, Declare(seat=seat, good="Apples", count=2))
        assert f"{state.players[seat].name} declares 2 Apples." in texts(events)
    assert order == [3, 0, 1]
    assert state.step == "choose" and GAME.to_act(state) == [2]


def test_declarations_are_seen_by_the_next_declarer():
    state = declaring()
    state, _ = act(state, Declare(seat=1, good="Cheese", count=2))
    assert GAME.view(state, 2).table.seats[1].declaration == "Cheese"


def test_declare_only_legal_goods():
    state = declaring()
    rejects(state, Declare(seat=1, good="Silk", count=2), "Silk is contraband")
    rejects(state, Declare(seat=1, good="Bananas", count=2), "no good called")


def test_royal_goods_can_never_be_declared():
    rejects(declaring(), Declare(seat=1, good="Green Apples", count=2), "Royal Goods can never be declared")


def test_declare_exact_number_of_cards():
    state = declaring()
    rejects(state, Declare(seat=1, good="Apples", count=3), "declare exactly 2")
    rejects(state, Declare(seat=1, good="Apples", count=1), "declare exactly 2")


def test_declaring_a_lie_is_allowed():
    state = declaring()
    assert bag_of(state.bags[1]) == {"Apples": 1, "Silk": 1}
    after, _ = act(state, Declare(seat=1, good="Chickens", count=2))
    assert after.declarations[1] == "Chickens"
    assert {a.good for a in GAME.legal_actions(state, 1)} == {"Apples", "Cheese", "Bread", "Chickens"}


def test_declaring_is_private_and_out_of_turn_is_refused():
    state = declaring()
    assert GAME.is_private(state, 1)
    rejects(state, Declare(seat=2, good="Apples", count=2), "Declarations go in order from the Sheriff's left: Marian declares now.")
    rejects(state, set_aside_cards(seat=1), "only at the start of a market turn")
    rejects(state, Threaten(seat=0, merchant=1), "The Sheriff inspects only after every merchant has declared.")
