"""Every string a user sees, in Italian (the default) and English.

Each area of the app declares its own table and registers it, so no one file grows without
end::

    register({"dice.title": ("Dadi", "Dice")})
    t = Translator("en"); t("dice.title")  # -> "Dice"

A key missing from the tables is a bug: :meth:`Translator.__call__` raises ``KeyError`` in
tests (``strict=True``, or ``COMPANION_STRICT_I18N=1`` as the test suite sets) and shows the
key itself in the app, so a screen never crashes over it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

LANGUAGES: tuple[str, ...] = ("it", "en")
_TABLE: dict[str, tuple[str, str]] = {}


def register(table: Mapping[str, tuple[str, str]]) -> None:
    for key, pair in table.items():
        if len(pair) != len(LANGUAGES) or not all(isinstance(s, str) and s for s in pair):
            raise ValueError(f"string {key!r} needs a non-empty text in each of {LANGUAGES}")
        if key in _TABLE and _TABLE[key] != tuple(pair):
            raise ValueError(f"string {key!r} is declared twice with different texts")
        _TABLE[key] = tuple(pair)  # type: ignore[assignment]


def keys() -> list[str]:
    return sorted(_TABLE)


class Translator:
    def __init__(self, lang: str = "it", strict: bool | None = None) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r} (known: {', '.join(LANGUAGES)})")
        self.lang = lang
        # the tests set COMPANION_STRICT_I18N=1 so a screen that shows a missing key fails
        self.strict = strict if strict is not None else os.environ.get("COMPANION_STRICT_I18N") == "1"
        self._index = LANGUAGES.index(lang)

    def __call__(self, key: str, **values: object) -> str:
        pair = _TABLE.get(key)
        if pair is None:
            if self.strict:
                raise KeyError(f"no translation for {key!r}")
            return key
        text = pair[self._index]
        return text.format(**values) if values else text
