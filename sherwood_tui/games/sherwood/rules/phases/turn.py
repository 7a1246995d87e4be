"""Phase 1, mission assignments (automatic): up to three cards from the stack in play;
and the end of a turn."""

from __future__ import annotations

from sherwood_tui.core.contract import Event, event
from sherwood_tui.core.rng import shuffled
from sherwood_tui.core.wording import count, lazy
from sherwood_tui.games.sherwood.rules.data import SKILL_NAMES
from sherwood_tui.games.sherwood.rules.model import KING, NO_PARTY, ROMAN, StepDraft
from sherwood_tui.games.sherwood.rules.tables import MISSION_NAMES

END_OF_TURN = "End of turn {0}. Popularity: {1}."
STACK_USED = "Stack {0} is used up: stack {1} ({2}) is shuffled and comes into play."
KING_RETURNS = "Turn {0}: King Richard returns! This is the last ambush: each skill won wins his favour."
KING_RETURNS_ONE = KING_RETURNS + " The other mission card is removed."
KING_RETURNS_MANY = KING_RETURNS + " The other {1} mission cards are removed."
TURN_START = "Turn {0} (stack {1}). Missions: {2}."


def popularity_text(names: tuple[str, ...], popularity: tuple[int, ...]) -> str:
    return ", ".join([f"{name} {points}" for name, points in zip(names, popularity)])


def _laid(drawn: tuple[str, ...]) -> str:
    return "; ".join([f"{SKILL_NAMES[k]}: {MISSION_NAMES[m]}" for k, m in enumerate(drawn)])


def end_turn(draft: StepDraft, events: list[Event]) -> None:
    """The end of a turn, then the next turn."""
    events.append(event("round_end", END_OF_TURN, draft.turn, lazy(popularity_text, (draft.names, draft.popularity))))
    draft.ransom, draft.order_queue = None, ()
    start_turn(draft, events)


def start_turn(draft: StepDraft, events: list[Event]) -> None:
    """Phase 1: draw up to three missions from the stack in play."""
    stacks = list(draft.stacks)
    stack, rng = draft.stack, draft.rng
    while not stacks[stack - 1] and stack < 3:
        stack += 1
        stacks[stack - 1], rng = shuffled(rng, stacks[stack - 1])
        events.append(event("stack", STACK_USED, ROMAN[stack - 2], ROMAN[stack - 1],
                               lazy(count, (len(stacks[stack - 1]), "card"))))
    pile = stacks[stack - 1]
    drawn = pile[:3]  # up to three cards, or those before King Richard (he is drawn too)
    king = KING in drawn
    if king:
        cut = drawn.index(KING)
        drawn, pile = drawn[:cut], pile[cut + 1 :]
    else:
        pile = pile[3:]
    stacks[stack - 1] = pile
    turn = draft.turn + 1
    draft.stack, draft.rng, draft.turn, draft.phase = stack, rng, turn, "prepare"
    n = len(draft.players)
    draft.pending, draft.forming, draft.reward, draft.reward_skill = (None,) * n, (NO_PARTY,) * n, None, 0
    if king:
        # "All mission cards are removed": those drawn with him and any left unplayed.
        rest = drawn + tuple(m for st in stacks for m in st)
        draft.missions, draft.king, draft.stacks = (None, None, None), True, ((), (), ())
        draft.removed = draft.removed + rest + (KING,)
        k = len(rest)
        template = KING_RETURNS if not k else KING_RETURNS_ONE if k == 1 else KING_RETURNS_MANY
        events.append(event("turn_start", template, turn, k))
        return
    draft.stacks = tuple(stacks)
    draft.missions = drawn + (None,) * (3 - len(drawn))
    events.append(event("turn_start", TURN_START, turn, ROMAN[stack - 1], lazy(_laid, (drawn,))))
