"""Pieces every Sheriff of Nottingham screen shares: public text, the base screen, the
card lists (marking, ordering) and the bribe composer.

Public text is built from the `PublicView` only; a private screen adds its seat's secret
zones with the view's own `*_text` lines (the strings the privacy tests look for).
Player names are free text: they only ever go into rich `Text`, never markup.
`seat_text` and `move_text` word a seat's secrets for a replay's designer view only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.segment import Segment
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from sherwood_tui.core.wording import count
from sherwood_tui.games.sheriff.rules.model import (
    KIND_ORDER,
    LEGAL_GOODS,
    Bribe,
    BribeBagGood,
    BribeFavour,
    BribeGold,
    BribeStandGood,
    Confiscate,
    CounterOffer,
    Declare,
    Draw,
    EndInspection,
    LetPass,
    LoadBag,
    LoadCard,
    Offer,
    OpenBag,
    PayWithGood,
    PileCard,
    PlaceAside,
    SetAside,
    SetAsideCard,
    Threaten,
    judge_bag,
    kinds_in_play,
)
from sherwood_tui.games.sheriff.rules.views import (
    CardView,
    PublicView,
    SeatPublic,
    SeatView,
)
from sherwood_tui.games.sheriff.rules.wording import (
    count_text,
    describe,
    describe_bribe,
    describe_kinds,
)
from sherwood_tui.ui.colours import GREEN, RED, VIOLET
from sherwood_tui.ui.game_screen import GameScreen
from sherwood_tui.ui.screens import close
from sherwood_tui.ui.widgets import PEEK, KeyBar, Panel, fit, renew_choices, update_in_place

if TYPE_CHECKING:
    from sherwood_tui.core.seat import SeatFeed
    from sherwood_tui.games.sheriff.rules.model import Action

CSS_FILE = Path(__file__).parent / "sheriff.tcss"
# A card's name in its kind's colour (contraband in bold too); its kind is also written
# beside it, in bold for contraband (KIND_TAG_STYLE).
KIND_STYLE = {"legal": GREEN, "contraband": f"bold {RED}", "royal": VIOLET}
KIND_TAG_STYLE = {"legal": "dim", "contraband": f"bold {RED}", "royal": "dim"}
KIND_TAG = {"legal": "legal", "contraband": "contraband", "royal": "royal"}


def line(text: str | Text, style: str = "", **kwargs: Any) -> Static:
    """A Static that shows its text exactly as given (never parsed as markup)."""
    content = text if isinstance(text, Text) else Text(text, style=style)
    return Static(content, markup=False, **kwargs)


def sort_cards(cards: Iterable[CardView]) -> list[CardView]:
    """Cards grouped by kind in the data file's order (legal goods first)."""
    return sorted(cards, key=lambda c: (KIND_ORDER[c.name], c.id))


def kinds(cards: Iterable[CardView]) -> str:
    return describe_kinds(c.name for c in cards)


def runs(cards: Sequence[CardView]) -> str:
    """A pile top first, with runs of one kind merged: "Mead, 2 Apples, Silk"."""
    out: list[str] = []
    last, n = None, 0
    for card in reversed(cards):
        if card.name == last:
            n += 1
            continue
        if last is not None:
            out.append(last if n == 1 else count_text(n, last))
        last, n = card.name, 1
    if last is not None:
        out.append(last if n == 1 else count_text(n, last))
    return ", ".join(out)


def pile_line(table: PublicView, pile: int, show: int = 3) -> Text:
    """'Pile 1 (7): Mead, Silk, Apples …' top first."""
    cards = table.discards[pile]
    text = Text()
    text.append(f"Discard pile {pile + 1}", style="bold")
    text.append(f" ({len(cards)}): ")
    if not cards:
        text.append("empty", style="dim")
        return text
    top = cards[-show:]
    text.append(runs(top))
    if len(cards) > show:
        text.append(" …", style="dim")
    return text


def market_text(table: PublicView) -> Text:
    """The two discard piles (top first) and the draw pile's size, a line each (the
    market panel cuts a long line with an ellipsis: the table view, v, lists every card)."""
    out = Text()
    out.append_text(pile_line(table, 0))
    out.append("\n")
    out.append_text(pile_line(table, 1))
    out.append("\n")
    out.append("Draw pile", style="bold")
    out.append(f": {count(table.draw_pile, 'card')}")
    return out


