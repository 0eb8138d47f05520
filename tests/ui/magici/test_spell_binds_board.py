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


def defensive_on_e4(app):
    """1. e4 d5 on the board, then White announces e4xd5 and the pawn on d5 casts Defensive:
    the e4 pawn may not move this turn. Returns the timer and the board."""
    timer, board = open_board(app)
    for move in ("e2e4", "d7d5"):
        play(app, board, move)
    cast(app, timer, Side.BLACK, Spell.DEFENSIVE, "e4", "d5")
    return timer, app.top


def test_a_defensive_spell_freezes_the_announced_mover(magici_app, clock):
    app = magici_app(lang="en")
    timer, board = defensive_on_e4(app)
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
    timer, board = defensive_on_e4(app)
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


def test_two_boards_running_and_a_spell_called_at_four_seconds_binds_only_its_board(magici_app, clock):
    """Two games at once, each with its touch board. On board 2 (Black first) White calls a
    Tactical spell four seconds into Black's move, naming the g8 knight: board 2's board takes
    only that knight's moves; board 1 is never paused for it, and its board is not bound."""
    from companion.ui.board.magici import MagiciBoardScreen
    from companion.ui.magici.boards import half_rect
    from companion.ui.magici.desk import room

    from ..conftest import tap
    from .test_two_boards import begin_both, two_games

    app = magici_app(lang="en")
    view = two_games(app)
    begin_both(app, view)
    stations = room(app).boards.station(1), room(app).boards.station(2)
    tap(app, *half_rect(1).center)
    press(app, app.top, app.t("magici.timer.board"))
    board1 = app.top
    play(app, board1, "e2e4")  # board 1: White's move
    command(app, "back", source="key")
    command(app, "back", source="key")
    assert app.top is view
    tap(app, *half_rect(2).center)
    timer2 = app.top
    press(app, timer2, app.t("magici.timer.board"))
    clock.advance(4_000)
    app.tick()
    before = stations[0].view().move_remaining_ms
    cast(app, timer2, Side.WHITE, Spell.TACTICAL, "e2", "g8")
    board2 = app.top
    assert isinstance(board2, MagiciBoardScreen) and board2.station is not board1.station
    assert {o.cells[0] for o in board2.options()} == {"g8"}
    play(app, board2, "e7e5")
    assert board2.session.history == [] and board2.message.startswith("Move not allowed · Spell: ")
    play(app, board2, "g8f6")
    assert [h.text for h in board2.session.history] == ["g8f6"]
    assert stations[1].state.on_move is Side.WHITE and stations[1].state.turn == 2
    assert stations[1].view().move_remaining_ms == 30_000  # White's own 30 s, fresh
    # board 1 goes on by itself: never paused for board 2's spell, its clock runs, its board
    # is not bound
    assert stations[0].state.pause_reason is None
    clock.advance(2_000)
    app.tick()
    assert stations[0].view().move_remaining_ms == before - 2_000
    command(app, "back", source="key")
    command(app, "back", source="key")
    tap(app, *half_rect(1).center)
    press(app, app.top, app.t("magici.timer.board"))
    board1 = app.top
    assert board1.binding_rule() == ""
    play(app, board1, "e7e5")
    assert [h.text for h in board1.session.history] == ["e2e4", "e7e5"]
