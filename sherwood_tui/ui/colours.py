"""The colours the screens give their text (rich styles), chosen to read everywhere.

Each keeps a contrast of at least 4.5:1 (WCAG AA) on every background the app puts text
on (#121212 to #272727, the navy of a highlighted line, #00284c) in true colour, in 16
colours (TERM=xterm: each becomes a bright colour, or white) and with NO_COLOR (Textual
turns each into the grey of its lightness: all are light). `tests/ui/test_contrast.py`
draws every screen in each mode and checks every cell.

Rules that keep it so:
- Give text one of these, never a colour by name: Textual draws "red" and "magenta" as
  #f4005f, which is the same for both, below 4.5:1 on the panels, and a dark grey
  without colour (1.7:1).
- Never dim a coloured text: dim fades it toward the background, below 4.5:1. Dim only
  text in the screen's own colour (it stays above 5.5:1).
- Colour never tells something alone: what it marks is also in words, bold or a mark
  (a card's kind is written beside it, a seat has its number).
"""

from __future__ import annotations

GREEN = "#98e024"  # legal goods, a told truth, a won mission, the forest, a winner
RED = "#ff8787"  # contraband, a lie, an error
VIOLET = "#d7afff"  # royal goods
PINK = "#ff87d7"  # a player's colour
CYAN = "#58d1eb"  # loot, a player's colour
YELLOW = "#fd971f"  # the Sheriff's mark, gold, a tie, the plain, a player's colour