def market_panel(table: PublicView) -> Panel:
    """The market in a bordered panel, with the key that shows every card of the piles."""
    panel = Panel(market_text(table), title="Market", id="market")
    panel.border_subtitle = "v: every card of the piles"
    return panel


def stand_text(seat: SeatPublic) -> str:
    """A stand as the table sees it: legal goods by kind, face-down goods as a count."""
    if not seat.stand and not seat.hidden_count and seat.hidden is None:
        return "empty"
    shown = kinds(seat.stand) if seat.stand else "no legal goods"
    if seat.hidden is not None:  # revealed at the end of the game
        hidden = kinds(seat.hidden) if seat.hidden else "nothing"
        return f"{shown}; face down: {hidden}"
    return f"{shown} · {seat.hidden_count} face down" if seat.hidden_count else shown


def stands_text(table: PublicView) -> Text:
    """Every stand, one seat per line (wrapping if long); gold is on the scoreboard."""
    out = Text()
    for i, seat in enumerate(table.seats):
        if i:
            out.append("\n")
        out.append(seat.name, style="bold")
        out.append(": ")
        out.append(stand_text(seat))
    return out


def declarations_text(table: PublicView) -> Text:
    """The declarations of the bags still closed, in order from the Sheriff's left (a bag
    dealt with is in the round's notes instead)."""
    out = Text()
    n = len(table.seats)
    for k in range(1, n):
        seat = table.seats[(table.sheriff + k) % n]
        if seat.declaration is None or not seat.bag_count:
            continue
        if out:
            out.append("\n")
        out.append(seat.name, style="bold")
        out.append(f" declared {count_text(seat.bag_count, seat.declaration)}")
    return out


def pile_text(table: PublicView, pile: int, compact: bool = False) -> Text:
    """A discard pile in full, top first, runs of one kind merged (the table view; the
    whole table of a large terminal, `compact`: its heading fits a narrow column)."""
    cards = table.discards[pile]
    text = Text()
    if compact:
        text.append(f"Discard pile {pile + 1}", style="bold")
        text.append(f" ({len(cards)}), top first:\n" if cards else " (0)\n", style="dim")
    else:
        text.append(f"Discard pile {pile + 1}", style="bold")
        text.append(f", {count(len(cards), 'card')}", style="dim")
        text.append(", top first:\n" if cards else "\n", style="dim")
    text.append(runs(cards) or "empty")
    return text


def bag_words(table: PublicView, s: int) -> str:
    """The bag in front of a seat, as the table sees it: its size and declaration."""
    seat = table.seats[s]
    if seat.is_sheriff and not table.over:
        return "the Sheriff"
    if not seat.bag_count:
        return "no closed bag"
    if seat.declaration is None:
        return f"bag of {seat.bag_count}, not declared yet"
    gate = " · at the gate" if s == table.target else ""
    return f"bag: declared {count_text(seat.bag_count, seat.declaration)}{gate}"


def whole_table_text(table: PublicView) -> Text:
    """The whole public table for a large terminal: every merchant with the bag in front
    of them and their stand, then both discard piles in full and the draw pile."""
    out = Text()
    for s, seat in enumerate(table.seats):
        out.append(seat.name, style="bold")
        out.append(f" · {bag_words(table, s)}\n")
        out.append(f"  stand: {stand_text(seat)}\n")
    for pile in (0, 1):
        out.append("\n")
        out.append_text(pile_text(table, pile, compact=True))
    out.append("\n\n")
    out.append("Draw pile", style="bold")
    out.append(f": {count(table.draw_pile, 'card')}")
    return out


def table_text(table: PublicView) -> Text:
    """The public table in a few lines (for bot turns and overviews)."""
    out = Text()
    sheriff = table.seats[table.sheriff].name
    out.append(f"Sheriff: {sheriff}", style="bold")
    out.append(f" · round {table.round} of {table.rounds_total} · {table.phase}\n", style="dim")
    decl = declarations_text(table)
    if decl:
        out.append_text(decl)
        out.append("\n")
    out.append_text(stands_text(table))
    out.append("\n")
    out.append_text(market_text(table))
    return out


