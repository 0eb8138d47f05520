"""A real Mosquitto for the tests: a free loopback port, a password file and the deployed ACL.

Missing broker: the tests skip, except under CI (``CI=true``) where it is a failure.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ACL = ROOT / "deploy" / "mosquitto" / "companion.acl"
MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
PASSWD = shutil.which("mosquitto_passwd") or "/usr/bin/mosquitto_passwd"
USERS = {"desk": "desk-pw", "s1": "s1-pw", "s2": "s2-pw", "s3": "s3-pw"}


def need(path: str, what: str) -> None:
    if not Path(path).exists():
        msg = f"{what} not installed ({path}); `make test` installs it where it can (apt-get install {what})"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(msg)
        pytest.skip(msg)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Broker:
    def __init__(self, workdir: Path) -> None:
        need(MOSQUITTO, "mosquitto")  # (run as root it keeps root: "user root", else it could not read tmp files)
        self.dir = workdir
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        pw = workdir / "passwd"
        for i, (user, password) in enumerate(USERS.items()):
            subprocess.run([PASSWD, *(["-c"] if i == 0 else []), "-b", str(pw), user, password], check=True,
                           capture_output=True, timeout=20)
        (workdir / "mosquitto.conf").write_text(
            f"listener {self.port} 127.0.0.1\nallow_anonymous false\npassword_file {pw}\nacl_file {ACL}\n"
            "persistence false\nuser root\nmax_queued_messages 100000\nlog_dest stderr\nlog_type error\nlog_type warning\n")

    @property
    def url(self) -> str:
        return f"mqtt://127.0.0.1:{self.port}"

    def start(self) -> "Broker":
        self.proc = subprocess.Popen([MOSQUITTO, "-c", str(self.dir / "mosquitto.conf")],
                                     stdout=subprocess.DEVNULL, stderr=open(self.dir / "broker.log", "ab"))
        end = time.monotonic() + 10
        while time.monotonic() < end:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return self
            except OSError:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"mosquitto exited: {(self.dir / 'broker.log').read_text()}")
                time.sleep(0.02)
        raise RuntimeError("mosquitto did not start listening in 10 s")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None
