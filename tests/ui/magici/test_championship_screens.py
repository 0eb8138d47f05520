"""A whole championship entered through the screens with synthetic touches; standings, tie-breaks,
renaming, exports, and a game played on the timer entering the championship by itself."""

from __future__ import annotations

import csv
import json

from companion.magici.championship import SCHEDULE
from companion.magici.files import load_results
from companion.magici.model import ResultKind, Side
from companion.magici.standings import TieBreak
from companion.ui.magici.championship import ChampionshipScreen, FixtureScreen, current_championship
from companion.ui.magici.hub import MagiciHubScreen
from companion.ui.magici.keyboard import KeyboardScreen
from companion.ui.magici.result import FIELDS, ResultScreen
from companion.ui.magici.standings import StandingsScreen
from companion.ui.magici.timer import CLOCK_AREA, TimerScreen

from ..conftest import tap
from .conftest import button, command, press

# (round, board, result, winner: 0 home / 1 away / None, home and away (spells, captured, remaining))
SEASON = (
    (1, 1, ResultKind.CHECKMATE, 0, (1, 5, 7), (2, 3, 4)),
    (1, 2, ResultKind.CHECKMATE, 0, (1, 4, 6), (1, 2, 3)),
    (2, 1, ResultKind.ENCHANTED, 0, (2, 4, 6), (1, 2, 3)),
    (2, 2, ResultKind.CHECKMATE, 1, (0, 1, 2), (1, 4, 6)),
    (3, 1, ResultKind.DRAW_TIME, None, (1, 2, 5), (0, 2, 5)),
    (3, 2, ResultKind.DRAW_AGREEMENT, None, (1, 3, 5), (2, 4, 6)),
)


def open_championship(app) -> ChampionshipScreen:
    app.push(MagiciHubScreen(app))
    press(app, app.top, app.t("magici.hub.championship"))
    assert isinstance(app.top, ChampionshipScreen)
    return app.top


def enter_by_touch(app, champ_screen: ChampionshipScreen, round_: int, board: int, kind: ResultKind,
                   winner: int | None, home: tuple[int, int, int], away: tuple[int, int, int]) -> None:
    f = next(f for f in SCHEDULE if f.key == (round_, board))
    tap(app, *champ_screen.cell(f).center)
    assert isinstance(app.top, FixtureScreen)
    press(app, app.top, app.t("magici.champ.enter"))
    form = app.top
    assert isinstance(form, ResultScreen)
    press(app, form, app.t(f"magici.result.{kind.value}"))
    if winner is not None:
        tap(app, *next(b for b in form.buttons if b.label == form.parties[winner].name).rect.center)
    for col, figures in enumerate((home, away)):
        for field, value in zip(FIELDS, figures):
            while form.parties[col].stats[field] < value:
                tap(app, *form.counters[(col, field)][1].rect.center)
    press(app, form, app.t("magici.result.confirm"))
    assert app.top is champ_screen


def test_a_whole_championship_entered_by_touch(magici_app):
    app = magici_app()
    screen = open_championship(app)
    for game in SEASON:
        enter_by_touch(app, screen, *game)
    state = screen.championship.state
    assert state.complete
    g = state.games[(2, 1)]
    assert (g.result, g.winner, g.home_stats.spells, g.away_stats.remaining) == (ResultKind.ENCHANTED, 0, 2, 3)
    press(app, screen, app.t("magici.champ.standings"))
    standings_screen = app.top
    assert isinstance(standings_screen, StandingsScreen)
    rows = standings_screen.championship.standings().rows
    table = [(r.place, r.name, r.ranking_points, float(r.house_points)) for r in rows]
    # Serpeverde and Tassorosso: level on points, their own game drawn, 4 spells, 10 captures and
    # 15 pieces left each: they share 2nd and 3rd, (30 + 20) / 2 = 25 house points each
    assert table == [(1, "Grifondoro", 6, 40.0), (2, "Serpeverde", 4, 25.0), (2, "Tassorosso", 4, 25.0),
                     (4, "Corvonero", 1, 10.0)]
    app.render()  # draws without error


def test_houses_level_in_everything_share_their_places(magici_app):
    app = magici_app()
    champ = current_championship(app)
    # Serpeverde and Tassorosso end level on points, head-to-head, spells, captures, pieces left
    season = ((1, 1, ResultKind.CHECKMATE, 0), (1, 2, ResultKind.CHECKMATE, 2), (2, 1, ResultKind.ENCHANTED, 0),
              (2, 2, ResultKind.CHECKMATE, 1), (3, 1, ResultKind.DRAW_TIME, None),
              (3, 2, ResultKind.DRAW_AGREEMENT, None))
    from companion.magici.model import SideStats

    for round_, board, kind, winner in season:
        champ.enter_result(round_, board, kind, None if winner is None else winner, SideStats(1, 2, 4),
                           SideStats(1, 2, 4))
    screen = StandingsScreen(app, champ)
    app.push(screen)
    rows = {r.name: r for r in screen.championship.standings().rows}
    assert rows["Serpeverde"].place == rows["Tassorosso"].place == 2
    assert float(rows["Serpeverde"].house_points) == 25.0
    assert screen.tie_note(rows["Serpeverde"]) == app.t("magici.standings.shared")


