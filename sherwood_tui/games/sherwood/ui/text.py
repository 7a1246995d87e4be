"""Sherwood (2005) on screen: rich Text builders shared by the screens (no widgets here).

Everything here works from the public view, or from one seat's own view for the
private parts; player names are always plain Text (never markup).
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet

from rich import box
from rich.table import Table
from rich.text import Text

from sherwood_tui.games.sherwood.rules.data import SKILL_NAMES, Reward, data
from sherwood_tui.games.sherwood.rules.model import ROMAN, Reveal
from sherwood_tui.games.sherwood.rules.phases.booty import little_booty_seats
from sherwood_tui.games.sherwood.rules.phases.capture import capture_seats, discretion_winners
from sherwood_tui.games.sherwood.rules.tables import mission_name, paid_count
from sherwood_tui.games.sherwood.rules.views import PublicView
from sherwood_tui.ui.colours import CYAN, GREEN, PINK, RED, YELLOW
from sherwood_tui.ui.widgets import clip

SKILL_SHORT = ("Str", "Dex", "Cun", "Dis")
SEAT_STYLES = (f"bold {GREEN}", f"bold {PINK}", f"bold {CYAN}", f"bold {YELLOW}")  # and each seat's number
FOREST_MARK, PLAIN_MARK = "^", "="

# Short names for narrow places (the reveal's party columns).
SHORT_NAMES = {
    "robin": "Robin Hood", "john": "Little John", "scarlet": "Will Scarlet", "marian": "Maid Marian",
    "george": "George", "wat": "Wat", "tuck": "Friar Tuck", "stutely": "Stutely", "alan": "Alan-a-Dale",
    "arthur": "Arthur", "clorinda": "Clorinda", "gamble": "Gamble Gold", "david": "David",
    "gilbert": "Gilbert", "much": "Much the Miller", "samir": "Samir",
}

TRAIT_SHORT = {
    "group_loot_double": "counts x2 for group loot",
    "free_displacement": "Champion: drives out for no Gold",
    "champion_bonus": "+1 with a Champion reward",
    "no_group_loot": "party: no group loot",
    "personal_loot_double": "personal loot counts x2",
    "theft_bonus": "Theft: +2 cards",
}


def fit(name: str, room: int) -> str:
    """A player's name in `room` cells: whole, or cut with an ellipsis that shows it."""
    return clip(name, room)


def seat_style(seat: int) -> str:
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def short_name(char_id: str) -> str:
    return SHORT_NAMES.get(char_id) or data().characters[char_id].name


def trait_text(char_id: str) -> str:
    c = data().characters[char_id]
    if c.paid and c.trait_skill is not None:
        return f"paid 1 Gold: {SKILL_SHORT[c.trait_skill]} {c.amount:+d}"
    return TRAIT_SHORT.get(c.trait or "", "")


def loot_text(card: int) -> str:
    """'Broadsword (+2 Str)' / 'Morning Mist (group, -1 Dis each)' / 'Gold'."""
    lc = data().loot[card]
    if lc.kind == "gold":
        return "Gold"
    skill = SKILL_SHORT[lc.skill] if lc.skill is not None else ""
    if lc.kind == "group":
        return f"{lc.name} (group, {lc.bonus:+d} {skill} each)"
    return f"{lc.name} ({lc.bonus:+d} {skill})"


def hand_text(hand: tuple[int, ...], skip: AbstractSet[int] = frozenset()) -> str:
    """A hand of loot, Gold counted: '2 Gold · Broadsword (+2 Str) · ...'."""
    loot = data().loot
    gold = sum(1 for c in hand if loot[c].kind == "gold" and c not in skip)
    parts = [f"{gold} Gold"] if gold else []
    parts += [loot_text(c) for c in hand if loot[c].kind != "gold" and c not in skip]
    return " · ".join(parts) if parts else "no loot"


def party_text(members: tuple[str, ...], personal: tuple[tuple[str, int], ...] = (),
               group: int | None = None) -> str:
    """An ambush party as prepared, in words: 'Robin Hood, Will Scarlet · Will Scarlet
    carries Broadsword (+2 Str) · 1 Gold paid to companions'; 'nobody goes'."""
    if not members:
        return "nobody goes"
    chars = data().characters
    parts = [", ".join(chars[m].name for m in members)]
    parts += [f"{short_name(m)} carries {loot_text(card)}" for m, card in personal]
    if group is not None:
        parts.append(f"group loot {loot_text(group)}")
    paid = paid_count(members)
    if paid:
        parts.append(f"{paid} Gold paid to companions")
    return " · ".join(parts)


