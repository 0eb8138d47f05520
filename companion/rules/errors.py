"""The errors of the rules engine: all are ``ValueError``s with a message a person can act on."""

from __future__ import annotations


class PositionError(ValueError):
    """A position string that cannot be read; the message says what is wrong and where.

    ``field`` is the 1-based field of the string (board, side, ...) and ``column`` the 0-based
    character offset in the whole string, when they are known.
    """

    def __init__(self, message: str, *, field: int | None = None, column: int | None = None):
        where = []
        if field is not None:
            where.append(f"field {field}")
        if column is not None:
            where.append(f"character {column + 1}")
        super().__init__(f"{message} ({', '.join(where)})" if where else message)
        self.field = field
        self.column = column


class IllegalMove(ValueError):
    """A move that cannot be played here, with the reason in human words."""


class UnknownVariant(ValueError):
    """A variant name the engine does not know; the message lists the known names."""


class OptionError(ValueError):
    """A rule option that does not exist or has a value it cannot take."""
