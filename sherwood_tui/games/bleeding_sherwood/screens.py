"""Bleeding Sherwood's screens: the bidding table (private hand) and collection (public)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from sherwood_tui.core.session import Session
from sherwood_tui.games.bleeding_sherwood.rules import (
    Pass,
    PlayGoode,
    PublicView,
    TakeBid,
    TakeTarget,
)
from sherwood_tui.ui.game_screen import GameScreen
from sherwood_tui.ui.widgets import Panel


def cards_text(cards) -> str:
    return ", ".join(f"{c.name} ({c.value})" for c in cards)


def table_text(table: PublicView) -> Text:
    """The public table: targets with attached Goodes, bids so far, who passed."""
    out = Text()
    out.append("Targets", style="bold")
    out.append(f"   (Peasant deck {table.peasant_deck}, Goodes deck {table.goode_deck})\n", style="dim")
    for t in table.targets:
        out.append(f"  {t.name} ({t.value})", style="bold")
        if t.goodes:
            out.append(f" + {cards_text(t.goodes)}")
        out.append("\n")
        if t.text and not t.goodes:
            out.append(f"      {t.text}\n", style="italic dim")
    if not table.targets:
        out.append("  (none left in the centre)\n", style="dim")
    for effect in table.effects:
        out.append(f"  ! {effect}\n", style="yellow")
    if table.classic:
        out.append("  1996 rules: only the first collector captures.\n", style="yellow")
    first = table.seats[table.first].name
    out.append(f"Bids ({first} bid first)\n", style="bold")
    for seat, s in enumerate(table.seats):
        mark = ">" if seat in (table.turn, table.collector) else " "
        status = "passed" if s.passed else ("bidding" if seat == table.turn else "")
        if table.phase == "collecting":
            if seat == table.collector:
                status = "collecting"
            elif s.bid_taken:
                status = "bid taken"
            elif s.bid_open:
                status = "bid up for taking"
        out.append(f"{mark} {s.name[:14]:<14} {s.bid_total:>3}  ", style="bold" if mark == ">" else "")
        out.append(f"{status}\n", style="dim")
        if s.bid:
            out.append(f"      {cards_text(s.bid)}\n")
    return out


def scoreboard_text(session: Session) -> Text:
    """Public scores: collected Peasants, and how many Goodes each holds."""
    table = session.game.public_view(session.state)
    out = Text()
    for s in table.seats:
        out.append(f"{s.name[:14]:<14} {s.score:>4}  hand {s.hand_count}\n")
    return out


class BleedingScreen(GameScreen):
    def scoreboard(self) -> Text:
        return scoreboard_text(self.session)


class BiddingScreen(BleedingScreen):
    """The bidding table with the bidder's hand (shown only after the curtain)."""

    private = True
    BINDINGS = [Binding("p", "pass_bid", "Pass (final)"), Binding("enter", "bid", "Bid card", show=True)]

    def compose_main(self) -> ComposeResult:
        with VerticalScroll(id="table"):
            yield Panel(table_text(self.view.table), title="Table")
        hand = OptionList(
            *[Option(Text(f"{c.name} ({c.value})"), id=str(c.id)) for c in self.view.hand],
            id="hand",
        )
        total = next(s.bid_total for i, s in enumerate(self.view.table.seats) if i == self.seat)
        hand.border_title = f"{self.actor_name}'s hand - bid so far {total}"
        hand.border_subtitle = "Enter bids the card, p passes"
        yield hand

    def on_mount(self) -> None:
        self.query_one("#hand", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.submit(PlayGoode(seat=self.seat, card=int(event.option.id)))

    def action_bid(self) -> None:
        hand = self.query_one("#hand", OptionList)
        if hand.highlighted is not None:
            hand.action_select()

    def action_pass_bid(self) -> None:
        self.submit(Pass(seat=self.seat))


class CollectScreen(BleedingScreen):
    """A bidder picks one legal target: a centre Peasant or a spent bid."""

    BINDINGS = [Binding("enter", "take", "Take target")]

    def compose_main(self) -> ComposeResult:
        with VerticalScroll(id="table"):
            yield Panel(table_text(self.table), title="Table")
        seats = self.table.seats
        options = []
        for action in self.game.legal_actions(self.session.state, self.seat):
            if isinstance(action, TakeTarget):
                t = next(t for t in self.table.targets if t.peasant == action.peasant)
                label = f"{t.name} ({t.value})" + (f" + {cards_text(t.goodes)}" if t.goodes else "")
                options.append(Option(Text(label), id=f"t{action.peasant}"))
            else:
                owner = seats[action.owner]
                label = f"{owner.name}'s bid: {cards_text(owner.bid)} = {owner.bid_total}"
                options.append(Option(Text(label), id=f"b{action.owner}"))
        choices = OptionList(*options, id="targets")
        bid = seats[self.seat].bid_total
        choices.border_title = f"{self.actor_name} (bid {bid}) takes one target"
        choices.border_subtitle = "Enter takes it"
        yield choices

    def on_mount(self) -> None:
        self.query_one("#targets", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        kind, number = event.option.id[0], int(event.option.id[1:])
        if kind == "t":
            self.submit(TakeTarget(seat=self.seat, peasant=number))
        else:
            self.submit(TakeBid(seat=self.seat, owner=number))

    def action_take(self) -> None:
        self.query_one("#targets", OptionList).action_select()


def screen_for(session: Session, seat: int) -> GameScreen:
    """The decision screen for this seat now."""
    if session.state.phase == "bidding":
        return BiddingScreen(session, seat)
    return CollectScreen(session, seat)