def town_label(town_id: str) -> str:
    d = data()
    t = d.towns[d.town_index[town_id]]
    return t.name


def reward_text(reward: Reward, short: bool = False) -> str:
    """One reward of a mission card in words."""
    d = data()
    if reward.type == "champion":
        names = [d.towns[d.town_index[t]].short if short else d.towns[d.town_index[t]].name for t in reward.towns]
        joiner = "/" if short else ", "
        if reward.picks > 1:
            return f"Champion x{reward.picks}: {joiner.join(names)}"
        if short:
            return f"Champion {joiner.join(names)}"
        if len(names) == 1:
            return f"Champion of {names[0]}"
        return f"Champion of {', '.join(names[:-1])} or {names[-1]}"
    if reward.type == "camp":
        if reward.plain:
            return (f"Camp {reward.forest} forest/{reward.plain} plain" if short
                    else f"Camp in {reward.forest} free forest towns or {reward.plain} free plain town")
        if reward.forest > 1:
            return f"Camp x{reward.forest}" if short else f"Camp in {reward.forest} free forest towns"
        return "Camp" if short else "Camp in a free forest town (+1)"
    if reward.type == "theft":
        return f"Theft {reward.cards}" if short else f"Theft: draw {reward.cards} Loot cards"
    return reward.type


def mission_rewards_text(mission_id: str, short: bool = False) -> str:
    m = data().mission_by_id[mission_id]
    if m.kind == "companion":
        assert m.companion is not None  # a companion mission names its companion
        c = data().characters[m.companion]
        skills = " ".join(f"{SKILL_SHORT[k]} {v}" for k, v in enumerate(c.skills))
        if short:
            tight = " ".join(f"{SKILL_SHORT[k]}{v}" for k, v in enumerate(c.skills))
            return f"Companion +1 · {tight} · {trait_text(c.id)}"
        return (f"Companion: {c.name} joins the winner's band, +1 popularity\n"
                f"  {skills}; {trait_text(c.id)}")
    if m.kind == "king":
        return "King Richard's favour"
    return (" · " if short else "\n").join(reward_text(r, short) for r in m.rewards)


def stacks_text(table: PublicView) -> str:
    sizes = table.stack_sizes
    parts = []
    for i, size in enumerate(sizes):
        mark = " (in play)" if i + 1 == table.stack and not table.king else ""
        parts.append(f"{ROMAN[i]} {size}{mark}")
    return "Stacks " + " · ".join(parts)


def mission_board(table: PublicView, totals: tuple[int, ...] | None = None, width: int = 76) -> Text:
    """The three places Strength, Dexterity, Cunning with their missions, one line each
    (two when narrow). `totals`: the viewer's prospective party totals, shown per skill."""
    out = Text(no_wrap=True, overflow="ellipsis")
    if table.king:
        out.append("King Richard is back: each skill won outright wins his favour\n", style="bold")
        out.append("(half your largest network, rounded up, per favour at the end).\n", style="dim")
    for k in range(3):
        label = f"{SKILL_NAMES[k]:<10}"
        out.append(label, style="bold")
        if totals is not None:
            if any(totals):
                out.append(f"{totals[k]:>2}", style="bold reverse" if totals[k] > 0 else "dim")
                out.append(" ")
            else:
                out.append(" - ", style="dim")
        mid = None if table.king else table.missions[k]
        if table.king:
            out.append("a favour of the King\n")
            continue
        if mid is None:
            out.append("no mission\n", style="dim")
            continue
        name = mission_name(mid)
        rewards = mission_rewards_text(mid, short=True)
        used = len(label) + (3 if totals is not None else 0)
        if used + len(name) + 3 + len(rewards) <= width:
            out.append(name)
            out.append(f"  {rewards}\n", style="dim")
        else:
            out.append(f"{name}\n")
            out.append(" " * used + rewards + "\n", style="dim")
    out.rstrip()
    return out


