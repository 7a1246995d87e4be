"""Bleeding Sherwood's state, its parts and its actions, and the card tables the rules
read (bound once).

The state and its parts are plain frozen classes (the core's `@plain`: a new game builds
them without `object.__setattr__`); a step builds its one new state with the core's
`updater`s; actions are the core's `Move`s (plain frozen classes; their union is the save
files' schema)."""

from __future__ import annotations

from dataclasses import field
from typing import Annotated, Any, Literal

from pydantic import Field

from sherwood_tui.core.contract import Move, Player
from sherwood_tui.core.draft import plain
from sherwood_tui.games.bleeding_sherwood.rules.data import cards
from sherwood_tui.games.bleeding_sherwood.rules.options import BleedingSherwoodOptions

# ----- state ---------------------------------------------------------------------------

RoundBids = tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]  # (each seat's bid, its Goodes left in hand)


@plain
class Target:
    """A Peasant in the centre with the Goodes attached to it."""

    peasant: int
    goodes: tuple[int, ...] = ()


@plain
class Table:
    """What changes only between rounds (and as collection begins): a part of the state,
    so that a step copies only the fields it may change."""

    options: BleedingSherwoodOptions
    rng: int
    goode_deck: tuple[int, ...]
    peasant_deck: tuple[int, ...]
    goode_discard: tuple[int, ...]
    round: int
    first: int  # who bids first this round
    effects: tuple[str, ...]  # special effects in force this round
    order: tuple[int, ...]  # collection order
    high_bidder: int
    # Goodes face up on the table before this round's bids (repeats and all: a tuple is
    # only added to as a round ends, where a set would be copied whole; see `revealed`)
    shown: tuple[int, ...]
    end_reason: str
    # How many Goodes each seat held as the last round ended (before the next round's
    # Generous Miller dealt): what the round summary shows.
    hands_at_round_end: tuple[int, ...]
    # Each round's bids as its bidding closed, with the Goodes each seat held then
    # (public: every bid is face up): the expert's beliefs read them.
    rounds_bid: tuple[RoundBids, ...] = field(default=(), metadata={"trace": False})


def _of_table(name: str) -> property:
    return property(lambda state: getattr(state.table, name), doc=f"The table's {name}.")


@plain
class State:
    players: tuple[Player, ...]
    phase: Literal["bidding", "collecting", "over"]
    hands: tuple[tuple[int, ...], ...]
    peasant_discard: tuple[int, ...]
    collected: tuple[tuple[int, ...], ...]
    targets: tuple[Target, ...]
    turn: int  # whose bid it is
    bids: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]  # each bid's total value, kept beside the bids (read at every step)
    passed: tuple[bool, ...]
    collect_pos: int
    bid_open: tuple[bool, ...]  # spent bids that may be taken now
    bid_taken: tuple[bool, ...]  # spent bids already collected this round
    table: Table
    # The Goodes each seat was seen to take into its hand (with a target, or another's
    # bid) and has not bid since a round's bidding closed: public, as they were face up.
    known: tuple[tuple[int, ...], ...] = field(default=(), metadata={"trace": False})

    options = _of_table("options")
    rng = _of_table("rng")
    goode_deck = _of_table("goode_deck")
    peasant_deck = _of_table("peasant_deck")
    goode_discard = _of_table("goode_discard")
    round = _of_table("round")
    first = _of_table("first")
    effects = _of_table("effects")
    order = _of_table("order")
    high_bidder = _of_table("high_bidder")
    end_reason = _of_table("end_reason")
    hands_at_round_end = _of_table("hands_at_round_end")

    @property
    def revealed(self) -> frozenset[int]:
        """Goodes that have been face up on the table (dealt with a target, or bid)."""
        return frozenset(self.table.shown).union(*self.bids)


def new_state(players: tuple[Player, ...], hands: tuple[tuple[int, ...], ...], **values: Any) -> State:
    """A state before its first round: `values` name the Table's fields (the decks, say)."""
    n = len(players)
    table: dict[str, Any] = dict(
        options=BleedingSherwoodOptions(), rng=0, goode_deck=(), peasant_deck=(), goode_discard=(), round=0, first=0, effects=(),
        order=(), high_bidder=0, shown=(), end_reason="", hands_at_round_end=(),
    )
    table.update(values)
    nobody, no_bids = NOBODY[n], NO_BIDS[n]
    return State(
        players=players, phase="bidding", hands=hands, peasant_discard=(), collected=no_bids, targets=(), turn=0,
        bids=no_bids, totals=ZEROS[n], passed=nobody, collect_pos=0, bid_open=nobody, bid_taken=nobody,
        table=Table(**table), known=no_bids,
    )


# Each seat's entry of a new round's fields, by table size (shared: tuples are immutable).
NOBODY = tuple((False,) * n for n in range(7))
NO_BIDS = tuple(((),) * n for n in range(7))
ZEROS = tuple((0,) * n for n in range(7))


# ----- actions -------------------------------------------------------------------------


@plain
class PlayGoode(Move):
    """Add one Goode from your hand to your bid."""

    type: Literal["bid"] = "bid"
    seat: int
    card: int


@plain
class Pass(Move):
    """Stop bidding for this round (final)."""

    type: Literal["pass"] = "pass"
    seat: int


@plain
class TakeTarget(Move):
    """Collect a Peasant from the centre, with its attached Goodes."""

    type: Literal["take_target"] = "take_target"
    seat: int
    peasant: int


@plain
class TakeBid(Move):
    """Collect the spent bid of a player who has already collected."""

    type: Literal["take_bid"] = "take_bid"
    seat: int
    owner: int


Action = Annotated[PlayGoode | Pass | TakeTarget | TakeBid, Field(discriminator="type")]

# ----- card tables, bound once ----------------------------------------------------------

CARDS = cards()
GOODE_VALUES = tuple(g.value for g in CARDS.goodes)
GOODE_LABELS = tuple(f"{g.name} ({g.value})" for g in CARDS.goodes)
PEASANT_VALUES = tuple(p.value for p in CARDS.peasants)
PEASANT_LABELS = tuple(f"{p.name} ({p.value})" for p in CARDS.peasants)
PEASANT_NAMES = tuple(p.name for p in CARDS.peasants)
PEASANT_BONUS = tuple(p.bonus for p in CARDS.peasants)
PEASANT_SPECIALS = tuple(p.special for p in CARDS.peasants)
WINNING_SCORE = CARDS.winning_score
# The least total value of a round's targets, by table size up to the most players (6);
# a table larger than the largest listed takes its value.
MIN_TARGET_VALUE = {
    n: CARDS.min_target_value[min(n, max(CARDS.min_target_value))]
    for n in range(min(CARDS.min_target_value), 7)
}
EFFECT_TEXT = {
    "reverse_order": "Jester: the lowest bid collects first",
    "no_zero_capture": "Hermit: a bid of zero collects nothing",
}

_goode_value = GOODE_VALUES.__getitem__


def bid_total(bid: tuple[int, ...]) -> int:
    return sum(map(_goode_value, bid))


def score_of(collected: tuple[int, ...]) -> int:
    """The points of these collected Peasants."""
    score = 0
    for peasant in collected:  # (a loop: `map` over a tuple's __getitem__ costs more)
        score += PEASANT_VALUES[peasant]
    return score

