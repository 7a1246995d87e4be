"""Phase 2, ambush preparations (simultaneous and private): every player forms a party
in small moves — a member at a time (`AddMember`), a loot card at a time (`GiveLoot`) —
then sends it (`SendParty`, which ends the decision); once all have, the ambushes are
sprung. The party being formed is the seat's secret (`State.forming`); every party
formed on the way is a valid one, so sending is always allowed."""

from __future__ import annotations

from typing import Any

from sherwood_tui.core.contract import Event, event
from sherwood_tui.core.draft import replaced
from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.wording import count
from sherwood_tui.games.sherwood.rules.model import (
    NO_PARTY,
    AddMember,
    GiveLoot,
    PendingParty,
    SendParty,
    State,
    StepDraft,
)
from sherwood_tui.games.sherwood.rules.phases import spring
from sherwood_tui.games.sherwood.rules.tables import CHARACTERS, LOOT, NO_GROUP_LOOT, PAID, gold_count, paid_count

PREPARED = "{0} has prepared an ambush."
Moves = list[AddMember | GiveLoot | SendParty]


def _who(c: Any) -> str:
    return CHARACTERS[c].name if c in CHARACTERS else repr(c)


def member_problem(state: State, seat: int, party: PendingParty, member: str) -> str | None:
    """Why `member` cannot join the party being formed (None if it can)."""
    if member not in state.bands[seat]:
        return f"{_who(member)} is not one of your characters."
    name = CHARACTERS[member].name
    if member in state.prison[seat]:
        return f"{name} is in prison and cannot go on an ambush."
    if member in party.members:
        return f"{name} is in the party already."
    if party.group is not None and member in NO_GROUP_LOOT:
        return f"{name} cannot go with a group loot card ({LOOT[party.group].name})."
    if member in PAID:
        need, have = paid_count(party.members) + 1, gold_count(state.hands[seat])
        if need > have:
            if need == 1:
                return f"{name} must be paid a Gold card, and you have no Gold."
            return (f"{name} must be paid a Gold card too: that is {need} Gold, "
                    f"and you have {count(have, 'Gold', 'Gold')}.")
    return None


def loot_problem(state: State, seat: int, party: PendingParty, card: int, *, to: str | None) -> str | None:
    """Why this loot card cannot be given (to `to`, or to the whole party) now."""
    if card not in state.hands[seat]:
        return "That loot card is not in your hand."
    loot = LOOT[card]
    used = {c for _, c in party.personal}
    if card in used or card == party.group:
        return f"{loot.name} is given already."
    if not party.members:
        return "Nobody goes on this ambush yet, so nobody can carry loot."
    if to is None:
        if loot.kind != "group":
            return f"{loot.name} is not a group loot card: give it to one member."
        if party.personal:
            return "A party carries either personal loot or one group loot card, not both."
        if party.group is not None:
            return f"The party carries {LOOT[party.group].name} already: one group loot card a party."
        clorinda = [c for c in party.members if c in NO_GROUP_LOOT]
        if clorinda:
            return f"{CHARACTERS[clorinda[0]].name} is in the party: it cannot use a group loot card."
        return None
    if loot.kind != "personal":
        return f"{loot.name} is not a personal loot card."
    if to not in party.members:
        return f"{_who(to)} is not in the party, so cannot carry loot."
    if party.group is not None:
        return "A party carries either personal loot or one group loot card, not both."
    if any(c == to for c, _ in party.personal):
        return f"{CHARACTERS[to].name} can carry only one personal loot card."
    return None


def add_member(state: State, move: AddMember) -> tuple[State, list[Event]]:
    seat = move.seat
    party = state.forming[seat]
    problem = member_problem(state, seat, party, move.member)
    if problem:
        raise RuleError(problem)
    formed = PendingParty(members=(*party.members, move.member), personal=party.personal, group=party.group)
    draft = StepDraft(state)
    draft.forming = replaced(state.forming, seat, formed)
    return draft.done(), []


def give_loot(state: State, move: GiveLoot) -> tuple[State, list[Event]]:
    seat, card, to = move.seat, move.card, move.to
    party = state.forming[seat]
    problem = loot_problem(state, seat, party, card, to=to)
    if problem:
        raise RuleError(problem)
    if to is None:
        formed = PendingParty(members=party.members, group=card)
    else:
        formed = PendingParty(members=party.members, personal=(*party.personal, (to, card)))
    draft = StepDraft(state)
    draft.forming = replaced(state.forming, seat, formed)
    return draft.done(), []


def send_party(state: State, move: SendParty) -> tuple[State, list[Event]]:
    seat = move.seat
    draft = StepDraft(state)
    draft.pending = pending = replaced(state.pending, seat, state.forming[seat])
    draft.forming = replaced(state.forming, seat, NO_PARTY)
    events = [event("info", PREPARED, draft.names[seat])]
    if None not in pending:
        spring.spring(draft, events)
    return draft.done(), events


def preparers(state: State) -> tuple[int, ...]:
    """The seats still preparing an ambush (they decide at once)."""
    return tuple([s for s, p in enumerate(state.pending) if p is None])


def may_prepare(state: State, seat: int) -> bool:
    pending = state.pending
    return 0 <= seat < len(pending) and pending[seat] is None


def ambush_legal(state: State, seat: int) -> Moves:
    """Exactly the moves the party being formed may take: each free character not in it
    (paid companions while there is Gold to pay them; not Clorinda with group loot),
    each loot card of the hand it may carry, and sending it."""
    party = state.forming[seat]
    members, personal, group = party.members, party.personal, party.group
    hand = state.hands[seat]
    jailed = state.prison[seat]
    out: Moves = []
    paid_ok = gold_count(hand) > paid_count(members)
    for c in state.bands[seat]:
        if c in members or c in jailed:
            continue
        if (c in PAID and not paid_ok) or (group is not None and c in NO_GROUP_LOOT):
            continue
        out.append(AddMember(seat=seat, member=c))
    if members:
        used = {card for _, card in personal}
        carriers = {c for c, _ in personal}
        for card in hand:
            kind = LOOT[card].kind
            if kind == "personal" and group is None and card not in used:
                out += [GiveLoot(seat=seat, card=card, to=c) for c in members if c not in carriers]
            elif kind == "group" and group is None and not personal and NO_GROUP_LOOT.isdisjoint(members):
                out.append(GiveLoot(seat=seat, card=card, to=None))
    out.append(SendParty(seat=seat))
    return out


def ambush_moves(seat: int, party: PendingParty, formed: PendingParty = NO_PARTY) -> list[AddMember | GiveLoot | SendParty]:
    """The moves that turn the party `formed` so far into `party` and send it: the
    members it lacks in order, then its loot (a screen's or a bot's whole choice, and
    an old save's ambush of one move). `party` must extend `formed`."""
    moves: list[AddMember | GiveLoot | SendParty] = [
        AddMember(seat=seat, member=c) for c in party.members if c not in formed.members]
    moves += [GiveLoot(seat=seat, card=card, to=c) for c, card in party.personal if (c, card) not in formed.personal]
    if party.group is not None and formed.group is None:
        moves.append(GiveLoot(seat=seat, card=party.group, to=None))
    moves.append(SendParty(seat=seat))
    return moves


def extends(party: PendingParty, formed: PendingParty) -> bool:
    """Whether `party` can be reached from `formed` by more members and loot."""
    return (party.members[: len(formed.members)] == formed.members
            and set(formed.personal) <= set(party.personal)
            and formed.group in (None, party.group))
