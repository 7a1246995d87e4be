"""The games' data schemas' common ground (pydantic): the base model and field types
every game's `schema.py` builds on, and the check of parsed data against a game's
schema, each problem in one plain line (`peasants[3].value: must be a whole number`).

Imported only when a data file is checked or a schema asked for (game start,
`--assets`, `assets --schema`), never for the picker: `core/assets.py` reads and chooses
the files without it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic_core import ErrorDetails

from sherwood_tui.core.assets import AssetError, field_path

if TYPE_CHECKING:
    from sherwood_tui.core.plugin import GamePlugin


class DataModel(BaseModel):
    """The base of a data file's schema: no unknown field, no conversion (a whole number
    is written as one, text as text). A check across fields raises ValueError with
    "where: problem" (`where` as `peasants[3].value`)."""

    model_config = ConfigDict(extra="forbid", strict=True)


Name = Annotated[str, Field(min_length=1, max_length=200, pattern=r"\S")]  # a name shown on screen
CardText = Annotated[str, Field(max_length=2000)]  # a card's text (may be empty)
Count = Annotated[int, Field(ge=0)]  # a count or a cost: 0 or more
Positive = Annotated[int, Field(ge=1)]  # 1 or more


def asset_problems(plugin: GamePlugin, data: Any) -> list[str]:
    """Every problem of this parsed data for the game of `plugin`, one line each
    (`peasants[3].value: must be a whole number`); [] if the game can play on it."""
    model = plugin.schema()
    if model is None:
        return [f"{plugin.title} has no data file to replace"]
    try:
        model.model_validate(data)
    except ValidationError as err:
        return [problem_line(e) for e in err.errors(include_url=False)]
    return []


_PLAIN = {
    "missing": "is missing",
    "extra_forbidden": "is not a field of this file",
    "int_type": "must be a whole number",
    "int_parsing": "must be a whole number",
    "int_from_float": "must be a whole number",
    "string_type": "must be text",
    "bool_type": "must be true or false",
    "list_type": "must be a list [...]",
    "dict_type": "must be an object {...}",
    "model_type": "must be an object {...}",
    "model_attributes_type": "must be an object {...}",
    "none_required": "must be null",
    "string_too_short": "must not be empty",
    "string_pattern_mismatch": "must not be blank",
}


def problem_line(error: ErrorDetails) -> str:
    """One pydantic error as `where: problem` in plain words."""
    kind, ctx = error["type"], error.get("ctx") or {}
    if kind in _PLAIN:
        problem = _PLAIN[kind]
    elif kind == "too_short":
        least = ctx.get("min_length", 1)
        problem = "must not be empty" if least == 1 else f"must hold at least {least} entries"
    elif kind in ("too_long", "string_too_long"):
        problem = f"must be at most {ctx.get('max_length')} {'entries' if kind == 'too_long' else 'characters'} long"
    elif kind == "greater_than_equal":
        problem = f"must be {ctx.get('ge')} or more"
    elif kind == "less_than_equal":
        problem = f"must be {ctx.get('le')} or less"
    elif kind == "literal_error":
        problem = f"must be {str(ctx.get('expected', '')).replace('None', 'null')}"
    elif kind == "value_error":
        problem = str(ctx.get("error", error["msg"]))
    else:
        message = str(error["msg"])
        problem = message.replace("Input should be", "must be")
    where = field_path(tuple(error["loc"]))
    if not where:
        return problem if kind == "value_error" else f"the file {problem}"
    return f"{where}: {problem}"


def json_schema(plugin: GamePlugin) -> dict[str, Any]:
    """The JSON schema of the game's data file (`assets GAME --schema`)."""
    model = plugin.schema()
    if model is None:
        raise AssetError(f"{plugin.title} has no data file")
    schema: dict[str, Any] = model.model_json_schema()
    return schema
