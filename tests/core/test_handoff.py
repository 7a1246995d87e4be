"""The hand-off policy (core/handoff.py), without Textual: curtains, undo, the key guard."""

from __future__ import annotations

import pytest

from sherwood_tui.core.contract import Player
from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.handoff import BOT, CURTAIN, DECIDE, FINAL, HandOff, KeyGuard, Scene
from sherwood_tui.core.session import Session
from sherwood_tui.games.bleeding_sherwood import GAME
from tests.contract_checks import players


def table(*bots: str | None) -> Session:
    names = ("Robin", "Marian", "Much", "Will")
    return Session(GAME, [Player(name=n, bot=b) for n, b in zip(names, bots)], {}, seed=3)


def first_legal(session: Session, seat: int):
    return GAME.legal_actions(session.state, seat)[0]


def play(session: Session, seat: int) -> None:
    session.submit(first_legal(session, seat))


def test_a_private_decision_of_another_human_waits_behind_a_curtain():
    session = Session(GAME, players(3), {}, seed=3)
    scene = session.handoff.next_scene()
    assert scene.kind == CURTAIN and scene.private
    session.handoff.lift(scene.seat)
    assert session.handoff.next_scene() == Scene(DECIDE, scene.seat, True)
    play(session, scene.seat)
    after = session.handoff.next_scene()
    assert after.kind == CURTAIN and after.seat != scene.seat


def test_a_public_decision_of_another_human_is_a_hand_off_too():
    """The Sheriff's inspection is public, yet the last declarer's keys must not act for the Sheriff."""
    import random

    from sherwood_tui.core.bots import sensible_player
    from sherwood_tui.games.sheriff import GAME as SHERIFF

    session = Session(SHERIFF, players(3), {}, seed=5)
    rnd, bot = random.Random(5), sensible_player("sheriff")
    while session.state.step != "choose":
        seat = session.next_seat()
        session.handoff.lift(seat)
        session.submit(bot(SHERIFF.view(session.state, seat), SHERIFF.legal_actions(session.state, seat), rnd))
    scene = session.handoff.next_scene()
    assert scene.seat == session.state.sheriff != session.handoff.holder
    assert scene == Scene(CURTAIN, scene.seat, False)


def test_the_same_human_after_a_public_screen_needs_the_curtain_for_a_secret():
    session = Session(GAME, players(2), {}, seed=3)
    seat = session.next_seat()
    session.handoff.lift(seat)
    session.handoff.public_shown()  # e.g. a round summary for the whole table
    assert session.handoff.next_scene() == Scene(CURTAIN, seat, True)


def test_bots_never_need_a_hand_off_and_one_human_never_sees_a_curtain():
    session = table(None, "random", "random")
    for _ in range(30):
        scene = session.handoff.next_scene()
        if scene.kind == FINAL:
            break
        assert scene.kind in (BOT, DECIDE)
        assert (scene.kind == BOT) == (session.players[scene.seat].bot is not None)
        play(session, scene.seat)


def test_undo_takes_back_the_humans_decision_and_the_bot_moves_after_it():
    session = table(None, "random", None)
    handoff = session.handoff
    while session.players[session.next_seat()].bot is not None or session.next_seat() != 0:
        seat = session.next_seat()
        if session.players[seat].bot is None:
            handoff.lift(seat)
        play(session, seat)
    handoff.lift(0)
    before = session.state
    play(session, 0)  # Robin bids ...
    play(session, 1)  # ... the bot answers
    assert handoff.undo_offer() == "Robin"
    taken = handoff.undo()
    assert [a.seat for a in taken] == [0, 1]
    assert session.state == before
    assert "Robin took back a decision and the bot moves after it." == session.log[-1].text


def test_undo_never_offers_a_bots_move():
    """Played through the policy as the app does: `u` always names a human, and takes back
    their decision with the bot moves after it, never a bot's move alone."""
    session = table(None, "random", None, "sensible")
    handoff = session.handoff
    for _ in range(120):
        scene = handoff.next_scene()
        if scene.kind == FINAL:
            break
        if scene.kind == CURTAIN:
            handoff.lift(scene.seat)
            continue
        play(session, scene.seat)
        name = handoff.undo_offer()
        assert name in (None, "Robin", "Much")
        if name is not None:
            last_human = max(i for i, a in enumerate(session.actions) if session.players[a.seat].bot is None)
            taken = handoff.undo()
            assert len(taken) == len(session.actions) + len(taken) - last_human
            assert session.players[taken[0].seat].name == name
            assert all(session.players[a.seat].bot for a in taken[1:])
            play(session, taken[0].seat)


