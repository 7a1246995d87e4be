"""Bleeding Sherwood: the rules (state, views, legal actions, phases, scoring, bot, data).

Nothing here imports textual, rich, sherwood_tui.ui or this game's `ui` (tests/core/test_layers.py,
the import-linter contracts in pyproject.toml)."""
