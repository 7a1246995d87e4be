"""A merchant's private screens (shown only after the curtain): the market turn, loading
the bag, the declaration, a bribe offer and paying a debt with stand goods.

Each shows its seat's secret zones with the view's own lines (`hand_text`, `bag_text`,
`set_aside_text`, `hidden_text`) and nothing secret of any other seat.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from sherwood_tui.core.wording import count
from sherwood_tui.games.sheriff.rules import decisions
from sherwood_tui.games.sheriff.rules.model import (
    DATA,
    HAND_SIZE,
    LEGAL_GOODS,
    Action,
    Bribe,
    BribeFavour,
    Declare,
    Draw,
    PayWithGood,
)
from sherwood_tui.games.sheriff.rules.views import CardView, SeatView
from sherwood_tui.games.sheriff.rules.wording import (
    count_text,
    describe,
)
from sherwood_tui.games.sheriff.ui.common import (
    KIND_STYLE,
    BribeRows,
    CardList,
    FavourChoice,
    PileOrderScreen,
    Row,
    SheriffList,
    SheriffScreen,
    bribe_text,
    declarable,
    declarations_text,
    judgement_text,
    line,
    market_panel,
    market_text,
    prefill,
    sort_cards,
)
from sherwood_tui.ui.widgets import Panel, name_title, renew_choices, update_in_place


class MerchantScreen(SheriffScreen):
    """A private decision: the view of `seat` is on screen (`SheriffGame.is_private` is
    true for every step these screens serve), its face-down goods included."""

    private = True
    RENEWABLE = True  # each merchant decision may come again (`renew_parts`)
    view: SeatView  # a private screen's feed always holds its seat's view
    SECRETS: ClassVar[tuple[str, ...]] = ()  # the seat's secret zones the screen shows, in order

    def secret_lines(self) -> ComposeResult:
        """The seat's secret zones (`SECRETS`), each on its own line, exactly as the view
        words them. A zone that is empty is not shown: its line is there, hidden and
        blank, for a later decision shown on the same screen (`renew_secret_lines`)."""
        for zone in self.SECRETS:
            secret = line(self.secret_text(zone), id=f"{zone}-text", classes="secret")
            secret.display = self.holds(zone)
            yield secret

    def renew_secret_lines(self) -> None:
        for zone in self.SECRETS:
            secret = self.query_one(f"#{zone}-text", Static)
            secret.display = self.holds(zone)
            update_in_place(secret, self.secret_text(zone))

    def holds(self, zone: str) -> bool:
        return bool(getattr(self.view, zone.replace("-", "_")))

    def secret_text(self, zone: str) -> Text:
        """A zone's line as the view words it; blank for an empty zone."""
        return Text(getattr(self.view, f"{zone.replace('-', '_')}_text") if self.holds(zone) else "")


# ----- market ----------------------------------------------------------------------------


class SetAsideScreen(MerchantScreen):
    """Market, first step: mark up to five cards to set aside (none keeps the hand)."""

    BINDINGS = [
        Binding("enter", "confirm", "Confirm", priority=True),
        Binding("space", "mark", "Mark"),
    ]
    SECRETS = ("hand", "hidden")

    def compose_main(self) -> ComposeResult:
        hand = CardList(sort_cards(self.view.hand), DATA.set_aside_max, id="hand")
        hand.border_title = self.hand_title()
        hand.border_subtitle = "space marks · Enter confirms"
        yield hand
        yield from self.secret_lines()
        yield line(self.help_text(0), id="help-line")
        yield market_panel(self.table)

    def hand_title(self) -> Text:
        return name_title("{}'s market turn", self.actor_name)

    @staticmethod
    def help_text(marked: int) -> Text:
        return Text(f"{marked} marked: Enter sets them aside." if marked
                    else "Nothing marked: Enter keeps the whole hand.", style="dim")

    def renew_parts(self) -> None:
        self.query_one("#hand", CardList).renew(sort_cards(self.view.hand), DATA.set_aside_max, self.hand_title())
        self.renew_secret_lines()
        self.renew_panel("help-line", self.help_text(0))
        self.renew_panel("market", market_text(self.table))

    def set_up(self) -> None:
        self.query_one("#hand", CardList).focus()

    def action_mark(self) -> None:
        hand = self.query_one("#hand", CardList)
        if not hand.toggle():
            self.notify(f"You can set aside at most {count(hand.limit, 'card')}.", severity="warning")
        self.query_one("#help-line", Static).update(self.help_text(len(hand.marked)))

    def action_confirm(self) -> None:
        cards = tuple(c.id for c in self.query_one("#hand", CardList).marked_cards)
        self.submit(decisions.set_aside(self.seat, cards))


