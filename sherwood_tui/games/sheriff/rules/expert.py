"""What the expert's search is given in Sheriff of Nottingham (`core.search.ExpertKit`).

- **Beliefs** (`model`): from the table's public record (`model.Conduct`, in every view)
  and the stands: how often each merchant's bags lie (its opened bags found lying, and
  the bags that passed and left face-down goods on its stand; a Beta prior around the
  sampling's `HONEST_BAG`), and how often each Sheriff opens the bags it faces (before
  and after a bribe; a prior around `INSPECT_PRIOR`).
- **Worlds** (`sample`): the hidden cards dealt as `determinize` deals them, each bag
  honest with its merchant's believed honesty, not a fixed chance.
- **Candidates**: far wider than the sensible bot, its own choice first: every honest
  bag, each contraband mix with or without a cover of one good (ordered by what the bag
  is worth against this Sheriff's believed inspection rate), each declaration (the one
  that fits first), set-asides for each good worth collecting, draws (a run of one good
  from a discard pile at once), the confiscated goods' pile and order, bribes
  of several sizes (nothing, gold, goods of the stand or bag, a favour, the Sheriff's
  demand), and as Sheriff every threat, pass and opening and demands of several sizes.
- **Rollout**: a cheap policy read from the state's fields for one seat, as that seat
  knows them (a Sheriff never reads a bag: only declarations, counts and the record):
  merchants collect one good and smuggle by their believed lie rate (the searching seat:
  as far as the Sheriff lets it); a Sheriff opens by its believed rate, leaning on the
  merchant's record; no haggling (a threat is a pass or an opening).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sherwood_tui.core.search import Decision, ExpertKit
from sherwood_tui.core.steps import as_moves
from sherwood_tui.games.sheriff.rules import decisions
from sherwood_tui.games.sheriff.rules.bot import BAG_MAX, KIND_WORTH, _can_pay, sensible
from sherwood_tui.games.sheriff.rules.determinize import HONEST_BAG, determinize
from sherwood_tui.games.sheriff.rules.model import (
    DATA,
    FACE_DOWN,
    HAND_SIZE,
    LEGAL_GOODS,
    NAME,
    NO_CONDUCT,
    PENALTY,
    VALUE,
    Action,
    Bribe,
    Declare,
    Draw,
    EndInspection,
    LetPass,
    LoadBag,
    LoadCard,
    Offer,
    OpenBag,
    PayWithGood,
    SetAside,
    State,
    Threaten,
    kinds_in_play,
)
from sherwood_tui.games.sheriff.rules.phases.deck import draw_sources
from sherwood_tui.games.sheriff.rules.views import CardView, SeatView

PRIOR_BAGS = 3.0  # how many bags' worth of evidence a merchant's prior counts for
PRIOR_FACED = 2.0  # ... a Sheriff's (a Sheriff faces three or four bags a round: learnt in one)
LIE_PRIOR = 1.0 - HONEST_BAG  # a merchant's bag lies this often, before it shows anything
# a Sheriff opens this share of the bags it faces, before any Sheriff shows anything:
# cautious (the sensible Sheriff opens about 30%), so that a first bag is honest unless
# smuggling clearly pays (against Sheriffs who open every bag, 16 games at expert:100:
# 0.35 made 19% of the expert's bags lie, 0.5 about 12%)
INSPECT_PRIOR = 0.6
REFUSE_PRIOR = 0.4  # ... of the bags whose merchant offered a bribe
HIDDEN_PER_LIE = 1.3  # face-down goods a smuggling bag leaves on the stand, about
GOLD_STEPS = (1, 2, 3, 5, 8, 12)  # bribes and demands of several sizes
# the most candidates given (the sensible bot's and the best by the prior): sequential
# halving over 30 candidates at 400 playouts judges its first cut on two worlds each (16: six).
# A wider list buys nothing: in 39 bag, bribe and draw decisions of expert games, with no cap
# and no BAG_MARGIN (5 to 18 candidates, each played on the same 100 worlds), the best was
# always among the first 13, and keeping only the first 9 lost 0.0004 of reward on average
MAX_CANDIDATES = 16
# bags worth less than the best by more than this (by `bag_worth`, against this Sheriff's
# believed inspection rate) are not weighed, beyond the first few: the search need not
# tell a clear loss from a win on a few noisy worlds
BAG_MARGIN = 6.0
MIN_BAGS = 4


@dataclass(frozen=True, slots=True)
class Beliefs:
    """What a seat believes of every seat (itself as the table sees it, too)."""

    me: int
    lie: tuple[float, ...]  # the chance that this seat's bag lies, as a merchant
    inspect: tuple[float, ...]  # the chance that it opens a bag it faces, as Sheriff
    refuse: tuple[float, ...]  # ... a bag whose merchant offered a bribe

    @property
    def honesty(self) -> tuple[float, ...]:
        return tuple(1.0 - p for p in self.lie)


def _rate(hits: float, tries: float, prior: float, weight: float = PRIOR_BAGS) -> float:
    """A Beta posterior's mean: `prior` counted as `weight` tries."""
    return (hits + weight * prior) / (tries + weight)


