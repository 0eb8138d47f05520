"""The external display: protocol lines, loop:// and a pty that is unplugged, replugged, stalled."""

from __future__ import annotations

import os
import select
import threading
import time
import tty
from pathlib import Path

import pytest

from companion.hardware.protocol import (
    DisplayState,
    ProtocolError,
    Side,
    encode,
    format_clock_ms,
    parse_line,
    to_ascii,
)
from companion.hardware.serial_display import SerialDisplay
from companion.hardware.status import DeviceState

FAST = dict(retry_initial_s=0.02, retry_max_s=0.1, poll_s=0.02)


def wait_for(predicate, timeout: float = 10.0) -> bool:
    """Poll until ``predicate()`` holds; a generous bound so a loaded machine never flakes."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.01)
    return predicate()


class FakePlug:
    """A pty pair behind a stable symlink, like /dev/serial/by-id: unplug and replug it."""

    def __init__(self, folder: Path) -> None:
        self.link = folder / "display"
        self.master: int | None = None
        self.slave: int | None = None
        self.buffer = b""

    def plug(self) -> None:
        master, slave = os.openpty()
        tty.setraw(master)
        self.master, self.slave = master, slave  # the slave stays open, as a device node does
        slave_name = os.ttyname(slave)
        if self.link.is_symlink():
            self.link.unlink()
        self.link.symlink_to(slave_name)
        self.buffer = b""

    def unplug(self) -> None:
        self.link.unlink()
        assert self.master is not None
        os.close(self.master)
        os.close(self.slave)
        self.master = self.slave = None

    def read_lines(self, until, timeout: float = 10.0) -> list[bytes]:
        """Read lines from the display side until ``until(lines)`` holds."""
        lines: list[bytes] = []
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and not until(lines):
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                self.buffer += os.read(self.master, 4096)
                *done, self.buffer = self.buffer.split(b"\n")
                lines.extend(line + b"\n" for line in done)
        return lines

    def reply(self, line: bytes) -> None:
        os.write(self.master, line)


@pytest.fixture
def plug(tmp_path: Path):
    p = FakePlug(tmp_path)
    p.plug()
    yield p
    if p.master is not None:
        os.close(p.master)
        os.close(p.slave)


def test_every_line_carries_an_xor_checksum_the_firmware_can_verify():
    line = encode("S", "B")
    assert parse_line(line).fields == ("B",)
    damaged = line.replace(b"B", b"W", 1)
    with pytest.raises(ProtocolError, match="checksum"):
        parse_line(damaged)


def test_a_line_without_checksum_or_too_long_is_rejected():
    with pytest.raises(ProtocolError, match=r"\*HH"):
        parse_line(b"T 0:27 19:41\n")
    with pytest.raises(ProtocolError, match="limit"):
        encode("M", "x" * 80)
    with pytest.raises(ProtocolError, match="unknown command"):
        encode("Z")


def test_clock_rounds_up_so_zero_shows_only_at_zero():
    assert format_clock_ms(1) == "0:01"
    assert format_clock_ms(0) == "0:00"
    assert format_clock_ms(-5) == "0:00"
    assert format_clock_ms(60_000) == "1:00"
    assert format_clock_ms(3_600_000) == "1:00:00"
    assert format_clock_ms(None) == "-"


def test_italian_text_reaches_the_display_as_plain_ascii():
    assert to_ascii("Partita è finita", 32) == "Partita e finita"
    state = DisplayState(message="Città — patta")
    frame = parse_line(state.line_for("M"))
    assert " ".join(frame.fields) == "Citta ? patta"


def test_only_changed_lines_are_sent_after_the_first_frame():
    a = DisplayState(white_ms=10_000, black_ms=20_000, side=Side.WHITE, score="0-0")
    b = DisplayState(white_ms=10_000, black_ms=20_000, side=Side.BLACK, score="0-0")
    assert len(a.lines()) == 5
    assert b.lines(a) == [encode("S", "B")]


def test_loop_url_carries_the_state_and_drops_nothing_but_stale_frames():
    display = SerialDisplay("loop://", refresh_s=60, **FAST)
    display.start()
    try:
        for seconds in range(100, 0, -1):
            display.show(DisplayState(white_ms=seconds * 1000, side=Side.WHITE))
        assert display.wait_sent(lambda line: line.startswith(b"T 0:01 "))
        assert display.connected
        for line in display.sent:
            parse_line(line)  # every line on the wire is well formed
        # the final state always arrives; states overtaken in the mailbox are counted as dropped
        stats = display.stats
        assert stats.states_shown == 100
        t_lines = [line for line in display.sent if line.startswith(b"T ")]
        assert len(t_lines) + stats.states_dropped >= 100 - 1
    finally:
        display.close()


def test_pty_display_gets_hello_then_full_state_and_reads_the_version_reply(plug: FakePlug):
    display = SerialDisplay(str(plug.link), refresh_s=0.2, app_version="0.1.0", **FAST)
    display.start()
    try:
        display.show(DisplayState(white_ms=27_000, black_ms=1_181_000, side=Side.BLACK, score="1-0"))
        lines = plug.read_lines(lambda ls: any(l.startswith(b"R ") for l in ls))
        frames = [parse_line(line) for line in lines]
        assert frames[0] == parse_line(encode("H", "1", "companion", "0.1.0"))
        assert ("T", ("0:27", "19:41")) in [(f.command, f.fields) for f in frames]
        plug.reply(encode("V", "1", "companion_display", "1.0"))
        assert wait_for(lambda: display.firmware == "1 companion_display 1.0")
    finally:
        display.close()


def test_unplugged_display_is_reported_missing_and_comes_back_when_replugged(plug: FakePlug):
    changes = []
    display = SerialDisplay(str(plug.link), refresh_s=60, on_change=changes.append, **FAST)
    display.start()
    try:
        display.show(DisplayState(white_ms=5_000))
        plug.read_lines(lambda ls: any(l.startswith(b"T 0:05") for l in ls))
        plug.unplug()
        # the next write or read notices the hang-up
        n = 4
        while not wait_for(lambda: display.status.state is DeviceState.MISSING, timeout=0.2):
            display.show(DisplayState(white_ms=n * 1000))
            n += 1
            assert n < 200, "the unplug was never noticed"
        assert "retried by itself" in display.status.message
        display.show(DisplayState(white_ms=3_000, side=Side.WHITE))  # while unplugged: no wait
        plug.plug()
        lines = plug.read_lines(lambda ls: any(l.startswith(b"T 0:03") for l in ls))
        assert any(l.startswith(b"T 0:03") for l in lines), lines
        assert display.connected and display.stats.connects == 2
        assert [c.state for c in changes][-2:] == [DeviceState.MISSING, DeviceState.FOUND]
    finally:
        display.close()


def test_a_display_that_stops_reading_never_blocks_show(plug: FakePlug):
    display = SerialDisplay(str(plug.link), refresh_s=60, write_timeout_s=0.05, **FAST)
    display.start()
    stop = threading.Event()

    def fill() -> None:  # nobody reads the pty: its buffer fills up and writes stall
        i = 0
        while not stop.is_set():
            i += 1
            display.show(DisplayState(white_ms=i * 1000, score=str(i), message=f"{i} " * 10))
            time.sleep(0.0005)

    filler = threading.Thread(target=fill, daemon=True)
    filler.start()
    try:
        assert wait_for(lambda: display.stats.write_timeouts > 0, timeout=30)
        assert "not reading" in display.status.message
        done = threading.Event()

        def more() -> None:
            for i in range(5_000):
                display.show(DisplayState(white_ms=i, message="stalled"))
            done.set()

        threading.Thread(target=more, daemon=True).start()
        assert done.wait(20), "show() blocked behind a stalled display"
        assert display.stats.states_dropped > 0
    finally:
        stop.set()
        filler.join(5)
        display.close()


def test_missing_port_at_start_is_retried_not_raised(tmp_path: Path):
    display = SerialDisplay(str(tmp_path / "nothing"), **FAST)
    display.start()
    try:
        display.show(DisplayState())
        assert wait_for(lambda: display.status.state is DeviceState.MISSING and "not there" in display.status.message)
    finally:
        display.close()


def test_every_example_line_in_the_protocol_document_is_valid():
    import re

    doc = (Path(__file__).parents[2] / "hardware" / "SERIAL-PROTOCOL.md").read_text()
    examples = re.findall(r"[A-Z](?: [^*`\s]+)*\*[0-9A-F]{2}", doc)
    assert len(examples) >= 15
    for line in examples:
        parse_line(line.encode())