def seat_text(view: SeatView) -> Text:
    """A seat's own view in words (a replay's designer view): each secret zone that
    holds a card, a line each, as its private screens show it (the view's `*_text`)."""
    zones = (
        (view.hand, view.hand_text), (view.bag, view.bag_text),
        (view.set_aside, view.set_aside_text), (view.hidden, view.hidden_text),
    )
    lines = [text for cards, text in zones if cards]
    return Text("\n".join(lines) if lines else "nothing secret")


def move_text(action: Any, table: PublicView) -> str | None:
    """What the log does not say of a move (a replay's designer view): a card set
    aside, a card put in a bag. None for every other move: its log lines say it (the
    cards a draw from the pile brings are in the hand)."""
    name = table.seats[action.seat].name
    if isinstance(action, SetAsideCard):
        return f"{name} sets aside {describe((action.card,))}"
    if isinstance(action, LoadCard):
        return f"{name} loads {describe((action.card,))}"
    return None


def decision_text(moves: Sequence[Any], view: SeatView) -> str:
    """A whole decision as the screens word it, for a hint, naming the exact choice: a
    bag loaded card by card and closed as one ("load 3 Apples, 1 Silk" with the cards
    already in it, then "declare 4 Apples"), cards set aside, a draw with its card
    ("draw Cheese from discard pile 1"), a put-back with its pile ("discard 3 Apples on
    discard pile 2"), a bribe offered or asked for, the Sheriff's threat, pass or
    opening ("let Much's bag pass"), a debt paid."""
    table = view.table
    loaded = [card.id for card in view.loading]
    aside: list[int] = []
    piled: list[int] = []
    pile = table.pile
    drawn = [0, 0]  # cards drawn so far from each discard pile
    bribe = Bribe()
    words: list[str] = []

    def bag_of(move: Any) -> str:
        return f"{table.seats[move.merchant].name}'s bag"

    for move in moves:
        if isinstance(move, LoadCard):
            loaded.append(move.card)
        elif isinstance(move, LoadBag):
            words.append(f"load {describe(loaded)}")
        elif isinstance(move, Declare):
            words.append(f"declare {count_text(move.count, move.good)}")
        elif isinstance(move, SetAsideCard):
            aside.append(move.card)
        elif isinstance(move, SetAside):
            words.append(f"set aside {describe(aside)}" if aside else "set nothing aside")
        elif isinstance(move, Draw):
            words.append(_draw_words(table, move, drawn))
        elif isinstance(move, PileCard):
            piled.append(move.card)
            pile = move.pile
        elif isinstance(move, (PlaceAside, Confiscate)):
            verb = "discard" if isinstance(move, PlaceAside) else "put"
            where = f" on discard pile {pile + 1}" if pile is not None else ""
            words.append(f"{verb} {describe(piled)}{where}" if piled else "done")
        elif isinstance(move, BribeGold):
            bribe = replace(bribe, gold=bribe.gold + move.amount)
        elif isinstance(move, BribeStandGood):
            bribe = replace(bribe, stand=(*bribe.stand, move.good))
        elif isinstance(move, BribeBagGood):
            bribe = replace(bribe, bag=(*bribe.bag, move.good))
        elif isinstance(move, BribeFavour):
            bribe = replace(bribe, favour=move.favour)
        elif isinstance(move, Offer):
            words.append("offer nothing" if bribe.empty else f"offer {describe_bribe(bribe)}")
        elif isinstance(move, CounterOffer):
            words.append("ask for nothing" if bribe.empty else f"ask for {describe_bribe(bribe)}")
        elif isinstance(move, Threaten):
            words.append(f"threaten to inspect {bag_of(move)}")
        elif isinstance(move, OpenBag):
            words.append(f"inspect {bag_of(move)}")
        elif isinstance(move, LetPass):
            offer = table.offer if table.step == "decide" else None
            taking = f", taking {describe_bribe(offer)}" if offer is not None and not offer.empty else ""
            words.append(f"let {bag_of(move)} pass{taking}")
        elif isinstance(move, EndInspection):
            words.append("inspect no more: every bag left passes")
        elif isinstance(move, PayWithGood):
            words.append(f"pay with {count_text(1, move.good)}")
    return ", ".join(_blind_draws_together(words))


