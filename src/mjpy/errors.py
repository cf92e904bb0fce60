"""Exceptions raised by mjpy's notation layer.

Every error is one line naming the input and the place, numpy/msgspec style::

    parse('123x'): unknown character 'x' at position 3
"""
from __future__ import annotations

__all__ = ["NotationError"]


def _show(text: str, limit: int = 60) -> str:
    """repr of ``text``, shortened past ``limit`` characters."""
    if len(text) > limit:
        return repr(text[: limit - 3] + "...")
    return repr(text)


class NotationError(ValueError):
    """A tile string could not be read. A ValueError.

    Attributes: ``text`` (the input), ``position`` (0-based character offset or None),
    ``reason`` (the message without the ``parse('...')`` prefix), ``where`` (the prefix).

    Example: ``parse("123x")`` raises ``NotationError("unknown character 'x' at position 3", "123x", 3)``,
    printed as ``parse('123x'): unknown character 'x' at position 3``.
    """

    def __init__(self, reason: str, text: str = "", position: int | None = None, where: str | None = None):
        self.reason = reason
        self.text = text
        self.position = position
        self.where = where if where is not None else f"parse({_show(text)})"
        super().__init__(f"{self.where}: {reason}")

    def relabel(self, where: str) -> "NotationError":
        """The same error with another prefix (e.g. ``hand '123x'`` instead of ``parse('123x')``)."""
        return NotationError(self.reason, self.text, self.position, where)

    def __reduce__(self):
        return (NotationError, (self.reason, self.text, self.position, self.where))
