"""Due Re on the touch board, entered like a referee would: dice faces and pieces by touch."""

import dataclasses
import json

import pygame

from companion.rules import get_variant
from companion.rules.duere import RollPlay
from companion.ui.board.duere import DueReScreen
from companion.rules.duere_session import DueReSession
from companion.ui.registry import GAMES

from .conftest import finger, tap

# Red: Q a1, K c1, K e1, R h1; Blue: K a8, K h8.
OPEN_KINGS = "k6k/8/8/8/8/8/8/Q1K1K2R w 1"
# Red: N a1 (its only squares b3, c2), K c2, K d1, R b4: the rook to b3 would strand the knight.
STRANDED_KNIGHT = "k6k/8/8/8/1R6/8/2K5/N2K4 w 1"


def open_screen(app, fen=None):
    session = DueReSession.new(app.journal, "duere", start_fen=fen)
    screen = DueReScreen(app, session)
    app.push(screen)
    return screen


def tap_cell(app, screen, cell):
    tap(app, *screen.view.cell_rect(cell).center)


def button(screen, label):
    return next(b for b in [*getattr(screen, "overlay_buttons", []), *screen.buttons] if b.label == label)


def tap_button(app, screen, label):
    tap(app, *button(screen, label).rect.center)


def type_dice(app, screen, a, b):
    tap_button(app, screen, str(a))
    tap_button(app, screen, str(b))


def test_a_whole_game_entered_by_touch_ends_when_both_blue_kings_are_taken(make_app):
    app = make_app(lang="en")
    screen = open_screen(app, OPEN_KINGS)
    engine = get_variant("duere").from_fen(OPEN_KINGS)
    turns = [((1, 1), [("c1", "d2"), ("e1", "f2")]),
             ((1, 1), [("a8", "a7"), ("h8", "h7")]),
             ((2, 3), [("a1", "a7"), ("h1", "h7")])]
    for faces, moves in turns:
        type_dice(app, screen, *faces)
        for origin, target in moves:
            tap_cell(app, screen, origin)
            assert target in screen.targets()
            tap_cell(app, screen, target)
        play = next(p for p in engine.roll_plays(faces)
                    if [(m.origin, m.target) for _, m in p.steps] == moves)
        engine.push_play(play)
        assert screen.session.position.fen() == engine.fen()
    assert engine.outcome() is not None and engine.outcome().winner.letter == "w"
    assert screen.session.result == {"result": "1-0", "winner": "w", "termination": "kings captured"}
    match = app.journal.match(screen.session.match.id)
    assert match.info.finished
    assert [e.data["source"] for e in match.effective() if e.kind == "roll"] == ["typed"] * 3
    assert "Red wins" in screen.status_line()[0]


def test_the_roll_button_uses_the_apps_dice_and_shows_the_movers_for_each_die(make_app):
    app = make_app()
    screen = open_screen(app)
    tap_button(app, screen, "⚄ " + app.t("duere.roll"))
    roll = screen.session.roll
    assert roll is not None and all(1 <= f <= 6 for f in roll)
    analysis = get_variant("duere").start_position().analyse_roll(roll)
    movers = screen.session.movers()
    for die in roll:
        expected = {p.steps[0][1].origin for p in analysis.plays if p.steps and p.steps[0][0] == die}
        assert set(movers[die]) == expected
    assert screen.marks().movers == frozenset(o.cells[0] for o in screen.session.options())


def test_a_piece_that_does_not_match_the_dice_is_refused_with_the_reason(make_app):
    app = make_app(lang="en")
    screen = open_screen(app)
    type_dice(app, screen, 4, 5)
    tap_cell(app, screen, "a1")  # a rook; the dice say bishop and knight
    assert "does not match the dice" in screen.message
    assert screen.targets() == frozenset()
    app_it = make_app(lang="it")
    screen_it = open_screen(app_it)
    type_dice(app_it, screen_it, 4, 5)
    tap_cell(app_it, screen_it, "a1")
    assert "non corrisponde ai dadi" in screen_it.message


def test_compulsory_move_a_step_that_would_waste_the_other_die_is_refused(make_app):
    app = make_app(lang="en")
    screen = open_screen(app, STRANDED_KNIGHT)
    type_dice(app, screen, 3, 5)
    tap_cell(app, screen, "b4")
    assert "b3" not in screen.targets()
    tap_cell(app, screen, "b3")
    assert "Compulsory" in screen.message
    assert screen.session.steps == []
    tap_cell(app, screen, "b4")
    tap_cell(app, screen, "b8")  # a rook move that leaves the knight free
    assert [str(m) for _, m in screen.session.steps] == ["b4b8"]


