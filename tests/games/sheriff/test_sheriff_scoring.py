"""End of game scoring: goods, gold, King and Queen bonuses, and the winner."""

from sherwood_tui.games.sheriff import GAME

from .sheriff_kit import arrange

PARTS = ["Goods", "Gold", "Apples King/Queen", "Cheese King/Queen", "Bread King/Queen",
         "Chickens King/Queen"]
PARTS_WITHOUT_BREAD = [part for part in PARTS if not part.startswith("Bread")]


def final(n=4, up=None, down=None, gold=None, royal=False):
    return arrange(n=n, royal=royal, step="over", up=up, down=down, gold=gold)


def bonus(state, good):
    return [line.parts[f"{good} King/Queen"] for line in GAME.scores(state)]


def test_score_is_goods_value_plus_gold_plus_bonuses():
    state = final(n=3, up={0: ["Apples", "Cheese"], 1: ["Chickens"]},
                  down={0: ["Silk"], 1: ["Crossbow", "Mead"]}, gold={0: 12, 1: 3, 2: 0})
    lines = GAME.scores(state)
    assert list(lines[0].parts) == PARTS_WITHOUT_BREAD  # three players: no Bread
    robin, marian, will = lines
    assert robin.parts["Goods"] == 2 + 3 + 8 and robin.parts["Gold"] == 12
    assert robin.parts["Apples King/Queen"] == 20 and robin.parts["Cheese King/Queen"] == 15
    assert robin.total == 13 + 12 + 20 + 15
    assert marian.parts["Goods"] == 4 + 9 + 7 and marian.parts["Chickens King/Queen"] == 10
    assert marian.total == 20 + 3 + 10
    assert will.total == 0
    for line in lines:
        assert line.total == sum(line.parts.values())
    assert GAME.winners(state) == [0]


def test_king_and_queen_bonuses_for_each_legal_good():
    state = final(up={
        0: ["Apples"] * 3 + ["Cheese"] * 1 + ["Bread"] * 2 + ["Chickens"] * 1,
        1: ["Apples"] * 2 + ["Cheese"] * 2 + ["Bread"] * 1 + ["Chickens"] * 3,
        2: ["Apples"] * 1,
    })
    assert bonus(state, "Apples") == [20, 10, 0, 0]
    assert bonus(state, "Cheese") == [10, 15, 0, 0]
    assert bonus(state, "Bread") == [15, 10, 0, 0]
    assert bonus(state, "Chickens") == [5, 10, 0, 0]


def test_king_tie_splits_king_plus_queen_rounded_down():
    state = final(up={
        0: ["Cheese"] * 2 + ["Chickens"] + ["Apples"],
        1: ["Cheese"] * 2 + ["Chickens"] + ["Apples"],
        2: ["Cheese"] + ["Apples"],
        3: ["Chickens"] * 0,
    })
    assert bonus(state, "Cheese") == [12, 12, 0, 0]  # (15 + 10) // 2, no Queen paid
    assert bonus(state, "Chickens") == [7, 7, 0, 0]  # (10 + 5) // 2
    assert bonus(state, "Apples") == [10, 10, 10, 0]  # (20 + 10) // 3


def test_queen_tie_splits_queen_rounded_down():
    state = final(up={
        0: ["Apples"] * 3 + ["Chickens"] * 2 + ["Bread"] * 2,
        1: ["Apples"] * 1 + ["Chickens"] + ["Bread"],
        2: ["Apples"] * 1 + ["Chickens"] + ["Bread"],
        3: ["Apples"] * 1 + ["Bread"],
    })
    assert bonus(state, "Apples") == [20, 3, 3, 3]  # 10 // 3
    assert bonus(state, "Chickens") == [10, 2, 2, 0]  # 5 // 2
    assert bonus(state, "Bread") == [15, 3, 3, 3]


def test_no_bonus_without_goods():
    state = final(up={2: ["Cheese"]})
    assert bonus(state, "Cheese") == [0, 0, 15, 0]  # a King, but no Queen with none
    assert bonus(state, "Apples") == [0, 0, 0, 0]


def test_royal_goods_count_double_for_king():
    state = final(royal=True, up={0: ["Apples"] * 2, 1: ["Apples"]}, down={1: ["Green Apples"]})
    assert bonus(state, "Apples") == [10, 20, 0, 0]  # 1 + 2 beats 2
    state = final(royal=True, up={0: ["Apples"] * 3, 1: ["Apples"]}, down={1: ["Green Apples"]})
    assert bonus(state, "Apples") == [15, 15, 0, 0]  # 3 against 1 + 2: a tie for King
    state = final(royal=True, up={0: ["Cheese"] * 2}, down={1: ["Gouda Cheese"], 2: ["Bleu Cheese"]})
    assert bonus(state, "Cheese") == [5, 5, 15, 0]  # Bleu counts 3; 2 and 2 share the Queen


def test_royal_goods_count_triple_and_score_their_value():
    state = final(royal=True, up={0: ["Apples"] * 2}, down={1: ["Golden Apples"]})
    assert bonus(state, "Apples") == [10, 20, 0, 0]
    assert GAME.scores(state)[1].parts["Goods"] == 6
    state = final(royal=True, up={0: ["Chickens"]},
                  down={1: ["Royal Rooster"], 2: ["Rye Bread", "Pumpernickel Bread"]})
    assert bonus(state, "Chickens") == [5, 10, 0, 0]
    assert bonus(state, "Bread") == [0, 0, 15, 0]


def test_winner_tiebreak_most_legal_goods_then_contraband():
    # equal totals; Marian has more legal goods
    state = final(n=3, up={0: ["Chickens"], 1: ["Apples", "Apples"]}, gold={0: 60, 1: 50, 2: 0})
    robin, marian, _ = GAME.scores(state)
    assert robin.total == marian.total == 74  # 4 + 60 + 10 and 4 + 50 + 20
    assert marian.tiebreak == (2, 0) and robin.tiebreak == (1, 0)
    assert GAME.winners(state) == [1]
    # equal totals and legal goods: the most contraband wins
    state = final(n=3, up={0: ["Apples"], 1: ["Apples"]}, down={0: ["Crossbow"], 1: ["Pepper", "Pepper"]},
                  gold={0: 53, 1: 50, 2: 0})
    robin, marian, _ = GAME.scores(state)
    assert robin.total == marian.total
    assert GAME.winners(state) == [1]
    # still tied: both win
    state = final(n=3, up={0: ["Cheese"], 1: ["Cheese"]}, gold={0: 50, 1: 50, 2: 0})
    assert GAME.winners(state) == [0, 1]


def test_running_scores_leave_out_face_down_goods():
    state = arrange(n=3, royal=True, step="choose", bags={1: ["Apples"], 2: ["Apples"]},
                    declarations={1: "Apples", 2: "Apples"},
                    up={0: ["Apples"]}, down={0: ["Silk"], 1: ["Green Apples"]})
    robin, marian, _ = GAME.scores(state)
    assert robin.parts["Goods"] == 2 and robin.parts["Apples King/Queen"] == 20
    assert marian.parts["Goods"] == 0 and marian.tiebreak == (0, 1)


def test_three_player_score_lines_have_no_bread_king_queen():
    """A three-player game has no Bread (nor Royal Bread): no Bread line on the score sheet."""
    for royal in (False, True):
        state = final(n=3, royal=royal, up={0: ["Apples"]})
        for line in GAME.scores(state):
            assert list(line.parts) == PARTS_WITHOUT_BREAD
    state = final(n=4, up={0: ["Bread"]})
    assert list(GAME.scores(state)[0].parts) == PARTS
