"""What each seat may see: views, secret lines, private decisions; JSON of actions."""

import json

from sherwood_tui.core.steps import as_moves
from sherwood_tui.games.sheriff import GAME
from sherwood_tui.games.sheriff.rules.model import DATA, Bribe, Threaten

from .sheriff_kit import (
    act,
    arrange,
    confiscate_goods,
    counter_bribe,
    draw_cards,
    kinds,
    load_bag,
    offer_bribe,
    place_cards,
    set_aside_cards,
)

MIXED = ["Apples", "Apples", "Silk", "Cheese", "Mead", "Chickens"]


def table(**kw):
    spec = dict(
        n=3,
        sheriff=0,
        step="choose",
        hands={0: MIXED, 1: MIXED[:3], 2: MIXED[:4]},
        bags={1: ["Apples", "Crossbow"], 2: ["Cheese"]},
        declarations={1: "Apples", 2: "Cheese"},
        up={1: ["Chickens"]},
        down={1: ["Pepper", "Silk"], 0: ["Mead"]},
        discards=(["Apples", "Silk"], ["Mead"]),
    )
    spec.update(kw)
    return arrange(**spec)


def test_view_hides_other_hands_bags_and_contraband_kinds():
    state = table()
    sheriff = GAME.view(state, 0)
    marian = sheriff.table.seats[1]
    assert marian.hand_count == 3 and marian.bag_count == 2 and marian.declaration == "Apples"
    assert [c.name for c in marian.stand] == ["Chickens"]
    assert marian.hidden_count == 2 and marian.hidden is None
    dumped = repr(sheriff)
    assert "Crossbow" not in dumped and "Pepper" not in dumped  # nowhere in the Sheriff's view
    assert [c.name for c in sheriff.hidden] == ["Mead"]  # own face-down goods
    assert [c.name for c in sheriff.table.discards[0]] == ["Apples", "Silk"]  # public piles
    assert sheriff.table.draw_pile == len(state.draw_pile)
    assert [s.gold for s in sheriff.table.seats] == [50, 50, 50]  # gold is public


def test_view_shows_the_seat_its_own_secrets():
    state = table()
    view = GAME.view(state, 1)
    assert [c.name for c in view.hand] == ["Apples", "Apples", "Silk"]
    assert [c.name for c in view.bag] == ["Apples", "Crossbow"]
    assert sorted(c.name for c in view.hidden) == ["Pepper", "Silk"]
    assert view.bag_text == "Marian's bag: 1 Apple, 1 Crossbow"
    assert view.hand_text == "Marian's hand: 2 Apples, 1 Silk"
    assert view.hidden_text == "Marian's face-down goods: 1 Pepper, 1 Silk"


def test_secret_texts_are_the_owner_labelled_zone_lines():
    state = table()
    assert GAME.secret_texts(state, 1) == {
        "Marian's hand: 2 Apples, 1 Silk",
        "Marian's bag: 1 Apple, 1 Crossbow",
        "Marian's face-down goods: 1 Pepper, 1 Silk",
    }
    public = repr(GAME.public_view(state))
    for seat in range(3):
        for text in GAME.secret_texts(state, seat):
            assert text not in public


def test_set_aside_cards_are_hidden_from_others():
    state = arrange(n=3, sheriff=0, hands={s: MIXED for s in range(3)})
    state, _ = act(state, set_aside_cards(seat=1, cards=state.hands[1][2:3]))
    assert GAME.view(state, 0).table.set_aside_count == 1
    assert GAME.view(state, 0).set_aside == ()
    assert [c.name for c in GAME.view(state, 1).set_aside] == ["Silk"]
    assert "Marian's set-aside cards: 1 Silk" in GAME.secret_texts(state, 1)
    for seat in range(3):
        assert GAME.view(GAME.scramble_secrets(state, seat, 5), seat) == GAME.view(state, seat)


def test_scramble_changes_only_what_the_seat_cannot_see():
    state = table()
    scrambled = GAME.scramble_secrets(state, 0, 99)
    assert scrambled.hands[0] == state.hands[0] and scrambled.stands_down[0] == state.stands_down[0]
    assert scrambled.discards == state.discards and scrambled.stands_up == state.stands_up
    assert [len(b) for b in scrambled.bags] == [len(b) for b in state.bags]
    assert scrambled != state

    def hidden(s):
        return sorted(c for z in (s.draw_pile,) + s.hands + s.bags + s.stands_down for c in z)

    assert hidden(scrambled) == hidden(state)
    for seat in range(3):
        assert GAME.view(GAME.scramble_secrets(state, seat, 3), seat) == GAME.view(state, seat)


def test_public_view_reveals_contraband_at_game_end():
    state = table(step="over", bags={}, declarations={}, hands={})
    seats = GAME.public_view(state).seats
    assert sorted(c.name for c in seats[1].hidden) == ["Pepper", "Silk"]
    assert GAME.secret_texts(state, 1) == set()


def test_private_decisions_are_the_ones_that_show_secrets():
    state = table()
    assert not GAME.is_private(state, 0)  # the Sheriff chooses in public
    state, _ = act(state, Threaten(seat=0, merchant=1))
    assert GAME.is_private(state, 1) and not GAME.is_private(state, 0)
    state, _ = act(state, offer_bribe(seat=1, bribe=Bribe(gold=3)))
    assert not GAME.is_private(state, 0)  # deciding on an offer is public
    loading = arrange(n=3, sheriff=0, step="load", hands={1: MIXED, 2: MIXED})
    assert GAME.is_private(loading, 1) and GAME.is_private(loading, 2)
    loading, _ = act(loading, load_bag(seat=1, cards=loading.hands[1][:1]))
    assert not GAME.is_private(loading, 1)  # sealed: nothing left to decide


def test_events_name_players_and_keep_hand_cards_secret():
    state = arrange(n=3, sheriff=0, step="load", hands={1: MIXED, 2: MIXED})
    _, events = act(state, load_bag(seat=1, cards=state.hands[1][2:5]))
    assert [e.text for e in events] == ["Marian loaded a bag of 3 cards."]
    assert kinds(state.hands[1][2:5]) == ["Silk", "Cheese", "Mead"]


def test_every_action_survives_a_json_round_trip():
    from sherwood_tui.games.sheriff.rules.model import (
        Declare,
        EndInspection,
        LetPass,
        OpenBag,
        PayWithGood,
    )

    actions = [
        set_aside_cards(seat=1, cards=(3, 4)),
        draw_cards(seat=1),
        draw_cards(seat=1, from_discard=1, count=2),
        place_cards(seat=1, pile=1, order=(4, 3)),
        load_bag(seat=2, cards=(7,)),
        Declare(seat=2, good="Apples", count=1),
        Threaten(seat=0, merchant=2),
        offer_bribe(seat=2, bribe=Bribe(gold=3, stand=("Silk",), bag=("Apples",), favour=DATA.favours[0])),
        counter_bribe(seat=0, bribe=Bribe(gold=9)),
        LetPass(seat=0, merchant=2),
        OpenBag(seat=0, merchant=1),
        EndInspection(seat=0),
        confiscate_goods(seat=0, pile=0, order=(5, 6)),
        PayWithGood(seat=1, good="Cheese"),
    ]
    moves = [move for decision in actions for move in as_moves(decision)]
    assert {type(m) for m in moves} == set(GAME.action_classes())  # every kind of move
    for action in moves:
        data = GAME.dump_action(action)
        assert GAME.parse_action(data) == action
        assert GAME.parse_action(json.loads(json.dumps(data))) == action
