"""sd_notify against a real datagram socket, as systemd listens for it."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest

from companion.hardware.sdnotify import Notifier


class Seconds:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def listener(tmp_path: Path):
    path = tmp_path / "notify"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(path))
    sock.settimeout(5)
    yield str(path), sock
    sock.close()


def received(sock: socket.socket) -> list[str]:
    out = []
    sock.setblocking(False)
    try:
        while True:
            out.append(sock.recv(4096).decode())
    except BlockingIOError:
        pass
    finally:
        sock.settimeout(5)
    return out


def test_ready_status_and_stopping_arrive_as_datagrams(listener):
    path, sock = listener
    n = Notifier(env={"NOTIFY_SOCKET": path})
    assert n.enabled
    assert n.ready(status="ChessBall, white to move")
    assert sock.recv(4096) == b"READY=1\nSTATUS=ChessBall, white to move"
    n.status("two\nlines")
    assert sock.recv(4096) == b"STATUS=two lines"
    n.stopping()
    assert sock.recv(4096) == b"STOPPING=1"
    n.close()


def test_watchdog_pings_at_most_every_half_period(listener):
    path, sock = listener
    clock = Seconds()
    n = Notifier(env={"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "10000000"}, clock=clock)
    assert n.watchdog_interval_s == 5.0
    sent = []
    for _ in range(30):  # a 30-frame second... then 12 s of frames every 0.5 s
        sent.append(n.watchdog())
    for _ in range(24):
        clock.now += 0.5
        sent.append(n.watchdog())
    assert sent.count(True) == 3  # at 0 s, 5 s and 10 s
    assert received(sock) == ["WATCHDOG=1"] * 3


def test_abstract_namespace_socket_is_supported():
    name = f"companion-test-{os.getpid()}"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(b"\0" + name.encode())
    sock.settimeout(5)
    try:
        n = Notifier(env={"NOTIFY_SOCKET": "@" + name})
        assert n.ready()
        assert sock.recv(4096) == b"READY=1"
    finally:
        sock.close()


def test_outside_systemd_everything_is_a_quiet_no_op():
    n = Notifier(env={})
    assert not n.enabled
    assert (n.ready(), n.watchdog(), n.status("x"), n.stopping()) == (False, False, False, False)


def test_watchdog_meant_for_another_process_is_ignored(listener):
    path, _ = listener
    n = Notifier(env={"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "1000000", "WATCHDOG_PID": "1"})
    assert n.watchdog_interval_s is None and n.watchdog() is False


def test_a_vanished_socket_is_remembered_not_raised(tmp_path: Path):
    n = Notifier(env={"NOTIFY_SOCKET": str(tmp_path / "gone")})
    assert n.ready() is False
    assert "FileNotFoundError" in n.last_error or "ConnectionRefused" in n.last_error


def test_a_field_must_be_one_key_value_line(listener):
    path, _ = listener
    with pytest.raises(ValueError, match="KEY=value"):
        Notifier(env={"NOTIFY_SOCKET": path}).notify("READY")
