"""Every string a user sees exists in Italian and English."""

import re
from pathlib import Path

import pytest

from companion import i18n
from companion.ui.registry import load_all

SOURCE = Path(__file__).resolve().parents[1] / "companion"
LITERAL_KEY = re.compile(r"""\bt\(\s*["']([a-z_]+(?:\.[a-z0-9_]+)+)["']""")


def test_every_literal_key_used_in_the_code_is_translated():
    load_all()
    known = set(i18n.keys())
    missing = []
    for path in SOURCE.rglob("*.py"):
        for key in LITERAL_KEY.findall(path.read_text("utf-8")):
            if key not in known:
                missing.append(f"{path.relative_to(SOURCE)}: {key}")
    assert not missing, missing


def test_strict_translator_refuses_unknown_keys():
    with pytest.raises(KeyError):
        i18n.Translator("en", strict=True)("no.such.key")


def test_both_languages_have_text_for_every_key():
    load_all()
    it, en = i18n.Translator("it", strict=True), i18n.Translator("en", strict=True)
    for key in i18n.keys():
        assert it(key) and en(key)


def test_italian_is_the_default():
    assert i18n.Translator().lang == "it"


def test_a_key_registered_twice_with_other_text_is_an_error():
    i18n.register({"test.twice": ("uno", "one")})
    with pytest.raises(ValueError):
        i18n.register({"test.twice": ("due", "two")})
