"""Sheriff of Nottingham's model: the card tables, the state (plain frozen dataclasses,
changed in each step through one `Turn`, a copy-on-write draft) and the actions (the
core's `Move`s, plain frozen classes; their union is the save files' schema).

Piles are tuples with the top card last. Cards are ids into the full 216-card deck (see
`data.py`); the state never holds lists.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from pydantic import Field

from sherwood_tui.core.contract import MOVE_SCHEMA, Event, Move, Player
from sherwood_tui.core.draft import Draft, draft_class, plain
from sherwood_tui.core.rng import randbelow, shuffled
from sherwood_tui.games.sheriff.rules.data import deck, load
from sherwood_tui.games.sheriff.rules.options import SheriffOptions

DATA = load()
TYPES = DATA.card_types  # card id -> CardType
NAME = tuple(t.name for t in TYPES)
VALUE = tuple(t.value for t in TYPES)
PENALTY = tuple(t.penalty for t in TYPES)
FACE_DOWN = tuple(not t.legal for t in TYPES)  # contraband and Royal Goods travel face down
KIND_ORDER = {t.name: i for i, t in enumerate(DATA.types)}
KIND_NAMES = tuple(KIND_ORDER)  # type index -> its name
KIND_INDEX = tuple(KIND_ORDER[t.name] for t in TYPES)  # card id -> its type's index
LEGAL_GOODS = DATA.legal_goods
HAND_SIZE = DATA.hand_size
KEEP_ON_RESHUFFLE = DATA.discard_pile_start  # top cards of each discard pile kept

# the names of Sheriff's steps (`rules/steps.py`; `State.step` is the step a game is at)
StepName = Literal[
    "set_aside", "draw", "place", "load", "declare",
    "choose", "offer", "decide", "confiscate", "pay", "over",
]
PHASE_OF_STEP = {
    "set_aside": "market", "draw": "market", "place": "market", "load": "load",
    "declare": "declare", "choose": "inspect", "offer": "inspect", "decide": "inspect",
    "confiscate": "inspect", "pay": "inspect", "over": "over",
}


@cache
@cache
def kinds_in_play(players: int, royal: bool) -> frozenset[str]:
    """The kinds of goods in a game of so many players (asked at every step of a bribe)."""
    return frozenset(NAME[c] for c in deck(players, royal))


# ----- state ---------------------------------------------------------------------------


@plain
class Bribe:
    """An offer (from a merchant) or a demand (a Sheriff's counter-offer), built item by
    item (`BribeGold`, ...); the state holds the shared, canonical instance the rules
    checked.

    `stand` names goods on the merchant's stand (legal or face down), `bag` names goods
    promised from the bag (paid only as far as they are in it), `favour` is one of the
    game data's non-binding promises, or none. Kinds are card names ("Apples", ...).
    """

    __pydantic_config__ = MOVE_SCHEMA

    gold: int = 0
    stand: tuple[str, ...] = ()
    bag: tuple[str, ...] = ()
    favour: str = ""

    @property
    def empty(self) -> bool:
        return not (self.gold or self.stand or self.bag or self.favour)


@dataclass(frozen=True, slots=True)
class Debt:
    """What a player still owes after paying all their gold."""

    debtor: int
    creditor: int
    amount: int


@plain
class Conduct:
    """One seat's public record this game, kept by the rules from public events only (what
    every seat saw happen), for the expert's beliefs. As a merchant: bags taken to market,
    how many the Sheriff opened and found lying, the goods confiscated from them, threats
    faced and bribes offered (a first answer to a threat that was not empty). As Sheriff:
    bags faced, opened, bribes heard (a non-empty offer decided on) and refused (opened)."""

    bags: int = 0
    opened: int = 0
    lied: int = 0
    confiscated: int = 0
    threatened: int = 0
    offered: int = 0
    faced: int = 0
    inspected: int = 0
    bribed: int = 0
    refused: int = 0


NO_CONDUCT = Conduct()
CONDUCT_FIELDS = tuple(f.name for f in fields(Conduct))


def noted(record: tuple[Conduct, ...], seat: int, **more: int) -> tuple[Conduct, ...]:
    """The record with `seat`'s counts raised by `more` (an empty record stays empty: a
    state built by hand keeps none)."""
    if not record:
        return record
    old = record[seat]
    counts = {name: getattr(old, name) for name in CONDUCT_FIELDS}
    for name, k in more.items():
        counts[name] += k
    return (*record[:seat], Conduct(**counts), *record[seat + 1:])


@dataclass(frozen=True, slots=True)
class State:
    players: tuple[Player, ...]
    options: SheriffOptions
    rng: int
    round: int
    rounds_total: int
    first_sheriff: int
    sheriff: int
    step: StepName
    draw_pile: tuple[int, ...]
    discards: tuple[tuple[int, ...], tuple[int, ...]]
    gold: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    stands_up: tuple[tuple[int, ...], ...]  # legal goods, face up
    stands_down: tuple[tuple[int, ...], ...]  # contraband and Royal Goods, face down
    bags: tuple[tuple[int, ...], ...]  # sealed bags (emptied when the bag is resolved)
    declarations: tuple[str | None, ...]
    # market
    market_seat: int | None = None
    set_aside: tuple[int, ...] = ()
    drew_from_pile: bool = False
    pile: int | None = None  # the discard pile chosen by the first card put back
    placed: tuple[int, ...] = ()  # the cards put on it so far, in order
    # loading: the cards each merchant has put in the bag so far (still in the hand
    # until the bag is sealed: the table sees nothing before)
    loading: tuple[tuple[int, ...], ...] = ()
    # inspection
    target: int | None = None  # the bag under negotiation or being resolved
    offer: Bribe | None = None  # the merchant's current offer
    demand: Bribe | None = None  # the Sheriff's latest counter-offer
    counters: int = 0
    building: Bribe | None = None  # the bribe the acting seat is building, item by item
    confiscated: tuple[int, ...] = ()  # waiting for the Sheriff to put them on a pile
    fine_due: int = 0
    debt: Debt | None = None
    round_notes: tuple[Event, ...] = ()  # public outcome of each bag this round (as data)
    last_round: tuple[Event, ...] = ()  # the notes of the previous round
    # each seat's public record (a summary of public events: the traces leave it out)
    record: tuple[Conduct, ...] = field(default=(), metadata={"trace": False})

    @property
    def phase(self) -> str:
        return PHASE_OF_STEP[self.step]


_info = Event.of


class TurnBase(Draft[State]):
    """One step's working copy of the state (its fields as plain attributes to read and
    set; `done()` gives the one new State, the given state is untouched) and the public
    events of the step. Never shared, so nobody sees it half-made."""

    __slots__ = ()

    if TYPE_CHECKING:
        events: list[Event]
        players: tuple[Player, ...]

    def say(self, template: str, *args: Any) -> None:
        """An "info" event (`Event.of`)."""
        self.events.append(_info("info", template, *args))

    def name(self, seat: int) -> str:
        return self.players[seat].name

    def finish(self) -> tuple[State, list[Event]]:
        return self.done(), self.events


if TYPE_CHECKING:
    Turn = TurnBase
else:  # Turn(state): one a step, its fields copied slot by slot (core.draft.draft_class)
    Turn = draft_class(State, extra={"events": "[]"}, base=TurnBase)


def new_state(players: list[Player], options: SheriffOptions, seed: int) -> State:
    """The set-up: a first Sheriff drawn at random, six cards a hand, two discard piles."""
    n = len(players)
    first, rng = randbelow(seed, n)
    cards, rng = shuffled(rng, deck(n, options.royal_goods))
    pile = list(cards)
    hands = []
    for _ in range(n):
        hands.append(tuple(pile[-HAND_SIZE:]))
        del pile[-HAND_SIZE:]
    k = DATA.discard_pile_start
    discard_a = tuple(pile[-k:])
    del pile[-k:]
    discard_b = tuple(pile[-k:])
    del pile[-k:]
    return State(
        players=tuple(players), options=options, rng=rng, round=1,
        rounds_total=n * DATA.sheriff_turns[n], first_sheriff=first, sheriff=first,
        step="set_aside", draw_pile=tuple(pile), discards=(discard_a, discard_b),
        gold=(DATA.starting_gold,) * n, hands=tuple(hands), stands_up=((),) * n,
        stands_down=((),) * n, bags=((),) * n, declarations=(None,) * n,
        market_seat=(first + 1) % n, loading=((),) * n, record=(NO_CONDUCT,) * n,
    )


@dataclass(frozen=True, slots=True)
class Judgement:
    """What opening a bag would mean: the goods that pass, the goods confiscated, and
    the gold the Sheriff pays (an honest bag) or the merchant's fine (a lying one)."""

    honest: bool
    passes: tuple[int, ...]
    confiscated: tuple[int, ...]
    sheriff_pays: int
    fine: int


