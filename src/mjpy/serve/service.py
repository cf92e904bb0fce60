"""The ASGI application of ``mjpy serve`` (Starlette): routes, limits, and the one error format.

>>> from mjpy.serve import create_app, Limits
>>> app = create_app(Limits(max_body=1 << 20))      # run it: uvicorn.run(app) or mjpy serve

Every refusal is ``{"error": "<one-line message>"}``: 400 for bad input (the library's ``ValueError``: a
fifth copy, an unknown tile or rule set, malformed JSON), 413 for a body over the limit, 422 for valid
JSON of the wrong shape (a missing or mistyped field), 503 for a request over the time limit. Small
requests (/analyze, /score, /tenpai) are answered on the event loop (microseconds of kernel work); the
others run in a worker thread under the time limit, the kernel releasing the GIL, so that one long batch
never stalls the loop and ``/health`` always answers.
"""
from __future__ import annotations

import asyncio
import json
import logging
import re
from dataclasses import asdict
from functools import partial
from importlib import resources
from typing import Any, Awaitable, Callable, List, Optional

import anyio
import numpy as np
from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from . import handlers
from .limits import Limits
from .schema import SchemaError, from_query, openapi, validate

__all__ = ["Limits", "create_app"]

log = logging.getLogger("mjpy.serve")

