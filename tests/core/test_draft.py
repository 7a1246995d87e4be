"""The code the core writes out for speed (core/draft.py), checked on its own: a draft
copies a state in and out and leaves it untouched; `evolve`, `copier` and `updater` give
what `dataclasses.replace` gives; `@plain` builds, defaults, compares and freezes as a
dataclass does; an unknown field or a class that is not slotted is refused; and a
traceback from inside the written-out code shows its line."""

from __future__ import annotations

import dataclasses
import linecache
import traceback
from dataclasses import dataclass, field

import pytest

from sherwood_tui.core.draft import (
    MAX_REPLACED,
    REPLACE_AT,
    Draft,
    copier,
    draft_class,
    evolve,
    plain,
    replaced,
    updater,
)


@dataclass(frozen=True, slots=True)
class Camp:
    name: str
    hands: tuple[int, ...]
    turn: int = 0
    notes: tuple[str, ...] = field(default=())


@dataclass(frozen=True)
class Loose:  # no slots: not for the core's written-out code
    name: str


@plain
class Arrow:
    archer: str
    range: int = 3
    feathers: tuple[str, ...] = field(default_factory=lambda: ("grey",))


CAMP = Camp(name="Sherwood", hands=(1, 2), turn=1, notes=("dawn",))


class CampDraftBase(Draft[Camp]):
    __slots__ = ()

    def say(self, text: str) -> None:
        self.events.append(text)


def frames_of(error: BaseException) -> str:
    return "".join(traceback.format_exception(error))


# ----- drafts ------------------------------------------------------------------------------
def test_a_draft_copies_the_fields_in_and_a_new_state_out_and_leaves_the_state_untouched():
    draft = Draft(CAMP)
    assert (draft.name, draft.hands, draft.turn, draft.notes) == (CAMP.name, CAMP.hands, CAMP.turn, CAMP.notes)
    draft.turn = 2
    draft.hands = (*draft.hands, 3)
    new = draft.done()
    assert new == Camp(name="Sherwood", hands=(1, 2, 3), turn=2, notes=("dawn",))
    assert type(new) is Camp and new is not CAMP
    assert CAMP == Camp(name="Sherwood", hands=(1, 2), turn=1, notes=("dawn",))
    with pytest.raises(dataclasses.FrozenInstanceError):
        new.turn = 5


def test_a_draft_is_written_out_once_a_class_and_has_no_room_for_a_mistyped_field():
    assert type(Draft(CAMP)) is type(Draft(CAMP))
    with pytest.raises(AttributeError):
        Draft(CAMP).trun = 2


def test_a_games_draft_class_adds_its_own_slots_and_methods():
    made = draft_class(Camp, extra={"events": "[]", "seats": "len(o.hands) * unit"}, scope={"unit": 10},
                       base=CampDraftBase)
    draft = made(CAMP)
    assert isinstance(draft, CampDraftBase) and draft.events == [] and draft.seats == 20
    draft.say("The camp wakes.")
    draft.turn = 3
    assert draft.done() == dataclasses.replace(CAMP, turn=3) and draft.events == ["The camp wakes."]
    assert made(CAMP).events == []  # a fresh list each draft


# ----- copies --------------------------------------------------------------------------------
@pytest.mark.parametrize("changes", [{}, {"turn": 4}, {"hands": (), "notes": ("dusk",)},
                                     {"name": "Nottingham", "hands": (9,), "turn": 0, "notes": ()}])
def test_evolve_copier_and_updater_give_what_dataclasses_replace_gives(changes):
    want = dataclasses.replace(CAMP, **changes)
    assert evolve(CAMP, **changes) == want
    assert copier(Camp, *changes)(CAMP, changes) == want
    if changes:
        assert updater(Camp, *changes)(CAMP, **changes) == want
    assert CAMP == Camp(name="Sherwood", hands=(1, 2), turn=1, notes=("dawn",))


def test_evolve_copies_a_plain_class_and_keeps_its_class():
    arrow = Arrow(archer="Robin")
    longer = evolve(arrow, range=7)
    assert type(longer) is Arrow and longer == Arrow(archer="Robin", range=7, feathers=("grey",))
    assert arrow.range == 3


