"""The games, one package each, all the same shape."""