def model(view: SeatView) -> Beliefs:
    """Each seat's lie rate (its opened bags and the smuggled goods its stand shows) and
    inspection rates (bags opened of bags faced, and after a bribe)."""
    table = view.table
    record = table.record or (NO_CONDUCT,) * len(table.seats)
    others = [conduct for s, conduct in enumerate(record) if s != view.seat]
    # a Sheriff not yet seen at work is believed to be like the others seen so far
    inspect_prior = _rate(sum(c.inspected for c in others), sum(c.faced for c in others), INSPECT_PRIOR, PRIOR_FACED)
    refuse_prior = _rate(sum(c.refused for c in others), sum(c.bribed for c in others), REFUSE_PRIOR, PRIOR_FACED)
    lie, inspect, refuse = [], [], []
    for seat, conduct in zip(table.seats, record):
        passed = conduct.bags - conduct.opened
        smuggled = min(passed, math.ceil(seat.hidden_count / HIDDEN_PER_LIE))
        lie.append(_rate(conduct.lied + smuggled, conduct.bags, LIE_PRIOR))
        inspect.append(_rate(conduct.inspected, conduct.faced, inspect_prior, PRIOR_FACED))
        refuse.append(_rate(conduct.refused, conduct.bribed, refuse_prior, PRIOR_FACED))
    return Beliefs(view.seat, tuple(lie), tuple(inspect), tuple(refuse))


def sample(view: SeatView, beliefs: Beliefs, rnd: random.Random) -> State:
    """A world for the view, each bag honest with its merchant's believed honesty."""
    return determinize(view, rnd, beliefs.honesty)


# ----- candidates ------------------------------------------------------------------


def candidates(view: SeatView, legal: list[Action], beliefs: Beliefs, rnd: random.Random) -> list[Decision]:
    """The seat's decisions worth weighing now, the sensible bot's first."""
    first = as_moves(sensible(view, legal, rnd))
    if view.table.step == "draw":
        first = _refill(view, first)
    maker = _MAKERS.get(view.table.step)
    more = maker(view, legal, beliefs) if maker is not None else []
    allowed = set(legal)
    return [first, *(c for c in more if c and c[0] in allowed and c != first)][:MAX_CANDIDATES]


def _hand_groups(view: SeatView) -> tuple[dict[str, list[int]], list[int]]:
    """The hand's legal goods by kind (cards) and its contraband, dearest first."""
    groups: dict[str, list[int]] = {}
    contraband = []
    for card in sorted(view.hand, key=lambda c: -c.value):
        if card.kind == "legal":
            groups.setdefault(card.name, []).append(card.id)
        else:
            contraband.append(card.id)
    return groups, contraband


def bag_worth(cards: Iterable[int], declared: str, opened: float) -> float:
    """What a bag is worth to its merchant, as a prior: its goods if it passes, else the
    declared goods less the fine (an honest bag: plus what the Sheriff pays), opened with
    the chance `opened`."""
    cards = tuple(cards)
    worth = sum(KIND_WORTH.get(NAME[c], VALUE[c]) for c in cards)
    lies = [c for c in cards if NAME[c] != declared]
    if not lies:
        return worth + opened * sum(PENALTY[c] for c in cards)
    kept = sum(KIND_WORTH.get(NAME[c], VALUE[c]) for c in cards if NAME[c] == declared)
    return (1 - opened) * worth + opened * (kept - sum(PENALTY[c] for c in lies))


def plausible_good(view: SeatView, cards: Iterable[int]) -> str:
    """The declaration that fits a bag: its legal good with most cards, else the good it
    could most plausibly carry (most in hand, Apples, the dearest)."""
    goods = Counter(NAME[c] for c in cards if not FACE_DOWN[c])
    if goods:
        return max(goods, key=lambda k: (goods[k], KIND_WORTH[k]))
    in_hand = Counter(c.name for c in view.hand if c.kind == "legal")
    return max(LEGAL_GOODS, key=lambda k: (in_hand[k], k == "Apples", KIND_WORTH[k]))


