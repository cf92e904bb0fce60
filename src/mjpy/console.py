r"""What every ``mjpy`` subcommand shares: writing one line of output to a stream, whatever the
console's encoding, and reading ``--option KEY=VALUE``.

>>> import io
>>> s = io.StringIO(); write_line("一条龙", s); s.getvalue()
'一条龙\n'
"""
from __future__ import annotations

import json

__all__ = ["write_line", "parse_options"]


def write_line(text: str, stream) -> None:
    """Write ``text`` and a newline; characters the stream cannot encode (a legacy Windows console)
    become ``?``."""
    try:
        stream.write(text + "\n")
    except UnicodeEncodeError:
        enc = getattr(stream, "encoding", None) or "ascii"
        stream.write((text + "\n").encode(enc, "replace").decode(enc))


def parse_options(items, flag: str = "--option") -> dict:
    """``--option KEY=VALUE`` (repeatable) as keyword options of :func:`mjpy.rules.get`.

    VALUE is read as JSON where it can be (``10``, ``1.5``, ``true``, ``null``, ``"fan"``), also ``True`` /
    ``False`` / ``None``; anything else is a string. KEY may use ``-`` for ``_``.

    >>> parse_options(["qidui=10", "gui=fan", "self-draw-only=false", "cap=null"])
    {'qidui': 10, 'gui': 'fan', 'self_draw_only': False, 'cap': None}
    """
    out: dict = {}
    for item in items or ():
        key, sep, text = str(item).partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise ValueError(f"{flag} {item!r}: write KEY=VALUE (e.g. {flag} qidui=10)")
        if key in out:
            raise ValueError(f"{flag} {key} is given twice")
        out[key] = _option_value(text.strip())
    return out


def _option_value(text: str):
    words = {"true": True, "false": False, "none": None, "null": None}
    if text.lower() in words:
        return words[text.lower()]

    def _no_constant(name):
        raise ValueError(name)

    try:
        return json.loads(text, parse_constant=_no_constant)   # numbers, "quoted strings", lists
    except ValueError:
        return text
