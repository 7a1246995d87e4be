"""Shared fixtures: every test gets its own saves folder."""

import pytest


@pytest.fixture(autouse=True)
def isolated_saves(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("SHERWOOD_TUI_DATA", str(folder))
    return folder / "saves"