def test_a_die_with_no_piece_is_lost_and_shown_as_lost(make_app):
    app = make_app(lang="en")
    screen = open_screen(app, STRANDED_KNIGHT)
    type_dice(app, screen, 2, 3)  # no queen: the 2 is lost
    assert screen.session.lost_dice() == (2,)
    assert "lost" in screen.message


def test_dice_that_cannot_be_used_pass_the_turn_at_once(make_app):
    app = make_app(lang="en")
    screen = open_screen(app, STRANDED_KNIGHT)
    type_dice(app, screen, 2, 2)  # no queen at all
    assert screen.session.mover.letter == "b" and screen.session.roll is None
    assert app.banners and "turn passes" in app.banners[-1].text
    assert "dice lost" in screen.history_lines()[-1]


def test_a_move_that_fits_two_dice_asks_which_die(make_app):
    app = make_app(lang="en")
    screen = open_screen(app, "k6k/8/8/8/8/8/8/R1K1K2R w 1")
    type_dice(app, screen, 3, 6)
    tap_cell(app, screen, "h1")
    tap_cell(app, screen, "h5")
    labels = [b.label for b in screen.overlay_buttons]
    assert "Use the 3 (Rook)" in labels and "Use the 6 (any piece)" in labels
    tap_button(app, screen, "Use the 6 (any piece)")
    assert screen.session.steps[0][0] == 6
    assert screen.session.dice_left() == [3]


