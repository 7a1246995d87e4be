"""What each seat may know (plain frozen dataclasses: bots read a view at every
decision), and the secrets a seat may not know (for the privacy tests)."""

from __future__ import annotations

from dataclasses import field
from functools import lru_cache

from sherwood_tui.core.contract import Event
from sherwood_tui.core.draft import evolve, plain
from sherwood_tui.core.rng import shuffled
from sherwood_tui.games.sheriff.rules.model import DATA, PHASE_OF_STEP, TYPES, Bribe, Conduct, Debt, State
from sherwood_tui.games.sheriff.rules.options import SheriffOptions
from sherwood_tui.games.sheriff.rules.steps import STEPS
from sherwood_tui.games.sheriff.rules.wording import zone_text


@plain
class CardView:
    id: int
    name: str
    kind: str  # legal, contraband or royal
    value: int
    penalty: int


@plain
class SeatPublic:
    name: str
    gold: int
    is_sheriff: bool
    hand_count: int
    bag_count: int  # 0 when no closed bag
    declaration: str | None
    stand: tuple[CardView, ...]  # legal goods, face up
    hidden_count: int  # face-down goods: only their number is public
    hidden: tuple[CardView, ...] | None  # revealed to all once the game is over

    @property
    def declared(self) -> str:
        """The good this seat declared for its bag (ValueError before it declares)."""
        if self.declaration is None:
            raise ValueError(f"{self.name} has declared no good")
        return self.declaration


@plain
class PublicView:
    round: int
    rounds_total: int
    phase: str
    step: str
    sheriff: int
    # the game's options (public; the same all game: the traces leave them out)
    options: SheriffOptions = field(metadata={"trace": False})
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
    pile: int | None  # the discard pile cards are being put on, one at a time
    placed: tuple[CardView, ...]  # the cards put on it so far (on top of it, in order)
    fine_due: int
    debt: Debt | None
    round_notes: tuple[str, ...]
    last_round: tuple[str, ...]
    over: bool
    # each seat's public record this game (`model.Conduct`: bags opened and found lying,
    # bribes, inspections), a summary of public events: the traces leave it out
    record: tuple[Conduct, ...] = field(default=(), metadata={"trace": False})

    @property
    def inspected(self) -> int:
        """The merchant whose bag the Sheriff is dealing with (the `target`: while an
        offer is made and decided on, and its confiscated goods placed)."""
        if self.target is None:
            raise ValueError(f"no bag is being inspected (step {self.step!r})")
        return self.target


@plain
class SeatView:
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
    loading: tuple[CardView, ...] = ()  # the cards put in the bag so far (still in the hand)
    building: Bribe | None = None  # the bribe this seat is building, item by item

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
    CardView(id=card, name=t.name, kind=t.kind, value=t.value, penalty=t.penalty) for card, t in enumerate(TYPES)
)


_card_view = CARD_VIEWS.__getitem__


@lru_cache(maxsize=4096)
def _views(cards: tuple[int, ...]) -> tuple[CardView, ...]:
    """The views of some cards (shared: a pile, a hand or a stand is the same from one
    decision to the next far more often than not; the key is the tuple of card ids)."""
    return tuple(map(_card_view, cards))


SeatFacts = tuple[str, int, bool, int, int, "str | None", tuple[int, ...], "tuple[int, ...] | int"]


@lru_cache(maxsize=1024)
def _seat_public(facts: SeatFacts) -> SeatPublic:
    """A seat's public side from its facts (name, gold, whether Sheriff, hand and bag
    sizes, declaration, stand, and the face-down goods once revealed, else their number).
    Shared between views (most seats do not change from one step to the next): one tuple
    is the cache's key, the quickest kind."""
    name, gold, is_sheriff, hand_count, bag_count, declaration, stand, hidden = facts
    if isinstance(hidden, tuple):  # revealed
        hidden_count, shown = len(hidden), _views(hidden)
    else:
        hidden_count, shown = hidden, None
    return SeatPublic(
        name=name, gold=gold, is_sheriff=is_sheriff, hand_count=hand_count, bag_count=bag_count,
        declaration=declaration, stand=_views(stand), hidden_count=hidden_count, hidden=shown,
    )


