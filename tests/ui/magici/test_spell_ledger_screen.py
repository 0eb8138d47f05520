"""Spells through the ledger screen: the pieces named by touch, the ledger's refusals shown in
the referee's language, and with the touch board the rules engine deciding."""

from __future__ import annotations

from companion.magici.model import DEFAULT_HOUSES, PieceKind, Side
from companion.magici.spells import Spell
from companion.magici.station import RefereeStation
from companion.ui.magici.common import GAME
from companion.ui.magici.ledger import SpellCastScreen, SpellLedgerScreen
from companion.ui.magici.timer import TimerScreen

from ..conftest import tap
from .conftest import button, command, press


def start_game(app) -> TimerScreen:
    log = app.journal.new_match(GAME, title="Grifondoro – Serpeverde")
    RefereeStation.new(log, DEFAULT_HOUSES[0], DEFAULT_HOUSES[1], first=Side.WHITE)
    screen = TimerScreen(app, log)
    app.push(screen)
    press(app, screen, app.t("magici.timer.start"))
    return screen


def open_form(app, side: Side, spell: Spell) -> SpellCastScreen:
    """From the ledger, tap the Cast button in ``side``'s column on ``spell``'s row."""
    ledger = app.top
    assert isinstance(ledger, SpellLedgerScreen)
    x0 = 12 + list(Side).index(side) * 396
    row = list(Spell).index(spell)
    for b in ledger.buttons:
        if b.rect.x >= x0 and b.rect.x < x0 + 396 and b.rect.y == 56 + 56 + row * 96 + 18:
            assert b.enabled, f"{side} {spell} cannot be cast now"
            tap(app, *b.rect.center)
            assert isinstance(app.top, SpellCastScreen)
            return app.top
    raise AssertionError(f"no Cast button for {side} {spell} (already used?)")


def name_piece(app, form: SpellCastScreen, kind: PieceKind | None, square: str) -> None:
    if kind is not None:
        b, whose = next((b, side) for b, side, k in form.kind_buttons if k is kind)  # the piece's picture
        assert whose is form._whose(form.active)  # drawn in the colour of whose piece it is
        tap(app, *b.rect.center)
    tap(app, *form.grid.rect_of(square).center)


def test_a_tactical_spell_is_recorded_with_its_caster_and_target(magici_app, clock):
    app = magici_app()
    timer = start_game(app)
    clock.advance(3_000)
    press(app, timer, app.t("magici.timer.spells"))
    form = open_form(app, Side.BLACK, Spell.TACTICAL)
    name_piece(app, form, PieceKind.PAWN, "e7")
    name_piece(app, form, PieceKind.QUEEN, "d1")
    press(app, form, app.t("magici.spells.cast_now", spell=app.t("magici.spell.tactical")))
    assert isinstance(app.top, SpellLedgerScreen)
    cast = timer.station.state.spells.casts[-1]
    assert (cast.call.caster.text, cast.call.target.text, cast.turn) == ("Pe7", "Qd1", 1)
    assert cast.game_remaining_ms == 20 * 60_000 - 3_000
    spells = [e.data for e in timer.log.effective() if e.kind == "magici.spell"]
    assert spells[-1]["spell"] == "tactical"
    assert timer.station.view().obligation.piece.text == "Qd1"


def test_the_team_on_move_cannot_cast_and_one_spell_per_turn_is_enforced(magici_app, clock):
    app = magici_app()
    timer = start_game(app)
    press(app, timer, app.t("magici.timer.spells"))
    ledger = app.top
    white_buttons = [b for b in ledger.buttons if 250 < b.rect.x < 400]
    assert white_buttons and not any(b.enabled for b in white_buttons)  # white is on move
    form = open_form(app, Side.BLACK, Spell.TACTICAL)
    name_piece(app, form, PieceKind.KNIGHT, "g8")
    name_piece(app, form, PieceKind.ROOK, "a1")
    press(app, form, app.t("magici.spells.cast_now", spell=app.t("magici.spell.tactical")))
    form = open_form(app, Side.BLACK, Spell.DEFENSIVE)
    name_piece(app, form, PieceKind.BISHOP, "c1")  # the announced mover (white)
    name_piece(app, form, PieceKind.PAWN, "h6")  # the caster, the piece it would capture
    press(app, form, app.t("magici.spells.cast_now", spell=app.t("magici.spell.defensive")))
    assert form.message == [app.t("magici.spellrefused.one_per_turn")]
    assert app.sound.played[-1] == "error"
    assert len(timer.station.state.spells.casts) == 1


