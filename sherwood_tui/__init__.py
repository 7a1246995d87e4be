"""sherwood-tui: hot-seat terminal editions of three Robin Hood tabletop games.

Importing the package registers the games' plug-ins (`sherwood_tui.catalog`, cheap: no
game's rules or screens load), so that the core finds a game by its id."""

__version__ = "0.1.0"

from sherwood_tui import catalog as _catalog  # noqa: F401 - registers the plug-ins
