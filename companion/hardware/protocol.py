"""The line protocol of the external display (hardware/SERIAL-PROTOCOL.md is the full text).

Every line is printable ASCII ``<payload>*<HH>\\n``: ``HH`` is the XOR of the payload's bytes in
two upper-case hex digits (as in NMEA 0183), so an 8-bit microcontroller can check a line with
one loop and drop a damaged one. Payload = a command letter, then space-separated fields.

>>> encode("T", "0:27", "19:41")
b'T 0:27 19:41*6C\\n'
>>> parse_line(b'T 0:27 19:41*6C\\n')
Frame(command='T', fields=('0:27', '19:41'))
>>> format_clock_ms(1_181_000), format_clock_ms(3_725_000), format_clock_ms(26_001)
('19:41', '1:02:05', '0:27')
"""

from __future__ import annotations

import enum
import unicodedata
from dataclasses import dataclass

PROTOCOL_VERSION = 1
MAX_PAYLOAD = 60  # bytes before the '*': the firmware's line buffer is 64
MAX_SCORE = 12
MAX_MESSAGE = 32
COMMANDS = frozenset("HTSRMBCVE")


class ProtocolError(ValueError):
    """A line that breaks the protocol; the message says which rule."""


class Side(enum.Enum):
    """Side to move as the display shows it."""

    WHITE = "W"
    BLACK = "B"
    NONE = "-"


@dataclass(frozen=True)
class Frame:
    command: str
    fields: tuple[str, ...]


def checksum(payload: bytes) -> int:
    """XOR of every byte of ``payload``.

    >>> checksum(b"S W")
    36
    """
    value = 0
    for byte in payload:
        value ^= byte
    return value


def to_ascii(text: str, limit: int) -> str:
    """Printable ASCII for the display: accents dropped (``è`` -> ``e``), the rest ``?``.

    >>> to_ascii("Città*è", 32)
    'Citta?e'
    """
    plain = unicodedata.normalize("NFKD", text)
    out = []
    for ch in plain:
        if unicodedata.combining(ch):
            continue
        out.append(ch if " " <= ch <= "~" and ch != "*" else "?")
    return " ".join("".join(out).split())[:limit]


def encode(command: str, *fields: str) -> bytes:
    """One complete line, checked against the rules the firmware applies."""
    if command not in COMMANDS:
        raise ProtocolError(f"unknown command {command!r} (known: {''.join(sorted(COMMANDS))})")
    payload = " ".join((command, *fields)) if fields else command
    raw = payload.encode("ascii", errors="strict") if payload.isascii() else b""
    if not raw or any(b < 0x20 or b > 0x7E or b == 0x2A for b in raw):
        raise ProtocolError(f"payload {payload!r} must be printable ASCII without '*'")
    if len(raw) > MAX_PAYLOAD:
        raise ProtocolError(f"payload {payload!r} is {len(raw)} bytes; the limit is {MAX_PAYLOAD}")
    return raw + b"*%02X\n" % checksum(raw)


def parse_line(line: bytes) -> Frame:
    """Check and split one line (with or without its ``\\n``/``\\r\\n``)."""
    body = line.rstrip(b"\r\n")
    star = body.rfind(b"*")
    if star < 0 or len(body) - star != 3:
        raise ProtocolError(f"line {line!r} does not end in *HH")
    payload, given = body[:star], body[star + 1 :]
    try:
        expected = int(given, 16)
    except ValueError:
        raise ProtocolError(f"line {line!r}: checksum {given!r} is not two hex digits") from None
    if not payload or len(payload) > MAX_PAYLOAD:
        raise ProtocolError(f"line {line!r}: payload must be 1..{MAX_PAYLOAD} bytes")
    if any(b < 0x20 or b > 0x7E for b in payload):
        raise ProtocolError(f"line {line!r}: payload is not printable ASCII")
    if checksum(payload) != expected:
        raise ProtocolError(f"line {line!r}: checksum {expected:02X}, computed {checksum(payload):02X}")
    parts = payload.decode("ascii").split(" ")
    if parts[0] not in COMMANDS:
        raise ProtocolError(f"line {line!r}: unknown command {parts[0]!r}")
    return Frame(parts[0], tuple(parts[1:]))


def format_clock_ms(ms: int | None) -> str:
    """A clock as the display shows it: ``M:SS`` or ``H:MM:SS``, rounded *up* to the second
    (so ``0:00`` appears only at zero), ``-`` for no clock."""
    if ms is None:
        return "-"
    seconds = max(0, -(-int(ms) // 1000))
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


@dataclass(frozen=True)
class DisplayState:
    """Everything the external display shows; :meth:`lines` gives the lines that draw it.

    >>> DisplayState(white_ms=27_000, black_ms=None, side=Side.WHITE, score="1-0").lines()
    [b'T 0:27 -*76\\n', b'S W*24\\n', b'R 1-0*5E\\n', b'M*4D\\n', b'B 8*5A\\n']
    """

    white_ms: int | None = None
    black_ms: int | None = None
    side: Side = Side.NONE
    score: str = ""
    message: str = ""
    brightness: int = 8  # 0..15, as a MAX7219 takes it

    def __post_init__(self) -> None:
        if not 0 <= self.brightness <= 15:
            raise ValueError(f"brightness must be 0..15, got {self.brightness}")
        if not isinstance(self.side, Side):
            raise TypeError(f"side must be a Side, got {self.side!r}")

    def line_for(self, command: str) -> bytes:
        if command == "T":
            return encode("T", format_clock_ms(self.white_ms), format_clock_ms(self.black_ms))
        if command == "S":
            return encode("S", self.side.value)
        if command == "R":
            score = to_ascii(self.score, MAX_SCORE).replace(" ", "_")
            return encode("R", score) if score else encode("R")
        if command == "M":
            message = to_ascii(self.message, MAX_MESSAGE)
            return encode("M", message) if message else encode("M")
        if command == "B":
            return encode("B", str(self.brightness))
        raise ProtocolError(f"no state line for command {command!r}")

    def lines(self, previous: "DisplayState | None" = None) -> list[bytes]:
        """All lines (``previous=None``) or only those that differ from ``previous``."""
        out = []
        for command in "TSRMB":
            line = self.line_for(command)
            if previous is None or previous.line_for(command) != line:
                out.append(line)
        return out


def hello_line(app_version: str) -> bytes:
    return encode("H", str(PROTOCOL_VERSION), "companion", to_ascii(app_version, 16).replace(" ", "_") or "0")