def scoreboard(table: PublicView) -> Text:
    """Popularity track, towns, largest network and prisoners per player; the Sheriff."""
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append("  Player    Pop Twn Net Jail\n", style="dim")
    order = sorted(range(len(table.seats)), key=lambda s: -table.seats[s].popularity)
    for s in order:
        seat = table.seats[s]
        out.append(f"{s + 1} ", style=seat_style(s))
        out.append(f"{fit(seat.name, 8):<8}", style=seat_style(s))
        jail = str(len(seat.prison)) if seat.prison else "-"
        out.append(f"{seat.popularity:>5}{len(seat.towns):>4}{seat.largest_network:>4}{jail:>5}")
        if table.favours and any(f == s for f in table.favours):
            out.append(f" K{sum(1 for f in table.favours if f == s)}")
        out.append("\n")
    where = "on the stairs" if table.sheriff < 0 else f"at cell {table.sheriff + 1} of {len(table.cells)}"
    out.append(f"Sheriff {where}", style="dim")
    return out


def fitting_name(char_id: str, room: int) -> str:
    """A character's name in `room` cells: the full name, else the short one, else its
    first word ("Samir the Saracen", "Samir"; "Much the Miller", "Much")."""
    full = data().characters[char_id].name
    if len(full) <= room:
        return full
    short = short_name(char_id)
    return short if len(short) <= room else short.split()[0]