class DrawScreen(MerchantScreen):
    """Market: draw back to six, from the discard-pile tops first, then the draw pile."""

    BINDINGS = [
        Binding("enter", "take", "Take", priority=True),
        Binding("1", "source('0')", "Pile 1"),
        Binding("2", "source('1')", "Pile 2"),
        Binding("d", "source('d')", "Draw pile"),
    ]

    SECRETS = ("hand", "set-aside", "hidden")

    def compose_main(self) -> ComposeResult:
        sources = SheriffList(*self.source_options(), id="sources")
        sources.border_title = self.sources_title()
        sources.border_subtitle = "Enter takes · or 1, 2, d"
        yield sources
        yield line("Discard tops first; the draw pile comes last.", "dim", classes="hint")
        yield from self.secret_lines()
        yield market_panel(self.table)

    def renew_parts(self) -> None:
        renew_choices(self.query_one("#sources", OptionList), self.source_options(), self.sources_title())
        self.renew_secret_lines()
        self.renew_panel("market", market_text(self.table))

    def sources_title(self) -> Text:
        need = HAND_SIZE - len(self.view.hand)
        return name_title(f"{{}} draws {count(need, 'more card')}", self.actor_name)

    def source_options(self) -> list[Option]:
        """A line for each place the seat may draw from now (`sources`)."""
        need = HAND_SIZE - len(self.view.hand)
        # where the seat may draw from now: its legal actions say (the rules' own list)
        self.sources: list[Draw] = [a for a in self.legal if isinstance(a, Draw)]
        options = []
        for action in self.sources:
            if action.from_discard is None:
                text = Text("d  ", style="bold")
                text.append(f"Draw {need} from the draw pile")
                text.append(f" ({self.table.draw_pile})", style="dim")
            else:
                pile = self.table.discards[action.from_discard]
                top = pile[-1]
                text = Text(f"{action.from_discard + 1}  ", style="bold")
                text.append("Take ")
                text.append(top.name, style=KIND_STYLE[top.kind])
                text.append(f" from discard pile {action.from_discard + 1}")
                text.append(f" ({len(pile)})", style="dim")
            options.append(Option(text, id=self._key(action)))
        return options

    @staticmethod
    def _key(action: Draw) -> str:
        return "d" if action.from_discard is None else str(action.from_discard)

    def set_up(self) -> None:
        sources = self.query_one("#sources", OptionList)
        sources.highlighted = sources.option_count - 1  # the draw pile: the usual choice
        sources.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        allowed = super().check_action(action, parameters)  # False until the screen is built
        if allowed and action == "source":
            return parameters[0] in {self._key(a) for a in self.sources}
        return allowed

    def _drawn(self, action: Draw) -> Any:
        """One card from a discard pile; from the draw pile, every card still needed."""
        if action.from_discard is None:
            return decisions.draws(self.seat, None, HAND_SIZE - len(self.view.hand))
        return action

    def action_take(self) -> None:
        index = self.query_one("#sources", OptionList).highlighted
        if index is not None:
            self.submit(self._drawn(self.sources[index]))

    def action_source(self, key: str) -> None:
        for action in self.sources:
            if self._key(action) == key:
                self.submit(self._drawn(action))


class PlaceScreen(PileOrderScreen, MerchantScreen):
    """Market, last step: the set-aside cards go on one discard pile, in a chosen order."""

    SECRETS = ("set-aside", "hand", "hidden")

    def compose_main(self) -> ComposeResult:
        yield self.order_list(self.pile_cards(), self.order_title())
        yield from self.secret_lines()
        yield market_panel(self.table)

    def renew_parts(self) -> None:
        self.renew_order(self.pile_cards(), self.order_title())
        self.renew_secret_lines()
        self.renew_panel("market", market_text(self.table))

    def pile_cards(self) -> list[CardView]:
        return list(reversed(self.view.set_aside))

    def order_title(self) -> Text:
        return name_title("{} puts the set-aside cards back", self.actor_name)

    def placement(self, pile: int, order: tuple[int, ...]) -> tuple[Action, ...]:
        return decisions.place(self.seat, pile, order)


