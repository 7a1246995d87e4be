"""Phase 8, the Sheriff's rounds (automatic): he walks to the next cell and frees its top
prisoner; its owner may pay Gold to free more (`Ransom`, private). Then the next turn."""

from __future__ import annotations

from sherwood_tui.core.contract import Event, event
from sherwood_tui.core.draft import replaced
from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.wording import count, lazy
from sherwood_tui.games.sherwood.rules.legal import ransom_choices
from sherwood_tui.games.sherwood.rules.model import RANSOM_COST, Ransom, RansomOffer, State, StepDraft
from sherwood_tui.games.sherwood.rules.phases import turn
from sherwood_tui.games.sherwood.rules.tables import CHAR_NAMES, chars_text, gold_cards, gold_count

NOBODY_TO_FREE = "The Sheriff makes his rounds to cell {0}: nobody to free."
FREES = "The Sheriff makes his rounds to cell {0} ({1}'s) and frees {2}."
PAYS_NOTHING = "{0} pays nothing to the Sheriff."
PAYS = "{0} pays {1} Gold to free {2}."



def sheriff(draft: StepDraft, events: list[Event]) -> None:
    n = len(draft.players)
    draft.sheriff = cell = 0 if draft.sheriff < 0 else (draft.sheriff + 1) % n
    owner = draft.cells[cell]
    if owner is None or not draft.prison[owner]:
        events.append(event("info", NOBODY_TO_FREE, cell + 1))
        turn.end_turn(draft, events)
        return
    top, rest = draft.prison[owner][0], draft.prison[owner][1:]
    draft.prison = replaced(draft.prison, owner, rest)
    events.append(event("info", FREES, cell + 1, draft.names[owner], CHAR_NAMES[top]))
    if rest:
        draft.phase, draft.ransom = "ransom", RansomOffer(seat=owner, cell=cell)
        return
    turn.end_turn(draft, events)


def ransom(state: State, action: Ransom) -> tuple[State, list[Event]]:
    draft = StepDraft(state)
    seat, name = action.seat, draft.names[action.seat]
    if action.free not in RANSOM_COST:
        raise RuleError("You may free 0, 1 (for 1 Gold) or 2 (for 3 Gold) more prisoners.")
    cost = RANSOM_COST[action.free]
    jailed = draft.prison[seat]
    if action.free > len(jailed):
        verb = "is" if len(jailed) == 1 else "are"
        raise RuleError(f"Only {len(jailed)} of your characters {verb} left in the cell.")
    if not cost:
        events = [event("info", PAYS_NOTHING, name)]
    else:
        gold = gold_cards(draft.hands[seat])
        if cost > len(gold):
            have = count(len(gold), "Gold", "Gold")
            raise RuleError(f"Freeing {action.free} costs {cost} Gold, and you have {have}.")
        paid = set(gold[:cost])
        freed = jailed[: action.free]
        events = [event("info", PAYS, name, cost, lazy(chars_text, (freed,)))]
        draft.hands = replaced(draft.hands, seat, tuple([c for c in draft.hands[seat] if c not in paid]))
        draft.loot_discard = draft.loot_discard + gold[:cost]
        draft.prison = replaced(draft.prison, seat, jailed[action.free:])
    turn.end_turn(draft, events)
    return draft.done(), events


def ransom_payer(state: State) -> tuple[int, ...]:
    """The owner of the cell the Sheriff stopped at, who may pay to free more."""
    return (state.ransom.seat,) if state.ransom is not None else ()


def ransoms(state: State, seat: int) -> list[Ransom]:
    choices = ransom_choices(len(state.prison[seat]), gold_count(state.hands[seat]))
    return [Ransom(seat=seat, free=k) for k, _cost, affordable in choices if affordable]
