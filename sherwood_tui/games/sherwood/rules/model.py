"""Sherwood (2005): the state and its parts (plain frozen slotted dataclasses, changed
through one copy-on-write `Draft` per step) and the moves (the core's `Move`s, plain
frozen classes; their union is the save files' schema). An ambush is prepared in small
moves (a member, a loot card, then the party sent), and newcomers to a cell are lined
up one by one, then the cell is closed."""

from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING, Annotated, Literal, TypeVar

from pydantic import Field

from sherwood_tui.core.contract import Move, Player
from sherwood_tui.core.draft import Draft, draft_class, plain, replaced
from sherwood_tui.core.rng import shuffled
from sherwood_tui.games.sherwood.rules.options import SherwoodOptions

ROMAN = ("I", "II", "III")
KING = "king-richard"
T = TypeVar("T")


# ----- state ---------------------------------------------------------------------------


@plain
class ScoreEvent:
    """One change of a popularity track (the track is always the sum of these)."""

    seat: int
    points: int
    kind: str  # "champion" | "camp" | "companion" | "alan" | "displaced"
    text: str
    town: str | None = None
    turn: int = 0


@plain
class PendingParty:
    """An ambush party, secret to its owner: being formed (`State.forming`), or sent and
    not yet revealed (`State.pending`). Members in the order they were added."""

    members: tuple[str, ...] = ()
    personal: tuple[tuple[str, int], ...] = ()  # (character id, loot card id)
    group: int | None = None


@plain
class Party:
    """A revealed party, with everything it used and its totals."""

    seat: int
    members: tuple[str, ...]
    personal: tuple[tuple[str, int], ...] = ()
    group: int | None = None
    gold_paid: int = 0
    totals: tuple[int, int, int, int] = (0, 0, 0, 0)
    freed: str | None = None  # sent no one and broke this character out of prison


@plain
class PastParty:
    """One seat's ambush of a past turn, as the reveal showed it (public): the table's
    record, which the expert reads for each band's habits."""

    turn: int
    seat: int
    size: int  # 0: it sent no one
    totals: tuple[int, int, int, int] = (0, 0, 0, 0)
    aimed: int = -1  # the skill with a mission where its total was highest (-1: none)
    mission: str | None = None  # the mission at that skill
    jailed: bool = False  # it had prisoners when it sent it


Outcome = Literal["won", "tie", "declined", "unclaimed", "pending", "favour", "no favour"]


@plain
class SkillResult:
    """What happened at one skill: who led, who won, or why the mission failed."""

    skill: int
    mission: str | None
    leaders: tuple[int, ...] = ()  # seats with the highest positive total
    best: int = 0
    winner: int | None = None
    outcome: Outcome = "unclaimed"
    note: str = ""
    destination: str = ""  # where a failed mission went ("stack II", "out of the game")


@plain
class Reveal:
    """The public result of the springing of the ambushes of one turn."""

    turn: int
    king: bool = False
    parties: tuple[Party, ...]
    skills: tuple[SkillResult, ...]
    chooser: int | None = None  # leads several missions and must keep one
    discretion_high: tuple[int, ...] = ()  # the winners of Discretion: highest total (>= 1)
    captured: tuple[int, ...] = ()  # set at the capture (phase 7), in cell-giving order
    little_booty: tuple[int, ...] = ()  # set at phase 6


RewardKind = Literal["champion", "camp", "theft", "nothing"]


@plain
class PendingReward:
    """The reward being resolved (public)."""

    seat: int
    skill: int
    mission: str
    reward: RewardKind | None = None
    picks_left: int = 0
    taken: tuple[str, ...] = ()  # towns taken so far with this reward


@plain
class RansomOffer:
    seat: int
    cell: int


Phase = Literal[
    "prepare", "choose_mission", "choose_reward", "choose_town", "order_prisoners", "ransom", "over"
]


@plain
class State:
    players: tuple[Player, ...]
    options: SherwoodOptions = SherwoodOptions()
    rng: int
    turn: int = 1
    stack: int = 1  # the stack in play: 1, 2 or 3
    stacks: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]  # top card first
    missions: tuple[str | None, str | None, str | None] = (None, None, None)
    king: bool = False  # King Richard has been drawn: the last turn
    removed: tuple[str, ...] = ()  # mission cards out of the game
    loot_deck: tuple[int, ...]
    loot_discard: tuple[int, ...] = ()
    hands: tuple[tuple[int, ...], ...]
    bands: tuple[tuple[str, ...], ...]  # every character a player owns
    prison: tuple[tuple[str, ...], ...]  # per seat, top (next to be freed) first
    cells: tuple[int | None, ...]  # owner of each cell; cell 0 is next to the stairs
    sheriff: int = -1  # -1: on the stairs
    towns: tuple[int | None, ...]  # owner of each town (data order)
    popularity: tuple[int, ...]
    score_log: tuple[ScoreEvent, ...] = ()
    phase: Phase = "prepare"
    pending: tuple[PendingParty | None, ...]  # sent parties, secret until the reveal
    forming: tuple[PendingParty, ...] = ()  # per seat, the party being formed (secret)
    reveal: Reveal | None = None  # the last springing (kept until the next one)
    reward_skill: int = 0  # the next skill whose reward is resolved
    reward: PendingReward | None = None
    order_queue: tuple[int, ...] = ()  # captured players still arranging newcomers
    lined_up: tuple[str, ...] = ()  # the newcomers lined up so far (public)
    ransom: RansomOffer | None = None
    favours: tuple[int | None, int | None, int | None] = (None, None, None)
    end_text: str = ""
    # every party revealed so far (public; a summary of the reveals, left out of the traces)
    record: tuple[PastParty, ...] = field(default=(), metadata={"trace": False})


