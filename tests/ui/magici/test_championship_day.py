"""Done when: a whole championship, six games two at a time, refereed through the screens.

A fake clock drives the app's loop. Both boards run together in every round; spells are cast on
both; a correction is made, undone and redone; a turn passes on time (and an undo refuses to
reach past it); a team times out in check on the touch board and loses as if checkmated; the
app is killed in the middle of round 2 and resumed with the time that really passed. At the
end the standings equal a hand-computed table and the journal replays to the same state.
"""

from __future__ import annotations

from companion.core.journal import Journal
from companion.magici.boards import Boards
from companion.magici.championship import Championship
from companion.magici.championship import fixture as fixture_of
from companion.magici.championship import replay as replay_championship
from companion.magici.model import PieceKind, ResultKind, Side
from companion.magici.replay import replay
from companion.magici.spells import Spell
from companion.ui.magici.boards import TwoBoardsScreen, half_rect
from companion.ui.magici.championship import ChampionshipScreen, FixtureScreen
from companion.ui.magici.common import CHAMPIONSHIP_GAME, GAME
from companion.ui.magici.desk import room
from companion.ui.magici.hub import MagiciHubScreen
from companion.ui.magici.ledger import SpellLedgerScreen
from companion.ui.magici.timer import CLOCK_AREA, SWITCH_RECT, TimerScreen
from companion.ui.screens.home import HomeScreen

from ..conftest import tap
from .conftest import button, command, press
from .test_spell_ledger_screen import name_piece, open_form


