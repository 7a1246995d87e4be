"""The start of a round: the targets are dealt (a Peasant with its bonus Goodes face up,
until their value reaches the table's minimum), then the specials act in the order
dealt. A round that cannot be dealt in full ends the game."""

from __future__ import annotations

from functools import cache, lru_cache

from sherwood_tui.core.contract import Event
from sherwood_tui.core.draft import Draft, evolve
from sherwood_tui.core.rng import randbelow, shuffled
from sherwood_tui.core.wording import Lazy
from sherwood_tui.games.bleeding_sherwood import words
from sherwood_tui.games.bleeding_sherwood.model import (
    CARDS,
    EFFECT_TEXT,
    MIN_TARGET_VALUE,
    PEASANT_BONUS,
    PEASANT_NAMES,
    PEASANT_SPECIALS,
    PEASANT_VALUES,
    Step,
    Target,
    new_state,
)
from sherwood_tui.games.bleeding_sherwood.phases import bidding, round_end

ROUND_START = "Round {0}: {1}."
BRINGS_NO_ONE = "{0} brings no one: under the 1996 rules there is one target a round."
BRINGS = "{0} brings {1}."
ALL_DRAW = "{0}: every player draws a Goode."
GATHERS = "{0} takes the bonus Goodes of the other targets."
CHANGES_NOTHING = "{0} changes nothing: under the 1996 rules only the highest bid captures."
IN_FORCE = "{0} this round."
DECK_EMPTY = "The {0} deck is empty, so round {1} is not played."


@cache
def fresh_round(n: int) -> dict:
    """The fields every round starts with, at a table of `n` (shared: do not change it)."""
    return {
        "phase": "bidding",
        "bids": ((),) * n,
        "passed": (False,) * n,
        "bid_open": (False,) * n,
        "bid_taken": (False,) * n,
        "collect_pos": 0,
    }


def start_round(draft: Draft, first: int, events: list[Event], seen: tuple = (), **table: object) -> bool:
    """Deal the next round into `draft`, `first` to bid (`seen`: Goodes face up last
    round; `table`: other changes to the state's Table, made in the same copy); False if
    a deck ran out (the game ends: the caller finishes it with `deck_empty(draft)`)."""
    old = draft.table
    classic, n = old.classic, len(draft.players)
    pdeck, gdeck = list(old.peasant_deck), list(old.goode_deck)
    targets: list[list] = []  # [peasant, [goodes]]
    shown: list[int] = []

    def deal_one() -> bool:
        if not pdeck:
            return False
        peasant = pdeck.pop(0)
        goodes = gdeck[: PEASANT_BONUS[peasant]]
        del gdeck[: len(goodes)]
        shown.extend(goodes)  # dealt face up
        targets.append([peasant, goodes])
        return True

    if classic or n == 2:
        deal_one()
    else:
        minimum, value = MIN_TARGET_VALUE[n], 0
        while value < minimum and deal_one():
            value += PEASANT_VALUES[targets[-1][0]]
    notes: list[Event] = []
    effects = specials(draft, classic, targets, deal_one, gdeck, first, notes)
    round_no = old.round + 1
    draft.targets = dealt = tuple([target_of(p, tuple(g)) for p, g in targets])
    events.append(Event.of("round_start", ROUND_START, round_no, Lazy(words.targets, dealt)))
    events += notes
    draft.__dict__.update(fresh_round(n))
    draft.turn = first
    table.update(
        peasant_deck=tuple(pdeck), goode_deck=tuple(gdeck), shown=old.shown.union(shown, *seen),
        effects=effects, round=round_no, first=first, order=(),
    )
    draft.table = evolve(old, **table)
    return bool(pdeck and gdeck)


def specials(draft: Draft, classic: bool, targets: list, deal_one, gdeck: list, first: int, notes: list) -> tuple:
    """Let the special Peasants act, in the order dealt (extra targets too); the effects
    in force this round."""
    n = len(draft.players)
    effects = []
    index = 0
    while index < len(targets):
        target = targets[index]
        kind, name = PEASANT_SPECIALS[target[0]], PEASANT_NAMES[target[0]]
        index += 1
        if kind is None:
            continue
        if kind == "extra_target":
            if classic:  # 1996: one target a round
                notes.append(Event.of("info", BRINGS_NO_ONE, name))
            elif deal_one():
                notes.append(Event.of("info", BRINGS, name, PEASANT_NAMES[targets[-1][0]]))
        elif kind == "all_draw":
            hands = list(draft.hands)
            for k in range(n):
                seat = (first + k) % n
                if gdeck:
                    hands[seat] += (gdeck.pop(0),)
            draft.hands = tuple(hands)
            notes.append(Event.of("info", ALL_DRAW, name))
        elif kind == "gather_bonus":
            for other in targets:
                if other is not target:
                    target[1].extend(other[1])
                    other[1].clear()
            notes.append(Event.of("info", GATHERS, name))
        elif kind == "reverse_order" and classic:  # 1996: only the highest bid captures
            notes.append(Event.of("info", CHANGES_NOTHING, name))
        elif kind in EFFECT_TEXT:
            effects.append(kind)
            notes.append(Event.of("info", IN_FORCE, EFFECT_TEXT[kind]))
    return tuple(effects)


def deck_empty(draft: Draft) -> str:
    """Why the game ends when a round cannot be dealt."""
    table = draft.table
    return DECK_EMPTY.format("Peasant" if not table.peasant_deck else "Goodes", table.round)


@lru_cache(maxsize=1024)
def target_of(peasant: int, goodes: tuple[int, ...]) -> Target:
    """A target of the state (shared: targets are immutable)."""
    return Target(peasant, goodes)


def new_game(players: list, options: dict[str, bool], seed: int) -> tuple:
    """Shuffle, deal the hands and the first round (a random dealer's left bids first)."""
    data = CARDS
    n = len(players)
    goode_deck, rng = shuffled(seed, range(len(data.goodes)))
    peasant_deck, rng = shuffled(rng, range(len(data.peasants)))
    dealer, rng = randbelow(rng, n)  # the rulebook names no dealer: a random one
    size = data.hand_size
    state = new_state(
        tuple(players),
        tuple(goode_deck[i * size : (i + 1) * size] for i in range(n)),
        classic=options.get("classic_1996", False),
        rng=rng,
        goode_deck=goode_deck[n * size :],
        peasant_deck=peasant_deck,
    )
    return first_round(state, (dealer + 1) % n)


def first_round(state, first: int) -> tuple:
    """`state` with its next round dealt, `first` to bid, and the round's events."""
    draft = Step(state)
    events: list[Event] = []
    if not start_round(draft, first, events):
        return round_end.finish(draft, deck_empty(draft), events)
    return bidding.move_turn(draft, first, events)