def bags(view: SeatView) -> list[tuple[int, ...]]:
    """Every honest bag (each count of each good in hand), each contraband mix (the 1,
    2, ... dearest, with or without a cover of one good) and the 2 to 5 dearest cards of
    any kinds (for a Sheriff who lets everything pass)."""
    groups, contraband = _hand_groups(view)
    dearest = sorted(view.hand, key=lambda c: (-c.value, c.id))
    out: list[tuple[int, ...]] = [tuple(c.id for c in dearest[:k]) for k in range(2, min(BAG_MAX, len(dearest)) + 1)]
    for cards in groups.values():
        out += [tuple(cards[:k]) for k in range(1, min(BAG_MAX, len(cards)) + 1)]
    for k in range(1, min(BAG_MAX, len(contraband)) + 1):
        hidden = tuple(contraband[:k])
        out.append(hidden)
        for cards in groups.values():
            out += [tuple(cards[:c]) + hidden for c in range(1, min(BAG_MAX - k, len(cards)) + 1)]
    return out


def _load(view: SeatView, legal: list[Action], beliefs: Beliefs) -> list[Decision]:
    rate, lie = beliefs.inspect[view.table.sheriff], beliefs.lie[view.seat]
    loading = {c.id for c in view.loading}
    scored = {}
    for cards in bags(view):
        if not loading <= set(cards):
            continue  # a bag under way keeps what is in it
        cards = tuple(sorted(cards))
        worth = bag_worth(cards, plausible_good(view, cards), open_chance(rate, lie, len(cards)))
        scored[cards] = (-worth, cards)
    ranked = sorted(scored.values())
    if not ranked:
        return []
    best = -ranked[0][0]
    kept = [cards for k, (minus, cards) in enumerate(ranked) if k < MIN_BAGS or -minus >= best - BAG_MARGIN]
    return [decisions.load(view.seat, [c for c in cards if c not in loading]) for cards in kept]


def _declare(view: SeatView, legal: list[Action], beliefs: Beliefs) -> list[Decision]:
    fits = plausible_good(view, (c.id for c in view.bag))
    return [(Declare(seat=view.seat, good=fits, count=len(view.bag)),)]


def _set_aside(view: SeatView, legal: list[Action], beliefs: Beliefs) -> list[Decision]:
    """For each good worth collecting: keep it (and the two dearest contraband, or all of
    them), set the rest aside; or set nothing aside."""
    if view.set_aside:
        return []
    groups, contraband = _hand_groups(view)
    tops = [pile[-1].name for pile in view.table.discards if pile and pile[-1].kind == "legal"]
    targets = sorted(set(groups) | set(tops), key=lambda k: -(len(groups.get(k, ())) + 0.5 * (k in tops)) * KIND_WORTH[k])
    out: list[Decision] = [decisions.set_aside(view.seat, ())]
    for target in targets[:4]:
        for kept_contraband in (2, len(contraband), 0):
            keep = set(groups.get(target, ())) | set(contraband[:kept_contraband])
            junk = sorted((c for c in view.hand if c.id not in keep), key=lambda c: c.value)
            out.append(decisions.set_aside(view.seat, [c.id for c in junk[: DATA.set_aside_max]]))
    return out


DRAW_PILE_WORTH = 3.5  # what an unknown card from the draw pile is worth, about


def _refill(view: SeatView, draws: tuple[Action, ...]) -> tuple[Action, ...]:
    """A draw decision made whole: these draws, then the draw pile up to a full hand
    (every discard pile is in view, so nothing is learnt before the draw pile is used;
    as many as the draw pile holds)."""
    need = HAND_SIZE - len(view.hand) - len(draws)
    blind = min(need, view.table.draw_pile)
    if blind <= 0 or any(isinstance(d, Draw) and d.from_discard is None for d in draws):
        return draws
    return (*draws, *decisions.draws(view.seat, None, blind))


