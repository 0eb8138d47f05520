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
