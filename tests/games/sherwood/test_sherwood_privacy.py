"""What each seat may know: own hand and own unrevealed party, nothing else."""

from __future__ import annotations

from sherwood_tui.games.sherwood import GAME
from sherwood_tui.games.sherwood.rules.rules import ChooseMission, ChooseReward
from tests.contract_checks import check_views_hide_secrets

from .conftest import ambush, make, play, spring, texts


def committed_table():
    state = make(n=3, missions=("tax-collector", "abbot", "poachers"),
                 hands={0: ("Broadsword", "Gold"), 1: ("Yew Longbow", "Morning Mist", "Gold"), 2: ()})
    state, events = play(state, ambush(1, "robin", "john", group="Morning Mist"))
    return state, events


def test_view_holds_own_hand_and_own_party_only():
    state, events = committed_table()
    mine = GAME.view(state, 1)
    assert mine.hand == state.hands[1] and mine.party.members == ("robin", "john")
    theirs = GAME.view(state, 0)
    assert theirs.hand == state.hands[0] and theirs.party is None
    assert theirs.table.seats[1].hand_count == 3 and theirs.table.seats[1].committed
    assert "Morning Mist" not in texts(events) and "Robin" not in texts(events)


def test_committing_does_not_change_the_public_hand_size():
    state, _ = committed_table()
    assert GAME.public_view(state).seats[1].hand_count == 3


def test_scrambled_secrets_leave_each_view_unchanged():
    state, _ = committed_table()
    check_views_hide_secrets(GAME, state, seed=5)
    changed = False
    for seed in range(10):
        other = GAME.scramble_secrets(state, 0, seed)
        assert other.hands[0] == state.hands[0]
        changed |= other.hands[1] != state.hands[1] or other.pending[1] != state.pending[1]
    assert changed, "the scramble replaces other seats' secrets"


def test_reveal_is_public_once_everyone_has_committed():
    state, _ = committed_table()
    state, events = play(state, ambush(0, "wat", personal={"wat": "Broadsword"}), ambush(2))
    public = GAME.public_view(state)
    assert public.reveal.parties[1].members == ("robin", "john")
    assert public.reveal.parties[0].personal and public.reveal.parties[1].totals == (5, 4, 3, 3)
    assert "Morning Mist for the party" in texts(events)
    assert all(p is None for p in state.pending)


def test_secret_texts_are_the_unique_loot_names_in_hand():
    state, _ = committed_table()
    assert GAME.secret_texts(state, 1) == {"Yew Longbow", "Morning Mist"}
    assert GAME.secret_texts(state, 2) == set()


def test_theft_event_does_not_name_the_cards_drawn():
    state = make(missions=("tax-collector", None, None))
    state, _ = spring(state, ("john",), ())
    state, events = play(state, ChooseReward(seat=0, reward="theft"))
    for name in GAME.secret_texts(state, 0):
        assert name not in texts(events)


def test_which_decisions_are_private():
    state = make(missions=("tax-collector", "abbot", None), towns={"southwell": 1})
    assert GAME.is_private(state, 0)  # ambush
    state, _ = spring(state, ("robin", "john"), ("wat",))
    assert state.phase == "choose_mission" and GAME.is_private(state, 0)
    state, _ = play(state, ChooseMission(seat=0, skill=0))
    assert state.phase == "choose_reward" and GAME.is_private(state, 0)
    champion, _ = play(state, ChooseReward(seat=0, reward="champion"))
    assert GAME.is_private(champion, 0), "Southwell is Bob's: Gold may be paid"
    camp, _ = play(state, ChooseReward(seat=0, reward="camp"))
    assert not GAME.is_private(camp, 0)
