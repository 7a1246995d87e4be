"""Sherwood (2005) screens: ambush (private), reveal (public interlude), missions and
rewards, the map for choosing towns, the prison, and peeks at the map and prison.

Every screen is given its seat's `SeatFeed[SeatView, PublicView]` (core/seat.py), never the state: the public
view (`self.table`), the seat's legal actions (`self.legal`) and, on private screens
only, its own view (`self.view`), nothing of anyone else's. What a screen works out
beyond them comes from the rules' own functions over a view (`views.py`, `legal.py`).
The peeks and the reveal are given the public view. Player names are always plain Text.
`seat_text` and `move_text` word a seat's secrets for a replay's designer view only.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from sherwood_tui.core.seat import SeatFeed
from sherwood_tui.core.wording import count
from sherwood_tui.games.sherwood.rules.data import SKILL_NAMES, Reward, data
from sherwood_tui.games.sherwood.rules.legal import ransom_choices
from sherwood_tui.games.sherwood.rules.model import (
    AddMember,
    ChooseMission,
    ChooseReward,
    ChooseTown,
    CloseCell,
    GiveLoot,
    LineUp,
    PendingParty,
    PendingReward,
    Ransom,
    RewardKind,
    SendParty,
)
from sherwood_tui.games.sherwood.rules.phases.prepare import ambush_moves
from sherwood_tui.games.sherwood.rules.scoring import network_of, placement_points
from sherwood_tui.games.sherwood.rules.tables import gold_cards, has_trait, mission_name, paid_count, party_totals
from sherwood_tui.games.sherwood.rules.views import (
    PublicView,
    SeatView,
    free_pass,
    gold_held,
    newcomers_in,
    reward_problem,
    takeable_towns,
    town_cost,
)
from sherwood_tui.games.sherwood.ui.map_widget import MapWidget
from sherwood_tui.games.sherwood.ui.text import (
    FOREST_MARK,
    PLAIN_MARK,
    PRISON_HELP,
    SKILL_SHORT,
    fit,
    fitting_name,
    hand_text,
    loot_text,
    mission_board,
    mission_rewards_text,
    outcome_lines,
    party_table,
    party_text,
    prison_table,
    reward_text,
    scoreboard,
    seat_style,
    stacks_text,
    town_label,
    trait_text,
)
from sherwood_tui.ui.colours import CYAN, GREEN, YELLOW
from sherwood_tui.ui.game_screen import GameScreen
from sherwood_tui.ui.screens import SteadyScreen
from sherwood_tui.ui.widgets import PEEK, KeyBar, Panel, our_app


def plain(text: str, style: str = "", **kwargs: Any) -> Static:
    return Static(Text(text, style=style), markup=False, **kwargs)


def titled(panel: Panel, title: Text) -> Panel:
    """A panel with a plain Text title (a player's name is never markup)."""
    panel.border_title = title
    return panel


def option_id(event: OptionList.OptionSelected) -> str:
    """The id of the option chosen (every option of these screens has one)."""
    assert event.option.id is not None
    return event.option.id


def scoreboard_text(feed: SeatFeed[SeatView, PublicView], round_end: bool = False) -> Text:
    """Public: the popularity track with towns, largest network and prisoners (the same
    now and at a round's end)."""
    return scoreboard(feed.table)


def legend(table: PublicView) -> Text:
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append(f"{FOREST_MARK}", style=GREEN)
    out.append(" forest  ")
    out.append(f"{PLAIN_MARK}", style=YELLOW)
    out.append(" plain  [NOT] Nottingham ")
    for s, seat in enumerate(table.seats):
        out.append(" ")
        out.append(f"{s + 1}", style=seat_style(s) + " reverse")
        out.append(" ")
        out.append(fit(seat.name, 10), style=seat_style(s))
    return out


# ----- peeks: the map and the prison, public, from any Sherwood screen ---------------


class MapView(SteadyScreen):
    """The whole map with every pawn; arrows inspect towns. Changes nothing."""

    BINDINGS = [
        Binding("escape,m,q,enter", "close", "Close the map"),
        Binding("left", "move(-1, 0)", show=False),
        Binding("right", "move(1, 0)", show=False),
        Binding("up", "move(0, -1)", show=False),
        Binding("down", "move(0, 1)", show=False),
        Binding("tab", "cycle(1)", show=False),
    ]

    def __init__(self, table: PublicView) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        yield plain("Sherwood (2005) · the map (arrows show a town; Esc closes)", id="title")
        mapw = MapWidget(self.table.towns, (), "ollerton", id="map")
        mapw.border_title = Text("Nottinghamshire")
        yield mapw
        yield Static(Text(""), id="map-info", markup=False)
        yield Static(legend(self.table), id="map-legend", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        self._info()

    def _info(self) -> None:
        mapw = self.query_one("#map", MapWidget)
        self.query_one("#map-info", Static).update(town_info(self.table, mapw.cursor))

    def action_move(self, dx: int, dy: int) -> None:
        self.query_one("#map", MapWidget).move(dx, dy)
        self._info()

    def action_cycle(self, step: int) -> None:
        self.query_one("#map", MapWidget).cycle(step)
        self._info()

    def action_close(self) -> None:
        self.app.pop_screen()


def town_info(table: PublicView, town: str | None) -> Text:
    d = data()
    out = Text()
    if town is None:
        return out
    i = d.town_index[town]
    t = d.towns[i]
    out.append(f"{t.name} ({t.short})", style="bold")
    out.append(f" · {t.terrain}")
    owner = table.towns[i]
    if owner is None:
        out.append(" · free")
    else:
        net = network_of(table.towns, owner, i)
        out.append(" · held by ")
        out.append(table.seats[owner].name, style=seat_style(owner))
        out.append(f" (network of {count(len(net), 'town')}")
        out.append(", road to Nottingham)" if net & d.by_nottingham else ")")
    roads = sorted(d.towns[n].short for n in d.neighbours[i])
    if i in d.by_nottingham:
        roads.insert(0, "NOT")
    out.append("\nRoads to " + ", ".join(roads), style="dim")
    return out


class PrisonView(SteadyScreen):
    """The cells and their prisoners, and where the Sheriff stands. Changes nothing."""

    BINDINGS = [Binding("escape,p,q,enter", "close", "Close the prison")]

    def __init__(self, table: PublicView) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        yield plain("Sherwood (2005) · the Sheriff's prison (Esc closes)", id="title")
        yield Static(prison_table(self.table, self.app.size.width), markup=False, id="cells")
        yield plain(PRISON_HELP, "dim", id="prison-help")
        yield plain(data().prison_text, "dim", id="prison-cells-help")
        yield KeyBar()

    def action_close(self) -> None:
        self.app.pop_screen()


# ----- the base of the decision screens ----------------------------------------------


PEEK_KEYS = [
    Binding("m", "show_map", "Map", group=PEEK),
    Binding("p", "show_prison", "Prison", show=False),
]


class SherwoodScreen(GameScreen[SeatView, PublicView]):
    """Every Sherwood decision screen: the public scoreboard, and peeks at the map (m)
    and the prison (p). Subclasses list PEEK_KEYS last so their own keys come first."""

    CSS_PATH = Path(__file__).parent / "sherwood.tcss"
    seat: int  # a decision screen's seat (the feed of a seat to act)
    table: PublicView

    def __init__(self, feed: SeatFeed[SeatView, PublicView]) -> None:
        super().__init__(feed)
        assert feed.seat is not None, "a Sherwood decision screen needs its seat"

    @property
    def mine(self) -> SeatView:
        """The seat's own view (its hand): private screens only."""
        assert self.view is not None, f"{type(self).__name__} is not private"
        return self.view

    def heading(self) -> str:
        return f"{self.game.title} · {self.feed.round_label} · {self.doing()}"

    def doing(self) -> str:
        """What the player is deciding, for the title."""
        return ""

    def on_mount(self) -> None:
        self.query_one("#scoreboard").border_subtitle = "m: map · p: prison"
        self.mounted()

    def mounted(self) -> None:
        """What a subclass does on mount (on_mount here sets the scoreboard's hint)."""

    def action_show_map(self) -> None:
        self.app.push_screen(MapView(self.table))

    def action_show_prison(self) -> None:
        self.app.push_screen(PrisonView(self.table))

    def hand_panel(self) -> Panel:
        return titled(Panel(Text(hand_text(self.mine.hand)), id="hand"), Text(f"{self.actor_name}'s loot (secret)"))


# ----- ambush preparations (private) ----------------------------------------------------


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

    def __init__(self, feed: SeatFeed[SeatView, PublicView]) -> None:
        super().__init__(feed)
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
        board.border_subtitle = stacks_text(self.table)
        yield board
        band = BandView(id="band")
        band.border_title = Text(f"{self.actor_name}'s band and the Forest card (secret)")
        band.border_subtitle = Text(f"{self.keys_hint()} or space: go/stay · l: loot · g: group · Enter")
        yield band

    def mounted(self) -> None:
        self._update()

    def _update(self) -> None:
        width = self.app.size.width - 4
        self.query_one("#board", Static).update(mission_board(self.table, self.totals(), width))
        self.query_one("#band", BandView).refresh()

    def on_resize(self) -> None:
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

        def row(c: str, going: bool) -> Text:
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
            if c in self.personal:
                line.append("+ " + loot_text(self.personal[c]), style=f"bold {CYAN}")
            elif trait_text(c):
                line.append(trait_text(c), style="italic dim")
            return line

        for c in self.going:
            if c == self.cursor:
                cursor_row = len(rows)
            rows.append(row(c, True))
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
            rows.append(row(c, False))
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


# ----- the reveal (public interlude) -------------------------------------------------


class RevealScreen(SteadyScreen):
    """All parties side by side with their totals, who claims what, which missions fail
    and why, capture and Little Booty. Enter goes on."""

    CSS_PATH = Path(__file__).parent / "sherwood.tcss"
    BINDINGS = [
        Binding("enter", "done", "Continue"),
        Binding("m", "show_map", "Map", group=PEEK),
        Binding("p", "show_prison", "Prison", show=False),
    ]

    def __init__(self, table: PublicView) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        reveal = self.table.reveal
        assert reveal is not None, "no ambush has been sprung"
        what = "King Richard's last ambush" if reveal.king else "the ambushes are sprung"
        yield plain(f"Sherwood (2005) · turn {reveal.turn}: {what}!", id="title")
        with VerticalScroll(id="reveal-body"):
            yield Static(party_table(self.table, reveal, self.app.size.width), markup=False, id="parties")
            yield Static(outcome_lines(self.table, reveal), markup=False, id="outcomes")
        if reveal.king:
            hint = "Enter: the final tally."
        else:
            hint = "Enter: on to the rewards, the capture and the Sheriff."
        yield plain(hint, "dim", id="reveal-hint")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#reveal-body").focus()

    def action_done(self) -> None:
        our_app(self).continue_interludes()

    def action_show_map(self) -> None:
        self.app.push_screen(MapView(self.table))

    def action_show_prison(self) -> None:
        self.app.push_screen(PrisonView(self.table))


# ----- choosing one mission, a reward ---------------------------------------------------


class ChoiceScreen(SherwoodScreen):
    """A list of choices; Enter takes the highlighted one."""

    BINDINGS = [Binding("enter", "choose", "Choose", priority=True), *PEEK_KEYS]

    def mounted(self) -> None:
        choices = self.query_one("#choices", OptionList)
        for i in range(choices.option_count):
            if not choices.get_option_at_index(i).disabled:
                choices.highlighted = i
                break
        choices.focus()

    def action_choose(self) -> None:
        self.query_one("#choices", OptionList).action_select()


def rewards_line(mission_id: str) -> str:
    """A mission's rewards on one line, towns in full: 'Champion of Newark or Southwell ·
    Camp · Theft: 3 cards'; a companion in two."""
    mission = data().mission_by_id[mission_id]
    if mission.kind in ("companion", "king"):
        return mission_rewards_text(mission_id)
    parts = []
    for r in mission.rewards:
        if r.type == "champion":
            parts.append(reward_text(r))
        elif r.type == "theft":
            parts.append(f"Theft: {count(r.cards, 'card')}")
        else:
            parts.append(reward_text(r, short=True))
    return " · ".join(parts)


class MissionChoiceScreen(ChoiceScreen):
    """You lead several skills: keep one mission, the others fail."""

    private = True

    def doing(self) -> str:
        return f"{self.actor_name} keeps one mission"

    def compose_main(self) -> ComposeResult:
        reveal = self.table.reveal
        assert reveal is not None, "no ambush has been sprung"
        with VerticalScroll(id="info"):
            box = Static(outcome_lines(self.table, reveal), markup=False, classes="boxed")
            box.border_title = Text("The reveal")
            yield box
        options = []
        for action in self.legal:  # the missions this seat leads, Strength first
            mission = next(r.mission for r in reveal.skills if r.skill == action.skill)
            assert mission is not None
            label = Text()
            label.append(f"{SKILL_NAMES[action.skill]}: {mission_name(mission)}", style="bold")
            label.append(f"\n  {rewards_line(mission)}")
            options.append(Option(label, id=str(action.skill)))
        choices = OptionList(*options, id="choices")
        choices.border_title = Text(f"{self.actor_name} leads several: keep one")
        choices.border_subtitle = Text("arrows, Enter keeps it (the others fail)")
        yield choices
        yield self.hand_panel()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.submit(ChooseMission(seat=self.seat, skill=int(option_id(event))))


class RewardScreen(ChoiceScreen):
    """Take one reward of the mission won."""

    private = True

    @property
    def pending(self) -> PendingReward:
        pending = self.table.reward
        assert pending is not None, "no reward is being chosen"
        return pending

    def doing(self) -> str:
        return f"{self.actor_name} takes a reward"

    def compose_main(self) -> ComposeResult:
        pending = self.pending
        mission = data().mission_by_id[pending.mission]
        legal = {a.reward for a in self.legal}
        options = []
        for r in mission.rewards:
            label = Text()
            label.append(reward_text(r), style="bold")
            problem = reward_problem(self.mine, r.type)
            if problem:
                label.append(f"\n  not possible: {problem}", style="dim")
            else:
                label.append(self.reward_hint(r), style="dim")
            options.append(Option(label, id=r.type, disabled=r.type not in legal))
        if "nothing" in legal:
            options.append(Option(Text("Take nothing (no reward can be taken)", style="bold"), id="nothing"))
        info = Text()
        info.append(self.actor_name, style=seat_style(self.seat))
        info.append(f" won {mission.name} ({SKILL_NAMES[pending.skill]}).")
        with VerticalScroll(id="info"):
            yield Panel(info, title="Reward")
        choices = OptionList(*options, id="choices")
        choices.border_title = Text("Rewards")
        choices.border_subtitle = Text("arrows, Enter takes it")
        yield choices
        yield self.hand_panel()

    def reward_hint(self, r: Reward) -> str:
        d = data()
        reveal = self.table.reveal
        party = reveal.parties[self.seat].members if reveal is not None else ()
        if r.type == "champion":
            towns = takeable_towns(self.mine, "champion")
            best = max((placement_points(self.table.towns, self.seat, d.town_index[t])[0] for t in towns),
                       default=0)
            extra = ", Alan-a-Dale +1" if has_trait(party, "champion_bonus") else ""
            held = [t for t in r.towns if self.table.towns[d.town_index[t]] not in (None, self.seat)]
            hint = f"\n  best town +{best}{extra}"
            if held and free_pass(self.table, self.seat):
                hint += "\n  opponent's town: no Gold (Will Stutely)"
            elif held:
                gold = count(gold_held(self.mine), "Gold", "Gold")
                hint += f"\n  opponent's town: 1 Gold · you hold {gold}"
            return hint
        if r.type == "camp":
            return "\n  +1 per town; chosen on the map"
        if r.type == "theft":
            much = has_trait(party, "theft_bonus")
            return "\n  secret cards for your next ambushes" + (" (Much: +2)" if much else "")
        return ""

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.submit(ChooseReward(seat=self.seat, reward=cast(RewardKind, option_id(event))))


# ----- the map: choosing a town ----------------------------------------------------------


class TownScreen(SherwoodScreen):
    """Champion or Camp: choose a town on the map. Up/Down (and Tab) go through the list
    of the towns you may take, Left/Right to the nearest one on the map; the list says
    what each would score and which cost a Gold card."""

    BINDINGS = [
        Binding("up", "step(-1)", "Previous town in the list", show=False),
        Binding("down", "step(1)", "Next town in the list", show=False),
        Binding("left", "move(-1, 0)", "Nearest town to the left on the map", show=False),
        Binding("right", "move(1, 0)", "Nearest town to the right on the map", show=False),
        Binding("tab", "cycle(1)", "Next town (round the list)", show=False),
        Binding("shift+tab", "cycle(-1)", show=False),
        Binding("enter", "choose", "Take this town"),
        Binding("x", "decline", "No further town"),
        *PEEK_KEYS,
    ]

    def __init__(self, feed: SeatFeed[SeatView, PublicView]) -> None:
        super().__init__(feed)
        reward = self.table.reward
        assert reward is not None, "no reward is being resolved"
        self.reward = reward
        self.choices: tuple[str, ...] = tuple(a.town for a in self.legal if a.town is not None)
        self.can_decline = any(a.town is None for a in self.legal)
        self.free_pass = free_pass(self.table, self.seat)

    def doing(self) -> str:
        what = "Champion" if self.reward.reward == "champion" else "Camp"
        return f"{self.actor_name}: {what}, choose a town"

    def points(self, town: str) -> tuple[int, str]:
        d = data()
        i = d.town_index[town]
        if self.reward.reward != "champion":
            return 1, "1 for the camp"
        total, linked, notts = placement_points(self.table.towns, self.seat, i)
        parts = ["1 for the town"]
        if linked:
            parts.append(f"{linked} connected")
        if notts:
            parts.append("1 road to Nottingham")
        return total, ", ".join(parts)

    def gold_cost(self, town: str) -> int:
        """What taking this town costs in Gold: 1 to drive out an opponent (Champion),
        unless Will Stutely leads the way."""
        return town_cost(self.table, town)

    def best(self) -> str | None:
        if not self.choices:
            return None
        return max(self.choices, key=lambda t: (self.points(t)[0], self.table.towns[data().town_index[t]] is None))

    def compose_main(self) -> ComposeResult:
        mapw = MapWidget(self.table.towns, self.choices, self.best(), id="map")
        mission = mission_name(self.reward.mission)
        mapw.border_title = Text(f"{mission}: {'Champion' if self.reward.reward == 'champion' else 'Camp'}")
        mapw.border_subtitle = Text("↑↓/Tab: list · ←→: map · Enter takes")
        with Horizontal(id="map-row"):
            yield mapw
            yield Static(Text(""), id="town-list", markup=False)
        yield Static(Text(""), id="map-info", markup=False)
        yield Static(legend(self.table), id="map-legend", markup=False)
        if self.reward.reward == "champion":
            how = "Champion: 1 for the town, +1 per joined town of yours, +1 for a road to [NOT]."
        elif any(data().towns[data().town_index[t]].terrain == "plain" for t in self.choices):
            how = "Camp: 1 popularity a town: two free forest towns, or one free plain town."
        else:
            how = "Camp: a pawn on a free forest town, 1 popularity."
        yield plain(how, "dim", id="map-help")

    def mounted(self) -> None:
        self._info()

    def on_resize(self) -> None:
        self._info()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        allowed = super().check_action(action, parameters)  # False until the screen is built
        if allowed and action == "decline":
            return self.can_decline
        return allowed

    def town_list(self, cur: str | None, width: int, height: int) -> Text:
        """The towns that may be taken, in list order (top to bottom of the map), with
        their points and Gold cost; a window round the cursor when they do not fit."""
        d = data()
        mapw = self.query_one("#map", MapWidget)
        wide = width >= 34
        rows: list[Text] = []
        starts: list[bool] = []  # whether each row begins a town (a cost goes below it)
        cursor_row = 0
        for t in mapw.order:
            i = d.town_index[t]
            town = d.towns[i]
            here = t == cur
            if here:
                cursor_row = len(rows)
            pts, _ = self.points(t)
            line = Text(no_wrap=True, overflow="ellipsis")
            line.append("▶" if here else " ", style="bold")
            line.append(FOREST_MARK if town.terrain == "forest" else PLAIN_MARK,
                        style=GREEN if town.terrain == "forest" else YELLOW)
            line.append(f"{town.name:<12}", style="bold reverse" if here else "bold")
            line.append(f" +{pts}")
            cost = self.gold_cost(t)
            owner = self.table.towns[i]
            note = ""
            if cost:
                note = "costs 1 Gold"
            elif owner is not None and owner != self.seat:
                note = "no Gold: Will Stutely"
            if note and wide and owner is not None:
                line.append(f"  {note}, ", style="bold")
                line.append(self.table.seats[owner].name, style=seat_style(owner))
                line.append(" loses 1")
            rows.append(line)
            starts.append(True)
            if note and not wide:
                rows.append(Text(f"    {note}", style="bold", no_wrap=True, overflow="ellipsis"))
                starts.append(False)
        head = Text("Towns you may take" if wide else "You may take", style="bold",
                    no_wrap=True, overflow="ellipsis")
        tail: list[Text] = []
        if self.reward.taken:
            taken = ", ".join(d.towns[d.town_index[t]].name for t in self.reward.taken)
            tail.append(Text(f"Taken: {taken}", no_wrap=True, overflow="ellipsis"))
            more = count(self.reward.picks_left, "more town")
            tail.append(Text(f"{more}, or x: stop", style="dim", no_wrap=True, overflow="ellipsis"))
        room = max(3, height - 1 - len(tail))
        if len(rows) > room:
            start = min(max(0, cursor_row - room // 2), len(rows) - room)
            end = start + room
            if start:
                start += 1  # the first row shown says what is above
            if end < len(rows):
                end -= 1  # the last row shown says what is below
            above, below = sum(starts[:start]), sum(starts[end:])
            rows = rows[start:end]
            if above:
                rows.insert(0, Text(f"  ↑ {count(above, 'more town')}", style="dim"))
            if below:
                rows.append(Text(f"  ↓ {count(below, 'more town')}", style="dim"))
        return Text("\n").join([head, *rows, *tail])

    def _info(self) -> None:
        d = data()
        mapw = self.query_one("#map", MapWidget)
        cur = mapw.cursor
        town_list = self.query_one("#town-list", Static)
        size = town_list.content_size
        width = size.width or max(10, self.app.size.width - 62)
        town_list.update(self.town_list(cur, width, size.height or 18))
        info = Text()
        if cur is None:
            info.append("No town can be taken.")
        else:
            i = d.town_index[cur]
            t = d.towns[i]
            pts, why = self.points(cur)
            info.append(f"{t.name}", style="bold")
            info.append(f" ({t.terrain}) · +{pts} popularity: {why}")
            owner = self.table.towns[i]
            if owner is not None and owner != self.seat:
                info.append(" · drives out ")
                info.append(self.table.seats[owner].name, style=seat_style(owner))
                if self.free_pass:
                    info.append(" (Will Stutely: no Gold)")
                else:
                    info.append(" (costs 1 Gold")
                    if self.private:
                        info.append(f", you hold {count(gold_held(self.mine), 'Gold', 'Gold')}")
                    info.append(")")
                info.append(", who loses 1")
        self.query_one("#map-info", Static).update(info)

    def action_move(self, dx: int, dy: int) -> None:
        self.query_one("#map", MapWidget).move(dx, dy)
        self._info()

    def action_step(self, step: int) -> None:
        self.query_one("#map", MapWidget).step(step)
        self._info()

    def action_cycle(self, step: int) -> None:
        self.query_one("#map", MapWidget).cycle(step)
        self._info()

    def action_choose(self) -> None:
        cur = self.query_one("#map", MapWidget).cursor
        if cur is None:
            self.notify("No town can be taken here.", markup=False)
            return
        self.submit(ChooseTown(seat=self.seat, town=cur))

    def action_decline(self) -> None:
        if self.can_decline:
            self.submit(ChooseTown(seat=self.seat, town=None))


class PrivateTownScreen(TownScreen):
    """The same map, after the curtain: taking an opponent's town may cost Gold."""

    private = True


# ----- the prison: lining up newcomers, paying the Sheriff -------------------------------


class OrderScreen(SherwoodScreen):
    """Line up the newly captured characters: the top one is freed first."""

    BINDINGS = [
        Binding("up", "cursor(-1)", show=False),
        Binding("down", "cursor(1)", show=False),
        Binding("t", "top", "To the top"),
        Binding("shift+up,left_square_bracket", "shift(-1)", "Move up", show=False),
        Binding("shift+down,right_square_bracket", "shift(1)", "Move down", show=False),
        Binding("enter", "done", "Keep this order"),
        *PEEK_KEYS,
    ]

    def __init__(self, feed: SeatFeed[SeatView, PublicView]) -> None:
        super().__init__(feed)
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
            yield Static(prison_table(self.table, self.app.size.width), markup=False, id="cells")
        lineup = Static(Text(""), id="lineup", markup=False)
        lineup.border_title = Text(f"{self.actor_name}'s newcomers (top is freed first)")
        lineup.border_subtitle = Text("t: to the top · shift+arrows move · Enter")
        yield lineup

    def mounted(self) -> None:
        self._show()

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

    def doing(self) -> str:
        return f"{self.actor_name} may pay the Sheriff"

    def compose_main(self) -> ComposeResult:
        rounds = next((e.text for e in reversed(self.feed.log) if e.text.startswith("The Sheriff makes")), "")
        with VerticalScroll(id="info"):
            yield plain(rounds, "bold")
            yield Static(prison_table(self.table, self.app.size.width), markup=False, id="cells")
            yield plain(PRISON_HELP, "dim")
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
        choices = OptionList(*options, id="choices")
        choices.border_title = Text(f"{self.actor_name} holds {count(gold, 'Gold', 'Gold')}")
        choices.border_subtitle = Text("arrows, Enter")
        yield choices

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.submit(Ransom(seat=self.seat, free=int(option_id(event))))


# ----- what the app asks of this module -----------------------------------------------------


SCREENS: dict[str, type[SherwoodScreen]] = {
    "prepare": AmbushScreen,
    "choose_mission": MissionChoiceScreen,
    "choose_reward": RewardScreen,
    "choose_town": TownScreen,
    "order_prisoners": OrderScreen,
    "ransom": RansomScreen,
}


def screen_for(feed: SeatFeed[SeatView, PublicView]) -> GameScreen[SeatView, PublicView]:
    """The decision screen of the feed's seat now (a town is chosen after the curtain,
    `feed.private`, when taking one may cost Gold: the rules' `is_private`)."""
    phase = feed.table.phase
    if phase == "choose_town" and feed.private:
        return PrivateTownScreen(feed)
    if phase not in SCREENS:
        raise ValueError(f"no screen for phase {phase!r}")
    return SCREENS[phase](feed)


def interludes_for(feed: SeatFeed[SeatView, PublicView], events: list[Any]) -> list[Screen[Any]]:
    """The public reveal after the ambushes are sprung (a final step: see rules.is_final)."""
    if any(e.kind == "reveal" for e in events):
        return [RevealScreen(feed.table)]
    return []


def table_text(table: PublicView) -> Text:
    """The public table (shown during a bot's turn): the missions and the stacks."""
    out = Text()
    out.append(f"{stacks_text(table)}\n", style="dim")
    if table.king:
        out.append("King Richard's last ambush: each skill won wins his favour.", style="bold")
        return out
    for k, mid in enumerate(table.missions):
        out.append(f"{SKILL_NAMES[k]}: ", style="bold")
        if mid is None:
            out.append("no mission\n", style="dim")
            continue
        out.append(f"{mission_name(mid)}\n")
        out.append(f"  {mission_rewards_text(mid, short=True)}\n", style="dim")
    out.rstrip()
    return out


def seat_text(view: SeatView) -> Text:
    """A seat's own view in words (a replay's designer view): its loot as its private
    screens word it, and its ambush party while it is still secret (the loot and the
    Gold it takes are the party's, not the hand's, as the ambush screen shows them)."""
    out = Text()
    party = view.party or (view.forming if view.forming is not None and view.forming.members else None)
    if party is None:
        out.append("Loot: ", style="bold")
        out.append(hand_text(view.hand))
        return out
    used = {card for _, card in party.personal} | ({party.group} if party.group is not None else set())
    used |= set(gold_cards(view.hand)[: paid_count(party.members)])
    out.append("Ambush party: ", style="bold")
    out.append(party_text(party.members, party.personal, party.group))
    out.append("\nLoot left in hand: ", style="bold")
    out.append(hand_text(view.hand, used))
    return out


def move_text(action: Any, table: PublicView) -> str | None:
    """What the log does not say of a move (a replay's designer view): who joins an
    ambush party, the loot given to it, a newcomer lined up. None for every other move:
    its log lines say it all."""
    name = table.seats[action.seat].name
    chars = data().characters
    if isinstance(action, AddMember):
        return f"{chars[action.member].name} joins {name}'s party"
    if isinstance(action, GiveLoot):
        whom = "the party" if action.to is None else chars[action.to].name
        return f"{name} gives {data().loot[action.card].name} to {whom}"
    if isinstance(action, LineUp):
        return f"{name} lines up {chars[action.member].name} next"
    return None


REWARD_WORDS = {"champion": "become a Champion", "camp": "take a camp", "theft": "steal cards",
                "nothing": "take nothing"}


def party_aim(table: PublicView, totals: tuple[int, int, int, int]) -> str:
    """" (Strength 7 for Waylay the Tax Collector)": the mission a party's highest total
    goes for ("" when it goes for none); on King Richard's turn, his favour."""
    best, aim = 0, -1
    for k in range(3):
        if (table.king or table.missions[k] is not None) and totals[k] > best:
            best, aim = totals[k], k
    if aim < 0:
        return ""
    mission = table.missions[aim]
    what = mission_name(mission) if mission is not None else "King Richard's favour"
    return f" ({SKILL_NAMES[aim]} {best} for {what})"


def reward_words(view: SeatView, reward: str) -> str:
    """A reward of the mission being resolved, with its mission's name, and for a
    Champion or a camp the towns it may go to ("become a Champion in Newark or Southwell
    (Sack the Abbey)")."""
    words = REWARD_WORDS.get(reward, reward)
    pending = view.table.reward
    if pending is None or reward in ("nothing", "theft") or pending.seat != view.seat:
        return words if pending is None or reward == "nothing" else f"{words} ({mission_name(pending.mission)})"
    towns = [town_label(t) for t in takeable_towns(view, reward)]
    where = ""
    if 0 < len(towns) <= 4:
        where = " in " + (towns[0] if len(towns) == 1 else f"{', '.join(towns[:-1])} or {towns[-1]}")
    elif towns:
        where = f" in one of {len(towns)} towns"
    return f"{words}{where} ({mission_name(pending.mission)})"


def town_words(table: PublicView, town: str | None) -> str:
    """A town taken with the reward being resolved: "become a Champion in Nottingham",
    "camp in Blidworth"; or "no further town"."""
    if town is None:
        return "no further town"
    pending = table.reward
    if pending is not None and pending.reward == "camp":
        return f"camp in {town_label(town)}"
    return f"become a Champion in {town_label(town)}"


def decision_text(moves: Sequence[Any], view: SeatView) -> str:
    """A whole decision as the screens word it, for a hint: an ambush as one party
    ("send Robin Hood, Will Scarlet · Will Scarlet carries Broadsword (+2 Str)", the
    members already chosen included), a mission kept, a reward, a town, a ransom, an
    order of newcomers."""
    chars = data().characters
    forming = view.forming or PendingParty()
    members, personal, group = list(forming.members), list(forming.personal), forming.group
    lined = list(view.lined_up)
    words: list[str] = []
    for move in moves:
        if isinstance(move, AddMember):
            members.append(move.member)
        elif isinstance(move, GiveLoot):
            if move.to is None:
                group = move.card
            else:
                personal.append((move.to, move.card))
        elif isinstance(move, SendParty):
            party = party_text(tuple(members), tuple(personal), group)
            aim = party_aim(view.table, party_totals(tuple(members), tuple(personal), group))
            words.append("send nobody" if not members else f"send {party}{aim}")
        elif isinstance(move, ChooseMission):
            kept = view.table.missions[move.skill]
            words.append(f"keep the {SKILL_NAMES[move.skill]} mission" + (f" ({mission_name(kept)})" if kept else ""))
        elif isinstance(move, ChooseReward):
            words.append(reward_words(view, move.reward))
        elif isinstance(move, ChooseTown):
            words.append(town_words(view.table, move.town))
        elif isinstance(move, LineUp):
            lined.append(move.member)
        elif isinstance(move, CloseCell):
            words.append(f"line up {', '.join(chars[m].name for m in lined)}")
        elif isinstance(move, Ransom):
            words.append("pay nothing" if not move.free else f"pay to free {count(move.free, 'prisoner')}")
    return "; ".join(words)
