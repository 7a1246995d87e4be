"""The Sheriff's screens, all public (the whole table watches): choosing a bag, hearing an
offer, countering it, placing confiscated goods; and the inspection result interlude.

They are given the public view only, so they cannot show a bag's contents, a hand or the
kinds of face-down goods.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich import box
from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from sherwood_tui.games.sheriff.rules import decisions
from sherwood_tui.games.sheriff.rules.model import (
    LEGAL_GOODS,
    Action,
    Bribe,
    BribeFavour,
    EndInspection,
    LetPass,
    OpenBag,
    Threaten,
    kinds_in_play,
)
from sherwood_tui.games.sheriff.rules.views import CardView, PublicView, SeatPublic, SeatView
from sherwood_tui.games.sheriff.rules.wording import (
    count_text,
)
from sherwood_tui.games.sheriff.ui.common import (
    CSS_FILE,
    BribeRows,
    FavourChoice,
    PileOrderScreen,
    Row,
    SheriffList,
    SheriffScreen,
    bribe_text,
    line,
    market_panel,
    market_text,
    prefill,
    stands_text,
)
from sherwood_tui.ui.colours import GREEN, RED
from sherwood_tui.ui.widgets import KeyBar, Panel, clip, fit, name_title, our_app, renew_choices

if TYPE_CHECKING:
    from sherwood_tui.core.seat import SeatFeed


def bag_label(seat: SeatPublic, width: int = 10) -> Text:
    """'Marian  declared 3 Apples' (public: the declaration and the count)."""
    text = Text()
    text.append(f"{fit(seat.name, width)} ", style="bold")
    text.append(f"declared {count_text(seat.bag_count, seat.declared)}")
    return text


class ChooseScreen(SheriffScreen):
    """The Sheriff picks a closed bag: threaten it (hear an offer), let it pass, open it,
    or end the inspection (every bag left passes)."""

    BINDINGS = [
        Binding("enter", "act('threaten')", "Threaten", priority=True),
        Binding("p", "act('pass')", "Let pass"),
        Binding("o", "act('open')", "Open"),
        Binding("e", "end", "All pass"),  # (short: the key bar fits at 80x24)
    ]
    RENEWABLE = True  # the Sheriff chooses again after each bag

    def compose_main(self) -> ComposeResult:
        bags = SheriffList(*self.bag_options(), id="bags")
        bags.border_title = self.bags_title()
        bags.border_subtitle = "Enter threaten · p pass · o open · e end"
        yield bags
        yield line("Threaten to hear a bribe; e: all bags pass.", "dim", classes="hint")
        # no notes yet: the panel is hidden, there for a later choice on the same screen
        notes = Panel(self.notes_text(), title="This round", id="notes")
        notes.display = bool(self.table.round_notes)
        yield notes
        yield Panel(stands_text(self.table), title="Stands", id="stands")

    def renew_parts(self) -> None:
        renew_choices(self.query_one("#bags", OptionList), self.bag_options(), self.bags_title())
        notes = self.query_one("#notes", Panel)
        notes.display = bool(self.table.round_notes)
        self.renew_panel("notes", self.notes_text())
        self.renew_panel("stands", stands_text(self.table))

    def bag_options(self) -> list[Option]:
        """The closed bags, from the Sheriff's left (`pending`): the bags the rules let
        them threaten."""
        self.pending = [a.merchant for a in self.legal if isinstance(a, Threaten)]
        width = max(len(self.seat_name(m)[:12]) for m in self.pending)
        return [Option(bag_label(self.table.seats[m], width)) for m in self.pending]

    def bags_title(self) -> Text:
        return name_title("{}, the Sheriff: bags at the gate", self.actor_name)

    def notes_text(self) -> Text:
        return Text("\n".join(self.table.round_notes))

    def set_up(self) -> None:
        self.query_one("#bags", OptionList).focus()

    def action_act(self, what: str) -> None:
        index = self.query_one("#bags", OptionList).highlighted
        if index is None:
            return
        m = self.pending[index]
        kind = {"threaten": Threaten, "pass": LetPass, "open": OpenBag}[what]
        self.submit(kind(seat=self.seat, merchant=m))

    def action_end(self) -> None:
        self.submit(EndInspection(seat=self.seat))


class DecideScreen(SheriffScreen):
    """The Sheriff has heard an offer: let the bag pass (accept), open it (refuse), or
    make a counter-offer."""

    BINDINGS = [
        Binding("enter", "choose", "Choose", priority=True),
        Binding("p", "pass_bag", "Let pass"),  # (the list says: taking the offer; short: the key bar fits)
        Binding("o", "open_bag", "Open"),
        Binding("c", "counter", "Counter"),
    ]
    RENEWABLE = True  # the Sheriff hears every threatened merchant's offer

    def compose_main(self) -> ComposeResult:
        choices = SheriffList(*self.choice_options(), id="choices")
        choices.border_title = self.choices_title()
        choices.border_subtitle = "Enter · p pass · o open · c counter"
        yield Panel(self.offer_text(), title=self.offer_title(), id="offer")
        yield choices
        yield Panel(stands_text(self.table), title="Stands", id="stands")

    def renew_parts(self) -> None:
        offer = self.query_one("#offer", Panel)
        offer.border_title = self.offer_title()
        self.renew_panel("offer", self.offer_text())
        renew_choices(self.query_one("#choices", OptionList), self.choice_options(), self.choices_title())
        self.renew_panel("stands", stands_text(self.table))

    def choice_options(self) -> list[Option]:
        """Let pass, open and, while the rules allow one, counter (`choices`)."""
        table = self.table
        offer = table.offer
        bribe = offer is not None and not offer.empty
        self.choices = [
            ("pass", "Let the bag pass, taking the offer" if bribe else "Let the bag pass (no bribe)"),
            ("open", "Open the bag, refusing the offer" if bribe else "Open the bag"),
        ]
        if table.counters_left > 0:
            left = table.counters_left
            self.choices.append(("counter", f"Counter-offer ({left} left)"))
        return [Option(Text(label)) for _, label in self.choices]

    def choices_title(self) -> Text:
        return name_title("{}, the Sheriff, decides", self.actor_name)

    def offer_title(self) -> Text:
        return name_title("{}'s offer", self.seat_name(self.table.inspected))

    def offer_text(self) -> Text:
        """The bag, the merchant's offer and the Sheriff's demand, if any."""
        table = self.table
        seat = table.seats[table.inspected]
        info = Text()
        info.append_text(bag_label(seat, cell_len(clip(seat.name, 14))))
        info.append("\n")
        info.append_text(bribe_text("Offer: ", table.offer))
        if table.demand is not None:
            info.append("\n")
            info.append_text(bribe_text("You asked: ", table.demand))
        return info

    def set_up(self) -> None:
        self.query_one("#choices", OptionList).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        allowed = super().check_action(action, parameters)  # False until the screen is built
        if allowed and action == "counter":
            return self.table.counters_left > 0
        return allowed

    def action_choose(self) -> None:
        index = self.query_one("#choices", OptionList).highlighted
        if index is not None:
            what = self.choices[index][0]
            {"pass": self.action_pass_bag, "open": self.action_open_bag, "counter": self.action_counter}[what]()

    def action_pass_bag(self) -> None:
        self.submit(LetPass(seat=self.seat, merchant=self.table.inspected))

    def action_open_bag(self) -> None:
        self.submit(OpenBag(seat=self.seat, merchant=self.table.inspected))

    def action_counter(self) -> None:
        if self.table.counters_left > 0:
            self.app.switch_screen(CounterScreen(self.feed))


class CounterScreen(SheriffScreen):
    """The Sheriff asks for a different bribe (from what the table can see: gold, the
    stand's legal goods, a number of face-down goods, goods from the bag)."""

    BINDINGS = [
        Binding("enter", "ask", "Ask for it", priority=True),
        Binding("f", "favour", "Favour"),
        Binding("escape", "back", "Back"),
    ]

    def compose_main(self) -> ComposeResult:
        table = self.table
        m = table.inspected
        seat = table.seats[m]
        rows = [Row("gold", "", "Gold", seat.gold)]
        for kind in LEGAL_GOODS:
            n = sum(1 for c in seat.stand if c.name == kind)
            if n:
                rows.append(Row("stand", kind, f"Stand: {kind}", n))
        in_play = kinds_in_play(len(table.seats), table.options.royal_goods)
        contraband = [k for k in ("Pepper", "Mead", "Silk", "Crossbow") if k in in_play]
        if seat.hidden_count:  # their kinds are secret: any kind, up to their number
            down = f"{seat.hidden_count} face down"
            for kind in contraband:
                rows.append(Row("hidden", kind, f"Stand: {kind}", seat.hidden_count, note=down))
        holds = f"bag holds {seat.bag_count}"  # its cards, of kinds nobody at the table knows
        for kind in [seat.declared] + [k for k in contraband if k != seat.declared]:
            rows.append(Row("bag", kind, f"Bag: {kind}", seat.bag_count, note=holds))
        prefill(rows, table.offer)
        composer = BribeRows(rows, seat.bag_count, hidden_limit=seat.hidden_count, id="rows")
        composer.border_title = name_title("{} asks {} for", self.actor_name, seat.name)
        composer.border_subtitle = "←→ amount · Enter asks · Esc back"
        yield composer
        favours = [move.favour for move in self.legal if isinstance(move, BribeFavour)]  # what the rules offer
        yield FavourChoice(table.offer.favour if table.offer else "", favours)
        yield line(Text(""), id="preview")
        info = Text()
        info.append_text(bribe_text("Their offer: ", table.offer))
        info.append(f"\nCounter-offers left: {table.counters_left}", style="dim")
        yield line(info, id="situation")

    def set_up(self) -> None:
        self.query_one("#rows", BribeRows).focus()
        self.show_preview()

    def bribe(self) -> Bribe:
        return self.query_one("#rows", BribeRows).bribe(self.query_one(FavourChoice).favour)

    def show_preview(self) -> None:
        self.query_one("#preview", Static).update(bribe_text("You ask for: ", self.bribe()))

    def on_bribe_rows_changed(self, event: BribeRows.Changed) -> None:
        self.show_preview()

    def action_favour(self) -> None:
        self.query_one(FavourChoice).next_favour()
        self.show_preview()

    def action_back(self) -> None:
        self.app.switch_screen(DecideScreen(self.feed))

    def action_ask(self) -> None:
        self.submit(decisions.counter(self.seat, self.bribe()))


class ConfiscateScreen(PileOrderScreen):
    """The Sheriff puts the confiscated goods on a discard pile, in the order chosen."""

    RENEWABLE = True  # the Sheriff may catch several liars

    def compose_main(self) -> ComposeResult:
        yield self.order_list(self.pile_cards(), self.order_title())
        yield line(self.fine_text(), id="fine", classes="hint")
        yield market_panel(self.table)

    def renew_parts(self) -> None:
        self.renew_order(self.pile_cards(), self.order_title())
        self.renew_panel("fine", self.fine_text())
        self.renew_panel("market", market_text(self.table))

    def pile_cards(self) -> list[CardView]:
        return list(reversed(self.table.confiscated))

    def order_title(self) -> Text:
        return name_title("Goods confiscated from {}: place them", self.seat_name(self.table.inspected))

    def fine_text(self) -> Text:
        name = self.seat_name(self.table.inspected)
        return Text(f"Then {name} pays the fine of {self.table.fine_due} gold.", style="dim")

    def placement(self, pile: int, order: tuple[int, ...]) -> tuple[Action, ...]:
        return decisions.confiscate(self.seat, pile, order)


class InspectionResultScreen(Screen[None]):
    """An interlude for the whole table: what an opened bag held and what follows."""

    CSS_PATH = CSS_FILE
    BINDINGS = [Binding("enter", "done", "Continue")]

    def __init__(self, table: PublicView, title: str, lines: list[str]) -> None:
        super().__init__()
        self.table = table  # the public view just after the bag was opened
        self.title_text = title
        self.lines = lines

    def compose(self) -> ComposeResult:
        table = self.table
        yield line(self.title_text, "bold", id="title")
        with VerticalScroll(id="result"):
            text = Text()
            for i, event in enumerate(self.lines):
                if i:
                    text.append("\n")
                style = f"bold {GREEN}" if "told the truth" in event else f"bold {RED}" if " lied" in event else ""
                text.append(event, style=style)
            yield Panel(text, title="The bag is opened", id="opened")
            yield Panel(stands_text(table), title="Stands", id="stands")
        yield line("Press Enter to go on.", "dim")
        yield KeyBar()

    def action_done(self) -> None:
        our_app(self).continue_interludes()


class SheriffScoreSheetScreen(Screen[None]):
    """The end of the game for the whole table: every part of every score, players side
    by side (narrow enough for 80 columns with five players), and the revealed stands."""

    CSS_PATH = CSS_FILE
    BINDINGS = [Binding("enter", "done", "Continue")]

    def __init__(self, feed: SeatFeed[SeatView, PublicView]) -> None:
        super().__init__()
        self.feed = feed  # the public table's, the game over

    def compose(self) -> ComposeResult:
        game, feed = self.feed.game, self.feed
        lines = feed.scores
        winners = feed.winners
        sheet = Table(box=box.SIMPLE_HEAD, expand=False, pad_edge=False, padding=(0, 1))
        sheet.add_column("", no_wrap=True)
        for score in lines:
            mark = "* " if score.seat in winners else ""
            sheet.add_column(Text(mark + score.name, style="bold" if mark else ""), justify="right", overflow="fold")
        parts = list(dict.fromkeys(k for score in lines for k in score.parts))
        for part in parts:
            label = part.replace(" King/Queen", " K/Q")
            sheet.add_row(label, *[f"{score.parts.get(part, 0):g}" for score in lines])
        sheet.add_row(Text("Total", style="bold"), *[Text(f"{score.total:g}", style="bold") for score in lines])
        sheet.add_row(
            Text("legal/contra.", style="dim"),
            *[Text(" / ".join(f"{t:g}" for t in score.tiebreak), style="dim") for score in lines],
        )
        names = " and ".join(feed.name(s) for s in winners)
        verdict = f"{names} wins!" if len(winners) == 1 else f"{names} share the win!"
        yield line(f"{game.title} · the score sheet", "bold", id="title")
        with VerticalScroll(id="sheet"):
            yield Static(sheet, markup=False)
            yield line(verdict, f"bold {GREEN}")
            yield line(
                "K/Q: King and Queen bonuses. Ties: most legal goods, then most contraband "
                "(legal/contra.).",
                "dim",
            )
            yield Panel(stands_text(feed.table), title="Stands, face-down goods revealed", id="stands")
        yield line("Press Enter for the final screen; arrows scroll.", "dim")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#sheet").focus()

    def action_done(self) -> None:
        our_app(self).continue_interludes()
