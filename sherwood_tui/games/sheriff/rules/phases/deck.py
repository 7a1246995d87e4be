"""Cards moving between piles: where a merchant may draw from, the draw pile (reshuffled
from the discard piles when it runs out)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sherwood_tui.core.draft import replaced, updater
from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.rng import shuffled
from sherwood_tui.games.sheriff.rules.model import KEEP_ON_RESHUFFLE, PileCard, State, Turn
from sherwood_tui.games.sheriff.rules.wording import CARDS, PILE_NAME

if TYPE_CHECKING:
    from sherwood_tui.core.contract import Event

RESHUFFLED = (
    "The draw pile is empty: {0} from under the top five of each discard pile are "
    "shuffled into a new draw pile."
)


def draw_from(t: Turn, count: int) -> tuple[int, ...]:
    """Take up to `count` cards from the draw pile, the top card first, reshuffling the
    discard piles (all but their top five) into a new draw pile whenever it is empty.
    Fewer cards (maybe none) when nothing is left to draw."""
    pile, discards, rng = t.draw_pile, t.discards, t.rng
    drawn: tuple[int, ...] = ()
    while len(drawn) < count:
        if not pile:
            a, b = discards
            keep = KEEP_ON_RESHUFFLE
            pool = a[:-keep] + b[:-keep] if keep else a + b
            if not pool:
                break
            pile, rng = shuffled(rng, pool)
            discards = (a[-keep:], b[-keep:])
            t.say(RESHUFFLED, CARDS[len(pool)])
        k = min(count - len(drawn), len(pile))
        drawn += pile[-k:][::-1]
        pile = pile[:-k]
    t.draw_pile, t.discards, t.rng = pile, discards, rng
    return drawn


def draw_sources(
    drew_from_pile: bool, discards: tuple[tuple[int, ...], tuple[int, ...]], draw_pile: tuple[int, ...],
) -> tuple[int | None, ...]:
    """Where a market merchant may draw from (None: the draw pile): a non-empty discard
    pile until the draw pile is used, and the draw pile while it (or a reshuffle) has cards."""
    a, b = discards
    out: tuple[int | None, ...] = ()
    if not drew_from_pile:
        if a:
            out += (0,)
        if b:
            out += (1,)
    if draw_pile or len(a) > KEEP_ON_RESHUFFLE or len(b) > KEEP_ON_RESHUFFLE:
        out += (None,)
    return out


# a small move's new states (`evolve` made once)
set_aside_placed = updater(State, "discards", "set_aside", "pile", "placed")
confiscated_placed = updater(State, "discards", "confiscated", "pile", "placed")


def pile_card(state: State, action: PileCard) -> tuple[State, list[Event]]:
    """One card put on a discard pile (the market's set-aside cards, or the Sheriff's
    confiscated goods): the first card chooses the pile."""
    pile, card = action.pile, action.card
    if pile not in (0, 1):
        raise RuleError("There are only two discard piles.")
    if state.pile is not None and pile != state.pile:
        raise RuleError(f"Put every card on the same pile ({PILE_NAME[state.pile]}).")
    waiting = state.set_aside if state.step == "place" else state.confiscated
    if card not in waiting:
        if state.step == "place":
            raise RuleError("Put back only the cards you set aside, each once.")
        raise RuleError("Place only the confiscated goods, each once.")
    rest = tuple(c for c in waiting if c != card)
    discards = replaced(state.discards, pile, state.discards[pile] + (card,))
    placed = state.placed + (card,)
    if state.step == "place":
        return set_aside_placed(state, discards=discards, set_aside=rest, pile=pile, placed=placed), []
    return confiscated_placed(state, discards=discards, confiscated=rest, pile=pile, placed=placed), []
