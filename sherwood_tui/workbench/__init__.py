"""The playtester's workbench: own data, side-by-side balance, kept games and replays.

Above the games (it plays them through the catalog), beside the simulator; UI-free
except where a module says it draws."""
