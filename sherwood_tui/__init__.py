"""sherwood-tui: hot-seat terminal editions of three Robin Hood tabletop games.

Importing the package loads and registers nothing: the games are declared as data in
`sherwood_tui/catalog.py`, which the core reads when it first needs a game."""

__version__ = "0.1.0"
