"""The variants by name: ``get_variant("duere", options={...})``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.rules.errors import UnknownVariant
from companion.rules.variant import OptionSpec, Variant


def _classes() -> dict[str, type[Variant]]:
    from companion.rules.camerlano import CamerlanoVariant
    from companion.rules.clupso import ClupsoVariant
    from companion.rules.duere import DueReVariant
    from companion.rules.elolbia import ElolbiaVariant
    from companion.rules.magici import MagiciVariant

    return {"duere": DueReVariant, "magici": MagiciVariant, "elolbia": ElolbiaVariant,
            "clupso": ClupsoVariant, "camerlano": CamerlanoVariant}


VARIANT_NAMES: tuple[str, ...] = ("duere", "magici", "elolbia", "clupso", "camerlano")
_cache: dict[str, Variant] = {}


def get_variant(name: str, options: Mapping[str, Any] | None = None) -> Variant:
    """The variant called ``name`` with rule ``options`` over its defaults.

    >>> get_variant("magici").name
    'magici'
    """
    classes = _classes()
    key = str(name).strip().lower()
    if key not in classes:
        raise UnknownVariant(f"unknown variant {name!r}; known: {', '.join(VARIANT_NAMES)}")
    if options:
        return classes[key](options)
    if key not in _cache:
        _cache[key] = classes[key]()
    return _cache[key]


def options_of(name: str) -> tuple[OptionSpec, ...]:
    """The rule options of the variant called ``name``: each with its default and allowed values.

    >>> [(o.name, o.values, o.default) for o in options_of("camerlano")][:2]
    [('giraffe', ('classical', 'seed'), 'classical'), ('giraffe_minimum', (1, 3), 1)]
    >>> [o.name for o in options_of("magici") if not o.closed]
    ['army_points', 'army_max_pieces']
    """
    classes = _classes()
    key = str(name).strip().lower()
    if key not in classes:
        raise UnknownVariant(f"unknown variant {name!r}; known: {', '.join(VARIANT_NAMES)}")
    return classes[key].option_specs()
