"""Toasts that say how grave they are in words: a warning or an error without a title of
its own is given one ("Warning", "Error"). A toast's severity is otherwise only its edge's
colour, which NO_COLOR and 16 colours turn into a grey like any other."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.app import App
    from textual.notifications import SeverityLevel

    _AppBase = App[Any]  # the mixin goes before textual's App in the app's bases
else:
    _AppBase = object

SEVERITY_TITLES: dict[str, str] = {"warning": "Warning", "error": "Error"}


class SeverityInWords(_AppBase):
    """Mixed into an app before `textual.app.App`: its untitled warnings and errors are
    titled by their severity (every screen's and widget's `notify` comes here)."""

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        super().notify(message, title=title or SEVERITY_TITLES.get(severity, ""), severity=severity,
                       timeout=timeout, markup=markup)
