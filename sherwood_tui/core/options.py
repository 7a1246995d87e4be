"""A game's options (its yes/no variants), declared once as one frozen dataclass:

    @dataclass(frozen=True, slots=True)
    class SheriffOptions(GameOptions):
        royal_goods: bool = option("Royal Goods", help="Add the 12 Royal Goods: ...")

The plug-in names the class (`Parts.of_game(..., options="SheriffOptions")`, imported
when first asked); what setup offers (`OptionSpec`: key, label, help, default) is read
from its fields. The rules
build the object once, at set-up (`Game.check_options`), and keep it on the state; the
public view carries it (options are public), so bots and screens read
`table.options.royal_goods` (a seat's view holds the public one as its `table`).

Outside the rules an option set travels in its dict form, `{"royal_goods": True}`:
saves, the table's wire, the command line (`--option royal_goods=yes`) and records.
`from_dict` and `as_dict` go between the two.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields, is_dataclass
from typing import Any, TypeVar

from sherwood_tui.core.errors import RuleError

OptionsT = TypeVar("OptionsT", bound="GameOptions")

_SPEC = "option"  # the metadata key of a field declared with `option`


@dataclass(frozen=True)
class OptionSpec:
    """A yes/no variant of a game, as setup offers it (read from its options class)."""

    key: str
    label: str
    help: str = ""
    default: bool = False


def option(label: str, *, help: str = "", default: bool = False) -> Any:
    """One option of a game's options class: its label and help, as setup shows them,
    and its default (off unless said)."""
    return field(default=default, metadata={_SPEC: (label, help)})


class GameOptions:
    """Base of each game's options class (a frozen slotted dataclass whose every field
    is declared with `option`)."""

    __slots__ = ()

    @classmethod
    def specs(cls) -> tuple[OptionSpec, ...]:
        """What setup offers: one spec a field, in the order declared."""
        if not is_dataclass(cls):
            raise TypeError(f"{cls.__name__} is not a dataclass: declare it with @dataclass(frozen=True, slots=True)")
        out = []
        for f in fields(cls):
            if _SPEC not in f.metadata or f.default is MISSING:
                raise TypeError(f"{cls.__name__}.{f.name} is not declared with option(...)")
            label, help = f.metadata[_SPEC]
            out.append(OptionSpec(key=f.name, label=label, help=help, default=bool(f.default)))
        return tuple(out)

    @classmethod
    def from_dict(cls: type[OptionsT], values: Mapping[str, bool], *, game: str = "This game") -> OptionsT:
        """The options of this dict form (defaults for the ones it leaves out); a
        RuleError names the first option `game` does not have."""
        unknown = sorted(set(values) - {spec.key for spec in cls.specs()})
        if unknown:
            raise RuleError(f"{game} has no option {unknown[0]!r}.")
        return cls(**{key: bool(value) for key, value in values.items()})

    def as_dict(self) -> dict[str, bool]:
        """The dict form of these options, every option named (saves, wire, records)."""
        return {f.name: bool(getattr(self, f.name)) for f in fields(self)}  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class NoOptions(GameOptions):
    """The options of a game that has none."""
