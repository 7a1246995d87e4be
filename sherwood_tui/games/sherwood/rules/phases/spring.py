"""Phase 3, springing (automatic once all have committed): the parties are revealed in
`state.reveal`; a player who sent no one frees the top prisoner of their cell. Then the
skills are settled: ties fail, a player leading several missions keeps one."""

from __future__ import annotations

from collections.abc import Callable

from sherwood_tui.core.contract import Event, event
from sherwood_tui.core.wording import Lazy, lazy
from sherwood_tui.games.sherwood.rules.data import DISCRETION, SKILL_NAMES
from sherwood_tui.games.sherwood.rules.model import (
    Outcome,
    Party,
    PastParty,
    PendingParty,
    Reveal,
    SkillResult,
    StepDraft,
)
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


def party_report(party: Party) -> str:
    """What a revealed party is in the log (after "<name> sends ")."""
    kit = [f"{LOOT[card].name} on {CHAR_NAMES[c]}" for c, card in party.personal]
    if party.group is not None:
        kit.append(f"{LOOT[party.group].name} for the party")
    if party.gold_paid:
        kit.append(f"{party.gold_paid} Gold paid")
    extra = f" with {', '.join(kit)}" if kit else ""
    skills = ", ".join([f"{SKILL_NAMES[i]} {party.totals[i]}" for i in range(4)])
    return f"{chars_text(party.members)}{extra}: {skills}"


def revealed_party(seat: int, p: PendingParty, gold_paid: int) -> tuple[Party, Lazy]:
    """A sent party, revealed, and its words in the log."""
    totals = party_totals(p.members, p.personal, p.group)
    party = Party(seat=seat, members=p.members, personal=p.personal, group=p.group,
                  gold_paid=gold_paid, totals=totals)
    return party, lazy(party_report, (party,))


def past_parties(turn: int, parties: list[Party], missions: tuple[str | None, ...],
                 jailed: list[bool]) -> tuple[PastParty, ...]:
    """The record of this turn's parties: each one's size, totals, and the mission its
    highest total went to."""
    out = []
    for p in parties:
        aimed, top = -1, 0
        for k in range(3):
            if missions[k] is not None and p.totals[k] > top:
                aimed, top = k, p.totals[k]
        out.append(PastParty(turn=turn, seat=p.seat, size=len(p.members), totals=p.totals, aimed=aimed,
                             mission=missions[aimed] if aimed >= 0 else None, jailed=jailed[p.seat]))
    return tuple(out)


def spent_loot(p: PendingParty) -> tuple[int, ...]:
    """The loot cards a sent party uses up."""
    return tuple([card for _, card in p.personal]) + ((p.group,) if p.group is not None else ())


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
    draft: StepDraft, leaders: list[tuple[int, ...]], best: list[int], *,
    chooser: int | None, stack: int, append: Callable[[Event], None],
) -> tuple[SkillResult, ...]:
    """The outcome at each mission skill once the ambushes are sprung, each logged. With
    a `stack` (when the
    failed missions are put away in this same step, nobody having to choose first),
    where a mission goes if it fails (phase 4)."""
    names, missions = draft.names, draft.missions
    results = []
    for skill in range(3):
        mission, led, top = missions[skill], leaders[skill], best[skill]
        what = SKILL_NAMES[skill]
        winner = None
        outcome: Outcome
        if mission is None:
            if led:
                note = f"No mission at {what}: {seats_text(names, led)} led with {top} for nothing."
            else:
                note = f"No mission at {what}."
            outcome = "unclaimed"
        elif not led:
            outcome, note = "unclaimed", f"No party has any {what}: the mission fails."
        elif len(led) > 1:
            outcome, note = "tie", f"{seats_text(names, led)} tie at {top}: the mission fails."
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
        results.append(SkillResult(skill=skill, mission=mission, leaders=led, best=top, winner=winner,
                                   outcome=outcome, note=note, destination=destination))
    return tuple(results)


def spring(draft: StepDraft, events: list[Event]) -> None:
    names = draft.names
    hands, prison = list(draft.hands), list(draft.prison)
    jailed = [bool(cell) for cell in prison]
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
            parties.append(Party(seat=seat, members=(), freed=freed))
            continue
        spent, wages = spent_loot(p), paid_count(members)
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
        party, report = revealed_party(seat, p, gold_paid)
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
    results = _settle(draft, leaders, best, chooser=chooser, stack=stack, append=append)
    draft.record = draft.record + past_parties(draft.turn, parties, missions, jailed)
    draft.reveal = Reveal(turn=draft.turn, parties=tuple(parties), skills=results, chooser=chooser,
                          discretion_high=leaders[DISCRETION])
    if chooser is not None:
        ks = tuple([SKILL_NAMES[k] for k in range(3) if sole[k] == chooser])
        append(event("info", MUST_KEEP, names[chooser], lazy(" and ".join, (ks,))))
        draft.phase = "choose_mission"
        return
    unsuccessful.discard_failed(draft, events)
