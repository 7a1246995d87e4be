"""Sheriff of Nottingham's rules: pure functions over an immutable pydantic state.

A round has five phases, each made of small steps (`State.step`):

- market: each merchant in turn from the Sheriff's left: ``set_aside`` (0-5 cards from
  the hand), then ``draw`` back to six (one or more cards per step; discard-pile tops
  first: once the draw pile is used, no more discard-pile cards), then ``place`` the
  set-aside cards on one discard pile in a chosen order.
- load: every merchant at once seals a bag of 1-5 cards (``load``; simultaneous).
- declare: in order from the Sheriff's left, one legal good and the bag's exact size.
- inspect: the Sheriff ``choose``s a bag (threaten it, let it pass, open it, or end the
  inspection so every bag left passes). A threatened merchant makes an ``offer`` (maybe
  empty); the Sheriff then ``decide``s: let it pass (accepting the offer), open it
  (refusing it) or counter (at most `max_counter_offers` times per bag). An opened lying
  bag goes to ``confiscate`` (the Sheriff puts the goods on a discard pile) and the
  merchant pays the fine; a debtor short of gold pays with stand goods (``pay``).
- end of round: the Sheriff passes left and hands refill; after every player has been
  Sheriff the required number of times, the game is over.

Private decisions (the curtain): the whole market turn, loading, declaring (the
merchant sees the bag), composing a bribe offer, and paying a debt with stand goods
(face-down kinds are on screen). Every other Sheriff decision (threaten, pass, open,
counter, end the inspection, place confiscated goods) is public: it needs nothing from
the Sheriff's hand, and the Sheriff may not know the kinds of other stands' face-down
goods (a counter-offer is checked only against what the table can see).

Piles are tuples with the top card last. Cards are ids into the full 216-card deck (see
`data.py`); the state never holds lists.
"""

from __future__ import annotations

from collections import Counter
from functools import cache, lru_cache
from itertools import filterfalse
from typing import Annotated, Literal, Union

from pydantic import Field

from sherwood_tui.core.contract import (
    Event, Frozen, Game, OptionSpec, Player, ScoreLine, make,
)
from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.rng import randbelow, shuffled
from sherwood_tui.core.wording import count as counted
from sherwood_tui.games.sheriff.data import deck, load

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
BONUS_PART = {good: f"{good} King/Queen" for good in LEGAL_GOODS}  # its score-sheet line
HAND_SIZE = DATA.hand_size
KEEP_ON_RESHUFFLE = DATA.discard_pile_start  # top cards of each discard pile kept
MAX_FAVOUR = 100
# Card names are the cards' own ("Apples", "Cheese"); counted, they read as a person says
# them: "1 Apple", "2 Apples", "1 Crossbow", "2 Crossbows", "3 Cheese", "no Silk".
SINGULARS = {
    "Apples": "Apple", "Chickens": "Chicken", "Green Apples": "Green Apple",
    "Golden Apples": "Golden Apple",
}
PLURALS = {"Crossbow": "Crossbows", "Royal Rooster": "Royal Roosters"}

# ----- state ---------------------------------------------------------------------------


class Bribe(Frozen):
    """An offer (from a merchant) or a demand (a Sheriff's counter-offer).

    `stand` names goods on the merchant's stand (legal or face down), `bag` names goods
    promised from the bag (paid only as far as they are in it), `favour` is a free-text,
    non-binding promise. Kinds are card names ("Apples", "Silk", ...).
    """

    gold: int = 0
    stand: tuple[str, ...] = ()
    bag: tuple[str, ...] = ()
    favour: str = ""

    @property
    def empty(self) -> bool:
        return not (self.gold or self.stand or self.bag or self.favour)


class Debt(Frozen):
    """What a player still owes after paying all their gold."""

    debtor: int
    creditor: int
    amount: int


Step = Literal[
    "set_aside", "draw", "place", "load", "declare",
    "choose", "offer", "decide", "confiscate", "pay", "over",
]
PHASE_OF_STEP = {
    "set_aside": "market", "draw": "market", "place": "market", "load": "load",
    "declare": "declare", "choose": "inspect", "offer": "inspect", "decide": "inspect",
    "confiscate": "inspect", "pay": "inspect", "over": "over",
}


class State(Frozen):
    players: tuple[Player, ...]
    royal: bool = False
    rng: int
    round: int = 1
    rounds_total: int
    first_sheriff: int
    sheriff: int
    step: Step = "set_aside"
    draw_pile: tuple[int, ...]
    discards: tuple[tuple[int, ...], tuple[int, ...]]
    gold: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    stands_up: tuple[tuple[int, ...], ...]  # legal goods, face up
    stands_down: tuple[tuple[int, ...], ...]  # contraband and Royal Goods, face down
    bags: tuple[tuple[int, ...], ...]  # closed bags (emptied when the bag is resolved)
    declarations: tuple[str | None, ...]
    # market
    market_seat: int | None = None
    set_aside: tuple[int, ...] = ()
    drew_from_pile: bool = False
    # inspection
    target: int | None = None  # the bag under negotiation or being resolved
    offer: Bribe | None = None  # the merchant's current offer
    demand: Bribe | None = None  # the Sheriff's latest counter-offer
    counters: int = 0
    confiscated: tuple[int, ...] = ()  # waiting for the Sheriff to put them on a pile
    fine_due: int = 0
    debt: Debt | None = None
    round_notes: tuple[str, ...] = ()  # public outcome of each bag this round
    last_round: tuple[str, ...] = ()  # the notes of the previous round

    @property
    def phase(self) -> str:
        return PHASE_OF_STEP[self.step]


# ----- actions -------------------------------------------------------------------------


class SetAside(Frozen):
    """Market, first step: set aside up to five cards from your hand (maybe none)."""

    type: Literal["set_aside"] = "set_aside"
    seat: int
    cards: tuple[int, ...] = ()


class Draw(Frozen):
    """Market: draw `count` cards, one after the other from the top of discard pile 0 or
    1, or (None) from the draw pile."""

    type: Literal["draw"] = "draw"
    seat: int
    from_discard: int | None = None
    count: int = 1


class PlaceAside(Frozen):
    """Market, last step: put the set-aside cards on a discard pile; `order` lists them
    bottom first (the last one ends on top)."""

    type: Literal["place"] = "place"
    seat: int
    pile: int
    order: tuple[int, ...]


class LoadBag(Frozen):
    """Seal 1-5 cards of your hand in your bag."""

    type: Literal["load"] = "load"
    seat: int
    cards: tuple[int, ...]


class Declare(Frozen):
    """Declare one legal good and the exact number of cards in your bag."""

    type: Literal["declare"] = "declare"
    seat: int
    good: str
    count: int


class Threaten(Frozen):
    """Sheriff: threaten to inspect a merchant's bag (that merchant may then offer a bribe)."""

    type: Literal["threaten"] = "threaten"
    seat: int
    merchant: int


class LetPass(Frozen):
    """Sheriff: let a bag pass, accepting the current offer if there is one."""

    type: Literal["let_pass"] = "let_pass"
    seat: int
    merchant: int


class OpenBag(Frozen):
    """Sheriff: open a bag (refusing any offer)."""

    type: Literal["open"] = "open"
    seat: int
    merchant: int


class EndInspection(Frozen):
    """Sheriff: inspect no more; every bag still closed passes."""

    type: Literal["end_inspection"] = "end_inspection"
    seat: int


class Offer(Frozen):
    """A threatened merchant's offer (an empty bribe offers nothing)."""

    type: Literal["offer"] = "offer"
    seat: int
    bribe: Bribe = Bribe()


class CounterOffer(Frozen):
    """Sheriff: ask for a different bribe; the merchant answers with a new offer."""

    type: Literal["counter"] = "counter"
    seat: int
    bribe: Bribe


class Confiscate(Frozen):
    """Sheriff: put the confiscated goods on a discard pile, `order` bottom first."""

    type: Literal["confiscate"] = "confiscate"
    seat: int
    pile: int
    order: tuple[int, ...]


class PayWithGood(Frozen):
    """A debtor out of gold pays with one good of their stand (worth its value)."""

    type: Literal["pay_good"] = "pay_good"
    seat: int
    good: str


ACTIONS = (
    SetAside, Draw, PlaceAside, LoadBag, Declare, Threaten, LetPass, OpenBag,
    EndInspection, Offer, CounterOffer, Confiscate, PayWithGood,
)
Action = Annotated[Union[ACTIONS], Field(discriminator="type")]

# ----- views ---------------------------------------------------------------------------


class CardView(Frozen):
    id: int
    name: str
    kind: str  # legal, contraband or royal
    value: int
    penalty: int


class SeatPublic(Frozen):
    name: str
    gold: int
    is_sheriff: bool
    hand_count: int
    bag_count: int  # 0 when no closed bag
    declaration: str | None
    stand: tuple[CardView, ...]  # legal goods, face up
    hidden_count: int  # face-down goods: only their number is public
    hidden: tuple[CardView, ...] | None  # revealed to all once the game is over


