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
