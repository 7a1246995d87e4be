"""The inspection: the Sheriff threatens a bag, lets it pass or opens it, or ends the
inspection so every bag left passes. A threatened merchant makes an offer (maybe
empty); the Sheriff then lets the bag pass (accepting the offer), opens it (refusing
it) or counters (at most `max_counter_offers` times per bag)."""

from __future__ import annotations

from sherwood_tui.core.contract import Event
from sherwood_tui.core.draft import replaced
from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.wording import Lazy
from sherwood_tui.games.sheriff.rules.model import (
    DATA,
    FACE_DOWN,
    NAME,
    PENALTY,
    Bribe,
    CounterOffer,
    EndInspection,
    LetPass,
    Offer,
    OpenBag,
    State,
    Threaten,
    Turn,
    noted,
)
from sherwood_tui.games.sheriff.rules.phases.bribes import NO_BRIBE, pay_bribe
from sherwood_tui.games.sheriff.rules.phases.payment import charge
from sherwood_tui.games.sheriff.rules.phases.round_end import finish_bag, next_bag
from sherwood_tui.games.sheriff.rules.turns import pending_bags
from sherwood_tui.games.sheriff.rules.wording import CARDS, bribe_sentence, count_text, describe, describe_bribe

THREATENS = "{0} threatens to inspect {1}'s bag."
OFFERS_NOTHING = "{0} offers no bribe."
OFFERS = "{0} offers {1}"  # a bribe_sentence: it ends with its own full stop
ASKS = "{0} asks {1} for {2}"
NO_MORE = "{0} inspects no more bags."
ACCEPTS = "{0} accepts {1}'s offer of {2}"
LETS_PASS = "{0} lets {1}'s bag pass."
TO_MARKET = "{0}'s goods go to market: {1} face up, {2} face down."
TO_MARKET_UP = "{0}'s goods go to market: {1} face up."
TO_MARKET_DOWN = "{0}'s goods go to market: {1} face down."
NOTHING_LEFT = "Nothing is left in {0}'s bag to go to market."
PASSED_FOR = "{0} passed (declared {1}) for {2}"
PASSED = "{0} passed (declared {1}) with no bribe"
REFUSES = "{0} refuses {1}'s offer."
OPENS = "{0} opens {1}'s bag (declared {2}): {3}."
TRUTH = "{0} told the truth: {1} owes {0} {2} gold."
HONEST = "{0} was honest ({1}): {2} owed {3} gold"
LIED_SOME = "{0} lied: {1} go to market; {2} confiscated, a fine of {3} gold."
LIED = "{0} lied: {1} confiscated, a fine of {2} gold."
CAUGHT = "{0} was caught lying (declared {1}): {2} confiscated, fined {3} gold"


def check_target(state: State | Turn, merchant: int) -> str:
    if not 0 <= merchant < len(state.players):
        raise RuleError("There is no such merchant.")
    name = state.players[merchant].name
    if state.step == "decide" and merchant != state.target:
        raise RuleError(
            f"Decide on {state.players[state.target].name}'s bag first: let it pass, "  # type: ignore[index]  # deciding on a target
            "open it, or make a counter-offer."
        )
    if merchant == state.sheriff:
        raise RuleError("The Sheriff has no bag to inspect.")
    if not state.bags[merchant]:
        raise RuleError(f"{name}'s bag has already been dealt with.")
    return name


def threaten(state: State, action: Threaten) -> tuple[State, list[Event]]:
    name = check_target(state, action.merchant)
    t = Turn(state)
    t.step = "offer"
    t.target = action.merchant
    t.offer = t.demand = t.building = None
    t.counters = 0
    t.record = noted(t.record, action.merchant, threatened=1)
    t.say(THREATENS, t.name(t.sheriff), name)
    return t.finish()


def offer(state: State, action: Offer) -> tuple[State, list[Event]]:
    """The merchant offers the bribe built (each item was checked as it was added)."""
    bribe = state.building or NO_BRIBE
    t = Turn(state)
    t.step = "decide"
    t.offer = bribe
    t.building = None
    if state.demand is None and not bribe.empty:
        t.record = noted(t.record, action.seat, offered=1)
    if bribe.empty:
        t.say(OFFERS_NOTHING, t.name(action.seat))
    else:
        t.say(OFFERS, t.name(action.seat), Lazy(bribe_sentence, bribe))
    return t.finish()


def counter(state: State, action: CounterOffer) -> tuple[State, list[Event]]:
    if state.counters >= DATA.max_counter_offers:
        raise RuleError(
            f"No more counter-offers for this bag ({DATA.max_counter_offers} made): "
            "let it pass or open it."
        )
    bribe = state.building or NO_BRIBE
    if bribe == state.offer:
        raise RuleError("That is the offer already on the table: let the bag pass to accept it.")
    t = Turn(state)
    t.step = "offer"
    t.demand = bribe
    t.building = None
    t.counters += 1
    t.say(ASKS, t.name(t.sheriff), t.name(t.target), Lazy(bribe_sentence, bribe))
    return t.finish()


