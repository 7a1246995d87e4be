"""Sherwood (2005): preparing an ambush (private, after the curtain): the band around the
Forest card, who goes and who stays, the loot they carry, and the totals it makes.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Static

from sherwood_tui.core.seat import SeatFeed
from sherwood_tui.core.wording import count
from sherwood_tui.games.sherwood.rules.data import data
from sherwood_tui.games.sherwood.rules.model import PendingParty
from sherwood_tui.games.sherwood.rules.phases.prepare import ambush_moves
from sherwood_tui.games.sherwood.rules.tables import gold_cards, has_trait, paid_count, party_totals
from sherwood_tui.games.sherwood.rules.views import PublicView, SeatView
from sherwood_tui.games.sherwood.ui.common import PEEK_KEYS, SherwoodScreen
from sherwood_tui.games.sherwood.ui.text import (
    SKILL_SHORT,
    fitting_name,
    hand_text,
    loot_text,
    mission_board,
    stacks_text,
    trait_text,
)
from sherwood_tui.ui.colours import CYAN, GREEN, YELLOW

BAND_KEYS = "1234567890abcdef"  # the keys of a band's characters, in band order


def band_key(index: int) -> str:
    return BAND_KEYS[index] if index < len(BAND_KEYS) else " "


AMBUSH_TIPS = (
    "The highest total at a skill claims its mission; a tie fails it.",
    "The most seen party (highest Discretion) goes to prison if it won a mission.",
    "Sent someone, won no mission, not the most seen: Little Booty (1 Loot card).",
)


class BandView(Widget):
    """The band as cards around the Forest card, drawn from the screen's plan."""

    def render(self) -> Text:
        screen: AmbushScreen = self.screen  # type: ignore[assignment]
        return screen.band_text(self.content_size.height, self.content_size.width)


