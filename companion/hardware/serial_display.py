"""The external LED display on a serial port: optional, self-reconnecting, never in the way.

:meth:`SerialDisplay.show` only drops the new state in a one-slot mailbox and returns: a
background thread writes it, skipping any state that a newer one replaced (spectators need the
latest clock, not every frame). The thread opens the port, says hello, sends only the lines
that changed, resends everything every ``refresh_s`` (an Arduino resets when the port opens and
misses the first lines), and when the cable is pulled it closes the port and retries with
back-off until it is back. A display that stops reading costs at most ``write_timeout_s`` per
write, in the thread, never in the UI.

>>> import time
>>> d = SerialDisplay("loop://", refresh_s=60)
>>> d.start(); d.show(DisplayState(white_ms=60_000, side=Side.WHITE))
>>> d.wait_sent(lambda line: line.startswith(b"T 1:00"), timeout=5)
True
>>> d.close()
"""

from __future__ import annotations

import collections
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.hardware.protocol import DisplayState, ProtocolError, Side, hello_line, parse_line

__all__ = ["DisplayState", "DisplayStats", "SerialDisplay", "Side"]
from companion.hardware.status import DeviceReport, DeviceState

Opener = Callable[..., Any]  # serial.serial_for_url's signature


@dataclass
class DisplayStats:
    """Counters for doctor and the benchmark."""

    states_shown: int = 0  # show() calls
    states_dropped: int = 0  # replaced by a newer state before the thread got to them
    lines_sent: int = 0
    write_timeouts: int = 0  # the display stopped reading
    connects: int = 0
    disconnects: int = 0
    bad_replies: int = 0


def _default_opener(url: str, **kwargs: Any) -> Any:
    import serial

    return serial.serial_for_url(url, **kwargs)


