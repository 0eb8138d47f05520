"""The desk's HTTP side: the live page and a read-only API (standard library only).

    GET /                 the page (plain HTML/CSS/JS, no build step)
    GET /static/NAME      its script and style
    GET /api/standings    exactly ``companion magici standings --json`` of the desk's championship
    GET /api/boards       the boards' current states (clocks aged to now)
    GET /api/state        everything the page shows: boards, standings, conflicts, stations
    GET /api/stream       server-sent events: the whole state again at every change

Only GET and HEAD exist: nothing served here can change a match.
"""

from __future__ import annotations

import json
import logging
import queue
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any

from companion.event.desk import Desk

log = logging.getLogger(__name__)

STATIC = {"page.js": "text/javascript; charset=utf-8", "page.css": "text/css; charset=utf-8"}
HEARTBEAT_S = 10.0


def _asset(name: str) -> bytes:
    return resources.files("companion.event").joinpath("page", name).read_bytes()


class Broadcaster:
    """Hands each change to every open stream (one small queue per page)."""

    def __init__(self, desk: Desk) -> None:
        self.desk = desk
        self._queues: list[queue.Queue[bool]] = []
        self._lock = threading.Lock()
        desk.on_change(self.changed)

    def changed(self) -> None:
        with self._lock:
            for q in self._queues:
                if q.empty():  # one pending wake-up is enough: the stream sends the newest state
                    q.put_nowait(True)

    def subscribe(self) -> queue.Queue[bool]:
        q: queue.Queue[bool] = queue.Queue(maxsize=1)
        with self._lock:
            self._queues.append(q)
        return q

    def unsubscribe(self, q: queue.Queue[bool]) -> None:
        with self._lock:
            if q in self._queues:
                self._queues.remove(q)

    @property
    def streams(self) -> int:
        return len(self._queues)


def make_server(desk: Desk, host: str, port: int) -> ThreadingHTTPServer:
    hub = Broadcaster(desk)

    class Handler(BaseHTTPRequestHandler):
        server_version = "companion-desk"
        protocol_version = "HTTP/1.1"

        def log_message(self, fmt: str, *args: Any) -> None:
            log.debug("http %s " + fmt, self.address_string(), *args)

        def _send(self, status: int, body: bytes, ctype: str, head: bool = False) -> None:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            if not head:
                self.wfile.write(body)

        def _json(self, data: Any, head: bool = False) -> None:
            self._send(200, json.dumps(data, indent=2, ensure_ascii=False).encode() + b"\n",
                       "application/json; charset=utf-8", head)

        def do_HEAD(self) -> None:
            self.do_GET(head=True)

        def do_GET(self, head: bool = False) -> None:
            path = self.path.split("?", 1)[0]
            try:
                if path in ("/", "/index.html"):
                    self._send(200, _asset("index.html"), "text/html; charset=utf-8", head)
                elif path.startswith("/static/") and path[8:] in STATIC:
                    self._send(200, _asset(path[8:]), STATIC[path[8:]], head)
                elif path == "/api/standings":
                    self._json(desk.standings(), head)
                elif path == "/api/boards":
                    self._json(desk.boards(), head)
                elif path == "/api/state":
                    self._json(desk.snapshot(), head)
                elif path == "/api/stream" and not head:
                    self._stream()
                else:
                    self._send(404, b"not found\n", "text/plain; charset=utf-8", head)
            except (BrokenPipeError, ConnectionResetError):
                pass

        def do_POST(self) -> None:  # read-only: say so plainly
            self._send(405, b"read-only\n", "text/plain; charset=utf-8")

        do_PUT = do_DELETE = do_PATCH = do_POST

        def _stream(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
            q = hub.subscribe()
            try:
                self.wfile.write(b"retry: 1000\n\n")
                q.put_nowait(True)
                while True:
                    try:
                        q.get(timeout=HEARTBEAT_S)
                    except queue.Empty:
                        self.wfile.write(b": alive\n\n")
                        self.wfile.flush()
                        continue
                    if self.server.stopping:  # type: ignore[attr-defined]
                        break
                    body = json.dumps(desk.snapshot(), separators=(",", ":"), ensure_ascii=False)
                    self.wfile.write(b"event: state\ndata: " + body.encode() + b"\n\n")
                    self.wfile.flush()
            except (BrokenPipeError, ConnectionResetError, OSError):
                pass
            finally:
                hub.unsubscribe(q)

    server = ThreadingHTTPServer((host, port), Handler)
    server.daemon_threads = True
    server.stopping = False  # type: ignore[attr-defined]
    server.hub = hub  # type: ignore[attr-defined]
    return server


def stop_server(server: ThreadingHTTPServer) -> None:
    """Stop serving and end the open streams now (the pages reconnect by themselves)."""
    server.stopping = True  # type: ignore[attr-defined]
    server.hub.changed()  # type: ignore[attr-defined]
    server.shutdown()
    server.server_close()
