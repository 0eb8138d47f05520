"""The Arduino sketch, compiled for this PC with host stand-ins, speaks the host's protocol."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from companion.hardware.protocol import DisplayState, Side, encode, hello_line, parse_line

FIRMWARE = Path(__file__).parents[2] / "hardware" / "firmware"


@pytest.fixture(scope="module")
def firmware(tmp_path_factory) -> Path:
    compiler = shutil.which("g++") or shutil.which("c++")
    if compiler is None:
        pytest.skip("no C++ compiler to build the firmware's host harness")
    exe = tmp_path_factory.mktemp("fw") / "companion_display"
    subprocess.run(
        [compiler, "-std=c++17", "-Wall", "-Werror", "-I", str(FIRMWARE / "host_harness"),
         "-o", str(exe), str(FIRMWARE / "host_harness" / "harness.cpp")],
        check=True, capture_output=True, timeout=120,
    )
    return exe


def run(firmware: Path, data: bytes) -> tuple[list[bytes], dict[str, str], list[str]]:
    out = subprocess.run([str(firmware)], input=data, capture_output=True, timeout=30, check=True).stdout
    lines = out.splitlines()
    replies = [line for line in lines if not line.startswith((b"STATE ", b"FRAME "))]
    state_line = next(line for line in lines if line.startswith(b"STATE ")).decode()[6:]
    keys = ("white", "black", "side", "score", "message", "brightness")
    frames = [line.decode() for line in lines if line.startswith(b"FRAME ")]
    return replies, dict(zip(keys, state_line.split("|"))), frames


def test_firmware_answers_hello_with_its_version(firmware):
    replies, _, _ = run(firmware, hello_line("0.1.0"))
    frames = [parse_line(r) for r in replies]
    assert frames[-1].command == "V" and frames[-1].fields[0] == "1"


def test_firmware_accepts_every_line_the_host_sends(firmware):
    state = DisplayState(white_ms=27_000, black_ms=3_725_000, side=Side.BLACK, score="2-1",
                         message="Partita è finita", brightness=12)
    replies, shown, _ = run(firmware, b"".join(state.lines()))
    assert [parse_line(r).command for r in replies] == ["V"]  # only the boot announcement
    assert shown == {"white": "0:27", "black": "1:02:05", "side": "B", "score": "2-1",
                     "message": "Partita e finita", "brightness": "12"}


def test_firmware_drops_a_line_with_a_bad_checksum_and_keeps_its_state(firmware):
    good = encode("S", "W")
    bad = encode("S", "B")[:-4] + b"*00\n"
    replies, shown, _ = run(firmware, good + bad)
    assert parse_line(replies[-1]).fields == ("CHECKSUM",)
    assert shown["side"] == "W"


def test_firmware_rejects_bad_fields_and_unknown_commands(firmware):
    data = encode("S", "X") + encode("B", "99") + encode("T", "soon", "-") + b"Q*51\n"
    replies, shown, _ = run(firmware, data)
    reasons = [parse_line(r).fields[0] for r in replies[1:]]
    assert reasons == ["FIELD", "FIELD", "FIELD", "UNKNOWN"]
    assert shown["side"] == "-" and shown["white"] == "-"


def test_a_fragment_cut_off_by_a_write_timeout_cannot_corrupt_the_next_line(firmware):
    fragment = encode("T", "0:10", "0:20")[:7]  # the host's write timed out midway
    data = fragment + b"\n" + encode("T", "0:09", "0:20")  # then its resync newline
    replies, shown, _ = run(firmware, data)
    assert [parse_line(r).command for r in replies[1:]] == ["E"]  # the fragment, dropped
    assert shown["white"] == "0:09"


def test_an_overlong_line_is_dropped_whole(firmware):
    replies, shown, _ = run(firmware, b"M " + b"x" * 100 + b"*00\n" + encode("R", "1-0"))
    assert parse_line(replies[-1]).fields == ("LENGTH",)
    assert shown["message"] == "" and shown["score"] == "1-0"


def test_the_clock_is_drawn_with_the_colon_as_a_decimal_point(firmware):
    _, _, frames = run(firmware, encode("T", "0:27", "-") + encode("S", "W"))
    white = frames[0].split()[2:]  # eight digits, leftmost first
    assert white[0] == "49"  # the side-to-move bars
    assert white[-3:] == ["FE", "6D", "70"]  # "0." "2" "7"
