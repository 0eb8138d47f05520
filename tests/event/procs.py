"""Desk and station processes for the tests (``python -m companion event ...``), and polling."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.event.mosquitto import ROOT, USERS, free_port


def env() -> dict[str, str]:
    e = dict(os.environ)
    e["PYTHONPATH"] = str(ROOT) + os.pathsep + e.get("PYTHONPATH", "")
    return e


class Proc:
    def __init__(self, args: list[str], log: Path) -> None:
        self.args, self.log = args, log
        self.p: subprocess.Popen[bytes] | None = None

    def start(self) -> "Proc":
        self.p = subprocess.Popen([sys.executable, "-m", "companion", *self.args], env=env(),
                                  stdout=open(self.log, "ab"), stderr=subprocess.STDOUT)
        return self

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.p is not None and self.p.poll() is None:
            self.p.send_signal(sig)
            try:
                self.p.wait(10)
            except subprocess.TimeoutExpired:
                self.p.kill()
                self.p.wait(5)
        self.p = None


def desk(broker_url: str, data_dir: Path, extra: list[str] | None = None) -> tuple[Proc, str]:
    port = free_port()
    proc = Proc(["event", "desk", "--broker", broker_url, "--http", f"127.0.0.1:{port}", "--data-dir", str(data_dir),
                 "--user", "desk", "--password", USERS["desk"], *(extra or [])], data_dir.parent / "desk.log")
    data_dir.parent.mkdir(parents=True, exist_ok=True)
    return proc.start(), f"http://127.0.0.1:{port}"


def station(broker_url: str, name: str, journal: Path, event: str = "event") -> Proc:
    return Proc(["event", "station", "--broker", broker_url, "--station", name, "--password", USERS[name],
                 "--journal", str(journal), "--event", event], journal.parent / f"{name}.log").start()


def get(url: str, timeout: float = 2.0) -> Any:
    with urllib.request.urlopen(url, timeout=timeout) as r:
        return json.loads(r.read())


def wait_for(what: str, check: Callable[[], Any], timeout: float = 20.0) -> Any:
    """Poll ``check`` until it returns something true; fail naming ``what`` after ``timeout``."""
    end = time.monotonic() + timeout
    last: Any = None
    while time.monotonic() < end:
        try:
            last = check()
            if last:
                return last
        except Exception as exc:  # the desk not up yet, an element not drawn yet: look again
            last = exc
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what} (last: {last!r})")
