"""The load test's bots read their screens as a player does (`Glass`) and move the
highlight only where the focused list offers more than one choice."""

from __future__ import annotations

from sherwood_tui.table.load_test import Glass, choices_in_focus

SGR = "\x1b[1;38;2;224;224;224;48;2;30;30;30m"


def drawn(*rows: str, width: int = 30) -> bytes:
    """Rows as Textual draws them: a cursor move to each, its text in colours, then a line end."""
    out = "\x1b[?1049h"
    for number, row in enumerate(rows, start=1):
        out += f"\x1b[{number};1H{SGR}{row}\x1b[0m\r\n"
    return out.encode()


def test_the_glass_shows_text_where_the_cursor_moves_and_drops_colours() -> None:
    glass = Glass((20, 4))
    glass.feed(drawn("Waiting for you.", "hand"))
    glass.feed(b"\x1b[2;6H\x1b[1m(2 cards)\x1b]2;a title\x07")
    assert [row.rstrip() for row in glass.rows()] == ["Waiting for you.", "hand (2 cards)", "", ""]


def test_the_glass_keeps_an_escape_sequence_cut_between_two_reads() -> None:
    glass = Glass((10, 2))
    whole = "\x1b[2;3Hé!".encode()
    glass.feed(whole[:3])
    glass.rows()
    glass.feed(whole[3:])
    assert glass.rows()[1] == "  é!      "


def test_text_past_the_right_edge_is_lost_not_wrapped() -> None:
    glass = Glass((5, 2))
    glass.feed(b"\x1b[1;1Habcdefgh")
    assert glass.rows() == ["abcde", "     "]


HAND = [
    "╭─ Table ───────────────╮",
    "│ Bids                  │",
    "╰───────────────────────╯",
    "┏━ Robin's hand ━━━━━━━━┓",
    "┃ Warhorse (8)          ┃",
    "┃ Bent Nayle (1)        ┃",
    "┃                       ┃",
    "┗━━━━━━ Enter bids ━━━━━┛",
]


def test_the_choices_are_the_rows_with_text_in_the_focused_box() -> None:
    assert choices_in_focus(HAND) == 2


def test_a_hand_of_one_card_is_one_choice_and_a_screen_without_focus_none() -> None:
    assert choices_in_focus([*HAND[:5], *HAND[6:]]) == 1
    assert choices_in_focus(HAND[:3]) == 0
