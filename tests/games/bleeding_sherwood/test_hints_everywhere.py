"""Every private decision screen of Bleeding Sherwood offers a hint (h) naming the exact
choice: the Goode to bid ("Bid Silver Cup (6)") or the pass, with a hand of one Goode
or many, leading or behind; the take, by its Peasant and Goodes ("Take Tinker and Cart
(5 points and 2 Goodes: Lute (5), Pigge (2))") or by whose bid ("Take Much's bid (7:
Gold Ring (7))"), first with only Peasants left and later with spent bids too."""

from __future__ import annotations

import random
import re

import pytest

from sherwood_tui.core.bots import bot_action
from sherwood_tui.core.contract import Player
from sherwood_tui.core.steps import as_moves
from sherwood_tui.games.bleeding_sherwood import GAME
from sherwood_tui.games.bleeding_sherwood.rules.model import Pass, PlayGoode, TakeBid, TakeTarget
from sherwood_tui.games.bleeding_sherwood.ui.screens import decision_text
from sherwood_tui.ui.app import SherwoodApp
from sherwood_tui.ui.game_screen import GameScreen
from tests.ui.helpers import ask_hint, show_decision

NAMES = ("Robin", "Marian", "Much")
GOODE = r"[A-Z][A-Za-z' -]+ \(\d+\)"


def states(seed: int = 2) -> list:
    """Every state of a seeded game of three sensible bots."""
    rnd = random.Random(seed)
    state = GAME.new_game([Player(name=name) for name in NAMES], {}, seed)
    seen = [state]
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        for move in as_moves(bot_action(GAME, state, seat, "sensible", rnd)):
            state, _ = GAME.apply(state, move)
            seen.append(state)
    return seen


def bidding(where) -> object:
    """The first bidding state of the seeded game that `where(state, seat)` picks."""
    return first_of("bidding", where)


def first_of(phase: str, where) -> object:
    """The first state of the seeded game in `phase` that `where(state, seat)` picks
    (`seat`: the one deciding)."""
    for state in states():
        if state.phase == phase and where(state, GAME.to_act(state)[0]):
            return state
    raise AssertionError("no such state")


BID = rf"^Hint: (Bid ({GOODE})|Pass): wins"
GOODES = rf"{GOODE}(, {GOODE})*"
PEASANT = rf"[A-Z][A-Za-z' ]+ \(-?\d+ points?( and \d Goodes?: {GOODES})?\)"
TAKE = rf"^Hint: Take ({PEASANT}|[A-Z][a-z]+'s bid \(\d+: {GOODES}\)): wins"
SCREENS = {
    "bid first, a full hand": ("bidding", lambda state, seat: len(state.hands[seat]) >= 4 and not any(state.bids), BID),
    "bid behind": ("bidding", lambda state, seat: len(state.hands[seat]) >= 2 and max(state.totals) > state.totals[seat],
                   BID),
    "bid leading": ("bidding",
                    lambda state, seat: len(state.hands[seat]) >= 2 and state.totals[seat] == max(state.totals) > 0, BID),
    "bid the last Goode": ("bidding", lambda state, seat: len(state.hands[seat]) == 1, BID),
    "take a Peasant": ("collecting", lambda state, seat: len(state.targets) >= 2 and not any(state.bid_open), TAKE),
    "take a Peasant or a bid": ("collecting", lambda state, seat: bool(state.targets) and any(state.bid_open), TAKE),
}


@pytest.mark.parametrize("kind", list(SCREENS))
async def test_every_private_decision_screen_offers_a_hint_naming_the_exact_choice(kind):
    phase, where, pattern = SCREENS[kind]
    state = first_of(phase, where)
    seat = GAME.to_act(state)[0]
    app = SherwoodApp(bot_delay=0, hint_playouts=6)
    async with app.run_test(size=(100, 30)) as pilot:
        await show_decision(app, pilot, "bleeding-sherwood", [Player(name=name) for name in NAMES], state)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.private and screen.seat == seat, type(screen).__name__
        hint = await ask_hint(pilot, screen)
        found = re.match(pattern, hint)
        assert found, hint
        view = GAME.view(state, seat)
        named = {decision_text((move,), view) for move in GAME.legal_actions(state, seat)}
        assert f"{hint[6].lower()}{hint[7:hint.index(': wins')]}" in named, hint


def test_every_decision_is_worded_with_its_goode_peasant_or_bid():
    collecting = next(s for s in states() if s.phase == "collecting" and any(s.bid_open) and s.targets)
    seat = collecting.table.order[collecting.collect_pos]
    view = GAME.view(collecting, seat)
    for move in GAME.legal_actions(collecting, seat):
        text = decision_text((move,), view)
        assert re.match(TAKE, f"Hint: {text[:1].upper()}{text[1:]}: wins"), text  # as a hint says it
        if isinstance(move, TakeTarget):
            target = next(t for t in view.table.targets if t.peasant == move.peasant)
            assert text.startswith(f"take {target.name} ({target.value} point")
            if target.goodes:
                goodes = ", ".join(f"{g.name} ({g.value})" for g in target.goodes)
                assert text.endswith(f" and {len(target.goodes)} Goode{'s' * (len(target.goodes) > 1)}: {goodes})")
        else:
            assert isinstance(move, TakeBid)
            owner = view.table.seats[move.owner]
            goodes = ", ".join(f"{g.name} ({g.value})" for g in owner.bid)
            assert text == f"take {owner.name}'s bid ({owner.bid_total}: {goodes})"
    state = bidding(lambda state, seat: len(state.hands[seat]) >= 2)
    view = GAME.view(state, state.turn)
    card = view.hand[0]
    assert decision_text((PlayGoode(seat=state.turn, card=card.id),), view) == f"bid {card.name} ({card.value})"
    assert decision_text((Pass(seat=state.turn),), view) == "pass"