def prison_table(table: PublicView, width: int = 80) -> Table:
    """The cells side by side from the stairs: owner, prisoners in the order they are
    freed, the Sheriff (◆) and the cell he visits next (←). Names that do not fit the
    columns of a `width`-cell terminal are shortened, never cut."""
    n = len(table.cells)
    nxt = 0 if table.sheriff < 0 else (table.sheriff + 1) % n
    if table.sheriff < 0:
        title = Text("◆ The Sheriff waits on the stairs, by cell 1.", style="bold")
    else:
        title = Text("Cell 1 is next to the stairs.", style="dim")
    grid = Table(expand=True, box=box.ROUNDED, padding=(0, 1), title=title, title_justify="left")
    room = max(8, (width - 2 - (n + 1) - 2 * n) // n)  # a column's text, in cells
    for cell in range(n):
        head = Text(f"Cell {cell + 1}", style="bold")
        if cell == table.sheriff:
            head.append(" ◆ Sheriff", style=f"bold {YELLOW}")
        elif cell == nxt:
            head.append(" ← next", style=YELLOW)
        grid.add_column(head, ratio=1)
    row = []
    for cell in range(n):
        owner = table.cells[cell]
        text = Text()
        if owner is None:
            text.append("free", style="dim")
        else:
            text.append(table.seats[owner].name, style=seat_style(owner))
            prisoners = table.seats[owner].prison
            if not prisoners:
                text.append("\n(empty)", style="dim")
            for i, c in enumerate(prisoners):
                number = f"{i + 1}. "
                text.append(f"\n{number}{fitting_name(c, room - len(number))}")
        row.append(text)
    grid.add_row(*row)
    return grid


PRISON_HELP = ("The Sheriff walks one cell further each turn (1, 2, ... then back to 1) and frees "
               "the first prisoner there; its owner may pay 1 Gold for the next one or 3 Gold for "
               "the next two. Sending no one also frees your first prisoner.")


# ----- the reveal --------------------------------------------------------------------


def _names(table: PublicView, seats: Sequence[int]) -> Text:
    out = Text()
    for i, s in enumerate(seats):
        if i:
            out.append(" and " if i == len(seats) - 1 else ", ")
        out.append(table.seats[s].name, style=seat_style(s))
    return out


def _cell(reveal: Reveal, seat: int, skill: int) -> Text:
    party = reveal.parties[seat]
    if not party.members:
        return Text("-", style="dim")
    value = party.totals[skill]
    out = Text(f"{value:>2}")
    if skill == 3:
        if seat in reveal.discretion_high:
            out.append(" most seen", style=f"bold {RED}")
        return out
    r = reveal.skills[skill]
    if seat in r.leaders:
        if r.outcome in ("won", "favour") and r.winner == seat:
            out.append(" wins" if r.outcome == "won" else " favour", style=f"bold {GREEN}")
        elif r.outcome == "tie":
            out.append(" tie", style=f"bold {YELLOW}")
        elif r.outcome == "declined":
            out.append(" dropped", style=YELLOW)
        elif r.outcome == "pending":
            out.append(" leads", style="bold")
        elif r.outcome == "unclaimed":
            out.append(" (no card)", style="dim")
        else:
            out.append(" tie", style=f"bold {YELLOW}")
    return out


def party_table(table: PublicView, reveal: Reveal, width: int = 80) -> Table:
    """All parties side by side: members, loot, and the total of each skill (full
    character names when the columns are wide enough)."""
    column = (width - 14) // max(1, len(reveal.parties))
    name = (lambda c: data().characters[c].name) if column >= 30 else short_name
    grid = Table(box=None, padding=(0, 1), show_header=True, header_style="bold", expand=True, show_edge=False)
    grid.add_column("", width=10, no_wrap=True)
    for party in reveal.parties:
        grid.add_column(Text(table.seats[party.seat].name, style=seat_style(party.seat)),
                        ratio=1, overflow="fold")
    loot = data().loot
    cells = []
    for party in reveal.parties:
        cell = Text()
        if not party.members:
            cell.append("sent no one", style="dim")
            if party.freed:
                cell.append(f"\n{short_name(party.freed)} breaks out", style=GREEN)
        else:
            cell.append(", ".join(name(m) for m in party.members))
            for member, card in party.personal:
                cell.append(f"\n+{loot[card].name} ({short_name(member)})", style=CYAN)
            if party.group is not None:
                cell.append(f"\n+{loot[party.group].name} (all)", style=CYAN)
            if party.gold_paid:
                cell.append(f"\n{party.gold_paid} Gold paid", style=YELLOW)
        cells.append(cell)
    grid.add_row(Text("Party", style="bold"), *cells)
    for k in range(4):
        grid.add_row(Text(SKILL_NAMES[k], style="bold"), *[_cell(reveal, p.seat, k) for p in reveal.parties])
    return grid


def outcome_lines(table: PublicView, reveal: Reveal) -> Table:
    """Per skill: the mission and what happened to it, then capture and Little Booty
    (a two-column grid, so long lines wrap under their text)."""
    grid = Table(box=None, padding=(0, 1, 0, 0), show_header=False, expand=True, show_edge=False)
    grid.add_column(width=10, no_wrap=True)
    grid.add_column(ratio=1)
    for r in reveal.skills:
        line = Text()
        if r.mission is not None:
            line.append(mission_name(r.mission) + ": ", style="italic")
        line.append(r.note, style=GREEN if r.outcome in ("won", "favour") else "")
        if r.destination:
            dest = "leaves the game" if r.destination == "out of the game" else f"goes to {r.destination}"
            line.append(f" The card {dest}.", style="dim")
        grid.add_row(Text(SKILL_NAMES[r.skill], style="bold"), line)
    captured = capture_seats(reveal)
    seen = discretion_winners(reveal)
    will = not reveal.captured  # known at the reveal, done after the rewards

    def to_prison(seats: Sequence[int]) -> str:
        many = len(seats) > 1
        verb = "will go" if will else "go" if many else "goes"
        return f"{'their parties' if many else 'the party'} {verb} to prison"

    line = Text()
    if seen:
        high = reveal.parties[seen[0]].totals[3]
        line.append_text(_names(table, seen))
        line.append(f" {'tie as' if len(seen) > 1 else 'is'} the most seen (Discretion {high})")
    if reveal.king and captured:
        line.append(f": {to_prison(captured)}, favour or not.")
    elif captured and set(captured) == set(seen):
        line.append(f" and won a mission: {to_prison(captured)}.")
    elif captured:
        free = [s for s in seen if s not in captured]
        line.append(". ")
        line.append_text(_names(table, captured))
        line.append(f" won a mission: {to_prison(captured)}; ")
        line.append_text(_names(table, free))
        line.append(f" won none and stay{'s' if len(free) == 1 else ''} free.")
    elif seen:
        line.append(" but won no mission: nobody goes to prison.")
    elif any(p.members for p in reveal.parties):
        line.append("nobody: no party is seen (every Discretion is 0 or less).")
    else:
        line.append("nobody: nobody went out.")
    grid.add_row(Text("Capture", style="bold"), line)
    if reveal.king:
        grid.add_row(Text("Favours", style="bold"), Text(
            "each favour is worth half its winner's largest network, rounded up, at the final tally."))
    else:
        booty = little_booty_seats(reveal)
        line = Text()
        if booty:
            line.append("1 Loot card each for " if len(booty) > 1 else "1 Loot card for ")
            line.append_text(_names(table, booty))
            line.append(f": sent someone, won no mission and {'were' if len(booty) > 1 else 'was'} "
                        "not the most seen.")
        else:
            line.append("nobody gets a Little Booty.")
        grid.add_row(Text("Booty", style="bold"), line)
    return grid
