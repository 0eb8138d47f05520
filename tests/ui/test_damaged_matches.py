"""A match the app cannot read never stops it: the screen that reads it sets it aside (kept, named
in a banner) and goes on; start-up checks the unfinished matches; one app per data folder."""

import json
import os
import sqlite3
import subprocess
import sys
import time

import pytest

from companion.app import start_up_checks
from companion.ui.board.duere_session import DueReSession
from companion.ui.screens.dice import DiceScreen
from companion.ui.screens.home import HomeScreen
from companion.ui.screens.resume import ResumeScreen

from .conftest import tap

ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", GPIOZERO_PIN_FACTORY="mock",
           PYGAME_HIDE_SUPPORT_PROMPT="1")


def home_tile(app, label):
    return next(b for b in app.top.buttons if label in b.label)


def dice_series(app, rolls=2):
    m = app.journal.new_match("dice", title="old series")
    for i in range(rolls):
        m.append("roll", {"faces": [i + 1, 6], "sides": 6})
    return m


@pytest.mark.parametrize("damage", ["no faces", "faces not dice", "undo of a missing event"])
def test_a_dice_series_that_cannot_be_read_is_set_aside_and_the_dice_open(make_app, damage):
    app = make_app(lang="en")
    m = dice_series(app)
    if damage == "no faces":
        m.append("roll", {"sides": 6})
    elif damage == "faces not dice":
        m.append("roll", {"faces": ["a", 9]})
    else:
        app.journal._conn.execute("INSERT INTO events VALUES (?, 9, 'undo', '{\"target\": 42}', 5)", (m.id,))
    app.push(HomeScreen(app))
    tap(app, *home_tile(app, app.t("home.dice")).rect.center)
    assert isinstance(app.top, DiceScreen) and app.top.history == []
    assert f"Match {m.id} (Dice) cannot be read" in app.banners[-1].text
    assert m.id in app.journal.aside
    tap(app, *next(b for b in app.top.buttons if b.primary).rect.center)  # rolling starts a new series
    assert app.top.match.id != m.id and len(app.top.history) == 1
    rows = app.journal._conn.execute("SELECT COUNT(*) FROM events WHERE match_id = ?", (m.id,)).fetchone()[0]
    assert rows == 3  # kept, never deleted


@pytest.mark.parametrize("meta", [
    {"variant": "nosuchgame", "start_fen": "x", "options": {}},
    {"variant": "duere", "start_fen": "not a position", "options": {}},
    {"options": {}},
])
def test_a_due_re_game_that_cannot_be_read_is_set_aside_and_a_new_one_offered(make_app, meta):
    app = make_app(lang="it")
    session = DueReSession.new(app.journal, "duere")
    app.journal._conn.execute("UPDATE matches SET meta = ? WHERE id = ?", (json.dumps(meta), session.match.id))
    app.push(HomeScreen(app))
    tap(app, *home_tile(app, app.t("game.duere")).rect.center)
    assert app.top.name != "home"  # the rule options of a new game
    assert session.match.id in app.journal.aside
    assert f"Partita n. {session.match.id} (Due Re) illeggibile" in app.banners[-1].text


def test_resuming_a_match_its_game_cannot_read_leaves_home_with_a_banner(make_app):
    app = make_app(lang="en")
    session = DueReSession.new(app.journal, "duere")
    session.roll_dice([3, 4])
    app.journal._conn.execute("UPDATE matches SET meta = ? WHERE id = ?",
                              (json.dumps({"variant": "duere", "start_fen": "8/8 w"}), session.match.id))
    app.push(HomeScreen(app))
    start_up_checks(app)
    assert isinstance(app.top, ResumeScreen)
    tap(app, *next(b for b in app.top.buttons if b.primary).rect.center)
    assert isinstance(app.top, HomeScreen) and len(app.stack) == 1
    assert "cannot be read" in app.banners[-1].text
    assert app.journal.matches(unfinished=True) == []


def test_start_up_sets_aside_unreadable_rows_and_offers_the_rest(make_app):
    app = make_app(lang="en")
    good = DueReSession.new(app.journal, "duere").match
    bad = DueReSession.new(app.journal, "duere")
    bad.roll_dice([1, 2])
    bad = bad.match
    app.journal._conn.execute("UPDATE events SET data = '{\"faces\": [1' WHERE match_id = ? AND seq = 1", (bad.id,))
    app.push(HomeScreen(app))
    start_up_checks(app)
    assert f"Match {bad.id} (Due Re) cannot be read" in app.banners[-1].text
    assert isinstance(app.top, ResumeScreen) and [m.id for m in app.top.matches] == [good.id]
    # the next start does not name it again (it is in doctor's list), and never raises
    app.journal.close()
    again = make_app(lang="en")
    again.push(HomeScreen(again))
    start_up_checks(again)
    assert again.banners == [] and bad.id in again.journal.aside


def test_companion_run_starts_on_a_journal_with_damaged_rows(tmp_path):
    from companion.core.journal import Journal

    j = Journal.open(tmp_path / "journal.db")
    m = j.new_match("dice")
    m.append("roll", {"faces": [1]})
    j.new_match("duere", meta={"variant": "??", "start_fen": "?"}).append("roll", {"faces": [1, 2]})
    j.close()
    conn = sqlite3.connect(tmp_path / "journal.db")
    conn.execute("UPDATE events SET data = CAST(X'FF' AS TEXT) WHERE match_id = 1")
    conn.execute("UPDATE matches SET title = CAST(X'C3' AS TEXT) WHERE id = 2")
    conn.commit()
    conn.close()
    r = subprocess.run([sys.executable, "-m", "companion", "run", "--data-dir", str(tmp_path),
                        "--quit-after-ms", "300"], env=ENV, capture_output=True, timeout=60)
    assert r.returncode == 0, r.stderr.decode()
    assert b"Traceback" not in r.stderr


def test_a_second_app_on_the_same_data_folder_exits_2_naming_the_first(tmp_path):
    first = subprocess.Popen([sys.executable, "-m", "companion", "run", "--data-dir", str(tmp_path),
                              "--quit-after-ms", "20000"], env=ENV, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not (tmp_path / "companion.lock").exists():
            time.sleep(0.05)
        time.sleep(0.3)
        second = subprocess.run([sys.executable, "-m", "companion", "run", "--data-dir", str(tmp_path),
                                 "--quit-after-ms", "300"], env=ENV, capture_output=True, timeout=60)
        assert second.returncode == 2
        assert f"pid {first.pid}" in second.stderr.decode()
        assert str(tmp_path) in second.stderr.decode()
    finally:
        first.kill()
        first.wait()
    # the lock dies with its holder, even killed: the next start is not stuck
    third = subprocess.run([sys.executable, "-m", "companion", "run", "--data-dir", str(tmp_path),
                            "--quit-after-ms", "300"], env=ENV, capture_output=True, timeout=60)
    assert third.returncode == 0, third.stderr.decode()
