"""Bleeding Sherwood's rules: pure functions over an immutable pydantic state.

A round: targets are dealt (specials resolved after the normal targets), then players
bid around the table (one Goode or pass; passing is final), then every bidder in order
from the highest bid collects one target (a centre Peasant or the spent bid of a player
who has already collected), leftovers are discarded. Bids are private decisions (the
bidder sees their hand); collecting is public.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Annotated, Literal, Union

from pydantic import Field

from sherwood_tui.core.contract import Event, Frozen, Game, OptionSpec, Player, ScoreLine
from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.rng import randbelow, shuffled
from sherwood_tui.core.wording import count
from sherwood_tui.games.bleeding_sherwood.data import cards

# ----- state ---------------------------------------------------------------------------


class Target(Frozen):
    """A Peasant in the centre with the Goodes attached to it."""

    peasant: int
    goodes: tuple[int, ...] = ()


class State(Frozen):
    players: tuple[Player, ...]
    classic: bool = False
    rng: int
    goode_deck: tuple[int, ...]
    peasant_deck: tuple[int, ...]
    goode_discard: tuple[int, ...] = ()
    peasant_discard: tuple[int, ...] = ()
    hands: tuple[tuple[int, ...], ...]
    collected: tuple[tuple[int, ...], ...]
    revealed: frozenset[int] = frozenset()  # Goodes that have been face up on the table
    round: int = 0
    first: int = 0  # who bids first this round
    phase: Literal["bidding", "collecting", "over"] = "bidding"
    targets: tuple[Target, ...] = ()
    effects: tuple[str, ...] = ()  # special effects in force this round
    turn: int = 0  # whose bid it is
    bids: tuple[tuple[int, ...], ...]
    passed: tuple[bool, ...]
    order: tuple[int, ...] = ()  # collection order
    collect_pos: int = 0
    bid_open: tuple[bool, ...]  # spent bids that may be taken now
    bid_taken: tuple[bool, ...] = ()  # spent bids already collected this round
    high_bidder: int = 0
    end_reason: str = ""
    # How many Goodes each seat held as the last round ended (before the next round's
    # Generous Miller dealt): what the round summary shows.
    hands_at_round_end: tuple[int, ...] = ()


# ----- actions -------------------------------------------------------------------------


class PlayGoode(Frozen):
    """Add one Goode from your hand to your bid."""

    type: Literal["bid"] = "bid"
    seat: int
    card: int


class Pass(Frozen):
    """Stop bidding for this round (final)."""

    type: Literal["pass"] = "pass"
    seat: int


class TakeTarget(Frozen):
    """Collect a Peasant from the centre, with its attached Goodes."""

    type: Literal["take_target"] = "take_target"
    seat: int
    peasant: int


class TakeBid(Frozen):
    """Collect the spent bid of a player who has already collected."""

    type: Literal["take_bid"] = "take_bid"
    seat: int
    owner: int


Action = Annotated[Union[PlayGoode, Pass, TakeTarget, TakeBid], Field(discriminator="type")]

# ----- views ---------------------------------------------------------------------------


class CardView(Frozen):
    id: int
    name: str
    value: int


class TargetView(Frozen):
    peasant: int
    name: str
    value: int
    text: str  # the card's own text
    note: str  # a special's part in this round ("each drew a Goode"); "" for none
    goodes: tuple[CardView, ...]


class SeatPublic(Frozen):
    name: str
    hand_count: int
    bid: tuple[CardView, ...]
    bid_total: int
    passed: bool
    bid_open: bool
    bid_taken: bool
    collected: tuple[CardView, ...]
    score: int


class PublicView(Frozen):
    round: int
    phase: str
    first: int
    turn: int | None
    collector: int | None
    order: tuple[int, ...]
    effects: tuple[str, ...]
    targets: tuple[TargetView, ...]
    seats: tuple[SeatPublic, ...]
    goode_deck: int
    peasant_deck: int
    classic: bool
    end_reason: str
    hands_at_round_end: tuple[int, ...]  # Goodes in hand as the last round ended


class SeatView(Frozen):
    seat: int
    hand: tuple[CardView, ...]
    table: PublicView


EFFECT_TEXT = {
    "reverse_order": "Jester: the lowest bid collects first",
    "no_zero_capture": "Hermit: a bid of zero collects nothing",
}

# What the table shows beside a special Peasant: what it did (the specials act as the
# targets are dealt) or what it does this round. Under the 1996 rules the Town Crier and
# the Jester do nothing (one target a round; only the highest bid captures).
SPECIAL_NOTE = {
    "extra_target": "brought one more",
    "all_draw": "each drew a Goode",
    "gather_bonus": "took the bonuses",
    "reverse_order": "lowest bid collects first",
    "no_zero_capture": "zero bids collect nothing",
}
SPECIAL_NOTE_1996 = {**SPECIAL_NOTE, "extra_target": "no effect: 1996 rules", "reverse_order": "no effect: 1996 rules"}

# ----- card data, bound once: the rules read it in their hot loop -------------------

_CARDS = cards()
GOODE_VALUES = tuple(g.value for g in _CARDS.goodes)
GOODE_LABELS = tuple(f"{g.name} ({g.value})" for g in _CARDS.goodes)
PEASANT_VALUES = tuple(p.value for p in _CARDS.peasants)
PEASANT_LABELS = tuple(f"{p.name} ({p.value})" for p in _CARDS.peasants)
PEASANT_NAMES = tuple(p.name for p in _CARDS.peasants)
PEASANT_BONUS = tuple(p.bonus for p in _CARDS.peasants)
PEASANT_SPECIALS = tuple(p.special for p in _CARDS.peasants)
WINNING_SCORE = _CARDS.winning_score
# The least total value of a round's targets, by table size up to the most players (6);
# a table larger than the largest listed takes its value.
MIN_TARGET_VALUE = {
    n: _CARDS.min_target_value[min(n, max(_CARDS.min_target_value))]
    for n in range(min(_CARDS.min_target_value), 7)
}
# Views share one immutable CardView per card.
GOODE_VIEWS = tuple(CardView.make(id=i, name=g.name, value=g.value) for i, g in enumerate(_CARDS.goodes))
PEASANT_VIEWS = tuple(CardView.make(id=i, name=p.name, value=p.value) for i, p in enumerate(_CARDS.peasants))


def describe_goodes(ids: tuple[int, ...] | list[int]) -> str:
    return ", ".join([GOODE_LABELS[g] for g in ids])


_goode_value, _peasant_value = GOODE_VALUES.__getitem__, PEASANT_VALUES.__getitem__  # bound once


def bid_total(bid: tuple[int, ...]) -> int:
    return sum(map(_goode_value, bid))


def score_of(collected: tuple[int, ...]) -> int:
    """The points of these collected Peasants."""
    return sum(map(_peasant_value, collected))


def replaced(items: tuple, index: int, value) -> tuple:
    """A copy of `items` with the entry at `index` replaced by `value`."""
    copy = list(items)
    copy[index] = value
    return tuple(copy)


def without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    """A copy of `cards` without `card` (cards are unique)."""
    index = cards.index(card)
    return cards[:index] + cards[index + 1 :]


@cache
def fresh_round(n: int) -> dict:
    """The fields every round starts with, at a table of `n` (shared: do not change it)."""
    return {
        "phase": "bidding",
        "bids": ((),) * n,
        "passed": (False,) * n,
        "bid_open": (False,) * n,
        "bid_taken": (False,) * n,
        "order": (),
        "collect_pos": 0,
    }


class SeatActions:
    """Every action one seat may ever take, built once: actions are immutable, so
    `legal_actions` hands out these shared objects instead of building new ones."""

    def __init__(self, seat: int) -> None:
        self.plays = tuple(PlayGoode(seat=seat, card=c) for c in range(len(GOODE_VALUES)))
        self.pass_ = Pass(seat=seat)
        self.take_targets = tuple(TakeTarget(seat=seat, peasant=p) for p in range(len(PEASANT_VALUES)))
        self.take_bids = tuple(TakeBid(seat=seat, owner=o) for o in range(BleedingSherwood.max_players))


@cache
def seat_actions(seat: int) -> SeatActions:
    return SeatActions(seat)


@lru_cache(maxsize=4096)
def seat_public(
    name: str,
    hand_count: int,
    bid: tuple[int, ...],
    passed: bool,
    bid_open: bool,
    bid_taken: bool,
    collected: tuple[int, ...],
) -> SeatPublic:
    """What the table sees of a seat (shared: views are immutable)."""
    return SeatPublic.make(
        name=name,
        hand_count=hand_count,
        bid=tuple([GOODE_VIEWS[g] for g in bid]),
        bid_total=bid_total(bid),
        passed=passed,
        bid_open=bid_open,
        bid_taken=bid_taken,
        collected=tuple([PEASANT_VIEWS[c] for c in collected]),
        score=score_of(collected),
    )


@lru_cache(maxsize=1024)
def target_of(peasant: int, goodes: tuple[int, ...]) -> Target:
    """A target of the state (shared: targets are immutable)."""
    return Target.make(peasant=peasant, goodes=goodes)


@lru_cache(maxsize=1024)
def target_view(peasant: int, goodes: tuple[int, ...], classic: bool = False) -> TargetView:
    """What the table sees of a target (shared: views are immutable)."""
    card = _CARDS.peasants[peasant]
    return TargetView.make(
        peasant=peasant,
        name=card.name,
        value=card.value,
        text=card.text,
        note=(SPECIAL_NOTE_1996 if classic else SPECIAL_NOTE).get(card.special, ""),
        goodes=tuple([GOODE_VIEWS[g] for g in goodes]),
    )


# ----- the game ------------------------------------------------------------------------


class BleedingSherwood(Game):
    id = "bleeding-sherwood"
    title = "Bleeding Sherwood"
    blurb = "Bid Goode cards to rob the Peasants; every bidder takes something."
    min_players = 2
    max_players = 6
    options = (
        OptionSpec(
            key="classic_1996",
            label="1996 rules",
            help="One target a round, and only the highest bid captures anything.",
        ),
    )
    state_type = State
    action_type = Action
    tiebreak_label = "Goodes in hand"

    # ----- setup ---------------------------------------------------------------------
    def _new_game(
        self, players: list[Player], options: dict[str, bool], seed: int
    ) -> tuple[State, list[Event]]:
        data = cards()
        n = len(players)
        goode_deck, rng = shuffled(seed, range(len(data.goodes)))
        peasant_deck, rng = shuffled(rng, range(len(data.peasants)))
        dealer, rng = randbelow(rng, n)  # the rulebook names no dealer: a random one
        size = data.hand_size
        hands = tuple(goode_deck[i * size : (i + 1) * size] for i in range(n))
        state = State.make(
            players=tuple(players),
            classic=options.get("classic_1996", False),
            rng=rng,
            goode_deck=goode_deck[n * size :],
            peasant_deck=peasant_deck,
            hands=hands,
            collected=((),) * n,
            bids=((),) * n,
            passed=(False,) * n,
            bid_open=(False,) * n,
            bid_taken=(False,) * n,
        )
        return self._start_round(state, first=(dealer + 1) % n)

    def _start_round(
        self, state: State, first: int, changes: dict | None = None
    ) -> tuple[State, list[Event]]:
        """Deal this round's targets and resolve specials; end the game if a deck empties.
        `changes` (the end of the last round) are made in the same copy of the state."""
        classic, n = state.classic, len(state.players)
        pdeck, gdeck = list(state.peasant_deck), list(state.goode_deck)
        hands = state.hands
        targets: list[list] = []  # [peasant, [goodes]]
        shown: list[int] = []  # the Goodes dealt face up, in order
        effects: list[str] = []
        notes: list[str] = []

        def deal_one() -> bool:
            if not pdeck:
                return False
            peasant = pdeck.pop(0)
            goodes = gdeck[: PEASANT_BONUS[peasant]]
            del gdeck[: len(goodes)]
            shown.extend(goodes)
            targets.append([peasant, goodes])
            return True

        if classic or n == 2:
            deal_one()
        else:
            minimum, value = MIN_TARGET_VALUE[n], 0
            while value < minimum and deal_one():
                value += PEASANT_VALUES[targets[-1][0]]
        index = 0
        while index < len(targets):  # specials, in the order dealt (extra targets too)
            target = targets[index]
            kind, name = PEASANT_SPECIALS[target[0]], PEASANT_NAMES[target[0]]
            if kind is None:
                pass
            elif kind == "extra_target":
                if classic:  # 1996: one target a round
                    notes.append(f"{name} brings no one: under the 1996 rules there is one target a round.")
                elif deal_one():
                    notes.append(f"{name} brings {PEASANT_NAMES[targets[-1][0]]}.")
            elif kind == "all_draw":
                hands = list(hands)
                for k in range(n):
                    seat = (first + k) % n
                    if gdeck:
                        hands[seat] += (gdeck.pop(0),)
                notes.append(f"{name}: every player draws a Goode.")
            elif kind == "gather_bonus":
                for other in targets:
                    if other is not target:
                        target[1].extend(other[1])
                        other[1].clear()
                notes.append(f"{name} takes the bonus Goodes of the other targets.")
            elif kind == "reverse_order" and classic:  # 1996: only the highest bid captures
                notes.append(f"{name} changes nothing: under the 1996 rules only the highest bid captures.")
            elif kind in EFFECT_TEXT:
                effects.append(kind)
                notes.append(EFFECT_TEXT[kind] + " this round.")
            index += 1

        round_no = state.round + 1
        listed = "; ".join(
            [PEASANT_LABELS[p] + (f" with {describe_goodes(g)}" if g else "") for p, g in targets]
        )
        if len(targets) == 1:
            listed = f"the target is {listed}"
        else:
            listed = f"the targets are {listed}" if targets else "no Peasant is left to deal"
        events = [Event(f"Round {round_no}: {listed}.", "round_start")]
        events += map(Event, notes)
        revealed = set(state.revealed)  # a set, then frozen: as it always was (same order)
        revealed.update(shown)
        changes = {
            **(changes or {}),
            **fresh_round(n),
            "peasant_deck": tuple(pdeck),
            "goode_deck": tuple(gdeck),
            "hands": tuple(hands),
            "revealed": frozenset(revealed),
            "targets": tuple([target_of(p, tuple(g)) for p, g in targets]),
            "effects": tuple(effects),
            "round": round_no,
            "first": first,
            "turn": first,
        }
        if not pdeck or not gdeck:
            deck = "Peasant" if not pdeck else "Goodes"
            reason = f"The {deck} deck is empty, so round {round_no} is not played."
            return self._finish(state.model_copy(update=changes), reason, events)
        return self._move_turn(state, changes, first, events)

    # ----- whose turn ----------------------------------------------------------------
    def to_act(self, state: State) -> list[int]:
        phase = state.phase
        if phase == "bidding":
            return [state.turn]
        if phase == "collecting":
            return [state.order[state.collect_pos]]
        return []

    def may_act(self, state: State, seat: int) -> bool:
        phase = state.phase
        if phase == "bidding":
            return seat == state.turn
        return phase == "collecting" and seat == state.order[state.collect_pos]

    def is_private(self, state: State, seat: int) -> bool:
        return state.phase == "bidding"

    def why_not_turn(self, state: State, seat: int) -> str:
        if 0 <= seat < len(state.players) and state.phase == "bidding" and state.passed[seat]:
            return "You already passed this round."
        return super().why_not_turn(state, seat)

    def legal_actions(self, state: State, seat: int) -> list:
        phase = state.phase
        if phase == "bidding" and seat == state.turn:
            actions = seat_actions(seat)
            return [*map(actions.plays.__getitem__, state.hands[seat]), actions.pass_]
        if phase == "collecting" and seat == state.order[state.collect_pos]:
            return self._takes(seat, state.targets, state.bid_open)
        return []

    @staticmethod
    def _takes(seat: int, targets: tuple[Target, ...], bid_open: tuple[bool, ...]) -> list:
        """What this collector may take: a centre Peasant, or another's open spent bid."""
        actions = seat_actions(seat)
        take_target = actions.take_targets
        takes = [take_target[t.peasant] for t in targets]
        if True in bid_open:
            take_bid = actions.take_bids
            takes += [take_bid[o] for o, ok in enumerate(bid_open) if ok and o != seat]
        return takes

    # ----- actions ---------------------------------------------------------------------
    # Each step collects its changes in a dict and copies the state once, in
    # `_move_turn` (bidding) or `_move_collector` (collecting). The steps read each field
    # at most once: a pydantic model's attribute access is several times slower than a
    # local's.
    def _apply(self, state: State, action) -> tuple[State, list[Event]]:
        if isinstance(action, (PlayGoode, Pass)):
            if state.phase != "bidding":
                raise RuleError("Bidding is over; now the bidders collect their targets.")
            if isinstance(action, Pass):
                return self._pass(state, action)
            return self._play_goode(state, action)
        if state.phase != "collecting":
            raise RuleError("Nobody collects until everyone has passed.")
        if isinstance(action, TakeTarget):
            return self._take_target(state, action)
        return self._take_bid(state, action)

    def _play_goode(self, state: State, action: PlayGoode) -> tuple[State, list[Event]]:
        seat, card = action.seat, action.card
        hands = state.hands
        hand = hands[seat]
        if card not in hand:
            raise RuleError("That Goode is not in your hand.")
        bids = state.bids
        bid = bids[seat] + (card,)
        name = state.players[seat].name
        changes = {
            "hands": replaced(hands, seat, without(hand, card)),
            "bids": replaced(bids, seat, bid),
            "revealed": state.revealed | {card},
        }
        events = [Event(f"{name} bids {GOODE_LABELS[card]}; {name}'s bid is now {bid_total(bid)}.")]
        return self._move_turn(state, changes, seat + 1, events)

    def _pass(self, state: State, action: Pass) -> tuple[State, list[Event]]:
        seat = action.seat
        events = [Event(f"{state.players[seat].name} passes with a bid of {bid_total(state.bids[seat])}.")]
        return self._move_turn(state, {"passed": replaced(state.passed, seat, True)}, seat + 1, events)

    def _move_turn(
        self, state: State, changes: dict, start: int, events: list[Event]
    ) -> tuple[State, list[Event]]:
        """Make `changes` (this step's) and pass the turn round the table, from seat
        `start`, to the first bidder who has not passed. A bidder with no Goodes left can
        only pass: they pass at once. Once everyone has passed, the turn stays with the
        last to pass and collection begins."""
        hands = changes["hands"] if "hands" in changes else state.hands
        passed = changes["passed"] if "passed" in changes else state.passed
        n = len(passed)
        turn = (start - 1) % n
        for k in range(n):
            seat = (start + k) % n
            if passed[seat]:
                continue
            turn = seat
            if hands[seat]:
                break
            passed = replaced(passed, seat, True)
            total = bid_total((changes["bids"] if "bids" in changes else state.bids)[seat])
            events.append(Event(f"{state.players[seat].name} has no Goodes left and passes with a bid of {total}."))
        changes["passed"], changes["turn"] = passed, turn
        state = state.model_copy(update=changes)
        if passed[turn]:  # the turn rests on a passed seat only once everyone has passed
            return self._begin_collection(state, events)
        return state, events

    def ranking(self, state: State) -> list[int]:
        """Seats from the highest bid down; ties (and zeros) to the earliest bidder."""
        return self._ranking(list(map(bid_total, state.bids)), state.first)

    @staticmethod
    def _ranking(totals: list[int], first: int) -> list[int]:
        n = len(totals)
        # a stable sort (reverse=True keeps ties in order) of the seats in bidding order
        return sorted([(first + k) % n for k in range(n)], key=totals.__getitem__, reverse=True)

    def _begin_collection(self, state: State, events: list[Event]) -> tuple[State, list[Event]]:
        totals = list(map(bid_total, state.bids))
        ranking = self._ranking(totals, state.first)
        effects = state.effects
        if state.classic:  # 1996: only the highest bid captures anything (whatever the Jester)
            order = ranking[:1]
        elif "reverse_order" in effects:
            order = ranking[::-1]
        else:
            order = ranking
        if "no_zero_capture" in effects:
            order = [s for s in order if totals[s] > 0]
        players = state.players
        names = ", ".join([f"{players[s].name} ({totals[s]})" for s in order])
        events.append(Event(f"Everyone has passed. Collection order: {names or 'nobody'}."))
        changes = {"phase": "collecting", "order": tuple(order), "high_bidder": ranking[0]}
        return self._move_collector(state, changes, 0, events)

    def _move_collector(
        self, state: State, changes: dict, pos: int, events: list[Event]
    ) -> tuple[State, list[Event]]:
        """Make `changes` (this step's) and move on to the collector at `pos` of the
        order, past those with nothing left to take; end the round after the last."""
        order = changes["order"] if "order" in changes else state.order
        targets = changes["targets"] if "targets" in changes else state.targets
        bid_open = changes["bid_open"] if "bid_open" in changes else state.bid_open
        while pos < len(order):
            seat = order[pos]
            # something to take: a centre target, or an open bid other than their own
            if targets or bid_open.count(True) > bid_open[seat]:
                break
            events.append(Event(f"{state.players[seat].name} finds nothing left to take."))
            bid_open = replaced(bid_open, seat, bool(state.bids[seat]))  # their spent bid is a target now
            pos += 1
        changes["bid_open"], changes["collect_pos"] = bid_open, pos
        state = state.model_copy(update=changes)
        if pos == len(order):
            return self._end_round(state, events)
        return state, events

    @staticmethod
    def _taker(state: State, seat: int, bids: tuple[tuple[int, ...], ...]) -> str:
        """How the log names a collector: with their bid."""
        return f"{state.players[seat].name} (bid {bid_total(bids[seat])})"

    def _take_target(self, state: State, action: TakeTarget) -> tuple[State, list[Event]]:
        seat, peasant = action.seat, action.peasant
        targets = state.targets
        for index, target in enumerate(targets):
            if target.peasant == peasant:
                break
        else:
            raise RuleError("That Peasant is not on the table.")
        goodes, bids, hands, collected = target.goodes, state.bids, state.hands, state.collected
        extra = f" and {describe_goodes(goodes)}" if goodes else ""
        text = f"{self._taker(state, seat, bids)} takes {PEASANT_LABELS[peasant]}{extra}."
        changes = {
            "targets": targets[:index] + targets[index + 1 :],
            "collected": replaced(collected, seat, collected[seat] + (peasant,)),
            "hands": replaced(hands, seat, hands[seat] + goodes),
            "bid_open": replaced(state.bid_open, seat, bool(bids[seat])),  # their spent bid is a target now
        }
        return self._move_collector(state, changes, state.collect_pos + 1, [Event(text)])

    def _take_bid(self, state: State, action: TakeBid) -> tuple[State, list[Event]]:
        seat, owner = action.seat, action.owner
        players = state.players
        if not 0 <= owner < len(players):
            raise RuleError("There is no such bid.")
        owner_name = players[owner].name
        if owner == seat:
            raise RuleError("You cannot take your own bid.")
        if state.bid_taken[owner]:
            raise RuleError(f"{owner_name}'s bid has already been taken.")
        bids = state.bids
        bid = bids[owner]
        if not bid:
            raise RuleError(f"{owner_name} bid nothing; there is no bid to take.")
        bid_open = list(state.bid_open)
        if not bid_open[owner]:
            raise RuleError(f"{owner_name}'s bid is not a target until {owner_name} has collected.")
        text = f"{self._taker(state, seat, bids)} takes {owner_name}'s bid: {describe_goodes(bid)}."
        bid_open[owner] = False
        bid_open[seat] = bool(bids[seat])  # their spent bid is a target now
        hands = state.hands
        changes = {
            "bid_taken": replaced(state.bid_taken, owner, True),
            "hands": replaced(hands, seat, hands[seat] + bid),
            "bid_open": tuple(bid_open),
        }
        return self._move_collector(state, changes, state.collect_pos + 1, [Event(text)])

    def _end_round(self, state: State, events: list[Event]) -> tuple[State, list[Event]]:
        """Discard leftovers; end at the winning score, else start the next round."""
        targets, players = state.targets, state.players
        leftovers_g = [g for t in targets for g in t.goodes]
        for bid, taken in zip(state.bids, state.bid_taken):
            if not taken:
                leftovers_g += bid
        leftovers_p = [t.peasant for t in targets]
        n = len(players)
        changes = {
            "goode_discard": state.goode_discard + tuple(leftovers_g),
            "peasant_discard": state.peasant_discard + tuple(leftovers_p),
            "targets": (),
            "bids": ((),) * n,
            "bid_open": (False,) * n,
            "bid_taken": (False,) * n,
            "effects": (),
            "hands_at_round_end": tuple(map(len, state.hands)),
        }
        points = list(map(score_of, state.collected))
        scores = ", ".join([f"{p.name} {points[s]}" for s, p in enumerate(players)])
        discarded = count(len(leftovers_g) + len(leftovers_p), "leftover card")
        text = f"Round {state.round} ends ({discarded} discarded). Scores: {scores}."
        events.append(Event(text, kind="round_end"))
        if max(points) >= WINNING_SCORE:
            names = ", ".join([players[s].name for s in range(n) if points[s] >= WINNING_SCORE])
            reason = f"{names} reached {WINNING_SCORE} points."
            return self._finish(state.model_copy(update=changes), reason, events)
        next_state, more = self._start_round(state, state.high_bidder, changes)
        return next_state, events + more

    def _finish(self, state: State, reason: str, events: list[Event]) -> tuple[State, list[Event]]:
        state = state.model_copy(update=dict(phase="over", end_reason=reason))
        winners = [state.players[s].name for s in self.winners(state)]
        verdict = f"{winners[0]} wins" if len(winners) == 1 else " and ".join(winners) + " share the win"
        return state, events + [Event(text=f"{reason} The game is over: {verdict}.", kind="game_end")]

    # ----- scores ----------------------------------------------------------------------
    def scores(self, state: State) -> list[ScoreLine]:
        return [
            ScoreLine(
                seat=s,
                name=p.name,
                total=score_of(state.collected[s]),
                parts={"Peasants": score_of(state.collected[s])},
                tiebreak=(bid_total(state.hands[s]),),
            )
            for s, p in enumerate(state.players)
        ]

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def ending(self, state: State) -> str:
        if "points" in state.end_reason:
            return "a player reached the winning score"
        return "Peasant deck empty" if "Peasant" in state.end_reason else "Goodes deck empty"

    def round_label(self, state: State) -> str:
        return "Game over" if state.phase == "over" else f"Round {state.round}"

    # ----- views -----------------------------------------------------------------------
    # Views are built without validation (`make`) from shared parts: the sensible bot
    # asks for one at every decision, and from one step to the next most seats and
    # targets look the same.
    def public_view(self, state: State) -> PublicView:
        hands, bids, passed, collected = state.hands, state.bids, state.passed, state.collected
        bid_open, bid_taken = state.bid_open, state.bid_taken
        seats = tuple([
            seat_public(p.name, len(hands[s]), bids[s], passed[s], bid_open[s], bid_taken[s], collected[s])
            for s, p in enumerate(state.players)
        ])
        classic = state.classic
        targets = tuple([target_view(t.peasant, t.goodes, classic) for t in state.targets])
        phase = state.phase
        return PublicView.make(
            round=state.round,
            phase=phase,
            first=state.first,
            turn=state.turn if phase == "bidding" else None,
            collector=state.order[state.collect_pos] if phase == "collecting" else None,
            order=state.order,
            effects=tuple([EFFECT_TEXT[e] for e in state.effects]),
            targets=targets,
            seats=seats,
            goode_deck=len(state.goode_deck),
            peasant_deck=len(state.peasant_deck),
            classic=classic,
            end_reason=state.end_reason,
            hands_at_round_end=state.hands_at_round_end,
        )

    def view(self, state: State, seat: int) -> SeatView:
        return SeatView.make(
            seat=seat,
            hand=tuple([GOODE_VIEWS[g] for g in state.hands[seat]]),
            table=self.public_view(state),
        )

    def scramble_secrets(self, state: State, keep_seat: int, seed: int) -> State:
        others = [s for s in range(len(state.players)) if s != keep_seat]
        pool = [g for s in others for g in state.hands[s]] + list(state.goode_deck)
        pool_t, seed = shuffled(seed, pool)
        pool = list(pool_t)
        hands = list(state.hands)
        for s in others:
            size = len(hands[s])
            hands[s], pool = tuple(pool[:size]), pool[size:]
        peasants, _ = shuffled(seed, state.peasant_deck)
        return state.model_copy(
            update=dict(hands=tuple(hands), goode_deck=tuple(pool), peasant_deck=peasants)
        )

    def secret_texts(self, state: State, seat: int) -> set[str]:
        goodes = cards().goodes
        return {goodes[g].name for g in state.hands[seat] if g not in state.revealed}
