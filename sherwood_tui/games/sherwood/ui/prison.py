"""Sherwood (2005): the prison: lining up the newly captured (public), and paying the
Sheriff to free more (private).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from sherwood_tui.core.seat import SeatFeed
from sherwood_tui.core.wording import count
from sherwood_tui.games.sherwood.rules.data import data
from sherwood_tui.games.sherwood.rules.legal import ransom_choices
from sherwood_tui.games.sherwood.rules.model import CloseCell, LineUp, Ransom
from sherwood_tui.games.sherwood.rules.views import PublicView, SeatView, gold_held, newcomers_in
from sherwood_tui.games.sherwood.ui.common import PEEK_KEYS, ChoiceScreen, SherwoodScreen, option_id, plain
from sherwood_tui.games.sherwood.ui.text import PRISON_HELP
from sherwood_tui.ui.widgets import update_in_place


class OrderScreen(SherwoodScreen):
    """Line up the newly captured characters: the top one is freed first."""

    room_parts = ("map",)  # the prison is on the screen itself

    BINDINGS = [
        Binding("up", "cursor(-1)", show=False),
        Binding("down", "cursor(1)", show=False),
        Binding("t", "top", "To the top"),
        Binding("shift+up,left_square_bracket", "shift(-1)", "Move up", show=False),
        Binding("shift+down,right_square_bracket", "shift(1)", "Move down", show=False),
        Binding("enter", "done", "Keep this order"),
        *PEEK_KEYS,
    ]

    RENEWABLE = True  # newcomers to line up again, a later turn

    def __init__(self, feed: SeatFeed[SeatView, PublicView]) -> None:
        super().__init__(feed)
        self.read_lineup()

    def read_lineup(self) -> None:
        """The line-up as the feed has it, the cursor on its top (a new decision's)."""
        prison = self.table.seats[self.seat].prison
        newcomers = newcomers_in(self.table, self.seat)
        self.head = prison[: len(prison) - len(newcomers)]
        # lined up before (the rules hold them; a decision under way is the seat's own)
        self.lined = self.view.lined_up if isinstance(self.view, SeatView) else tuple(
            c for c in newcomers if LineUp(seat=self.seat, member=c) not in self.feed.legal)
        self.order = [*self.lined, *(c for c in newcomers if c not in self.lined)]
        self.index = 0

    def doing(self) -> str:
        return f"{self.actor_name} lines up the prisoners"

    def compose_main(self) -> ComposeResult:
        with VerticalScroll(id="info"):
            yield self.prison_cells()
        lineup = Static(Text(""), id="lineup", markup=False)
        lineup.border_title = self.lineup_title()
        lineup.border_subtitle = Text("t: to the top · shift+arrows move · Enter")
        yield lineup

    def mounted(self) -> None:
        self._show()

    def renew_main(self) -> None:
        self.read_lineup()
        self.renew_prison_cells()
        self.renew_info()
        self.query_one("#lineup", Static).border_title = self.lineup_title()
        self._show()

    def lineup_title(self) -> Text:
        return Text(f"{self.actor_name}'s newcomers (top is freed first)")

    def _show(self) -> None:
        chars = data().characters
        out = Text()
        if self.head:
            out.append("Already inside (freed before them): " +
                       ", ".join(chars[c].name for c in self.head) + "\n", style="dim")
        for i, c in enumerate(self.order):
            here = i == self.index
            out.append("▶ " if here else "  ", style="bold")
            out.append(f"{len(self.head) + i + 1}. {chars[c].name}", style="bold reverse" if here else "")
            out.append("\n")
        out.append("The Sheriff frees the first of a cell when he reaches it: put the one you "
                   "need back soonest at the top.", style="dim")
        self.query_one("#lineup", Static).update(out)

    def action_cursor(self, step: int) -> None:
        self.index = max(0, min(len(self.order) - 1, self.index + step))
        self._show()

    def action_shift(self, step: int) -> None:
        j = self.index + step
        if 0 <= j < len(self.order):
            self.order[self.index], self.order[j] = self.order[j], self.order[self.index]
            self.index = j
            self._show()

    def action_top(self) -> None:
        self.order.insert(0, self.order.pop(self.index))
        self.index = 0
        self._show()

    def moves(self) -> tuple[LineUp | CloseCell, ...]:
        """This order in the rules' small moves: the newcomers lined up one by one, as
        few as needed (those left follow in the order they came), then the cell closed."""
        done = len(self.lined)
        tail = self.order[done:]
        came = [c for c in newcomers_in(self.table, self.seat) if c not in self.lined]
        first = next(p for p in range(len(tail) + 1) if tail[p:] == [c for c in came if c not in tail[:p]])
        return (*(LineUp(seat=self.seat, member=c) for c in tail[:first]), CloseCell(seat=self.seat))

    def action_done(self) -> None:
        self.submit(self.moves())


class RansomScreen(ChoiceScreen):
    """The Sheriff freed the top prisoner of your cell: pay to free more?"""

    private = True
    RENEWABLE = True  # the Sheriff at the seat's cell again, a later turn
    room_parts = ("map",)  # the prison is on the screen itself

    def doing(self) -> str:
        return f"{self.actor_name} may pay the Sheriff"

    def compose_main(self) -> ComposeResult:
        with VerticalScroll(id="info"):
            yield plain(self.rounds_line(), "bold", id="rounds")
            yield self.prison_cells()
            yield plain(PRISON_HELP, "dim")
        choices = OptionList(*self.ransom_options(), id="choices")
        choices.border_title = self.gold_title()
        choices.border_subtitle = Text("arrows, Enter")
        yield choices

    def renew_main(self) -> None:
        update_in_place(self.query_one("#rounds", Static), Text(self.rounds_line(), style="bold"))
        self.renew_prison_cells()
        self.renew_info()
        self.renew_choice_list(self.ransom_options(), self.gold_title())

    def rounds_line(self) -> str:
        """The log's line of the Sheriff's rounds this turn."""
        return next((e.text for e in reversed(self.feed.log) if e.text.startswith("The Sheriff makes")), "")

    def gold_title(self) -> Text:
        return Text(f"{self.actor_name} holds {count(gold_held(self.mine), 'Gold', 'Gold')}")

    def ransom_options(self) -> list[Option]:
        chars = data().characters
        jailed = self.table.seats[self.seat].prison
        gold = gold_held(self.mine)
        options = [Option(Text("Pay nothing", style="bold"), id="0")]
        for k, cost, affordable in ransom_choices(len(jailed), gold):  # the rules' offers
            if not k:
                continue  # "Pay nothing", first
            names = " and ".join(chars[c].name for c in jailed[:k])
            label = Text()
            label.append(f"Pay {cost} Gold: free {names}", style="bold")
            if not affordable:
                label.append(f"\n  you hold {count(gold, 'Gold', 'Gold')}", style="dim")
            options.append(Option(label, id=str(k), disabled=not affordable))
        return options

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.submit(Ransom(seat=self.seat, free=int(option_id(event))))