def test_an_unknown_field_is_refused_by_name():
    with pytest.raises(TypeError, match="Camp has no field gold"):
        evolve(CAMP, gold=3)
    with pytest.raises(TypeError, match="Camp has no field gold"):
        copier(Camp, "turn", "gold")
    with pytest.raises(TypeError, match="Camp has no field gold"):
        updater(Camp, "gold")
    with pytest.raises(TypeError, match="no field to change"):
        updater(Camp)
    with pytest.raises(TypeError):
        updater(Camp, "turn", "hands")(CAMP, turn=2)  # every field named must be given


def test_a_class_that_is_not_a_slotted_dataclass_is_refused():
    with pytest.raises(TypeError, match="Loose is not a slotted dataclass"):
        Draft(Loose(name="x"))
    with pytest.raises(TypeError, match="Loose is not a slotted dataclass"):
        evolve(Loose(name="x"), name="y")
    with pytest.raises(TypeError, match="Loose is not a slotted dataclass"):
        updater(Loose, "name")


def test_replacing_an_entry_of_a_tuple_leaves_the_tuple_untouched():
    for size in range(1, MAX_REPLACED + 1):
        items = tuple(range(size))
        for index in range(size):
            want = tuple(-1 if k == index else k for k in range(size))
            assert replaced(items, index, -1) == want
            assert REPLACE_AT[size][index](items, -1) == want
        assert items == tuple(range(size))


# ----- @plain ------------------------------------------------------------------------------
def test_a_plain_class_takes_keywords_fills_defaults_and_compares_by_value():
    arrow = Arrow(archer="Robin")
    assert (arrow.archer, arrow.range, arrow.feathers) == ("Robin", 3, ("grey",))
    assert Arrow(archer="Robin", range=5, feathers=()) == Arrow(archer="Robin", range=5, feathers=())
    assert hash(arrow) == hash(Arrow(archer="Robin")) and arrow != Arrow(archer="Marian")
    assert dataclasses.replace(arrow, range=4) == Arrow(archer="Robin", range=4)
    assert Arrow.__init__.__qualname__ == "Arrow.__init__"
    with pytest.raises(TypeError):
        Arrow("Robin")  # keywords only
    with pytest.raises(TypeError):
        Arrow()  # a field without a default must be given
    with pytest.raises(TypeError):
        Arrow(archer="Robin", arrows=2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        arrow.range = 9


def test_a_plain_class_calls_its_default_factory_for_each_instance():
    calls = []

    @plain
    class Quiver:
        arrows: list[int] = field(default_factory=lambda: calls.append(1) or [])

    first, second = Quiver(), Quiver()
    assert first.arrows == [] and first.arrows is not second.arrows and len(calls) == 2
    assert Quiver(arrows=[1]).arrows == [1] and len(calls) == 2


# ----- the written-out code in a traceback --------------------------------------------------
def test_a_traceback_from_inside_written_out_code_shows_its_line():
    @dataclass(frozen=True, slots=True)
    class Other:
        name: str

    cases = [  # a copy of a Camp asked of an object without its fields
        (lambda: updater(Camp, "turn")(Other(name="x"), turn=1), "c.hands = o.hands", "update_Camp_turn"),
        (lambda: copier(Camp, "turn")(Other(name="x"), {"turn": 1}), "c.hands = o.hands", "copy_Camp_turn"),
        (lambda: type(Draft(CAMP))(Other(name="x")), "self.hands = o.hands", "CampDraft.__init__"),
    ]

    def broken() -> list[str]:
        raise LookupError("no feathers left")

    @plain
    class Fletched:
        feathers: list[str] = field(default_factory=broken)

    cases.append((lambda: Fletched(), "_set_feathers(self, _factory_feathers() if feathers is _unset else feathers)",
                  "Fletched.__init__"))
    for make, line, label in cases:
        with pytest.raises((AttributeError, LookupError)) as caught:
            make()
        shown = frames_of(caught.value)
        assert 'File "<written out: ' in shown and label in shown, shown
        assert f"\n    {line}\n" in shown, shown  # the line itself, as for any file


def test_each_written_out_function_has_a_file_of_its_own_in_linecache():
    update = updater(Camp, "hands", "turn")
    code = update.__code__
    lines = linecache.getlines(code.co_filename)
    assert code.co_filename.startswith("<written out: update_Camp_hands_turn #")
    assert lines[0] == "def update(o, *, hands, turn):\n" and "    c.hands = hands\n" in lines
    other = updater(Camp, "turn").__code__.co_filename
    assert other != code.co_filename and linecache.getlines(other)
    assert updater(Camp, "hands", "turn").__code__.co_filename == code.co_filename  # made anew: the same file
