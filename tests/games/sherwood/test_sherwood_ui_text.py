"""The reveal's words for capture and Little Booty come from the rules' own answer
(`capture_seats`, `little_booty_seats`), so the screen and the rules never disagree."""

from __future__ import annotations

from rich.console import Console

from sherwood_tui.games.sherwood import GAME
from sherwood_tui.games.sherwood.rules.rules import ChooseReward
from sherwood_tui.games.sherwood.ui.text import outcome_lines

from .conftest import ambush, make, play, spring


def words(state) -> str:
    console = Console(width=200, color_system=None)
    with console.capture() as cap:
        console.print(outcome_lines(GAME.public_view(state), state.reveal))
    return " ".join(cap.get().split())


def test_capture_screen_the_most_seen_party_without_a_mission_stays_free():
    state = make(missions=("tax-collector", None, None))
    state, _ = spring(state, ("john",), ("robin",))
    text = words(state)
    assert "Bob is the most seen (Discretion 3) but won no mission: nobody goes to prison." in text
    assert "nobody gets a Little Booty" in text


def test_capture_screen_tied_winners_in_mission_order_all_go():
    state = make(n=3, missions=("tax-collector", None, "poachers"), companions={0: ("alan",)})
    state, _ = spring(state, ("alan",), ("john",), ())  # Bob wins Strength, Alice Cunning
    text = words(state)
    assert ("Alice and Bob tie as the most seen (Discretion 2) and won a mission: their parties will "
            "go to prison.") in text


def test_capture_screen_tied_discretion_only_the_successful_goes():
    state = make(missions=("tax-collector", None, None), companions={1: ("alan",)})
    state, _ = spring(state, ("john",), ("alan",))
    text = words(state)
    assert ("Alice and Bob tie as the most seen (Discretion 2). Alice won a mission: the party will go "
            "to prison; Bob won none and stays free.") in text
    state, _ = play(state, ChooseReward(seat=0, reward="theft"))
    assert "Alice won a mission: the party goes to prison" in words(state)


def test_capture_screen_king_richard_the_most_seen_goes_favour_or_not():
    state = make(stack=3, stacks=((), (), ()), king=True, removed=("king-richard",),
                 hands={0: ("Pilgrim's Disguise",)})
    state, _ = spring(state, ambush(0, "john", "scarlet", "marian", personal={"john": "Pilgrim's Disguise"}),
                      ("robin",))
    assert "Bob is the most seen (Discretion 3): the party goes to prison, favour or not." in words(state)


def test_booty_screen_names_every_lucky_player():
    state = make(n=3, missions=("tax-collector", None, None))
    state, _ = spring(state, ("robin",), ("wat",), ("scarlet",))
    text = words(state)
    assert "1 Loot card each for Bob and Cleo: sent someone, won no mission and were not the most seen." in text
