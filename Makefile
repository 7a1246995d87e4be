# `make play` and `make test` do all the set-up on a fresh machine (the test, cluster, report
# and tune extras too: the cluster's tests start a Dask cluster on this machine).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# What mypy checks: the whole package, strictly (mypy --strict: `strict = true` in
# pyproject.toml).
TYPED := sherwood_tui

.PHONY: play test slow check lint types imports bench soak lowest clean docs

$(STAMP): pyproject.toml sherwood_tui/__init__.py  # the version lives in __init__.py
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip >/dev/null 2>&1 || true
	$(PY) -m pip install -q -e '.[test,cluster,report,tune]'
	touch $(STAMP)

play: $(STAMP)
	$(PY) -m sherwood_tui

# `make test`: every test but the soak runs (marked `slow`: whole games through the keys at
# every size, random keys, SSH and browser games end to end, installs); `make slow` runs
# those, and CI (.ci/run) runs both.
test: $(STAMP)
	$(PY) -m pytest -q -n 2 --dist worksteal -m "not slow"  # idle workers take tests queued for the other: the long games do not hold up the end

slow: $(STAMP)
	$(PY) -m pytest -q -n 2 --dist worksteal -m slow

# `make check`: the static checks (ruff, mypy, the import-linter contracts of the layers
# in pyproject.toml); CI (.ci/run) runs it, then `make test`. The tests run the same three
# checks too (tests/core/test_lint_and_types.py), so `make test` alone misses nothing.
check: lint types imports

lint: $(STAMP)
	$(PY) -m ruff check sherwood_tui tests

types: $(STAMP)
	$(PY) -m mypy --follow-imports=silent $(TYPED)

# `make docs`: the documentation site (docs/, mkdocs.yml) built into site/ with `mkdocs
# build --strict`, so that a broken link, a page missing from the nav or an included file
# that is gone fails it; the docs extra (mkdocs-material) is installed into .venv first.
# CI (.ci/run) runs it.
DOCS_STAMP := $(VENV)/.docs-installed
$(DOCS_STAMP): $(STAMP)
	$(PY) -m pip install -q -e '.[docs]'
	touch $(DOCS_STAMP)

docs: $(DOCS_STAMP)
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict --quiet

soak: $(STAMP)
	$(PY) -m sherwood_tui soak --games 100000

imports: $(STAMP)
	$(VENV)/bin/lint-imports --no-cache

# `make lowest`: the lower bounds of pyproject.toml hold. A fresh venv of its own gets every
# direct dependency (and extra) at its lowest allowed version (uv's lowest-direct
# resolution), then a smoke set runs: every game's schema, soak and a Sherwood game
# (tests/test_smoke.py), a table seat's feed and screens, what the commands print (Rich)
# and a refused --scheduler, an SSH and a browser seat, a tournament's ratings, a
# report's charts, a run on a Dask cluster, a tune search (optuna), two games through the app's keys and the
# property tests (hypothesis), and the shells' completion scripts (shtab). CI runs it after
# `make test`.
LOWEST := .venv-lowest
SMOKE := tests/test_smoke.py tests/table/test_wire.py tests/table/test_seat_app.py \
	tests/test_cli.py::test_version_is_the_installed_one tests/test_cli.py::test_a_reader_that_stops_early_gets_no_message \
	tests/test_cli.py::test_a_table_to_a_pipe_gets_whole_lines \
	tests/test_cli.py::test_progress_shows_on_stderr_and_stdout_holds_only_the_result \
	tests/test_cli.py::test_a_scheduler_that_refuses_the_connection_is_said_at_once \
	tests/table/test_ssh.py::test_two_clients_at_once_each_have_their_own_seat \
	tests/table/test_bounds.py::test_a_megabyte_pasted_into_a_seat_is_cut_and_the_seat_goes_on_answering \
	tests/table/test_bounds.py::test_a_client_that_sends_past_its_window_is_disconnected_before_the_host_holds_it \
	tests/table/test_web.py::test_a_seat_link_serves_the_page_and_its_websocket_runs_the_seat \
	tests/workbench/test_tournament.py::test_the_same_seed_gives_the_same_tournament_whatever_jobs \
	tests/workbench/test_report_charts.py::test_a_single_run_draws_win_rates_and_scores_over_its_tables \
	tests/workbench/test_cluster.py::test_the_same_output_and_records_with_one_process_two_or_the_cluster \
	tests/workbench/test_tune.py::test_tune_finds_a_value_within_its_budget_and_writes_every_evaluation \
	tests/ui/test_sherwood_app.py::test_theft_the_drawer_alone_sees_the_cards_drawn \
	tests/ui/test_bleeding_app.py::test_resume_restores_the_exact_game_with_the_curtain_up \
	tests/games/bleeding_sherwood/test_properties.py tests/test_completion.py

lowest: $(STAMP)
	$(PY) -m pip install -q 'uv>=0.5'
	rm -rf $(LOWEST)
	$(VENV)/bin/uv venv -q --python $(PYTHON) $(LOWEST)
	$(VENV)/bin/uv pip install -q --python $(LOWEST)/bin/python --resolution lowest-direct -e '.[test,cluster,report,tune]'
	$(LOWEST)/bin/python -m pytest -q -n 2 --dist worksteal $(SMOKE)

bench: $(STAMP)
	$(PY) -m sherwood_tui.bench

clean:
	rm -rf $(VENV) $(LOWEST) site
