"""Bleeding Sherwood's steps, each declared once (read top to bottom: a round is bidding,
then collecting; dealing and the round's end happen inside the moves that lead to them).

- bidding: the seat whose turn it is adds one Goode to their bid or passes; private (the
  bidder sees their hand); passing is final.
- collecting: each bidder in the order of the bids takes a centre target or another's
  open spent bid; private (the collector decides by their hand too, and a hint on it
  is searched from their view: the table sees the take in the log).
- over: the game has ended.
"""

from __future__ import annotations

from sherwood_tui.core.steps import Step, StepTable
from sherwood_tui.games.bleeding_sherwood.rules.legal import bidder, bids, collector, takes
from sherwood_tui.games.bleeding_sherwood.rules.model import Pass, PlayGoode, State, TakeBid, TakeTarget
from sherwood_tui.games.bleeding_sherwood.rules.phases import bidding, collecting

STEPS: StepTable[State] = StepTable(field="phase", over="over", steps=(
    Step("bidding", actors=bidder, may_act=lambda state, seat: seat == state.turn,
         moves={PlayGoode: bidding.play_goode, Pass: bidding.pass_}, legal=bids, private=True),
    Step("collecting", actors=collector,
         may_act=lambda state, seat: seat == state.table.order[state.collect_pos],
         moves={TakeTarget: collecting.take_target, TakeBid: collecting.take_bid}, legal=takes, private=True),
))
