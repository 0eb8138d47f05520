"""``companion chessball ...`` as a user (and outside tests) calls it."""

import json

import pytest

from companion.cli import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(["chessball", *argv])
    except SystemExit as exc:  # argparse's own refusals
        code = exc.code
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("distance, roll, first", [("4", "15", "save"), ("4", "8", "goal"), ("4", "14", "save")])
def test_shot_first_line_is_one_word(capsys, distance, roll, first):
    code, out, _ = run(capsys, "shot", "--distance", distance, "--keeper-roll", roll)
    assert code == 0 and out.splitlines()[0] == first
    assert "power 14" in out


def test_shot_parry_without_direction_says_the_1d6_is_needed(capsys):
    code, out, _ = run(capsys, "shot", "--distance", "4", "--keeper-roll", "11")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "parry"
    assert "parry of 3" in out and "1d6" in out and "--direction-roll" in out


def test_shot_parry_with_direction_names_it(capsys):
    code, out, _ = run(capsys, "shot", "--distance", "4", "--keeper-roll", "11", "--direction-roll", "2")
    assert code == 0 and out.splitlines()[0] == "parry" and "left" in out


def test_shot_json_is_one_object(capsys):
    code, out, _ = run(capsys, "shot", "--distance", "4", "--keeper-roll", "11", "--direction-roll", "5", "--json")
    data = json.loads(out)
    assert code == 0 and data["outcome"] == "parry" and data["power"] == 14
    assert data["residual"] == 3 and data["direction"] == "right" and data["rebound_steps"] == 3


def test_shot_json_parry_without_direction(capsys):
    _, out, _ = run(capsys, "shot", "--distance", "4", "--keeper-roll", "12", "--json")
    data = json.loads(out)
    assert data["direction_roll_needed"] is True and data["direction"] is None and data["residual"] == 2


def test_shot_parry_unit_square_doubles_the_rebound(capsys):
    _, out, _ = run(capsys, "shot", "--distance", "4", "--keeper-roll", "11", "--parry-unit", "square", "--json")
    assert json.loads(out)["rebound_steps"] == 6


@pytest.mark.parametrize("argv, option", [
    (["--distance", "-1", "--keeper-roll", "10"], "--distance"),
    (["--distance", "19", "--keeper-roll", "10"], "--distance is at most 18"),
    (["--distance", "4", "--keeper-roll", "2"], "--keeper-roll"),
    (["--distance", "4", "--keeper-roll", "19"], "--keeper-roll"),
    (["--distance", "4", "--keeper-roll", "11", "--direction-roll", "7"], "--direction-roll"),
    (["--distance", "4", "--keeper-roll", "11", "--direction-roll", "0"], "--direction-roll"),
    (["--distance", "four", "--keeper-roll", "11"], "--distance"),
])
def test_shot_bad_values_exit_2_naming_the_option(capsys, argv, option):
    code, out, err = run(capsys, "shot", *argv)
    assert code == 2 and option in err and out == ""


def test_path_knight(capsys):
    code, out, _ = run(capsys, "path", "--piece", "knight", "--from", "8,8", "--to", "12,10")
    assert code == 0 and out.splitlines()[0] == "3 MP"


def test_path_with_blockers_json(capsys):
    code, out, _ = run(capsys, "path", "--piece", "rook", "--from", "4,4", "--to", "8,4",
                       "--blockers", "6,4", "--json")
    data = json.loads(out)
    assert code == 0 and data["cost"] == 6 and data["path"][0] == [4, 4]


def test_path_unreachable(capsys):
    code, out, _ = run(capsys, "path", "--piece", "bishop", "--from", "8,8", "--to", "9,8")
    assert code == 0 and out.splitlines()[0] == "unreachable"


def test_path_dribble_and_ball(capsys):
    code, out, _ = run(capsys, "path", "--piece", "rook", "--from", "8,4", "--to", "8,10", "--ball", "8,5",
                       "--ball-to", "8,11")
    assert code == 0 and out.splitlines()[0] == "6 MP" and out.splitlines()[2].startswith("ball:")
    code, out, _ = run(capsys, "path", "--piece", "ball", "--from", "8,12", "--to", "8,16")
    assert code == 0 and out.splitlines()[0] == "4 MP"


def test_path_bad_point_exits_2(capsys):
    code, _, err = run(capsys, "path", "--piece", "rook", "--from", "8,17", "--to", "8,10")
    assert code == 2 and "--from" in err
    code, _, err = run(capsys, "path", "--piece", "dragon", "--from", "8,8", "--to", "8,10")
    assert code == 2 and "--piece" in err


def test_substitution_value(capsys):
    code, out, _ = run(capsys, "substitution", "--out", "rook", "--in", "queen")
    assert code == 0 and out.splitlines()[0] == "-5 MP"
    code, out, _ = run(capsys, "substitution", "--out", "queen", "--in", "pawn", "--json")
    assert json.loads(out)["mp"] == 10
    code, _, err = run(capsys, "substitution", "--out", "king", "--in", "queen")
    assert code == 2 and "King" in err


def test_replay_a_journal_file(capsys, tmp_path):
    journal = tmp_path / "match.jsonl"
    events = [{"kind": "kickoff"}, {"kind": "roll", "side": "white", "faces": [6, 6, 6]},
              {"kind": "roll", "side": "black", "faces": [1, 2, 3]}, {"kind": "goal", "side": "black"}]
    journal.write_text("\n".join(json.dumps(e) for e in events) + "\n")
    code, out, _ = run(capsys, "replay", str(journal), "--counting")
    assert code == 0 and out.splitlines()[0] == "white 0 - 1 black"
    journal.write_text(json.dumps({"kind": "pass_move", "side": "white"}) + "\n")
    code, _, err = run(capsys, "replay", str(journal), "--counting")
    assert code == 2 and "line 1" in err


def test_shot_parry_gives_the_rebound_offset_at_each_goal(capsys):
    _, out, _ = run(capsys, "shot", "--distance", "4", "--keeper-roll", "11", "--direction-roll", "1", "--json")
    offsets = json.loads(out)["rebound_offset"]
    assert offsets == {"white_goal": [-3, 3], "black_goal": [3, -3]}


def test_simulate_prints_a_journal_that_replay_reads_back(capsys, tmp_path):
    code, out, _ = run(capsys, "simulate", "--seed", "4", "--counting")
    assert code == 0 and json.loads(out.splitlines()[0]) == {"kind": "setup", "mode": "counting"}
    journal = tmp_path / "match.jsonl"
    journal.write_text(out)
    code, out, _ = run(capsys, "replay", str(journal), "--json")
    state = json.loads(out)
    assert code == 0 and state["phase"] == "full_time" and state["mode"] == "counting"
