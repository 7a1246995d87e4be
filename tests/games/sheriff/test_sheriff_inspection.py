"""Phase 4, the inspection: threats, bribes, passing and opening bags."""

from collections import Counter

from sherwood_tui.games.sheriff import GAME
from sherwood_tui.games.sheriff.rules.model import (
    DATA,
    Bribe,
    BribeFavour,
    BribeGold,
    Declare,
    EndInspection,
    LetPass,
    OpenBag,
    Threaten,
)

from .sheriff_kit import (
    act,
    arrange,
    bag_of,
    confiscate_goods,
    counter_bribe,
    is_legal_run,
    kinds,
    offer_bribe,
    rejects,
    texts,
)


def inspection(**kw):
    """4 players, Robin (0) is Sheriff. Marian (1) declared 3 Apples (2 Apples, 1 Silk);
    Will (2) declared 2 Cheese (honest); Much (3) declared 1 Chicken (a Mead)."""
    spec = dict(
        n=4,
        sheriff=0,
        step="choose",
        hands={s: ["Apples"] * 6 for s in range(4)},
        bags={1: ["Apples", "Apples", "Silk"], 2: ["Cheese", "Cheese"], 3: ["Mead"]},
        declarations={1: "Apples", 2: "Cheese", 3: "Chickens"},
        up={1: ["Chickens", "Chickens", "Cheese"], 0: ["Bread"]},
        down={1: ["Pepper"]},
        discards=(["Apples"], ["Cheese"]),
    )
    spec.update(kw)
    return arrange(**spec)


MARIAN_AFTER_PASS = (Counter({"Chickens": 2, "Cheese": 1, "Apples": 2}), Counter({"Pepper": 1, "Silk": 1}))


def stand(state, seat):
    return Counter(kinds(state.stands_up[seat])), Counter(kinds(state.stands_down[seat]))


def test_sheriff_may_inspect_bags_in_any_order():
    state = inspection()
    assert GAME.to_act(state) == [0]
    assert not GAME.is_private(state, 0)
    state, _ = act(state, OpenBag(seat=0, merchant=2))  # Will first
    assert state.step == "choose"
    state, _ = act(state, LetPass(seat=0, merchant=3))
    assert GAME.pending_bags(state) == [1]


def test_sheriff_may_inspect_no_bags_at_all():
    state = inspection()
    after, events = act(state, EndInspection(seat=0))
    assert "Robin inspects no more bags." in texts(events)
    assert after.round == 2  # every bag passed, the round is over
    assert stand(after, 1) == MARIAN_AFTER_PASS
    assert stand(after, 2)[0] == Counter({"Cheese": 2})
    assert stand(after, 3) == (Counter(), Counter({"Mead": 1}))
    assert after.gold == state.gold


def test_bags_not_inspected_pass_at_end_of_inspection():
    state = inspection()
    state, _ = act(state, OpenBag(seat=0, merchant=2))
    state, events = act(state, EndInspection(seat=0))
    log = texts(events)
    assert "Robin lets Marian's bag pass." in log and "Robin lets Much's bag pass." in log
    assert state.round == 2
    assert state.last_round[0].text.startswith("Will was honest")


def test_passing_puts_legal_goods_face_up_and_contraband_face_down():
    state = inspection()
    after, events = act(state, LetPass(seat=0, merchant=1))
    assert stand(after, 1) == MARIAN_AFTER_PASS
    log = texts(events)
    assert "Marian's goods go to market: 2 Apples face up, 1 card face down." in log
    assert "Silk" not in log  # the kind of contraband stays secret
    public = GAME.public_view(after).seats[1]
    assert public.hidden_count == 2 and public.hidden is None
    assert after.bags[1] == ()


def test_threaten_asks_the_merchant_for_an_offer():
    state = inspection()
    state, events = act(state, Threaten(seat=0, merchant=1))
    assert "Robin threatens to inspect Marian's bag." in texts(events)
    assert state.step == "offer" and GAME.to_act(state) == [1]
    assert GAME.is_private(state, 1)  # the merchant composes the offer seeing their bag
    rejects(state, LetPass(seat=0, merchant=1), "Wait for Marian's offer")
    state, events = act(state, offer_bribe(seat=1))
    assert "Marian offers no bribe." in texts(events)
    assert state.step == "decide" and GAME.to_act(state) == [0]


