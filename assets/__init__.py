"""The games' component data (JSON), shipped inside the installed package as
`sherwood_tui.assets` (see pyproject.toml and sherwood_tui/core/assets.py)."""
