"""`tune ... --scheduler tcp://HOST:PORT`: the same seed gives the same search on a
two-worker Dask LocalCluster as in local processes (the optimiser seeded, its values
asked and told in batches of a fixed size, every evaluation on the same seeds)."""

from __future__ import annotations

import pytest

from tests.workbench.test_cluster import new_cluster
from tests.workbench.test_tune import tune_json

pytestmark = pytest.mark.filterwarnings("ignore:Port 8787 is already in use")


@pytest.mark.slow  # three searches of 80 games, one on a cluster it starts: about a minute
def test_the_same_seed_gives_the_same_search_locally_and_on_a_two_worker_cluster(capsys):
    local = tune_json(capsys, "--jobs", "1")
    again = tune_json(capsys, "--jobs", "2")
    with new_cluster() as cluster:
        remote = tune_json(capsys, "--scheduler", cluster.scheduler_address)
    assert remote == local == again
    assert len(local["evaluations"]) == 8 and 20 <= local["best"]["values"]["starting_gold"] <= 80