def test_a_piece_can_be_dragged_to_its_square(make_app):
    app = make_app()
    screen = open_screen(app)
    type_dice(app, screen, 5, 5)
    a, b = screen.view.cell_rect("b2").center, screen.view.cell_rect("c4").center
    app.feed(finger(app, pygame.FINGERDOWN, *a))
    for k in range(1, 6):
        app.feed(finger(app, pygame.FINGERMOTION, a[0] + (b[0] - a[0]) * k // 5, a[1] + (b[1] - a[1]) * k // 5))
    assert screen.marks().drag is not None
    app.feed(finger(app, pygame.FINGERUP, *b))
    assert [str(m) for _, m in screen.session.steps] == ["b2c4"]


def test_undo_and_redo_step_through_the_journal_and_survive_a_restart(make_app, tmp_path):
    path = tmp_path / "j.db"
    app = make_app(journal_path=path)
    screen = open_screen(app)
    type_dice(app, screen, 5, 3)
    tap_cell(app, screen, "b2")
    tap_cell(app, screen, "c4")
    tap_cell(app, screen, "b1")
    tap_cell(app, screen, "b3")
    after_turn = screen.session.position.fen()
    tap_button(app, screen, "↶ " + app.t("board.undo"))
    assert screen.session.mover.letter == "w" and len(screen.session.steps) == 1
    tap_button(app, screen, "↷ " + app.t("board.redo"))
    assert screen.session.position.fen() == after_turn
    app.journal.close()
    again = make_app(journal_path=path)
    resumed = GAMES["duere"].open(again)
    assert resumed.session.position.fen() == after_turn
    assert [h.text for h in resumed.session.history] == ["5:b2c4", "3:b1b3"]


def test_the_game_record_holds_the_rolls_moves_and_positions(make_app, tmp_path):
    app = make_app()
    app.config = dataclasses.replace(app.config, data_dir=tmp_path)
    screen = open_screen(app, OPEN_KINGS)
    type_dice(app, screen, 1, 1)
    tap_cell(app, screen, "c1")
    tap_cell(app, screen, "d2")
    tap_cell(app, screen, "e1")
    tap_cell(app, screen, "f2")
    tap_button(app, screen, app.t("board.export"))
    path = app.config.data_dir / "exports" / f"duere-{screen.session.match.id}.json"
    record = json.loads(path.read_text())
    assert record["start_fen"] == OPEN_KINGS and record["rolls"] == [[1, 1]]
    assert [m["move"] for m in record["moves"]] == ["1:c1d2", "1:e1f2"]
    engine = get_variant("duere").from_fen(OPEN_KINGS)
    engine.push_play(RollPlay(tuple((1, engine.parse_move(t)) for t in ("c1d2",)) +
                              ((1, _second(engine, "c1d2", "e1f2")),)))
    assert record["final_fen"] == engine.fen()
    assert str(path) in app.banners[-1].text


def _second(pos, first, second):
    play = next(p for p in pos.roll_plays((1, 1)) if [str(m) for _, m in p.steps] == [first, second])
    return play.steps[1][1]


def test_real_dice_can_be_typed_on_the_keyboard(make_app):
    app = make_app()
    screen = open_screen(app)
    for key, text in ((pygame.K_4, "4"), (pygame.K_2, "2")):
        app.feed(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=0))
    assert screen.session.roll == (4, 2)
    match = app.journal.match(screen.session.match.id)
    assert [e.data for e in match.effective() if e.kind == "roll"] == [{"faces": [4, 2], "source": "typed"}]


def test_a_new_game_from_the_referee_menu_is_confirmed_and_keeps_the_old_one(make_app):
    app = make_app(lang="en")
    screen = open_screen(app)
    old = screen.session.match.id
    type_dice(app, screen, 5, 5)
    tap_button(app, screen, "Referee")
    tap_button(app, screen, "New game")
    assert screen.session.match.id == old  # asked first
    tap_button(app, screen, "New game")
    tap_button(app, app.top, "Start the game")  # the rules (the die-to-piece table) come first
    assert app.top is screen
    assert screen.session.match.id != old and screen.session.roll is None
    assert app.journal.match(old).info.result["termination"] == "abandoned"


def test_the_screen_says_when_the_compulsory_move_rule_holds_a_piece_back(make_app):
    app = make_app(lang="en")
    screen = open_screen(app, STRANDED_KNIGHT)
    type_dice(app, screen, 3, 5)
    assert screen.session.compulsory_applies()
    screen.message = ""
    assert screen.status_line() and screen.message == "Compulsory: use as many dice as you can"
    other = open_screen(make_app(lang="en"), OPEN_KINGS)
    type_dice(other.app, other, 1, 1)
    assert not other.session.compulsory_applies()


def test_an_unfinished_game_is_offered_at_start_up_and_resumed_by_touch(make_app, tmp_path):
    from companion.ui.screens.home import HomeScreen
    from companion.ui.screens.resume import ResumeScreen

    path = tmp_path / "j.db"
    app = make_app(journal_path=path)
    screen = open_screen(app)
    type_dice(app, screen, 5, 5)
    tap_cell(app, screen, "b2")
    tap_cell(app, screen, "c4")
    app.journal.close()
    again = make_app(journal_path=path)
    again.push(HomeScreen(again))
    HomeScreen.offer_resume(again)
    assert isinstance(again.top, ResumeScreen)
    resume = next(b for b in again.top.buttons if b.label == again.t("resume.resume"))
    tap(again, *resume.rect.center)
    assert isinstance(again.top, DueReScreen)
    assert again.top.session.roll == (5, 5) and [h.text for h in again.top.session.history] == ["5:b2c4"]


def test_a_new_game_can_change_the_die_to_piece_table(make_app):
    app = make_app(lang="en")
    app.push(DueReScreen.open_game(app))
    options = app.top
    die6 = options.buttons[1 + 5]  # the row of the 6: "Any piece" by the ruling
    assert die6.label == "Any piece"
    tap(app, *die6.rect.center)  # any piece -> King
    tap_button(app, options, "Start the game")
    screen = app.top
    assert screen.session.variant.options["dice_table"][6] == "king"
    type_dice(app, screen, 6, 6)  # now two Kings, boxed in at the start: both dice are lost
    assert screen.session.mover.letter == "b" and screen.session.history[-1].text == "pass"
    assert screen.session.match.info.meta["options"]["dice_table"]["6"] == "king"


# -- the dice panel says "lost" only when a die really is lost (issue 14) ------------------------

def test_a_die_playable_only_after_the_other_is_never_shown_lost_nor_green(make_app):
    from companion.ui import theme

    app = make_app(lang="it")
    screen = open_screen(app)
    type_dice(app, screen, 3, 6)  # the Rooks are shut in until the joker moves a Knight
    states = screen.session.die_states()
    assert states[0] == (3, "later", ())
    assert states[1][:2] == (6, "now") and "a2" in states[1][2]
    assert screen.session.lost_dice() == ()
    assert screen.die_note("later", ()) == ("dopo l'altro dado", theme.MUTED)
    tap_cell(app, screen, "a2")
    tap_cell(app, screen, "b4")  # the joker moves the Knight: the Rook a1 is free
    assert screen.session.die_states() == [(3, "now", ("a1",)), (6, "used", ())]
    tap_cell(app, screen, "a1")
    tap_cell(app, screen, "a3")
    assert screen.session.roll is None and screen.session.mover.letter == "b"


def test_a_die_no_play_can_use_is_shown_lost_in_red(make_app):
    from companion.ui import theme

    app = make_app(lang="it")
    screen = open_screen(app)
    type_dice(app, screen, 1, 5)  # the Kings cannot move whatever Red does
    assert [s[:2] for s in screen.session.die_states()] == [(1, "lost"), (5, "now")]
    assert screen.die_note("lost", ()) == ("perso", theme.DANGER)
    assert screen.die_note("now", ("a2", "b2")) == ("a2 b2", theme.OK)


def test_the_same_piece_twice_on_a_double_says_it_has_already_moved(make_app):
    app = make_app(lang="en")
    screen = open_screen(app)
    type_dice(app, screen, 5, 5)
    tap_cell(app, screen, "b2")
    tap_cell(app, screen, "c4")
    tap_cell(app, screen, "c4")  # the Knight that has just moved
    assert screen.message == "The piece on c4 has already moved this turn: each die moves a different piece"
    assert "Compulsory" not in screen.message and len(screen.session.steps) == 1
    app_it = make_app(lang="it")
    screen_it = open_screen(app_it)
    type_dice(app_it, screen_it, 5, 5)
    tap_cell(app_it, screen_it, "g2")
    tap_cell(app_it, screen_it, "f4")
    tap_cell(app_it, screen_it, "f4")
    assert screen_it.message.startswith("Il pezzo in f4 ha già mosso in questo turno")


def test_a_piece_that_does_not_match_the_dice_is_refused_wholly_in_italian(make_app):
    app = make_app(lang="it")
    screen = open_screen(app)
    type_dice(app, screen, 4, 5)
    tap_cell(app, screen, "a1")
    assert screen.message == "Quel pezzo non corrisponde ai dadi (4 = Alfiere, 5 = Cavallo)"
    app_en = make_app(lang="en")
    screen_en = open_screen(app_en)
    type_dice(app_en, screen_en, 2, 4)
    tap_cell(app_en, screen_en, "b2")  # a Knight
    assert screen_en.message == "That piece does not match the dice (2 = Queen, 4 = Bishop)"


def test_with_dead_die_turn_a_die_that_cannot_be_played_costs_the_whole_turn(make_app):
    app = make_app(lang="it")
    session = DueReSession.new(app.journal, "duere", options={"dead_die": "turn"})
    screen = DueReScreen(app, session)
    app.push(screen)
    type_dice(app, screen, 1, 5)  # the Kings are shut in: the Knight's 5 is not played either
    assert screen.session.mover.letter == "b" and screen.session.roll is None
    assert app.banners[-1].text == "Dadi 1-5: un dado non si può giocare, si perde il turno"
    reopened = DueReSession.open(app.journal.match(session.match.id))
    assert reopened.position.fen() == screen.session.position.fen()


def test_the_die_of_a_step_seen_with_the_next_ones_is_the_one_that_leaves_them_theirs(tmp_path):
    """What the camera asks of the session for a turn it saw whole: 4-6, c2-e4 seen with the
    knight's b2-c4 (a 6 only, the joker) took the 4; seen with another bishop's step, either;
    a move of the other side seen after the turn (made before its roll) takes no die of this
    turn; and after the two steps the turn is over."""
    from companion.core.journal import Journal

    session = DueReSession.new(Journal.open(tmp_path / "j.db"), "duere")
    session.roll_dice((4, 6))
    dice = lambda move, then=(): sorted(o.payload[0] for o in session.options_then(move, then))
    assert dice("c2e4") == [4, 6]
    assert dice("c2e4", ["b2c4"]) == [4]
    assert dice("c2e4", ["f2h4"]) == [4, 6]
    assert dice("c2e4", ["b2c4", "c7e5"]) == [4]
    assert "b2c4" in {str(m) for m in session.steps_after(["c2e4"])}
    assert session.steps_after(["c2e4", "b2c4"]) == []
    session.play_text("4:c2e4")  # then the steps from here are the 6's
    assert {str(m) for m in session.steps_after([])} == {
        str(o.payload[1]) for o in session.options()}
    assert "b2c4" in {str(m) for m in session.steps_after([])}
    assert session.steps_after(["b2c4"]) == []