class SerialDisplay:
    """Drives the display at ``url`` (a device such as ``/dev/ttyUSB0`` or a pyserial URL).

    ``on_change(report)`` is called from the writer thread when the link comes or goes.
    """

    def __init__(
        self,
        url: str,
        baud: int = 115200,
        *,
        app_version: str = "0",
        write_timeout_s: float = 0.25,
        retry_initial_s: float = 0.5,
        retry_max_s: float = 8.0,
        refresh_s: float = 5.0,
        poll_s: float = 0.2,
        opener: Opener = _default_opener,
        on_change: Callable[[DeviceReport], None] | None = None,
        name: str = "display",
    ) -> None:
        if not url:
            raise ValueError("SerialDisplay needs a port or URL (serial.display in the config)")
        self.url, self.baud, self.name = url, baud, name
        self._hello = hello_line(app_version)
        self.write_timeout_s = write_timeout_s
        self.retry_initial_s, self.retry_max_s = retry_initial_s, retry_max_s
        self.refresh_s, self.poll_s = refresh_s, poll_s
        self._opener = opener
        self._on_change = on_change
        self.stats = DisplayStats()
        self.firmware: str = ""  # from the display's V reply, if it gives one
        self.sent: collections.deque[bytes] = collections.deque(maxlen=256)
        self._cond = threading.Condition()
        self._pending: DisplayState | None = None
        self._latest: DisplayState | None = None
        self._stop = False
        self._thread: threading.Thread | None = None
        self._port: Any = None
        self._rx = b""
        self._resync = False
        self._report = DeviceReport(name, DeviceState.MISSING, f"{url}: not opened yet")

    @classmethod
    def from_config(cls, config: Any, **kwargs: Any) -> "SerialDisplay | None":
        """A started display for ``config.serial``, or None if none is configured."""
        if not config.serial.display:
            return None
        display = cls(config.serial.display, config.serial.baud, **kwargs)
        display.start()
        return display

    # -- the UI side: all O(1), never touching the port -----------------------------------------
    def show(self, state: DisplayState) -> None:
        """Queue ``state`` for the display and return at once (a newer state replaces it)."""
        with self._cond:
            if self._pending is not None:
                self.stats.states_dropped += 1
            self._pending = state
            self.stats.states_shown += 1
            self._cond.notify()

    @property
    def status(self) -> DeviceReport:
        return self._report

    @property
    def connected(self) -> bool:
        return self._report.state is DeviceState.FOUND

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name=f"serial-{self.name}", daemon=True)
            self._thread.start()

    def close(self, timeout: float = 2.0) -> None:
        """Stop the thread (waiting at most ``timeout`` s) and close the port."""
        with self._cond:
            self._stop = True
            self._cond.notify()
        if self._thread is not None:
            self._thread.join(timeout)

    def wait_sent(self, predicate: Callable[[bytes], bool], timeout: float = 5.0) -> bool:
        """Wait until a line matching ``predicate`` was written (tests and tools)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if any(predicate(line) for line in list(self.sent)):
                return True
            time.sleep(0.01)
        return False

    # -- the writer thread ----------------------------------------------------------------------
    def _set_report(self, state: DeviceState, message: str) -> None:
        changed = state is not self._report.state
        self._report = DeviceReport(self.name, state, message)
        if changed and self._on_change is not None:
            try:
                self._on_change(self._report)
            except Exception:
                pass

    def _run(self) -> None:
        backoff = self.retry_initial_s
        while not self._stop:
            if self._port is None:
                if not self._connect():
                    with self._cond:
                        if not self._stop:
                            self._cond.wait(backoff)
                    backoff = min(backoff * 2, self.retry_max_s)
                    continue
                backoff = self.retry_initial_s
            self._serve_connected()
        self._disconnect(None)

    def _connect(self) -> bool:
        try:
            self._port = self._opener(
                self.url, baudrate=self.baud, timeout=0, write_timeout=self.write_timeout_s
            )
        except Exception as exc:
            self._port = None
            self._set_report(
                DeviceState.MISSING,
                f"{self.url} is not there ({exc}); plug the display in, it is retried by itself",
            )
            return False
        self.stats.connects += 1
        self._rx = b""
        self._resync = False
        self._set_report(DeviceState.FOUND, f"{self.url} at {self.baud} baud")
        return True

    def _disconnect(self, exc: BaseException | None) -> None:
        port, self._port = self._port, None
        if port is not None:
            try:
                port.close()
            except Exception:
                pass
        if exc is not None:
            self.stats.disconnects += 1
            self._set_report(
                DeviceState.MISSING,
                f"{self.url} was lost ({exc}); check the cable, it is retried by itself",
            )

    def _serve_connected(self) -> None:
        """Write states until the port fails or we are told to stop."""
        shown: DisplayState | None = None  # what the display has, as far as we know
        last_full = float("-inf")
        try:
            while not self._stop:
                now = time.monotonic()
                with self._cond:
                    if self._pending is None and now - last_full < self.refresh_s:
                        self._cond.wait(self.poll_s)
                    if self._stop:
                        return
                    if self._pending is not None:
                        self._latest, self._pending = self._pending, None
                    state = self._latest
                now = time.monotonic()
                if now - last_full >= self.refresh_s:
                    # say hello until the display answers, then redraw everything
                    if not self.firmware:
                        self._write(self._hello)
                    shown, last_full = None, now
                if state is not None and state is not shown:
                    if all(self._write(line) for line in state.lines(shown)):
                        shown = state
                    else:
                        shown = None  # the display missed something: resend all next time
                self._read_replies()
        except Exception as exc:  # SerialException, OSError: the cable was pulled
            self._disconnect(exc)

    def _write(self, line: bytes) -> bool:
        """True if written; False on a write timeout (the display is not reading)."""
        import serial

        data = b"\n" + line if self._resync else line
        try:
            self._port.write(data)
        except serial.SerialTimeoutException:
            # part of the line may be out: start the next one on a fresh line, so the
            # firmware drops the fragment (its checksum fails) and keeps the next line
            self._resync = True
            self.stats.write_timeouts += 1
            if self._report.state is DeviceState.FOUND:
                self._report = DeviceReport(
                    self.name, DeviceState.FOUND, f"{self.url} is connected but not reading (stalled)"
                )
            return False
        self._resync = False
        if "stalled" in self._report.message:  # it reads again
            self._report = DeviceReport(self.name, DeviceState.FOUND, f"{self.url} at {self.baud} baud")
        self.stats.lines_sent += 1
        self.sent.append(line)
        return True

    def _read_replies(self) -> None:
        waiting = self._port.in_waiting
        if not waiting:
            return
        self._rx += self._port.read(waiting)
        *lines, self._rx = self._rx.split(b"\n")
        self._rx = self._rx[-256:]
        for raw in lines:
            try:
                frame = parse_line(raw)
            except ProtocolError:
                self.stats.bad_replies += 1
                continue
            if frame.command == "V":
                self.firmware = " ".join(frame.fields)
            elif frame.command == "E":
                self.stats.bad_replies += 1
