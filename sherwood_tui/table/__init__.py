"""A table of players on their own terminals: a host process owns the game and sends
each seat what that seat may see; seat processes (over SSH or in a browser) show it with
the game's own screens and send back the chosen move. See
docs/players/hosting.md."""
