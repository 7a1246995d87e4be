"""Phase 2, ambush preparations (simultaneous and private): every player sends a party
with loot, in one `PrepareAmbush`; once all have, the ambushes are sprung."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from sherwood_tui.core.contract import Event, event
from sherwood_tui.core.draft import copier
from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.wording import count
from sherwood_tui.games.sherwood.rules.model import (
    PendingParty,
    PrepareAmbush,
    State,
    StepDraft,
    set_at,
)
from sherwood_tui.games.sherwood.rules.phases import spring
from sherwood_tui.games.sherwood.rules.tables import CHARACTERS, LOOT, NO_GROUP_LOOT, PAID, chars_text, gold_count, paid_count

PREPARED = "{0} has prepared an ambush."


def check_ambush(state: State | StepDraft, seat: int, party: tuple[str, ...], personal: tuple[tuple[str, int], ...],
                 group: int | None) -> PendingParty:
    """The validated party of an ambush, or RuleError with the reason."""
    chars, loot = CHARACTERS, LOOT
    party = tuple(party)
    personal = tuple([(str(c), int(card)) for c, card in personal]) if personal else ()
    if len(set(party)) != len(party):
        raise RuleError("Name each character only once in the party.")
    band, jailed = state.bands[seat], state.prison[seat]
    for c in party:
        if c not in band:
            who = chars[c].name if c in chars else repr(c)
            raise RuleError(f"{who} is not one of your characters.")
        if c in jailed:
            raise RuleError(f"{chars[c].name} is in prison and cannot go on an ambush.")
    hand = state.hands[seat]
    if not party and (personal or group is not None):
        raise RuleError("Nobody goes on this ambush, so nobody can carry loot.")
    if personal and group is not None:
        raise RuleError("A party carries either personal loot or one group loot card, not both.")
    used: set[int] = set()
    carriers: set[str] = set()
    for c, card in personal:
        if c not in party:
            who = chars[c].name if c in chars else repr(c)
            raise RuleError(f"{who} is not in the party, so cannot carry loot.")
        if c in carriers:
            raise RuleError(f"{chars[c].name} can carry only one personal loot card.")
        if card not in hand:
            raise RuleError("That loot card is not in your hand.")
        if card in used:
            raise RuleError(f"{loot[card].name} can be given to one character only.")
        if loot[card].kind != "personal":
            raise RuleError(f"{loot[card].name} is not a personal loot card.")
        carriers.add(c)
        used.add(card)
    if group is not None:
        if group not in hand:
            raise RuleError("That loot card is not in your hand.")
        if loot[group].kind != "group":
            raise RuleError(f"{loot[group].name} is not a group loot card.")
        for c in party:
            if chars[c].trait == "no_group_loot":
                raise RuleError(f"{chars[c].name} is in the party: it cannot use a group loot card.")
    need = paid_count(party)
    have = gold_count(hand)
    if need > have:
        paid = chars_text([c for c in party if chars[c].paid])
        if need == 1:
            raise RuleError(f"{paid} must be paid a Gold card, and you have no Gold.")
        raise RuleError(
            f"{paid} must each be paid a Gold card: that is {need} Gold, "
            f"and you have {count(have, 'Gold', 'Gold')}."
        )
    return pending_party(party, personal, group)


@lru_cache(maxsize=1024)
def pending_party(
    members: tuple[str, ...], personal: tuple[tuple[str, int], ...], group: int | None
) -> PendingParty:
    """A checked ambush party (shared: it is immutable)."""
    return PendingParty(members=members, personal=personal, group=group)


@lru_cache(maxsize=2048)
def well_formed(
    members: tuple[str, ...], personal: tuple[tuple[str, int], ...], group: int | None
) -> PendingParty | None:
    """The pending party of an ambush whose parts are well formed whatever the state:
    distinct members; personal loot as (character, card) pairs, one personal card per
    member of the party and each card once; or one group loot card, with no Clorinda.
    None for anything else (`check_ambush` then says what is wrong, or takes it once
    its values are normalised). What the state decides is `_fits`."""
    if len(set(members)) != len(members):
        return None
    if personal:
        if group is not None:
            return None
        carriers, cards = set(), set()
        for item in personal:
            if item.__class__ is not tuple or len(item) != 2:
                return None
            c, card = item
            if (c.__class__ is not str or card.__class__ is not int or c not in members or c in carriers
                    or card in cards or not 0 <= card < len(LOOT) or LOOT[card].kind != "personal"):
                return None
            carriers.add(c)
            cards.add(card)
    elif group is not None:
        if (group.__class__ is not int or not members or not 0 <= group < len(LOOT)
                or LOOT[group].kind != "group" or not NO_GROUP_LOOT.isdisjoint(members)):
            return None
    return pending_party(members, personal, group)


_with_pending = copier(State, "pending")


def quick_prepare(state: State, action: PrepareAmbush) -> tuple[State, list[Event]] | None:
    """`do_prepare` of a well formed ambush that fits the seat now, the common case
    (any other, `do_prepare` checks): while others must still prepare, the step changes
    one field, so the new state is copied in one go without a `Draft`. An ambush with
    unhashable parts raises TypeError (the caller falls back to `do_prepare`). Whether it
    fits the seat is written out (asked at every ambush): its members free, its loot in
    hand, its paid companions paid; if not, `check_ambush` says why."""
    party, personal, group = action.party, action.personal, action.group
    if party.__class__ is not tuple or personal.__class__ is not tuple:
        return None
    ambush = well_formed(party, personal, group)
    if ambush is None:
        return None
    seat = action.seat
    band, jailed, hand = state.bands[seat], state.prison[seat], state.hands[seat]
    for c in party:
        if c not in band or c in jailed:
            return None
    for _, card in personal:
        if card not in hand:
            return None
    if group is not None and group not in hand:
        return None
    if not PAID.isdisjoint(party) and paid_count(party) > gold_count(hand):
        return None
    pending = set_at(state.pending, seat, ambush)
    line = event("info", PREPARED, state.players[seat].name)
    if all(pending):  # no None left (a party is never false): the ambushes are sprung
        draft = StepDraft(state)
        draft.pending = pending
        events = [line]
        spring.spring(draft, events)
        return draft.done(), events
    return _with_pending(state, pending), [line]


def do_prepare(draft: StepDraft, action: PrepareAmbush, malformed: Callable[[Any], str]) -> list[Event]:
    seat = action.seat
    if action.party.__class__ is not tuple or action.personal.__class__ is not tuple:
        raise RuleError(malformed(action) or "That ambush is not well formed.")
    ambush = check_ambush(draft, seat, action.party, action.personal, action.group)
    draft.pending = pending = set_at(draft.pending, seat, ambush)
    events = [Event.of("info", PREPARED, draft.names[seat])]
    if all(pending):  # no None left (a party is never false; `in` would call __eq__)
        spring.spring(draft, events)
    return events
