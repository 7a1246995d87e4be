"""The package as users of our ecosystem expect it: an MIT licence with its SPDX field, no
project URLs until the project has a public home, classifiers for the Python that CI
tests, one version source, and the heavy, rarely used parts as extras."""

from __future__ import annotations

import re
import sys
import tomllib
from importlib.metadata import metadata
from pathlib import Path

import sherwood_tui

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
MAKEFILE = (ROOT / "Makefile").read_text()


def test_the_licence_is_mit_and_the_metadata_says_so():
    licence = (ROOT / "LICENSE").read_text()
    assert licence.startswith("MIT License\n") and "Copyright (c) 2026 The sherwood-tui developers" in licence
    assert PROJECT["license"] == "MIT" and PROJECT["license-files"] == ["LICENSE"]
    assert not [c for c in PROJECT["classifiers"] if c.startswith("License ::")]  # the SPDX field says it (PEP 639)
    assert metadata("sherwood-tui")["License-Expression"] == "MIT"


def test_no_project_urls_until_there_is_a_public_home():
    assert "urls" not in PROJECT and "Project-URL" not in metadata("sherwood-tui")


def test_the_python_classifiers_are_the_versions_ci_tests():
    """CI runs one Python (this one); requires-python admits it and the classifiers name it alone."""
    versions = [c.rpartition(":: ")[2] for c in PROJECT["classifiers"] if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)]
    assert versions == [f"{sys.version_info.major}.{sys.version_info.minor}"]
    low = tuple(int(part) for part in PROJECT["requires-python"].removeprefix(">=").split("."))
    assert sys.version_info[:2] >= low and all(tuple(map(int, v.split("."))) >= low for v in versions)


def test_the_version_has_one_source_read_when_the_package_is_built():
    """`__version__` in sherwood_tui/__init__.py, which setuptools reads; the metadata of
    the install agrees (if not, the install is older than the version: make .venv/.installed)."""
    assert "version" not in PROJECT and PROJECT["dynamic"] == ["version"]
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert setuptools["dynamic"]["version"] == {"attr": "sherwood_tui.__version__"}
    assert metadata("sherwood-tui")["Version"] == sherwood_tui.__version__
    assert re.search(r"^\$\(STAMP\): .*sherwood_tui/__init__\.py", MAKEFILE, re.MULTILINE)  # a new version reinstalls


def test_matplotlib_is_in_the_report_extra_only():
    def named(requirement: str) -> str:
        return re.split(r"[\s<>=!~;\[]", requirement, maxsplit=1)[0]

    assert "matplotlib" not in map(named, PROJECT["dependencies"])
    assert list(map(named, PROJECT["optional-dependencies"]["report"])) == ["matplotlib"]
    assert list(map(named, PROJECT["optional-dependencies"]["docs"])) == ["mkdocs-material"]


def test_the_dev_install_and_make_lowest_take_the_extras_the_tests_need():
    """The tests draw charts (report), start a Dask cluster (cluster) and tune (tune)."""
    dev = re.search(r"^\$\(STAMP\):.*\n(?:\t.*\n)*?\t.*pip install -q -e '\.\[([\w,]+)\]'", MAKEFILE, re.MULTILINE)
    lowest = re.search(r"--resolution lowest-direct -e '\.\[([\w,]+)\]'", MAKEFILE)
    assert dev and lowest
    for extras in (dev[1], lowest[1]):
        assert set(extras.split(",")) >= {"test", "cluster", "report", "tune"}
