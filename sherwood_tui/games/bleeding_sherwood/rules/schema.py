"""The schema of Bleeding Sherwood's data file (assets/bleeding-sherwood.json): what
`data.py` reads, and what the rules need of it. A player's own copy is checked with it
before anything runs (`sherwood-tui play --assets FILE`); `sherwood-tui assets
bleeding-sherwood --schema` prints it as a JSON schema."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from sherwood_tui.core.schema import CardText, Count, DataModel, Name, Positive
from sherwood_tui.games.bleeding_sherwood.plugin import PLUGIN

Special = Literal["extra_target", "all_draw", "reverse_order", "gather_bonus", "no_zero_capture", None]
FIRST_TABLE = 3  # two players take one target a round: the least values start at three


class Goode(DataModel):
    """A Goode card: bid with it, and take other players' bids."""

    name: Name
    value: Count


class Peasant(DataModel):
    """A Peasant card: a target, worth `value` points (negative: a penalty)."""

    name: Name
    value: int
    bonus: Count = Field(description="Goodes dealt face up onto the Peasant")
    special: Special = Field(description="what the Peasant does when dealt (null: nothing)")
    text: CardText


class BleedingSherwoodData(DataModel):
    """Bleeding Sherwood's decks and numbers."""

    notes: str
    hand_size: Positive = Field(description="Goodes dealt to each player")
    winning_score: Positive
    min_target_value: dict[str, Positive] = Field(
        description='the least total value of a round\'s targets, by table size ("3" to "6"); '
        "a larger table takes the largest size's value"
    )
    goodes: list[Goode] = Field(min_length=1)
    peasants: list[Peasant] = Field(min_length=1)
    two_player_targets: Positive

    @model_validator(mode="after")
    def _playable(self) -> BleedingSherwoodData:
        sizes = list(self.min_target_value)
        wanted = [str(n) for n in range(FIRST_TABLE, FIRST_TABLE + len(sizes))]
        if sorted(sizes, key=lambda k: (len(k), k)) != wanted or len(sizes) > PLUGIN.max_players - FIRST_TABLE + 1:
            listed = ", ".join(f'"{k}"' for k in sizes) or "none"
            raise ValueError(
                f'min_target_value: must list the table sizes from "{FIRST_TABLE}" with none missing '
                f'(at most "{PLUGIN.max_players}"), not {listed}'
            )
        dealt = self.hand_size * PLUGIN.max_players
        if len(self.goodes) < dealt:
            raise ValueError(
                f"goodes: {PLUGIN.max_players} players are dealt {dealt} cards (hand_size {self.hand_size}), "
                f"but the deck holds {len(self.goodes)}"
            )
        return self
