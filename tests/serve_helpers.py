"""Helpers for the tests (and bench/) of ``mjpy serve``: a real server in a subprocess on a free loopback port,
plain HTTP/1.1 requests with the standard library, and an in-process ASGI call without any HTTP client
library."""
from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from typing import Any, Dict, Optional, Tuple

import anyio


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``mjpy serve`` (``python -m mjpy serve``) on a free loopback port, stopped on exit.

    >>> with Server(workers=1) as srv:            # doctest: +SKIP
    ...     srv.post("/analyze", {"hand": "2233445566778p"})[0]
    200
    """

    def __init__(self, workers: int = 1, *args: str):
        self.port = free_port()
        self.cmd = [sys.executable, "-m", "mjpy", "serve", "--port", str(self.port), "--workers", str(workers),
                    *args]
        self.proc: Optional[subprocess.Popen] = None
        self._conn: Optional[http.client.HTTPConnection] = None

    def __enter__(self) -> "Server":
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.log = tempfile.TemporaryFile()       # not a pipe: a full pipe would stall the server
        self.proc = subprocess.Popen(self.cmd, stdout=self.log, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"mjpy serve exited with {self.proc.returncode}: {self.output()}")
            try:
                if self.get("/health")[0] == 200:
                    return self
            except OSError:
                self.close()
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("mjpy serve did not answer /health within 60 s")

    def __exit__(self, *exc) -> None:
        self.stop()

    def output(self) -> str:
        """What the server printed (its log)."""
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def stop(self) -> None:
        self.close()
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc is not None and not self.log.closed:
            self.log.close()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def connection(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def request(self, method: str, path: str, body: bytes = b"", headers: Optional[Dict[str, str]] = None,
                conn: Optional[http.client.HTTPConnection] = None) -> Tuple[int, Dict[str, str], bytes]:
        """One request on a kept-alive connection (reconnecting once if the server closed it)."""
        own = conn is None
        for attempt in (0, 1):
            if own and self._conn is None:
                self._conn = self.connection()
            c = self._conn if own else conn
            try:
                c.request(method, path, body=body, headers=headers or {})
                r = c.getresponse()
                data = r.read()
                out = r.status, {k.lower(): v for k, v in r.getheaders()}, data
                if r.getheader("connection", "").lower() == "close" and own:
                    self.close()
                return out
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                if not own or attempt:
                    raise
                self.close()
        raise AssertionError("unreachable")

    def get(self, path: str) -> Tuple[int, Dict[str, str], bytes]:
        return self.request("GET", path)

    def post(self, path: str, body: Any, conn=None) -> Tuple[int, Any]:
        """POST a JSON body; ``(status, decoded JSON)``."""
        status, _, data = self.request("POST", path, json.dumps(body).encode(), {"Content-Type": "application/json"},
                                       conn=conn)
        return status, json.loads(data)


def asgi_call(app, method: str, path: str, body: bytes = b"", headers: Optional[Dict[str, str]] = None,
              query: str = "", chunk: int = 0) -> Tuple[int, Dict[str, str], bytes]:
    """Drive an ASGI app in process (no HTTP client library): ``(status, headers, body)``; ``chunk``: send the
    body in pieces of that many bytes, as a server reading a socket does."""
    hdrs = [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()]
    if not any(k == b"content-length" for k, _ in hdrs):
        hdrs.append((b"content-length", str(len(body)).encode()))
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method, "scheme": "http",
             "path": path, "raw_path": path.encode(), "query_string": query.encode(), "root_path": "",
             "headers": hdrs, "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 80)}
    out: Dict[str, Any] = {"body": b""}
    step = chunk or max(len(body), 1)
    pieces = [body[i:i + step] for i in range(0, len(body), step)] or [b""]

    async def receive():
        if pieces:
            piece = pieces.pop(0)
            return {"type": "http.request", "body": piece, "more_body": bool(pieces)}
        await anyio.sleep(3600)

    async def send(message):
        if message["type"] == "http.response.start":
            out["status"] = message["status"]
            out["headers"] = {k.decode(): v.decode() for k, v in message["headers"]}
        elif message["type"] == "http.response.body":
            out["body"] += message.get("body", b"")

    anyio.run(app, scope, receive, send)
    return out["status"], out["headers"], out["body"]