def judge_bag(cards: Iterable[int], declared: str) -> Judgement:
    """The outcome of opening a bag of these cards declared as `declared` (also for the
    bag loader screen: the penalty at risk of each declaration)."""
    cards = tuple(cards)
    passes = tuple(c for c in cards if NAME[c] == declared)
    confiscated = tuple(c for c in cards if NAME[c] != declared)
    honest = bool(cards) and not confiscated
    return Judgement(
        honest, passes, confiscated,
        sum(PENALTY[c] for c in cards) if honest else 0, sum(PENALTY[c] for c in confiscated),
    )


# ----- actions ---------------------------------------------------------------------------
# A choice of several cards or goods is a run of small *part* moves (`Move.part`: a card
# set aside, a card put in the bag, an item of a bribe) that a closing move ends; the
# log, undo and the hand-off treat the run as one decision (`core.steps`).


@plain
class SetAsideCard(Move):
    """Market: set aside one more card of your hand (at most five in all)."""

    part = True
    type: Literal["set_aside_card"] = "set_aside_card"
    seat: int
    card: int


@plain
class SetAside(Move):
    """Market: done setting cards aside (maybe none); then draw back up to six."""

    type: Literal["set_aside"] = "set_aside"
    seat: int


@plain
class Draw(Move):
    """Market: draw one card, from the top of discard pile 0 or 1, or (None) from the
    draw pile."""

    type: Literal["draw"] = "draw"
    seat: int
    from_discard: int | None = None