# ----- the bag and the declaration ---------------------------------------------------------


class LoadScreen(MerchantScreen):
    """Seal one to five cards in the bag; what each declaration would risk is shown."""

    BINDINGS = [
        Binding("enter", "load", "Load bag", priority=True),
        Binding("space", "mark", "Mark"),
        Binding("a", "mark_kind", "Mark kind"),
    ]

    SECRETS = ("hand", "hidden")

    def compose_main(self) -> ComposeResult:
        hand = CardList(sort_cards(self.view.hand), DATA.bag_max, id="hand")
        hand.border_title = self.hand_title()
        hand.border_subtitle = "space marks · a: a kind · Enter loads"
        yield hand
        yield from self.secret_lines()
        yield Panel(Text(""), title="Your bag (only you see this)", id="risk")

    def hand_title(self) -> Text:
        return name_title("{} loads the bag (1-5 cards)", self.actor_name)

    def renew_parts(self) -> None:
        self.query_one("#hand", CardList).renew(sort_cards(self.view.hand), DATA.bag_max, self.hand_title())
        self.renew_secret_lines()  # (the risk: `set_up`)

    def set_up(self) -> None:
        self.query_one("#hand", CardList).focus()
        self.show_risk()

    def candidate(self) -> list[CardView]:
        hand = self.query_one("#hand", CardList)
        if hand.marked:
            return hand.marked_cards
        card = hand.highlighted_card
        return [card] if card is not None else []

    def show_risk(self) -> None:
        cards = [c.id for c in self.candidate()]
        hand = self.query_one("#hand", CardList)
        out = Text()
        what = "marked" if hand.marked else "highlighted"
        out.append(f"Bag ({what}): ", style="bold")
        out.append(describe(cards))
        worth = sum(c.value for c in self.candidate())
        out.append(f"\nPasses: worth {worth} · opened, declared as:", style="dim")
        for good in declarable(self.table):
            out.append(f"\n {count_text(len(cards), good):<11} ")
            out.append(judgement_text(cards, good))
        self.query_one("#risk", Panel).update(out)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_risk()

    def action_mark(self) -> None:
        hand = self.query_one("#hand", CardList)
        if not hand.toggle():
            self.notify(f"A bag holds at most {count(hand.limit, 'card')}.", severity="warning")
        self.show_risk()

    def action_mark_kind(self) -> None:
        hand = self.query_one("#hand", CardList)
        card = hand.highlighted_card
        if card is None:
            return
        same = [i for i, c in enumerate(hand.cards) if c.name == card.name]  # card indices
        if all(i in hand.marked for i in same):
            for i in same:
                hand.toggle(i)
        else:
            for i in same:
                if i not in hand.marked:
                    hand.toggle(i)
        self.show_risk()

    def action_load(self) -> None:
        cards = tuple(c.id for c in self.candidate())
        self.submit(decisions.load(self.seat, cards))


def truest_good(bag: Sequence[CardView], goods: Sequence[str]) -> str:
    """The good of `goods` that most cards of `bag` are (the first of `goods` among
    equals, and when the bag holds none of them)."""
    held = Counter(card.name for card in bag)
    return max(goods, key=lambda good: (held[good], -goods.index(good)))