def _blind_draws_together(words: list[str]) -> list[str]:
    """Draws from the draw pile in a row said once: "draw 3 cards from the draw pile"."""
    out: list[str] = []
    run = 0
    for word in [*words, ""]:
        if word == BLIND_DRAW:
            run += 1
            continue
        if run:
            out.append(BLIND_DRAW if run == 1 else f"draw {run} cards from the draw pile")
            run = 0
        if word:
            out.append(word)
    return out


BLIND_DRAW = "draw from the draw pile"


def _draw_words(table: PublicView, move: Draw, drawn: list[int]) -> str:
    """A draw with the card it takes: a discard pile's top (the next one down, for a
    second draw from it), or the draw pile's unknown card."""
    if move.from_discard is None:
        return BLIND_DRAW
    cards = table.discards[move.from_discard]
    taken = drawn[move.from_discard]
    drawn[move.from_discard] += 1
    name = cards[-1 - taken].name if taken < len(cards) else "a card"
    return f"draw {name} from discard pile {move.from_discard + 1}"


def scoreboard_text(feed: SeatFeed[SeatView, PublicView], round_end: bool = False) -> Text:
    """Gold, the size of each stand (face up / face down) and the score so far (the
    game's own score lines: gold, goods face up, King and Queen bonuses; face-down goods
    count only at the end): public information only, every column labelled."""
    table: PublicView = feed.table
    scores = {line.seat: line.total for line in feed.scores}
    out = Text()
    out.append(f"{'':11}{'gold':>5}{'up':>3}{'dn':>3}{'score':>6}\n", style="dim")
    for s, seat in enumerate(table.seats):
        sheriff = seat.is_sheriff and not table.over
        out.append("*" if sheriff else " ", style="bold")
        out.append(fit(seat.name, 10), style="bold" if sheriff else "")
        out.append(f"{seat.gold:>5}{len(seat.stand):>3}{seat.hidden_count:>3}{scores[s]:>6g}\n")
    out.append("* Sheriff · up/dn: stand", style="dim")
    if not table.over:
        out.append("\nscore: face-down not counted", style="dim")
    return out


def judgement_text(cards: Sequence[int], good: str) -> str:
    """What opening a bag of these cards declared as `good` would mean, in a few words."""
    j = judge_bag(cards, good)
    if j.honest:
        return f"honest: Sheriff pays you {j.sheriff_pays}"
    text = f"lie: fine {j.fine} · {len(j.confiscated)} lost"
    if j.passes:
        text += f" · {len(j.passes)} pass"
    return text


def whole_table(table: PublicView) -> list[Widget]:
    """The whole table's column at 120x40 and larger, beside a decision or a bot's turn:
    every stand, the bags in front of their merchants, both discard piles in full."""
    return [Panel(whole_table_text(table), title="The table", id="whole-table")]


def declarable(table: PublicView) -> list[str]:
    """The legal goods that are in this game (no Bread with three players)."""
    in_play = kinds_in_play(len(table.seats), table.options.royal_goods)
    return [g for g in LEGAL_GOODS if g in in_play]


# ----- the base screen -----------------------------------------------------------------


class SheriffScreen(GameScreen[SeatView, PublicView]):
    """Every Sheriff of Nottingham decision screen: its scoreboard and the table key.
    Built from its seat's feed only: the public view (`table`), the seat's own view on a
    private screen (`view`), and the seat's legal actions (`legal`)."""

    CSS_PATH = CSS_FILE
    BINDINGS = [Binding("v", "look", "Table", group=PEEK)]

    table: PublicView

    def compose_room(self) -> Iterable[Widget]:
        """Every stand, the bags in front of their merchants, both discard piles in full
        (public: the same on every seat's screen)."""
        return whole_table(self.table)

    def action_look(self) -> None:
        # a private screen's table view adds the seat's own face-down goods
        self.app.push_screen(SheriffTableScreen(self.feed))

    def seat_name(self, seat: int) -> str:
        return self.table.seats[seat].name

    def renew_panel(self, id: str, text: Text) -> None:
        """A part of a kept screen shown anew (its `id`): the market, the stands..."""
        update_in_place(self.query_one(f"#{id}", Static), text)

    def on_mount(self) -> None:
        self.set_up()

    def set_up(self) -> None:
        """What the screen does once built, and again once renewed: focus its choices,
        highlight the usual one, show what it depends on."""

    def renew_main(self) -> None:
        """A kept screen, for its seat's next decision of its kind (`GameScreen.renew`):
        its parts as a new screen's (`renew_parts`), scrolled to the top, then set up."""
        for main in self.query("#main"):
            main.scroll_home(animate=False, immediate=True)
        self.renew_parts()
        self.set_up()

    def renew_parts(self) -> None:  # pragma: no cover - a RENEWABLE screen's own
        """Bring every part of the main column up to date with the feed just taken, as
        `compose_main` builds them, with no half-made choice left."""
        raise NotImplementedError


