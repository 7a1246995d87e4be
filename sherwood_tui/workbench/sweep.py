"""Sweeps: one field of a game's data file set to each of several values
(`simulate GAME --sweep FIELD=V1,V2,...`; several sweeps make a grid). FIELD is a path
into the data file as `assets GAME --schema` names its fields: `starting_gold`,
`sheriff_turns.4`, `peasants[3].value`. Each variant is the data with that value, checked
as an edited file is, and named `FIELD=VALUE` (a grid's: `F1=V1, F2=V2`).
"""

from __future__ import annotations

import copy
import itertools
import json
import re
from dataclasses import dataclass
from typing import Any

from sherwood_tui.core.assets import check_asset_data
from sherwood_tui.core.plugin import GamePlugin

STEP = re.compile(r"([^.\[\]]+)|\[(\d+)\]")
MAX_VARIANTS = 64  # a grid larger than this is a typing slip, not a sweep


@dataclass(frozen=True)
class Sweep:
    """A field and the values it takes, as typed."""

    field: str
    values: tuple[str, ...]


@dataclass(frozen=True)
class Variant:
    """One point of a sweep's grid: its name and the checked text of its data file."""

    name: str
    text: str
    settings: tuple[tuple[str, Any], ...]  # (field, value) of each swept field


def parse_sweep(text: str) -> Sweep:
    """`FIELD=V1,V2,...` (ValueError with one line)."""
    field, equals, values = text.partition("=")
    if not equals or not field.strip():
        raise ValueError(f"--sweep takes FIELD=V1,V2,... (e.g. starting_gold=30,50,70), not {text!r}")
    found = tuple(v.strip() for v in values.split(","))
    if len(found) < 2 or any(not v for v in found):
        raise ValueError(f"--sweep {field}: give two values or more, separated by commas, not {values!r}")
    if len(set(found)) != len(found):
        raise ValueError(f"--sweep {field}: a value is given twice ({values})")
    steps(field.strip())  # the path is well formed
    return Sweep(field.strip(), found)


def steps(field: str) -> list[str | int]:
    """The keys and indexes of a field path: `cards[3].value` -> ["cards", 3, "value"]."""
    parts: list[str | int] = []
    at = 0
    for found in STEP.finditer(field):
        if found.start() != at and field[at:found.start()] != ".":
            raise ValueError(f"--sweep: {field!r} is not a field path (e.g. starting_gold or peasants[3].value)")
        key, index = found.groups()
        parts.append(int(index) if index is not None else key)
        at = found.end()
    if not parts or at != len(field):
        raise ValueError(f"--sweep: {field!r} is not a field path (e.g. starting_gold or peasants[3].value)")
    return parts


def value_of(text: str) -> Any:
    """A typed value as JSON reads it (30, 2.5, true, null), else the text itself."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def with_value(data: Any, field: str, value: Any) -> Any:
    """A copy of `data` with `field` set to `value` (ValueError if there is no such
    field: a sweep changes a field, it never adds one)."""
    out = copy.deepcopy(data)
    where = out
    path = steps(field)
    for depth, step in enumerate(path):
        last = depth == len(path) - 1
        if isinstance(step, int):
            if not isinstance(where, list) or not 0 <= step < len(where):
                raise ValueError(f"--sweep: the data file has no {field} (no item [{step}] there)")
        elif not isinstance(where, dict) or step not in where:
            raise ValueError(f"--sweep: the data file has no field {field} (see `sherwood-tui assets GAME --schema`)")
        if last:
            where[step] = value
        else:
            where = where[step]
    return out


def variants(plugin: GamePlugin, base: Any, sweeps: list[Sweep]) -> list[Variant]:
    """Every point of the grid of `sweeps` over the data `base`, first value first, each
    checked as an edited data file is (AssetError or ValueError with one line)."""
    fields = [s.field for s in sweeps]
    if len(set(fields)) != len(fields):
        raise ValueError("--sweep: each field may be swept once")
    grid = list(itertools.product(*(s.values for s in sweeps)))
    if len(grid) > MAX_VARIANTS:
        raise ValueError(f"--sweep: {len(grid)} variants; at most {MAX_VARIANTS}")
    made = []
    for point in grid:
        data = base
        for field, typed in zip(fields, point):
            data = with_value(data, field, value_of(typed))
        name = ", ".join(f"{field}={typed}" for field, typed in zip(fields, point))
        check_asset_data(plugin, data, f"--sweep {name}")
        made.append(Variant(name, json.dumps(data, indent=1, ensure_ascii=False) + "\n",
                            tuple((field, value_of(typed)) for field, typed in zip(fields, point))))
    return made

