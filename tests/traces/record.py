"""Behaviour traces of every game, to show that a redesign of the rules changes nothing.

For each game and player count, seeded games are played by a random policy (over the
legal actions sorted by their JSON, so the order of `legal_actions` does not matter). At
every step the trace takes: the public events (kind and text), every seat's legal actions
(as JSON, sorted), every seat's view and the public view (as plain data; a field declared with
`metadata={"trace": False}` is left out: a summary of public events already traced, such
as the table's record of what each seat did, which the expert reads), the running
scores, and the messages of refused moves (another seat's move, out of turn; a move of
this seat's from an earlier step). A game's trace is kept as one SHA-256 digest.

    python -m tests.traces.record            # write tests/traces/digests.json
    python -m tests.traces.record --check    # compare every game with it (all 300 a config)
    python -m tests.traces.record --check --game sheriff --games 50   # a part of them
    python -m tests.traces.record --game sheriff  # re-record one game's (keeps the others)

`tests/test_traces.py` checks the first games of each configuration in `make test`.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from sherwood_tui import catalog
from sherwood_tui.core.contract import Player
from sherwood_tui.core.errors import RuleError

DIGESTS = Path(__file__).with_name("digests.json")
GAMES_PER_CONFIG = 300
NAMES = ("Robin", "Marian", "Much", "Will", "Tuck", "Alan")


def configs() -> list[tuple[str, int]]:
    out = []
    for info in catalog.GAMES:
        game = info.load()
        out += [(info.id, n) for n in range(game.min_players, game.max_players + 1)]
    return out


def plain(value: Any) -> Any:
    """A view, action or score line as plain JSON-like data, whatever its class (the
    rules' are plain frozen dataclasses or slotted classes)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value) if f.metadata.get("trace", True)}
    if hasattr(value, "__slots__") and not isinstance(value, (str, bytes, type)) and not isinstance(value, (tuple, list)):
        return {name: plain(getattr(value, name)) for name in value.__slots__}
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, frozenset, set)):
        items = [plain(v) for v in value]
        return sorted(items, key=repr) if isinstance(value, (set, frozenset)) else items
    return value


def event_data(event: Any) -> list:
    text = event.text if hasattr(event, "text") else str(event)
    return [event.kind, text]


def trace(game_id: str, players: int, number: int) -> str:
    """The digest of one seeded game's trace."""
    game = catalog.get(game_id).load()
    seed = 1000 * players + number
    rnd = random.Random(seed)
    table = [Player(name=NAMES[i]) for i in range(players)]
    options = {o.key: rnd.random() < 0.5 for o in game.options}
    state, opening = game.start(table, options, seed)
    digest = hashlib.sha256()

    def take(*parts: Any) -> None:
        digest.update(json.dumps(parts, sort_keys=True, default=repr).encode())

    take("start", [event_data(e) for e in opening])
    earlier: dict[int, Any] = {}
    steps = 0
    while not game.is_over(state):
        steps += 1
        assert steps < 20000, "the game did not end"
        seats = game.to_act(state)
        take("to_act", seats, [game.is_private(state, s) for s in seats])
        legal = {}
        for seat in range(players):
            moves = sorted(game.legal_actions(state, seat), key=lambda a: json.dumps(game.dump_action(a), sort_keys=True))
            legal[seat] = moves
            take("legal", seat, [game.dump_action(a) for a in moves])
            take("view", seat, plain(game.view(state, seat)))
        take("public", plain(game.public_view(state)), game.round_label(state))
        take("scores", plain(game.scores(state)))
        seat = rnd.choice(seats)
        for other in range(players):  # refused moves: out of turn, and stale ones
            for move in (legal[other][:1] if other not in seats else []) + ([earlier[other]] if other in earlier else []):
                try:
                    game.apply(state, move)
                except RuleError as err:
                    take("refused", other, str(err))
                else:
                    take("accepted", other)
        action = rnd.choice(legal[seat])
        earlier[seat] = action
        state, events = game.apply(state, action)
        take("events", [event_data(e) for e in events])
    take("end", plain(game.scores(state)), game.winners(state), game.ending(state))
    return digest.hexdigest()


def _trace(job: tuple[str, int, int]) -> str:
    return trace(*job)


def traces(jobs: list[tuple[str, int, int]]) -> list[str]:
    """The digests of many games, on every core."""
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor() as pool:
        return list(pool.map(_trace, jobs, chunksize=20))


def record(count: int = GAMES_PER_CONFIG, game: str | None = None) -> dict[str, list[str]]:
    """The digests of every configuration (of `game` only, if given)."""
    chosen = [(g, n) for g, n in configs() if game in (None, g)]
    jobs = [(g, n, i) for g, n in chosen for i in range(count)]
    digests = iter(traces(jobs))
    return {f"{g}/{n}": [next(digests) for _ in range(count)] for g, n in chosen}


def main(argv: list[str]) -> int:
    wanted = argv[argv.index("--game") + 1] if "--game" in argv else None  # --game ID: that game only
    known = sorted({g for g, _ in configs()})
    if wanted is not None and wanted not in known:
        print(f"no game {wanted!r}: the games are {', '.join(known)}")
        return 2
    if "--check" in argv:
        expected = json.loads(DIGESTS.read_text())
        if wanted is not None:
            expected = {k: v for k, v in expected.items() if k.split("/")[0] == wanted}
        if "--games" in argv:  # --games N: the first N games of each configuration
            first = int(argv[argv.index("--games") + 1])
            expected = {k: v[:first] for k, v in expected.items()}
        jobs = [(key.split("/")[0], int(key.split("/")[1]), i) for key, d in expected.items() for i in range(len(d))]
        got = iter(traces(jobs))
        bad = 0
        for key, digests in expected.items():
            for number, want in enumerate(digests):
                if next(got) != want:
                    print(f"{key} game {number}: the trace differs")
                    bad += 1
            print(f"{key}: {len(digests)} games checked", flush=True)
        print("every trace matches" if not bad else f"{bad} traces differ")
        return 1 if bad else 0
    digests = record(game=wanted)
    if wanted is not None:  # the other games' digests are kept as they are
        digests = {**json.loads(DIGESTS.read_text()), **digests}
    DIGESTS.write_text(json.dumps(digests, indent=0) + "\n")
    print(f"wrote {DIGESTS}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
