"""Why a move is refused, most specific reason first: the seat's role (only the Sheriff
inspects; the Sheriff has no market turn, bag or bribe), then the step (no debt to pay,
no offer to counter), then the turn. Worked out only once a move has been refused."""

from __future__ import annotations

from collections.abc import Callable

from sherwood_tui.games.sheriff.rules.model import (
    BRIBE_PARTS,
    Action,
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
from sherwood_tui.games.sheriff.rules.steps import STEPS
from sherwood_tui.games.sheriff.rules.turns import declarer

# the Sheriff's moves, and what a merchant who tries one hears
_SHERIFF_MOVES: dict[type, str] = {
    Threaten: "Only the Sheriff ({sheriff}) inspects bags.",
    LetPass: "Only the Sheriff ({sheriff}) inspects bags.",
    OpenBag: "Only the Sheriff ({sheriff}) inspects bags.",
    EndInspection: "Only the Sheriff ({sheriff}) inspects bags.",
    CounterOffer: "Only the Sheriff ({sheriff}) makes counter-offers.",
    Confiscate: "Only the Sheriff ({sheriff}) places confiscated goods.",
}
# the merchants' moves, and what the Sheriff who tries one hears
_MERCHANT_MOVES: dict[type, str] = {
    SetAsideCard: "The Sheriff has no market turn this round.",
    SetAside: "The Sheriff has no market turn this round.",
    Draw: "The Sheriff has no market turn this round.",
    PlaceAside: "The Sheriff has no market turn this round.",
    LoadCard: "The Sheriff loads no bag.",
    LoadBag: "The Sheriff loads no bag.",
    Declare: "The Sheriff has no bag to declare.",
    Offer: "The Sheriff offers no bribe: a threatened merchant does.",
}
_MARKET = (SetAsideCard, SetAside, Draw, PlaceAside)


def _name(state: State, seat: int) -> str:
    return state.players[seat].name


def _target_name(state: State) -> str:
    """The name of the merchant whose bag is under inspection."""
    assert state.target is not None  # asked only in the steps that inspect a bag
    return _name(state, state.target)


def _offer_made(state: State) -> str:
    """What the threatened merchant hears once their offer is made."""
    return f"You have made your offer: {_name(state, state.sheriff)}, the Sheriff, decides now."


def why_not_turn(state: State, seat: int) -> str | None:
    """Why this seat may not act now (None: the contract's general message)."""
    if not 0 <= seat < len(state.players):
        return None
    step = state.step
    if step == "load":
        if seat == state.sheriff:
            return "The Sheriff loads no bag."
        if state.bags[seat]:
            return "Your bag is already sealed."
    if step == "offer" and seat == state.sheriff:
        return f"Wait for {_target_name(state)}'s offer."
    if step in ("choose", "decide", "confiscate") and seat != state.sheriff:
        return f"{_name(state, state.sheriff)}, the Sheriff, decides now."
    acting = STEPS.of(state).actors(state)
    if acting:
        names = " and ".join(_name(state, s) for s in acting)
        return f"It is not {_name(state, seat)}'s turn: waiting for {names}."
    return None


def why_not(state: State, action: Action, general: Callable[[State, int], str]) -> str:
    """Why this move cannot be made now; `general(state, seat)` is the game's message
    for a seat that acts out of turn."""
    seat, step, kind = action.seat, state.step, type(action)
    if kind in _SHERIFF_MOVES and seat != state.sheriff:
        return _SHERIFF_MOVES[kind].format(sheriff=_name(state, state.sheriff))
    if kind in _MERCHANT_MOVES and seat == state.sheriff:
        if kind is Offer and step == "offer":
            return f"Wait for {_target_name(state)}'s offer."
        return _MERCHANT_MOVES[kind]
    if step not in STEPS.steps_of.get(kind, ()):
        return _wrong_step(state, action, general)
    return _not_your_turn(state, action, general)


def _wrong_step(state: State, action: Action, general: Callable[[State, int], str]) -> str:
    """Why this move does not belong to the current step."""
    step, phase, kind = state.step, state.phase, type(action)
    own_market = phase == "market" and action.seat == state.market_seat
    if kind in _MARKET and phase == "market" and not own_market:
        return general(state, action.seat)
    if kind in (SetAside, SetAsideCard):
        if own_market:
            return "You have already set your cards aside this turn."
        return "Cards are set aside only at the start of a market turn."
    if kind is Draw:
        if step == "set_aside":
            return "Set aside your unwanted cards first (or none)."
        if step == "place":
            return "You cannot draw any more cards: put the set-aside cards back on a discard pile."
        return "Cards are drawn only on your market turn."
    if kind is PlaceAside or kind is PileCard and phase == "market":
        if step == "draw":
            return "Draw back up to six cards before putting the set-aside cards back."
        return "There are no set-aside cards to put back now."
    if kind is PileCard:
        if action.seat == state.sheriff and step != "offer":
            return "There are no confiscated goods to place."
        return "There are no cards to put on a discard pile now."
    if kind in BRIBE_PARTS:
        if step == "decide" and action.seat == state.target:
            return _offer_made(state)
        if action.seat == state.sheriff and step != "offer":
            return "The Sheriff can counter only after hearing an offer."
        return "You can offer a bribe only when the Sheriff threatens your bag."
    if kind in (LoadBag, LoadCard):
        return "Bags are loaded only after the market, before the declarations."
    if kind is Declare:
        if phase in ("market", "load"):
            return "Declarations come after every bag is sealed."
        return "The declarations are over."
    if kind is Offer:
        if step == "decide" and action.seat == state.target:
            return _offer_made(state)
        return "You can offer a bribe only when the Sheriff threatens your bag."
    if kind is PayWithGood:
        return "You owe nothing now."
    if kind is Confiscate:
        return "There are no confiscated goods to place."
    if kind is CounterOffer and step != "offer":
        return "The Sheriff can counter only after hearing an offer."
    if kind in (Threaten, EndInspection) and step == "decide":
        return (
            f"Decide on {_target_name(state)}'s bag first: let it pass, "
            "open it, or make a counter-offer."
        )
    return _not_inspecting(state)


def _not_inspecting(state: State) -> str:
    if state.phase in ("market", "load", "declare"):
        return "The Sheriff inspects only after every merchant has declared."
    if state.step == "offer":
        return f"Wait for {_target_name(state)}'s offer."
    if state.step == "confiscate":
        return "First put the confiscated goods on a discard pile."
    if state.step == "pay":
        assert state.debt is not None  # the step of paying a debt
        return f"First {_name(state, state.debt.debtor)} must pay the debt."
    return "That is not possible now."


def _not_your_turn(state: State, action: Action, general: Callable[[State, int], str]) -> str:
    """Why this seat may not make a move of the current step."""
    seat, kind = action.seat, type(action)
    if kind is Declare:
        if state.declarations[seat] is not None:
            return "You have already declared."
        if not state.bags[seat]:
            return "You have no bag to declare."
        first = declarer(state)
        if first is not None:
            return (
                "Declarations go in order from the Sheriff's left: "
                f"{_name(state, first)} declares now."
            )
    if kind in (LoadBag, LoadCard) and not state.bags[seat] and not state.hands[seat]:
        return "You have no cards to load."
    if kind is Offer or kind in BRIBE_PARTS and seat != state.sheriff:
        if state.step == "decide" and seat == state.target:
            return _offer_made(state)
        return "You can offer a bribe only when the Sheriff threatens your bag."
    if kind is PayWithGood:
        return "You owe nothing now."
    return general(state, seat)
