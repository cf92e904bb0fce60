r"""Writing the command line's output: one line of text to a stream, whatever the console's encoding.

>>> import io
>>> s = io.StringIO(); write_line("一条龙", s); s.getvalue()
'一条龙\n'
"""
from __future__ import annotations

__all__ = ["write_line"]


def write_line(text: str, stream) -> None:
    """Write ``text`` and a newline; characters the stream cannot encode (a legacy Windows console)
    become ``?``."""
    try:
        stream.write(text + "\n")
    except UnicodeEncodeError:
        enc = getattr(stream, "encoding", None) or "ascii"
        stream.write((text + "\n").encode(enc, "replace").decode(enc))
