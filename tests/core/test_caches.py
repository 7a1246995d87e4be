"""Bounded caches of the games are emptied between two games in the app (so memory does
not grow with play); the fixed-domain ones stay."""

from __future__ import annotations

import random

from sherwood_tui import catalog
from sherwood_tui.core.caches import bounded_caches, clear_play_caches
from sherwood_tui.core.contract import Player


def play_random_games(game_id: str, games: int = 3) -> None:
    game = catalog.get(game_id).load()
    seats = [Player(name=f"P{i}", bot="random") for i in range(3)]
    for seed in range(games):
        rnd, state = random.Random(seed), game.new_game(seats, {}, seed)
        while not game.is_over(state):
            seat = rnd.choice(game.to_act(state))
            state, _ = game.apply(state, rnd.choice(game.legal_actions(state, seat)))


def test_bounded_caches_fill_in_play_and_are_emptied_between_games():
    for info in catalog.GAMES:
        play_random_games(info.id)
    caches = bounded_caches()
    assert caches and all(c.cache_parameters()["maxsize"] for c in caches)
    assert any(c.cache_info().currsize for c in caches)
    assert clear_play_caches() == len(caches)
    assert all(c.cache_info().currsize == 0 for c in caches)


def test_fixed_domain_caches_are_kept():
    from sherwood_tui.games.sheriff.rules import data

    data.deck(4, False)
    clear_play_caches()
    assert data.deck.cache_info().currsize >= 1


async def test_a_new_game_in_the_app_starts_with_empty_caches(tmp_path):
    from sherwood_tui.ui.app import SherwoodApp

    play_random_games("bleeding-sherwood")
    app = SherwoodApp(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        info = catalog.get("bleeding-sherwood")
        app.start_game(info, [Player(name="Robin"), Player(name="Much", bot="random")], {}, seed=1)
        await pilot.pause()
        from sherwood_tui.games.bleeding_sherwood.rules.phases.dealing import target_of

        assert target_of.cache_info().currsize <= 8  # only this game's first round
