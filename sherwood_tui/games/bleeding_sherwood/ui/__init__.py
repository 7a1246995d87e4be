"""Bleeding Sherwood: what the game draws (Textual), from a SeatFeed only; `screens` is the entry
the plug-in names. It imports this game's rules, never the other way."""
