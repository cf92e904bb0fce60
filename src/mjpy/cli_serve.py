"""``mjpy serve``: the HTTP service and the web page of :mod:`mjpy.serve` under uvicorn (docs/serve.md)."""
from __future__ import annotations

import os


def add_parser(sub) -> None:
    """Add the ``serve`` subcommand to the CLI's subparsers."""
    from .serve.limits import Limits   # no web stack needed to show the defaults

    d = Limits()
    s = sub.add_parser(
        "serve",
        help="HTTP JSON service and hand-analysis web page (needs: pip install \"mjpy[serve]\")",
        description="Serve /analyze, /score, /tenpai, /settle, /advise, /batch/{shanten,is_win,waits}, /rules, "
                    "/health, /openapi.json and the web page at / (docs/serve.md).",
        epilog="example: mjpy serve --port 8000 --workers 2; curl -s localhost:8000/analyze -d "
               "'{\"hand\": \"2233445566778p\"}'",
    )
    s.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    s.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    s.add_argument("--workers", type=int, default=1, metavar="N", help="worker processes (default 1)")
    s.add_argument("--max-body", type=int, default=d.max_body, metavar="BYTES",
                   help=f"largest batch request body (default {d.max_body}: a million binary rows)")
    s.add_argument("--max-json-body", type=int, default=d.max_json_body, metavar="BYTES",
                   help=f"largest body of the other requests (default {d.max_json_body})")
    s.add_argument("--max-rows", type=int, default=d.max_rows, metavar="N",
                   help=f"most hands in one batch request (default {d.max_rows})")
    s.add_argument("--timeout", type=float, default=d.timeout, metavar="SECONDS",
                   help=f"work per request before a 503 (default {d.timeout:g})")
    s.add_argument("--max-advise-hands", type=int, default=d.max_advise_hands, metavar="N",
                   help=f"hands an /advise question may reach (default {d.max_advise_hands})")
    s.add_argument("--batch-workers", type=int, default=None, metavar="N",
                   help="threads of one batch call (default: every core)")
    s.add_argument("--log-level", default="warning", choices=("critical", "error", "warning", "info", "debug"),
                   help="uvicorn's log level (default warning)")
    s.add_argument("--access-log", action="store_true", help="log every request (off by default: it costs time)")


def run(args) -> int:
    """Start uvicorn with ``mjpy.serve:app``; the limits reach each worker process through the environment."""
    from .serve.limits import Limits

    try:
        import uvicorn
    except ImportError:
        raise ValueError("mjpy serve needs the serve extra: pip install \"mjpy[serve]\"") from None
    for name, value in (("--port", args.port), ("--workers", args.workers), ("--max-body", args.max_body),
                        ("--max-json-body", args.max_json_body), ("--max-rows", args.max_rows),
                        ("--timeout", args.timeout), ("--max-advise-hands", args.max_advise_hands)):
        if value <= 0 or (name == "--port" and value > 65535):
            raise ValueError(f"{name} {value}: must be {'1-65535' if name == '--port' else 'positive'}")
    if args.batch_workers is not None and args.batch_workers <= 0:
        raise ValueError(f"--batch-workers {args.batch_workers}: must be positive")
    limits = Limits(max_body=args.max_body, max_json_body=args.max_json_body, max_rows=args.max_rows,
                    timeout=args.timeout, max_advise_hands=args.max_advise_hands, batch_workers=args.batch_workers)
    os.environ.update(limits.to_env())
    import mjpy.serve  # noqa: F401  - fail here, with the install hint, if the extra is missing

    uvicorn.run("mjpy.serve:app", host=args.host, port=args.port, workers=args.workers, log_level=args.log_level,
                access_log=args.access_log, timeout_graceful_shutdown=5)
    return 0
