"""The board says the engine's refusals by their codes: the translation no longer depends on
the engine's English wording (the old text match stays as the fallback)."""

from __future__ import annotations

import pytest

from companion.i18n import Translator
from companion.rules import Refusal
from companion.ui.board import strings as board_strings
from companion.ui.board.magici import MagiciBoardScreen
from companion.ui.magici.refusals import refusal_text

from .conftest import tap


def tap_cell(app, screen, cell):
    tap(app, *screen.view.cell_rect(cell).center)


def test_a_coded_reason_is_translated_whatever_its_english_wording():
    reason = Refusal("the bishop may not go there (reworded)", "move.cannot_move", kind="bishop", origin="c1",
                     target="c2")
    assert board_strings.translate_reason(Translator("it"), "engine", {"text": reason}) == \
        "Alfiere: non può andare da c1 a c2"


def test_a_code_and_values_given_beside_the_text_are_used_too():
    values = {"text": "anything", "code": "move.empty", "params": {"cell": "d4"}}
    assert board_strings.translate_reason(Translator("it"), "engine", values) == "Nessun pezzo in d4"


def test_a_code_the_table_lacks_falls_back_to_the_english_sentence():
    reason = Refusal("a brand new rule forbids it", "move.some_future_rule")
    assert board_strings.translate_reason(Translator("it"), "engine", {"text": reason}) == "a brand new rule forbids it"
    assert refusal_text(Translator("it"), Refusal("a new army rule", "army.some_future_rule")) == "a new army rule"


def test_a_blocked_move_by_touch_is_said_in_italian_by_its_code_alone(make_app, monkeypatch):
    monkeypatch.setattr(board_strings, "_PATTERNS", [])  # no text matching: only the code can translate it
    app = make_app(lang="it")
    screen = MagiciBoardScreen(app, start_fen="4k3/8/8/8/8/8/P7/R3K3 w - - 0 1")
    app.push(screen)
    tap_cell(app, screen, "a1")
    tap_cell(app, screen, "a5")
    assert screen.message == "Da a1 a a5 la strada è bloccata in a2"


def test_a_turn_that_cannot_pass_in_check_is_said_in_italian_by_its_code(make_app, monkeypatch):
    monkeypatch.setattr(board_strings, "_PATTERNS", [])
    app = make_app(lang="it")
    screen = MagiciBoardScreen(app, start_fen="4k3/8/8/8/8/8/4r3/4K3 w - - 0 1")
    app.push(screen)
    assert not screen.pass_turn()
    assert screen.message == "Sotto scacco non si può passare il turno: bisogna parare lo scacco"


@pytest.mark.parametrize("lang", ["it", "en"])
def test_every_move_code_has_a_text_in_both_languages(lang):
    t = Translator(lang, strict=True)
    for key in board_strings.CODE_KEYS.values():
        assert t(key, cell="a1", origin="a1", target="a2", kind="rook", move="a1a2", text="zz", n=3, letter="X", min=5,
                 side="Bianco")


def test_a_cell_name_at_the_start_of_a_reason_keeps_its_small_letter():
    reason = Refusal("e2 is occupied by your own piece", "move.own_piece", cell="e2")
    assert board_strings.translate_reason(Translator("it"), "engine", {"text": reason}) == \
        "e2 è occupata da un tuo pezzo"


def test_a_camerlano_citadel_refusal_by_touch_names_its_owner_in_italian(make_app, monkeypatch):
    from companion.ui.board.screen import GameScreen
    from companion.rules.session import BoardSession

    monkeypatch.setattr(board_strings, "_PATTERNS", [])  # only the code can translate it
    app = make_app(lang="it")
    board = GameScreen(app, BoardSession.new(app.journal, "camerlano", "k10/11/11/11/11/11/11/11/10R/K10 w - 0,0 1"))
    app.push(board)
    tap_cell(app, board, "k2")  # a Rook beside its own citadel
    tap_cell(app, board, "z2")
    assert board.message == "z2 è dello Scià del Bianco: altri solo per catturare"


def test_every_code_the_engine_gives_has_a_translation():
    import re
    from pathlib import Path

    import companion.rules
    from companion.ui.magici.refusals import REFUSALS

    source = Path(companion.rules.__file__).parent
    codes = set()
    for path in source.glob("*.py"):
        codes |= set(re.findall(r'"((?:army|spell|move|pass|queen)\.[a-z_]+)"', path.read_text("utf-8")))
    assert len(codes) > 60
    missing = sorted(c for c in codes if c not in REFUSALS and c not in board_strings.CODE_KEYS)
    assert missing == []