class SheriffTableScreen(Screen[None]):
    """The whole public table: both discard piles card by card, the draw pile, every
    stand and the declarations of the closed bags. Anyone may look at any time. Opened
    from a private screen (given that seat's `view`), it is private too and adds the
    seat's own face-down goods; otherwise it never shows a secret."""

    CSS_PATH = CSS_FILE
    BINDINGS = [Binding("escape,v,q", "close", "Close")]

    def __init__(self, feed: SeatFeed[SeatView, PublicView]) -> None:
        super().__init__()
        self.feed = feed
        self.view: SeatView | None = feed.view if feed.private else None
        self.private = self.view is not None  # as GameScreen: whose secrets it may show
        self.seat = feed.seat if self.private else None

    def compose(self) -> ComposeResult:
        table: PublicView = self.feed.table
        yield line(f"{self.feed.game.title} · the table", "bold", id="title")
        with VerticalScroll(id="look"):
            for pile in (0, 1):
                yield line(pile_text(table, pile), classes="look-block")
            draw = f"Draw pile: {count(table.draw_pile, 'card')}"
            yield line(Text(draw + (" (face down)" if table.draw_pile else "")), classes="look-block")
            decl = declarations_text(table)
            if decl:
                yield line(Text("Declarations\n", style="bold") + decl, classes="look-block")
            stands = Text("Stands\n", style="bold") + stands_text(table)
            if self.view is not None and self.view.hidden:  # only on a private table view
                stands.append("\n" + self.view.hidden_text, style="bold")
            yield line(stands, id="stands", classes="look-block")
            if table.round_notes:
                yield line(Text("This round\n", style="bold") + Text("\n".join(table.round_notes)), classes="look-block")
        yield line("Esc goes back.", "dim")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#look").focus()

    def action_close(self) -> None:
        close(self)


# ----- lists -------------------------------------------------------------------------


class SheriffList(OptionList, inherit_bindings=False):
    """An option list that moves with the arrows and leaves every other key to its screen
    (Enter included), so the help lists the screen's own keys, not scrolling ones.

    The highlighted line carries a ▸ in a two-cell gutter, so the cursor reads without
    colour (NO_COLOR, 16-colour terminals); the cursor stops at either end of the list
    (no wrapping round) and skips disabled lines (a header)."""

    CURSOR = "▸ "

    BINDINGS = [
        Binding("enter", "select", show=False),  # the screen's own Enter (priority) wins
        Binding("up", "cursor_up", show=False),
        Binding("down", "cursor_down", show=False),
        Binding("home", "first", show=False),
        Binding("end", "last", show=False),
        Binding("pageup", "page_up", show=False),
        Binding("pagedown", "page_down", show=False),
    ]

    def _get_left_gutter_width(self) -> int:
        return len(self.CURSOR)

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        try:
            index, offset = self._lines[self.scroll_offset.y + y]
        except IndexError:  # below the options: a blank line as wide as the list
            return strip
        cursor = index == self.highlighted and offset == 0
        style = next(iter(strip)).style if strip.cell_length else None
        mark = Segment(self.CURSOR if cursor else " " * len(self.CURSOR), style)
        return Strip([mark, *strip], strip.cell_length + len(self.CURSOR))

    def _step(self, direction: int) -> None:
        index = self.highlighted
        if index is None:
            self.action_first() if direction > 0 else self.action_last()
            return
        index += direction
        while 0 <= index < self.option_count:
            if not self.get_option_at_index(index).disabled:
                self.highlighted = index
                return
            index += direction

    def action_cursor_up(self) -> None:
        self._step(-1)

    def action_cursor_down(self) -> None:
        self._step(1)