def first_decision(count: int) -> tuple[Session, int]:
    """A table of `count` humans where the first player lifted the curtain and decided."""
    session = Session(GAME, players(count), {}, seed=3)
    seat = session.next_seat()
    session.handoff.lift(seat)
    play(session, seat)
    return session, seat


def test_undo_ends_when_the_next_human_lifts_the_curtain_and_says_why():
    session, first = first_decision(3)
    handoff = session.handoff
    assert handoff.undo_offer() == session.player_name(first)  # on the curtain
    handoff.lift(handoff.next_scene().seat)
    assert handoff.undo_offer() is None
    actions = list(session.actions)
    with pytest.raises(RuleError, match="no decision to take back since taking the keyboard"):
        handoff.undo()
    assert session.actions == actions  # nothing changed


def test_a_final_step_cannot_be_taken_back():
    """Sheriff of Nottingham: drawing shows the merchant new cards (`Game.is_final`)."""
    from sherwood_tui.games.sheriff import GAME as SHERIFF
    from sherwood_tui.games.sheriff.rules.rules import Draw

    session = Session(SHERIFF, players(3), {}, seed=3)
    while not (session.actions and isinstance(session.actions[-1], Draw)):
        scene = session.handoff.next_scene()
        if scene.kind == CURTAIN:
            session.handoff.lift(scene.seat)
        legal = SHERIFF.legal_actions(session.state, scene.seat)
        session.submit(legal[-1] if session.state.step == "set_aside" else legal[0])  # sets cards aside
    actions = list(session.actions)
    with pytest.raises(RuleError, match="cannot take back their last decision: it revealed something new"):
        session.handoff.undo()
    assert session.actions == actions


def test_undo_of_a_seat_on_its_own_terminal_and_a_stand_in_bot():
    """At a table (each player at their own keyboard) `undo(seat)` takes back that seat's
    decision while no other human has decided since; a seat a bot plays for now
    (`stand_ins`) is a bot for undo and for when bots move (`Session.bot_turn`)."""
    session = table(None, None, "random")  # Robin, Marian, and Much a bot
    handoff = session.handoff
    with pytest.raises(RuleError, match="^Robin has no decision to take back.$"):
        handoff.undo(0)
    play(session, 0)
    assert session.bot_turn() is None  # Marian must decide: the bot waits
    play(session, 1)
    turn = session.bot_turn()
    assert turn is not None and turn.seat == 2 and turn.current()
    turn.play(turn.decide())
    assert not turn.current()
    with pytest.raises(RuleError, match="^Marian has decided since: Robin's last decision stays.$"):
        handoff.undo(0)
    assert [a.seat for a in handoff.undo(1)] == [1, 2]  # Marian's, with the bot's after it
    assert session.log[-1].text == "Marian took back a decision and the bot moves after it."

    handoff.stand_ins[1] = "sensible"  # Marian is away; a bot plays for her
    turn = session.bot_turn()
    assert turn is not None and turn.seat == 1 and turn.level == "sensible"
    turn.play(turn.decide())
    assert [a.seat for a in handoff.undo(0)] == [0, 1]  # her stand-in's move goes back with Robin's


def test_undo_survives_a_save_and_resume(tmp_path):
    from sherwood_tui.core.saves import load_session, write_save

    session, first = first_decision(3)
    write_save(session, tmp_path / "a.json")
    loaded = load_session(tmp_path / "a.json")
    assert loaded.handoff.next_scene().kind == CURTAIN  # the curtain is up after a resume
    assert loaded.handoff.undo_offer() == session.player_name(first)
    loaded.handoff.undo()
    assert loaded.actions == []


def test_an_older_save_resumes_with_everything_final(tmp_path):
    import json

    from sherwood_tui.core.saves import load_session, write_save

    session, _ = first_decision(3)
    path = tmp_path / "a.json"
    write_save(session, path)
    data = json.loads(path.read_text())
    del data["undo"]
    data["version"] = 1
    path.write_text(json.dumps(data))
    assert not load_session(path).handoff.can_undo()


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_guard_drops_keys_until_the_screen_is_drawn_and_for_a_moment_after():
    clock = Clock()
    guard = KeyGuard(hold=0.8, repeat_gap=0.25, clock=clock)
    number = guard.arm(True)
    clock.now += 0.05
    assert not guard.allow()  # queued while the screen was being built: flushed
    guard.drawn(number)
    for delay in (0.15, 0.25):  # a double tap 150 and 400 ms after the decision
        clock.now += delay
        assert not guard.allow()
    clock.now += 1.0
    assert guard.allow()