def _draw(view: SeatView, legal: list[Action], beliefs: Beliefs) -> list[Decision]:
    """Every way to refill the hand at once: the top `a` cards of discard pile 1 and `b`
    of pile 2 (each discard pile is in view), then the draw pile; the likeliest to
    help the hand's goods first."""
    table = view.table
    need = HAND_SIZE - len(view.hand)
    piles = [table.discards[p] if Draw(seat=view.seat, from_discard=p) in legal else () for p in (0, 1)]
    held = {c.name for c in view.hand}

    def worth(card: CardView) -> float:
        return card.value + (2.0 if card.name in held else 0.0)

    options = []
    for a in range(min(need, len(piles[0])) + 1):
        for b in range(min(need - a, len(piles[1])) + 1):
            taken = [*reversed(piles[0][len(piles[0]) - a:]), *reversed(piles[1][len(piles[1]) - b:])]
            score = sum(map(worth, taken)) + DRAW_PILE_WORTH * (need - a - b)
            draws = (*decisions.draws(view.seat, 0, a), *decisions.draws(view.seat, 1, b))
            options.append((-score, a, b, draws))
    options.sort(key=lambda o: o[:3])
    return [_refill(view, draws) for *_, draws in options if draws or view.table.draw_pile]


def _put_back(seat: int, cards: list[int], pile: int | None) -> list[Decision]:
    """Confiscated cards put on a discard pile: cheapest on top or dearest on top, on
    either pile (the chosen one, once chosen)."""
    cheap_on_top = sorted(cards, key=lambda c: (-VALUE[c], c))
    out: list[Decision] = []
    for order in (cheap_on_top, cheap_on_top[::-1]):
        for p in (0, 1) if pile is None else (pile,):
            out.append(decisions.confiscate(seat, p, order))
    return out


def _confiscate(view: SeatView, legal: list[Action], beliefs: Beliefs) -> list[Decision]:
    return _put_back(view.seat, [c.id for c in view.table.confiscated], view.table.pile)


def _choose(view: SeatView, legal: list[Action], beliefs: Beliefs) -> list[Decision]:
    """Each bag, the likeliest liar first: open it, threaten it, let it pass."""
    seat = view.seat
    pending = sorted({m.merchant for m in legal if isinstance(m, Threaten)}, key=lambda m: -beliefs.lie[m])
    out: list[Decision] = []
    for m in pending:
        first = (OpenBag, Threaten, LetPass) if beliefs.lie[m] > LIE_PRIOR else (LetPass, Threaten, OpenBag)
        out += [(kind(seat=seat, merchant=m),) for kind in first]
    out.append((EndInspection(seat=seat),))
    return out


def _offer(view: SeatView, legal: list[Action], beliefs: Beliefs) -> list[Decision]:
    """Bribes of several sizes: nothing, gold, a good of the stand, goods promised from
    the bag, a favour; the Sheriff's demand as asked."""
    if view.building is not None:
        return []
    table, seat = view.table, view.seat
    me = table.seats[seat]
    declared = me.declared
    lies = [c for c in view.bag if c.name != declared]
    loss = sum(c.value + c.penalty for c in lies)
    gold = me.gold
    offers: list[Bribe] = []
    if table.demand is not None and _can_pay(view, table.demand):
        offers.append(table.demand)
    offers.append(Bribe())
    amounts = sorted({*GOLD_STEPS, round(0.3 * loss), round(0.6 * loss)})
    offers += [Bribe(gold=a) for a in amounts if 0 < a <= gold]
    stand = sorted({c.name for c in me.stand}, key=lambda k: DATA.by_name[k].value)
    offers += [Bribe(stand=(k,)) for k in stand[:2]]
    if any(c.name == declared for c in view.bag):
        offers.append(Bribe(bag=(declared,)))
    if lies:
        cheapest = min(lies, key=lambda c: c.value)
        offers.append(Bribe(bag=(cheapest.name,)))
    offers.append(Bribe(favour=DATA.favours[0]))
    if gold:
        offers.append(Bribe(gold=1, favour=DATA.favours[0]))
    return [decisions.offer(seat, b) for b in offers if not b.favour or any(m.type == "bribe_favour" for m in legal)]


def _decide(view: SeatView, legal: list[Action], beliefs: Beliefs) -> list[Decision]:
    """Let pass, open, or demand more: gold of several sizes, or a declared good from the
    bag."""
    table, seat = view.table, view.seat
    m = table.inspected
    out: list[Decision] = [(LetPass(seat=seat, merchant=m),), (OpenBag(seat=seat, merchant=m),)]
    if view.building is not None or not table.counters_left:
        return out
    offer = table.offer or Bribe()
    merchant = table.seats[m]
    demands = [Bribe(gold=offer.gold + d, stand=offer.stand, bag=offer.bag, favour=offer.favour)
               for d in GOLD_STEPS if offer.gold + d <= merchant.gold]
    in_play = kinds_in_play(len(table.seats), table.options.royal_goods)  # (a bluff may declare a good not in play)
    if len(offer.bag) < merchant.bag_count and merchant.declaration in in_play:
        demands.append(Bribe(gold=offer.gold, stand=offer.stand, bag=(*offer.bag, merchant.declaration),
                             favour=offer.favour))
    return out + [decisions.counter(seat, b) for b in demands if b != offer]


