"""How much the external display costs the UI thread.

Figures: the time of ``SerialDisplay.show`` (what a frame pays), next to its peer, writing the
same lines synchronously to the port (what a frame would pay without the writer thread), on
pyserial's ``loop://`` and on a pty whose reader has stalled. Run:
``.venv/bin/python benchmarks/bench_serial.py``
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import serial  # noqa: E402

from companion.hardware.protocol import DisplayState, Side  # noqa: E402
from companion.hardware.serial_display import SerialDisplay  # noqa: E402

FRAMES = 20_000


def states(n: int) -> list[DisplayState]:
    return [DisplayState(white_ms=600_000 - i * 33, black_ms=300_000, side=Side.WHITE, score="1-0")
            for i in range(n)]


def per_call_us(fn, items) -> float:
    start = time.perf_counter_ns()
    for item in items:
        fn(item)
    return (time.perf_counter_ns() - start) / len(items) / 1000


def bench_loop() -> None:
    frames = states(FRAMES)
    display = SerialDisplay("loop://", refresh_s=60)
    display.start()
    time.sleep(0.1)
    show_us = per_call_us(display.show, frames)
    display.close()

    port = serial.serial_for_url("loop://", timeout=0, write_timeout=0.25)
    previous: list[DisplayState | None] = [None]

    def direct(state: DisplayState) -> None:
        for line in state.lines(previous[0]):
            port.write(line)
        previous[0] = state
        port.reset_input_buffer()

    direct_us = per_call_us(direct, frames)
    port.close()
    print(f"loop://   show(): {show_us:7.2f} us/frame   direct write: {direct_us:7.2f} us/frame   "
          f"ratio direct/show = {direct_us / show_us:5.1f}x")
    print(f"          states shown {display.stats.states_shown}, dropped as stale "
          f"{display.stats.states_dropped}, lines sent {display.stats.lines_sent}")


def bench_stalled() -> None:
    master, slave = os.openpty()
    path = os.ttyname(slave)
    frames = states(2_000)
    display = SerialDisplay(path, refresh_s=60, write_timeout_s=0.05)
    display.start()
    # fill the pty until the writer times out: nobody reads the master side
    filler = states(200_000)
    i = 0
    while display.stats.write_timeouts == 0 and i < len(filler):
        display.show(filler[i])
        i += 1
        if i % 1000 == 0:
            time.sleep(0.001)
    samples = [per_call_us(display.show, frames[k:k + 200]) for k in range(0, len(frames), 200)]
    display.close()

    port = serial.Serial(path, write_timeout=0.05)
    filled = False
    for _ in range(100_000):  # fill the pty again until a write times out
        try:
            port.write(frames[0].lines()[0])
        except serial.SerialTimeoutException:
            filled = True
            break
    blocked = []
    for state in frames[:5]:
        start = time.perf_counter_ns()
        try:
            for line in state.lines():
                port.write(line)
        except serial.SerialTimeoutException:
            pass
        blocked.append((time.perf_counter_ns() - start) / 1000)
    port.close()
    if not filled:
        print("stalled   (the pty never filled: no figure for the direct write)")
    os.close(master)
    os.close(slave)
    show_us, direct_us = statistics.median(samples), statistics.median(blocked)
    print(f"stalled   show(): {show_us:7.2f} us/frame   direct write: {direct_us:9.0f} us/frame   "
          f"ratio direct/show = {direct_us / show_us:7.0f}x (write_timeout 50 ms)")


if __name__ == "__main__":
    bench_loop()
    bench_stalled()
