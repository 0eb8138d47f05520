"""The event network through a real Mosquitto: event-to-page latency, the desk's CPU with two
boards live, the page's payload, and the time to converge after the broker comes back.

    python benchmarks/bench_event.py [--samples 200] [--cpu-seconds 20] [--backlog 300]

Everything runs on 127.0.0.1: a broker with passwords and the deployed ACL, the desk and two
station links each in its own process (``companion event desk|station``), the stations' apps
played by this process writing their journals. "Page" means a client of the desk's
``/api/stream`` (what the browser's EventSource reads). Peer figures from the same run: the
broker's own publish-to-subscriber round trip (paho to paho), and the broker's CPU.
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import json
import os
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.core.journal import Journal  # noqa: E402
from companion.event.link import make_client  # noqa: E402
from companion.magici.model import DEFAULT_HOUSES  # noqa: E402
from companion.magici.station import RefereeStation  # noqa: E402
from companion.magici.timing import MagiciTiming  # noqa: E402
from tests.event import procs  # noqa: E402
from tests.event.mosquitto import USERS, Broker  # noqa: E402


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


class Stream:
    """Reads the desk's server-sent events; records when each board's seq first shows up."""

    def __init__(self, url: str) -> None:
        host, port = url.removeprefix("http://").split(":")
        self.conn = http.client.HTTPConnection(host, int(port), timeout=30)
        self.conn.request("GET", "/api/stream")
        self.resp = self.conn.getresponse()
        self.seen: dict[tuple[str, int], float] = {}
        self.frames = 0
        self.bytes = 0
        self.cond = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        data = b""
        try:
            for line in self.resp:
                if line.startswith(b"data: "):
                    data = line[6:]
                elif line == b"\n" and data:
                    now = time.perf_counter()
                    state = json.loads(data)
                    with self.cond:
                        self.frames += 1
                        self.bytes += len(data)
                        for b in state["boards"]:
                            self.seen.setdefault((b["station"], b["seq"]), now)
                        self.cond.notify_all()
                    data = b""
        except (OSError, ValueError):
            pass

    def wait(self, key: tuple[str, int], timeout: float = 10.0) -> float:
        end = time.monotonic() + timeout
        with self.cond:
            while key not in self.seen:
                left = end - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"{key} never reached the page")
                self.cond.wait(left)
            return self.seen[key]


def broker_round_trip(broker: Broker, samples: int) -> list[float]:
    """The peer: one QoS 1 message from a paho publisher to a paho subscriber through the broker."""
    got = threading.Event()
    sub = make_client("bench-sub", "desk", USERS["desk"])
    sub.on_message = lambda c, u, m: got.set()
    sub.on_connect = lambda c, u, f, r, p: c.subscribe("companion/bench/#", qos=1)
    sub.connect("127.0.0.1", broker.port)
    sub.loop_start()
    pub = make_client("bench-pub", "s3", USERS["s3"])
    pub.connect("127.0.0.1", broker.port)
    pub.loop_start()
    time.sleep(0.5)
    out = []
    for i in range(samples):
        got.clear()
        t0 = time.perf_counter()
        pub.publish("companion/bench/s3/event/1", b'{"i": %d}' % i, qos=1)
        if got.wait(5):
            out.append((time.perf_counter() - t0) * 1000)
    for c in (pub, sub):
        c.disconnect()
        c.loop_stop()
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", type=int, default=200)
    ap.add_argument("--cpu-seconds", type=float, default=20.0)
    ap.add_argument("--backlog", type=int, default=300, help="events written while the broker is down")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-event-"))
    (tmp / "broker").mkdir()
    broker = Broker(tmp / "broker").start()
    j1p, j2p = tmp / "s1" / "journal.db", tmp / "s2" / "journal.db"
    j1, j2 = Journal.open(j1p), Journal.open(j2p)
    desk, url = procs.desk(broker.url, tmp / "desk" / "data")
    stations = [procs.station(broker.url, "s1", j1p), procs.station(broker.url, "s2", j2p)]
    try:
        procs.wait_for("stations online", lambda: len([s for s in procs.get(f"{url}/api/state")["stations"]
                                                       if s["online"]]) == 2, 30)
        timing = MagiciTiming(end_lockout_ms=0, move_ms=3_600_000, game_ms=24 * 3_600_000)
        g, s, t, c = DEFAULT_HOUSES
        st1 = RefereeStation.new(j1.new_match("magici", title="G-S"), g, s, timing=timing)
        st2 = RefereeStation.new(j2.new_match("magici", title="T-C"), t, c, timing=timing)
        st1.begin()
        st2.begin()
        stream = Stream(url)

        # 1. event-to-page latency: commit on a station -> the state showing it arrives at the page
        lat = []
        for i in range(args.samples):
            st, name, j = (st1, "s1", j1) if i % 2 == 0 else (st2, "s2", j2)
            t0 = time.perf_counter()
            st.end_move()
            seq = max(e.seq for e in st.log.events())
            lat.append((stream.wait((name, seq)) - t0) * 1000)
            time.sleep(0.02)
        peer = broker_round_trip(broker, args.samples)
        print(f"event-to-page latency ({len(lat)} events, 2 boards): p50 {statistics.median(lat):.1f} ms, "
              f"p99 {pct(lat, 0.99):.1f} ms, max {max(lat):.1f} ms")
        print(f"  peer, bare broker round trip paho->mosquitto->paho QoS 1: p50 {statistics.median(peer):.2f} ms, "
              f"p99 {pct(peer, 0.99):.2f} ms (the page path is {statistics.median(lat) / statistics.median(peer):.0f}x "
              f"at p50: poll of the journal, outbox, desk store, state rebuild, SSE)")

        # 2. the desk's CPU with two boards live (a turn every 2 s on each board, one page open)
        assert desk.p is not None and broker.proc is not None
        d0, b0, w0 = cpu_seconds(desk.p.pid), cpu_seconds(broker.proc.pid), time.monotonic()
        idle_end = w0 + args.cpu_seconds / 2
        while time.monotonic() < idle_end:
            time.sleep(0.2)
        d1, b1, w1 = cpu_seconds(desk.p.pid), cpu_seconds(broker.proc.pid), time.monotonic()
        end = w1 + args.cpu_seconds
        nxt = w1
        n = 0
        while time.monotonic() < end:
            if time.monotonic() >= nxt:
                (st1 if n % 2 == 0 else st2).end_move()
                n += 1
                nxt += 1.0  # each board every 2 s
            time.sleep(0.05)
        d2, b2, w2 = cpu_seconds(desk.p.pid), cpu_seconds(broker.proc.pid), time.monotonic()
        print(f"desk CPU, idle with a page open: {100 * (d1 - d0) / (w1 - w0):.2f} % of a core")
        print(f"desk CPU, two boards live ({n} turns in {w2 - w1:.0f} s) and a page open: "
              f"{100 * (d2 - d1) / (w2 - w1):.2f} % of a core (peer: mosquitto {100 * (b2 - b1) / (w2 - w1):.2f} %)")

        # 3. the page's payload
        sizes = {}
        for path in ("/", "/static/page.js", "/static/page.css", "/api/state"):
            body = urllib.request.urlopen(f"{url}{path}", timeout=5).read()
            sizes[path] = (len(body), len(gzip.compress(body)))
        first = sum(v[0] for v in sizes.values())
        print("page payload: " + ", ".join(f"{p} {r / 1024:.1f} KiB" for p, (r, _) in sizes.items())
              + f"; first load {first / 1024:.1f} KiB ({sum(v[1] for v in sizes.values()) / 1024:.1f} KiB gzipped);"
              f" each live update {stream.bytes / max(1, stream.frames) / 1024:.1f} KiB on average")

        # 4. converging after the broker comes back with a backlog written while it was away
        broker.stop()
        for i in range(args.backlog):
            (st1 if i % 2 == 0 else st2).end_move()
        heads = {"s1": max(e.seq for e in st1.log.events()), "s2": max(e.seq for e in st2.log.events())}
        t0 = time.perf_counter()
        broker.start()
        t_up = time.perf_counter()
        for name, seq in heads.items():
            stream.wait((name, seq), timeout=60)
        done = max(stream.seen[(name, seq)] for name, seq in heads.items())
        print(f"converge after the broker comes back: {args.backlog} events written while it was down are on the "
              f"page {(done - t_up) * 1000:.0f} ms after it listens again (restart itself {(t_up - t0) * 1000:.0f} ms)")
    finally:
        for p in (*stations, desk):
            p.stop()
        broker.stop()
        j1.close()
        j2.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