_MAKERS: dict[str, Any] = {
    # putting set-aside cards back: the sensible bot's order alone (no search), so that a
    # merchant's whole market turn stays within a second (the bench's market turn)
    "set_aside": _set_aside, "draw": _draw, "load": _load, "declare": _declare,
    "choose": _choose, "offer": _offer, "decide": _decide, "confiscate": _confiscate,
}


# ----- the rollout: one seat's quick decision, from the state's fields it may read -------------


def _target(hand: tuple[int, ...]) -> str | None:
    """The legal good a hand collects: most worth in hand."""
    worth: dict[str, float] = {}
    for c in hand:
        if not FACE_DOWN[c]:
            worth[NAME[c]] = worth.get(NAME[c], 0.0) + KIND_WORTH[NAME[c]]
    return max(worth, key=worth.__getitem__) if worth else None


def _smuggles(state: State, seat: int, beliefs: Beliefs) -> float:
    """How likely this merchant hides contraband in its bag: the searching seat as far
    as the Sheriff lets it; another by its believed lie rate (given contraband to hide)."""
    if seat == beliefs.me:
        return max(0.0, 0.9 - 1.5 * beliefs.inspect[state.sheriff])
    return min(1.0, beliefs.lie[seat] / 0.8)


def _logit(p: float) -> float:
    p = min(max(p, 0.01), 0.99)
    return math.log(p / (1 - p))


def _opens(state: State, m: int, beliefs: Beliefs, rnd: random.Random, *, bribed: bool) -> bool:
    """Whether the Sheriff opens merchant `m`'s bag: by its own believed rate, leaning on
    the merchant's record (the searching seat: by what opening is worth to it)."""
    sheriff, lie = state.sheriff, beliefs.lie[m]
    if sheriff == beliefs.me:
        count = len(state.bags[m])
        p = max(lie, 0.6) if bribed else lie
        return p * (10 + 3 * max(0, count - 4)) - (1 - p) * 2 * count + rnd.gauss(0, 2) > 0
    base = beliefs.refuse[sheriff] if bribed else beliefs.inspect[sheriff]
    return rnd.random() < open_chance(base, lie, len(state.bags[m]))


def open_chance(rate: float, lie: float, count: int) -> float:
    """The chance that a Sheriff who opens `rate` of the bags it faces opens this one:
    more for a merchant believed to lie more, and for a big bag (as the table sees it);
    a Sheriff who opens nearly all bags, or nearly none, heeds neither."""
    heed = 4 * rate * (1 - rate)
    return 1 / (1 + math.exp(-(_logit(rate) + heed * (1.5 * (lie - LIE_PRIOR) + 0.3 * max(0, count - 3)))))


def rollout(state: State, seat: int, rnd: random.Random, beliefs: Beliefs) -> Any:
    """A quick decision of `seat` in a sampled state, reading what that seat may know."""
    step = state.step
    hand = state.hands[seat]
    if step == "set_aside":
        if state.set_aside:
            return SetAside(seat=seat)
        target = _target(hand)
        contraband = sorted((c for c in hand if FACE_DOWN[c]), key=lambda c: -VALUE[c])
        junk = [c for c in hand if NAME[c] != target and c not in contraband[:2]]
        return decisions.set_aside(seat, junk[: DATA.set_aside_max])
    if step == "draw":
        sources = draw_sources(state.drew_from_pile, state.discards, state.draw_pile)
        target = _target(hand)
        for pile in sources:
            if pile is not None and NAME[state.discards[pile][-1]] == target:
                return Draw(seat=seat, from_discard=pile)
        if None not in sources:
            return Draw(seat=seat, from_discard=sources[0])
        need = HAND_SIZE - len(hand)
        return decisions.draws(seat, None, need) if len(state.draw_pile) >= need else Draw(seat=seat)
    if step == "place":
        tops = [VALUE[p[-1]] if p else 0 for p in state.discards]
        pile = state.pile if state.pile is not None else (0 if tops[0] >= tops[1] else 1)
        return decisions.place(seat, pile, sorted(state.set_aside, key=lambda c: -VALUE[c]))
    if step == "load":
        return _rollout_load(state, seat, rnd, beliefs)
    if step == "declare":
        bag = state.bags[seat]
        goods = Counter(NAME[c] for c in bag if not FACE_DOWN[c])
        good = max(goods, key=goods.__getitem__) if goods else (_target(hand) or "Apples")
        return Declare(seat=seat, good=good, count=len(bag))
    if step == "choose":
        m = next(m for m in _order(state) if state.bags[m])
        opened = _opens(state, m, beliefs, rnd, bribed=False)
        return (OpenBag if opened else LetPass)(seat=seat, merchant=m)
    if step == "offer":
        return _rollout_offer(state, seat)
    if step == "decide":
        owner = state.target
        assert owner is not None  # deciding on a bag
        bribed = state.offer is not None and not state.offer.empty
        return (OpenBag if _opens(state, owner, beliefs, rnd, bribed=bribed) else LetPass)(seat=seat, merchant=owner)
    if step == "confiscate":
        pile = state.pile if state.pile is not None else 0
        return decisions.confiscate(seat, pile, state.confiscated)
    stand = state.stands_up[seat] + state.stands_down[seat]  # pay: the cheapest good
    return PayWithGood(seat=seat, good=NAME[min(stand, key=lambda c: (VALUE[c], c))])


