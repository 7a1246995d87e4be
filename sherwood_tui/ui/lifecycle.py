"""How the app ends: unexpected errors, signals and a lost terminal."""

from __future__ import annotations


class SafeTerminalMixin:
    """Mixed into the app before `textual.app.App`: ends it safely whatever happens."""