def test_the_tie_break_that_decided_a_place_is_shown(magici_app):
    app = magici_app()
    screen = open_championship(app)
    # Tassorosso and Corvonero draw each other and lose the rest: level on points and head-to-head;
    # Corvonero used more spells
    for game in ((1, 1, ResultKind.CHECKMATE, 0, (0, 0, 0), (0, 0, 0)),
                 (1, 2, ResultKind.DRAW_STALEMATE, None, (0, 1, 3), (2, 1, 3))):
        enter_by_touch(app, screen, *game)
    standings = StandingsScreen(app, screen.championship)
    rows = {r.name: r for r in standings.championship.standings().rows}
    assert rows["Corvonero"].decided_by is TieBreak.SPELLS and rows["Corvonero"].place < rows["Tassorosso"].place
    assert standings.tie_note(rows["Corvonero"]) == app.t("magici.standings.decided_by",
                                                          how=app.t("magici.tiebreak.spells"))


def test_a_house_is_renamed_with_the_on_screen_keyboard(magici_app):
    app = magici_app()
    screen = open_championship(app)
    press(app, screen, "Corvonero")
    keyboard = app.top
    assert isinstance(keyboard, KeyboardScreen) and keyboard.text == "Corvonero"
    for _ in range(len("Corvonero")):
        press(app, keyboard, "⌫")
    for letter in ("A", "q", "u", "i", "l", "e"):
        press(app, keyboard, letter)
    press(app, keyboard, app.t("common.ok"))
    assert app.top is screen
    assert screen.championship.state.houses[3].name == "Aquile"
    assert button(screen, "Aquile")
    press(app, screen, app.t("magici.champ.undo"))
    assert screen.championship.state.houses[3].name == "Corvonero"


def test_a_result_is_corrected_and_cleared(magici_app):
    app = magici_app()
    screen = open_championship(app)
    enter_by_touch(app, screen, 1, 1, ResultKind.CHECKMATE, 1, (0, 0, 0), (0, 0, 0))
    tap(app, *screen.cell(SCHEDULE[0]).center)
    press(app, app.top, app.t("magici.champ.correct"))
    form = app.top
    assert form.kind is ResultKind.CHECKMATE and form.winner == 1  # the form shows what was entered
    press(app, form, app.t("magici.result.draw_agreement"))
    press(app, form, app.t("magici.result.confirm"))
    assert screen.championship.state.games[(1, 1)].winner is None
    tap(app, *screen.cell(SCHEDULE[0]).center)
    press(app, app.top, app.t("magici.champ.clear"))
    assert (1, 1) not in screen.championship.state.games


def test_a_win_needs_a_winner(magici_app):
    app = magici_app()
    screen = open_championship(app)
    tap(app, *screen.cell(SCHEDULE[0]).center)
    press(app, app.top, app.t("magici.champ.enter"))
    form = app.top
    press(app, form, app.t("magici.result.resignation"))
    press(app, form, app.t("magici.result.confirm"))
    assert form.message == app.t("magici.result.need_winner") and app.top is form


def test_exports_write_the_standings_and_every_game_in_csv_and_json(magici_app):
    app = magici_app()
    screen = open_championship(app)
    for game in SEASON[:3]:
        enter_by_touch(app, screen, *game)
    press(app, screen, app.t("magici.champ.standings"))
    press(app, app.top, app.t("magici.standings.export"))
    folder = app.config.data_dir / "exports"
    files = sorted(p.name for p in folder.iterdir())
    assert len(files) == 3 and any(n.endswith(".json") for n in files)
    assert str(folder) in app.banners[-1].text
    games = list(csv.DictReader((folder / next(n for n in files if n.startswith("magici-games"))).open()))
    assert len(games) == 6 and games[0]["result"] == "checkmate" and games[5]["result"] == ""
    data = json.loads((folder / next(n for n in files if n.endswith(".json"))).read_text())
    assert load_results(data).games == screen.championship.state.games  # the JSON reads back the same


