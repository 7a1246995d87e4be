"""Sherwood (2005): what each seat may know (plain frozen dataclasses: the bot reads them
at every decision; the field names are the screens' and tests')."""

from __future__ import annotations

from sherwood_tui.games.sherwood.legal import to_act
from sherwood_tui.games.sherwood.model import (
    ROMAN,
    PendingParty,
    PendingReward,
    RansomOffer,
    Reveal,
    ScoreEvent,
    State,
    plain,
)
from sherwood_tui.games.sherwood.scoring import holdings


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
    camp_needs_town: bool
    end_text: str


@plain
class SeatView:
    seat: int
    hand: tuple[int, ...]
    party: PendingParty | None  # this seat's committed, unrevealed party
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
        to_act=tuple(to_act(state)),
        favours=favours,
        score_log=state.score_log,
        camp_needs_town=state.camp_needs_town,
        end_text=state.end_text,
    )


def view(state: State, seat: int) -> SeatView:
    return SeatView(
        seat=seat,
        hand=state.hands[seat],
        party=state.pending[seat] if state.phase == "prepare" else None,
        table=public_view(state),
    )