def card_columns(cards: Iterable[CardView]) -> tuple[int, int]:
    """The widths of the name and kind columns for these cards."""
    cards = list(cards)
    name = max((len(c.name) for c in cards), default=6)
    kind = max((len(KIND_TAG[c.kind]) for c in cards), default=5)
    return max(name, 4), max(kind, 4)


def card_header(widths: tuple[int, int]) -> Text:
    """The column heads of a card list (one line, above the cards)."""
    name, kind = widths
    return Text(f"    {'card':<{name}} {'kind':<{kind}} worth fine", style="dim")


def card_prompt(card: CardView, widths: tuple[int, int], mark: str | None = None) -> Text:
    """One card on one line, under `card_header`: an optional mark, its name coloured by
    kind, the kind in words (so it never rests on colour), its value and its penalty (the
    fine if it is caught). 44 cells at most: it fits an 80-column terminal with Royal
    Goods (the longest name, Pumpernickel Bread, beside contraband)."""
    name, kind = widths
    text = Text()
    if mark is not None:
        text.append(mark + " ", style="bold" if mark != "[ ]" else "dim")
    text.append(f"{card.name:<{name}} ", style=KIND_STYLE[card.kind])
    text.append(f"{KIND_TAG[card.kind]:<{kind}}", style=KIND_TAG_STYLE[card.kind])
    text.append(f" {card.value:>5} {card.penalty:>4}")
    return text


class CardList(SheriffList):
    """Cards to choose among, under a header line: space marks a card (up to `limit`),
    the highlight moves. Card indices (`marked`, `toggle`) count the cards only."""

    def __init__(self, cards: Sequence[CardView], limit: int, **kwargs: Any) -> None:
        super().__init__(*self._take(cards, limit), **kwargs)

    def _take(self, cards: Sequence[CardView], limit: int) -> list[Option]:
        """Hold these cards, none marked; their lines, under the header."""
        self.cards = list(cards)
        self.limit = limit
        self.marked: list[int] = []  # indices, in the order they were marked
        self.widths = card_columns(self.cards)
        header = Option(card_header(self.widths), disabled=True)
        return [header, *[Option(self._prompt(i)) for i in range(len(self.cards))]]

    def renew(self, cards: Sequence[CardView], limit: int, title: Text) -> None:
        """A kept screen's list for its next decision (`GameScreen.renew`): these cards,
        none marked, the first card highlighted, as a new list has them."""
        renew_choices(self, self._take(cards, limit), title)
        self.action_first()  # (past the header)

    def _prompt(self, index: int) -> Text:
        return card_prompt(self.cards[index], self.widths, "[x]" if index in self.marked else "[ ]")

    def toggle(self, index: int | None = None) -> bool:
        """Mark or unmark a card; False when the limit forbids marking another."""
        index = self.highlighted_index if index is None else index
        if index is None:
            return True
        if index in self.marked:
            self.marked.remove(index)
        elif len(self.marked) >= self.limit:
            return False
        else:
            self.marked.append(index)
        self.replace_option_prompt_at_index(index + 1, self._prompt(index))
        return True

    @property
    def highlighted_index(self) -> int | None:
        """The index of the highlighted card (the header line is not a card)."""
        return None if not self.highlighted else self.highlighted - 1

    @property
    def marked_cards(self) -> list[CardView]:
        return [self.cards[i] for i in sorted(self.marked)]

    @property
    def highlighted_card(self) -> CardView | None:
        index = self.highlighted_index
        return None if index is None else self.cards[index]


