# `make play` and `make test` do all the set-up on a fresh machine (the test and cluster
# extras too: the cluster's tests start a Dask cluster on this machine).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# What mypy checks: the whole package, strictly (mypy --strict: `strict = true` in
# pyproject.toml).
TYPED := sherwood_tui

.PHONY: play test check lint types imports bench soak clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip >/dev/null 2>&1 || true
	$(PY) -m pip install -q -e '.[test,cluster]'
	touch $(STAMP)

play: $(STAMP)
	$(PY) -m sherwood_tui

test: $(STAMP)
	$(PY) -m pytest -q -n 2 --dist worksteal  # idle workers take tests queued for the other: the long UI and SSH games do not hold up the end

# `make check`: the static checks (ruff, mypy, the import-linter contracts of the layers
# in pyproject.toml); CI (.ci/run) runs it, then `make test`. The tests run the same three
# checks too (tests/core/test_lint_and_types.py), so `make test` alone misses nothing.
check: lint types imports

lint: $(STAMP)
	$(PY) -m ruff check sherwood_tui tests

types: $(STAMP)
	$(PY) -m mypy --follow-imports=silent $(TYPED)

soak: $(STAMP)
	$(PY) -m sherwood_tui soak --games 100000

imports: $(STAMP)
	$(VENV)/bin/lint-imports --no-cache

bench: $(STAMP)
	$(PY) -m sherwood_tui.bench

clean:
	rm -rf $(VENV)
