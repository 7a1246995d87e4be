"""Traces of what the rules decide, in every game, to show that a change of the code
changes no rule.

For each game and player count, seeded games are played by a random policy (over the
legal actions sorted by their JSON, so the order of `legal_actions` does not matter),
with each of the game's options drawn on or off. At every step the trace takes what the
rules decide, and nothing of how it is shown:

- who acts, and whether their decision is private (behind the curtain);
- every seat's legal actions (their JSON, sorted) and the action chosen;
- the events of the step: their kinds and their facts (the numbers and one-word values,
  such as goods, card ids and names, found in their arguments), never their text;
- the running scores (totals, the parts' values, the tie-breaks), never their labels;
- which moves are refused (another seat's move, out of turn; a move of this seat's from
  an earlier step), by the error's class, never its message;
- at the end, the winners and the ending's category.

Views are not traced: a view gaining a field, or a message reworded, leaves every trace
as it was. That a view shows no secret is checked by the contract suite's scramble tests
(tests/core/test_contract_suite.py). A game's trace is kept as one SHA-256 digest.

    python -m tests.traces.record            # write tests/traces/digests.json
    python -m tests.traces.record --check    # compare every game with it
    python -m tests.traces.record --check --game sheriff --games 20   # a part of them
    python -m tests.traces.record --game sheriff  # re-record one game's (keeps the others)
    python -m tests.traces.record --jobs 1   # in this process only (default: every core)

Recording every configuration, 300 games each, takes under 3 CPU-minutes in one process
(`nice -n 10 python -m tests.traces.record --jobs 1`, 2026-12-07: 2 min 44 s at 12d4b2b;
Sheriff of Nottingham's 900 alone, 1 min 53 s at d46799a). `tests/test_traces.py` checks
the first 20 games of each configuration in `make test` (about 12 CPU-seconds); see
docs/contributors/traces.md for when to re-record.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterable
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


def drawn_options(game: Any, seed: str) -> dict[str, Any]:
    """Each of the game's options drawn at random (read by key, whatever the specs' class):
    on or off, or one of its `choices` if it has some. Each option has a draw of its own
    (seeded by `seed` and its key): an option added later leaves the others' draws, and the
    games it is drawn off in, as they were."""
    return {spec.key: _draw(spec, random.Random(f"{seed}/{spec.key}")) for spec in game.options}


def _draw(spec: Any, rnd: random.Random) -> Any:
    choices = getattr(spec, "choices", None)
    return rnd.choice(list(choices)) if choices else rnd.random() < 0.5


def facts(value: Any, skip: type) -> Any:
    """What an event's argument says, as plain data: numbers and one-word strings (a
    good, a card id, a name), also inside the wording helpers (`Lazy`), sequences, events
    and plain records; a sentence is wording and counts for nothing, and the game state
    (`skip`, passed whole to some wording) is left out, so its layout is not traced."""
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, str):
        return value if value and not any(c.isspace() for c in value) else None
    if isinstance(value, Player):
        return value.name
    if isinstance(value, skip):
        return None
    if isinstance(value, dict):
        return [[facts(k, skip), facts(v, skip)] for k, v in value.items()]
    if isinstance(value, (set, frozenset)):
        return sorted((facts(v, skip) for v in value), key=repr)
    if isinstance(value, (list, tuple)):
        return [facts(v, skip) for v in value]
    if hasattr(value, "args") and hasattr(value, "kind"):  # an event
        return [value.kind, facts(value.args, skip)]
    if hasattr(value, "function") and hasattr(value, "args"):  # wording done when read (Lazy)
        return facts(value.args, skip)
    fields: Iterable[str] = getattr(value, "__dataclass_fields__", None) or getattr(value, "__slots__", None) or ()
    return [facts(getattr(value, name), skip) for name in fields]


def event_facts(events: Iterable[Any], skip: type) -> list[Any]:
    return [[event.kind, facts(getattr(event, "args", ()), skip)] for event in events]


def score_facts(lines: Iterable[Any]) -> list[Any]:
    """The numbers of the score lines: no label of a part, no name."""
    return [[line.seat, line.total, list(line.parts.values()), list(line.tiebreak)] for line in lines]


def trace(game_id: str, players: int, number: int) -> str:
    """The digest of one seeded game's trace."""
    game = catalog.get(game_id).load()
    seed = 1000 * players + number
    rnd = random.Random(seed)
    table = [Player(name=NAMES[i]) for i in range(players)]
    state, opening = game.start(table, drawn_options(game, f"{game_id}/{players}/{number}"), seed)
    skip = type(state)
    digest = hashlib.sha256()

    def take(*parts: Any) -> None:
        digest.update(json.dumps(parts, sort_keys=True, default=repr).encode())

    def dumped(move: Any) -> str:
        return json.dumps(game.dump_action(move), sort_keys=True)

    take("start", event_facts(opening, skip))
    earlier: dict[int, Any] = {}
    steps = 0
    while not game.is_over(state):
        steps += 1
        assert steps < 20000, "the game did not end"
        seats = game.to_act(state)
        take("to_act", seats, [game.is_private(state, s) for s in seats])
        legal = {}
        for seat in range(players):
            moves = sorted(game.legal_actions(state, seat), key=dumped)
            legal[seat] = moves
            take("legal", seat, [dumped(m) for m in moves])
        take("scores", score_facts(game.scores(state)))
        seat = rnd.choice(seats)
        for other in range(players):  # refused moves: out of turn, and stale ones
            for move in (legal[other][:1] if other not in seats else []) + ([earlier[other]] if other in earlier else []):
                try:
                    game.apply(state, move)
                except RuleError as err:
                    take("refused", other, type(err).__name__)
                else:
                    take("accepted", other)
        action = rnd.choice(legal[seat])
        earlier[seat] = action
        state, events = game.apply(state, action)
        take("chose", seat, dumped(action), event_facts(events, skip))
    take("end", score_facts(game.scores(state)), game.winners(state), game.ending(state))
    return digest.hexdigest()


