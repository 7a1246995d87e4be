"""The suite's own limits: a test that hangs (a spinning timer, a lost connection) fails
alone, with the stack of where it hung, instead of holding up the whole run (CI)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_suite_gives_each_test_a_generous_time_limit(pytestconfig):
    limit = float(pytestconfig.getini("timeout"))
    assert 120 <= limit <= 900  # far above the longest test, far below a CI run


def test_a_hung_test_fails_alone_with_its_stack(tmp_path):
    (tmp_path / "test_hang.py").write_text(
        "import time\n\n"
        "def test_hangs():\n    while True:\n        time.sleep(0.01)\n\n"
        "def test_goes_on():\n    assert True\n"
    )
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "timeout=2",
         "-c", str(ROOT / "pyproject.toml"), "--rootdir", str(tmp_path), str(tmp_path)],
        capture_output=True, text=True, timeout=120, cwd=tmp_path,
    )
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert "1 failed, 1 passed" in out and "Timeout" in out and "test_hang.py" in out