def run(app, clock, ms: int, step: int = 250) -> None:
    """Let ``ms`` pass with the app's loop turning (the way the real loop wakes)."""
    for _ in range(ms // step):
        clock.advance(step)
        app.tick()
    clock.advance(ms % step)
    app.tick()


def desk(app, board: int):
    return room(app).desk(board)


def state(app, board: int):
    return desk(app, board).station.state


def start_fixture(app, round_: int, board: int) -> TimerScreen:
    """From the championship: the fixture card, Play, white first, Start, Via!"""
    champ = app.top
    assert isinstance(champ, ChampionshipScreen)
    fixture = fixture_of(round_, board)
    tap(app, *champ.cell(fixture).center)
    assert isinstance(app.top, FixtureScreen)
    press(app, app.top, app.t("magici.champ.play"))
    new = app.top
    white_first = next(b for b in new.buttons if b.sublabel == app.t("magici.side.white"))
    tap(app, *white_first.rect.center)
    press(app, new, app.t("magici.new.start"))
    timer = app.top
    assert isinstance(timer, TimerScreen) and timer.desk.board == board
    press(app, timer, app.t("magici.timer.start"))
    assert timer.station.state.running
    return timer


def leave_to(app, kind) -> None:
    """Back (a second tap confirms leaving running clocks) until a ``kind`` screen is on top."""
    for _ in range(6):
        if isinstance(app.top, kind):
            return
        command(app, "back", source="key")
    raise AssertionError(f"could not get back to {kind.__name__}: {app.top.name}")


def open_half(app, board: int) -> TimerScreen:
    assert isinstance(app.top, TwoBoardsScreen)
    tap(app, *half_rect(board).move(0, -60).center)
    assert isinstance(app.top, TimerScreen) and app.top.desk.board == board
    return app.top


def cast_tactical(app, timer: TimerScreen, caster: str, target: str) -> None:
    """Spells screen; the team not on move casts Tactical (a Pawn on ``caster``, on ``target``)."""
    st = timer.station.state
    side = st.on_move.other
    press(app, timer, app.t("magici.timer.spells"))
    assert isinstance(app.top, SpellLedgerScreen)
    assert timer.station.state.pause_reason == "spell"  # both clocks of this board stand still
    form = open_form(app, side, Spell.TACTICAL)
    name_piece(app, form, PieceKind.PAWN, caster)
    name_piece(app, form, PieceKind.QUEEN, target)
    press(app, form, app.t("magici.spells.cast_now", spell=app.t("magici.spell.tactical")))
    assert isinstance(app.top, SpellLedgerScreen)
    command(app, "back", source="key")
    assert app.top is timer and timer.station.state.running


def enter_result(app, timer: TimerScreen, kind: ResultKind, winner: str | None) -> None:
    press(app, timer, app.t("magici.timer.result"))
    form = app.top
    if not form.fixed:
        press(app, form, app.t(f"magici.result.{kind.value}"))
        if winner is not None:
            tap(app, *next(b for b in form.buttons if b.label == winner).rect.center)
    press(app, form, app.t("magici.result.confirm"))
    assert app.top is timer and timer.station.state.result.kind is kind


def test_a_whole_championship_two_boards_at_a_time(magici_app, clock, tmp_path):
    path = tmp_path / "day.db"
    app = magici_app(journal_path=path)
    app.push(HomeScreen(app))
    tap(app, *button(app.top, app.t("game.magici")).rect.center)
    assert isinstance(app.top, MagiciHubScreen)
    press(app, app.top, app.t("magici.hub.championship"))
    champ_screen = app.top
    assert isinstance(champ_screen, ChampionshipScreen)

    # ---- round 1: Grifondoro-Serpeverde on board 1, Tassorosso-Corvonero on board 2 -------------
    start_fixture(app, 1, 1)
    leave_to(app, ChampionshipScreen)
    cell = next(b for b in app.top.buttons if b.rect == app.top.cell(fixture_of(1, 1)))
    assert cell.sublabel == app.t("magici.champ.in_progress", n=1)  # "in corso", no longer "da giocare"
    run(app, clock, 3_000)
    timer2 = start_fixture(app, 1, 2)
    # one tap switches between the boards' full views
    tap(app, *SWITCH_RECT.center)
    assert isinstance(app.top, TimerScreen) and app.top.desk.board == 1
    assert state(app, 1).turn == 1 and 26_000 < desk(app, 1).station.view().move_remaining_ms < 27_500
    tap(app, *SWITCH_RECT.center)
    timer2 = app.top
    assert timer2.desk.board == 2
    leave_to(app, ChampionshipScreen)
    leave_to(app, MagiciHubScreen)
    press(app, app.top, app.t("magici.hub.two_boards"))
    assert isinstance(app.top, TwoBoardsScreen)

    # both boards running together, driven by the four team buttons
    command(app, "white")  # board 1: Grifondoro ends its move
    run(app, clock, 2_000)
    command(app, "white2")  # board 2: Tassorosso
    run(app, clock, 4_000)
    command(app, "black")
    command(app, "black2")
    assert (state(app, 1).turn, state(app, 2).turn) == (3, 3)
    command(app, "black2")  # not on move: refused, said on that board
    assert state(app, 2).turn == 3 and desk(app, 2).message == app.t("magici.refused.not_on_move")

    # a spell on each board (the clocks of that board pause while it is recorded)
    t1 = open_half(app, 1)
    before = t1.station.view()
    cast_tactical(app, t1, "e7", "d1")  # Serpeverde's Tactical spell, while Grifondoro is on move
    after = t1.station.view()
    assert after.move_remaining_ms == before.move_remaining_ms  # the fake clock stood still meanwhile
    tap(app, *SWITCH_RECT.center)
    t2 = app.top
    assert t2.desk.board == 2
    run(app, clock, 1_000)
    cast_tactical(app, t2, "e7", "d1")  # Corvonero's, while Tassorosso is on move
    assert len(state(app, 1).spells.casts) == len(state(app, 2).spells.casts) == 1

    # a correction on board 2 (+5 s move, +1:00 game): one event, one undo, one redo
    view = t2.station.view()
    press(app, t2, app.t("magici.timer.correct"))
    press(app, app.top, "+5 s")
    press(app, app.top, "+1:00")
    press(app, app.top, app.t("magici.correct.apply"))
    assert app.top is t2
    corrected = t2.station.view()
    assert corrected.move_remaining_ms == view.move_remaining_ms + 5_000
    assert corrected.game_remaining_ms == view.game_remaining_ms + 60_000
    press(app, t2, app.t("magici.timer.undo"))
    assert t2.station.view().move_remaining_ms == view.move_remaining_ms
    assert app.t("magici.undo.kind.correct") in t2.message
    press(app, t2, app.t("magici.timer.redo"))
    assert t2.station.view().move_remaining_ms == corrected.move_remaining_ms
    assert app.t("magici.undo.kind.correct") in t2.message and t2.message.startswith(
        app.t("magici.undo.redone", what="")[:5])

    # a pass on time: Tassorosso (board 2) and Grifondoro (board 1) let their 30 s run out
    run(app, clock, 36_000)
    assert state(app, 2).passed_turns and state(app, 1).passed_turns
    assert state(app, 1).on_move is Side.BLACK and state(app, 2).on_move is Side.BLACK
    press(app, t2, app.t("magici.timer.undo"))  # never silently past a pass on time
    assert state(app, 2).passed_turns and t2.message_warn

    # results: Grifondoro mates on board 1; board 2 agreed drawn
    run(app, clock, 2_000)
    command(app, "black2")
    enter_result(app, t2, ResultKind.DRAW_AGREEMENT, None)
    tap(app, *SWITCH_RECT.center)
    t1 = app.top
    command(app, "black")
    enter_result(app, t1, ResultKind.CHECKMATE, "Grifondoro")

    # ---- round 2: Grifondoro-Tassorosso on board 1, Corvonero-Serpeverde on board 2 ------------
    leave_to(app, TwoBoardsScreen)
    leave_to(app, MagiciHubScreen)
    press(app, app.top, app.t("magici.hub.championship"))
    start_fixture(app, 2, 1)
    leave_to(app, ChampionshipScreen)
    t2 = start_fixture(app, 2, 2)
    run(app, clock, 5_000)
    command(app, "white2")  # Corvonero
    run(app, clock, 1_000)
    cast_tactical(app, t2, "d2", "d8")  # Corvonero casts (a Pawn on d2 names Serpeverde's Queen)
    tap(app, *SWITCH_RECT.center)
    t1 = app.top
    assert t1.desk.board == 1
    press(app, t1, app.t("magici.timer.board"))  # the touch board joined to board 1
    board = app.top
    run(app, clock, 31_000)  # Grifondoro's 30 s run out: the clock passes the turn, and so does the board
    from companion.rules import Color

    assert state(app, 1).on_move is Side.BLACK and board.session.position.turn == Color.BLACK
    assert board.session.history[-1].notation == "--"
    for move in ("f7f6", "e2e4", "a7a6", "d1h5"):  # Grifondoro gives check: Tassorosso on move, in check
        run(app, clock, 3_000)
        board.play(next(o for o in board.session.options() if str(o.payload) == move))
    assert state(app, 1).on_move is Side.BLACK and board.session.position.is_check()
    assert state(app, 1).turn == 6
    run(app, clock, 2_000)

    assert desk(app, 2).station.view().move_remaining_ms == 14_000  # board 2's Corvonero: 14 s left
    # the power goes in the middle of round 2 (the app killed: no clean exit) ...
    app.journal.close()
    clock.advance(20_000)
    # ... and the app starts again: both boards come back with the time that really passed
    app = magici_app(journal_path=path)
    app.push(HomeScreen(app))
    HomeScreen.offer_resume(app)
    press(app, app.top, app.t("resume.resume"))
    resumed = app.top
    assert isinstance(resumed, TimerScreen)
    app.tick()
    assert set(room(app).boards.stations()) == {1, 2}
    b1, b2 = desk(app, 1).station, desk(app, 2).station
    assert b1.state.on_move is Side.BLACK and b1.view().move_remaining_ms == 30_000 - 2_000 - 20_000
    assert b2.state.turn >= 2
    off_note = [d.message for d in room(app).desks.values()]
    # board 2's turn passed 6 s before the restart: applied at the instant it fell due
    assert off_note[1] == app.t("magici.timer.catch_up_off.one") and b2.state.on_move is Side.BLACK
    assert b2.view().move_remaining_ms == 24_000
    # Tassorosso's 30 s run out in check: it loses as if checkmated (RULES.md section 3)
    run(app, clock, 10_000)
    assert b1.state.result is not None and b1.state.result.kind is ResultKind.CHECKMATE
    assert b1.state.result.winner is Side.WHITE
    if resumed.desk.board != 1:
        tap(app, *SWITCH_RECT.center)
    t1 = app.top
    enter_result(app, t1, ResultKind.CHECKMATE, None)  # fixed by the station: the referee confirms
    tap(app, *SWITCH_RECT.center)
    t2 = app.top
    enter_result(app, t2, ResultKind.ENCHANTED, "Serpeverde")

    # ---- round 3: Corvonero-Grifondoro on board 1, Serpeverde-Tassorosso on board 2 ------------
    leave_to(app, HomeScreen)
    tap(app, *button(app.top, app.t("game.magici")).rect.center)
    press(app, app.top, app.t("magici.hub.championship"))
    start_fixture(app, 3, 1)
    leave_to(app, ChampionshipScreen)
    t2 = start_fixture(app, 3, 2)
    for _ in range(3):
        run(app, clock, 7_000)
        command(app, "white" if state(app, 1).on_move is Side.WHITE else "black")
        command(app, "white2" if state(app, 2).on_move is Side.WHITE else "black2")
    enter_result(app, t2, ResultKind.DRAW_STALEMATE, None)
    tap(app, *SWITCH_RECT.center)
    t1 = app.top
    enter_result(app, t1, ResultKind.RESIGNATION, "Corvonero")
    tap(app, *CLOCK_AREA.center)  # over: nothing happens

    # ---- the standings equal the hand-computed table ---------------------------------------------
    leave_to(app, ChampionshipScreen)
    champ = app.top.championship
    assert champ.state.complete
    rows = [(r.name, r.ranking_points, int(r.house_points)) for r in champ.standings().rows]
    # Grifondoro 3+3+0, Corvonero 1+0+3, Serpeverde 0+2+1, Tassorosso 1+0+1
    assert rows == [("Grifondoro", 6, 40), ("Corvonero", 4, 30), ("Serpeverde", 3, 20), ("Tassorosso", 2, 10)]
    press(app, app.top, app.t("magici.champ.standings"))
    assert app.top.name == "magici-standings"

    # ---- the journal replays to the same state ---------------------------------------------------
    for station in room(app).boards.stations().values():  # the last round's two games, as the screens had them
        assert replay(station.log.effective()) == station.state
    app.journal.close()
    journal = Journal.open(path, wall_ms=clock.now_ms)
    [info] = [i for i in journal.matches(game=CHAMPIONSHIP_GAME) if not i.finished]
    again = Championship(journal.match(info.id))
    assert again.state == replay_championship(journal.match(info.id).effective()) == champ.state
    games = [journal.match(i.id) for i in journal.matches(game=GAME)]
    assert len(games) == 6 and not Boards.load(journal).stations()  # all six finished, none left open
    results = sorted((replay(g.effective()).white.name, replay(g.effective()).result.kind.value) for g in games)
    assert results == sorted([("Grifondoro", "checkmate"), ("Tassorosso", "draw_agreement"),
                              ("Grifondoro", "checkmate"), ("Corvonero", "enchanted"),
                              ("Corvonero", "resignation"), ("Serpeverde", "draw_stalemate")])
    journal.close()