class OrderList(SheriffList):
    """Cards to put on a pile: the first line ends on top; shift+arrows reorder."""

    def __init__(self, cards: Sequence[CardView], **kwargs: Any) -> None:
        self.cards = list(cards)  # top first
        super().__init__(*self._order_options(), **kwargs)

    def renew(self, cards: Sequence[CardView], title: Text) -> None:
        """A kept screen's list for its next decision: these cards in their first order,
        the first highlighted (`GameScreen.renew`)."""
        self.cards = list(cards)
        renew_choices(self, self._order_options(), title)

    def _order_options(self) -> list[Option]:
        width = max((len(c.name) for c in self.cards), default=6)
        out = []
        for i, card in enumerate(self.cards):
            text = Text()  # not Text(..., style="dim"): that would dim the whole line, the name too
            text.append(f"{i + 1}. ", style="dim")
            text.append(f"{card.name:<{width}}", style=KIND_STYLE[card.kind])
            if i == 0:
                text.append("  ← ends on top", style="dim")
            out.append(Option(text))
        return out

    def move(self, delta: int) -> None:
        i = self.highlighted
        if i is None:
            return
        j = i + delta
        if not 0 <= j < len(self.cards):
            return
        self.cards[i], self.cards[j] = self.cards[j], self.cards[i]
        self.set_options(self._order_options())
        self.highlighted = j

    @property
    def bottom_first(self) -> tuple[int, ...]:
        return tuple(c.id for c in reversed(self.cards))


class PileOrderScreen(SheriffScreen):
    """Put cards on a discard pile in a chosen order (the market's set-aside cards, or
    the Sheriff's confiscated goods)."""

    BINDINGS = [
        Binding("enter", "place(0)", "Pile 1", priority=True),
        Binding("2", "place(1)", "Pile 2"),
        Binding("1", "place(0)", "Pile 1", show=False),
        Binding("shift+up", "move(-1)", "Reorder", key_display="shift+↑↓"),
        Binding("shift+down", "move(1)", "Move down", show=False),
    ]

    def order_list(self, cards: Sequence[CardView], title: Text) -> OrderList:
        order = OrderList(cards, id="order")
        order.border_title = title
        order.border_subtitle = "Enter: pile 1 · 2: pile 2 · shift+↑↓"
        return order

    def renew_order(self, cards: Sequence[CardView], title: Text) -> None:
        """The order list of a kept screen, for its next decision (as `order_list`)."""
        self.query_one("#order", OrderList).renew(cards, title)

    def set_up(self) -> None:
        self.query_one("#order", OrderList).focus()

    def action_move(self, delta: int) -> None:
        self.query_one("#order", OrderList).move(delta)

    def action_place(self, pile: int) -> None:
        self.submit(self.placement(pile, self.query_one("#order", OrderList).bottom_first))

    def placement(self, pile: int, order: tuple[int, ...]) -> tuple[Action, ...]:  # pragma: no cover - overridden
        raise NotImplementedError


# ----- the bribe composer -------------------------------------------------------------


@dataclass
class Row:
    """One line of a bribe: gold, a kind from the stand, or a kind promised from the bag.
    `most` is the most the line allows; `note` says what there is ("of 50", "2 in the
    bag", "bag holds 3"), which may be less than `most` (a merchant may promise more of a
    kind than the bag holds: only what is there is paid)."""

    zone: str  # "gold", "stand", "hidden" (a Sheriff's demand of face-down goods) or "bag"
    kind: str
    label: str
    most: int
    value: int = 0
    note: str = ""

    def __post_init__(self) -> None:
        if not self.note:
            self.note = f"of {self.most}"