class _HTTPError(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _dumps(x: Any) -> bytes:
    return json.dumps(x, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")


async def _body(request: Request, limit: int) -> bytes:
    """The request body, refused (413) past ``limit`` bytes, by its Content-Length or as it streams in."""
    length = request.headers.get("content-length")
    if length is not None:
        if not length.isdigit():
            raise _HTTPError(400, f"Content-Length {length[:40]!r} is not a number")
        if int(length) > limit:
            raise _HTTPError(413, f"the body has {int(length)} bytes: over the limit of {limit} bytes")
    chunks = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise _HTTPError(413, f"the body is over the limit of {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def _json(raw: bytes) -> Any:
    if not raw:
        raise _HTTPError(400, "the body is empty: send a JSON object")
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise _HTTPError(400, "the body is not UTF-8 text") from None
    except RecursionError:
        raise _HTTPError(400, "the body is not valid JSON: nested too deeply") from None
    except ValueError as e:
        raise _HTTPError(400, f"the body is not valid JSON: {e}") from None


def create_app(limits: Optional[Limits] = None) -> Starlette:
    """The ASGI application, with ``limits`` (default: :meth:`Limits.from_env`)."""
    limits = Limits.from_env() if limits is None else limits
    from .. import __version__

    spec = _dumps(openapi(__version__, handlers.RESPONSES, asdict(limits)))
    page = resources.files("mjpy.serve").joinpath("page.html").read_bytes()

    async def in_thread(fn: Callable[[], Any]) -> Any:
        return await in_time(partial(anyio.to_thread.run_sync, fn, abandon_on_cancel=True))

    async def in_time(fn: Callable[[], Awaitable]) -> Any:
        try:
            with anyio.fail_after(limits.timeout):
                return await fn()
        except TimeoutError:
            raise _HTTPError(503, f"the request took longer than the limit of {limits.timeout:g} s") from None

    def json_endpoint(path: str, fn: Callable[[dict], Any], threaded: bool):
        async def endpoint(request: Request) -> Response:
            try:
                req = validate(path, _json(await _body(request, limits.max_json_body)))
                out = await in_thread(partial(fn, req)) if threaded else fn(req)
                return Response(_dumps(out), media_type="application/json")
            except Exception as e:           # noqa: BLE001 - every error becomes {"error": ...}
                return _refusal(e)

        return endpoint

    def batch_endpoint(what: str):
        path = f"/batch/{what}"

        async def endpoint(request: Request) -> Response:
            try:
                binary = request.headers.get("content-type", "").split(";")[0].strip() == "application/octet-stream"
                if binary:
                    req = from_query(path, request.query_params)
                    values = await in_time(partial(_binary_batch, request, what, req, limits))
                else:
                    if request.query_params:
                        raise SchemaError(f"{path}: query parameters are for binary bodies; a JSON request "
                                          f"puts its fields in the body")
                    raw = await _body(request, limits.max_body)
                    values = await in_thread(partial(_json_batch, path, what, raw, limits))
                if binary:
                    out = np.ascontiguousarray(values)
                    if out.dtype == np.bool_:
                        out = out.view(np.uint8)
                    return Response(out.astype(out.dtype.newbyteorder("<"), copy=False).tobytes(),
                                    media_type="application/octet-stream",
                                    headers={"X-Mjpy-Rows": str(len(out)), "X-Mjpy-Dtype": _dtype_name(out)})
                return Response(_dumps(handlers.batch_json(what, values)), media_type="application/json")
            except Exception as e:           # noqa: BLE001
                return _refusal(e)

        return endpoint

    async def get_rules(request: Request) -> Response:
        return Response(rules_body, media_type="application/json")

    async def health(request: Request) -> Response:
        return Response(b'{"status":"ok"}', media_type="application/json")

    async def get_openapi(request: Request) -> Response:
        return Response(spec, media_type="application/json")

    async def index(request: Request) -> Response:
        return HTMLResponse(page)

    rules_body = _dumps(handlers.rules())
    advise = partial(handlers.advise, max_hands=limits.max_advise_hands)
    routes = [
        Route("/", index, methods=["GET"]),
        Route("/health", health, methods=["GET"]),
        Route("/openapi.json", get_openapi, methods=["GET"]),
        Route("/rules", get_rules, methods=["GET"]),
        Route("/analyze", json_endpoint("/analyze", handlers.analyze, False), methods=["POST"]),
        Route("/score", json_endpoint("/score", handlers.score, False), methods=["POST"]),
        Route("/tenpai", json_endpoint("/tenpai", handlers.tenpai, False), methods=["POST"]),
        Route("/settle", json_endpoint("/settle", handlers.settle, True), methods=["POST"]),
        Route("/advise", json_endpoint("/advise", advise, True), methods=["POST"]),
    ] + [Route(f"/batch/{w}", batch_endpoint(w), methods=["POST"]) for w in ("shanten", "is_win", "waits")]

    async def not_found(request: Request, exc) -> Response:
        status = getattr(exc, "status_code", 404)
        if status == 405:
            return _error(405, f"{request.method} {request.url.path}: method not allowed")
        return _error(status, f"{request.url.path}: no such endpoint (GET /openapi.json lists them)")

    async def server_error(request: Request, exc) -> Response:   # pragma: no cover - a bug, logged
        log.exception("internal error on %s", request.url.path)
        return _error(500, f"internal error ({type(exc).__name__})")

    app = Starlette(routes=routes, exception_handlers={404: not_found, 405: not_found, 500: server_error})
    app.state.limits = limits
    return app


#: rows of one block of a streamed binary batch: computed in a worker thread while the next ones arrive
_BLOCK_ROWS = 32768
#: request buffers kept for the next binary batch (a fresh 34 MB buffer costs ~20 ms of page faults)
_POOL: List[bytearray] = []


async def _binary_batch(request: Request, what: str, req: dict, limits: Limits) -> np.ndarray:
    """The answer of a binary batch body (N x 34 uint8), computed block by block as the body arrives: each
    block of rows goes to a worker thread (the kernel without the GIL) while the event loop reads the next,
    so that the time of a large request is about its transfer time."""
    length = request.headers.get("content-length")
    if length is None or not length.isdigit():
        raise _HTTPError(411, "a binary batch body needs its Content-Length")
    n = int(length)
    if n > limits.max_body:
        raise _HTTPError(413, f"the body has {n} bytes: over the limit of {limits.max_body} bytes")
    if n % 34:
        raise ValueError(f"a binary body is N x 34 uint8 counts: {n} bytes is not a multiple of 34")
    rows = n // 34
    if rows > limits.max_rows:
        raise ValueError(f"the body has {rows} rows: over the limit of {limits.max_rows}")
    per_row = isinstance(req.get("melds"), list) or isinstance(req.get("jokers"), list)
    buf = _take_buffer(n)
    try:
        hands = np.frombuffer(buf, np.uint8, count=n).reshape(rows, 34)
        loop = asyncio.get_running_loop()
        parts: List[np.ndarray] = []
        pending: Optional[asyncio.Future] = None
        pos = done = 0
        async for chunk in request.stream():
            k = len(chunk)
            if pos + k > n:
                raise ValueError(f"the body is longer than its Content-Length ({n})")
            buf[pos:pos + k] = chunk
            pos += k
            ready = pos // 34
            if not per_row and ready - done >= _BLOCK_ROWS and (pending is None or pending.done()):
                if pending is not None:
                    parts.append(pending.result())
                pending = loop.run_in_executor(None, _block, what, hands, req, done, ready, 1)
                done = ready
        if pos != n:
            raise ValueError(f"the body has {pos} bytes, not its Content-Length ({n})")
        if pending is not None:
            parts.append(await pending)
        parts.append(await loop.run_in_executor(None, _block, what, hands, req, done, rows, limits.batch_workers))
        return parts[0] if len(parts) == 1 else np.concatenate(parts)
    finally:
        if len(_POOL) < 2:
            _POOL.append(buf)


def _json_batch(path: str, what: str, raw: bytes, limits: Limits) -> np.ndarray:
    """A JSON batch request, read and answered in a worker thread (a large body takes a while to parse)."""
    req = validate(path, _json(raw))
    return handlers.batch(what, handlers.batch_arrays(req, limits.max_rows), req, limits.batch_workers)


def _take_buffer(n: int) -> bytearray:
    fits = [b for b in _POOL if len(b) >= n]
    if fits:
        b = min(fits, key=len)
        _POOL.remove(b)
        return b
    return bytearray(n)


def _block(what: str, hands: np.ndarray, req: dict, start: int, stop: int, workers) -> np.ndarray:
    """The kernel on rows ``start:stop``; a bad row is named by its index in the whole body."""
    try:
        return handlers.batch(what, hands[start:stop], req, workers)
    except ValueError as e:
        raise ValueError(re.sub(r"^hands\[(\d+)\]", lambda m: f"hands[{int(m.group(1)) + start}]", str(e),
                                count=1)) from None


def _dtype_name(a: np.ndarray) -> str:
    return {np.int8: "int8", np.uint8: "uint8", np.uint64: "uint64"}.get(a.dtype.type, str(a.dtype))


def _refusal(e: Exception) -> Response:
    """The one error format: 400 / 413 / 422 / 503 with ``{"error": message}``; a bug is a logged 500."""
    if isinstance(e, _HTTPError):
        return _error(e.status, str(e))
    if isinstance(e, ClientDisconnect):          # nobody reads the answer; not a server error
        return _error(400, "the client disconnected before sending the whole body")
    if isinstance(e, SchemaError):
        return _error(422, str(e))
    if isinstance(e, TypeError):
        return _error(422, _one_line(e))
    if isinstance(e, (ValueError, KeyError, OverflowError)):
        return _error(400, _one_line(e))
    log.exception("internal error")
    return _error(500, f"internal error ({type(e).__name__})")


def _one_line(e: Exception) -> str:
    text = str(e.args[0]) if isinstance(e, KeyError) and e.args else str(e)
    return " ".join(text.split()) or type(e).__name__
