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
    """A move that cannot be played here, with the reason in human words.

    When the reason is a :class:`~companion.rules.refusal.Refusal` (the engine's explanations
    are), ``code`` and ``params`` say it in machine-readable form for a translation table.

    >>> from companion.rules import get_variant
    >>> try:
    ...     get_variant("magici").start_position().parse_move("e2e5")
    ... except IllegalMove as exc:
    ...     str(exc), exc.code, exc.params
    ('a pawn cannot move from e2 to e5', 'move.cannot_move', {'kind': 'pawn', 'origin': 'e2', 'target': 'e5'})
    """

    @property
    def code(self) -> str | None:
        """The reason's code (``move.empty``...), or None for a reason given as plain text."""
        return getattr(self.args[0], "code", None) if self.args else None

    @property
    def params(self) -> dict[str, object]:
        """The values the reason's code needs (empty for plain text)."""
        return dict(getattr(self.args[0], "params", {})) if self.args else {}


class UnknownVariant(ValueError):
    """A variant name the engine does not know; the message lists the known names."""


class OptionError(ValueError):
    """A rule option that does not exist or has a value it cannot take."""
