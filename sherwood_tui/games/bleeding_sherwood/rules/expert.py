"""What the expert's search is given in this game (`core.search.ExpertKit`): None for
now, so the core's default kit plays (the sensible bot's proposals and playouts)."""

KIT = None
