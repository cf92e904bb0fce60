"""The limits of ``mjpy serve`` (no web stack needed to read them: the CLI's help shows the defaults)."""
from __future__ import annotations

import os
from dataclasses import asdict, dataclass
from typing import Optional

__all__ = ["Limits"]

_ENV = "MJPY_SERVE_"      # the limits of the app that `mjpy serve` starts in each worker process


@dataclass(frozen=True)
class Limits:
    """The service's limits (``mjpy serve --max-body ...``; environment ``MJPY_SERVE_MAX_BODY`` ...).

    ``max_body``: bytes of a batch request (64 MiB: a million binary rows of 34 bytes);
    ``max_json_body``: bytes of the other requests; ``max_rows``: hands of one batch request;
    ``timeout``: seconds of work per request (503 beyond); ``max_advise_hands``: the hands an /advise
    question may reach (``mjpy.advise(max_hands=)``); ``batch_workers``: threads of a batch call (None:
    every core)."""

    max_body: int = 64 << 20
    max_json_body: int = 1 << 20
    max_rows: int = 2_000_000
    timeout: float = 30.0
    max_advise_hands: int = 200_000
    batch_workers: Optional[int] = None

    @classmethod
    def from_env(cls) -> "Limits":
        """The limits named in the environment (``MJPY_SERVE_MAX_ROWS=1000``), the defaults elsewhere."""
        kw: dict = {}
        for name, default in asdict(cls()).items():
            text = os.environ.get(_ENV + name.upper())
            if text is None or text == "":
                continue
            kind = float if name == "timeout" else int
            try:
                kw[name] = kind(text)
            except ValueError:
                raise ValueError(f"{_ENV}{name.upper()}={text!r}: must be a number") from None
        return cls(**kw)

    def to_env(self) -> dict:
        return {_ENV + k.upper(): str(v) for k, v in asdict(self).items() if v is not None}