class DeclareScreen(MerchantScreen):
    """Name one legal good and the bag's size; the table sees only this declaration."""

    BINDINGS = [Binding("enter", "declare", "Declare", priority=True)]

    SECRETS = ("bag", "hand", "hidden")

    def compose_main(self) -> ComposeResult:
        goods = SheriffList(*self.goods_options(), id="goods")
        goods.border_title = self.goods_title()
        goods.border_subtitle = "Enter declares the highlighted good"
        yield goods
        yield from self.secret_lines()
        yield Panel(self.declared_text(), title="Declared so far", id="declared")

    def renew_parts(self) -> None:
        renew_choices(self.query_one("#goods", OptionList), self.goods_options(), self.goods_title())
        self.renew_secret_lines()
        self.renew_panel("declared", self.declared_text())

    def goods_options(self) -> list[Option]:
        """A line for each good the bag may be declared as (`goods`), with its risk."""
        bag = [c.id for c in self.view.bag]
        n = len(bag)
        self.goods = declarable(self.table)
        options = []
        for good in self.goods:
            text = Text(f"{count_text(n, good):<11} ", style="bold")
            text.append(judgement_text(bag, good), style="dim")
            options.append(Option(text, id=good))
        return options

    def goods_title(self) -> Text:
        return name_title(f"{{}} declares {count(len(self.view.bag), 'card')}", self.actor_name)

    def declared_text(self) -> Text:
        decl = declarations_text(self.table)
        return decl if decl else Text("You declare first.", style="dim")

    def set_up(self) -> None:
        # each line says what that declaration risks; the cursor starts on the bag's
        # own good (the most of its declarable goods), the declaration a player most
        # likely means, so a slip of Enter never tells a lie the player did not choose
        goods = self.query_one("#goods", OptionList)
        goods.focus()
        goods.highlighted = self.goods.index(truest_good(self.view.bag, self.goods))

    def action_declare(self) -> None:
        index = self.query_one("#goods", OptionList).highlighted
        if index is not None:
            self.submit(Declare(seat=self.seat, good=self.goods[index], count=len(self.view.bag)))


# ----- bribes and debts --------------------------------------------------------------------


class OfferScreen(MerchantScreen):
    """The threatened merchant composes a bribe (maybe nothing); the offer is then public."""

    BINDINGS = [
        Binding("enter", "offer", "Offer", priority=True),
        Binding("f", "favour", "Favour"),
    ]

    SECRETS = ("bag", "hidden", "hand")

    def compose_main(self) -> ComposeResult:
        composer = BribeRows(self.bribe_rows(), len(self.view.bag), id="rows")
        composer.border_title = self.rows_title()
        composer.border_subtitle = self.rows_subtitle()
        yield composer
        yield FavourChoice(*self.favour_choice())
        yield line(Text(""), id="preview")
        yield line(self.situation_text(), id="situation")
        yield from self.secret_lines()

    def renew_parts(self) -> None:
        composer = self.query_one("#rows", BribeRows)
        composer.renew(self.bribe_rows(), len(self.view.bag), self.rows_title())
        composer.border_subtitle = self.rows_subtitle()
        self.query_one(FavourChoice).renew(*self.favour_choice())
        self.renew_panel("situation", self.situation_text())  # (the preview: `set_up`)
        self.renew_secret_lines()

    def bribe_rows(self) -> list[Row]:
        """The lines of an offer: gold, each kind of the stand, each kind the bag may be
        said to hold, at the Sheriff's demand if there is one (`in_bag`: what the bag
        holds, by kind)."""
        view, table, seat = self.view, self.table, self.seat
        me = table.seats[seat]
        rows = [Row("gold", "", "Gold", me.gold)]
        stand = Counter(c.name for c in view.hidden) + Counter(c.name for c in me.stand)
        for kind in sorted(stand, key=lambda k: (k not in LEGAL_GOODS, k)):
            down = "" if kind in LEGAL_GOODS else " (down)"
            rows.append(Row("stand", kind, f"Stand: {kind}", stand[kind], note=f"of {stand[kind]}{down}"))
        bag_kinds = {c.name for c in view.bag} | {me.declaration} | set(table.demand.bag if table.demand else ())
        size = len(view.bag)
        self.in_bag = Counter(c.name for c in view.bag)
        for kind in sorted(k for k in bag_kinds if k):
            held = self.in_bag[kind]
            # up to the bag's size may be promised; only what is in the bag is paid
            rows.append(Row("bag", kind, f"Bag: {kind}", size, note=f"{held} in bag" if held else "none in bag"))
        prefill(rows, table.demand)
        return rows

    def rows_title(self) -> Text:
        return name_title("{} threatens your bag: your offer", self.seat_name(self.table.sheriff))

    def favours(self) -> list[str]:
        return [move.favour for move in self.legal if isinstance(move, BribeFavour)]  # what the rules offer

    def rows_subtitle(self) -> str:
        return "←→ amount · f favour · Enter offers" if self.favours() else "←→ amount · Enter offers"

    def favour_choice(self) -> tuple[str, list[str]]:
        """The favour at first (the Sheriff's demand's), and the favours offered."""
        demand = self.table.demand
        return (demand.favour if demand else "", self.favours())

    def situation_text(self) -> Text:
        view, table = self.view, self.table
        me = table.seats[self.seat]
        size = len(view.bag)
        info = Text()
        info.append(f"You declared {count_text(size, me.declared)}. If opened: ", style="dim")
        info.append(judgement_text([c.id for c in view.bag], me.declared))
        if table.demand is not None:
            info.append("\n")
            info.append_text(bribe_text(f"{self.seat_name(table.sheriff)} asks for: ", table.demand))
            info.append(f" ({count(table.counters_left, 'counter-offer')} left)", style="dim")
        return info

    def set_up(self) -> None:
        self.query_one("#rows", BribeRows).focus()
        self.show_preview()

    def bribe(self) -> Bribe:
        return self.query_one("#rows", BribeRows).bribe(self.query_one(FavourChoice).favour)

    def show_preview(self) -> None:
        bribe = self.bribe()
        text = bribe_text("Your offer: ", bribe)
        if bribe.empty:
            text.append(" (Enter offers no bribe)", style="dim")
        short = [
            f"{count_text(self.in_bag[kind], kind)}" for kind, n in Counter(bribe.bag).items()
            if n > self.in_bag[kind]
        ]
        if short:  # a promise beyond the bag: only what is there is handed over
            text.append(f" (in the bag: {', '.join(short)}; a promise beyond that is not paid)", style="dim")
        self.query_one("#preview", Static).update(text)

    def on_bribe_rows_changed(self, event: BribeRows.Changed) -> None:
        self.show_preview()

    def action_favour(self) -> None:
        self.query_one(FavourChoice).next_favour()
        self.show_preview()

    def action_offer(self) -> None:
        self.submit(decisions.offer(self.seat, self.bribe()))


