"""Sheriff of Nottingham's rules: pure functions over a plain immutable state.

A round has five phases, each made of small steps (`State.step`), each in its module of
`phases/`: the market (``set_aside``, ``draw``, ``place``), loading (``load``, every
merchant at once), declaring (``declare``), the inspection (``choose``, ``offer``,
``decide``, then ``confiscate`` and ``pay`` for fines and debts) and the round's end.

Private decisions (the curtain): the whole market turn, loading, declaring (the
merchant sees the bag), composing a bribe offer, and paying a debt with stand goods
(face-down kinds are on screen). Every other Sheriff decision (threaten, pass, open,
counter, end the inspection, place confiscated goods) is public: it needs nothing from
the Sheriff's hand, and the Sheriff may not know the kinds of other stands' face-down
goods (a counter-offer is checked only against what the table can see).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sherwood_tui.core.contract import MALFORMED_MOVE_ERRORS, Event, Game, Player, ScoreLine
from sherwood_tui.core.errors import RuleError
from sherwood_tui.games.sheriff.plugin import PLUGIN
from sherwood_tui.games.sheriff.rules import legal, refusals, scoring, turns, views
from sherwood_tui.games.sheriff.rules.model import (
    PHASE_OF_STEP,
    Action,
    Confiscate,
    CounterOffer,
    Declare,
    Draw,
    EndInspection,
    LetPass,
    LoadBag,
    Offer,
    OpenBag,
    PayWithGood,
    PlaceAside,
    SetAside,
    State,
    Threaten,
    new_state,
)
from sherwood_tui.games.sheriff.rules.phases import declare, inspect, load, market, payment

# action type -> its rule
HANDLERS: dict[type, Callable[[State, Any], tuple[State, list[Event]]]] = {
    SetAside: market.set_aside, Draw: market.draw, PlaceAside: market.place,
    LoadBag: load.load, Declare: declare.declare, Threaten: inspect.threaten,
    LetPass: inspect.let_pass, OpenBag: inspect.open_bag, EndInspection: inspect.end_inspection,
    Offer: inspect.offer, CounterOffer: inspect.counter, Confiscate: payment.confiscate,
    PayWithGood: payment.pay_good,
}
# (action type, step) -> its rule, for each step the move belongs to
ROUTES = {
    (kind, step): handler for kind, handler in HANDLERS.items() for step in refusals.STEPS_OF[kind]
}
# step -> {action type -> its rule}: the direct path's look-up (no key tuple to build)
STEP_ROUTES: dict[str, dict[type, Callable[[State, Any], tuple[State, list[Event]]]]] = {
    step: {kind: handler for (kind, s), handler in ROUTES.items() if s == step} for step in PHASE_OF_STEP
}
# drawing shows new cards; letting a bag pass, opening it, ending the inspection and
# confiscating are final by the rules
FINAL_MOVES = frozenset((Draw, LetPass, OpenBag, EndInspection, Confiscate))
_may_act = turns.may_act


class SheriffGame(Game[State, Action, views.SeatView]):
    plugin = PLUGIN
    state_type = State
    action_type = Action
    view_type = views.SeatView
    public_view_type = views.PublicView

    def _new_game(self, players: list[Player], options: dict[str, bool], seed: int) -> State:
        return new_state(players, bool(options.get("royal_goods", False)), seed)

    # ----- whose turn, and what each seat may know (the rules' own functions) ----------
    to_act = staticmethod(turns.to_act)
    is_private = staticmethod(turns.is_private)
    legal_actions = staticmethod(legal.legal_actions)
    view = staticmethod(views.view)
    public_view = staticmethod(views.public_view)
    scramble_secrets = staticmethod(views.scramble_secrets)
    secret_texts = staticmethod(views.secret_texts)

    def may_act(self, state: State, seat: int) -> bool:
        return turns.may_act(state, state.step, seat)

    def merchants(self, state: State) -> list[int]:
        """The merchants in order from the Sheriff's left."""
        return list(turns.merchant_order(len(state.players), state.sheriff))

    def pending_bags(self, state: State) -> list[int]:
        return turns.pending_bags(state)

    # ----- applying actions ------------------------------------------------------------
    def apply(self, state: State, action: Any) -> tuple[State, list[Event]]:
        """As `Game.apply`, with a direct path for a well-formed move of the seat whose
        turn it is; every other move takes the checked path, which explains a move out of
        turn by its most specific reason (who may make it, then when, then whose turn)."""
        step = state.step
        handler = STEP_ROUTES[step].get(action.__class__)
        if handler is not None:
            try:
                seat = action.seat
                if seat.__class__ is int and _may_act(state, step, seat):
                    return handler(state, action)
            except MALFORMED_MOVE_ERRORS:
                pass  # a malformed move: the checked path says why
        try:
            return super().apply(state, action)
        except RuleError:
            reason = self._out_of_turn(state, action)
            if reason is None:
                raise
            raise RuleError(reason) from None

    def _apply(self, state: State, action: Action) -> tuple[State, list[Event]]:
        handler = ROUTES.get((action.__class__, state.step))
        if handler is None:  # the seat acts now, but not with this move
            raise RuleError(refusals.why_not(state, action, self.why_not_turn))
        return handler(state, action)

    def _out_of_turn(self, state: State, action: Action) -> str | None:
        """The reason for a refused well-formed move of a seat that may not act now (None
        when it was refused for another reason)."""
        seat = getattr(action, "seat", None)
        if (
            action.__class__ not in HANDLERS
            or seat.__class__ is not int
            or not 0 <= seat < len(state.players)
            or state.step == "over"
            or turns.may_act(state, state.step, seat)
        ):
            return None
        return refusals.why_not(state, action, self.why_not_turn)

    def why_not_turn(self, state: State, seat: int) -> str:
        return refusals.why_not_turn(state, seat) or super().why_not_turn(state, seat)

    def is_final(self, before: State, action: Action, events: list[Event]) -> bool:
        return action.__class__ in FINAL_MOVES or super().is_final(before, action, events)

    # ----- the end -----------------------------------------------------------------
    def is_over(self, state: State) -> bool:
        return state.step == "over"

    def scores(self, state: State) -> list[ScoreLine]:
        """Goods value, gold and King/Queen bonuses (face-down goods only at the end)."""
        return list(scoring.score_lines(state))

    def round_label(self, state: State) -> str:
        if state.step == "over":
            return f"Game over after {state.rounds_total} rounds"
        sheriff = state.players[state.sheriff].name
        return f"Round {state.round} of {state.rounds_total} (Sheriff: {sheriff})"
