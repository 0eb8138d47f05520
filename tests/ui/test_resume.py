"""An unfinished match is offered for resumption at start-up, and reopens where it was."""

import pytest

from companion.ui import registry
from companion.ui.registry import GameEntry
from companion.ui.screen import Screen
from companion.ui.screens.home import HomeScreen
from companion.ui.screens.resume import ResumeScreen

from .conftest import tap


class ReopenedScreen(Screen):
    name = "reopened"

    def __init__(self, app, match):
        super().__init__(app)
        self.match = match


@pytest.fixture
def fake_game(monkeypatch):
    entry = GameEntry(key="testgame", order=99, open=None, resume=lambda app, match: ReopenedScreen(app, match))
    monkeypatch.setitem(registry.GAMES, "testgame", entry)
    from companion import i18n

    i18n.register({"game.testgame": ("Gioco di prova", "Test game")})
    return entry


def test_unfinished_matches_are_offered_and_one_is_resumed(make_app, fake_game):
    app = make_app(lang="en")
    done = app.journal.new_match("testgame", title="old")
    done.finish({"winner": "white"})
    open_match = app.journal.new_match("testgame", title="Table 2")
    open_match.append("move", {"move": "e2e4"})
    app.push(HomeScreen(app))
    HomeScreen.offer_resume(app)
    assert isinstance(app.top, ResumeScreen)
    assert [m.title for m in app.top.matches] == ["Table 2"]
    resume = next(b for b in app.top.buttons if b.primary)
    tap(app, *resume.rect.center)
    assert isinstance(app.top, ReopenedScreen) and app.top.match.id == open_match.id
    assert len(app.stack) == 2  # home below the reopened game


def test_nothing_is_offered_when_every_match_is_finished(make_app, fake_game):
    app = make_app()
    app.journal.new_match("testgame").finish({})
    app.journal.new_match("dice")  # the dice history is a tool, never "resumed"
    app.push(HomeScreen(app))
    HomeScreen.offer_resume(app)
    assert isinstance(app.top, HomeScreen)


def test_later_keeps_the_match_for_next_time(make_app, fake_game):
    app = make_app(lang="en")
    app.journal.new_match("testgame", title="Table 1")
    app.push(HomeScreen(app))
    HomeScreen.offer_resume(app)
    later = next(b for b in app.top.buttons if b.label == "Later")
    tap(app, *later.rect.center)
    assert isinstance(app.top, HomeScreen)
    assert app.journal.matches(unfinished=True)


def test_seven_matches_are_all_reachable_and_later_never_covers_one(make_app, fake_game):
    app = make_app(lang="en")
    for i in range(7):
        app.journal.new_match("testgame", title=f"Table {i + 1}").append("move", {"move": "e2e4"})
    app.push(HomeScreen(app))
    HomeScreen.offer_resume(app)
    screen = app.top
    assert isinstance(screen, ResumeScreen) and len(screen.matches) == 7
    later = next(b for b in screen.buttons if b.label == "Later")
    seen = []
    while True:
        rows = [b for b in screen.buttons if b.label == "Resume"]
        assert rows and all(not b.rect.colliderect(later.rect) for b in rows)
        seen += [m.title for m in screen.matches[screen.first:screen.first + len(rows)]]
        down = next(b for b in screen.buttons if b.label == "▼")
        if not down.enabled:
            break
        tap(app, *down.rect.center)
    assert set(seen) == {f"Table {i + 1}" for i in range(7)}


def test_a_stale_match_is_discarded_after_a_confirm_and_kept_in_the_journal(make_app, fake_game):
    from companion.ui.screens.confirm import ConfirmScreen

    app = make_app(lang="en")
    stale = app.journal.new_match("testgame", title="Stale")
    stale.append("move", {"move": "e2e4"})
    app.push(HomeScreen(app))
    HomeScreen.offer_resume(app)
    screen = app.top
    tap(app, *next(b for b in screen.buttons if b.label == "Discard").rect.center)
    assert isinstance(app.top, ConfirmScreen) and "Stale" in app.top.body
    tap(app, *next(b for b in app.top.buttons if b.label == "Cancel").rect.center)
    assert app.top is screen and app.journal.matches(unfinished=True)
    tap(app, *next(b for b in screen.buttons if b.label == "Discard").rect.center)
    tap(app, *next(b for b in app.top.buttons if b.label == "Discard").rect.center)
    assert isinstance(app.top, HomeScreen)  # nothing left to offer
    info = app.journal.matches()[0]
    assert info.finished and info.result["discarded"] is True and info.event_count == 2  # an event, not a delete
    HomeScreen.offer_resume(app)
    assert isinstance(app.top, HomeScreen)  # and it does not come back at the next start