def test_the_king_never_casts_and_is_never_the_target(magici_app, clock):
    app = magici_app()
    timer = start_game(app)
    press(app, timer, app.t("magici.timer.spells"))
    form = open_form(app, Side.BLACK, Spell.TACTICAL)
    name_piece(app, form, PieceKind.KING, "e8")
    name_piece(app, form, PieceKind.QUEEN, "d1")
    press(app, form, app.t("magici.spells.cast_now", spell=app.t("magici.spell.tactical")))
    assert form.message == [app.t("magici.spellrefused.king_cannot_cast")]
    tap(app, *button(form, app.t("magici.field.caster")).rect.center)
    name_piece(app, form, PieceKind.PAWN, "e7")
    name_piece(app, form, PieceKind.KING, "e1")
    press(app, form, app.t("magici.spells.cast_now", spell=app.t("magici.spell.tactical")))
    assert form.message == [app.t("magici.spellrefused.king_is_no_target")]
    assert not timer.station.state.spells.casts


def test_each_spell_is_usable_once_per_game(magici_app, clock):
    app = magici_app()
    timer = start_game(app)
    press(app, timer, app.t("magici.timer.spells"))
    form = open_form(app, Side.BLACK, Spell.TACTICAL)
    name_piece(app, form, PieceKind.PAWN, "e7")
    name_piece(app, form, PieceKind.QUEEN, "d1")
    press(app, form, app.t("magici.spells.cast_now", spell=app.t("magici.spell.tactical")))
    for side in ("white", "black"):
        clock.advance(2_000)
        command(app, side)
    ledger = app.top
    black_rows = {b.rect.y for b in ledger.buttons if b.rect.x > 600}
    assert len(black_rows) == 2  # Hostile and Defensive left; no Cast button on Tactical
    assert [s.value for s in timer.station.view().spells_left[Side.BLACK]] == ["hostile", "defensive"]


def test_both_clocks_pause_while_a_spell_is_recorded_and_resume_with_their_time(magici_app, clock):
    app = magici_app()
    timer = start_game(app)
    clock.advance(5_000)
    press(app, timer, app.t("magici.timer.spells"))
    assert timer.station.state.paused and timer.station.state.pause_reason == "spell"
    assert app.top.wake_in_ms() is None  # nothing runs on this board: nothing to wake for
    clock.advance(27_000)  # the referee takes 27 s over the spell
    app.tick()
    assert timer.station.state.on_move is Side.WHITE and timer.station.state.turn == 1  # no turn lost
    form = open_form(app, Side.BLACK, Spell.TACTICAL)
    for square, kind in (("d8", PieceKind.QUEEN), ("d2", PieceKind.PAWN)):
        form.kind = kind
        form.pick(square)
    form.cast()
    assert timer.station.state.spells.casts
    app.pop()  # back to the timer: the clocks go on with the time they had
    view = timer.station.view()
    assert not timer.station.state.paused and view.move_remaining_ms == 25_000
    assert view.game_remaining_ms == 20 * 60_000 - 5_000