class PublicView(Frozen):
    round: int
    rounds_total: int
    phase: str
    step: str
    sheriff: int
    royal: bool
    to_act: tuple[int, ...]
    market_seat: int | None
    set_aside_count: int
    drew_from_pile: bool
    draw_pile: int
    discards: tuple[tuple[CardView, ...], tuple[CardView, ...]]  # top card last
    seats: tuple[SeatPublic, ...]
    target: int | None
    offer: Bribe | None
    demand: Bribe | None
    counters_left: int
    confiscated: tuple[CardView, ...]
    fine_due: int
    debt: Debt | None
    round_notes: tuple[str, ...]
    last_round: tuple[str, ...]
    over: bool


class SeatView(Frozen):
    """What one seat may know: the table plus its own hand, bag, set-aside cards and
    face-down goods. The `*_text` lines are how screens should show these secrets (they
    are what `secret_texts` returns, for the privacy tests); they are built when read,
    as bots never need them."""

    seat: int
    hand: tuple[CardView, ...]
    bag: tuple[CardView, ...]
    set_aside: tuple[CardView, ...]
    hidden: tuple[CardView, ...]
    table: PublicView

    def _zone_text(self, zone: str, cards: tuple[CardView, ...]) -> str:
        return zone_text(self.table.seats[self.seat].name, zone, [c.id for c in cards])

    @property
    def hand_text(self) -> str:
        return self._zone_text("hand", self.hand)

    @property
    def bag_text(self) -> str:
        return self._zone_text("bag", self.bag)

    @property
    def set_aside_text(self) -> str:
        return self._zone_text("set-aside cards", self.set_aside)

    @property
    def hidden_text(self) -> str:
        return self._zone_text("face-down goods", self.hidden)


CARD_VIEWS = tuple(  # card id -> its view (shared: views are immutable)
    CardView(id=card, name=t.name, kind=t.kind, value=t.value, penalty=t.penalty)
    for card, t in enumerate(TYPES)
)


def _views(cards: tuple[int, ...]) -> tuple[CardView, ...]:
    return tuple(map(CARD_VIEWS.__getitem__, cards))


@lru_cache(maxsize=1024)
def _seat_public(
    name: str, gold: int, is_sheriff: bool, hand_count: int, bag_count: int,
    declaration: str | None, stand: tuple[int, ...], hidden: tuple[int, ...] | int,
) -> SeatPublic:
    """A seat's public side; `hidden` is the face-down goods once revealed, else their
    number. Shared between views (most seats do not change from one step to the next)."""
    revealed = isinstance(hidden, tuple)
    return make(
        SeatPublic,
        name=name,
        gold=gold,
        is_sheriff=is_sheriff,
        hand_count=hand_count,
        bag_count=bag_count,
        declaration=declaration,
        stand=_views(stand),
        hidden_count=len(hidden) if revealed else hidden,
        hidden=_views(hidden) if revealed else None,
    )


# ----- text helpers --------------------------------------------------------------------


def count_text(n: int, name: str) -> str:
    """`n` goods of this kind: "no Apples", "1 Apple", "2 Apples", "2 Crossbows"."""
    return counted(n, SINGULARS.get(name, name), PLURALS.get(name, name))


@lru_cache(maxsize=4096)
def _describe_sorted_kinds(indexes: tuple[int, ...]) -> str:
    """The text for these type indexes, sorted (cached: the same few mixes recur)."""
    counts: dict[int, int] = {}
    for k in indexes:
        counts[k] = counts.get(k, 0) + 1
    if not counts:
        return "nothing"
    return ", ".join([count_text(n, KIND_NAMES[k]) for k, n in counts.items()])


def describe_kinds(kinds) -> str:
    """'2 Apples, 1 Silk' for a collection of card names (canonical order)."""
    return _describe_sorted_kinds(tuple(sorted(map(KIND_ORDER.__getitem__, kinds))))


def describe(cards) -> str:
    """'2 Apples, 1 Silk' for card ids."""
    return _describe_sorted_kinds(_kinds_key(cards))


def describe_bribe(bribe: Bribe | None) -> str:
    if bribe is None or bribe.empty:
        return "nothing"
    parts = []
    if bribe.gold:
        parts.append(f"{bribe.gold} gold")
    if bribe.stand:
        parts.append(f"{describe_kinds(bribe.stand)} from the stand")
    if bribe.bag:
        parts.append(f"{describe_kinds(bribe.bag)} from the bag")
    if bribe.favour:
        parts.append(f'a favour: "{bribe.favour}"')
    return " and ".join([", ".join(parts[:-1]), parts[-1]] if len(parts) > 1 else parts)


class Judgement(Frozen):
    """What opening a bag would mean: the goods that pass, the goods confiscated, and
    the gold the Sheriff pays (an honest bag) or the merchant's fine (a lying one)."""

    honest: bool
    passes: tuple[int, ...]
    confiscated: tuple[int, ...]
    sheriff_pays: int
    fine: int


def judge_bag(cards, declared: str) -> Judgement:
    """The outcome of opening a bag of these cards declared as `declared` (also for the
    bag loader screen: the penalty at risk of each declaration)."""
    cards = tuple(cards)
    passes = tuple(c for c in cards if NAME[c] == declared)
    confiscated = tuple(c for c in cards if NAME[c] != declared)
    honest = bool(cards) and not confiscated
    return make(
        Judgement,
        honest=honest,
        passes=passes,
        confiscated=confiscated,
        sheriff_pays=sum(PENALTY[c] for c in cards) if honest else 0,
        fine=sum(PENALTY[c] for c in confiscated),
    )


def zone_text(name: str, zone: str, cards) -> str:
    """How a secret zone is shown to its owner: "Robin's bag: 2 Apples, 1 Silk"."""
    return f"{name}'s {zone}: {describe(cards)}"


def _set(items: tuple, index: int, value) -> tuple:
    return items[:index] + (value,) + items[index + 1 :]


def _without(cards: tuple[int, ...], gone: set[int]) -> tuple[int, ...]:
    return tuple(filterfalse(gone.__contains__, cards))


def _kinds_key(cards: tuple[int, ...]) -> tuple[int, ...]:
    """The kinds of these cards, in canonical order (two choices with the same key
    differ only in which copies of a kind they take)."""
    return tuple(sorted(map(KIND_INDEX.__getitem__, cards)))


def _by_kind_index(cards) -> dict[int, list[int]]:
    """The cards grouped by the index of their type, in order of first appearance."""
    out: dict[int, list[int]] = {}
    for c in cards:
        out.setdefault(KIND_INDEX[c], []).append(c)
    return out


@cache
def _shared(kind: type[Frozen], **fields) -> Frozen:
    """One instance of a small action or bribe, built once and shared (they are
    immutable): legal actions offer the same few again and again."""
    return kind.make(**fields)


@cache
def _draw_choices(seat: int, need: int, sources: tuple[int | None, ...]) -> tuple[Draw, ...]:
    """One card from a discard pile, or all `need` cards from the draw pile."""
    return tuple(
        _shared(Draw, seat=seat, from_discard=p, count=1 if p is not None else need)
        for p in sources
    )


@cache
def _verdicts(sheriff: int, merchant: int) -> tuple[LetPass, OpenBag]:
    return (
        make(LetPass, seat=sheriff, merchant=merchant),
        make(OpenBag, seat=sheriff, merchant=merchant),
    )


@lru_cache(maxsize=8192)
def _card_choice(kind: type[SetAside] | type[LoadBag], seat: int, cards: tuple[int, ...]):
    """A SetAside or LoadBag, shared: the same few cards come up again and again."""
    return make(kind, seat=seat, cards=cards)


@lru_cache(maxsize=8192)
def _order_choices(
    kind: type[PlaceAside] | type[Confiscate], seat: int, cards: tuple[int, ...]
) -> tuple:
    """Both piles, with the cards in their order and reversed (if that shows differently)."""
    orders = {}
    for order in (cards, cards[::-1]):
        orders.setdefault(tuple(NAME[c] for c in order), order)
    return tuple(make(kind, seat=seat, pile=p, order=o) for p in (0, 1) for o in orders.values())


@cache
def _merchant_order(players: int, sheriff: int) -> tuple[int, ...]:
    return tuple((sheriff + k) % players for k in range(1, players))


@cache
def _inspection_choices(sheriff: int, pending: tuple[int, ...]) -> tuple:
    """Threaten, let pass or open each pending bag, or end the inspection."""
    out: list = []
    for m in pending:
        out += [
            Threaten.make(seat=sheriff, merchant=m),
            LetPass.make(seat=sheriff, merchant=m),
            OpenBag.make(seat=sheriff, merchant=m),
        ]
    out.append(EndInspection.make(seat=sheriff))
    return tuple(out)


@cache
def _declarations(seat: int, count: int) -> tuple[Declare, ...]:
    return tuple(Declare.make(seat=seat, good=g, count=count) for g in LEGAL_GOODS)


NO_BRIBE = Bribe()
A_FAVOUR = "I will return the favour when I am Sheriff."


def _bribe_key(bribe: Bribe) -> tuple:
    """What makes two bribes equal (quicker to compare than the models)."""
    return bribe.gold, bribe.stand, bribe.bag, bribe.favour


@lru_cache(maxsize=4096)
def _canonical_bribe(gold: int, stand: tuple[str, ...], bag: tuple[str, ...], favour: str) -> Bribe:
    """A bribe with its goods in canonical order (shared: the same few come up again and
    again, and a shared bribe compares equal to itself at once)."""
    order = KIND_ORDER.__getitem__
    return make(
        Bribe,
        gold=gold,
        stand=tuple(sorted(stand, key=order)),
        bag=tuple(sorted(bag, key=order)),
        favour=favour,
    )