@plain
class PileCard(Move):
    """Put one card on a discard pile: a set-aside card at the end of a market turn, or
    a confiscated good (the Sheriff). The first card chooses the pile; the last one put
    ends on top."""

    part = True
    type: Literal["pile_card"] = "pile_card"
    seat: int
    pile: int
    card: int


@plain
class PlaceAside(Move):
    """Market, last move: every set-aside card is back on a discard pile."""

    type: Literal["place"] = "place"
    seat: int


@plain
class LoadCard(Move):
    """Put one more card of your hand in your bag (at most five)."""

    part = True
    type: Literal["load_card"] = "load_card"
    seat: int
    card: int


@plain
class LoadBag(Move):
    """Seal your bag (1-5 cards)."""

    type: Literal["load"] = "load"
    seat: int


@plain
class Declare(Move):
    """Declare one legal good and the exact number of cards in your bag."""

    type: Literal["declare"] = "declare"
    seat: int
    good: str
    count: int


@plain
class Threaten(Move):
    """Sheriff: threaten to inspect a merchant's bag (that merchant may then offer a bribe)."""

    type: Literal["threaten"] = "threaten"
    seat: int
    merchant: int


@plain
class LetPass(Move):
    """Sheriff: let a bag pass, accepting the current offer if there is one."""

    type: Literal["let_pass"] = "let_pass"
    seat: int
    merchant: int


@plain
class OpenBag(Move):
    """Sheriff: open a bag (refusing any offer)."""

    type: Literal["open"] = "open"
    seat: int
    merchant: int


@plain
class EndInspection(Move):
    """Sheriff: inspect no more; every bag still closed passes."""

    type: Literal["end_inspection"] = "end_inspection"
    seat: int


@plain
class BribeGold(Move):
    """A bribe (an offer, or the Sheriff's demand) being built: this much gold."""

    part = True
    type: Literal["bribe_gold"] = "bribe_gold"
    seat: int
    amount: int


@plain
class BribeStandGood(Move):
    """A bribe being built: one more good of this kind from the merchant's stand."""

    part = True
    type: Literal["bribe_stand"] = "bribe_stand"
    seat: int
    good: str


@plain
class BribeBagGood(Move):
    """A bribe being built: one more good of this kind promised from the bag (paid only
    as far as it is in the bag)."""

    part = True
    type: Literal["bribe_bag"] = "bribe_bag"
    seat: int
    good: str


@plain
class BribeFavour(Move):
    """A bribe being built: the promise of a favour (not binding), one of the game
    data's `favours`."""

    part = True
    type: Literal["bribe_favour"] = "bribe_favour"
    seat: int
    favour: str


@plain
class Offer(Move):
    """A threatened merchant offers the bribe built (nothing, if nothing was added)."""

    type: Literal["offer"] = "offer"
    seat: int


@plain
class CounterOffer(Move):
    """Sheriff: ask for the bribe built instead; the merchant answers with a new offer."""

    type: Literal["counter"] = "counter"
    seat: int


@plain
class Confiscate(Move):
    """Sheriff: every confiscated good is on a discard pile."""

    type: Literal["confiscate"] = "confiscate"
    seat: int


@plain
class PayWithGood(Move):
    """A debtor out of gold pays with one good of their stand (worth its value)."""

    type: Literal["pay_good"] = "pay_good"
    seat: int
    good: str


Action = Annotated[
    Union[  # noqa: UP007 - a typing.Union, as ever (the saves' schema)
        SetAsideCard, SetAside, Draw, PileCard, PlaceAside, LoadCard, LoadBag, Declare,
        Threaten, LetPass, OpenBag, EndInspection, BribeGold, BribeStandGood, BribeBagGood,
        BribeFavour, Offer, CounterOffer, Confiscate, PayWithGood,
    ],
    Field(discriminator="type"),
]
BRIBE_PARTS = (BribeGold, BribeStandGood, BribeBagGood, BribeFavour)