def public_view(state: State) -> PublicView:
    over = state.step == "over"
    sheriff = state.sheriff
    seats = []
    s = 0
    for p, gold, hand, bag, declaration, up, down in zip(  # (a loop: quicker than a generator here)
        state.players, state.gold, state.hands, state.bags, state.declarations, state.stands_up, state.stands_down
    ):
        seats.append(_seat_public((p.name, gold, s == sheriff, len(hand), len(bag), declaration, up,
                                   down if over else len(down))))
        s += 1
    a, b = state.discards
    return PublicView(
        round=state.round, rounds_total=state.rounds_total, phase=PHASE_OF_STEP[state.step],
        step=state.step, sheriff=sheriff, options=state.options,
        to_act=tuple(STEPS.of(state).actors(state)), market_seat=state.market_seat,
        set_aside_count=len(state.set_aside), drew_from_pile=state.drew_from_pile,
        draw_pile=len(state.draw_pile), discards=(_views(a), _views(b)), seats=tuple(seats),
        target=state.target, offer=state.offer, demand=state.demand,
        counters_left=DATA.max_counter_offers - state.counters,
        confiscated=_views(state.confiscated), pile=state.pile, placed=_views(state.placed),
        fine_due=state.fine_due, debt=state.debt,
        round_notes=_texts(state.round_notes), last_round=_texts(state.last_round), over=over,
        record=state.record,
    )


def _texts(notes: tuple[Event, ...]) -> tuple[str, ...]:
    return tuple([note.text for note in notes]) if notes else ()


def _own_set_aside(state: State, seat: int) -> tuple[int, ...]:
    """The set-aside cards, if this seat set them aside."""
    return state.set_aside if state.market_seat == seat else ()


def _builder(state: State) -> int | None:
    """The seat building a bribe now: the threatened merchant, or the Sheriff deciding."""
    if state.step == "offer":
        return state.target
    return state.sheriff if state.step == "decide" else None


def view(state: State, seat: int) -> SeatView:
    return SeatView(
        seat=seat, hand=_views(state.hands[seat]), bag=_views(state.bags[seat]),
        set_aside=_views(_own_set_aside(state, seat)), hidden=_views(state.stands_down[seat]),
        table=public_view(state),
        loading=_views(state.loading[seat]) if state.loading else (),
        building=state.building if _builder(state) == seat else None,
    )


def secret_texts(state: State, seat: int) -> set[str]:
    """The lines that show this seat's secrets (see `SeatView.*_text`): card names
    repeat on the public discard piles, so the owner-labelled zone lines are what
    identifies a secret on a screen."""
    zones = {
        "hand": state.hands[seat],
        "bag": state.bags[seat],
        "set-aside cards": _own_set_aside(state, seat),
        "face-down goods": () if state.step == "over" else state.stands_down[seat],
    }
    name = state.players[seat].name
    return {zone_text(name, zone, cards) for zone, cards in zones.items() if cards}


def scramble_secrets(state: State, keep_seat: int, seed: int) -> State:
    """Shuffle every card `keep_seat` cannot see (other hands, bags, set-aside cards
    and face-down goods, and the draw pile) and deal them back in the same shapes."""
    n = len(state.players)
    others = [s for s in range(n) if s != keep_seat]
    over = state.step == "over"
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
    loading = list(state.loading)
    for s in others:
        hands[s] = take(len(hands[s]))
        if loading:  # the cards put in the bag are still in the hand
            loading[s] = hands[s][: len(loading[s])]
        bags[s] = take(len(bags[s]))
        if not over:
            downs[s] = take(len(downs[s]))
    set_aside = take(len(state.set_aside)) if hide_aside else state.set_aside
    return evolve(
        state, draw_pile=draw_pile, hands=tuple(hands), bags=tuple(bags),
        stands_down=tuple(downs), set_aside=set_aside, loading=tuple(loading),
    )
