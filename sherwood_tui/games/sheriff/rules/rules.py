"""Sheriff of Nottingham's rules: pure functions over a plain immutable state.

A round has five phases, each made of small steps (`State.step`), each declared once in
`steps.py` with its rules in `phases/`: the market (``set_aside``, ``draw``, ``place``),
loading (``load``, every merchant at once), declaring (``declare``), the inspection
(``choose``, ``offer``, ``decide``, then ``confiscate`` and ``pay`` for fines and
debts) and the round's end. The core dispatches through the step table.
"""

from __future__ import annotations

from typing import Any

from sherwood_tui.core.contract import Game, Player, ScoreLine
from sherwood_tui.core.draft import field_names
from sherwood_tui.games.sheriff.plugin import PLUGIN
from sherwood_tui.games.sheriff.rules import decisions, determinize, refusals, scoring, turns, views
from sherwood_tui.games.sheriff.rules.model import (  # the moves, for the tests and screens
    Action,
    Confiscate,
    CounterOffer,
    Declare,
    Draw,
    EndInspection,
    LetPass,
    LoadBag,
    LoadCard,
    Offer,
    OpenBag,
    PayWithGood,
    PileCard,
    PlaceAside,
    SetAside,
    SetAsideCard,
    State,
    Threaten,
    new_state,
)
from sherwood_tui.games.sheriff.rules.options import SheriffOptions
from sherwood_tui.games.sheriff.rules.steps import STEPS

__all__ = [
    "Confiscate", "CounterOffer", "Declare", "Draw", "EndInspection", "LetPass", "LoadBag",
    "LoadCard", "Offer", "OpenBag", "PayWithGood", "PileCard", "PlaceAside", "SetAside",
    "SetAsideCard", "SheriffGame", "Threaten",
]


class SheriffGame(Game[State, Action, views.SeatView]):
    plugin = PLUGIN
    state_type = State
    action_type = Action
    view_type = views.SeatView
    public_view_type = views.PublicView
    steps = STEPS

    def _new_game(self, players: list[Player], options: SheriffOptions, seed: int) -> State:
        return new_state(players, options, seed)

    # ----- what each seat may know (the rules' own functions) -------------------------
    view = staticmethod(views.view)
    public_view = staticmethod(views.public_view)
    scramble_secrets = staticmethod(views.scramble_secrets)
    secret_texts = staticmethod(views.secret_texts)
    determinize = staticmethod(determinize.determinize)

    def merchants(self, state: State) -> list[int]:
        """The merchants in order from the Sheriff's left."""
        return list(turns.merchant_order(len(state.players), state.sheriff))

    def pending_bags(self, state: State) -> list[int]:
        return turns.pending_bags(state)

    # ----- refusals in the game's words ---------------------------------------------------
    def why_refused(self, state: State, action: Any) -> str:
        """The most specific reason first: who may make the move, then when, then whose turn."""
        return refusals.why_not(state, action, self.why_not_turn)

    def why_not_turn(self, state: State, seat: int) -> str:
        return refusals.why_not_turn(state, seat) or super().why_not_turn(state, seat)

    # ----- old saves -----------------------------------------------------------------------
    def upgrade_action(self, state: State, data: dict[str, Any], version: int) -> list[dict[str, Any]]:
        """A whole move of save format <= 3 (a bag of cards, a bribe) as today's small moves."""
        try:
            moves = decisions.upgraded(data) if version <= 3 else None
        except (TypeError, KeyError, ValueError, AttributeError):
            moves = None  # a broken old move: parsing it says what is wrong
        if moves is None:
            return [data]
        return [{name: getattr(move, name) for name in field_names(type(move))} for move in moves]

    # ----- the end -----------------------------------------------------------------
    def scores(self, state: State) -> list[ScoreLine]:
        """Goods value, gold and King/Queen bonuses (face-down goods only at the end)."""
        return list(scoring.score_lines(state))

    def search_totals(self, state: State) -> list[float]:
        """The totals as the game's end would count them: face-down goods (and the King and
        Queen bonuses they win) counted, as a playout cut short two rounds ahead must see
        what smuggling earned (the running score hides it); gold; and the tie-breaks (goods
        face up, then face down) as small fractions."""
        return [line.total + line.tiebreak[0] / 1e3 + line.tiebreak[1] / 1e6
                for line in scoring.score_lines(state, reveal=True)]

    def round_label(self, state: State) -> str:
        if state.step == "over":
            return f"Game over after {state.rounds_total} rounds"
        sheriff = state.players[state.sheriff].name
        return f"Round {state.round} of {state.rounds_total} (Sheriff: {sheriff})"