def test_the_clocks_keep_running_under_the_ledger_when_the_option_is_off(magici_app, clock):
    from companion.magici.timing import MagiciTiming

    app = magici_app()
    log = app.journal.new_match(GAME, title="A – B")
    RefereeStation.new(log, DEFAULT_HOUSES[0], DEFAULT_HOUSES[1], timing=MagiciTiming(pause_during_spell=False))
    timer = TimerScreen(app, log)
    app.push(timer)
    press(app, timer, app.t("magici.timer.start"))
    press(app, timer, app.t("magici.timer.spells"))
    assert app.top.wake_in_ms() == 1_000
    clock.advance(30_000)
    app.tick()
    assert timer.station.state.on_move is Side.BLACK  # the turn passed on time under the ledger
    assert app.sound.played[-2:] == ["long_beep", "tap"]


def test_with_the_touch_board_the_engine_decides_and_lists_the_moves_left(magici_app, clock):
    from companion.ui.board.magici import MagiciBoardScreen

    app = magici_app()
    timer = start_game(app)
    press(app, timer, app.t("magici.timer.board"))
    board = app.top
    assert isinstance(board, MagiciBoardScreen)
    clock.advance(4_000)
    option = next(o for o in board.session.options() if str(o.payload) == "e2e4")
    board.play(option)  # a move on the board ends white's move on the station too
    assert timer.station.state.on_move is Side.BLACK
    app.pop()
    press(app, timer, app.t("magici.timer.spells"))
    form = open_form(app, Side.WHITE, Spell.TACTICAL)
    assert form.position() is not None
    name_piece(app, form, None, "e4")  # with a position, a tap names the piece on the square
    name_piece(app, form, None, "a8")
    press(app, form, app.t("magici.spells.cast_now", spell=app.t("magici.spell.tactical")))
    assert form.message[0] == app.t("magici.spells.board_refuses")
    assert form.message[1] == "Il pezzo in a8 non ha mosse legali"  # the engine's reason, in Italian
    tap(app, *button(form, app.t("magici.field.target")).rect.center)
    name_piece(app, form, None, "g8")
    press(app, form, app.t("magici.spells.cast_now", spell=app.t("magici.spell.tactical")))
    assert isinstance(app.top, SpellLedgerScreen)
    assert timer.station.state.spells.casts[-1].call.target.text == "Ng8"
    assert "g8f6" in timer.message and "g8h6" in timer.message


def test_with_the_touch_board_hostile_and_defensive_answer_an_announced_capture(magici_app, clock):
    from companion.ui.board.magici import MagiciBoardScreen

    app = magici_app()
    timer = start_game(app)
    press(app, timer, app.t("magici.timer.board"))
    board = app.top
    assert isinstance(board, MagiciBoardScreen)
    for move in ("e2e4", "d7d5"):
        clock.advance(3_000)
        board.play(next(o for o in board.session.options() if str(o.payload) == move))
    assert timer.station.state.on_move is Side.WHITE and timer.station.state.turn == 3
    app.pop()
    press(app, timer, app.t("magici.timer.spells"))
    # white announces exd5; black's Hostile: only the e4 Pawn attacks d5 (the board says so), so the
    # Queen named as the capturer is refused
    form = open_form(app, Side.BLACK, Spell.HOSTILE)
    for square in ("e4", "d5", "d5", "d1"):
        name_piece(app, form, None, square)
    assert form.call().attacked_by == (form.pieces["mover"],)
    press(app, form, app.t("magici.spells.cast_now", spell=app.t("magici.spell.hostile")))
    assert form.message == [app.t("magici.spellrefused.capturer_does_not_attack") + " (Qd1)"]
    assert not timer.station.state.spells.casts
    app.pop()
    form = open_form(app, Side.BLACK, Spell.DEFENSIVE)
    name_piece(app, form, None, "e4")  # the announced mover
    name_piece(app, form, None, "d5")  # the caster: the piece it would capture
    press(app, form, app.t("magici.spells.cast_now", spell=app.t("magici.spell.defensive")))
    assert isinstance(app.top, SpellLedgerScreen)
    obligation = timer.station.view().obligation
    assert (obligation.kind.value, obligation.piece.text) == ("may_not_move", "Pe4")
    assert "e4d5" not in timer.message and "d1h5" in timer.message