class PayScreen(MerchantScreen):
    """Out of gold, a debtor pays with goods of their stand, one at a time (no change)."""

    BINDINGS = [Binding("enter", "pay", "Pay with it", priority=True)]

    SECRETS = ("hidden", "hand")

    def compose_main(self) -> ComposeResult:
        stand = SheriffList(*self.goods_options(), id="goods")
        stand.border_title = self.goods_title()
        stand.border_subtitle = "Enter gives the highlighted good"
        yield stand
        yield line(self.help_text(), "dim", id="pay-help", classes="hint")
        yield from self.secret_lines()

    def renew_parts(self) -> None:
        renew_choices(self.query_one("#goods", OptionList), self.goods_options(), self.goods_title())
        self.renew_panel("pay-help", Text(self.help_text(), style="dim"))
        self.renew_secret_lines()

    def goods_title(self) -> Text:
        debt = self.table.debt
        assert debt is not None, "a debtor pays only while in debt"
        return name_title(f"{{}} owes {{}} {debt.amount} gold", self.actor_name, self.seat_name(debt.creditor))

    def help_text(self) -> str:
        return (f"{self.actor_name} has no gold left: pay with goods from your stand, each worth its "
                "value; no change is given.")

    def goods_options(self) -> list[Option]:
        """A line for each kind of good the debtor's stand holds (`kinds`)."""
        me = self.table.seats[self.seat]
        goods = Counter(c.name for c in me.stand) + Counter(c.name for c in self.view.hidden)
        values = {c.name: c.value for c in (*me.stand, *self.view.hidden)}
        self.kinds = sorted(goods, key=lambda k: (k not in LEGAL_GOODS, k))
        width = max(len(k) for k in self.kinds)
        options = []
        for kind in self.kinds:
            text = Text(f"{kind:<{width}} ", style="bold")
            text.append(f"worth {values[kind]} · you have {goods[kind]}", style="dim")
            if kind not in LEGAL_GOODS:
                text.append(" · face down", style="dim")
            options.append(Option(text))
        return options

    def set_up(self) -> None:
        self.query_one("#goods", OptionList).focus()

    def action_pay(self) -> None:
        index = self.query_one("#goods", OptionList).highlighted
        if index is not None:
            self.submit(PayWithGood(seat=self.seat, good=self.kinds[index]))


__all__ = [
    "DeclareScreen",
    "DrawScreen",
    "LoadScreen",
    "OfferScreen",
    "PayScreen",
    "PlaceScreen",
    "SetAsideScreen",
]
