"""The option "Bribes without favours": a bribe holds gold and goods only."""

import random

from sherwood_tui.core.bots import expert_kit
from sherwood_tui.core.search import complete
from sherwood_tui.games.sheriff import GAME
from sherwood_tui.games.sheriff.rules.model import DATA, Bribe, BribeFavour, Threaten
from sherwood_tui.games.sheriff.rules.options import SheriffOptions

from .sheriff_kit import act, arrange, counter_bribe, offer_bribe, players, rejects


def threatened(no_favours: bool):
    """4 players, Robin (0) is Sheriff and has threatened Will (2), who declared 2 Cheese."""
    state = arrange(
        n=4, sheriff=0, step="choose", hands={s: ["Apples"] * 6 for s in range(4)},
        bags={1: ["Apples"], 2: ["Cheese", "Cheese"], 3: ["Mead"]}, up={2: ["Chickens"]},
        declarations={1: "Apples", 2: "Cheese", 3: "Chickens"}, options=SheriffOptions(no_favours=no_favours),
    )
    return act(state, Threaten(seat=0, merchant=2))[0]


def test_setup_offers_bribes_without_favours_off_by_default():
    spec = next(spec for spec in GAME.options if spec.key == "no_favours")
    assert spec.label == "Bribes without favours" and spec.default is False
    assert GAME.new_game(players(3), {"no_favours": True}, 1).options.no_favours


def test_without_favours_a_merchant_may_not_promise_one():
    state = threatened(no_favours=True)
    rejects(state, BribeFavour(seat=2, favour=DATA.favours[0]), "This game's bribes are without favours")
    assert not any(isinstance(move, BribeFavour) for move in GAME.legal_actions(state, 2))
    offered, events = act(state, offer_bribe(seat=2, bribe=Bribe(gold=3, stand=("Chickens",))))
    assert [event.text for event in events] == ["Will offers 3 gold and 1 Chicken from the stand."]


def test_without_favours_the_sheriff_may_not_ask_for_one():
    state, _ = act(threatened(no_favours=True), offer_bribe(seat=2, bribe=Bribe(gold=1)))
    rejects(state, BribeFavour(seat=0, favour=DATA.favours[1]), "This game's bribes are without favours")
    assert not any(isinstance(move, BribeFavour) for move in GAME.legal_actions(state, 0))
    act(state, counter_bribe(seat=0, bribe=Bribe(gold=4)))


def test_with_favours_as_usual_every_listed_promise_is_offered():
    state = threatened(no_favours=False)
    assert {m.favour for m in GAME.legal_actions(state, 2) if isinstance(m, BribeFavour)} == set(DATA.favours)


def test_the_expert_proposes_no_favour_when_bribes_are_without_favours():
    state = threatened(no_favours=True)
    kit = expert_kit(GAME)
    view, legal = GAME.view(state, 2), GAME.legal_actions(state, 2)
    decisions = complete(kit.candidates(view, legal, kit.model(view), random.Random(1)), legal)
    assert len(decisions) > 1
    for decision in decisions:
        assert not any(isinstance(move, BribeFavour) for move in decision)
        after = state
        for move in decision:  # each one legal: the rules raise on an illegal one
            after = GAME.apply(after, move)[0]