def _order(state: State) -> list[int]:
    n = len(state.players)
    return [(state.sheriff + k) % n for k in range(1, n)]


def _rollout_load(state: State, seat: int, rnd: random.Random, beliefs: Beliefs) -> Any:
    loading = state.loading[seat]
    if loading:
        return LoadBag(seat=seat)
    hand = state.hands[seat]
    target = _target(hand)
    honest = [c for c in hand if NAME[c] == target][:BAG_MAX]
    contraband = sorted((c for c in hand if FACE_DOWN[c]), key=lambda c: -VALUE[c])
    if contraband and (not honest or rnd.random() < _smuggles(state, seat, beliefs)):
        k = min(len(contraband), 1 + (rnd.random() < 0.4))
        cards = honest[: BAG_MAX - k] + contraband[:k]
    else:
        cards = honest or list(hand[:1])
    return (*(LoadCard(seat=seat, card=c) for c in cards), LoadBag(seat=seat))


def _rollout_offer(state: State, seat: int) -> Any:
    """A threatened merchant: a liar offers a share of what opening would cost it (or
    pays a demand of gold alone that is cheaper); an honest one offers nothing."""
    if state.building is not None:
        return Offer(seat=seat)
    declared = state.declarations[seat]
    lies = [c for c in state.bags[seat] if NAME[c] != declared]
    gold = state.gold[seat]
    if not lies or not gold:
        return Offer(seat=seat)
    loss = sum(VALUE[c] + PENALTY[c] for c in lies)
    demand = state.demand
    if demand is not None and demand == Bribe(gold=demand.gold) and 0 < demand.gold <= min(gold, 0.6 * loss):
        return decisions.offer(seat, demand)
    return decisions.offer(seat, Bribe(gold=max(1, min(gold, round(0.3 * loss)))))


# ----- reasons -------------------------------------------------------------------------


def reason(view: SeatView, beliefs: Beliefs, decision: Decision) -> str:
    """One reason in the game's words: the Sheriff's record for a merchant's choice, the
    merchant's record for the Sheriff's."""
    table = view.table
    if not table.record:
        return ""
    move = decision[-1]
    m = getattr(move, "merchant", None)
    if m is not None and table.sheriff == view.seat:
        seat, conduct = table.seats[m], table.record[m]
        if not conduct.bags:
            return f"{seat.name} has taken no bag to market yet"
        if not conduct.opened:
            return f"none of {seat.name}'s {_bags(conduct.bags)} has been opened"
        return f"{seat.name} lied in {conduct.lied} of {_bags(conduct.opened, 'opened ')}"
    if table.sheriff != view.seat:
        sheriff, conduct = table.seats[table.sheriff], table.record[table.sheriff]
        if not conduct.faced:
            return f"{sheriff.name} has faced no bag as Sheriff yet"
        return f"{sheriff.name} inspected {conduct.inspected} of {_bags(conduct.faced)}"
    return ""


def _bags(count: int, what: str = "") -> str:
    return f"{count} {what}bag" if count == 1 else f"{count} {what}bags"


KIT = ExpertKit(candidates=candidates, model=model, sample=sample, rollout=rollout, reason=reason, scale=15.0)