@cache
def _offer(seat: int, gold: int = 0, stand: tuple = (), bag: tuple = (), favour: str = "") -> Offer:
    """One of the standard legal offers (built once: they come up again and again)."""
    return make(Offer, seat=seat, bribe=_canonical_bribe(gold, stand, bag, favour))


@lru_cache(maxsize=4096)
def _standard_offers(
    seat: int, gold: int, stand_good: str | None, bag_goods: tuple[str, ...]
) -> tuple[Offer, ...]:
    """Nothing, some gold, the first stand good, one good of the bag, or a favour."""
    offers = [_offer(seat)]
    for amount in sorted({1, 5, 10, gold // 2, gold}):
        if 0 < amount <= gold:
            offers.append(_offer(seat, gold=amount))
    if stand_good is not None:
        offers.append(_offer(seat, stand=(stand_good,)))
    for good in bag_goods:
        offers.append(_offer(seat, bag=(good,)))
    offers.append(_offer(seat, favour=A_FAVOUR))
    return tuple(offers)


@cache
def kinds_in_play(players: int, royal: bool) -> frozenset[str]:
    return frozenset(NAME[c] for c in deck(players, royal))


@cache
def bonus_goods(players: int, royal: bool) -> tuple[str, ...]:
    """The legal goods with a King and Queen bonus in this game: those some card in play
    counts as (no Bread in a three-player game)."""
    counted_as = {TYPES[c].good for c in deck(players, royal)}
    return tuple(g for g in LEGAL_GOODS if g in counted_as)


def _clean_favour(text: str) -> str:
    """A favour's text without control characters, its whitespace collapsed."""
    if not text.isprintable():
        text = "".join(ch for ch in text if ch.isprintable() or ch.isspace())
    return " ".join(text.split())


def _draw_sources(
    drew_from_pile: bool,
    discards: tuple[tuple[int, ...], tuple[int, ...]],
    draw_pile: tuple[int, ...],
) -> tuple[int | None, ...]:
    """Where a market merchant may draw from (None: the draw pile): a non-empty discard
    pile until the draw pile is used, and the draw pile while it (or a reshuffle) has cards."""
    a, b = discards
    out: tuple[int | None, ...] = ()
    if not drew_from_pile:
        if a:
            out += (0,)
        if b:
            out += (1,)
    if draw_pile or len(a) > KEEP_ON_RESHUFFLE or len(b) > KEEP_ON_RESHUFFLE:
        out += (None,)
    return out


def _draw_from(
    pile: tuple[int, ...], discards: tuple[tuple[int, ...], tuple[int, ...]], rng: int, count: int
):
    """Take up to `count` cards from the draw pile, the top card first, reshuffling the
    discard piles (all but their top five) into a new draw pile whenever it is empty.
    Fewer cards (maybe none) when nothing is left to draw. Returns the new draw pile,
    discard piles and rng, the cards drawn and the events."""
    drawn: tuple[int, ...] = ()
    events: list[Event] = []
    while len(drawn) < count:
        if not pile:
            a, b = discards
            keep = KEEP_ON_RESHUFFLE
            pool = a[:-keep] + b[:-keep] if keep else a + b
            if not pool:
                break
            pile, rng = shuffled(rng, pool)
            discards = (a[-keep:], b[-keep:])
            events.append(
                Event(
                    text=f"The draw pile is empty: {counted(len(pool), 'card')} from under the top "
                    "five of each discard pile are shuffled into a new draw pile."
                )
            )
        k = min(count - len(drawn), len(pile))
        drawn += pile[-k:][::-1]
        pile = pile[:-k]
    return pile, discards, rng, drawn, events


def _pile_name(pile: int) -> str:
    return f"discard pile {pile + 1}"


def _to_market_text(name: str, legal: tuple[int, ...], hidden: tuple[int, ...]) -> str:
    """What a passing bag puts on its owner's stand, as the table sees it."""
    parts = []
    if legal:
        parts.append(f"{describe(legal)} face up")
    if hidden:
        parts.append(f"{counted(len(hidden), 'card')} face down")
    if not parts:
        return f"Nothing is left in {name}'s bag to go to market."
    return f"{name}'s goods go to market: {', '.join(parts)}."


# ----- the game ------------------------------------------------------------------------


class SheriffGame(Game):
    id = "sheriff"
    title = "Sheriff of Nottingham"
    blurb = "Smuggle goods past the Sheriff: declare, bluff and bribe."
    min_players = 3
    max_players = 5
    options = (
        OptionSpec(
            key="royal_goods",
            label="Royal Goods",
            help="Add the 12 Royal Goods: never declarable, they travel face down like "
            "contraband but count as 2 or 3 legal goods for King and Queen.",
        ),
    )
    state_type = State
    action_type = Action

    # ----- setup ---------------------------------------------------------------------
    def _new_game(self, players: list[Player], options: dict[str, bool], seed: int) -> State:
        n = len(players)
        royal = bool(options.get("royal_goods", False))
        first, rng = randbelow(seed, n)
        cards, rng = shuffled(rng, deck(n, royal))
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
        return State.make(
            players=tuple(players),
            royal=royal,
            rng=rng,
            rounds_total=n * DATA.sheriff_turns[n],
            first_sheriff=first,
            sheriff=first,
            step="set_aside",
            draw_pile=tuple(pile),
            discards=(discard_a, discard_b),
            gold=(DATA.starting_gold,) * n,
            hands=tuple(hands),
            stands_up=((),) * n,
            stands_down=((),) * n,
            bags=((),) * n,
            declarations=(None,) * n,
            market_seat=(first + 1) % n,
        )

    # ----- helpers ---------------------------------------------------------------------
    def merchants(self, state: State) -> list[int]:
        """The merchants in order from the Sheriff's left."""
        return list(_merchant_order(len(state.players), state.sheriff))

    def pending_bags(self, state: State) -> list[int]:
        """Merchants whose bag is still closed, in order from the Sheriff's left."""
        bags = state.bags
        return list(filter(bags.__getitem__, _merchant_order(len(bags), state.sheriff)))

    def _declarer(self, state: State) -> int | None:
        bags, declarations = state.bags, state.declarations
        for m in _merchant_order(len(bags), state.sheriff):
            if bags[m] and declarations[m] is None:
                return m
        return None

    def _loaders(self, state: State) -> list[int]:
        bags, hands = state.bags, state.hands
        return [m for m in _merchant_order(len(bags), state.sheriff) if not bags[m] and hands[m]]

    def _sources(self, state: State) -> tuple[int | None, ...]:
        """Where the market merchant may draw from now (None: the draw pile)."""
        return _draw_sources(state.drew_from_pile, state.discards, state.draw_pile)

    # ----- whose turn ----------------------------------------------------------------
    def to_act(self, state: State) -> list[int]:
        step = state.step
        if step == "load":
            return self._loaders(state)
        seat = self._actor(state, step)
        return [] if seat is None else [seat]

    def may_act(self, state: State, seat: int) -> bool:
        return self._may_act(state, state.step, seat)

    def _may_act(self, state: State, step: str, seat: int) -> bool:
        if step == "load":  # a merchant with cards and no bag yet (as `_loaders`)
            bags = state.bags
            return 0 <= seat < len(bags) and seat != state.sheriff and not bags[seat] and bool(
                state.hands[seat]
            )
        return seat == self._actor(state, step)

    def _actor(self, state: State, step: str) -> int | None:
        """The one seat that decides in this step (any but loading; None once over)."""
        if step in ("set_aside", "draw", "place"):
            return state.market_seat
        if step in ("choose", "decide", "confiscate"):
            return state.sheriff
        if step == "declare":
            return self._declarer(state)
        if step == "offer":
            return state.target
        if step == "pay":
            return state.debt.debtor
        return None

    def is_private(self, state: State, seat: int) -> bool:
        """Private: the market turn, loading, declaring, composing an offer and paying a
        debt with goods. The Sheriff's inspection choices are public."""
        if seat not in self.to_act(state):
            return False
        return state.step in ("set_aside", "draw", "place", "load", "declare", "offer", "pay")

    def is_final(self, before, action, events) -> bool:
        """Drawing shows new cards; letting a bag pass, opening it, ending the inspection
        and confiscating are final by the rules."""
        if isinstance(action, Draw) or isinstance(action, (LetPass, OpenBag, EndInspection, Confiscate)):
            return True
        return super().is_final(before, action, events)

    def why_not_turn(self, state: State, seat: int) -> str:
        if not 0 <= seat < len(state.players):
            return super().why_not_turn(state, seat)
        step = state.step
        acting = self.to_act(state)
        if step == "load":
            if seat == state.sheriff:
                return "The Sheriff loads no bag."
            if state.bags[seat]:
                return "Your bag is already sealed."
        if step in ("offer",) and seat == state.sheriff:
            return f"Wait for {state.players[state.target].name}'s offer."
        if step in ("choose", "decide", "confiscate") and seat != state.sheriff:
            return f"{state.players[state.sheriff].name}, the Sheriff, decides now."
        if acting:
            names = " and ".join(state.players[s].name for s in acting)
            return f"It is not {state.players[seat].name}'s turn: waiting for {names}."
        return super().why_not_turn(state, seat)

    # ----- why a move is refused ---------------------------------------------------------
    def apply(self, state: State, action) -> tuple[State, list[Event]]:
        """As `Game.apply`; a move out of turn is explained by its most specific reason
        (who may make it, then when, then whose turn it is) rather than by whose turn it
        is. Worked out only once the move has been refused: legal moves pay nothing."""
        try:
            return super().apply(state, action)
        except RuleError:
            reason = self._out_of_turn(state, action)
            if reason is None:
                raise
            raise RuleError(reason) from None

    def _out_of_turn(self, state: State, action) -> str | None:
        """The reason for a refused well-formed move of a seat that may not act now (None
        when it was refused for another reason)."""
        seat = getattr(action, "seat", None)
        if (
            type(action) not in _HANDLER_FUNCTIONS
            or seat.__class__ is not int
            or not 0 <= seat < len(state.players)
            or state.step == "over"
            or self._may_act(state, state.step, seat)
        ):
            return None
        return self.why_not(state, action)

    def why_not(self, state: State, action) -> str:
        """Why this move cannot be made now, most specific reason first: the seat's role
        (only the Sheriff inspects; the Sheriff has no market turn, bag or bribe), then
        the step (no debt to pay, no offer to counter), then the turn."""
        seat, step, kind = action.seat, state.step, type(action)
        sheriff = self._name(state, state.sheriff)
        if kind in _SHERIFF_MOVES and seat != state.sheriff:
            return _SHERIFF_MOVES[kind].format(sheriff=sheriff)
        if kind in _MERCHANT_MOVES and seat == state.sheriff:
            if kind is Offer and step == "offer":
                return f"Wait for {self._name(state, state.target)}'s offer."
            return _MERCHANT_MOVES[kind]
        if step not in _STEPS_OF[kind]:
            return self._wrong_step(state, action)
        return self._not_your_turn(state, action)

    def _wrong_step(self, state: State, action) -> str:
        """Why this move does not belong to the current step."""
        step, phase, kind = state.step, state.phase, type(action)
        own_market = phase == "market" and action.seat == state.market_seat
        if kind in (SetAside, Draw, PlaceAside) and phase == "market" and not own_market:
            return self.why_not_turn(state, action.seat)
        if kind is SetAside:
            if own_market:
                return "You have already set your cards aside this turn."
            return "Cards are set aside only at the start of a market turn."
        if kind is Draw:
            if step == "set_aside":
                return "Set aside your unwanted cards first (or none)."
            if step == "place":
                return "You cannot draw any more cards: put the set-aside cards back on a discard pile."
            return "Cards are drawn only on your market turn."
        if kind is PlaceAside:
            if step == "draw":
                return "Draw back up to six cards before putting the set-aside cards back."
            return "There are no set-aside cards to put back now."
        if kind is LoadBag:
            return "Bags are loaded only after the market, before the declarations."
        if kind is Declare:
            if phase in ("market", "load"):
                return "Declarations come after every bag is sealed."
            return "The declarations are over."
        if kind is Offer:
            if step == "decide" and action.seat == state.target:
                sheriff = self._name(state, state.sheriff)
                return f"You have made your offer: {sheriff}, the Sheriff, decides now."
            return "You can offer a bribe only when the Sheriff threatens your bag."
        if kind is PayWithGood:
            return "You owe nothing now."
        if kind is Confiscate:
            return "There are no confiscated goods to place."
        if kind is CounterOffer and step != "offer":
            return "The Sheriff can counter only after hearing an offer."
        if kind in (Threaten, EndInspection) and step == "decide":
            return (
                f"Decide on {self._name(state, state.target)}'s bag first: let it pass, "
                "open it, or make a counter-offer."
            )
        return self._not_inspecting(state)

    def _not_your_turn(self, state: State, action) -> str:
        """Why this seat may not make a move of the current step."""
        seat, kind = action.seat, type(action)
        if kind is Declare:
            if state.declarations[seat] is not None:
                return "You have already declared."
            if not state.bags[seat]:
                return "You have no bag to declare."
            declarer = self._declarer(state)
            if declarer is not None:
                return (
                    "Declarations go in order from the Sheriff's left: "
                    f"{self._name(state, declarer)} declares now."
                )
        if kind is LoadBag and not state.bags[seat] and not state.hands[seat]:
            return "You have no cards to load."
        if kind is Offer:
            return "You can offer a bribe only when the Sheriff threatens your bag."
        if kind is PayWithGood:
            return "You owe nothing now."
        return self.why_not_turn(state, seat)

    # ----- legal actions (a representative set for the combinatorial ones) -------------
    def legal_actions(self, state: State, seat: int) -> list:
        step = state.step
        if not self._may_act(state, step, seat):  # nobody acts once the game is over
            return []
        if step == "set_aside":
            return self._legal_set_aside(state, seat)
        if step == "draw":
            need = HAND_SIZE - len(state.hands[seat])
            return list(_draw_choices(seat, need, self._sources(state)))
        if step == "place":
            return list(_order_choices(PlaceAside, seat, state.set_aside))
        if step == "load":
            return self._legal_loads(state, seat)
        if step == "declare":
            return list(_declarations(seat, len(state.bags[seat])))
        if step == "choose":
            return list(_inspection_choices(seat, tuple(self.pending_bags(state))))
        if step == "offer":
            return self._legal_offers(state, seat)
        if step == "decide":
            return self._legal_decisions(state, seat)
        if step == "confiscate":
            return list(_order_choices(Confiscate, seat, state.confiscated))
        if step == "pay":
            stand = state.stands_up[seat] + state.stands_down[seat]
            return [_shared(PayWithGood, seat=seat, good=k) for k in dict.fromkeys(map(NAME.__getitem__, stand))]
        return []

    def _legal_set_aside(self, state: State, seat: int) -> list:
        """Keep everything, set aside all cards of one kind (up to five), or the first five
        cards (unless they are all of one kind: then that kind's choice already takes them)."""
        hand = state.hands[seat]
        limit = DATA.set_aside_max
        choices = [()] + [tuple(ids[:limit]) for ids in _by_kind_index(hand).values()]
        first = hand[:limit]
        if len({KIND_INDEX[c] for c in first}) > 1:
            choices.append(first)
        return [_card_choice(SetAside, seat, c) for c in choices]

    def _legal_loads(self, state: State, seat: int) -> list:
        """One card of a kind, all cards of a kind, the legal goods of a kind with one
        face-down good hidden among them, or the first five cards."""
        hand = state.hands[seat]
        top = DATA.bag_max
        hidden = None  # the first face-down card of the hand
        for c in hand:
            if FACE_DOWN[c]:
                hidden = c
                break
        choices: dict[tuple, tuple[int, ...]] = {}
        if hand:
            choices[_kinds_key(hand[:top])] = hand[:top]
        for kind, ids in _by_kind_index(hand).items():
            choices.setdefault((kind,), (ids[0],))
            cards = tuple(ids[:top])
            choices.setdefault((kind,) * len(cards), cards)
            if hidden is not None and not FACE_DOWN[ids[0]]:
                cards = tuple(ids[: top - 1]) + (hidden,)
                choices.setdefault(_kinds_key(cards), cards)
        return [_card_choice(LoadBag, seat, c) for c in choices.values()]

    def _legal_offers(self, state: State, seat: int) -> list:
        stand = state.stands_up[seat] or state.stands_down[seat]
        bag_goods = ()
        declared = state.declarations[seat]
        if declared in kinds_in_play(len(state.players), state.royal):
            bag_goods = (declared,)
        hidden = next((c for c in state.bags[seat] if FACE_DOWN[c]), None)
        if hidden is not None:
            bag_goods += (NAME[hidden],)
        offers = _standard_offers(
            seat, state.gold[seat], NAME[stand[0]] if stand else None, bag_goods
        )
        if state.demand is None:
            return list(offers)
        offers = list(offers)
        try:
            asked = self._check_bribe(state, seat, state.demand, by_merchant=True)
        except RuleError:
            return offers
        if _bribe_key(asked) not in [_bribe_key(offer.bribe) for offer in offers]:
            offers.append(make(Offer, seat=seat, bribe=asked))
        return offers

    def _legal_decisions(self, state: State, seat: int) -> list:
        m = state.target
        out: list = list(_verdicts(seat, m))
        if state.counters < DATA.max_counter_offers:
            out += self._counter_offers(state, seat, m)
        return out

    def _counter_offers(self, state: State, seat: int, m: int) -> list[CounterOffer]:
        """Five gold more (as far as the merchant has it), or one more of the declared good
        from the bag, if the table can see the merchant could pay it."""
        offer = state.offer or NO_BRIBE
        demands = []
        more = min(state.gold[m], offer.gold + 5)
        if more > offer.gold:
            demands.append(_canonical_bribe(more, offer.stand, offer.bag, offer.favour))
        if len(offer.bag) < len(state.bags[m]):
            extra = offer.bag + (state.declarations[m],)
            demands.append(_canonical_bribe(offer.gold, offer.stand, extra, offer.favour))
        out = []
        for demand in demands:
            try:
                demand = self._check_bribe(state, m, demand, by_merchant=False)
            except RuleError:
                continue
            if _bribe_key(demand) != _bribe_key(offer):
                out.append(make(CounterOffer, seat=seat, bribe=demand))
        return out

    # ----- applying actions ------------------------------------------------------------
    def _apply(self, state: State, action) -> tuple[State, list[Event]]:
        kind = type(action)
        handler = _HANDLER_FUNCTIONS.get(kind)
        if handler is None:
            raise RuleError("That is not a move of Sheriff of Nottingham.")
        if state.step not in _STEPS_OF[kind]:  # the seat acts now, but not with this move
            raise RuleError(self.why_not(state, action))
        return handler(self, state, action)

    def _name(self, state: State, seat: int) -> str:
        return state.players[seat].name

    # market ---------------------------------------------------------------------------
    def _do_set_aside(self, state: State, action: SetAside) -> tuple[State, list[Event]]:
        seat, cards = action.seat, tuple(action.cards)
        if len(cards) > DATA.set_aside_max:
            raise RuleError(f"You can set aside at most {DATA.set_aside_max} cards.")
        chosen = set(cards)
        if len(chosen) != len(cards):
            raise RuleError("Each card can be set aside only once.")
        hand = state.hands[seat]
        if not chosen.issubset(hand):
            raise RuleError("You can only set aside cards from your hand.")
        n = len(cards)
        text = (
            f"{self._name(state, seat)} sets aside {counted(n, 'card')}."
            if n
            else f"{self._name(state, seat)} keeps the whole hand."
        )
        return self._market_goes_on(
            state, [Event(text)],
            hands=_set(state.hands, seat, _without(hand, chosen)),
            set_aside=cards,
            drew_from_pile=False,
        )

    def _market_goes_on(
        self, state: State, events: list[Event], **changes
    ) -> tuple[State, list[Event]]:
        """After a market step (its `changes` are made with this one copy of the state):
        the merchant draws while the hand is short and there is something to draw, then
        puts the set-aside cards back; then the next merchant's turn."""
        new = {**state.__dict__, **changes}  # the fields after this step, read before copying
        hand = new["hands"][state.market_seat]
        if len(hand) < HAND_SIZE and _draw_sources(
            new["drew_from_pile"], new["discards"], new["draw_pile"]
        ):
            changes["step"] = "draw"  # `changes` is this call's own dict
            return state.model_copy(update=changes), events
        if new["set_aside"]:
            changes["step"] = "place"
            return state.model_copy(update=changes), events
        return self._next_market(state, events, **changes)

    def _do_draw(self, state: State, action: Draw) -> tuple[State, list[Event]]:
        seat, name = action.seat, self._name(state, action.seat)
        pile, count = action.from_discard, action.count
        need = HAND_SIZE - len(state.hands[seat])
        if count < 1:
            raise RuleError("Draw at least one card.")
        if count > need:
            raise RuleError(
                f"You may draw only {counted(need, 'more card')} (back up to six)."
            )
        if pile is not None:
            if pile not in (0, 1):
                raise RuleError("There are only two discard piles.")
            if state.drew_from_pile:
                raise RuleError(
                    "Discard-pile cards must be drawn before draw-pile cards: you have "
                    "already drawn from the draw pile."
                )
            stack = state.discards[pile]
            if not stack:
                raise RuleError(f"{_pile_name(pile).capitalize()} is empty.")
            if count > len(stack):
                raise RuleError(
                    f"{_pile_name(pile).capitalize()} holds only {counted(len(stack), 'card')}."
                )
            taken = stack[-count:][::-1]  # the top card first
            shown = ", ".join(map(NAME.__getitem__, taken))
            events = [Event(f"{name} takes {shown} from {_pile_name(pile)}.")]
            return self._market_goes_on(
                state, events,
                discards=_set(state.discards, pile, stack[:-count]),
                hands=_set(state.hands, seat, state.hands[seat] + taken),
            )
        draw_pile, discards, rng, drawn, events = _draw_from(
            state.draw_pile, state.discards, state.rng, count
        )
        if not drawn:
            raise RuleError("There is nothing left to draw from the draw pile.")
        k = len(drawn)
        events.append(
            Event(f"{name} draws {counted(k, 'card')} from the draw pile.")
        )
        return self._market_goes_on(
            state, events,
            draw_pile=draw_pile, discards=discards, rng=rng,
            hands=_set(state.hands, seat, state.hands[seat] + drawn), drew_from_pile=True,
        )

    def _do_place(self, state: State, action: PlaceAside) -> tuple[State, list[Event]]:
        pile, order = action.pile, tuple(action.order)
        if pile not in (0, 1):
            raise RuleError("There are only two discard piles.")
        if sorted(order) != sorted(state.set_aside):
            raise RuleError("Put back exactly the cards you set aside, each once.")
        shown = ", ".join(map(NAME.__getitem__, order))
        text = (
            f"{self._name(state, action.seat)} puts {shown} on {_pile_name(pile)}"
            f" ({NAME[order[-1]]} on top)."
        )
        return self._next_market(
            state, [Event(text)], discards=_set(state.discards, pile, state.discards[pile] + order)
        )

    def _next_market(
        self, state: State, events: list[Event], **changes
    ) -> tuple[State, list[Event]]:
        """The next merchant's market turn (with this step's last `changes`), or loading."""
        nxt = (state.market_seat + 1) % len(state.players)
        if nxt != state.sheriff:
            state = state.model_copy(
                update=dict(
                    changes, market_seat=nxt, step="set_aside", set_aside=(), drew_from_pile=False
                )
            )
            return state, events
        state = state.model_copy(
            update=dict(changes, market_seat=None, step="load", set_aside=(), drew_from_pile=False)
        )
        events = events + [Event("The market is closed: merchants, load your bags.")]
        return self._after_load(state, events)

    # load and declare -----------------------------------------------------------------
    def _do_load(self, state: State, action: LoadBag) -> tuple[State, list[Event]]:
        seat, cards = action.seat, tuple(action.cards)
        if len(cards) < DATA.bag_min:
            raise RuleError("Put at least one card in your bag.")
        if len(cards) > DATA.bag_max:
            raise RuleError(f"A bag holds at most {DATA.bag_max} cards.")
        chosen = set(cards)
        if len(chosen) != len(cards):
            raise RuleError("Each card can go in the bag only once.")
        hand = state.hands[seat]
        if not chosen.issubset(hand):
            raise RuleError("You can only load cards from your hand.")
        state = state.model_copy(
            update=dict(
                hands=_set(state.hands, seat, _without(hand, chosen)),
                bags=_set(state.bags, seat, cards),
            )
        )
        n = len(cards)
        text = f"{self._name(state, seat)} loaded a bag of {counted(n, 'card')}."
        return self._after_load(state, [Event(text)])

    def _after_load(self, state: State, events: list[Event]) -> tuple[State, list[Event]]:
        if self._loaders(state):
            return state, events
        state = state.model_copy(update=dict(step="declare"))
        events = events + [Event("Every bag is sealed: declarations!")]
        return self._after_declare(state, events)

    def _do_declare(self, state: State, action: Declare) -> tuple[State, list[Event]]:
        seat, good = action.seat, action.good
        t = DATA.by_name.get(good)
        if t is None:
            raise RuleError(f"There is no good called {good!r}.")
        if t.kind == "royal":
            raise RuleError(f"{good} is a Royal Good: Royal Goods can never be declared.")
        if t.kind != "legal":
            raise RuleError(
                f"{good} is contraband: only legal goods ({', '.join(LEGAL_GOODS)}) "
                "may be declared."
            )
        size = len(state.bags[seat])
        if action.count != size:
            raise RuleError(
                f"Your bag holds {counted(size, 'card')}: declare exactly {size}."
            )
        state = state.model_copy(update=dict(declarations=_set(state.declarations, seat, good)))
        text = f"{self._name(state, seat)} declares {count_text(size, good)}."
        return self._after_declare(state, [Event(text)])

    def _after_declare(self, state: State, events: list[Event]) -> tuple[State, list[Event]]:
        if self._declarer(state) is not None:
            return state, events
        state = state.model_copy(update=dict(step="choose"))
        sheriff = self._name(state, state.sheriff)
        events = events + [Event(f"{sheriff}, the Sheriff, begins the inspection.")]
        return self._next_bag(state, events)

    # inspection -----------------------------------------------------------------------
    def _check_target(self, state: State, merchant: int) -> str:
        if not 0 <= merchant < len(state.players):
            raise RuleError("There is no such merchant.")
        name = self._name(state, merchant)
        if state.step == "decide" and merchant != state.target:
            raise RuleError(
                f"Decide on {self._name(state, state.target)}'s bag first: let it pass, "
                "open it, or make a counter-offer."
            )
        if merchant == state.sheriff:
            raise RuleError("The Sheriff has no bag to inspect.")
        if not state.bags[merchant]:
            raise RuleError(f"{name}'s bag has already been dealt with.")
        return name

    def _not_inspecting(self, state: State) -> str:
        if state.phase in ("market", "load", "declare"):
            return "The Sheriff inspects only after every merchant has declared."
        if state.step == "offer":
            return f"Wait for {self._name(state, state.target)}'s offer."
        if state.step == "confiscate":
            return "First put the confiscated goods on a discard pile."
        if state.step == "pay":
            return f"First {self._name(state, state.debt.debtor)} must pay the debt."
        return "That is not possible now."

    def _do_threaten(self, state: State, action: Threaten) -> tuple[State, list[Event]]:
        name = self._check_target(state, action.merchant)
        state = state.model_copy(
            update=dict(step="offer", target=action.merchant, offer=None, demand=None, counters=0)
        )
        sheriff = self._name(state, state.sheriff)
        return state, [Event(f"{sheriff} threatens to inspect {name}'s bag.")]

    def _do_offer(self, state: State, action: Offer) -> tuple[State, list[Event]]:
        bribe = self._check_bribe(state, action.seat, action.bribe, by_merchant=True)
        state = state.model_copy(update=dict(step="decide", offer=bribe))
        name = self._name(state, action.seat)
        text = (
            f"{name} offers no bribe."
            if bribe.empty
            else f"{name} offers {describe_bribe(bribe)}."
        )
        return state, [Event(text)]

    def _do_counter(self, state: State, action: CounterOffer) -> tuple[State, list[Event]]:
        if state.counters >= DATA.max_counter_offers:
            raise RuleError(
                f"No more counter-offers for this bag ({DATA.max_counter_offers} made): "
                "let it pass or open it."
            )
        bribe = self._check_bribe(state, state.target, action.bribe, by_merchant=False)
        if bribe == state.offer:
            raise RuleError(
                "That is the offer already on the table: let the bag pass to accept it."
            )
        state = state.model_copy(
            update=dict(step="offer", demand=bribe, counters=state.counters + 1)
        )
        sheriff, name = self._name(state, state.sheriff), self._name(state, state.target)
        return state, [Event(f"{sheriff} asks {name} for {describe_bribe(bribe)}.")]

    def _check_bribe(self, state: State, merchant: int, bribe: Bribe, by_merchant: bool) -> Bribe:
        """Validate an offer (against what the merchant really has) or a Sheriff's demand
        (against what the table can see); return it in canonical order."""
        gold = bribe.gold
        if not isinstance(gold, int) or gold < 0:
            raise RuleError("A bribe's gold cannot be negative.")
        if gold > state.gold[merchant]:
            who = "You have" if by_merchant else f"{self._name(state, merchant)} has"
            raise RuleError(f"{who} only {state.gold[merchant]} gold.")
        in_play = kinds_in_play(len(state.players), state.royal)
        for kind in bribe.stand + bribe.bag:
            if kind not in DATA.by_name:
                raise RuleError(f"There is no good called {kind!r}.")
            if kind not in in_play:
                raise RuleError(f"There is no {kind} in this game.")
        if bribe.stand:
            self._check_stand_goods(state, merchant, bribe.stand, by_merchant)
        size = len(state.bags[merchant])
        if len(bribe.bag) > size:
            whose = "Your" if by_merchant else f"{self._name(state, merchant)}'s"
            if not size:
                raise RuleError(f"{whose} bag is empty.")
            raise RuleError(f"{whose} bag holds only {counted(size, 'card')}.")
        favour = _clean_favour(bribe.favour)
        if len(favour) > MAX_FAVOUR:
            raise RuleError(f"Keep the favour under {MAX_FAVOUR} characters.")
        return _canonical_bribe(gold, tuple(bribe.stand), tuple(bribe.bag), favour)

    def _check_stand_goods(
        self, state: State, merchant: int, kinds: tuple[str, ...], by_merchant: bool
    ) -> None:
        """Check that the stand holds the goods a bribe names (a Sheriff's demand only
        against what the table can see: face-down goods by their number)."""
        name = self._name(state, merchant)
        up, down = state.stands_up[merchant], state.stands_down[merchant]
        wanted = Counter(kinds)
        if by_merchant:
            have = Counter(NAME[c] for c in up + down)
            for kind, n in wanted.items():
                if n > have[kind]:
                    if have[kind]:
                        raise RuleError(
                            f"You have only {count_text(have[kind], kind)} on your stand."
                        )
                    raise RuleError(f"You have no {kind} on your stand.")
        else:
            have = Counter(NAME[c] for c in up)
            hidden = 0
            for kind, n in wanted.items():
                if DATA.by_name[kind].legal:
                    if n > have[kind]:
                        if not have[kind]:
                            raise RuleError(f"{name} has no {kind} on the stand.")
                        raise RuleError(
                            f"{name} has only {count_text(have[kind], kind)} on the stand."
                        )
                else:
                    hidden += n
            if hidden > len(down):
                if not down:
                    raise RuleError(f"{name} has no face-down goods on the stand.")
                raise RuleError(
                    f"{name} has only {counted(len(down), 'face-down good')} on the stand."
                )

    def _do_let_pass(self, state: State, action: LetPass) -> tuple[State, list[Event]]:
        self._check_target(state, action.merchant)
        bribe = state.offer if state.step == "decide" else None
        return self._pass_bag(state, action.merchant, bribe, [])

    def _do_end_inspection(self, state: State, action: EndInspection) -> tuple[State, list[Event]]:
        sheriff = self._name(state, state.sheriff)
        events = [Event(f"{sheriff} inspects no more bags.")]
        for m in self.pending_bags(state):
            state, events = self._pass_bag(state, m, None, events, advance=False)
        return self._next_bag(state, events)

    def _pass_bag(
        self, state: State, m: int, bribe: Bribe | None, events: list[Event], advance: bool = True
    ) -> tuple[State, list[Event]]:
        """The bag passes: the accepted bribe is paid, promised bag goods as far as they
        exist, and the rest goes on the merchant's stand (face down if not legal)."""
        sh = state.sheriff
        name, sheriff = self._name(state, m), self._name(state, sh)
        bag = state.bags[m]
        declared = state.declarations[m]
        size = len(bag)
        paid_bribe = bribe is not None and not bribe.empty  # an empty bribe pays nothing
        events = list(events)
        if paid_bribe:
            events.append(
                Event(f"{sheriff} accepts {name}'s offer of {describe_bribe(bribe)}.")
            )
        events.append(Event(f"{sheriff} lets {name}'s bag pass."))
        gold, ups, downs = state.gold, list(state.stands_up), list(state.stands_down)
        if paid_bribe:
            gold, bag = self._pay_bribe(state, m, bribe, ups, downs, events)
        legal = tuple(c for c in bag if not FACE_DOWN[c])
        hidden = tuple(c for c in bag if FACE_DOWN[c])
        ups[m] = ups[m] + legal
        downs[m] = downs[m] + hidden
        events.append(Event(_to_market_text(name, legal, hidden)))
        note = f"{name} passed (declared {count_text(size, declared)})"
        note += f" for {describe_bribe(bribe)}" if paid_bribe else " with no bribe"
        changes = dict(
            gold=gold,
            stands_up=tuple(ups),
            stands_down=tuple(downs),
            bags=_set(state.bags, m, ()),
            round_notes=state.round_notes + (note,),
        )
        if advance:
            return self._finish_bag(state, events, **changes)
        return state.model_copy(update=changes), events

    def _pay_bribe(
        self, state: State, m: int, bribe: Bribe, ups: list, downs: list, events: list[Event]
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Merchant `m` pays the Sheriff an accepted bribe: gold, stand goods, and the
        promised bag goods as far as they are in the bag. Moves the goods in the stand
        lists `ups` and `downs` (the caller's copies) and adds the events; returns the new
        gold and what is left in the bag."""
        sh = state.sheriff
        name, sheriff = self._name(state, m), self._name(state, sh)
        gold = list(state.gold)
        bag = list(state.bags[m])
        gold[m] -= bribe.gold
        gold[sh] += bribe.gold
        to_sheriff: list[int] = []
        for kind in bribe.stand:
            stack = ups if DATA.by_name[kind].legal else downs
            card = next(c for c in reversed(stack[m]) if NAME[c] == kind)
            stack[m] = tuple(c for c in stack[m] if c != card)
            to_sheriff.append(card)
        if bribe.gold or bribe.stand:
            paid = [f"{bribe.gold} gold"] if bribe.gold else []
            if bribe.stand:
                paid.append(f"{describe_kinds(bribe.stand)} from the stand")
            events.append(Event(f"{name} pays {sheriff} {' and '.join(paid)}."))
        if bribe.bag:
            handed = []
            for kind in bribe.bag:
                card = next((c for c in bag if NAME[c] == kind), None)
                if card is not None:
                    bag.remove(card)
                    handed.append(card)
            to_sheriff += handed
            promised = describe_kinds(bribe.bag)
            if handed:
                events.append(
                    Event(f"From the bag {name} hands {sheriff} {describe(handed)} "
                          f"(promised: {promised}).")
                )
            else:
                events.append(
                    Event(f"None of the promised goods ({promised}) were in {name}'s bag.")
                )
        if bribe.favour:
            events.append(Event(f'{name} promised {sheriff} a favour: "{bribe.favour}".'))
        for card in to_sheriff:
            if FACE_DOWN[card]:
                downs[sh] = downs[sh] + (card,)
            else:
                ups[sh] = ups[sh] + (card,)
        return tuple(gold), tuple(bag)

    def _do_open(self, state: State, action: OpenBag) -> tuple[State, list[Event]]:
        name = self._check_target(state, action.merchant)
        m, sh = action.merchant, state.sheriff
        sheriff = self._name(state, sh)
        bag = state.bags[m]
        declared = state.declarations[m]
        judged = judge_bag(bag, declared)
        truthful, lies = judged.passes, judged.confiscated
        events = []
        if state.step == "decide" and state.offer is not None and not state.offer.empty:
            events.append(Event(f"{sheriff} refuses {name}'s offer."))
        events.append(
            Event(f"{sheriff} opens {name}'s bag (declared "
                  f"{count_text(len(bag), declared)}): {describe(bag)}.")
        )
        opened = dict(
            target=m,
            offer=None,
            demand=None,
            bags=_set(state.bags, m, ()),
            stands_up=_set(state.stands_up, m, state.stands_up[m] + truthful),
        )
        if judged.honest:
            amount = judged.sheriff_pays
            events.append(
                Event(f"{name} told the truth: {sheriff} owes {name} {amount} gold.")
            )
            note = f"{name} was honest ({describe(bag)}): {sheriff} owed {amount} gold"
            return self._charge(
                state, sh, m, amount, events, round_notes=state.round_notes + (note,), **opened
            )
        fine = judged.fine
        passed = f"{describe(truthful)} go to market; " if truthful else ""
        events.append(
            Event(f"{name} lied: {passed}{describe(lies)} confiscated, a fine of {fine} gold.")
        )
        note = (
            f"{name} was caught lying (declared {count_text(len(bag), declared)}): "
            f"{describe(lies)} confiscated, fined {fine} gold"
        )
        state = state.model_copy(
            update=dict(
                opened,
                step="confiscate",
                confiscated=lies,
                fine_due=fine,
                round_notes=state.round_notes + (note,),
            )
        )
        return state, events

    def _do_confiscate(self, state: State, action: Confiscate) -> tuple[State, list[Event]]:
        pile, order = action.pile, tuple(action.order)
        if pile not in (0, 1):
            raise RuleError("There are only two discard piles.")
        if sorted(order) != sorted(state.confiscated):
            raise RuleError("Place exactly the confiscated goods, each once.")
        m, sh = state.target, state.sheriff
        shown = ", ".join(NAME[c] for c in order)
        events = [
            Event(f"{self._name(state, sh)} puts the confiscated {shown} on "
                  f"{_pile_name(pile)} ({NAME[order[-1]]} on top).")
        ]
        return self._charge(
            state, m, sh, state.fine_due, events,
            discards=_set(state.discards, pile, state.discards[pile] + order),
            confiscated=(),
            fine_due=0,
        )

    def _charge(
        self, state: State, debtor: int, creditor: int, amount: int, events: list[Event],
        **changes,
    ) -> tuple[State, list[Event]]:
        """Debtor pays creditor: gold first; if short, goods of the stand (our ruling).
        `changes` are the action's other changes to the state, made with the payment."""
        d_name, c_name = self._name(state, debtor), self._name(state, creditor)
        pay = min(state.gold[debtor], amount)
        gold = list(state.gold)
        gold[debtor] -= pay
        gold[creditor] += pay
        changes["gold"] = tuple(gold)
        rest = amount - pay
        if not rest:
            if amount:
                events = events + [Event(f"{d_name} pays {c_name} {amount} gold.")]
            return self._finish_bag(state, events, **changes)
        text = (
            f"{d_name} pays all {pay} gold to {c_name} and still owes {rest}."
            if pay
            else f"{d_name} has no gold and owes {c_name} {rest}."
        )
        events = events + [Event(text)]
        changes["debt"] = make(Debt, debtor=debtor, creditor=creditor, amount=rest)
        return self._settle(state.model_copy(update=changes), events)

    def _settle(self, state: State, events: list[Event]) -> tuple[State, list[Event]]:
        """Continue paying a debt with stand goods: asks the debtor when there is a real
        choice, pays automatically when the stand holds only one kind of good."""
        while True:
            debt = state.debt
            d_name = self._name(state, debt.debtor)
            stand = state.stands_up[debt.debtor] + state.stands_down[debt.debtor]
            if debt.amount <= 0:
                return self._finish_bag(state, events)
            if not stand:
                events = events + [
                    Event(f"{d_name} has nothing left to pay with: the remaining "
                          f"{debt.amount} gold is forgiven.")
                ]
                return self._finish_bag(state, events)
            kinds = {NAME[c] for c in stand}
            if len(kinds) > 1:
                return state.model_copy(update=dict(step="pay")), events
            state, events = self._pay_card(state, stand[-1], events)

    def _pay_card(self, state: State, card: int, events: list[Event]) -> tuple[State, list[Event]]:
        debt = state.debt
        d, c = debt.debtor, debt.creditor
        ups, downs = list(state.stands_up), list(state.stands_down)
        stack = downs if FACE_DOWN[card] else ups
        stack[d] = tuple(x for x in stack[d] if x != card)
        stack[c] = stack[c] + (card,)
        rest = debt.amount - VALUE[card]
        text = (
            f"{self._name(state, d)} gives {self._name(state, c)} {NAME[card]} "
            f"(worth {VALUE[card]}) from the stand"
        )
        if rest > 0:
            text += f"; {rest} gold still owed."
        elif rest < 0:
            text += "; the debt is paid (no change is given)."
        else:
            text += "; the debt is paid."
        state = state.model_copy(
            update=dict(
                stands_up=tuple(ups),
                stands_down=tuple(downs),
                debt=debt.model_copy(update=dict(amount=max(rest, 0))),
            )
        )
        return state, events + [Event(text)]

    def _do_pay_good(self, state: State, action: PayWithGood) -> tuple[State, list[Event]]:
        seat = action.seat
        stand = state.stands_up[seat] + state.stands_down[seat]
        card = next((c for c in reversed(stand) if NAME[c] == action.good), None)
        if card is None:
            raise RuleError(f"You have no {action.good} on your stand.")
        state, events = self._pay_card(state, card, [])
        return self._settle(state, events)

    def _finish_bag(
        self, state: State, events: list[Event], **changes
    ) -> tuple[State, list[Event]]:
        """The bag is dealt with (its last `changes` made with this step): on to the next
        bag, or to the end of the round."""
        state = state.model_copy(
            update=dict(
                changes, step="choose", target=None, offer=None, demand=None, counters=0,
                debt=None,
            )
        )
        return self._next_bag(state, events)

    def _next_bag(self, state: State, events: list[Event]) -> tuple[State, list[Event]]:
        if state.step == "choose" and not self.pending_bags(state):
            return self._end_round(state, events)
        return state, events

    # end of round ---------------------------------------------------------------------
    def _end_round(self, state: State, events: list[Event]) -> tuple[State, list[Event]]:
        n = len(state.players)
        sheriff = self._name(state, state.sheriff)
        notes = state.round_notes
        gold = ", ".join([f"{p.name} {g}" for p, g in zip(state.players, state.gold)])
        summary = "; ".join(notes) if notes else "no bags went to market"
        text = (
            f"Round {state.round} of {state.rounds_total} ends (Sheriff: {sheriff}). "
            f"{summary}. Gold: {gold}."
        )
        events = events + [Event(text, kind="round_end")]
        base = dict(
            declarations=(None,) * n,
            bags=((),) * n,
            target=None,
            offer=None,
            demand=None,
            counters=0,
            debt=None,
            round_notes=(),
            last_round=notes,
        )
        if state.round >= state.rounds_total:
            discarded = tuple(c for h in state.hands for c in h)
            a, b = state.discards
            state = state.model_copy(
                update=dict(
                    base, step="over", hands=((),) * n, discards=(a + discarded, b)
                )
            )
            lines = self.scores(state)
            winners = self.winners(state)
            best = lines[winners[0]].total
            names = [state.players[s].name for s in winners]
            verdict = (
                f"{names[0]} wins with {best:g} points"
                if len(names) == 1
                else " and ".join(names) + f" share the win with {best:g} points"
            )
            table = ", ".join(f"{line.name} {line.total:g}" for line in lines)
            events.append(
                Event(
                    text=f"The game is over: the hands are discarded and the stands revealed. "
                    f"{verdict}. Scores: {table}.",
                    kind="game_end",
                )
            )
            return state, events
        new_sheriff = (state.sheriff + 1) % n
        hands = list(state.hands)
        pile, discards, rng = state.draw_pile, state.discards, state.rng
        drawn = []
        for k in range(n):
            s = (new_sheriff + k) % n
            need = HAND_SIZE - len(hands[s])
            pile, discards, rng, cards, more = _draw_from(pile, discards, rng, need)
            events += more
            if cards:
                hands[s] += cards
                drawn.append(f"{self._name(state, s)} {len(cards)}")
        if drawn:
            events.append(Event(f"Hands are refilled from the draw pile: {', '.join(drawn)}."))
        state = state.model_copy(
            update=dict(
                base,
                draw_pile=pile,
                discards=discards,
                rng=rng,
                sheriff=new_sheriff,
                round=state.round + 1,
                hands=tuple(hands),
                step="set_aside",
                market_seat=(new_sheriff + 1) % n,
                set_aside=(),
                drew_from_pile=False,
            )
        )
        events.append(
            Event(
                text=f"Round {state.round} of {state.rounds_total}: "
                f"{self._name(state, new_sheriff)} is the Sheriff.",
                kind="round_start",
            )
        )
        return state, events

    # ----- scores ----------------------------------------------------------------------
    @staticmethod
    def _tally(cards: tuple[int, ...]) -> tuple[int, Counter]:
        """Goods value and the King/Queen counts of the goods of a stand."""
        value = 0
        counts: Counter = Counter()
        for c in cards:
            t = TYPES[c]
            value += t.value
            if t.good:
                counts[t.good] += t.weight
        return value, counts

    @staticmethod
    def bonuses(counts: list[Counter]) -> list[dict[str, int]]:
        """King and Queen bonuses per seat and good, with both tie rules."""
        out = [{g: 0 for g in LEGAL_GOODS} for _ in counts]
        for good in LEGAL_GOODS:
            king, queen = DATA.bonuses[good]
            amounts = [c[good] for c in counts]
            levels = sorted({a for a in amounts if a > 0}, reverse=True)
            if not levels:
                continue
            kings = [s for s, a in enumerate(amounts) if a == levels[0]]
            if len(kings) > 1:
                share = (king + queen) // len(kings)
                for s in kings:
                    out[s][good] = share
                continue
            out[kings[0]][good] = king
            if len(levels) > 1:
                queens = [s for s, a in enumerate(amounts) if a == levels[1]]
                for s in queens:
                    out[s][good] = queen // len(queens)
        return out

    def scores(self, state: State) -> list[ScoreLine]:
        """Goods value, gold and King/Queen bonuses. Before the game is over only what
        the table can see counts (face-down goods are left out)."""
        names = tuple(p.name for p in state.players)
        lines = self._score_lines(
            names, state.gold, state.stands_up, state.stands_down, self.is_over(state),
            bonus_goods(len(names), state.royal),
        )
        return list(lines)

    @classmethod
    @lru_cache(maxsize=64)  # the game's end asks twice (scores, then winners)
    def _score_lines(
        cls, names: tuple[str, ...], gold: tuple[int, ...], stands_up: tuple[tuple[int, ...], ...],
        stands_down: tuple[tuple[int, ...], ...], reveal: bool, goods: tuple[str, ...],
    ) -> tuple[ScoreLine, ...]:
        tallies = [
            cls._tally(up + down if reveal else up) for up, down in zip(stands_up, stands_down)
        ]
        bonus = cls.bonuses([t[1] for t in tallies])
        lines = []
        for s, name in enumerate(names):
            parts: dict[str, float] = {"Goods": float(tallies[s][0]), "Gold": float(gold[s])}
            for good in goods:  # no Bread line in a game without Bread
                parts[BONUS_PART[good]] = float(bonus[s][good])
            lines.append(
                make(  # numbers as floats, as the validating constructor makes them
                    ScoreLine,
                    seat=s,
                    name=name,
                    total=sum(parts.values()),
                    parts=parts,
                    tiebreak=(float(len(stands_up[s])), float(len(stands_down[s]))),
                )
            )
        return tuple(lines)

    def is_over(self, state: State) -> bool:
        return state.step == "over"

    def round_label(self, state: State) -> str:
        if self.is_over(state):
            return f"Game over after {state.rounds_total} rounds"
        return (
            f"Round {state.round} of {state.rounds_total} "
            f"(Sheriff: {self._name(state, state.sheriff)})"
        )

    # ----- views -----------------------------------------------------------------------
    def public_view(self, state: State) -> PublicView:
        over = state.step == "over"
        seats = tuple(
            _seat_public(
                p.name, gold, s == state.sheriff, len(hand), len(bag), declaration, up,
                down if over else len(down),
            )
            for s, (p, gold, hand, bag, declaration, up, down) in enumerate(
                zip(state.players, state.gold, state.hands, state.bags, state.declarations,
                    state.stands_up, state.stands_down)
            )
        )
        a, b = state.discards
        return make(
            PublicView,
            round=state.round,
            rounds_total=state.rounds_total,
            phase=PHASE_OF_STEP[state.step],
            step=state.step,
            sheriff=state.sheriff,
            royal=state.royal,
            to_act=tuple(self.to_act(state)),
            market_seat=state.market_seat,
            set_aside_count=len(state.set_aside),
            drew_from_pile=state.drew_from_pile,
            draw_pile=len(state.draw_pile),
            discards=(_views(a), _views(b)),
            seats=seats,
            target=state.target,
            offer=state.offer,
            demand=state.demand,
            counters_left=DATA.max_counter_offers - state.counters,
            confiscated=_views(state.confiscated),
            fine_due=state.fine_due,
            debt=state.debt,
            round_notes=state.round_notes,
            last_round=state.last_round,
            over=over,
        )

    @staticmethod
    def _own_set_aside(state: State, seat: int) -> tuple[int, ...]:
        """The set-aside cards, if this seat set them aside."""
        return state.set_aside if state.market_seat == seat else ()

    def _secret_zones(self, state: State, seat: int) -> dict[str, tuple[int, ...]]:
        set_aside = self._own_set_aside(state, seat)
        hidden = () if self.is_over(state) else state.stands_down[seat]
        return {
            "hand": state.hands[seat],
            "bag": state.bags[seat],
            "set-aside cards": set_aside,
            "face-down goods": hidden,
        }

    def view(self, state: State, seat: int) -> SeatView:
        return make(
            SeatView,
            seat=seat,
            hand=_views(state.hands[seat]),
            bag=_views(state.bags[seat]),
            set_aside=_views(self._own_set_aside(state, seat)),
            hidden=_views(state.stands_down[seat]),
            table=self.public_view(state),
        )

    def scramble_secrets(self, state: State, keep_seat: int, seed: int) -> State:
        """Shuffle every card `keep_seat` cannot see (other hands, bags, set-aside cards
        and face-down goods, and the draw pile) and deal them back in the same shapes."""
        n = len(state.players)
        others = [s for s in range(n) if s != keep_seat]
        over = self.is_over(state)
        hide_aside = state.market_seat is not None and state.market_seat != keep_seat
        pool: list[int] = list(state.draw_pile)
        for s in others:
            pool += state.hands[s] + state.bags[s]
            if not over:
                pool += state.stands_down[s]
        if hide_aside:
            pool += state.set_aside
        mixed, _ = shuffled(seed, pool)
        rest = list(mixed)

        def take(k: int) -> tuple[int, ...]:
            out = tuple(rest[:k])
            del rest[:k]
            return out

        draw_pile = take(len(state.draw_pile))
        hands, bags, downs = list(state.hands), list(state.bags), list(state.stands_down)
        for s in others:
            hands[s] = take(len(hands[s]))
            bags[s] = take(len(bags[s]))
            if not over:
                downs[s] = take(len(downs[s]))
        set_aside = take(len(state.set_aside)) if hide_aside else state.set_aside
        return state.model_copy(
            update=dict(
                draw_pile=draw_pile,
                hands=tuple(hands),
                bags=tuple(bags),
                stands_down=tuple(downs),
                set_aside=set_aside,
            )
        )

    def secret_texts(self, state: State, seat: int) -> set[str]:
        """The lines that show this seat's secrets (see `SeatView.*_text`): card names
        repeat on the public discard piles, so the owner-labelled zone lines are what
        identifies a secret on a screen."""
        name = self._name(state, seat)
        zones = self._secret_zones(state, seat)
        return {zone_text(name, zone, cards) for zone, cards in zones.items() if cards}


# action type -> the steps it belongs to
_STEPS_OF = {
    SetAside: ("set_aside",), Draw: ("draw",), PlaceAside: ("place",), LoadBag: ("load",),
    Declare: ("declare",), Threaten: ("choose",), LetPass: ("choose", "decide"),
    OpenBag: ("choose", "decide"), EndInspection: ("choose",), Offer: ("offer",),
    CounterOffer: ("decide",), Confiscate: ("confiscate",), PayWithGood: ("pay",),
}
# the Sheriff's moves, and what a merchant who tries one hears
_SHERIFF_MOVES = {
    Threaten: "Only the Sheriff ({sheriff}) inspects bags.",
    LetPass: "Only the Sheriff ({sheriff}) inspects bags.",
    OpenBag: "Only the Sheriff ({sheriff}) inspects bags.",
    EndInspection: "Only the Sheriff ({sheriff}) inspects bags.",
    CounterOffer: "Only the Sheriff ({sheriff}) makes counter-offers.",
    Confiscate: "Only the Sheriff ({sheriff}) places confiscated goods.",
}
# the merchants' moves, and what the Sheriff who tries one hears
_MERCHANT_MOVES = {
    SetAside: "The Sheriff has no market turn this round.",
    Draw: "The Sheriff has no market turn this round.",
    PlaceAside: "The Sheriff has no market turn this round.",
    LoadBag: "The Sheriff loads no bag.",
    Declare: "The Sheriff has no bag to declare.",
    Offer: "The Sheriff offers no bribe: a threatened merchant does.",
}

# action type -> its rule: SheriffGame._do_<the action's "type">
_HANDLER_FUNCTIONS = {
    kind: getattr(SheriffGame, f"_do_{kind.model_fields['type'].default}") for kind in ACTIONS
}
