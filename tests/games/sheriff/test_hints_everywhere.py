"""Every private decision screen of Sheriff of Nottingham offers a hint (h) naming the
exact choice: the cards set aside, the card drawn and its pile, the pile cards go back
on, the bag, the declaration, the bribe, the good a debt is paid with. The Sheriff's
screens are public (the table watches the inspection): their hint is searched from the
Sheriff's own view and shown once a first h has asked the others to look away ("inspect
Much's bag", "let Much's bag pass")."""

from __future__ import annotations

import re

import pytest

from sherwood_tui.core.contract import Player
from sherwood_tui.games.sheriff import GAME
from sherwood_tui.games.sheriff.rules.model import (
    Bribe,
    BribeGold,
    Confiscate,
    CounterOffer,
    Debt,
    Draw,
    EndInspection,
    LetPass,
    OpenBag,
    PileCard,
    PlaceAside,
    Threaten,
)
from sherwood_tui.games.sheriff.ui.screens import decision_text
from sherwood_tui.ui.app import SherwoodApp
from sherwood_tui.ui.game_screen import GameScreen
from tests.contract_checks import changed
from tests.ui.helpers import ask_hint, show_decision

from .sheriff_kit import arrange

CARD = r"[A-Z][a-z]+(?: [A-Z][a-z]+)*"
GOODS = rf"\d+ {CARD}(?:, \d+ {CARD})*"


def _place_state():
    state = arrange(n=3, sheriff=0, step="place", hands={1: ["Apples"] * 4}, discards=(["Cheese"], ["Mead"]))
    aside = state.draw_pile[-2:]
    return changed(state, set_aside=aside, draw_pile=state.draw_pile[:-2])


def _debt_state():
    state = arrange(n=3, sheriff=0, step="pay", up={1: ["Apples", "Chickens"]}, down={1: ["Silk"]},
                    bags={2: ["Cheese"]}, declarations={2: "Cheese"}, gold={1: 0}, target=1)
    return changed(state, debt=Debt(debtor=1, creditor=0, amount=5))


SCREENS = {
    "set aside": (
        lambda: arrange(n=3, sheriff=0, step="set_aside", hands={1: ["Apples", "Apples", "Cheese", "Silk", "Mead", "Chickens"]}),
        rf"^Hint: (Set aside {GOODS}|Set nothing aside): wins",
    ),
    "draw": (
        lambda: arrange(n=3, sheriff=0, step="draw", hands={1: ["Cheese", "Cheese", "Cheese", "Silk"]},
                        discards=(["Apples", "Cheese"], ["Mead"])),
        rf"^Hint: (Draw {CARD} from discard pile [12]|Draw (\d cards )?from the draw pile)"
        rf"(, draw ({CARD} from discard pile [12]|(\d cards )?from the draw pile))*: wins",
    ),
    "put back": (_place_state, rf"^Hint: Discard {GOODS} on discard pile [12]: wins"),
    "load": (
        lambda: arrange(n=3, sheriff=0, step="load", hands={1: ["Apples", "Apples", "Cheese", "Silk", "Mead", "Chickens"],
                                                            2: ["Apples", "Cheese"]}),
        rf"^Hint: Load {GOODS}: wins",
    ),
    "declare": (
        lambda: arrange(n=3, sheriff=0, step="declare", bags={1: ["Apples", "Silk"], 2: ["Cheese"]}, hands={1: ["Cheese"]}),
        rf"^Hint: Declare 2 {CARD}: wins",
    ),
    "offer": (
        lambda: arrange(n=3, sheriff=0, step="offer", bags={1: ["Apples", "Silk"], 2: ["Cheese"]},
                        declarations={1: "Apples", 2: "Cheese"}, target=1, up={1: ["Cheese"]}),
        r"^Hint: Offer (nothing|\S.*?): wins",
    ),
    "pay": (_debt_state, rf"^Hint: Pay with 1 {CARD}: wins"),
}
SHERIFFS = {  # the Sheriff's public screens: (the state, the hint, the seat)
    "inspect or pass": (
        lambda: arrange(n=3, sheriff=1, step="choose", bags={0: ["Apples"], 2: ["Cheese", "Silk"]},
                        declarations={0: "Apples", 2: "Cheese"}),
        r"^Hint: (Inspect|Let|Threaten to inspect) (Robin|Will)'s bag( pass)?|^Hint: Inspect no more",
    ),
    "a bribe offered": (
        lambda: changed(arrange(n=3, sheriff=1, step="decide", target=2, bags={0: ["Apples"], 2: ["Cheese", "Silk"]},
                                declarations={0: "Apples", 2: "Cheese"}, gold={2: 10}), offer=Bribe(gold=2)),
        r"^Hint: (Let Will's bag pass, taking 2 gold|Inspect Will's bag|Ask for .+)",
    ),
}


