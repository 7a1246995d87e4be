"""Phase 3, springing (automatic once all have committed): the parties are revealed in
`state.reveal`; a player who sent no one frees the top prisoner of their cell. Then the
skills are settled: ties fail, a player leading several missions keeps one."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from sherwood_tui.core.contract import Event, event
from sherwood_tui.core.draft import positional
from sherwood_tui.core.wording import Lazy, lazy
from sherwood_tui.games.sherwood.rules.data import DISCRETION, SKILL_NAMES
from sherwood_tui.games.sherwood.rules.model import Outcome, Party, PendingParty, Reveal, SkillResult, StepDraft
from sherwood_tui.games.sherwood.rules.phases import king, unsuccessful
from sherwood_tui.games.sherwood.rules.tables import (
    CHAR_NAMES,
    GOLD,
    LOOT,
    MISSION_NAMES,
    chars_text,
    paid_count,
    party_totals,
    seats_text,
)

SPRUNG = "Turn {0}: the ambushes are sprung!"
NOBODY = "{0} sends no one."
BREAKS_OUT = "{0} sends no one: {1} breaks out of prison."
SENDS = "{0} sends {1}."
SKILL_LINE = "{0}, {1}: {2}"
MUST_KEEP = "{0} leads {1} and must keep one mission."

# The names of the seats that lead a skill together: a tie somewhere at nearly every
# springing, and `seats_text` (a listing) costs several times the hash of two short tuples.
@lru_cache(maxsize=512)
def _leaders_text(names: tuple[str, ...], leaders: tuple[int, ...]) -> str:
    return seats_text(names, leaders)


# The constructors, every field by position (built at every springing)
_make_skill = positional(SkillResult)
_make_reveal = positional(Reveal)


def party_report(members: tuple[str, ...], personal: tuple[tuple[str, int], ...], group: int | None, gold_paid: int,
                 totals: tuple[int, int, int, int]) -> str:
    """What a revealed party is in the log (after "<name> sends ")."""
    kit = [f"{LOOT[card].name} on {CHAR_NAMES[c]}" for c, card in personal]
    if group is not None:
        kit.append(f"{LOOT[group].name} for the party")
    if gold_paid:
        kit.append(f"{gold_paid} Gold paid")
    extra = f" with {', '.join(kit)}" if kit else ""
    skills = ", ".join([f"{SKILL_NAMES[i]} {totals[i]}" for i in range(4)])
    return f"{chars_text(members)}{extra}: {skills}"


def _revealed_party(
    seat: int, members: tuple[str, ...], personal: tuple[tuple[str, int], ...], group: int | None,
    gold_paid: int,
) -> tuple[Party, Lazy]:
    """A revealed party and its words in the log (shared: both are immutable)."""
    totals = party_totals(members, personal, group)
    party = Party(seat=seat, members=members, personal=personal, group=group,
                  gold_paid=gold_paid, totals=totals)
    return party, lazy(party_report, (members, personal, group, gold_paid, totals))


Springing = tuple[PendingParty, tuple[int, ...], int, dict[tuple[int, int], tuple[Party, Lazy]]]
# Per pending party, by identity (`prepare.well_formed` interns them; an entry holds its
# party, so the id stays its own): the party, the loot cards it spends, its wages (paid
# companions), and its revealed forms (`_revealed_party`) by (seat, Gold paid). Keyed by
# identity: an `lru_cache` over the party's parts hashes their nested tuples every time.
_SPRINGING: dict[int, Springing] = {}


def _springing(p: PendingParty) -> Springing:
    """The entry of `_SPRINGING` for a pending party, made."""
    if len(_SPRINGING) >= 4096:
        _SPRINGING.clear()
    spent = tuple([card for _, card in p.personal]) + ((p.group,) if p.group is not None else ())
    entry = _SPRINGING[id(p)] = (p, spent, paid_count(p.members), {})
    return entry


@lru_cache(maxsize=256)
def _idle_party(seat: int, freed: str | None) -> Party:
    """The revealed party of a player who sent no one (shared: it is immutable)."""
    return Party(seat=seat, members=(), freed=freed)


def _leaders(sent: list[tuple[int, tuple[int, int, int, int]]]) -> tuple[list[tuple[int, ...]], list[int]]:
    """Per skill (Strength, Dexterity, Cunning, Discretion), among the parties sent as
    (seat, totals): the seats with the highest total if it is at least 1, and that total
    (0 if nobody went)."""
    leaders: list[tuple[int, ...]] = [(), (), (), ()]
    best = [0, 0, 0, 0]
    if sent:  # plain loops (a comprehension is a call of its own): the top, and who has it
        for k in range(4):
            top = sent[0][1][k]
            seats: list[int] = []
            for seat, totals in sent:
                total = totals[k]
                if total > top:
                    top, seats = total, [seat]
                elif total == top:
                    seats.append(seat)
            best[k] = top
            if top >= 1:
                leaders[k] = tuple(seats)
    return leaders, best


def _settle(
    names: tuple[str, ...], missions: tuple[str | None, ...], leaders: list[tuple[int, ...]], best: list[int],
    chooser: int | None, stack: int, append: Callable[[Event], None],
) -> tuple[SkillResult, ...]:
    """The outcome at each mission skill once the ambushes are sprung, each logged (not
    cached: nearly every one is new; one call for the three). With a `stack` (when the
    failed missions are put away in this same step, nobody having to choose first),
    where a mission goes if it fails (phase 4)."""
    results = []
    for skill in range(3):
        mission, led, top = missions[skill], leaders[skill], best[skill]
        what = SKILL_NAMES[skill]
        winner = None
        outcome: Outcome
        if mission is None:
            if led:
                note = f"No mission at {what}: {_leaders_text(names, led)} led with {top} for nothing."
            else:
                note = f"No mission at {what}."
            outcome = "unclaimed"
        elif not led:
            outcome, note = "unclaimed", f"No party has any {what}: the mission fails."
        elif len(led) > 1:
            outcome, note = "tie", f"{_leaders_text(names, led)} tie at {top}: the mission fails."
        elif led[0] == chooser:
            outcome, winner = "pending", chooser
            note = f"{names[chooser]} leads with {top} but may keep only one mission."
        else:
            outcome, winner = "won", led[0]
            note = f"{names[winner]} claims it with {top}."
        destination = ""
        if mission is not None:
            if stack and outcome != "won" and outcome != "pending":  # it fails
                destination = unsuccessful.destination(stack, mission)
            append(event("info", SKILL_LINE, what, MISSION_NAMES[mission], note))
        results.append(_make_skill(skill, mission, led, top, winner, outcome, note, destination))
    return tuple(results)


def spring(draft: StepDraft, events: list[Event]) -> None:
    names = draft.names
    hands, prison = list(draft.hands), list(draft.prison)
    discard = list(draft.loot_discard)
    parties: list[Party] = []
    sent: list[tuple[int, tuple[int, int, int, int]]] = []  # (seat, totals) of those who went
    append = events.append
    append(event("reveal", SPRUNG, draft.turn))
    for seat, p in enumerate(draft.pending):
        name = names[seat]
        members = p.members
        if not members:
            freed = None
            if prison[seat]:
                freed, prison[seat] = prison[seat][0], prison[seat][1:]
                append(event("info", BREAKS_OUT, name, CHAR_NAMES[freed]))
            else:
                append(event("info", NOBODY, name))
            parties.append(_idle_party(seat, freed))
            continue
        entry = _SPRINGING.get(id(p)) or _springing(p)
        spent, wages = entry[1], entry[2]
        gold_paid = 0
        if spent or wages:  # a plain loop: the hand without the loot spent and the wages
            hand = hands[seat]
            kept: list[int] = []
            paid: list[int] = []
            for c in hand:
                if c in spent:
                    continue
                if gold_paid < wages and c in GOLD:
                    paid.append(c)
                    gold_paid += 1
                    continue
                kept.append(c)
            if gold_paid or len(kept) < len(hand):
                hands[seat] = tuple(kept)
            discard += spent
            discard += paid
        forms = entry[3]
        form = forms.get((seat, gold_paid))
        if form is None:
            form = forms[seat, gold_paid] = _revealed_party(seat, members, p.personal, p.group, gold_paid)
        party, report = form
        parties.append(party)
        sent.append((seat, party.totals))
        append(event("info", SENDS, name, report))
    draft.hands, draft.prison, draft.loot_discard = tuple(hands), tuple(prison), tuple(discard)
    draft.pending = (None,) * len(parties)
    leaders, best = _leaders(sent)
    if draft.king:
        skills = tuple([SkillResult(skill=k, mission=None, leaders=leaders[k], best=best[k]) for k in range(3)])
        draft.reveal = Reveal(turn=draft.turn, king=True, parties=tuple(parties), skills=skills,
                              discretion_high=leaders[DISCRETION])
        king.king_results(draft, events)
        return
    # Unique leaders win, ties fail; someone leading several missions must choose: the
    # first (in skill order) of the sole leaders of a mission who leads another too.
    missions = draft.missions
    sole: list[int | None] = [None, None, None]
    for k in range(3):  # a plain loop: a comprehension is a call of its own
        if missions[k] is not None and len(leaders[k]) == 1:
            sole[k] = leaders[k][0]
    chooser = None
    for lead in sole:
        if lead is not None and sole.count(lead) > 1:
            chooser = lead
            break
    stack = 0 if chooser is not None else draft.stack
    results = _settle(names, missions, leaders, best, chooser, stack, append)
    draft.reveal = _make_reveal(draft.turn, False, tuple(parties), results, chooser, leaders[DISCRETION], (), ())
    if chooser is not None:
        ks = tuple([SKILL_NAMES[k] for k in range(3) if sole[k] == chooser])
        append(event("info", MUST_KEEP, names[chooser], lazy(" and ".join, (ks,))))
        draft.phase = "choose_mission"
        return
    unsuccessful.discard_failed(draft, events)
