"""systemd's notify protocol (READY, WATCHDOG, STATUS, STOPPING) with no dependency.

Under systemd with ``Type=notify`` the service manager sets ``NOTIFY_SOCKET`` (a path, or an
abstract socket written ``@name``) and, with ``WatchdogSec=``, ``WATCHDOG_USEC``. Each message
is one datagram of ``KEY=value`` lines. Outside systemd every call is a no-op. Call
:meth:`Notifier.watchdog` from the *main loop* each frame (a thread would keep a frozen UI
"alive"); it sends at most once per half watchdog period.

>>> n = Notifier(env={})
>>> n.enabled, n.ready(), n.watchdog()
(False, False, False)
"""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Callable, Mapping


class Notifier:
    """Talks to systemd through ``NOTIFY_SOCKET``; silent when there is none.

    ``clock`` returns seconds (monotonic); tests inject their own. Sending never raises: a
    failure is kept in :attr:`last_error`.
    """

    def __init__(
        self,
        env: Mapping[str, str] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        env = os.environ if env is None else env
        self._clock = clock
        self.last_error: str = ""
        self.address: str | bytes | None = None
        raw = env.get("NOTIFY_SOCKET", "")
        if raw.startswith("@"):
            self.address = b"\0" + raw[1:].encode()  # abstract namespace
        elif raw.startswith("/"):
            self.address = raw
        self.watchdog_interval_s: float | None = None
        usec = env.get("WATCHDOG_USEC", "")
        pid = env.get("WATCHDOG_PID", "")
        if usec.isdigit() and int(usec) > 0 and (not pid or pid == str(os.getpid())):
            self.watchdog_interval_s = int(usec) / 1_000_000 / 2
        self._last_watchdog: float | None = None
        self._sock: socket.socket | None = None

    @property
    def enabled(self) -> bool:
        return self.address is not None

    def notify(self, *fields: str) -> bool:
        """Send ``KEY=value`` fields as one datagram; True if it was sent."""
        if self.address is None:
            return False
        for f in fields:
            if "=" not in f or "\n" in f:
                raise ValueError(f"a notify field is one KEY=value line, got {f!r}")
        try:
            if self._sock is None:
                self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
            self._sock.sendto("\n".join(fields).encode(), self.address)
        except OSError as exc:
            self.last_error = f"{type(exc).__name__}: {exc}"
            return False
        return True

    def ready(self, status: str | None = None) -> bool:
        fields = ["READY=1"] + ([f"STATUS={status}"] if status else [])
        return self.notify(*fields)

    def status(self, text: str) -> bool:
        return self.notify(f"STATUS={text.replace(chr(10), ' ')}")

    def stopping(self) -> bool:
        return self.notify("STOPPING=1")

    def watchdog(self) -> bool:
        """Ping the watchdog if half its period has passed since the last ping."""
        if self.address is None or self.watchdog_interval_s is None:
            return False
        now = self._clock()
        if self._last_watchdog is not None and now - self._last_watchdog < self.watchdog_interval_s:
            return False
        if self.notify("WATCHDOG=1"):
            self._last_watchdog = now
            return True
        return False

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None
