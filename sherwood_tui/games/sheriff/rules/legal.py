"""The exact legal moves of each step (`steps.py` names them): every move the step's
rules accept from a seat that acts, and nothing else. Choices of several cards or goods
are listed one small move at a time (a card set aside, a card put in the bag, an item
of a bribe), each bounded by the rules (five cards set aside, five in a bag, a bribe no
larger than what the merchant has), then the move that closes the choice."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from sherwood_tui.games.sheriff.rules.model import (
    DATA,
    HAND_SIZE,
    KIND_ORDER,
    LEGAL_GOODS,
    NAME,
    Action,
    Bribe,
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
    Threaten,
    kinds_in_play,
)
from sherwood_tui.games.sheriff.rules.phases.deck import draw_sources
from sherwood_tui.games.sheriff.rules.turns import pending_bags

if TYPE_CHECKING:
    from sherwood_tui.games.sheriff.rules.model import State

NO_BRIBE = Bribe()

# The moves that list the same at every bribe, made once: each seat's gold amounts (up
# to GOLD_MADE_ONCE; a purse beyond it has the rest made when listed) and favours. The
# bribe's gold is listed at every step of a bribe, often a hundred amounts or more.
SEATS = 6  # more than the game's most players
GOLD_MADE_ONCE = 400
GOLD_MOVES = tuple(tuple(BribeGold(seat=s, amount=a) for a in range(GOLD_MADE_ONCE)) for s in range(SEATS))
FAVOUR_MOVES = tuple(tuple(BribeFavour(seat=s, favour=f) for f in DATA.favours) for s in range(SEATS))
STAND_GOOD_MOVES = tuple({k: BribeStandGood(seat=s, good=k) for k in KIND_ORDER} for s in range(SEATS))


@cache
def _bag_good_moves(seat: int, players: int, royal: bool) -> tuple[Action, ...]:
    """Promising one more good from the bag: each kind in play, in the data's order."""
    in_play = kinds_in_play(players, royal)
    return tuple(BribeBagGood(seat=seat, good=k) for k in KIND_ORDER if k in in_play)


def _gold_moves(seat: int, purse: int) -> list[Action]:
    """Offering 1 to `purse` gold, one move each."""
    made: list[Action] = list(GOLD_MOVES[seat][1 : purse + 1])
    if purse >= GOLD_MADE_ONCE:
        made += [BribeGold(seat=seat, amount=a) for a in range(GOLD_MADE_ONCE, purse + 1)]
    return made


def set_aside(state: State, seat: int) -> list[Action]:
    """Done (first), or one more card of the hand while fewer than five are aside."""
    out: list[Action] = [SetAside(seat=seat)]
    if len(state.set_aside) < DATA.set_aside_max:
        out += [SetAsideCard(seat=seat, card=c) for c in state.hands[seat]]
    return out


def draw(state: State, seat: int) -> list[Action]:
    """One card from a discard pile (before the draw pile is used) or the draw pile."""
    if len(state.hands[seat]) >= HAND_SIZE:
        return []
    return [Draw(seat=seat, from_discard=p) for p in draw_sources(state.drew_from_pile, state.discards, state.draw_pile)]


def _to_pile(state: State, seat: int, cards: tuple[int, ...]) -> list[Action]:
    piles = (0, 1) if state.pile is None else (state.pile,)
    return [PileCard(seat=seat, pile=p, card=c) for p in piles for c in cards]


def place(state: State, seat: int) -> list[Action]:
    """Each set-aside card onto a pile (the first chooses it); done once all are back."""
    if state.set_aside:
        return _to_pile(state, seat, state.set_aside)
    return [PlaceAside(seat=seat)]


def load(state: State, seat: int) -> list[Action]:
    """Each card of the hand not yet in the bag (while it holds fewer than five), and
    sealing the bag once it holds a card."""
    bag = state.loading[seat]
    out: list[Action] = [LoadBag(seat=seat)] if bag else []
    if len(bag) < DATA.bag_max:
        out += [LoadCard(seat=seat, card=c) for c in state.hands[seat] if c not in bag]
    return out


def declare(state: State, seat: int) -> list[Action]:
    """Each legal good, with the bag's exact size."""
    count = len(state.bags[seat])
    return [Declare(seat=seat, good=g, count=count) for g in LEGAL_GOODS]


def choose(state: State, seat: int) -> list[Action]:
    """Threaten, let pass or open each pending bag, or end the inspection."""
    out: list[Action] = []
    for m in pending_bags(state):
        out += [Threaten(seat=seat, merchant=m), LetPass(seat=seat, merchant=m), OpenBag(seat=seat, merchant=m)]
    out.append(EndInspection(seat=seat))
    return out


def _bribe_items(state: State, seat: int, by_merchant: bool) -> list[Action]:
    """The items that may be added to the bribe under way: some gold (once), one more
    good of the stand, one more good promised from the bag, a favour (once)."""
    m = state.target
    assert m is not None  # the steps of a bribe have a target
    b = state.building or NO_BRIBE
    out: list[Action] = [] if b.gold else _gold_moves(seat, state.gold[m])
    up, down = state.stands_up[m], state.stands_down[m]
    have: dict[str, int] = {}
    for card in up + down if by_merchant else up:  # what the merchant has; or what the table sees
        kind = NAME[card]
        have[kind] = have.get(kind, 0) + 1
    for kind in b.stand:  # less what the bribe asks already
        have[kind] = have.get(kind, 0) - 1
    if not by_merchant:  # the table sees face-down goods by their number: any contraband kind
        hidden_asked = sum(1 for kind in b.stand if not DATA.by_name[kind].legal)
        if hidden_asked < len(down):
            for kind in kinds_in_play(len(state.players), state.options.royal_goods):
                if not DATA.by_name[kind].legal:
                    have[kind] = max(have.get(kind, 0), 1)
    stand_moves = STAND_GOOD_MOVES[seat]
    out += [stand_moves[k] for k in sorted(have, key=KIND_ORDER.__getitem__) if have[k] > 0]
    if len(b.bag) < len(state.bags[m]):
        out += _bag_good_moves(seat, len(state.players), state.options.royal_goods)
    if not b.favour and not state.options.no_favours:
        out += FAVOUR_MOVES[seat]
    return out


def offer(state: State, seat: int) -> list[Action]:
    """Offer the bribe built (maybe nothing), or add an item to it."""
    return [Offer(seat=seat), *_bribe_items(state, seat, by_merchant=True)]


def decide(state: State, seat: int) -> list[Action]:
    """Let the bag pass or open it; or, while counter-offers are left, build a demand
    item by item and make it (unless it is the offer already on the table)."""
    m = state.target
    out: list[Action] = [LetPass(seat=seat, merchant=m), OpenBag(seat=seat, merchant=m)]  # type: ignore[arg-type]  # deciding on a target
    if state.counters < DATA.max_counter_offers:
        if (state.building or NO_BRIBE) != state.offer:
            out.append(CounterOffer(seat=seat))
        out += _bribe_items(state, seat, by_merchant=False)
    return out


def confiscate(state: State, seat: int) -> list[Action]:
    """Each confiscated good onto a pile (the first chooses it); done once all are placed."""
    if state.confiscated:
        return _to_pile(state, seat, state.confiscated)
    return [Confiscate(seat=seat)]


def pay(state: State, seat: int) -> list[Action]:
    """One good of each kind on the stand."""
    stand = state.stands_up[seat] + state.stands_down[seat]
    return [PayWithGood(seat=seat, good=k) for k in dict.fromkeys(map(NAME.__getitem__, stand))]