class AmbushScreen(SherwoodScreen):
    """Put characters before the Forest card (they go) or after it (they stay); equip
    loot; see the totals. Enter commits; nobody goes until someone is moved."""

    private = True
    BINDINGS = [
        Binding("up", "cursor(-1)", show=False),
        Binding("down", "cursor(1)", show=False),
        Binding("space", "go_stay", "Go/stay"),
        Binding("l", "loot", "Loot"),
        Binding("g", "group", "Group loot"),
        Binding("enter", "commit", "Commit"),
        Binding("n", "nobody", "Everyone stays", show=False),
        Binding("1", "number(1)", "Go/stay by key (10th: 0, then a-f)", key_display="1-9 0 a-f", show=False),
        *[Binding(key, f"number({i + 1})", "", show=False) for i, key in enumerate(BAND_KEYS) if i],
        *PEEK_KEYS,
    ]

    RENEWABLE = True  # an ambush every turn

    def __init__(self, feed: SeatFeed[SeatView, PublicView]) -> None:
        super().__init__(feed)
        self.read_plan()

    def read_plan(self) -> None:
        """The band, the hand and the party as the feed has them (nobody goes until
        someone is moved, but what the rules hold as being formed), the cursor on the
        first character free to go."""
        mine = self.table.seats[self.seat]
        self.band = mine.band
        self.avail = mine.available
        self.jailed = mine.prison
        self.hand = self.mine.hand
        self.formed = self.mine.forming or PendingParty()  # chosen before (the rules hold it)
        self.going: list[str] = list(self.formed.members)
        self.personal: dict[str, int] = dict(self.formed.personal)
        self.group: int | None = self.formed.group
        self.cursor = self.avail[0] if self.avail else None

    def doing(self) -> str:
        return f"{self.actor_name} prepares an ambush"

    def keys_hint(self) -> str:
        """The keys that send or keep a character of this band: '1-6', '1-9 0', '1-9 0 a-c'."""
        k = len(self.band)
        if k <= 9:
            return f"1-{k}"
        if k == 10:
            return "1-9 0"
        return f"1-9 0 a-{BAND_KEYS[k - 1]}" if k > 11 else "1-9 0 a"

    # --- layout
    def compose_main(self) -> ComposeResult:
        board = Static(Text(""), id="board", markup=False)
        board.border_title = Text("Missions · your party's total at each skill")
        band = BandView(id="band")
        self.title_parts(board, band)
        yield board
        yield band

    def title_parts(self, board: Static, band: BandView) -> None:
        """The titles of the board and the band that change with the feed."""
        board.border_subtitle = stacks_text(self.table)
        band.border_title = Text(f"{self.actor_name}'s band and the Forest card (secret)")
        band.border_subtitle = Text(f"{self.keys_hint()} or space: go/stay · l: loot · g: group · Enter")

    def mounted(self) -> None:
        self._update()

    def renew_main(self) -> None:
        self.read_plan()
        self.title_parts(self.query_one("#board", Static), self.query_one("#band", BandView))
        self._update()

    def _update(self) -> None:
        width = self.main_width() - 4
        self.query_one("#board", Static).update(mission_board(self.table, self.totals(), width))
        self.query_one("#band", BandView).refresh()

    def on_resize(self, event: events.Resize) -> None:  # (and the base screen's own)
        self._update()

    # --- the plan
    def staying(self) -> list[str]:
        return [c for c in self.avail if c not in self.going]

    def order(self) -> list[str]:
        return self.going + self.staying()

    def personal_pairs(self) -> tuple[tuple[str, int], ...]:
        return tuple((c, self.personal[c]) for c in self.going if c in self.personal)

    def totals(self) -> tuple[int, int, int, int]:
        return party_totals(tuple(self.going), self.personal_pairs(), self.group)

    def gold(self) -> int:
        return len(gold_cards(self.hand))

    def band_text(self, height: int, width: int) -> Text:
        chars = data().characters
        rows: list[Text] = []
        head = Text(f"  key {'Character':<22}{'Str':>4}{'Dex':>4}{'Cun':>4}{'Dis':>4}  Loot or trait", style="dim")
        cursor_row = 0

        def row(c: str, going: bool) -> list[Text]:
            """A character's line; its loot or trait on a line of its own below it when
            the band is too narrow for both (the map beside it, on a large terminal)."""
            ch = chars[c]
            key = band_key(self.band.index(c))
            here = c == self.cursor
            line = Text(no_wrap=True, overflow="ellipsis")
            line.append("▶ " if here else "  ", style="bold")
            line.append(f" {key}  ", style="bold" if going else "")
            name_style = ("bold " if going else "") + ("reverse" if here else "")
            line.append(f"{fitting_name(c, 21):<22}", style=name_style.strip())
            skills = "".join(f"{v:>4}" for v in ch.skills)
            line.append(skills, style="" if going else "dim")
            line.append("  ")
            extra = Text(no_wrap=True, overflow="ellipsis")
            if c in self.personal:
                extra.append("+ " + loot_text(self.personal[c]), style=f"bold {CYAN}")
            elif trait_text(c):
                extra.append(trait_text(c), style="italic dim")
            if line.cell_len + extra.cell_len <= width:
                return [line + extra]
            return [line, Text(" " * 7, no_wrap=True, overflow="ellipsis") + extra]

        for c in self.going:
            if c == self.cursor:
                cursor_row = len(rows)
            rows += row(c, True)
        forest = Text(no_wrap=True, overflow="ellipsis")
        if self.going:
            forest.append("  ══ The Forest ══", style=f"bold {GREEN}")
            forest.append(" above it: the party goes · below it: stays in camp", style=GREEN)
        else:
            forest.append("  ══ The Forest ══", style=f"bold {GREEN}")
            forest.append(" on top: nobody goes · space sends the one marked ▶", style=GREEN)
        rows.append(forest)
        for c in self.staying():
            if c == self.cursor:
                cursor_row = len(rows)
            rows += row(c, False)
        for c in self.jailed:
            line = Text(no_wrap=True, overflow="ellipsis", style="dim")
            line.append(f"   -  {fitting_name(c, 21):<22}in prison, cannot go")
            rows.append(line)
        footer = self.footer_lines(width)
        room = max(1, height - 1 - len(footer))
        if len(rows) > room:
            # A window around the cursor, with a marker line for what is cut off.
            room = max(3, room)
            start = min(max(0, cursor_row - room // 2), len(rows) - room)
            above, below = start, len(rows) - start - room
            shown = rows[start : start + room]
            if above:
                shown[0] = Text(f"   ↑ {above + 1} more lines (up arrow)", style="dim")
            if below:
                shown[-1] = Text(f"   ↓ {below + 1} more lines (down arrow)", style="dim")
            rows = shown
        spare = height - 1 - len(rows) - len(footer)
        tips = [Text(t, style="dim italic", no_wrap=True, overflow="ellipsis") for t in AMBUSH_TIPS]
        if spare >= len(tips):
            footer += [Text("")] * (spare - len(tips)) + tips
        return Text("\n").join([head, *rows, *footer])

    def footer_lines(self, width: int) -> list[Text]:
        t = self.totals()
        line = Text(no_wrap=True, overflow="ellipsis")
        if self.going:
            line.append(f"Party of {len(self.going)}: ", style="bold")
            for k in range(4):
                line.append(f"{SKILL_SHORT[k]} {t[k]}", style="bold reverse" if k < 3 else "bold")
                line.append("  ")
            if t[3] >= 1:
                line.append("(Discretion: high = seen)", style="dim")
            else:
                line.append("(unseen: no prison)", style="dim")
        else:
            line.append("Nobody goes: Enter sends no one", style="bold")
            if self.jailed:
                line.append(f" and frees {data().characters[self.jailed[0]].name} from your cell", style="bold")
            line.append(".")
        extra = Text(no_wrap=True, overflow="ellipsis")
        if self.group is not None:
            extra.append("Group loot: ", style="bold")
            extra.append(loot_text(self.group), style=f"bold {CYAN}")
            extra.append("  ")
        need = paid_count(tuple(self.going))
        if need:
            extra.append(f"{need} Gold paid to companions  ", style=YELLOW)
        used = set(self.personal.values()) | ({self.group} if self.group is not None else set())
        used |= set(gold_cards(self.hand)[:need])
        hand = Text(f"Hand: {hand_text(self.hand, used)}", style="dim")
        lines = [line]
        if extra.plain:
            lines.append(extra)
        lines += hand.wrap(self.app.console, max(10, width))[:2]
        return lines

    # --- keys
    def _refresh_plan(self) -> None:
        self._update()

    def action_cursor(self, step: int) -> None:
        order = self.order()
        if not order:
            return
        i = order.index(self.cursor) if self.cursor in order else 0
        self.cursor = order[max(0, min(len(order) - 1, i + step))]
        self._refresh_plan()

    def action_number(self, number: int) -> None:
        """Send or keep the character with this number (its key: 1-9, 0 for the 10th,
        then a-f)."""
        if number > len(self.band):
            return
        c = self.band[number - 1]
        if c not in self.avail:
            self.notify(f"{data().characters[c].name} is in prison.", markup=False)
            return
        self.cursor = c
        self.action_go_stay()

    def action_go_stay(self) -> None:
        c = self.cursor
        if c is None:
            self.notify("Your whole band is in prison: Enter sends no one.", markup=False)
            return
        ch = data().characters[c]
        if c in self.going:
            self.going.remove(c)
            self.personal.pop(c, None)
            if not self.going:
                self.group = None
        else:
            need = paid_count(tuple(self.going)) + 1
            if ch.paid and need > self.gold():
                if need == 1:
                    text = f"{ch.name} must be paid a Gold card, and you hold none."
                else:
                    text = (f"{ch.name} must be paid a Gold card too: {need} paid companions need "
                            f"{need} Gold, and you hold {count(self.gold(), 'Gold', 'Gold')}.")
                self.notify(text, markup=False, severity="warning")
                return
            if self.group is not None and ch.trait == "no_group_loot":
                self.notify(f"{ch.name} refuses group loot: {data().loot[self.group].name} goes back "
                            "to the hand.", markup=False)
                self.group = None
            self.going.append(c)
        self._refresh_plan()

    def action_nobody(self) -> None:
        self.going, self.personal, self.group = [], {}, None
        self._refresh_plan()

    def action_loot(self) -> None:
        c = self.cursor
        loot = data().loot
        personal = [card for card in self.hand if loot[card].kind == "personal"]
        if not personal:
            self.notify("You hold no personal loot card.", markup=False)
            return
        if c is None:
            self.notify("Your whole band is in prison: nobody can carry loot.", markup=False)
            return
        if c not in self.going:
            name = data().characters[c].name
            self.notify(f"{name} stays in camp: press space to send them first.", markup=False)
            return
        taken = {card for who, card in self.personal.items() if who != c}
        options: list[int | None] = [None] + [card for card in personal if card not in taken]
        current = self.personal.get(c)
        nxt = options[(options.index(current) + 1) % len(options)]
        if nxt is None:
            self.personal.pop(c, None)
        else:
            if self.group is not None:
                self.notify(f"{loot[self.group].name} goes back to the hand: a party carries personal "
                            "loot or one group card.", markup=False)
                self.group = None
            self.personal[c] = nxt
        self._refresh_plan()

    def action_group(self) -> None:
        loot = data().loot
        groups = [card for card in self.hand if loot[card].kind == "group"]
        if not groups:
            self.notify("You hold no group loot card.", markup=False)
            return
        if not self.going:
            self.notify("Nobody goes yet: send someone first (space).", markup=False)
            return
        if has_trait(tuple(self.going), "no_group_loot"):
            self.notify("Clorinda's party cannot use group loot.", markup=False)
            return
        options: list[int | None] = [None, *groups]
        nxt = options[(options.index(self.group) + 1) % len(options)]
        if nxt is not None and self.personal:
            self.notify("The personal loot goes back to the hand: a party carries personal loot or "
                        "one group card.", markup=False)
            self.personal = {}
        self.group = nxt
        self._refresh_plan()

    def party(self) -> PendingParty:
        return PendingParty(members=tuple(self.going), personal=self.personal_pairs(), group=self.group)

    def action_commit(self) -> None:
        """The whole party in the rules' small moves: each member, each loot card, sent."""
        self.submit(tuple(ambush_moves(self.seat, self.party(), self.formed)))
