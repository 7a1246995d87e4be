"""Sheriff of Nottingham's steps, each declared once: who decides, the moves it takes
and the rule of each, its exact legal moves, whether the decision is private, and which
moves can never be taken back. The core dispatches (`core/steps.py`).

A round: the market (each merchant in turn: set aside, draw, put back), loading (every
merchant at once), declaring (in turn), then the inspection (the Sheriff chooses a bag;
a threatened merchant offers; the Sheriff decides or counters; confiscated goods are
placed; a debtor pays with goods).

Private decisions (the curtain): the whole market turn, loading, declaring (the merchant
sees the bag), composing an offer, and paying a debt with stand goods (face-down kinds
are on screen). Every Sheriff decision is public: it needs nothing from the Sheriff's
hand, and a demand is checked only against what the table can see.
"""

from __future__ import annotations

from sherwood_tui.core.steps import Rule, Step, StepTable
from sherwood_tui.games.sheriff.rules import legal
from sherwood_tui.games.sheriff.rules.model import (
    BribeBagGood,
    BribeFavour,
    BribeGold,
    BribeStandGood,
    Confiscate,
    CounterOffer,
    Declare,
    Draw,
    EndInspection,
    LetPass,
    LoadBag,
    LoadCard,
    Offer,
    OpenBag,
    PayWithGood,
    PileCard,
    PlaceAside,
    SetAside,
    SetAsideCard,
    State,
    Threaten,
)
from sherwood_tui.games.sheriff.rules.phases import bribes, deck, declare, inspect, load, market, payment
from sherwood_tui.games.sheriff.rules.turns import declarer, loaders


def market_seat(state: State) -> tuple[int, ...]:
    return (state.market_seat,)  # type: ignore[return-value]  # set in the market


def sheriff(state: State) -> tuple[int, ...]:
    return (state.sheriff,)


def target(state: State) -> tuple[int, ...]:
    return (state.target,)  # type: ignore[return-value]  # set while a bag is threatened


def the_declarer(state: State) -> tuple[int, ...]:
    seat = declarer(state)
    return () if seat is None else (seat,)


def debtor(state: State) -> tuple[int, ...]:
    return (state.debt.debtor,)  # type: ignore[union-attr]  # the pay step has a debt


def may_load(state: State, seat: int) -> bool:
    """A merchant with cards and no sealed bag yet (as `loaders`)."""
    bags = state.bags
    return 0 <= seat < len(bags) and seat != state.sheriff and not bags[seat] and bool(state.hands[seat])


BRIBE_ITEMS: dict[type, Rule] = {
    BribeGold: bribes.bribe_gold, BribeStandGood: bribes.bribe_stand_good,
    BribeBagGood: bribes.bribe_bag_good, BribeFavour: bribes.bribe_favour,
}

STEPS: StepTable[State] = StepTable(field="step", over="over", steps=(
    # the market: each merchant in turn
    Step("set_aside", actors=market_seat, legal=legal.set_aside, private=True,
         moves={SetAsideCard: market.set_aside_card, SetAside: market.set_aside}),
    Step("draw", actors=market_seat, legal=legal.draw, private=True,
         moves={Draw: market.draw}, final=frozenset({Draw})),  # drawing shows new cards
    Step("place", actors=market_seat, legal=legal.place, private=True,
         moves={PileCard: deck.pile_card, PlaceAside: market.place}),
    # loading: every merchant at once
    Step("load", actors=loaders, may_act=may_load, legal=legal.load, private=True,
         moves={LoadCard: load.load_card, LoadBag: load.load}),
    Step("declare", actors=the_declarer, legal=legal.declare, private=True,
         moves={Declare: declare.declare}),
    # the inspection (letting a bag pass, opening it, ending the inspection and placing
    # confiscated goods are final by the rules)
    Step("choose", actors=sheriff, legal=legal.choose,
         moves={Threaten: inspect.threaten, LetPass: inspect.let_pass, OpenBag: inspect.open_bag,
                EndInspection: inspect.end_inspection},
         final=frozenset({LetPass, OpenBag, EndInspection})),
    Step("offer", actors=target, legal=legal.offer, private=True,
         moves={**BRIBE_ITEMS, Offer: inspect.offer}),
    Step("decide", actors=sheriff, legal=legal.decide,
         moves={LetPass: inspect.let_pass, OpenBag: inspect.open_bag, **BRIBE_ITEMS,
                CounterOffer: inspect.counter},
         final=frozenset({LetPass, OpenBag})),
    Step("confiscate", actors=sheriff, legal=legal.confiscate,
         moves={PileCard: deck.pile_card, Confiscate: payment.confiscate}, final=frozenset({Confiscate})),
    Step("pay", actors=debtor, legal=legal.pay, private=True, moves={PayWithGood: payment.pay_good}),
))
