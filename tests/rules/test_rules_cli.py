"""``companion rules``: the fixed command-line forms and their exit statuses."""

from __future__ import annotations

import pytest

from companion.cli import main

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def run(capsys, *argv: str) -> tuple[int, list[str], str]:
    status = main(["rules", *argv])
    out, err = capsys.readouterr()
    return status, out.splitlines(), err


def test_start_prints_the_start_position_string(capsys) -> None:
    assert run(capsys, "start", "magici")[:2] == (
        0, ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"])
    assert run(capsys, "start", "duere")[1] == ["rrqkkqrr/nnbbbbnn/8/8/8/8/NNBBBBNN/RRQKKQRR w 1"]


def test_moves_prints_one_legal_move_per_line(capsys) -> None:
    status, lines, _ = run(capsys, "moves", "magici")
    assert status == 0 and len(lines) == 20 and "e2e4" in lines and "g1f3" in lines


def test_moves_with_a_roll_prints_every_way_to_play_it(capsys) -> None:
    status, lines, _ = run(capsys, "moves", "duere", "--roll", "5,1")
    assert status == 0 and len(lines) == 10 and all(line.startswith("5:") for line in lines)
    assert run(capsys, "moves", "duere", "--roll", "1,3")[1] == ["pass"]


def test_perft_prints_the_count_as_its_last_line(capsys) -> None:
    assert run(capsys, "perft", "magici", "2")[1] == ["400"]
    status, lines, _ = run(capsys, "perft", "magici", "2", "--fen", KIWIPETE, "--divide")
    assert status == 0 and lines[-1] == "2039" and len(lines) == 49
    assert "e1g1: 43" in lines


def test_perft_with_a_roll_counts_ways_then_plies(capsys) -> None:
    assert run(capsys, "perft", "duere", "1", "--roll", "3,5")[1] == ["60"]


def test_a_rule_option_reaches_the_variant(capsys) -> None:
    table = "dice_table=1=knight,2=queen,3=rook,4=bishop,5=king,6=any"
    assert run(capsys, "perft", "duere", "1", "--roll", "1,1", "--option", table)[1] == ["74"]


@pytest.mark.parametrize("argv,words", [
    (("perft", "nosuchgame", "1"), "unknown variant 'nosuchgame'; known: duere, magici"),
    (("perft", "magici", "1", "--fen", "not a fen"), "field"),
    (("moves", "magici", "--fen", "4k3/8/8/8/8/8/8/4KX2 w - - 0 1"), "character 19"),
    (("perft", "magici", "1", "--roll", "3,5"), "Due Re only"),
    (("perft", "duere", "1", "--roll", "3,9"), "1..6"),
    (("perft", "duere", "1", "--roll", "3"), "two dice"),
    (("perft", "duere", "-1"), "DEPTH must be >= 0"),
    (("start", "duere", "--option", "nope=1"), "no rule option 'nope'"),
])
def test_bad_input_exits_2_with_a_message(capsys, argv, words) -> None:
    status, _, err = run(capsys, *argv)
    assert status == 2 and words in err


@pytest.mark.parametrize("game,start,depth2", [
    ("elolbia", "rnbqkbnr/mmmmmmmm/2mmmm2/8/8/2MMMM2/MMMMMMMM/RNBQKBNR w 1", "144"),
    ("clupso", "RNBQ1BNR/MMMMMMMM/2MMMM2/8/8/2mmmm2/mmmmmmmm/rnbq1bnr w 1", "196"),
    ("camerlano", "e1c1m1m1c1e/rnbgvkfgbnr/ppppppppppp/11/11/11/11/PPPPPPPPPPP/RNBGFKVGBNR/"
                  "E1C1M1M1C1E w Kk 0,0 1", "3025"),
])
def test_the_draughts_and_tamerlane_games_have_the_same_commands(capsys, game, start, depth2) -> None:
    assert run(capsys, "start", game)[1] == [start]
    assert run(capsys, "perft", game, "2")[1] == [depth2]


def test_moves_print_chains_relocations_and_promotions_in_full(capsys) -> None:
    status, lines, _ = run(capsys, "moves", "elolbia", "--fen", "k7/q7/8/8/3b1b2/2M5/5b2/7K w 1")
    assert status == 0 and "c3e5g3e1" in lines
    status, lines, _ = run(capsys, "moves", "clupso", "--fen", "QR6/8/8/8/8/8/M7/7m w 1")
    assert {"a2a1", "a2a1=R", "a2a1=B", "a2a1=N"} <= set(lines)
    fen = "11/5P5/11/11/11/11/11/11/11/K10[-k] w - 0,0 1"
    status, lines, _ = run(capsys, "moves", "camerlano", "--fen", fen)
    assert "f9f10c5" in lines and len(lines) == 108 + 3


def test_a_camerlano_rule_option_reaches_the_variant(capsys) -> None:
    fen = "11/11/11/11/11/5G5/11/11/11/11[Kk] w - 0,0 1"
    assert len(run(capsys, "moves", "camerlano", "--fen", fen)[1]) == 33
    assert len(run(capsys, "moves", "camerlano", "--fen", fen, "--option",
                   "giraffe_minimum=3")[1]) == 17
    status, _, err = run(capsys, "moves", "camerlano", "--option", "citadel=open")
    assert status == 2 and "citadel is one of ['reserved', 'classical']" in err


def test_a_bad_camerlano_string_exits_2_naming_the_field(capsys) -> None:
    status, _, err = run(capsys, "perft", "camerlano", "1", "--fen",
                         "11/11/11/11/11/11/11/11/11/K10 w - 0;0 1")
    assert status == 2 and "field 4" in err


# -- results said aloud: companion rules outcome (issue 14) ---------------------------------------

@pytest.mark.parametrize("game", ["duere", "magici", "elolbia", "clupso", "camerlano"])
def test_outcome_of_every_start_position_is_ongoing(capsys, game) -> None:
    assert run(capsys, "outcome", game) == (0, ["ongoing"], "")


@pytest.mark.parametrize("game,fen,extra,line", [
    ("clupso", "8/8/8/8/8/8/8/r6m w 1", (), "black all_pieces_captured"),
    ("clupso", "8/8/8/8/8/8/8/Q6m w 1", (), "ongoing"),
    ("clupso", "8/8/8/8/8/8/8/Q6m w 1", ("--option", "clupso_end=men"), "black men_captured"),
    ("clupso", "RNBQ1BNR/MMMMMMMM/2MMMM2/8/8/2mmmm2/mmmmmmmm/rnbq1bnr w 1 draw", (), "draw draw_agreed"),
    ("clupso", "Mr6/mm6/2m5/8/8/8/8/8 w 1", (), "draw stalemate"),
    ("magici", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", (), "draw stalemate"),
    ("magici", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", (), "black checkmate"),
    ("elolbia", "k7/1Q6/1K6/8/8/8/8/8 b 1", (), "white checkmate"),
    ("duere", "8/8/8/8/8/8/8/3KK3 b 1", (), "white kings_captured"),
    ("duere", "8/8/8/8/8/8/8/3KK3 b 1", ("--roll", "3,5"), "white kings_captured"),
    ("duere", "3k4/8/8/8/8/8/8/3KK3 b 1", ("--roll", "3,5"), "ongoing"),
    ("camerlano", "11/11/11/11/11/11/11/11/11/10K w - 0,0 1", (), "white shah_captured"),
    ("camerlano", "KP9/PP9/11/11/11/11/11/11/11/10k w - 0,0 1", (), "black no_moves"),
    ("camerlano", "11/11/11/11/11/11/11/11/11/10k[-K] b - 0,0 1", ("--option", "citadel=classical"),
     "draw citadel"),
])
def test_outcome_prints_the_winner_or_draw_then_the_engines_reason(capsys, game, fen, extra, line) -> None:
    assert run(capsys, "outcome", game, "--fen", fen, *extra) == (0, [line], "")


def test_moves_on_a_finished_position_says_the_result_on_stderr(capsys) -> None:
    status, lines, err = run(capsys, "moves", "clupso", "--fen", "8/8/8/8/8/8/8/r6m w 1")
    assert status == 0 and lines == [] and "black all_pieces_captured" in err
    status, lines, err = run(capsys, "moves", "duere", "--fen", "8/8/8/8/8/8/8/3KK3 b 1", "--roll", "3,5")
    assert status == 0 and lines == [] and "white kings_captured" in err
    status, lines, err = run(capsys, "moves", "magici", "--fen", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert status == 0 and lines == [] and "draw stalemate" in err


def test_outcome_refuses_bad_input_with_status_2(capsys) -> None:
    status, _, err = run(capsys, "outcome", "magici", "--fen", "not a fen")
    assert status == 2 and "field" in err
    status, _, err = run(capsys, "outcome", "chess", "--fen", "x")
    assert status == 2 and "unknown variant 'chess'" in err


# -- bad input on the rules command line (issue 16) --------------------------------------------------

def test_a_perft_depth_beyond_the_limit_exits_2_naming_depth(capsys) -> None:
    for game in ("magici", "duere", "camerlano"):
        status, lines, err = run(capsys, "perft", game, "1200")
        assert status == 2 and lines == []
        assert "DEPTH 1200 is too deep: at most 100" in err and "Traceback" not in err
    status, _, err = run(capsys, "perft", "magici", "two")
    assert status == 2 and "DEPTH is a whole number 0..100, not 'two'" in err


def test_perft_itself_refuses_a_depth_beyond_the_limit() -> None:
    from companion.rules import get_variant, perft

    with pytest.raises(ValueError, match="too deep: at most 100"):
        perft(get_variant("magici").start_position(), 1200)


def test_a_dice_table_with_a_non_ascii_digit_names_the_option_value_and_form(capsys) -> None:
    status, _, err = run(capsys, "moves", "duere", "--option", "dice_table=²")
    assert status == 2
    assert "--option 'dice_table=²'" in err and "die face '²' is not a number 1-6" in err
    assert "e.g. 1=king,2=queen,3=rook,4=bishop,5=knight,6=any" in err and "int()" not in err


@pytest.mark.parametrize("pair,words", [
    ("giraffe_minimum=²", "giraffe_minimum is one of [1, 3], not '²'"),
    ("giraffe=long", "giraffe is one of ['classical', 'seed'], not 'long'"),
])
def test_a_bad_camerlano_option_value_names_the_option_and_the_values_allowed(capsys, pair, words) -> None:
    status, _, err = run(capsys, "moves", "camerlano", "--option", pair)
    assert status == 2 and f"--option {pair!r}" in err and words in err


def test_a_bad_option_value_of_every_other_game_names_it(capsys) -> None:
    for game, pair, words in (("magici", "army_points=²", "army_points is a whole number >= 0, not '²'"),
                              ("duere", "dead_die=game", "dead_die is one of ['die', 'turn']"),
                              ("elolbia", "queen_replacement_men=3", "is one of [5, 4], not 3"),
                              ("clupso", "clupso_end=kings", "clupso_end is one of ['all', 'men']")):
        status, _, err = run(capsys, "start", game, "--option", pair)
        assert status == 2 and f"--option {pair!r}" in err and words in err, err


@pytest.mark.parametrize("roll,words", [
    ("0,7", "--roll '0,7': each die shows 1..6, not '0'"),
    ("3,x", "--roll '3,x': each die shows 1..6, not 'x'"),
    ("3,5,6", "--roll takes two dice"),
])
def test_a_bad_roll_names_roll(capsys, roll, words) -> None:
    status, _, err = run(capsys, "moves", "duere", "--roll", roll)
    assert status == 2 and words in err
