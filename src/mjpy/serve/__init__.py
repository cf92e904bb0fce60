"""``mjpy serve``: the library over HTTP (JSON in and out) and a hand-analysis web page (docs/serve.md).

    pip install "mjpy[serve]"
    mjpy serve --port 8000 --workers 2
    curl -s localhost:8000/analyze -d '{"hand": "2233445566778p"}'

``mjpy.serve.app`` is the ASGI application (``uvicorn mjpy.serve:app``; its limits from the environment,
:meth:`Limits.from_env`), built on first access; :func:`create_app` builds one with other limits.
"""
from .limits import Limits

__all__ = ["app", "create_app", "Limits"]


def create_app(limits=None):
    """A new ASGI application with ``limits`` (a :class:`Limits`; default: from the environment)."""
    try:
        from .service import create_app as build
    except ImportError as e:  # pragma: no cover - depends on the install
        raise ImportError(f"mjpy.serve needs the serve extra: pip install \"mjpy[serve]\" ({e})") from None
    return build(limits)


def __getattr__(name):
    if name == "app":
        app = globals()["app"] = create_app()
        return app
    raise AttributeError(f"module 'mjpy.serve' has no attribute {name!r}")
