"""A spell recorded at the station binds the touch board for the rest of that turn: the piece a
Tactical spell names must move, the mover a Defensive spell freezes stays, and a move the spell
forbids is refused with the spell's words. The turn over, the board is free again."""

from __future__ import annotations

from companion.magici.model import Side
from companion.magici.spells import Spell

from .conftest import command, press
from .test_board_station import open_board, play
from .test_spell_ledger_screen import name_piece, open_form


def cast(app, timer, side: Side, spell: Spell, *squares: str) -> None:
    """The referee goes from the board to the clock, records ``spell`` (the form reads the
    board: a tap names the piece on each square) and comes back to the board."""
    command(app, "back", source="key")
    assert app.top is timer
    press(app, timer, app.t("magici.timer.spells"))
    form = open_form(app, side, spell)
    for square in squares:
        name_piece(app, form, None, square)
    press(app, form, app.t("magici.spells.cast_now", spell=app.t(f"magici.spell.{spell.value}")))
    command(app, "back", source="key")  # the ledger closed
    assert app.top is timer
    press(app, timer, app.t("magici.timer.board"))


def test_a_tactical_spell_lets_only_the_named_piece_move_and_says_why(magici_app, clock):
    app = magici_app(lang="it")
    timer, board = open_board(app)
    cast(app, timer, Side.BLACK, Spell.TACTICAL, "e7", "b1")
    board = app.top
    rule = "Incantesimo: Cb1 deve muovere"
    assert board.binding_rule() == rule, board.binding_rule()
    play(app, board, "e2e4")  # the rules allow it, the spell does not
    assert board.session.history == []
    assert board.message == app.t("magici.board.spell_binds", rule=rule)
    assert {o.cells[0] for o in board.options()} == {"b1"}
    play(app, board, "b1c3")
    assert [h.text for h in board.session.history] == ["b1c3"]
    assert timer.station.state.on_move is Side.BLACK  # the move ended White's turn at the clock
    assert board.binding_rule() == ""  # the spell bound that turn only
    play(app, board, "d7d5")
    assert [h.text for h in board.session.history] == ["b1c3", "d7d5"]


def test_a_defensive_spell_freezes_the_announced_mover(magici_app, clock):
    app = magici_app(lang="en")
    timer, board = open_board(app)
    for move in ("e2e4", "d7d5"):
        play(app, board, move)
    # White announces e4xd5; the pawn on d5 casts Defensive: the e4 pawn may not move this turn
    cast(app, timer, Side.BLACK, Spell.DEFENSIVE, "e4", "d5")
    board = app.top
    play(app, board, "e4d5")
    assert [h.text for h in board.session.history] == ["e2e4", "d7d5"]
    assert board.message.startswith("Move not allowed · Spell: ")
    tap_e4 = board.explain(["e4"])
    assert tap_e4.key == "magici.board.spell_binds"
    assert "e4" not in {o.cells[0] for o in board.options()}
    play(app, board, "b1c3")
    assert [h.text for h in board.session.history] == ["e2e4", "d7d5", "b1c3"]


def test_the_spell_still_binds_the_move_entered_after_the_button(magici_app, clock):
    """The team presses its button before its move is entered (the usual order at a human
    board): the clock's turn has ended, the move the board enters is still bound."""
    app = magici_app(lang="it")
    timer, board = open_board(app)
    for move in ("e2e4", "d7d5"):
        play(app, board, move)
    cast(app, timer, Side.BLACK, Spell.DEFENSIVE, "e4", "d5")
    board = app.top
    clock.advance(3_000)
    command(app, "white")
    assert timer.station.state.on_move is Side.BLACK
    play(app, board, "e4d5")
    assert [h.text for h in board.session.history] == ["e2e4", "d7d5"]
    assert board.message.startswith("Mossa non consentita · Incantesimo: ")
    play(app, board, "g1f3")  # the move White made: entered, nothing more ended at the clock
    assert [h.text for h in board.session.history] == ["e2e4", "d7d5", "g1f3"]
    assert timer.station.state.on_move is Side.BLACK
    assert board.binding_rule() == ""  # Black's turn: no spell binds it
