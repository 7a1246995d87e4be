"""A whole state from one seat's view, for the expert's search (`Game.determinize`):
what the seat sees is kept, what it cannot see is drawn at random among what the view
allows.

Seen: the seat's hand, its own party (sent or being formed) and the prisoners it is
lining up; the board, every band, prison and cell, the towns, the missions on the
board and the face-up stacks, the loot discard pile, the reveal and every count. Not
seen: the other seats' hands and sent parties, the order of the mission stack in play
and of the loot deck. The loot left over is dealt into the other hands and the deck at
random, each of its size; the stack in play holds its missions not yet drawn, in a
random order; each other seat that has sent a party gets one formed by random legal
moves of its own (the rules' moves: it can only be a party the rules allow), or, for the
expert, by its `party_of` (a party the seat's habits make likely, from its sampled hand). The
rules' random source is drawn anew. Not kept: a party another seat is still forming,
and the prisoners another seat is lining up (they begin again).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from sherwood_tui.core.contract import Player
from sherwood_tui.core.draft import evolve
from sherwood_tui.games.sherwood.rules.data import data
from sherwood_tui.games.sherwood.rules.model import NO_PARTY, PendingParty, State
from sherwood_tui.games.sherwood.rules.steps import STEPS
from sherwood_tui.games.sherwood.rules.views import SeatView

PartyOf = Callable[[State, int, random.Random], PendingParty]  # (state, seat, rnd) -> its ambush


def determinize(view: SeatView, rnd: random.Random, party_of: PartyOf | None = None) -> State:
    """A state whose view for `view.seat` is `view`, the hidden cards dealt with `rnd`;
    each other seat's sent party formed by `party_of` (the expert's beliefs: a party the
    rules allow, from that seat's hand in the sample), or by random legal moves."""
    table, me = view.table, view.seat
    seats, n = table.seats, len(table.seats)
    unseen = [c.id for c in data().loot if c.id not in set(view.hand) | set(table.loot_discard)]
    rnd.shuffle(unseen)
    hands = []
    for s, seat in enumerate(seats):
        if s == me:
            hands.append(view.hand)
        else:
            hands.append(tuple(sorted(unseen[: seat.hand_count])))
            del unseen[: seat.hand_count]
    assert len(unseen) == table.loot_deck, "the view's counts and the loot disagree"
    stacks = tuple(_stack(view, number, rnd) for number in (1, 2, 3))
    prepare = table.phase == "prepare"
    pending = tuple(view.party if s == me and prepare else None for s in range(n))
    forming = tuple(view.forming or NO_PARTY if s == me else NO_PARTY for s in range(n))
    reward = table.reward
    state = State(
        players=tuple(Player(name=seat.name) for seat in seats),
        options=table.options,
        rng=rnd.getrandbits(62),
        turn=table.turn,
        stack=table.stack,
        stacks=stacks,  # type: ignore[arg-type]  # three stacks
        missions=table.missions,  # type: ignore[arg-type]  # three places
        king=table.king,
        removed=table.removed,
        loot_deck=tuple(unseen),
        loot_discard=table.loot_discard,
        hands=tuple(hands),
        bands=tuple(seat.band for seat in seats),
        prison=tuple(seat.prison for seat in seats),
        cells=table.cells,
        sheriff=table.sheriff,
        towns=table.towns,
        popularity=tuple(seat.popularity for seat in seats),
        score_log=table.score_log,
        phase=table.phase,  # type: ignore[arg-type]  # the view's phase is the state's
        pending=pending,
        forming=forming,
        reveal=table.reveal,
        reward_skill=reward.skill if reward is not None else 0,  # read only while a reward waits
        reward=reward,
        order_queue=table.order_queue,
        lined_up=view.lined_up if table.order_queue[:1] == (me,) else (),
        ransom=table.ransom,
        favours=table.favours,  # type: ignore[arg-type]  # three favours
        end_text=table.end_text,
        record=table.record,
    )
    committed = [s for s, seat in enumerate(seats) if s != me and seat.committed]
    if party_of is not None and committed:
        sent = list(state.pending)
        for s in committed:
            sent[s] = party_of(state, s, rnd)
        return evolve(state, pending=tuple(sent))
    for s in committed:
        state = _send_a_party(state, s, rnd)
    return state


def _stack(view: SeatView, number: int, rnd: random.Random) -> tuple[str, ...]:
    """Mission stack `number`: as shown when face up, else (the stack in play) every
    mission neither on the board, out of the game nor in another stack, shuffled."""
    table = view.table
    if number != table.stack:
        return table.face_up[number - 1]
    elsewhere = set(table.removed) | {m for m in table.missions if m}
    elsewhere.update(*(stack for i, stack in enumerate(table.face_up) if i + 1 != number))
    cards = [m.id for m in data().missions if m.id not in elsewhere]
    rnd.shuffle(cards)
    assert len(cards) == table.stack_sizes[number - 1], "the view's stack and the missions disagree"
    return tuple(cards)


def _send_a_party(state: State, seat: int, rnd: random.Random) -> State:
    """`state` after `seat` forms a party by random legal moves and sends it."""
    while state.pending[seat] is None:
        step = STEPS.of(state)
        move = rnd.choice(step.legal(state, seat))
        state, _ = step.moves[move.__class__](state, move)
    return state
