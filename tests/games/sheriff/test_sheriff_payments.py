"""Fines and payments a player cannot cover in gold (our ruling in the data file)."""

from collections import Counter

from sherwood_tui.games.sheriff import GAME
from sherwood_tui.games.sheriff.rules.model import LetPass, OpenBag, PayWithGood

from .sheriff_kit import act, arrange, confiscate_goods, kinds, rejects, texts


def caught(gold, up=(), down=(), bag=("Silk", "Silk", "Mead"), declared="Apples", **kw):
    """3 players, Robin (0) is Sheriff; Marian (1) is opened and owes a fine."""
    state = arrange(
        n=3,
        sheriff=0,
        step="choose",
        bags={1: list(bag), 2: ["Cheese"]},
        declarations={1: declared, 2: "Cheese"},
        up={1: list(up)},
        down={1: list(down)},
        gold={1: gold},
        **kw,
    )
    state, _ = act(state, OpenBag(seat=0, merchant=1))
    if state.step == "confiscate":
        state, events = act(state, confiscate_goods(seat=0, pile=0, order=state.confiscated))
        return state, events
    return state, []


def test_unpaid_fine_paid_with_stand_goods_then_forgiven():
    # fine 12; Marian has 3 gold, then a Cheese (3) and a Pepper (6): 3 still unpaid
    state, events = caught(3, up=["Cheese"], down=["Pepper"])
    log = texts(events)
    assert "Marian pays all 3 gold to Robin and still owes 9." in log
    assert state.step == "pay" and GAME.to_act(state) == [1]
    assert GAME.is_private(state, 1)  # the debtor sees their face-down goods
    assert state.debt.amount == 9
    assert {a.good for a in GAME.legal_actions(state, 1)} == {"Cheese", "Pepper"}
    rejects(state, PayWithGood(seat=1, good="Silk"), "no Silk on your stand")
    state, events = act(state, PayWithGood(seat=1, good="Pepper"))
    # only Cheese is left: it is paid at once, and the rest is forgiven
    log = texts(events)
    assert "Marian gives Robin Pepper (worth 6) from the stand; 3 gold still owed." in log
    assert "Marian gives Robin Cheese (worth 3) from the stand; the debt is paid." in log
    assert state.step == "choose" and state.debt is None
    assert state.gold[1] == 0 and state.gold[0] == 53
    assert Counter(kinds(state.stands_up[0])) == {"Cheese": 1}
    assert Counter(kinds(state.stands_down[0])) == {"Pepper": 1}  # still face down


def test_unpaid_fine_with_nothing_left_is_forgiven():
    state, events = caught(5)
    log = texts(events)
    assert "Marian pays all 5 gold to Robin and still owes 7." in log
    assert "Marian has nothing left to pay with: the remaining 7 gold is forgiven." in log
    assert state.gold[1] == 0 and state.gold[0] == 55
    assert state.step == "choose"


def test_fine_paid_with_goods_gives_no_change():
    state, events = caught(10, down=["Crossbow"])
    log = texts(events)
    assert (
        "Marian gives Robin Crossbow (worth 9) from the stand; the debt is paid "
        "(no change is given)."
    ) in log
    assert state.gold == (60, 0, 50)


def test_debtor_chooses_which_goods_pay_the_fine():
    state, _ = caught(0, up=["Apples", "Chickens", "Cheese"], down=["Mead"])
    assert state.debt.amount == 12
    state, _ = act(state, PayWithGood(seat=1, good="Apples"))
    assert state.debt.amount == 10 and state.step == "pay"
    state, events = act(state, PayWithGood(seat=1, good="Mead"))
    assert state.debt.amount == 3 and state.step == "pay"
    state, events = act(state, PayWithGood(seat=1, good="Chickens"))
    assert "the debt is paid (no change is given)" in texts(events)
    assert kinds(state.stands_up[1]) == ["Cheese"] and state.stands_down[1] == ()


def test_goods_that_just_passed_can_pay_the_fine():
    state, events = caught(0, bag=("Apples", "Silk"), declared="Apples")
    # the truthful Apples reached the stand first, and pay toward the 4 gold fine
    assert "Marian gives Robin Apples (worth 2) from the stand; 2 gold still owed." in texts(events)
    assert "the remaining 2 gold is forgiven" in texts(events)


def test_sheriff_short_of_gold_pays_honest_merchant_with_goods():
    state = arrange(
        n=3, sheriff=0, step="choose",
        bags={1: ["Chickens"] * 5, 2: ["Cheese"]},
        declarations={1: "Chickens", 2: "Cheese"},
        up={0: ["Apples", "Cheese"]}, down={0: ["Silk"]},
        gold={0: 4},
    )
    state, events = act(state, OpenBag(seat=0, merchant=1))
    assert "Marian told the truth: Robin owes Marian 10 gold." in texts(events)
    assert "Robin pays all 4 gold to Marian and still owes 6." in texts(events)
    assert state.step == "pay" and GAME.to_act(state) == [0] and GAME.is_private(state, 0)
    state, _ = act(state, PayWithGood(seat=0, good="Silk"))
    assert state.step == "choose"
    assert state.gold[:2] == (0, 54)
    assert kinds(state.stands_down[1]) == ["Silk"]
    assert Counter(kinds(state.stands_up[1])) == {"Chickens": 5}


def test_pay_only_when_owing():
    state = arrange(n=3, sheriff=0, step="choose", bags={1: ["Apples"], 2: ["Cheese"]},
                    declarations={1: "Apples", 2: "Cheese"})
    rejects(state, PayWithGood(seat=0, good="Apples"), "You owe nothing now")
    state, _ = act(state, LetPass(seat=0, merchant=1))
    assert state.gold == (50, 50, 50)
