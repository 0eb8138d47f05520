"""Power cut below the process (benchmarks/powercut.py, reduced): every write and sync of a real
journal workload is recorded by an LD_PRELOAD shim, and the folder a disk would hold after a
power cut is rebuilt at many points; every acknowledged action must survive, whole."""

import pytest

from benchmarks import powercut


@pytest.fixture(scope="module")
def tallies(tmp_path_factory):
    result = powercut.run(actions=80, cuts=80, seed=3, work=tmp_path_factory.mktemp("powercut"))
    if result is None:
        pytest.skip("no C compiler to build the recording shim")
    return result


@pytest.mark.parametrize("mode", ["strict", "harsh"])
def test_a_power_cut_loses_no_acknowledged_action(tallies, mode):
    (tally,) = [t for t in tallies if t.mode == mode]
    assert tally.cuts >= 40 and tally.acknowledged > 0
    assert (tally.crashes, tally.lost, tally.unseen) == (0, 0, 0), tally.notes


def test_the_harness_sees_what_an_unsynced_commit_loses(tmp_path):
    """The same workload with synchronous=NORMAL (no sync per commit) does lose actions."""
    result = powercut.run(actions=40, cuts=40, seed=3, work=tmp_path, synchronous="NORMAL")
    if result is None:
        pytest.skip("no C compiler to build the recording shim")
    strict = next(t for t in result if t.mode == "strict")
    assert strict.lost > 0
