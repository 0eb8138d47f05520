"""Bad input on the command line: exit status 2 and a message naming the file, option or place;
read-only commands never change what they read."""

import hashlib
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main

ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", GPIOZERO_PIN_FACTORY="mock",
           PYGAME_HIDE_SUPPORT_PROMPT="1")


def test_chessball_replay_of_a_binary_file_is_exit_2_naming_file_and_line(tmp_path, capsys):
    f = tmp_path / "photo.jpg"
    f.write_bytes(b'{"kind": "setup"}\n\xff\xd8\xff\xe0\x00\x10JFIF\x00')
    assert main(["chessball", "replay", str(f)]) == 2
    err = capsys.readouterr().err
    assert f"{f} line 2: not UTF-8 text" in err


def test_a_huge_size_in_the_config_is_exit_2_naming_file_key_and_range(tmp_path):
    cfg = tmp_path / "c.toml"
    cfg.write_text('[ui]\nsize = "99999999999999999999x480"\n')
    r = subprocess.run([sys.executable, "-m", "companion", "run", "--config", str(cfg), "--data-dir",
                        str(tmp_path / "d"), "--quit-after-ms", "100"], env=ENV, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 2
    assert f"{cfg}: ui.size: expected each side from 100 to 16384 pixels" in r.stderr
    assert "Traceback" not in r.stderr


def test_a_huge_size_option_is_refused_naming_the_option(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["run", "--size", "99999999999999999999x480"])
    assert exit_.value.code == 2
    assert "--size" in capsys.readouterr().err


def magici_journal(path: Path) -> None:
    from companion.core.clock import FakeClock
    from companion.core.journal import Journal
    from companion.magici.championship import Championship
    from companion.magici.model import House, ResultKind
    from companion.magici.station import RefereeStation

    clock = FakeClock(1_700_000_000_000)
    journal = Journal.open(path, wall_ms=clock.now_ms)
    Championship.new(journal.new_match("magici-championship")).enter_result(1, 2, ResultKind.DRAW_STALEMATE)
    game = RefereeStation.new(journal.new_match("magici"), House("Tassorosso"), House("Corvonero"))
    game.begin()
    journal.close()


def digest(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


@pytest.mark.parametrize("command", [["magici", "log", "{f}"], ["magici", "standings", "{f}", "--journal"]])
def test_magici_read_commands_leave_the_file_as_it_was(tmp_path, capsys, command):
    """A journal copied off a station (rollback mode, no table of this version) stays byte for byte."""
    path = tmp_path / "copy.db"
    magici_journal(path)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=DELETE")
    conn.execute("DROP TABLE set_aside")
    conn.close()
    before = digest(tmp_path)
    assert main([part.format(f=path) for part in command]) == 0
    assert capsys.readouterr().out
    assert digest(tmp_path) == before


def test_magici_log_of_a_damaged_game_is_exit_2_naming_the_event(tmp_path, capsys):
    path = tmp_path / "j.db"
    magici_journal(path)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE events SET data = '{' WHERE match_id = 2 AND seq = 1")
    conn.commit()
    conn.close()
    assert main(["magici", "log", str(path)]) == 2
    assert "match 2 cannot be read (event 1" in capsys.readouterr().err


def test_magici_log_of_a_setup_whose_army_is_a_number_is_exit_2_naming_journal_match_and_event(tmp_path, capsys):
    from companion.core.journal import Journal

    path = tmp_path / "j.db"
    j = Journal.open(path)
    j.new_match("magici").append("magici.setup", {"white": {"name": "A"}, "black": {"name": "B"}, "army": 5})
    j.close()
    assert main(["magici", "log", str(path)]) == 2  # (an AttributeError traceback before)
    assert f"{path}, match 1: Scacchi Magici journal, event 1 (magici.setup)" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [
    ["magici", "log", "j.db", "--match", "99999999999999999999"],
    ["magici", "standings", "--journal", "j.db", "--match", "0"],
    ["event", "result", "--broker", "mqtt://127.0.0.1:1", "--station", "s1", "--timeout", "nan", "g.json"],
    ["event", "result", "--broker", "mqtt://127.0.0.1:1", "--station", "s1", "--timeout", "-1", "g.json"],
])
def test_numbers_out_of_range_are_refused_naming_the_option(argv, capsys):
    with pytest.raises(SystemExit) as exit_:  # (OverflowError, ValueError tracebacks before)
        main(argv)
    assert exit_.value.code == 2
    option = next(a for a in argv if a in ("--match", "--timeout"))
    assert f"argument {option}" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [
    ["magici", "standings", "{f}"],
    ["event", "result", "--broker", "mqtt://127.0.0.1:1", "--station", "s1", "{f}"],
])
def test_a_binary_results_file_is_exit_2_naming_the_file(tmp_path, capsys, argv):
    path = tmp_path / "results.json"
    path.write_bytes(b"\xaf\x00\xff" * 50)
    assert main([a.format(f=path) for a in argv]) == 2
    assert f"{path}: not UTF-8 text (byte 0)" in capsys.readouterr().err  # (no file named before)


@pytest.mark.parametrize("field, said", [
    ({"more_spells_better": "false"}, "more_spells_better: true or false, got 'false'"),
    ({"format": "magici-championship/9"}, "format: 'magici-championship/9', this version reads"),
])
def test_a_results_file_field_of_the_wrong_kind_is_named_not_guessed(tmp_path, capsys, field, said):
    path = tmp_path / "results.json"
    path.write_text(json.dumps({"games": [], **field}))
    assert main(["magici", "standings", str(path)]) == 2  # (the text "false" read as true before)
    assert f"{path}.{said}" in capsys.readouterr().err
