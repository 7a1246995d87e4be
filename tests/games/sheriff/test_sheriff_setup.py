"""Setup, decks and the number of Sheriff turns."""

from collections import Counter

import pytest

from sherwood_tui.core.contract import Player
from sherwood_tui.core.errors import RuleError
from sherwood_tui.games.sheriff import GAME
from sherwood_tui.games.sheriff.rules.data import deck, load
from sherwood_tui.games.sheriff.rules.invariants import all_cards
from sherwood_tui.games.sheriff.rules.model import NAME, State

from .sheriff_kit import new_game, players


def test_game_metadata_and_royal_goods_option():
    assert GAME.id == "sheriff"
    assert (GAME.min_players, GAME.max_players) == (3, 5)
    royal = next(o for o in GAME.options if o.key == "royal_goods")
    assert royal.label == "Royal Goods" and royal.default is False
    assert GAME.state_type is State


def test_three_to_five_players_only():
    six = [*players(5), Player(name="Alan")]
    for group in (players(2), six):
        with pytest.raises(RuleError, match="3 to 5 players"):
            GAME.new_game(group, {}, 1)


def test_setup_fifty_gold_six_cards_two_discard_piles_of_five():
    for n in (3, 4, 5):
        state = new_game(n, seed=7)
        assert state.gold == (50,) * n
        assert all(len(h) == 6 for h in state.hands)
        assert [len(p) for p in state.discards] == [5, 5]
        assert len(state.draw_pile) == len(deck(n, False)) - 6 * n - 10
        assert sorted(all_cards(state)) == sorted(deck(n, False))
        assert state.stands_up == ((),) * n and state.stands_down == ((),) * n
        assert state.step == "set_aside" and state.round == 1


def test_basic_deck_has_204_cards_without_royal_goods():
    cards = deck(4, False)
    assert len(cards) == 204
    assert not any(load().card_types[c].kind == "royal" for c in cards)
    counts = Counter(NAME[c] for c in cards)
    assert counts == {
        "Apples": 48, "Cheese": 36, "Bread": 36, "Chickens": 24,
        "Pepper": 22, "Mead": 21, "Silk": 12, "Crossbow": 5,
    }


def test_royal_goods_variant_adds_the_twelve_royal_goods():
    cards = deck(5, True)
    assert len(cards) == 216
    royal = Counter(NAME[c] for c in cards if load().card_types[c].kind == "royal")
    assert sum(royal.values()) == 12
    state = new_game(5, royal=True)
    assert state.options.royal_goods and sorted(all_cards(state)) == sorted(cards)


def test_three_player_deck_removes_4plus_cards():
    counts = Counter(NAME[c] for c in deck(3, False))
    assert sum(counts.values()) == 156
    assert counts["Bread"] == 0
    assert (counts["Pepper"], counts["Mead"], counts["Silk"]) == (18, 16, 9)
    assert (counts["Apples"], counts["Cheese"], counts["Chickens"], counts["Crossbow"]) == (48, 36, 24, 5)


def test_three_player_deck_with_royal_goods_removes_listed_royals():
    counts = Counter(NAME[c] for c in deck(3, True))
    assert sum(counts.values()) == 162
    assert counts["Bleu Cheese"] == 0 and counts["Pumpernickel Bread"] == 0
    assert counts["Golden Apples"] == 1 and counts["Royal Rooster"] == 1 and counts["Rye Bread"] == 0
    assert counts["Green Apples"] == 2 and counts["Gouda Cheese"] == 2


def test_first_sheriff_is_random_from_the_seed():
    firsts = {new_game(4, seed=s).sheriff for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert new_game(4, seed=11) == new_game(4, seed=11)
    state = new_game(4, seed=11)
    assert state.first_sheriff == state.sheriff
    assert state.market_seat == (state.sheriff + 1) % 4


def test_three_player_game_has_three_sheriff_turns_each():
    assert new_game(3).rounds_total == 9


def test_four_and_five_player_games_have_two_sheriff_turns_each():
    assert new_game(4).rounds_total == 8
    assert new_game(5).rounds_total == 10


def test_round_label_names_the_sheriff():
    state = new_game(4, seed=3)
    name = state.players[state.sheriff].name
    assert GAME.round_label(state) == f"Round 1 of 8 (Sheriff: {name})"


def test_card_data_marks_uncertain_royal_penalties_and_rulings():
    data = load()
    assert all(not t.penalty_certain for t in data.types if t.kind == "royal")
    assert all(t.penalty_certain for t in data.types if t.kind != "royal")
    assert {"unpaid_fines", "refill", "empty_draw_pile", "first_sheriff"} <= set(data.rulings)
    assert data.bonuses == {"Apples": (20, 10), "Cheese": (15, 10), "Bread": (15, 10), "Chickens": (10, 5)}
