"""`make test` also keeps the code lint-clean, typed and layered: ruff over the whole
tree, mypy over the parts the Makefile's TYPED names, and the import-linter contracts of
pyproject.toml (what `make check` runs)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def typed_paths() -> list[str]:
    text = (ROOT / "Makefile").read_text().replace("\\\n", " ")
    return re.search(r"^TYPED := (.+)$", text, re.M).group(1).split()


def test_ruff_reports_nothing():
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "sherwood_tui", "tests"],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:]


def test_mypy_reports_nothing_on_the_typed_parts():
    done = subprocess.run([sys.executable, "-m", "mypy", "--follow-imports=silent", *typed_paths()],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:]


def test_the_layers_contracts_are_kept():
    linter = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run([str(linter), "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:]
