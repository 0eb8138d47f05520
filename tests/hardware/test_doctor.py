"""companion doctor on this machine: one line per item, mentions GPIO, informs with exit 0."""

from __future__ import annotations

import argparse
import io
from pathlib import Path

import pytest

from companion.hardware.checks import Verdict, run_probe
from companion.hardware.doctor import doctor_command


@pytest.fixture(autouse=True)
def own_config_home(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))


def run_doctor(config: str | None) -> tuple[int, str]:
    out = io.StringIO()
    code = doctor_command(argparse.Namespace(config=config), out=out)
    return code, out.getvalue()


def test_doctor_reports_every_area_and_exits_zero_even_with_devices_missing(mock_factory):
    code, text = run_doctor(None)
    assert code == 0
    lines = text.strip().splitlines()
    verdicts = {v.value for v in Verdict}
    for line in lines[:-1]:
        assert line.split()[0] in verdicts, line
    areas = {line.split()[1] for line in lines[:-1]}
    assert {"config", "python", "display", "audio", "GPIO", "serial", "camera"} <= areas
    assert "pin factory MockFactory" in text
    assert "button_white: BCM 22" in text


def test_doctor_reads_the_given_config_and_checks_the_configured_serial_display(tmp_path, mock_factory):
    cfg = tmp_path / "station.toml"
    cfg.write_text('[serial]\ndisplay = "loop://"\n[camera]\nsource = "%s"\n' % (tmp_path / "none"))
    code, text = run_doctor(str(cfg))
    assert code == 0
    assert f"ok        config   read {cfg}" in text
    assert "ok        serial   display loop:// opens" in text
    assert "missing   camera   source" in text and "does not exist" in text


def test_doctor_says_what_to_do_when_the_serial_display_is_unplugged(tmp_path, mock_factory):
    cfg = tmp_path / "station.toml"
    cfg.write_text(f'[serial]\ndisplay = "{tmp_path / "ttyUSB9"}"\n')
    code, text = run_doctor(str(cfg))
    assert code == 0
    assert "missing   serial   display" in text and "plug it in" in text


def test_doctor_with_gpio_switched_off_reports_stand_ins(tmp_path, mock_factory):
    cfg = tmp_path / "station.toml"
    cfg.write_text("[gpio]\nenabled = false\n")
    _, text = run_doctor(str(cfg))
    assert "stand-in  GPIO     GPIO is switched off" in text


def test_a_bad_config_is_exit_status_two_with_file_and_key(tmp_path, capsys, mock_factory):
    cfg = tmp_path / "bad.toml"
    cfg.write_text("[gpio]\nbounce_ms = \"thirty\"\n")
    code, text = run_doctor(str(cfg))
    assert code == 2 and text == ""
    err = capsys.readouterr().err
    assert str(cfg) in err and "gpio.bounce_ms" in err


def test_a_hanging_driver_probe_is_cut_off_not_waited_for():
    result = run_probe("import time; time.sleep(30)", timeout=0.5)
    assert "no answer within" in result["error"]


def test_companion_doctor_from_the_command_line_mentions_gpio(tmp_path):
    import os
    import subprocess
    import sys

    env = dict(os.environ, XDG_CONFIG_HOME=str(tmp_path), GPIOZERO_PIN_FACTORY="mock")
    done = subprocess.run([sys.executable, "-m", "companion", "doctor"], capture_output=True,
                          text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "GPIO" in done.stdout


def test_doctor_names_every_match_set_aside_and_every_journal_moved_aside(tmp_path, mock_factory):
    import sqlite3

    from companion.core.journal import Journal

    data = tmp_path / "data"
    j = Journal.open(data / "journal.db")
    j.new_match("dice").append("roll", {"faces": [1]})
    j.new_match("duere").append("roll", {"faces": [1, 2]})
    j.close()
    conn = sqlite3.connect(data / "journal.db")
    conn.execute("UPDATE events SET data = '{\"faces\"' WHERE match_id = 2")
    conn.commit()
    conn.close()
    (data / "journal.damaged-20260101-101010.db").write_bytes(b"x")
    before = (data / "journal.db").read_bytes()
    out = io.StringIO()
    code = doctor_command(argparse.Namespace(config=None, data_dir=str(data)), out=out)
    text = out.getvalue()
    assert code == 0
    assert "2 matches, 1 set aside" in text
    assert "damaged   journal  match 2 (duere) set aside, kept in the file: event 1 (roll) is not valid JSON" in text
    assert "journal.damaged-20260101-101010.db: a damaged journal moved aside" in text
    assert text.strip().splitlines()[-1].endswith("2 damaged")
    assert (data / "journal.db").read_bytes() == before  # the doctor only reads


def test_doctor_says_the_app_cannot_start_on_a_data_folder_that_is_a_file_or_a_journal_that_is_a_folder(
        tmp_path, mock_factory):
    (tmp_path / "file").write_text("x")
    (tmp_path / "data" / "journal.db").mkdir(parents=True)
    for data, said in ((tmp_path / "file", "the data folder is a file"),
                       (tmp_path / "data", "a folder where the journal should be")):
        out = io.StringIO()
        assert doctor_command(argparse.Namespace(config=None, data_dir=str(data)), out=out) == 0
        line = next(x for x in out.getvalue().splitlines() if " journal " in x)
        assert line.startswith("missing") and said in line  # ("ok ... not made yet" before)