def _trace(job: tuple[str, int, int]) -> str:
    return trace(*job)


def traces(jobs: list[tuple[str, int, int]], workers: int | None = None) -> list[str]:
    """The digests of many games, on `workers` processes (every core by default; 1: in
    this process)."""
    if workers == 1:
        return [trace(*job) for job in jobs]
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(_trace, jobs, chunksize=10))


def record(count: int = GAMES_PER_CONFIG, game: str | None = None, workers: int | None = None) -> dict[str, list[str]]:
    """The digests of every configuration (of `game` only, if given)."""
    chosen = [(g, n) for g, n in configs() if game in (None, g)]
    jobs = [(g, n, i) for g, n in chosen for i in range(count)]
    digests = iter(traces(jobs, workers))
    return {f"{g}/{n}": [next(digests) for _ in range(count)] for g, n in chosen}


def _value(argv: list[str], flag: str) -> str | None:
    return argv[argv.index(flag) + 1] if flag in argv else None


def main(argv: list[str]) -> int:
    wanted = _value(argv, "--game")  # --game ID: that game only
    jobs_flag = _value(argv, "--jobs")  # --jobs N: N processes (1: this one)
    workers = int(jobs_flag) if jobs_flag else None
    known = sorted({g for g, _ in configs()})
    if wanted is not None and wanted not in known:
        print(f"no game {wanted!r}: the games are {', '.join(known)}")
        return 2
    if "--check" in argv:
        expected = json.loads(DIGESTS.read_text())
        if wanted is not None:
            expected = {k: v for k, v in expected.items() if k.split("/")[0] == wanted}
        first = _value(argv, "--games")  # --games N: the first N games of each configuration
        if first is not None:
            expected = {k: v[: int(first)] for k, v in expected.items()}
        jobs = [(key.split("/")[0], int(key.split("/")[1]), i) for key, d in expected.items() for i in range(len(d))]
        got = iter(traces(jobs, workers))
        bad = 0
        for key, digests in expected.items():
            for number, want in enumerate(digests):
                if next(got) != want:
                    print(f"{key} game {number}: the trace differs")
                    bad += 1
            print(f"{key}: {len(digests)} games checked", flush=True)
        print("every trace matches" if not bad else f"{bad} traces differ")
        return 1 if bad else 0
    digests = record(game=wanted, workers=workers)
    if wanted is not None:  # the other games' digests are kept as they are
        digests = {**json.loads(DIGESTS.read_text()), **digests}
    DIGESTS.write_text(json.dumps(digests, indent=0) + "\n")
    print(f"wrote {DIGESTS}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
