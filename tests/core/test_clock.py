"""Countdown timers on a fake clock: exact to the millisecond, no drift, one expiry."""

import random

import pytest

from companion.core.clock import CountdownTimer, FakeClock, MonotonicClock, format_clock


def make(duration=30_000):
    clock = FakeClock()
    fired = []
    return clock, CountdownTimer(clock, duration, on_expire=fired.append), fired


def test_a_timer_counts_down_only_while_running():
    clock, t, _ = make()
    clock.advance(5_000)
    assert t.remaining_ms == 30_000
    t.start()
    clock.advance(12_345)
    assert t.remaining_ms == 17_655
    t.pause()
    clock.advance(60_000)
    assert t.remaining_ms == 17_655
    t.resume()
    clock.advance(655)
    assert t.remaining_ms == 17_000


def test_expiry_fires_once_and_remaining_never_goes_negative():
    clock, t, fired = make(1_000)
    t.start()
    clock.advance(999)
    assert not t.poll() and fired == []
    clock.advance(5_000)
    assert t.remaining_ms == 0
    assert t.poll() and fired == [t]
    assert not t.poll() and len(fired) == 1


def test_adjust_is_a_referee_correction_in_both_directions():
    clock, t, fired = make(30_000)
    t.start()
    clock.advance(10_000)
    t.adjust(+5_000)
    assert t.remaining_ms == 25_000
    t.adjust(-24_000)
    clock.advance(999)
    assert t.remaining_ms == 1
    clock.advance(1)
    assert t.poll() and fired


def test_adding_time_after_expiry_rearms_the_timer():
    clock, t, fired = make(100)
    t.start()
    clock.advance(100)
    t.poll()
    t.set_remaining(2_000)
    t.start()
    clock.advance(2_000)
    assert t.poll() and len(fired) == 2


def test_no_drift_over_hours_of_pause_and_resume():
    clock, t, _ = make(10 * 3600 * 1000)
    rng = random.Random(5)
    ran = 0
    for _ in range(20_000):
        t.start()
        step = rng.randint(1, 1_500)
        clock.advance(step)
        ran += step
        t.pause()
        clock.advance(rng.randint(0, 300))
    assert ran > 3 * 3600 * 1000
    assert t.remaining_ms == 10 * 3600 * 1000 - ran


def test_ms_until_expiry_lets_the_loop_sleep_exactly():
    clock, t, _ = make(30_000)
    assert t.ms_until_expiry() is None
    t.start()
    clock.advance(29_250)
    assert t.ms_until_expiry() == 750


def test_a_fake_clock_cannot_go_back():
    with pytest.raises(ValueError):
        FakeClock().advance(-1)


def test_the_real_clock_is_monotonic_milliseconds():
    c = MonotonicClock()
    a = c.now_ms()
    assert isinstance(a, int) and c.now_ms() >= a


@pytest.mark.parametrize(
    "ms,text",
    [(1_200_000, "20:00"), (30_000, "0:30"), (29_001, "0:30"), (10_000, "0:10"), (9_999, "10.0"),
     (5_001, "5.1"), (1, "0.1"), (0, "0.0")],
)
def test_clock_faces_round_up_so_zero_means_zero(ms, text):
    assert format_clock(ms) == text


class NanoClock:
    """A clock with sub-millisecond readings, like the real monotonic clock."""

    def __init__(self):
        self.ns = 0

    def now_ns(self):
        return self.ns

    def now_ms(self):
        return self.ns // 1_000_000


def test_sub_millisecond_moves_do_not_drift_across_many_start_pause_cycles():
    clock = NanoClock()
    t = CountdownTimer(clock, 3_600_000)
    ran = 0
    rng = random.Random(9)
    for _ in range(10_000):
        t.start()
        step = rng.randint(100_000, 2_900_000)  # 0.1 .. 2.9 ms, never a whole number
        clock.ns += step
        ran += step
        t.pause()
        clock.ns += rng.randint(0, 999_999)
    left_ns = 3_600_000 * 1_000_000 - ran
    assert t.remaining_ms == -(-left_ns // 1_000_000)


def test_a_timer_never_started_never_fires():
    clock, t, fired = make(0)
    assert not t.poll() and fired == []
    t.start()
    assert t.poll() and fired == [t]