def let_pass(state: State, action: LetPass) -> tuple[State, list[Event]]:
    check_target(state, action.merchant)
    t = Turn(state)
    _pass_bag(t, action.merchant, state.offer if state.step == "decide" else None)
    return finish_bag(t)


def end_inspection(state: State, action: EndInspection) -> tuple[State, list[Event]]:
    t = Turn(state)
    t.say(NO_MORE, t.name(t.sheriff))
    for m in pending_bags(state):
        _pass_bag(t, m, None)
    return next_bag(t)


def _pass_bag(t: Turn, m: int, bribe: Bribe | None) -> None:
    """The bag passes: the accepted bribe is paid, promised bag goods as far as they
    exist, and the rest goes on the merchant's stand (face down if not legal)."""
    name, sheriff = t.name(m), t.name(t.sheriff)
    bag = t.bags[m]
    declared = Lazy(count_text, len(bag), t.declarations[m])
    paid = bribe if bribe is not None and not bribe.empty else None  # an empty bribe pays nothing
    t.record = noted(noted(t.record, m, bags=1), t.sheriff, faced=1, bribed=paid is not None)
    if paid is not None:
        t.say(ACCEPTS, sheriff, name, Lazy(bribe_sentence, paid))
    t.say(LETS_PASS, sheriff, name)
    ups, downs = list(t.stands_up), list(t.stands_down)
    if paid is not None:
        bag = pay_bribe(t, m, paid, stands=(ups, downs))
    legal = tuple(c for c in bag if not FACE_DOWN[c])
    hidden = tuple(c for c in bag if FACE_DOWN[c])
    ups[m] = ups[m] + legal
    downs[m] = downs[m] + hidden
    if legal and hidden:
        t.say(TO_MARKET, name, Lazy(describe, legal), CARDS[len(hidden)])
    elif legal:
        t.say(TO_MARKET_UP, name, Lazy(describe, legal))
    elif hidden:
        t.say(TO_MARKET_DOWN, name, CARDS[len(hidden)])
    else:
        t.say(NOTHING_LEFT, name)
    t.stands_up, t.stands_down = tuple(ups), tuple(downs)
    t.bags = replaced(t.bags, m, ())
    note = _note(PASSED_FOR, name, declared, Lazy(describe_bribe, paid)) if paid is not None else _note(
        PASSED, name, declared
    )
    t.round_notes += (note,)


def _note(template: str, *args: object) -> Event:
    """A line of the round's public record (formatted when read, as events are)."""
    return Event.of("info", template, *args)


def open_bag(state: State, action: OpenBag) -> tuple[State, list[Event]]:
    name = check_target(state, action.merchant)
    m = action.merchant
    t = Turn(state)
    sheriff = t.name(t.sheriff)
    bag, declared = state.bags[m], state.declarations[m]
    passes = tuple(c for c in bag if NAME[c] == declared)
    lies = tuple(c for c in bag if NAME[c] != declared)
    said = Lazy(count_text, len(bag), declared)
    bribed = state.step == "decide" and state.offer is not None and not state.offer.empty
    t.record = noted(noted(t.record, m, bags=1, opened=1, lied=bool(lies), confiscated=len(lies)),
                     t.sheriff, faced=1, inspected=1, bribed=bribed, refused=bribed)
    if bribed:
        t.say(REFUSES, sheriff, name)
    t.say(OPENS, sheriff, name, said, Lazy(describe, bag))
    t.target = m
    t.offer = t.demand = t.building = None
    t.bags = replaced(state.bags, m, ())
    t.stands_up = replaced(state.stands_up, m, state.stands_up[m] + passes)
    if not lies:  # honest (a bag is never empty)
        amount = sum(PENALTY[c] for c in bag)
        t.say(TRUTH, name, sheriff, amount)
        t.round_notes += (_note(HONEST, name, Lazy(describe, bag), sheriff, amount),)
        return charge(t, t.sheriff, m, amount)
    fine = sum(PENALTY[c] for c in lies)
    if passes:
        t.say(LIED_SOME, name, Lazy(describe, passes), Lazy(describe, lies), fine)
    else:
        t.say(LIED, name, Lazy(describe, lies), fine)
    t.round_notes += (_note(CAUGHT, name, said, Lazy(describe, lies), fine),)
    t.step = "confiscate"
    t.confiscated = lies
    t.fine_due = fine
    return t.finish()
