"""Bleeding Sherwood's rules: the `Game` object over its step table (`steps.py`).

A round: targets are dealt (specials resolved after the normal targets), then players
bid around the table (one Goode or pass; passing is final), then every bidder in order
from the highest bid collects one target (a centre Peasant or the spent bid of a player
who has already collected), leftovers are discarded. Bids are private decisions (the
bidder sees their hand); collecting is public. The parts: `model` (state, actions),
`steps` (the step table), `phases/` (one module a phase), `legal`, `views`, `scoring`,
`privacy`, `determinize`.
"""

from __future__ import annotations

from typing import Any

from sherwood_tui.core.contract import Event, Game, Player
from sherwood_tui.games.bleeding_sherwood.plugin import PLUGIN
from sherwood_tui.games.bleeding_sherwood.rules import determinize, privacy, scoring, views
from sherwood_tui.games.bleeding_sherwood.rules.model import Action, State
from sherwood_tui.games.bleeding_sherwood.rules.options import BleedingSherwoodOptions
from sherwood_tui.games.bleeding_sherwood.rules.phases import dealing
from sherwood_tui.games.bleeding_sherwood.rules.steps import STEPS

BIDDING_OVER = "Bidding is over; now the bidders collect their targets."
NOT_COLLECTING = "Nobody collects until everyone has passed."
OUTSIDE = {"collecting": BIDDING_OVER, "bidding": NOT_COLLECTING}  # a move of the other step, by step


class BleedingSherwood(Game[State, Action, views.SeatView]):
    plugin = PLUGIN
    state_type = State
    action_type = Action
    view_type = views.SeatView
    public_view_type = views.PublicView
    steps = STEPS

    def _new_game(self, players: list[Player], options: BleedingSherwoodOptions, seed: int) -> tuple[State, list[Event]]:
        return dealing.new_game(players, options, seed)

    # The parts' functions serve as the methods (one call, not two); the core reads the
    # step table for whose turn it is, the legal moves and each move's rule.
    view = staticmethod(views.view)
    public_view = staticmethod(views.public_view)
    scramble_secrets = staticmethod(privacy.scramble)
    secret_texts = staticmethod(privacy.secret_texts)
    scores = staticmethod(scoring.scores)
    ending = staticmethod(scoring.ending)
    search_totals = staticmethod(scoring.search_totals)
    determinize = staticmethod(determinize.determinize)

    def why_refused(self, state: State, action: Any) -> str:
        if self.may_act(state, action.seat):
            return OUTSIDE[state.phase]
        return self.why_not_turn(state, action.seat)

    def why_not_turn(self, state: State, seat: int) -> str:
        if 0 <= seat < len(state.players) and state.phase == "bidding" and state.passed[seat]:
            return "You already passed this round."
        return super().why_not_turn(state, seat)

    def round_label(self, state: State) -> str:
        return "Game over" if state.phase == "over" else f"Round {state.round}"
