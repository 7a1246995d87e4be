"""Sherwood (2005): road networks, Champion points, the popularity track and the final
tally (for the rules, the screens and the bot alike)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from sherwood_tui.core.contract import ScoreLine
from sherwood_tui.games.sherwood.rules.tables import BY_NOTTINGHAM, NEIGHBOURS, TOWNS

if TYPE_CHECKING:
    from sherwood_tui.games.sherwood.rules.model import State, StepDraft


def network_of(towns: tuple[int | None, ...], seat: int, start: int) -> set[int]:
    """The towns of `seat` connected to `start` by roads through that player's towns."""
    neighbours = NEIGHBOURS
    seen = {start}
    todo = [start]
    while todo:
        t = todo.pop()
        for n in neighbours[t]:
            if n not in seen and towns[n] == seat:
                seen.add(n)
                todo.append(n)
    return seen


def networks(towns: tuple[int | None, ...], seat: int) -> list[set[int]]:
    """All networks (connected groups of towns) of a player, largest first."""
    own = [i for i, o in enumerate(towns) if o == seat]
    seen: set[int] = set()
    out: list[set[int]] = []
    for t in own:
        if t not in seen:
            net = network_of(towns, seat, t)
            seen |= net
            out.append(net)
    out.sort(key=len, reverse=True)
    return out


@lru_cache(maxsize=8192)
def largest_network(towns: tuple[int | None, ...], seat: int) -> int:
    nets = networks(towns, seat)
    return len(nets[0]) if nets else 0


@lru_cache(maxsize=8192)
def network_components(towns: tuple[int | None, ...], seat: int) -> tuple[dict[int, int], tuple[frozenset[int], ...], int]:
    """The networks of `seat`, in map order of their first town: town -> network number,
    the networks (frozensets), and the largest size (for the bot's town choices)."""
    where: dict[int, int] = {}
    nets: list[frozenset[int]] = []
    for start, owner in enumerate(towns):
        if owner != seat or start in where:
            continue
        net = network_of(towns, seat, start)
        for t in net:
            where[t] = len(nets)
        nets.append(frozenset(net))
    return where, tuple(nets), max([len(x) for x in nets], default=0)


@lru_cache(maxsize=512)
def holdings(towns: tuple[int | None, ...], players: int) -> tuple[tuple[tuple[str, ...], int], ...]:
    """Per seat: the ids of the towns it holds (in map order) and its largest network."""
    return tuple(
        (tuple(TOWNS[i].id for i, o in enumerate(towns) if o == seat), largest_network(towns, seat))
        for seat in range(players)
    )


def placement_points(towns: tuple[int | None, ...], seat: int, town: int) -> tuple[int, int, bool]:
    """Champion scoring if `seat` takes `town`: (total, connected towns, Nottingham)."""
    after = towns[:town] + (seat,) + towns[town + 1 :]
    net = network_of(after, seat, town)
    notts = bool(net & BY_NOTTINGHAM)
    return 1 + (len(net) - 1) + int(notts), len(net) - 1, notts


def tally(state: State | StepDraft, seat: int, net: int | None = None) -> dict[str, float]:
    """The final tally of one player, part by part (`net`: its largest network, if known)."""
    if net is None:
        net = largest_network(state.towns, seat)
    favours = state.favours.count(seat)
    return {
        "Popularity": float(state.popularity[seat]),
        "Largest network": float(net),
        "King Richard's favours": float(favours * ((net + 1) // 2)),
        "Free characters": float(len(state.bands[seat]) - len(state.prison[seat])),
    }


def scores(state: State | StepDraft) -> list[ScoreLine]:
    """At the end: the final tally. During the game: the popularity track."""
    out = []
    over = state.phase == "over"
    for s, p in enumerate(state.players):
        net = largest_network(state.towns, s)
        parts = tally(state, s, net) if over else {"Popularity": float(state.popularity[s])}
        out.append(ScoreLine(  # floats already
            seat=s, name=p.name, total=sum(parts.values()), parts=parts, tiebreak=(float(net),)))
    return out


def winners(state: State) -> list[int]:
    """The winning seats by total, then the largest network."""
    lines = scores(state)
    best = max((line.total, line.tiebreak) for line in lines)
    return [line.seat for line in lines if (line.total, line.tiebreak) == best]