class BribeRows(SheriffList):
    """The lines of a bribe; ← and → change the highlighted amount (shift: by 5)."""

    BINDINGS = [
        Binding("right", "adjust(1)", "More"),
        Binding("left", "adjust(-1)", "Less"),
        Binding("shift+right", "adjust(5)", "5 more", show=False),
        Binding("shift+left", "adjust(-5)", "5 less", show=False),
    ]

    LABEL_MOST = 25  # a line fits an 80-column terminal: label, "◂ 10 ▸", an 11-cell note

    class Changed(Message):
        """An amount changed (the screen shows the new bribe)."""

    def __init__(self, rows: list[Row], bag_size: int, hidden_limit: int | None = None, **kwargs: Any) -> None:
        super().__init__(*self._take(rows, bag_size, hidden_limit), **kwargs)

    def _take(self, rows: list[Row], bag_size: int, hidden_limit: int | None) -> list[Option]:
        """Hold these rows (at their amounts); their lines."""
        self.rows = rows
        self.bag_size = bag_size
        self.hidden_limit = hidden_limit  # a Sheriff may ask for at most this many face-down goods
        self.width = min(max(len(r.label) for r in rows), self.LABEL_MOST)
        return [Option(self._prompt(r)) for r in rows]

    def renew(self, rows: list[Row], bag_size: int, title: Text, hidden_limit: int | None = None) -> None:
        """A kept screen's composer for its next bribe (`GameScreen.renew`): these rows,
        the first highlighted, as a new composer has them."""
        renew_choices(self, self._take(rows, bag_size, hidden_limit), title)

    def _prompt(self, row: Row) -> Text:
        text = Text()
        label = row.label if len(row.label) <= self.width else row.label[: self.width - 1] + "…"
        text.append(f"{label:<{self.width}} ")
        text.append("◂ ", style="dim")
        text.append(f"{row.value:>2}", style="bold" if row.value else "dim")
        text.append(" ▸", style="dim")
        text.append(f" {row.note}", style="dim")
        return text

    def adjust(self, delta: int) -> None:
        i = self.highlighted
        if i is None:
            return
        row = self.rows[i]
        value = max(0, min(row.most, row.value + delta))
        if row.zone == "bag" and value > row.value:
            others = sum(r.value for r in self.rows if r.zone == "bag" and r is not row)
            value = min(value, self.bag_size - others)
        if row.zone == "hidden" and value > row.value and self.hidden_limit is not None:
            others = sum(r.value for r in self.rows if r.zone == "hidden" and r is not row)
            value = min(value, self.hidden_limit - others)
        value = max(value, 0)
        if value != row.value:
            row.value = value
            self.replace_option_prompt_at_index(i, self._prompt(row))
            self.post_message(self.Changed())

    def action_adjust(self, delta: int) -> None:
        self.adjust(delta)

    def bribe(self, favour: str) -> Bribe:
        gold = sum(r.value for r in self.rows if r.zone == "gold")
        stand: list[str] = []
        bag: list[str] = []
        for r in self.rows:
            if r.zone in ("stand", "hidden"):
                stand += [r.kind] * r.value
            elif r.zone == "bag":
                bag += [r.kind] * r.value
        return Bribe(gold=gold, stand=tuple(stand), bag=tuple(bag), favour=favour.strip())


def prefill(rows: list[Row], bribe: Bribe | None) -> None:
    """Start the rows at an earlier bribe (as far as the rows allow)."""
    if bribe is None:
        return
    wanted = {("gold", ""): bribe.gold}
    for kind, n in Counter(bribe.stand).items():
        wanted[("stand", kind)] = n
        wanted[("hidden", kind)] = n
    for kind, n in Counter(bribe.bag).items():
        wanted[("bag", kind)] = n
    for row in rows:
        row.value = min(row.most, wanted.get((row.zone, row.kind), 0))


class FavourChoice(Static):
    """The favour a bribe promises: none, or one of the promises the legal moves offer
    (`f` moves to the next one; none offered: the line says so, and `f` does nothing)."""

    def __init__(self, favour: str, offered: Sequence[str]) -> None:
        self._take(favour, offered)
        super().__init__(self._text(), markup=False, id="favour")

    def _take(self, favour: str, offered: Sequence[str]) -> None:
        self.choices = ("", *offered)
        self.index = self.choices.index(favour) if favour in self.choices else 0

    def renew(self, favour: str, offered: Sequence[str]) -> None:
        """A kept screen's favour for its next bribe (`GameScreen.renew`), as a new one."""
        self._take(favour, offered)
        update_in_place(self, self._text())

    @property
    def favour(self) -> str:
        return self.choices[self.index]

    def next_favour(self) -> None:
        if len(self.choices) == 1:
            return
        self.index = (self.index + 1) % len(self.choices)
        self.update(self._text())

    def _text(self) -> Text:
        text = Text()
        text.append("Favour: ", style="bold")
        if self.favour:
            text.append(f'"{self.favour}"')
        else:
            text.append("none")
        text.append("  (f: next promise)" if len(self.choices) > 1 else "  (no favours in this game's bribes)",
                    style="dim")
        return text


def bribe_text(label: str, bribe: Bribe | None) -> Text:
    """'Offer: 5 gold and a favour: "..."' as plain text (the favour is never markup)."""
    text = Text()
    text.append(label, style="bold")
    text.append(describe_bribe(bribe))
    return text
