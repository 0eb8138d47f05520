"""The fault harness (benchmarks/faultlab.py) in reduced form: kills between the statements of
every board action, random SIGKILLs, damaged rows of every kind, truncations, two instances, a
read-only medium and a full disk. Goals: 0 crashes, 0 acknowledged events lost, 0 resumes into
a state never shown. ``python benchmarks/bench_faults.py`` runs it at full size."""

import pytest

from benchmarks.faultlab import SCENARIOS, run_all


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_no_crash_no_loss_no_unseen_state(scenario):
    (tally,) = run_all(reduced=True, only=(scenario,))
    assert tally.trials > 0
    assert (tally.crashes, tally.lost, tally.unseen) == (0, 0, 0), tally.notes