def test_bribe_accepted():
    state = inspection()
    state, _ = act(state, Threaten(seat=0, merchant=1))
    bribe = Bribe(gold=7, stand=("Chickens", "Pepper"), favour=DATA.favours[2])
    state, events = act(state, offer_bribe(seat=1, bribe=bribe))
    assert state.offer.favour == "I will declare honestly next round."
    assert ('Marian offers 7 gold, 1 Chicken, 1 Pepper from the stand and a favour: "I will declare honestly next round."') in texts(events)
    after, events = act(state, LetPass(seat=0, merchant=1))
    assert after.gold[1] == 43 and after.gold[0] == 57
    sheriff_up, sheriff_down = stand(after, 0)
    assert sheriff_up == Counter({"Bread": 1, "Chickens": 1})
    assert sheriff_down == Counter({"Pepper": 1})  # bribed contraband stays face down
    assert stand(after, 1) == (Counter({"Chickens": 1, "Cheese": 1, "Apples": 2}), Counter({"Silk": 1}))
    log = texts(events)
    assert "Robin accepts Marian's offer" in log
    assert "Marian pays Robin 7 gold and 1 Chicken, 1 Pepper from the stand." in log
    assert after.round_notes[-1].text.startswith("Marian passed (declared 3 Apples) for 7 gold")


def test_favour_is_shown_but_not_binding():
    state = inspection()
    state, _ = act(state, Threaten(seat=0, merchant=2))
    state, offered = act(state, offer_bribe(seat=2, bribe=Bribe(favour="I owe a favour, to be named later.")))
    # one full stop on each line, the favour's own (they read '...to be named later.".')
    assert [event.text for event in offered] == ['Will offers a favour: "I owe a favour, to be named later."']
    after, events = act(state, LetPass(seat=0, merchant=2))
    lines = [event.text for event in events]
    assert 'Robin accepts Will\'s offer of a favour: "I owe a favour, to be named later."' in lines
    assert 'Will promised Robin a favour: "I owe a favour, to be named later."' in lines
    assert after.gold == state.gold  # nothing else changes hands


def test_a_bribe_without_a_favour_ends_with_a_full_stop():
    state, _ = act(inspection(), Threaten(seat=0, merchant=2))
    state, offered = act(state, offer_bribe(seat=2, bribe=Bribe(gold=3)))
    assert [event.text for event in offered] == ["Will offers 3 gold."]
    _, asked = act(state, counter_bribe(seat=0, bribe=Bribe(gold=5, favour=DATA.favours[1])))
    assert [event.text for event in asked] == [f'Robin asks Will for 5 gold and a favour: "{DATA.favours[1]}"']


def test_a_favour_is_one_of_the_listed_promises_and_at_most_one_a_bribe():
    """Our design: the promises are listed in the game data; a bribe holds one or none."""
    state, _ = act(inspection(), Threaten(seat=0, merchant=2))
    rejects(state, BribeFavour(seat=2, favour="I'll owe Robin one."), "Promise one of the favours on the list")
    one, _ = act(state, BribeFavour(seat=2, favour=DATA.favours[0]))
    rejects(one, BribeFavour(seat=2, favour=DATA.favours[1]), "already promises a favour")
    assert {m.favour for m in GAME.legal_actions(state, 2) if isinstance(m, BribeFavour)} == set(DATA.favours)
    assert not any(isinstance(m, BribeFavour) for m in GAME.legal_actions(one, 2))


def test_promised_bag_goods_paid_only_if_present():
    state = inspection()
    state, _ = act(state, Threaten(seat=0, merchant=1))
    state, _ = act(state, offer_bribe(seat=1, bribe=Bribe(bag=("Silk", "Silk", "Crossbow"))))
    after, events = act(state, LetPass(seat=0, merchant=1))
    assert stand(after, 0)[1] == Counter({"Silk": 1})  # only the one Silk in the bag
    assert stand(after, 1)[1] == Counter({"Pepper": 1})
    assert stand(after, 1)[0]["Apples"] == 2
    assert "From the bag Marian hands Robin 1 Silk (promised: 2 Silk, 1 Crossbow)." in texts(events)


def test_promised_bag_goods_absent_are_not_paid():
    state = inspection()
    state, _ = act(state, Threaten(seat=0, merchant=3))
    state, _ = act(state, offer_bribe(seat=3, bribe=Bribe(bag=("Chickens",))))
    after, events = act(state, LetPass(seat=0, merchant=3))
    assert "None of the promised goods (1 Chicken) were in Much's bag." in texts(events)
    assert stand(after, 0) == stand(state, 0)
    assert stand(after, 3)[1] == Counter({"Mead": 1})


def test_offer_is_limited_to_what_the_merchant_has():
    state, _ = act(inspection(), Threaten(seat=0, merchant=1))
    rejects(state, offer_bribe(seat=1, bribe=Bribe(gold=51)), "You have only 50 gold")
    rejects(state, BribeGold(seat=1, amount=-1), "Name at least 1 gold")
    rejects(state, offer_bribe(seat=1, bribe=Bribe(stand=("Chickens",) * 3)), "only 2 Chickens on your stand")
    rejects(state, offer_bribe(seat=1, bribe=Bribe(stand=("Silk",))), "no Silk on your stand")
    # cards in the hand can never be offered
    rejects(state, offer_bribe(seat=1, bribe=Bribe(stand=("Apples",))), "no Apples on your stand")
    rejects(state, offer_bribe(seat=1, bribe=Bribe(bag=("Apples",) * 4)), "Your bag holds only 3 cards")
    rejects(state, offer_bribe(seat=1, bribe=Bribe(bag=("Bananas",))), "no good called")
    rejects(state, offer_bribe(seat=1, bribe=Bribe(bag=("Green Apples",))), "no Green Apples in this game")