def test_a_game_played_on_the_timer_enters_the_championship_by_itself(magici_app, clock):
    app = magici_app()
    screen = open_championship(app)
    fixture = SCHEDULE[3]  # round 2, board 2: Corvonero (home) - Serpeverde
    tap(app, *screen.cell(fixture).center)
    press(app, app.top, app.t("magici.champ.play"))
    new = app.top
    first = next(b for b in new.buttons if b.sublabel == app.t("magici.side.white"))
    tap(app, *first.rect.center)
    press(app, new, app.t("magici.new.start"))
    timer = app.top
    assert isinstance(timer, TimerScreen)
    st = timer.station.state
    assert (st.white.name, st.black.name) == ("Corvonero", "Serpeverde")
    press(app, timer, app.t("magici.timer.start"))
    for side in ("white", "black", "white"):
        clock.advance(10_000)
        command(app, side)
    press(app, timer, app.t("magici.timer.result"))
    form = app.top
    assert form.kind is ResultKind.CHECKMATE
    press(app, form, app.t("magici.result.enchanted"))
    tap(app, *next(b for b in form.buttons if b.label == "Serpeverde").rect.center)
    press(app, form, app.t("magici.result.confirm"))
    assert form.message == app.t("magici.refused.no_spell_cast")  # no spell in this game
    press(app, form, app.t("magici.result.checkmate"))
    tap(app, *form.counters[(1, "captured")][1].rect.center)  # Serpeverde captured one piece
    press(app, form, app.t("magici.result.confirm"))
    assert app.top is timer and timer.station.state.result.winner is Side.BLACK
    game = current_championship(app).state.games[fixture.key]
    assert game.result is ResultKind.CHECKMATE and game.winner == 1  # Serpeverde
    assert game.away_stats.captured == 1 and game.home_stats.captured == 0
    assert [e.kind for e in timer.log.effective()][-2:] == ["finish", "magici_stats"]
    assert FIELDS == ("spells", "captured", "remaining")
    tap(app, *CLOCK_AREA.center)  # the game is over: a tap does nothing
    assert timer.station.state.turn == 4


def test_undoing_a_timer_games_result_takes_it_out_of_the_championship(magici_app, clock):
    app = magici_app()
    screen = open_championship(app)
    tap(app, *screen.cell(SCHEDULE[0]).center)
    press(app, app.top, app.t("magici.champ.play"))
    new = app.top
    tap(app, *next(b for b in new.buttons if b.sublabel == app.t("magici.side.white")).rect.center)
    press(app, new, app.t("magici.new.start"))
    timer = app.top
    press(app, timer, app.t("magici.timer.start"))
    clock.advance(5_000)
    press(app, timer, app.t("magici.timer.result"))
    press(app, app.top, app.t("magici.result.resignation"))
    tap(app, *next(b for b in app.top.buttons if b.label == "Grifondoro").rect.center)
    press(app, app.top, app.t("magici.result.confirm"))
    assert SCHEDULE[0].key in current_championship(app).state.games
    press(app, timer, app.t("magici.timer.undo"))
    assert timer.station.state.result is None and timer.station.state.running
    assert SCHEDULE[0].key not in current_championship(app).state.games


def test_result_counters_never_touch_their_buttons_and_the_king_always_remains(magici_app):
    """The figures sit in their own box between − and + (never read as "−10+"), and a House
    ends a game with at least one piece: its King. 0 pieces left cannot be entered."""
    from companion.ui.widgets import recording

    app = magici_app()
    screen = open_championship(app)
    tap(app, *screen.cell(SCHEDULE[0]).center)
    press(app, app.top, app.t("magici.champ.enter"))
    form = app.top
    assert isinstance(form, ResultScreen)
    minus, plus = form.counters[(0, "remaining")]
    assert form.parties[0].stats["remaining"] == 1 and not minus.enabled  # the King: 1 at least
    tap(app, *minus.rect.center)
    assert form.parties[0].stats["remaining"] == 1
    for _ in range(12):
        tap(app, *form.counters[(0, "remaining")][1].rect.center)
    minus, plus = form.counters[(0, "remaining")]
    assert form.parties[0].stats["remaining"] == 10 and not plus.enabled and minus.enabled
    with recording() as report:
        app.render()
    ten = [m for m in report.texts if m.text == "10"]
    assert len(ten) == 1 and not ten[0].rect.colliderect(minus.rect) and not ten[0].rect.colliderect(plus.rect)
    assert ten[0].rect.left > minus.rect.right + 4 and ten[0].rect.right < plus.rect.left - 4
    press(app, form, app.t("magici.result.draw_agreement"))
    press(app, form, app.t("magici.result.confirm"))
    game = screen.championship.state.games[SCHEDULE[0].key]
    assert game.home_stats.remaining == 10 and game.away_stats.remaining == 1
