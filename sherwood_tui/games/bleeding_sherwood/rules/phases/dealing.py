"""The start of a round: the targets are dealt (a Peasant with its bonus Goodes face up,
until their value reaches the table's minimum), then the specials act in the order
dealt. A round that cannot be dealt in full ends the game."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from sherwood_tui.core.contract import Event, Player, event
from sherwood_tui.core.draft import updater
from sherwood_tui.core.rng import randbelow, shuffled
from sherwood_tui.core.wording import lazy
from sherwood_tui.games.bleeding_sherwood.rules import words
from sherwood_tui.games.bleeding_sherwood.rules.model import (
    CARDS,
    EFFECT_TEXT,
    MIN_TARGET_VALUE,
    NO_BIDS,
    NOBODY,
    PEASANT_BONUS,
    PEASANT_NAMES,
    PEASANT_SPECIALS,
    PEASANT_VALUES,
    ZEROS,
    State,
    Table,
    Target,
    new_state,
)
from sherwood_tui.games.bleeding_sherwood.rules.options import BleedingSherwoodOptions
from sherwood_tui.games.bleeding_sherwood.rules.phases import bidding, round_end

ROUND_START = "Round {0}: {1}."
BRINGS_NO_ONE = "{0} brings no one: under the 1996 rules there is one target a round."
BRINGS = "{0} brings {1}."
ALL_DRAW = "{0}: every player draws a Goode."
GATHERS = "{0} takes the bonus Goodes of the other targets."
CHANGES_NOTHING = "{0} changes nothing: under the 1996 rules only the highest bid captures."
IN_FORCE = "{0} this round."
DECK_EMPTY = "The {0} deck is empty, so round {1} is not played."


# The new state and table of a round dealt (`evolve` made once for these fields).
table_dealt = updater(Table, "goode_deck", "peasant_deck", "goode_discard", "round", "first", "effects", "order",
                      "shown", "hands_at_round_end")
round_dealt = updater(State, "phase", "hands", "peasant_discard", "targets", "turn", "bids", "totals", "passed",
                      "collect_pos", "bid_open", "bid_taken", "table")

# Each Peasant as a target without Goodes, shared (targets are immutable): most
# targets, each built anew several times a round otherwise.
BARE_TARGETS = tuple(Target(peasant=peasant) for peasant in range(len(PEASANT_VALUES)))


def start_round(
    state: State,
    first: int,
    events: list[Event],
    *,
    seen: tuple[tuple[int, ...], ...],
    peasant_discard: tuple[int, ...],
    goode_discard: tuple[int, ...],
    hands_at_round_end: tuple[int, ...],
) -> tuple[State, bool]:
    """The state with the next round dealt, `first` to bid (`seen`: Goodes face up last
    round; the last three: the new values of those fields, as the last round left them),
    and whether both decks outlast the deal (if not, the game ends: the caller finishes
    it with `deck_empty(state)`)."""
    old = state.table
    classic, n = old.options.classic_1996, len(state.players)
    peasants, goodes = old.peasant_deck, old.goode_deck
    # Targets from the decks' tops until their value reaches the table's minimum (one
    # target under the 1996 rules and at two); `p` and `g`: the cards dealt so far.
    only_one = classic or n == 2
    minimum = MIN_TARGET_VALUE.get(n, 0)
    dealt: list[Target] = []
    p = g = value = 0
    special = False
    while p < len(peasants):
        peasant = peasants[p]
        p += 1
        bonus_count = PEASANT_BONUS[peasant]
        if bonus_count:
            bonus = goodes[g : g + bonus_count]  # dealt face up with it
            g += len(bonus)
            dealt.append(Target(peasant=peasant, goodes=bonus))
        else:  # (most Peasants bring no Goodes)
            dealt.append(BARE_TARGETS[peasant])
        if PEASANT_SPECIALS[peasant] is not None:
            special = True
        value += PEASANT_VALUES[peasant]  # (some Peasants are worth less than nothing)
        if only_one or value >= minimum:
            break
    hands, shown, peasants, goodes = state.hands, goodes[:g], peasants[p:], goodes[g:]
    round_no = old.round + 1
    effects: tuple[str, ...] = ()
    notes: list[Event] = []
    if special:  # the special Peasants act (they may deal more, and draw Goodes)
        targets: list[list[Any]] = [[t.peasant, list(t.goodes)] for t in dealt]  # [peasant, its goodes]
        effects, hands, peasants, goodes, shown = specials(hands, classic, targets, peasants, goodes=goodes, shown=shown,
                                                              first=first, notes=notes)
        dealt = [target_of(p, tuple(g)) for p, g in targets]
    targets_dealt = tuple(dealt)
    events.append(event("round_start", ROUND_START, round_no, lazy(words.targets, (targets_dealt,))))
    if notes:
        events += notes
    face_up = old.shown + shown  # and last round's bids (`seen`): see `State.revealed`
    for bid in seen:
        face_up += bid
    table = table_dealt(old, goode_deck=goodes, peasant_deck=peasants, goode_discard=goode_discard, round=round_no,
                        first=first, effects=effects, order=(), shown=face_up, hands_at_round_end=hands_at_round_end)
    nobody = NOBODY[n]
    state = round_dealt(state, phase="bidding", hands=hands, peasant_discard=peasant_discard, targets=targets_dealt,
                        turn=first, bids=NO_BIDS[n], totals=ZEROS[n], passed=nobody, collect_pos=0, bid_open=nobody,
                        bid_taken=nobody, table=table)
    return state, bool(peasants and goodes)


def specials(
    hands: tuple[tuple[int, ...], ...], classic: bool, targets: list[list[Any]], peasants: tuple[int, ...], *,
    goodes: tuple[int, ...], shown: tuple[int, ...], first: int, notes: list[Event],
) -> tuple[tuple[str, ...], tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Let the special Peasants among the `targets` act, in the order dealt (extra
    targets too); the effects in force this round, and the hands, the decks and the
    Goodes face up after them (the Town Crier deals another target, the Generous Miller
    deals everyone a Goode). `targets`: [peasant, [bonus Goodes]] lists, the caller's
    own, changed in place (the Cutpurse gathers the bonuses)."""
    n = len(hands)
    pdeck, gdeck, face_up = list(peasants), list(goodes), list(shown)

    def deal_one() -> bool:
        if not pdeck:
            return False
        peasant = pdeck.pop(0)
        bonus = gdeck[: PEASANT_BONUS[peasant]]
        del gdeck[: len(bonus)]
        face_up.extend(bonus)  # dealt face up
        targets.append([peasant, bonus])
        return True

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
                notes.append(event("info", BRINGS_NO_ONE, name))
            elif deal_one():
                notes.append(event("info", BRINGS, name, PEASANT_NAMES[targets[-1][0]]))
        elif kind == "all_draw":
            drawn = list(hands)
            for k in range(n):
                seat = (first + k) % n
                if gdeck:
                    drawn[seat] += (gdeck.pop(0),)
            hands = tuple(drawn)
            notes.append(event("info", ALL_DRAW, name))
        elif kind == "gather_bonus":
            for other in targets:
                if other is not target:
                    target[1].extend(other[1])
                    other[1].clear()
            notes.append(event("info", GATHERS, name))
        elif kind == "reverse_order" and classic:  # 1996: only the highest bid captures
            notes.append(event("info", CHANGES_NOTHING, name))
        elif kind in EFFECT_TEXT:
            effects.append(kind)
            notes.append(event("info", IN_FORCE, EFFECT_TEXT[kind]))
    return tuple(effects), hands, tuple(pdeck), tuple(gdeck), tuple(face_up)