def seat_names(players: tuple[Player, ...]) -> tuple[str, ...]:
    """The players' names by seat (the log names players at every step)."""
    return tuple([p.name for p in players])


NO_PARTY = PendingParty()  # nobody chosen yet


class StepDraftBase(Draft[State]):
    """The state being changed by one step (the core's copy-on-write draft: fields as
    plain attributes, `done()` the one new State), with the players' names by seat at
    hand (`names`, not a field)."""

    __slots__ = ()

    if TYPE_CHECKING:
        names: tuple[str, ...]


if TYPE_CHECKING:
    StepDraft = StepDraftBase
else:  # StepDraft(state): one a step, its fields copied slot by slot (core.draft.draft_class)
    StepDraft = draft_class(State, extra={"names": "seat_names(o.players)"}, scope={"seat_names": seat_names},
                            base=StepDraftBase)



# ----- actions -------------------------------------------------------------------------


@plain
class AddMember(Move):
    """Put one more character before the Forest card: the party goes in the order its
    members were added. A paid companion needs a Gold card of the hand for each."""

    part = True
    type: Literal["add_member"] = "add_member"
    seat: int
    member: str


@plain
class GiveLoot(Move):
    """Give a loot card of the hand to the party: a personal card to one member (`to`),
    at most one each; or one group card to the whole party (`to` None). A party carries
    personal loot or one group card, never both."""

    part = True
    type: Literal["give_loot"] = "give_loot"
    seat: int
    card: int
    to: str | None = None


@plain
class SendParty(Move):
    """Send the party formed so far (nobody: the Forest card on top). Ends the ambush."""

    type: Literal["send_party"] = "send_party"
    seat: int


@plain
class ChooseMission(Move):
    """Keep the mission at this skill (0 Strength, 1 Dexterity, 2 Cunning)."""

    type: Literal["choose_mission"] = "choose_mission"
    seat: int
    skill: int


@plain
class ChooseReward(Move):
    """Take one reward of the mission; "nothing" only when no reward can be taken."""

    type: Literal["choose_reward"] = "choose_reward"
    seat: int
    reward: Literal["champion", "camp", "theft", "nothing"]


@plain
class ChooseTown(Move):
    """Place a pawn on this town (id), or None to decline a further town."""

    type: Literal["choose_town"] = "choose_town"
    seat: int
    town: str | None


@plain
class LineUp(Move):
    """Put this newcomer next in the cell, after those lined up before (freed sooner
    than the rest)."""

    part = True
    type: Literal["line_up"] = "line_up"
    seat: int
    member: str


@plain
class CloseCell(Move):
    """The newcomers are arranged: those not lined up follow in the order they came."""

    type: Literal["close_cell"] = "close_cell"
    seat: int


@plain
class Ransom(Move):
    """Free more prisoners of the Sheriff's cell: 0, 1 (1 Gold) or 2 (3 Gold)."""

    type: Literal["ransom"] = "ransom"
    seat: int
    free: int


Action = Annotated[
    AddMember | GiveLoot | SendParty | ChooseMission | ChooseReward | ChooseTown | LineUp | CloseCell | Ransom,
    Field(discriminator="type"),
]

RANSOM_COST = {0: 0, 1: 1, 2: 3}


# ----- changes every phase makes ------------------------------------------------------


def draw_loot(draft: StepDraft, seat: int, count: int) -> int:
    """Draw loot into a hand; an empty deck is rebuilt from the shuffled discards.
    Returns how many cards were drawn."""
    deck, discard, rng = draft.loot_deck, draft.loot_discard, draft.rng
    got: list[int] = []
    for _ in range(count):
        if not deck:
            if not discard:
                break
            deck, rng = shuffled(rng, discard)
            discard = ()
        got.append(deck[0])
        deck = deck[1:]
    draft.loot_deck, draft.loot_discard, draft.rng = deck, discard, rng
    draft.hands = replaced(draft.hands, seat, draft.hands[seat] + tuple(got))
    return len(got)


def score(draft: StepDraft, seat: int, points: int, *, kind: str, text: str, town: str | None = None) -> None:
    """A change of a popularity track, logged."""
    event = ScoreEvent(seat=seat, points=points, kind=kind, text=text, town=town, turn=draft.turn)
    draft.popularity = replaced(draft.popularity, seat, draft.popularity[seat] + points)
    draft.score_log = draft.score_log + (event,)
