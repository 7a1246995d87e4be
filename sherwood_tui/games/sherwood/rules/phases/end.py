"""The end of the game (after King Richard's turn's capture): the final tally."""

from __future__ import annotations

from sherwood_tui.core.contract import Event, event
from sherwood_tui.core.wording import lazy
from sherwood_tui.games.sherwood.rules.model import StepDraft
from sherwood_tui.games.sherwood.rules.phases.turn import popularity_text
from sherwood_tui.games.sherwood.rules.scoring import scores

LAST_TURN_END = "End of turn {0}, King Richard's turn. Popularity: {1}."
GAME_OVER = "The game is over. {0}"


def end_game(draft: StepDraft, events: list[Event]) -> None:
    draft.phase, draft.reward, draft.ransom, draft.order_queue = "over", None, None, ()
    names = draft.names
    lines = scores(draft)
    words = []
    for line in lines:  # plain loops: a generator is a call of its own, and resumed per item
        parts = []
        for k, v in line.parts.items():
            parts.append(f"{k} {v:g}")
        words.append(f"{line.name} {line.total:g} ({', '.join(parts)})")
    tally = "; ".join(words)
    best = max([(line.total, line.tiebreak) for line in lines])  # `winners`, over the lines at hand
    won = [names[line.seat] for line in lines if (line.total, line.tiebreak) == best]
    verdict = f"{won[0]} wins" if len(won) == 1 else " and ".join(won) + " share the victory"
    text = f"Final tally: {tally}. {verdict}!"
    draft.end_text = text
    events += [
        event("round_end", LAST_TURN_END, draft.turn, lazy(popularity_text, (names, draft.popularity))),
        event("game_end", GAME_OVER, text),
    ]
