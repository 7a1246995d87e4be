"""The legal moves are exact: every listed move applies, every other well-formed move is
refused (a brute force over each move's fields); an ambush is formed in small moves,
each secret to its seat, and random play ends."""

from __future__ import annotations

import random

from sherwood_tui.games.sherwood import GAME
from sherwood_tui.games.sherwood.rules.rules import AddMember, GiveLoot, PendingParty, SendParty
from tests.contract_checks import check_moves_both_ways, check_views_hide_secrets, random_game

from .conftest import ambush, loot_id, make, party, play


def test_every_listed_move_applies_and_every_other_is_refused():
    rnd = random.Random(23)
    tried = 0
    states: list = []
    for seed in range(20):
        states.clear()
        random_game(GAME, 2 + seed % 3, seed, on_step=lambda before, move, after: states.append(after))
        for state in states[::5]:
            tried += check_moves_both_ways(GAME, state, rnd, per_class=20)
    assert tried > 10_000


def test_an_ambush_is_formed_member_by_member_then_loot_then_sent():
    state = make(hands={0: ("Broadsword", "Horn of Rallying", "Gold")}, companions={0: ("samir",)})
    legal = GAME.legal_actions(state, 0)
    assert SendParty(seat=0) in legal  # the Forest card on top: nobody goes
    assert not any(isinstance(m, GiveLoot) for m in legal)  # nobody to carry loot yet
    assert {m.member for m in legal if isinstance(m, AddMember)} == set(state.bands[0])
    state, events = play(state, AddMember(seat=0, member="samir"), AddMember(seat=0, member="john"))
    assert events == []  # forming a party tells the table nothing
    legal = GAME.legal_actions(state, 0)
    assert GiveLoot(seat=0, card=loot_id("Broadsword"), to="john") in legal
    assert GiveLoot(seat=0, card=loot_id("Horn of Rallying")) in legal
    assert AddMember(seat=0, member="john") not in legal
    state, _ = play(state, GiveLoot(seat=0, card=loot_id("Broadsword"), to="john"))
    assert GiveLoot(seat=0, card=loot_id("Horn of Rallying")) not in GAME.legal_actions(state, 0)
    assert GAME.view(state, 0).forming == party("samir", "john", personal={"john": "Broadsword"})
    state, events = play(state, SendParty(seat=0))
    assert state.pending[0] == party("samir", "john", personal={"john": "Broadsword"})
    assert [e.text for e in events] == ["Alice has prepared an ambush."]
    assert GAME.view(state, 0).forming is None and GAME.legal_actions(state, 0) == []


def test_the_party_being_formed_is_its_seat_s_secret():
    state = make(n=3, hands={1: ("Broadsword",)})
    state, _ = play(state, ambush(1, "john", personal={"john": "Broadsword"})[:-1])  # not sent yet
    assert GAME.view(state, 1).forming == party("john", personal={"john": "Broadsword"})
    for seat in (0, 2):
        assert GAME.view(state, seat).forming == PendingParty()  # its own: nothing yet
    assert GAME.public_view(state) == GAME.public_view(make(n=3, hands={1: ("Broadsword",)}))
    check_views_hide_secrets(GAME, state, 5)
    assert GAME.scramble_secrets(state, 0, 5).forming[1] != state.forming[1]


def test_seats_form_their_parties_at_once():
    state = make(n=2)
    state, _ = play(state, AddMember(seat=0, member="john"), AddMember(seat=1, member="wat"),
                    AddMember(seat=0, member="wat"), SendParty(seat=1))
    assert state.pending == (None, party("wat")) and state.forming[0] == party("john", "wat")
    state, _ = play(state, SendParty(seat=0))
    assert [p.members for p in state.reveal.parties] == [("john", "wat"), ("wat",)]


def test_random_play_ends_and_a_party_never_outgrows_the_band():
    for seed in range(30):
        final, moves = random_game(GAME, 2 + seed % 3, seed, max_actions=3000)
        assert GAME.is_over(final)
        added = sum(isinstance(m, AddMember) for m in moves)
        assert added <= 16 * len(final.players) * final.turn
