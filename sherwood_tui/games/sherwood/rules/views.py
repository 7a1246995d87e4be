"""Sherwood (2005): what each seat may know (plain frozen dataclasses: the bot reads them
at every decision; the field names are the screens' and tests'), and what the screens
work out from a view, with the rules' own functions (`legal.py`): a screen is given views
(its `SeatFeed`), never the state.

The functions below take the public view, or a seat's own view when they need its
secrets (its Gold): the same decisions the rules make over the state.
"""

from __future__ import annotations

from dataclasses import field

from sherwood_tui.core.draft import plain
from sherwood_tui.games.sherwood.rules.legal import (
    drive_out_cost,
    free_characters,
    newcomers,
    open_towns,
    party_has,
    reward_problem_on,
)
from sherwood_tui.games.sherwood.rules.model import (
    ROMAN,
    PastParty,
    PendingParty,
    PendingReward,
    RansomOffer,
    Reveal,
    ScoreEvent,
    State,
)
from sherwood_tui.games.sherwood.rules.options import SherwoodOptions
from sherwood_tui.games.sherwood.rules.scoring import holdings
from sherwood_tui.games.sherwood.rules.steps import STEPS
from sherwood_tui.games.sherwood.rules.tables import gold_count


@plain
class SeatPublic:
    name: str
    popularity: int
    hand_count: int
    band: tuple[str, ...]
    prison: tuple[str, ...]
    cell: int | None
    committed: bool
    towns: tuple[str, ...]
    largest_network: int
    favours: int

    @property
    def available(self) -> tuple[str, ...]:
        """The characters of the band not in prison, in band order (as the rules'
        `legal.available`)."""
        return free_characters(self.band, self.prison)


@plain
class PublicView:
    turn: int
    label: str
    phase: str
    stack: int
    king: bool
    missions: tuple[str | None, ...]
    stack_sizes: tuple[int, ...]
    face_up: tuple[tuple[str, ...], ...]  # contents of the face-up stacks (not in play)
    removed: tuple[str, ...]
    towns: tuple[int | None, ...]
    seats: tuple[SeatPublic, ...]
    cells: tuple[int | None, ...]
    sheriff: int
    loot_deck: int
    loot_discard: tuple[int, ...]
    reveal: Reveal | None
    reward: PendingReward | None
    order_queue: tuple[int, ...]
    ransom: RansomOffer | None
    to_act: tuple[int, ...]
    favours: tuple[int | None, ...]
    score_log: tuple[ScoreEvent, ...]
    # the game's options (public; the same all game: the traces leave them out)
    options: SherwoodOptions = field(metadata={"trace": False})
    end_text: str
    # every party revealed so far (a summary of the reveals, left out of the traces)
    record: tuple[PastParty, ...] = field(default=(), metadata={"trace": False})


@plain
class SeatView:
    seat: int
    hand: tuple[int, ...]
    party: PendingParty | None  # this seat's committed, unrevealed party
    forming: PendingParty | None = None  # the party this seat is forming (ambush not sent yet)
    lined_up: tuple[str, ...] = ()  # the newcomers this seat has lined up so far (its decision under way)
    table: PublicView


def round_label(state: State) -> str:
    if state.phase == "over":
        return "Game over"
    if state.king:
        return f"King Richard, turn {state.turn}"
    return f"Stack {ROMAN[state.stack - 1]}, turn {state.turn}"


def public_view(state: State) -> PublicView:
    held = holdings(state.towns, len(state.players))
    prepare = state.phase == "prepare"
    cells, favours = state.cells, state.favours
    seats = tuple([
        SeatPublic(
            name=p.name,
            popularity=state.popularity[s],
            hand_count=len(state.hands[s]),
            band=state.bands[s],
            prison=state.prison[s],
            cell=cells.index(s) if s in cells else None,
            committed=prepare and state.pending[s] is not None,
            towns=held[s][0],
            largest_network=held[s][1],
            favours=favours.count(s),
        )
        for s, p in enumerate(state.players)
    ])
    return PublicView(
        turn=state.turn,
        label=round_label(state),
        phase=state.phase,
        stack=state.stack,
        king=state.king,
        missions=state.missions,
        stack_sizes=tuple([len(st) for st in state.stacks]),
        face_up=tuple([() if i + 1 == state.stack else st for i, st in enumerate(state.stacks)]),
        removed=state.removed,
        towns=state.towns,
        seats=seats,
        cells=cells,
        sheriff=state.sheriff,
        loot_deck=len(state.loot_deck),
        loot_discard=state.loot_discard,
        reveal=state.reveal,
        reward=state.reward,
        order_queue=state.order_queue,
        ransom=state.ransom,
        to_act=tuple(STEPS.of(state).actors(state)),
        favours=favours,
        score_log=state.score_log,
        options=state.options,
        end_text=state.end_text,
        record=state.record,
    )


def view(state: State, seat: int) -> SeatView:
    prepare = state.phase == "prepare"
    return SeatView(
        seat=seat,
        hand=state.hands[seat],
        party=state.pending[seat] if prepare else None,
        forming=state.forming[seat] if prepare and state.pending[seat] is None else None,
        lined_up=state.lined_up if state.order_queue[:1] == (seat,) else (),
        table=public_view(state),
    )


# ----- what the screens work out from a view --------------------------------------------


def newcomers_in(table: PublicView, seat: int) -> tuple[str, ...]:
    """The characters of `seat` captured this turn, at the bottom of its cell (the
    prisoners it lines up: as the rules' `legal.new_prisoners`)."""
    return newcomers(table.seats[seat].prison, table.reveal, seat)


def free_pass(table: PublicView, seat: int) -> bool:
    """Whether `seat`'s revealed party has Will Stutely: it drives out an opponent
    without paying Gold."""
    return party_has(table.reveal, seat, "free_displacement")


def gold_held(view: SeatView) -> int:
    """The Gold cards in the seat's own hand."""
    return gold_count(view.hand)


def _own_reward(view: SeatView) -> PendingReward:
    reward = view.table.reward
    assert reward is not None and reward.seat == view.seat, "not this seat's reward"
    return reward


def reward_problem(view: SeatView, kind: str) -> str | None:
    """Why the seat cannot take this kind of reward of the mission it won (None if it
    can): the rules' reason (`legal.reward_problem`), from its own view."""
    return reward_problem_on(view.table, _own_reward(view), kind, gold_held(view))


def takeable_towns(view: SeatView, kind: str) -> list[str]:
    """The towns the seat could take with this kind of reward of the mission it won,
    its Gold for a displacement counted (the rules' `legal.town_choices`)."""
    return open_towns(view.table, _own_reward(view), kind, gold_held(view))


def town_cost(table: PublicView, town: str) -> int:
    """The Gold that taking `town` with the reward being resolved costs (public: Champion
    on an opponent's town without Will Stutely; the rules' `legal.drive_out_cost`)."""
    reward = table.reward
    return drive_out_cost(table, reward, town) if reward is not None else 0