@pytest.mark.parametrize("kind", list(SCREENS))
async def test_every_private_decision_screen_offers_a_hint_naming_the_exact_choice(kind):
    await _hint_on(*SCREENS[kind])


@pytest.mark.parametrize("kind", list(SHERIFFS))
async def test_the_sheriffs_public_decisions_offer_a_hint_once_the_others_look_away(kind):
    await _hint_on(*SHERIFFS[kind], public=True)


async def _hint_on(make, pattern: str, public: bool = False) -> None:
    app = SherwoodApp(bot_delay=0, hint_playouts=6)
    async with app.run_test(size=(100, 30)) as pilot:
        await show_decision(app, pilot, "sheriff", [Player(name=n) for n in ("Robin", "Marian", "Will")], make())
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.private != public and screen.seat == 1, type(screen).__name__
        hint = await ask_hint(pilot, screen, public)
        assert re.search(pattern, hint), hint


def test_the_sheriffs_choices_are_worded_with_the_bag_and_the_pile():
    state = arrange(n=3, sheriff=0, step="choose", bags={1: ["Apples"], 2: ["Cheese"]},
                    declarations={1: "Apples", 2: "Cheese"})
    view = GAME.view(state, 0)
    assert decision_text((OpenBag(seat=0, merchant=1),), view) == "inspect Marian's bag"
    assert decision_text((LetPass(seat=0, merchant=2),), view) == "let Will's bag pass"
    assert decision_text((Threaten(seat=0, merchant=1),), view) == "threaten to inspect Marian's bag"
    assert decision_text((EndInspection(seat=0),), view) == "inspect no more: every bag left passes"
    deciding = changed(state, step="decide", target=1, offer=Bribe(gold=2))
    view = GAME.view(deciding, 0)
    assert decision_text((LetPass(seat=0, merchant=1),), view) == "let Marian's bag pass, taking 2 gold"
    assert decision_text((BribeGold(seat=0, amount=5), CounterOffer(seat=0)), view) == "ask for 5 gold"
    confiscating = arrange(n=3, sheriff=0, step="confiscate", target=1, bags={2: ["Cheese"]},
                           declarations={2: "Cheese"})
    silk = confiscating.draw_pile[0]
    view = GAME.view(changed(confiscating, confiscated=(silk,)), 0)
    text = decision_text((PileCard(seat=0, pile=1, card=silk), Confiscate(seat=0)), view)
    assert text.startswith("put 1 ") and text.endswith(" on discard pile 2")


def test_a_draw_names_its_card_and_a_put_back_its_pile():
    state = arrange(n=3, sheriff=0, step="draw", hands={1: ["Cheese"]}, discards=(["Apples", "Cheese"], ["Mead"]))
    view = GAME.view(state, 1)
    two = (Draw(seat=1, from_discard=0), Draw(seat=1, from_discard=0))
    assert decision_text(two, view) == "draw Cheese from discard pile 1, draw Apples from discard pile 1"
    assert decision_text((Draw(seat=1, from_discard=None),), view) == "draw from the draw pile"
    refill = (Draw(seat=1, from_discard=1), *(Draw(seat=1, from_discard=None) for _ in range(4)))
    assert decision_text(refill, view) == "draw Mead from discard pile 2, draw 4 cards from the draw pile"
    placing = _place_state()
    view = GAME.view(placing, 1)
    cards = placing.set_aside
    moves = (*(PileCard(seat=1, pile=1, card=c) for c in cards), PlaceAside(seat=1))
    assert decision_text(moves, view).endswith("on discard pile 2")
