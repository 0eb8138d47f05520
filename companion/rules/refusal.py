"""Why the engine refused something: a machine-readable code with its values, and the English
sentence it always gave.

A :class:`Refusal` *is* that English sentence (a ``str``), so every caller that showed, joined
or compared the text goes on working unchanged; a screen that wants the referee's language reads
``code`` and ``params`` instead and translates them, keeping the sentence as the fallback for a
code its table lacks. ``str()`` of a refusal keeps the refusal itself, so the code survives an
``IllegalMove`` turned into text (``str(exc)``).

Codes are dotted, by area: ``army.*`` (buying and placing a Magici army), ``spell.*`` (casting a
Magici spell), ``move.*`` (a move the position does not allow), ``pass.*`` (a turn passed on
time).

>>> r = Refusal("the army costs 13 points; a House has 12", "army.too_costly", cost=13, points=12)
>>> r == "the army costs 13 points; a House has 12", r.code, r.params
(True, 'army.too_costly', {'cost': 13, 'points': 12})
>>> s = r.for_side("white")
>>> s, s.code, s.params["side"]
('white: the army costs 13 points; a House has 12', 'army.too_costly', 'white')
>>> refusal_code("any old text"), refusal_code(str(r))
(None, 'army.too_costly')
"""

from __future__ import annotations

from typing import Any


class Refusal(str):
    """An English reason (the ``str`` itself) with a ``code`` and its ``params``."""

    code: str
    params: dict[str, Any]

    def __new__(cls, message: str, code: str, /, **params: Any) -> "Refusal":
        if not code or not isinstance(code, str):
            raise ValueError(f"a refusal needs a code (got {code!r} for {message!r})")
        self = super().__new__(cls, message)
        self.code = code
        self.params = dict(params)
        return self

    @property
    def message(self) -> str:
        """The English sentence as a plain ``str``."""
        return str.__str__(self)

    def __str__(self) -> str:
        return self  # keep the code through str(): see the module docstring

    def __repr__(self) -> str:
        return str.__repr__(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.message, self.code, dict(self.params)))

    def for_side(self, side: str) -> "Refusal":
        """The same refusal said of one side's army (``"white: ..."``; ``params["side"]``)."""
        return Refusal(f"{side}: {self.message}", self.code, **{**self.params, "side": side})


def _rebuild(message: str, code: str, params: dict[str, Any]) -> Refusal:
    return Refusal(message, code, **params)


def refusal_code(value: object) -> str | None:
    """The code a reason carries, or None for plain text."""
    return value.code if isinstance(value, Refusal) else None


__all__ = ["Refusal", "refusal_code"]
