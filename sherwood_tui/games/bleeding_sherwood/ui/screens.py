"""Bleeding Sherwood's screens: the bidding table and the collection (private: the
seat's hand is at hand, and a hint);
and a seat's hand in words for a replay's designer view (`seat_text`, `move_text`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from sherwood_tui.core.seat import SeatFeed
from sherwood_tui.core.wording import count
from sherwood_tui.games.bleeding_sherwood.rules.model import Pass, PlayGoode, TakeBid, TakeTarget
from sherwood_tui.games.bleeding_sherwood.rules.views import CardView, PublicView, SeatView
from sherwood_tui.ui.game_screen import GameScreen
from sherwood_tui.ui.widgets import Panel, clip, fit, name_title, renew_choices, update_in_place

TABLE_WIDTH = 44  # the table's text width at 80 columns: a seat's line stays within it


def cards_text(cards: Iterable[CardView]) -> str:
    return ", ".join(f"{c.name} ({c.value})" for c in cards)


def seat_status(table: PublicView, seat: int) -> str:
    """A seat's part in the round, in words (never told by colour alone)."""
    s = table.seats[seat]
    if table.phase == "bidding":
        return "bidding" if seat == table.turn else ("passed" if s.passed else "")
    if table.phase != "collecting":
        return ""
    if seat == table.collector:
        return "collecting"
    if s.bid_taken:
        return "bid taken"
    if s.bid_open:
        return "up for taking"
    if seat not in table.order:
        return "takes nothing"
    place = table.order.index(seat)
    if place < table.order.index(table.collector):
        return "collected"
    return f"collects {ordinal(place + 1)}"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th ... (a table has at most six seats)."""
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n, 'th')}"


def append_notes(out: Text, table: PublicView, effects: bool = True) -> None:
    """The table's "!" lines: the specials' effects in force (with `effects`), the 1996 rule."""
    if effects:
        for effect in table.effects:
            out.append(f"! {effect}\n", style="bold")
    if table.options.classic_1996:
        out.append("! 1996 rules: only the highest bid captures\n", style="bold")


def table_text(table: PublicView, targets: bool = True) -> Text:
    """The public table: the targets (`targets`: the collect screen lists them itself)
    with their Goodes and what their specials did, then every seat's bid and part in the
    round. One line a target and a seat, so that a table of six fits 80x24."""
    out = Text()
    if targets:
        out.append("Targets", style="bold")
        decks = f"{count(table.peasant_deck, 'Peasant')}, {count(table.goode_deck, 'Goode')}"
        out.append(f"   decks: {decks}\n", style="dim")
        for t in table.targets:
            width = len(f" {t.name} ({t.value})")
            out.append(f" {t.name} ({t.value})", style="bold")
            # what does not fit the line goes on the next, indented
            goodes = f"+ {cards_text(t.goodes)}" if t.goodes else ""
            if len(goodes) > TABLE_WIDTH - 4:  # not even on a line of its own: the values
                values = "+".join([str(g.value) for g in t.goodes])
                goodes = f"+ {count(len(t.goodes), 'Goode')} ({values})"
            note = f"({t.note})" if t.note else ""
            for part, style, gap in ((note, "italic", "  "), (goodes, "", "  " if note else " ")):
                if not part:
                    continue
                if width + len(gap) + len(part) > TABLE_WIDTH:
                    gap, width = "\n    ", 3
                out.append(gap)
                out.append(part, style=style)
                width += len(gap) + len(part)
            out.append("\n")
        if not table.targets:
            out.append(" (none left in the centre)\n", style="dim")
    append_notes(out, table, effects=table.phase != "bidding")  # while bidding, the special's own line says them
    out.append(f"Bids ({clip(table.seats[table.first].name, 20)} bid first)\n", style="bold")
    for seat, s in enumerate(table.seats):
        me = seat in (table.turn, table.collector)
        line = f"{'>' if me else ' '} {fit(s.name, 14)} {s.bid_total:>3}"
        out.append(line, style="bold" if me else "")
        status = seat_status(table, seat)
        if status:
            status = f"  {status}"
            out.append(status, style="bold" if me else "dim")
        if len(s.bid) > 1:  # the cards' values when they fit (the log has them all)
            values = "= " + "+".join([str(c.value) for c in s.bid])
            if cell_len(line) + len(status) + 2 + len(values) <= TABLE_WIDTH:
                out.append(f"  {values}", style="dim")
        out.append("\n")
    out.rstrip()
    return out


def whole_table_text(table: PublicView) -> Text:
    """The whole table for a large terminal, beside the hand: each target with its
    Goodes in full, then every seat's bid card by card with its hand size and part in
    the round (public: the same on every seat's screen)."""
    out = Text()
    out.append("Targets", style="bold")
    out.append(f"   decks: {count(table.peasant_deck, 'Peasant')}, {count(table.goode_deck, 'Goode')}\n", style="dim")
    for t in table.targets:
        out.append(f" {t.name} ({t.value})", style="bold")
        if t.goodes:
            out.append(f" + {cards_text(t.goodes)}")
        if t.note:
            out.append(f"  ({t.note})", style="italic")
        out.append("\n")
    if not table.targets:
        out.append(" (none left in the centre)\n", style="dim")
    append_notes(out, table)
    out.append(f"\nBids ({table.seats[table.first].name} bid first)\n", style="bold")
    for seat, s in enumerate(table.seats):
        me = seat in (table.turn, table.collector)
        out.append(f"{'>' if me else ' '} {fit(s.name, 14)}", style="bold" if me else "")
        out.append(f" bid {s.bid_total:>2} · hand {s.hand_count}\n")
        status = seat_status(table, seat)
        out.append("    ")
        if status:
            out.append(f"{status}: ", style="bold" if me else "")
        out.append(f"{cards_text(s.bid) if s.bid else 'no card bid'}\n")
    out.rstrip()
    return out


def whole_table(table: PublicView) -> list[Widget]:
    """The whole table's column at 120x40 and larger, beside a decision or a bot's turn."""
    return [Panel(whole_table_text(table), title="The table", id="whole-table")]


def scoreboard_text(feed: SeatFeed[SeatView, PublicView], round_end: bool = False) -> Text:
    """Public scores: collected Peasants, and how many Goodes each holds: now, or with
    `round_end` (the round summary) as the last round ended, before the next round's
    Generous Miller dealt."""
    table = feed.table
    hands = [s.hand_count for s in table.seats]
    if round_end and table.hands_at_round_end:
        hands = list(table.hands_at_round_end)
    out = Text()
    out.append(f"{'':<14} {'score':>5}  {'hand':>4}\n", style="dim")
    for s, hand in zip(table.seats, hands):
        out.append(f"{fit(s.name, 14)} {s.score:>5}  {hand:>4}\n")
    out.rstrip()
    return out


class BleedingScreen(GameScreen[SeatView, PublicView]):
    """A Bleeding Sherwood decision screen, built from its seat's feed only."""

    CSS_PATH = Path(__file__).parent / "bleeding.tcss"

    table: PublicView

    def compose_room(self) -> Iterable[Widget]:
        """Every bid and hand size, and the targets in full, beside the hand."""
        return whole_table(self.table)


class BiddingScreen(BleedingScreen):
    """The bidding table with the bidder's hand (shown only after the curtain)."""

    private = True
    RENEWABLE = True
    BINDINGS = [Binding("p", "pass_bid", "Pass (final)"), Binding("enter", "bid", "Bid card", show=True)]

    def compose_main(self) -> ComposeResult:
        with VerticalScroll(id="table"):
            yield Panel(table_text(self.view.table), title="Table", id="table-text")
        hand = OptionList(*self.hand_options(), id="hand")
        hand.border_title = self.hand_title()
        hand.border_subtitle = "Enter bids the card, p passes"
        yield hand

    def hand_options(self) -> list[Option]:
        return [Option(Text(f"{c.name} ({c.value})"), id=str(c.id)) for c in self.view.hand]

    def hand_title(self) -> Text:
        total = self.view.table.seats[self.seat].bid_total
        return name_title(f"{{}}'s hand - bid so far {total}", self.actor_name)

    def renew_main(self) -> None:
        update_in_place(self.query_one("#table-text", Panel), table_text(self.view.table))
        renew_choices(self.query_one("#hand", OptionList), self.hand_options(), self.hand_title())

    def on_mount(self) -> None:
        for hand in self.query("#hand"):  # none when the app closes as the screen is built
            hand.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.submit(PlayGoode(seat=self.seat, card=int(event.option.id or 0)))

    def action_bid(self) -> None:
        hand = self.query_one("#hand", OptionList)
        if hand.highlighted is not None:
            hand.action_select()

    def action_pass_bid(self) -> None:
        self.submit(Pass(seat=self.seat))


class CollectScreen(BleedingScreen):
    """A bidder picks one legal target: a centre Peasant or a spent bid (shown only
    after the curtain: a hint reads the collector's hand)."""

    private = True
    RENEWABLE = True
    BINDINGS = [Binding("enter", "take", "Take target")]

    def compose_main(self) -> ComposeResult:
        with VerticalScroll(id="table"):  # the targets are the choices below
            yield Panel(table_text(self.table, targets=False), title="Table", id="table-text")
        choices = OptionList(*self.target_options(), id="targets")
        choices.border_title = self.targets_title()
        choices.border_subtitle = "Enter takes it"
        yield choices

    def renew_main(self) -> None:
        update_in_place(self.query_one("#table-text", Panel), table_text(self.table, targets=False))
        renew_choices(self.query_one("#targets", OptionList), self.target_options(), self.targets_title())

    def targets_title(self) -> Text:
        return name_title(f"{{}} (bid {self.table.seats[self.seat].bid_total}) takes one target", self.actor_name)

    def target_options(self) -> list[Option]:
        seats = self.table.seats
        options = []
        for action in self.legal:
            if isinstance(action, TakeTarget):
                t = next(t for t in self.table.targets if t.peasant == action.peasant)
                label = f"{t.name} ({t.value})" + (f" + {cards_text(t.goodes)}" if t.goodes else "")
                options.append(Option(Text(label), id=f"t{action.peasant}"))
            else:
                owner = seats[action.owner]
                label = f"{owner.name}'s bid: {cards_text(owner.bid)} = {owner.bid_total}"
                options.append(Option(Text(label), id=f"b{action.owner}"))
        return options

    def on_mount(self) -> None:
        for targets in self.query("#targets"):  # none when the app closes as the screen is built
            targets.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        option = event.option.id or ""
        kind, number = option[0], int(option[1:])
        if kind == "t":
            self.submit(TakeTarget(seat=self.seat, peasant=number))
        else:
            self.submit(TakeBid(seat=self.seat, owner=number))

    def action_take(self) -> None:
        self.query_one("#targets", OptionList).action_select()


def screen_for(feed: SeatFeed[SeatView, PublicView]) -> GameScreen[SeatView, PublicView]:
    """The decision screen for the feed's seat now."""
    if feed.table.phase == "bidding":
        return BiddingScreen(feed)
    return CollectScreen(feed)


def seat_text(view: SeatView) -> Text:
    """A seat's own view in words (a replay's designer view): its hand of Goodes, as
    the bidding screen names them."""
    out = Text()
    out.append("Hand", style="bold")
    if not view.hand:
        out.append(": no Goodes")
        return out
    worth = sum(c.value for c in view.hand)
    out.append(f" ({count(len(view.hand), 'Goode')}, worth {worth}): ", style="bold")
    out.append(cards_text(view.hand))
    return out


def move_text(action: object, table: PublicView) -> str | None:
    """What the log does not say of a move (a replay's designer view): nothing, as every
    bid, pass and take is said aloud at the table."""
    return None


def decision_text(moves: Sequence[object], view: SeatView) -> str:
    """A decision as the screens word it, for a hint: "bid Silver Cup (6)", "pass",
    "take Miller Tom (10 points)", "take Tinker and Cart (5 points and 2 Goodes: Lute
    (5), Pigge (2))", "take Much's bid (7: Gold Ring (7))"."""
    cards = {card.id: card for card in view.hand}
    table = view.table
    words = []
    for move in moves:
        if isinstance(move, PlayGoode):
            card = cards.get(move.card)
            words.append(f"bid {cards_text((card,))}" if card is not None else "bid a Goode")
        elif isinstance(move, Pass):
            words.append("pass")
        elif isinstance(move, TakeTarget):
            words.append(f"take {target_words(table, move.peasant)}")
        elif isinstance(move, TakeBid):
            owner = table.seats[move.owner]
            words.append(f"take {owner.name}'s bid ({owner.bid_total}: {cards_text(owner.bid)})")
    return ", ".join(words)


def target_words(table: PublicView, peasant: int) -> str:
    """A centre target by name, its points and its Goodes: "Tinker and Cart (5 points
    and 2 Goodes: Lute (5), Pigge (2))"."""
    target = next((t for t in table.targets if t.peasant == peasant), None)
    if target is None:
        return "a Peasant"
    goodes = f" and {count(len(target.goodes), 'Goode')}: {cards_text(target.goodes)}" if target.goodes else ""
    return f"{target.name} ({count(target.value, 'point')}{goodes})"