def deck_empty(state: State) -> str:
    """Why the game ends when a round cannot be dealt."""
    table = state.table
    return DECK_EMPTY.format("Peasant" if not table.peasant_deck else "Goodes", table.round)


@lru_cache(maxsize=1024)
def target_of(peasant: int, goodes: tuple[int, ...]) -> Target:
    """A target of the state (shared: targets are immutable)."""
    return Target(peasant=peasant, goodes=goodes)


def new_game(players: list[Player], options: BleedingSherwoodOptions, seed: int) -> tuple[State, list[Event]]:
    """Shuffle, deal the hands and the first round (a random dealer's left bids first)."""
    data = CARDS
    n = len(players)
    goode_deck, rng = shuffled(seed, range(len(data.goodes)))
    peasant_deck, rng = shuffled(rng, range(len(data.peasants)))
    dealer, rng = randbelow(rng, n)  # the rulebook names no dealer: a random one
    size = data.hand_size
    hands = []
    for i in range(n):
        hands.append(goode_deck[i * size : (i + 1) * size])
    state = new_state(tuple(players), tuple(hands), options=options, rng=rng,
                      goode_deck=goode_deck[n * size :], peasant_deck=peasant_deck)
    return first_round(state, (dealer + 1) % n)


def first_round(state: State, first: int) -> tuple[State, list[Event]]:
    """`state` with its next round dealt, `first` to bid, and the round's events."""
    events: list[Event] = []
    table = state.table
    state, dealt_in_full = start_round(
        state, first, events, seen=(), peasant_discard=state.peasant_discard, goode_discard=table.goode_discard,
        hands_at_round_end=table.hands_at_round_end,
    )
    if not dealt_in_full:
        return round_end.finish(state, deck_empty(state), events)
    if state.hands[first]:
        return state, events  # the common case: the first bidder holds Goodes
    return bidding.move_turn(state, events)
