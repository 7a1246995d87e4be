"""sherwood-tui: hot-seat terminal editions of three Robin Hood tabletop games."""

__version__ = "0.1.0"