def test_a_held_key_never_acts_on_a_screen_it_did_not_start_on():
    clock = Clock()
    guard = KeyGuard(hold=0.8, repeat_gap=0.25, clock=clock)
    guard.drawn(guard.arm(True))
    clock.now += 2
    assert guard.allow()  # the press that lifts the curtain
    guard.drawn(guard.arm(False))  # the decision screen of the same player
    for _ in range(60):  # auto-repeat: 2 s at 30 keys a second
        clock.now += 1 / 30
        assert not guard.allow()
    clock.now += 0.4  # released, then pressed again
    assert guard.allow()
    clock.now += 1 / 30
    assert guard.allow()  # a key held on the screen it started on repeats as usual


def test_a_report_of_a_replaced_screen_is_ignored():
    clock = Clock()
    guard = KeyGuard(hold=0.8, clock=clock)
    old = guard.arm(True)
    guard.arm(True)
    guard.drawn(old)
    clock.now += 5
    assert not guard.allow() and guard.waiting()


def test_guard_of_steps():
    session = Session(GAME, players(2), {}, seed=3)
    handoff = HandOff(session)
    assert handoff.guard_first_key(Scene(CURTAIN, 0, True))
    assert not handoff.guard_first_key(Scene(BOT, 1))
    handoff.shown(Scene(DECIDE, 0, True))
    assert not handoff.guard_first_key(Scene(DECIDE, 0, True))  # a turn of several steps
    assert handoff.guard_first_key(Scene(DECIDE, 1, True))


def test_a_key_is_judged_by_when_it_arrived_not_when_it_is_handled():
    """A key typed while the app was busy building the screen is flushed, even if it is
    handled after the screen is drawn; a held key stays held through a stall."""
    clock = Clock()
    guard = KeyGuard(hold=0.8, repeat_gap=0.25, clock=clock)
    number = guard.arm(False)
    clock.now += 0.1
    guard.drawn(number)
    clock.now += 0.05
    assert not guard.allow(waited=0.1)  # arrived 50 ms before the screen was drawn
    clock.now += 0.4
    assert not guard.allow(waited=0.38)  # the stream went on: 33 ms apart on arrival
    clock.now += 0.5
    assert guard.allow()


def test_a_burst_whose_first_keys_were_dropped_is_dropped_whole():
    """Keys less than `repeat_gap` apart are one burst (pasted text, a held key, keys
    typed as one): once a key of it is dropped, the rest of it is dropped too, even
    after a key was accepted on the screen; a key after a pause acts again."""
    clock = Clock()
    guard = KeyGuard(hold=0.8, repeat_gap=0.25, clock=clock)
    guard.drawn(guard.arm(False))
    clock.now += 1
    assert guard.allow()  # a key on this screen: the screen has started
    guard.dropped()  # the app dropped it after all (typed for a screen that went)
    for _ in range(3):  # Down, Down, Enter, 30 ms apart
        clock.now += 0.03
        assert not guard.allow()
    clock.now += 0.5
    assert guard.allow()
    clock.now += 0.03
    assert guard.allow()  # a burst that was never dropped goes on acting


def test_a_burst_straddling_a_new_screens_drawing_is_dropped_whole():
    clock = Clock()
    guard = KeyGuard(hold=0.8, repeat_gap=0.25, clock=clock)
    guard.drawn(guard.arm(False))
    clock.now += 2
    number = guard.arm(False)  # the next decision screen of the same player
    clock.now += 0.01
    assert not guard.allow()  # Down: the screen is not drawn yet
    guard.drawn(number)
    clock.now += 0.03
    assert not guard.allow()  # Down
    clock.now += 0.03
    assert not guard.allow()  # Enter: never acts alone
    clock.now += 0.4
    assert guard.allow()


def test_undo_on_your_own_screen_needs_no_curtain_but_from_the_next_curtain_it_does():
    session, first = first_decision(3)
    handoff = session.handoff
    handoff.shown(Scene(DECIDE, first, True))  # still on their own screen (a turn of steps)
    handoff.undo()
    assert handoff.next_scene() == Scene(DECIDE, first, True)
    play(session, first)
    handoff.shown(handoff.next_scene())  # the next player's curtain is up
    handoff.undo()
    assert handoff.next_scene() == Scene(CURTAIN, first, True)


def test_the_log_keeps_every_take_back():
    session, first = first_decision(3)
    session.handoff.undo()
    play(session, first)
    session.handoff.undo()
    notes = [e.text for e in session.log if "took back" in e.text]
    assert notes == [f"{session.player_name(first)} took back a decision."] * 2