def test_counter_offer_and_new_offer():
    state = inspection()
    state, _ = act(state, Threaten(seat=0, merchant=1))
    state, _ = act(state, offer_bribe(seat=1, bribe=Bribe(gold=2)))
    state, events = act(state, counter_bribe(seat=0, bribe=Bribe(gold=10, bag=("Apples",))))
    assert "Robin asks Marian for 10 gold and 1 Apple from the bag." in texts(events)
    assert state.step == "offer" and state.demand.gold == 10 and state.offer.gold == 2
    assert is_legal_run(state, offer_bribe(seat=1, bribe=state.demand))
    state, _ = act(state, offer_bribe(seat=1, bribe=Bribe(gold=6)))
    after, _ = act(state, LetPass(seat=0, merchant=1))
    assert after.gold[0] == 56 and after.gold[1] == 44  # the last offer is the one accepted


def test_counter_offers_are_capped_so_negotiation_ends():
    state = inspection()
    state, _ = act(state, Threaten(seat=0, merchant=1))
    for demand in (5, 6, 7):
        state, _ = act(state, offer_bribe(seat=1, bribe=Bribe(gold=1)))
        state, _ = act(state, counter_bribe(seat=0, bribe=Bribe(gold=demand)))
    state, _ = act(state, offer_bribe(seat=1, bribe=Bribe(gold=1)))
    rejects(state, counter_bribe(seat=0, bribe=Bribe(gold=8)), "No more counter-offers")
    assert {a.type for a in GAME.legal_actions(state, 0)} == {"let_pass", "open"}


def test_sheriff_demand_is_checked_against_public_information_only():
    state = inspection()
    state, _ = act(state, Threaten(seat=0, merchant=1))
    state, _ = act(state, offer_bribe(seat=1, bribe=Bribe()))
    rejects(state, counter_bribe(seat=0, bribe=Bribe(gold=60)), "Marian has only 50 gold")
    rejects(state, counter_bribe(seat=0, bribe=Bribe(stand=("Cheese", "Cheese"))), "Marian has only 1 Cheese")
    rejects(state, counter_bribe(seat=0, bribe=Bribe(stand=("Silk", "Mead"))), "Marian has only 1 face-down good on the stand.")
    rejects(state, counter_bribe(seat=0, bribe=Bribe()), "already on the table")
    # a guess at the face-down good is allowed even if wrong (the Sheriff cannot know)
    state, _ = act(state, counter_bribe(seat=0, bribe=Bribe(stand=("Silk",))))
    assert offer_bribe(seat=1, bribe=state.demand) not in GAME.legal_actions(state, 1)
    rejects(state, offer_bribe(seat=1, bribe=state.demand), "no Silk on your stand")


def test_decide_on_the_threatened_bag_first():
    state = inspection()
    state, _ = act(state, Threaten(seat=0, merchant=1))
    state, _ = act(state, offer_bribe(seat=1))
    for action in (LetPass(seat=0, merchant=2), OpenBag(seat=0, merchant=3), Threaten(seat=0, merchant=2), EndInspection(seat=0)):
        rejects(state, action, "Decide on Marian's bag first")


def test_sheriff_choice_is_final():
    state = inspection()
    state, _ = act(state, LetPass(seat=0, merchant=1))
    rejects(state, OpenBag(seat=0, merchant=1), "already been dealt with")
    rejects(state, Threaten(seat=0, merchant=1), "already been dealt with")
    rejects(state, OpenBag(seat=0, merchant=0), "no bag to inspect")


def test_open_refuses_the_offer():
    state = inspection()
    state, _ = act(state, Threaten(seat=0, merchant=2))
    state, _ = act(state, offer_bribe(seat=2, bribe=Bribe(gold=20)))
    after, events = act(state, OpenBag(seat=0, merchant=2))
    assert "Robin refuses Will's offer." in texts(events)
    assert after.gold[2] == 54 and after.gold[0] == 46  # no bribe; the honest bag is paid


def test_honest_bag_opened_sheriff_pays():
    state = inspection()
    after, events = act(state, OpenBag(seat=0, merchant=2))
    assert after.gold[0] == 46 and after.gold[2] == 54  # 2 Cheese x penalty 2
    assert stand(after, 2)[0] == Counter({"Cheese": 2})
    log = texts(events)
    assert "Robin opens Will's bag (declared 2 Cheese): 2 Cheese." in log
    assert "Will told the truth: Robin owes Will 4 gold." in log
    assert after.step == "choose" and after.target is None


