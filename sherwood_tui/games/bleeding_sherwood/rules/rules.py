"""Bleeding Sherwood's rules: the `Game` object, dispatching each action to its phase.

A round: targets are dealt (specials resolved after the normal targets), then players
bid around the table (one Goode or pass; passing is final), then every bidder in order
from the highest bid collects one target (a centre Peasant or the spent bid of a player
who has already collected), leftovers are discarded. Bids are private decisions (the
bidder sees their hand); collecting is public. The parts: `model` (state, actions),
`phases/` (one module a phase), `legal`, `views`, `scoring`, `privacy`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sherwood_tui.core.contract import MALFORMED_MOVE_ERRORS, Event, Game, Player
from sherwood_tui.core.errors import RuleError
from sherwood_tui.games.bleeding_sherwood.plugin import PLUGIN
from sherwood_tui.games.bleeding_sherwood.rules import legal, privacy, scoring, views
from sherwood_tui.games.bleeding_sherwood.rules.model import Action, Pass, PlayGoode, State, TakeBid, TakeTarget
from sherwood_tui.games.bleeding_sherwood.rules.phases import bidding, collecting, dealing

BIDDING_OVER = "Bidding is over; now the bidders collect their targets."
NOT_COLLECTING = "Nobody collects until everyone has passed."

# action type -> (the phase it belongs to, what to say outside it, its step)
STEPS: dict[type, tuple[str, str, Callable[[State, Any], tuple[State, list[Event]]]]] = {
    PlayGoode: ("bidding", BIDDING_OVER, bidding.play_goode),
    Pass: ("bidding", BIDDING_OVER, bidding.pass_),
    TakeTarget: ("collecting", NOT_COLLECTING, collecting.take_target),
    TakeBid: ("collecting", NOT_COLLECTING, collecting.take_bid),
}
# The steps of each phase by action type, for `apply`'s short cut (one look-up).
BIDDING_STEPS = {kind: step for kind, (phase, _, step) in STEPS.items() if phase == "bidding"}
COLLECTING_STEPS = {kind: step for kind, (phase, _, step) in STEPS.items() if phase == "collecting"}
# The shared action objects (`legal`'s, which `legal_actions` hands out) by id: their
# phase, seat, step and the step's value, for `apply`'s quickest short cut (no reads
# of the action; the objects live as long as the module, so no other object can have
# their ids).
SHARED_ACTIONS: dict[int, tuple[str, int, Callable[[State, int, Any], tuple[State, list[Event]]], Any]] = {}
for _seat, _actions in enumerate(legal.SEAT_ACTIONS):
    for _play in _actions.plays:
        SHARED_ACTIONS[id(_play)] = ("bidding", _seat, bidding.play, _play.card)
    SHARED_ACTIONS[id(_actions.pass_)] = ("bidding", _seat, bidding.pass_seat, None)
    for _take in _actions.take_targets:
        SHARED_ACTIONS[id(_take)] = ("collecting", _seat, collecting.take_peasant, _take.peasant)
    for _take_bid in _actions.take_bids:
        SHARED_ACTIONS[id(_take_bid)] = ("collecting", _seat, collecting.take_owners_bid, _take_bid.owner)


class BleedingSherwood(legal.Turns, Game[State, Action, views.SeatView]):
    plugin = PLUGIN
    state_type = State
    action_type = Action
    view_type = views.SeatView
    public_view_type = views.PublicView

    def _new_game(self, players: list[Player], options: dict[str, bool], seed: int) -> tuple[State, list[Event]]:
        return dealing.new_game(players, options, seed)

    def apply(self, state: State, action: Any) -> tuple[State, list[Event]]:
        """The core's `apply`, with a short cut for the common case (a well-formed move
        of the seat to act, in its phase) that gives the same result: anything else,
        every refusal among them, goes through the core's checks."""
        shared = SHARED_ACTIONS.get(id(action))
        if shared is not None:  # one of `legal_actions`' objects: its fields are known
            phase, seat, play, value = shared
            if phase == state.phase:
                actor = state.turn if phase == "bidding" else state.table.order[state.collect_pos]
                if seat == actor:
                    try:
                        return play(state, seat, value)
                    except (RuleError, *MALFORMED_MOVE_ERRORS):
                        pass  # the core's `apply` says what is wrong
            return super().apply(state, action)
        phase = state.phase
        if phase == "bidding":
            step = BIDDING_STEPS.get(type(action))
            actor = state.turn
        elif phase == "collecting":
            step = COLLECTING_STEPS.get(type(action))
            actor = state.table.order[state.collect_pos]
        else:
            step = None
        if step is not None:
            try:
                seat = action.seat
                if seat.__class__ is int and seat == actor:
                    return step(state, action)
            except (RuleError, *MALFORMED_MOVE_ERRORS):
                pass  # the core's `apply` says what is wrong
        return super().apply(state, action)

    def _apply(self, state: State, action: Action) -> tuple[State, list[Event]]:
        phase, outside, step = STEPS[action.__class__]
        if state.phase != phase:
            raise RuleError(outside)
        return step(state, action)

    # The parts' functions serve as the methods (one call, not two); `to_act`, `may_act`
    # and `legal_actions` come from the base `legal.Turns`.
    view = staticmethod(views.view)
    public_view = staticmethod(views.public_view)
    scramble_secrets = staticmethod(privacy.scramble)
    secret_texts = staticmethod(privacy.secret_texts)
    scores = staticmethod(scoring.scores)
    ending = staticmethod(scoring.ending)

    def is_private(self, state: State, seat: int) -> bool:
        return state.phase == "bidding"

    def why_not_turn(self, state: State, seat: int) -> str:
        if 0 <= seat < len(state.players) and state.phase == "bidding" and state.passed[seat]:
            return "You already passed this round."
        return super().why_not_turn(state, seat)

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def round_label(self, state: State) -> str:
        return "Game over" if state.phase == "over" else f"Round {state.round}"