def test_lying_bag_opened_mixed_goods():
    state = inspection()
    after, events = act(state, OpenBag(seat=0, merchant=1))
    log = texts(events)
    assert "Robin opens Marian's bag (declared 3 Apples): 2 Apples, 1 Silk." in log
    assert "Marian lied: 2 Apples go to market; 1 Silk confiscated, a fine of 4 gold." in log
    assert stand(after, 1)[0]["Apples"] == 2  # the truthfully declared goods pass
    assert after.step == "confiscate" and GAME.to_act(after) == [0]
    assert not GAME.is_private(after, 0)
    assert kinds(after.confiscated) == ["Silk"]
    assert GAME.public_view(after).confiscated[0].name == "Silk"  # now public
    done, events = act(after, confiscate_goods(seat=0, pile=1, order=after.confiscated))
    assert kinds(done.discards[1]) == ["Cheese", "Silk"]
    assert done.gold[1] == 46 and done.gold[0] == 54
    assert "Marian pays Robin 4 gold." in texts(events)
    assert done.step == "choose"


def test_confiscated_goods_go_on_a_discard_pile_in_sheriffs_order():
    state = inspection(
        bags={1: ["Apples", "Silk", "Mead", "Crossbow"], 2: ["Cheese"], 3: ["Mead"]}, declarations={1: "Apples", 2: "Cheese", 3: "Chickens"}
    )
    state, _ = act(state, OpenBag(seat=0, merchant=1))
    assert state.fine_due == 12
    silk, mead, crossbow = state.confiscated
    rejects(state, confiscate_goods(seat=0, pile=0, order=(silk, mead)), "Place every confiscated good first (1 card left)")
    rejects(state, confiscate_goods(seat=0, pile=2, order=(silk, mead, crossbow)), "only two discard piles")
    rejects(state, OpenBag(seat=0, merchant=2), "First put the confiscated goods")
    after, events = act(state, confiscate_goods(seat=0, pile=0, order=(crossbow, silk, mead)))
    assert kinds(after.discards[0]) == ["Apples", "Crossbow", "Silk", "Mead"]
    assert "Robin puts the confiscated Crossbow, Silk, Mead on discard pile 1 (Mead on top)." in texts(events)
    assert after.gold[1] == 38


def test_fully_false_bag_confiscates_everything():
    state = inspection()
    state, events = act(state, OpenBag(seat=0, merchant=3))
    assert "Much lied: 1 Mead confiscated, a fine of 4 gold." in texts(events)
    assert state.stands_up[3] == ()


def test_royal_goods_are_confiscated_like_contraband():
    state = inspection(
        royal=True,
        bags={1: ["Apples", "Golden Apples"], 2: ["Cheese"], 3: ["Mead"]},
        declarations={1: "Apples", 2: "Cheese", 3: "Chickens"},
    )
    state, _ = act(state, OpenBag(seat=0, merchant=1))
    assert kinds(state.confiscated) == ["Golden Apples"]
    assert state.fine_due == 4  # the Royal Good's own penalty
    assert stand(state, 1)[0]["Apples"] == 1


def test_royal_goods_pass_face_down():
    state = inspection(
        royal=True, bags={1: ["Apples", "Green Apples"], 2: ["Cheese"], 3: ["Mead"]}, declarations={1: "Apples", 2: "Cheese", 3: "Chickens"}
    )
    after, events = act(state, LetPass(seat=0, merchant=1))
    assert stand(after, 1)[1] == Counter({"Pepper": 1, "Green Apples": 1})
    assert "1 Apple face up, 1 card face down" in texts(events)
    assert "Green" not in texts(events)


def test_inspection_waits_for_all_declarations():
    state = inspection(step="declare", declarations={})
    rejects(state, Declare(seat=1, good="Apples", count=2), "declare exactly 3")
    rejects(state, Threaten(seat=0, merchant=1), "The Sheriff inspects only after every merchant has declared.")
    assert bag_of(state.bags[1])["Silk"] == 1


def test_judge_bag_tells_what_opening_would_mean():
    from sherwood_tui.games.sheriff.rules.model import judge_bag

    state = inspection()
    honest = judge_bag(state.bags[2], "Cheese")
    assert honest.honest and honest.sheriff_pays == 4 and honest.fine == 0
    lying = judge_bag(state.bags[1], "Apples")
    assert not lying.honest and kinds(lying.passes) == ["Apples", "Apples"]
    assert kinds(lying.confiscated) == ["Silk"] and lying.fine == 4 and lying.sheriff_pays == 0
    assert judge_bag(state.bags[1], "Cheese").fine == 8
