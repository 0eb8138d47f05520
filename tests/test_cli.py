"""The command line: version, bad input, and the app's run options."""

import subprocess
import sys

from companion import __version__
from companion.cli import build_parser


def run(*args, **kw):
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True,
                          timeout=120, **kw)


def test_version():
    out = run("--version")
    assert out.returncode == 0 and __version__ in out.stdout


def test_run_options_parse():
    args = build_parser().parse_args(["run", "--windowed", "--size", "720x1280", "--rotate", "90", "--lang", "en"])
    assert args.size == (720, 1280) and args.rotate == 90 and args.lang == "en" and args.windowed


def test_a_bad_size_is_a_usage_error():
    out = run("run", "--size", "big")
    assert out.returncode == 2 and "WIDTHxHEIGHT" in out.stderr


def test_a_bad_config_refuses_to_start_and_names_the_key(tmp_path):
    cfg = tmp_path / "c.toml"
    cfg.write_text("[ui]\nrotate = 45\n")
    out = run("run", "--config", str(cfg), "--data-dir", str(tmp_path))
    assert out.returncode == 2
    assert str(cfg) in out.stderr and "ui.rotate" in out.stderr


def test_the_app_starts_and_stops_headless(tmp_path):
    out = run("run", "--data-dir", str(tmp_path), "--quit-after-ms", "200", "--lang", "en")
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "journal.db").is_file()


def test_a_damaged_journal_is_moved_aside_not_lost(tmp_path):
    (tmp_path / "journal.db").write_bytes(b"garbage" * 1000)
    out = run("run", "--data-dir", str(tmp_path), "--quit-after-ms", "200")
    assert out.returncode == 0, out.stderr
    aside = list(tmp_path.glob("journal.damaged-*.db"))
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"garbage")


def test_a_config_given_before_doctor_or_screenshot_is_read_not_dropped(tmp_path):
    """`companion --config X doctor`: the sub-command's own --config replaced X with nothing,
    and the file went unread (a wrong value in it unsaid)."""
    cfg = tmp_path / "c.toml"
    cfg.write_text("[ui]\nrotate = 45\n")
    for command in (["doctor"], ["screenshot", "--list"]):
        out = run("--config", str(cfg), *command)
        assert out.returncode == 2 and str(cfg) in out.stderr and "ui.rotate" in out.stderr, command
    args = build_parser().parse_args(["--lang", "en", "--size", "1280x720", "--data-dir", "d",
                                      "screenshot", "--all"])
    assert (args.lang, args.size) == ("en", (1280, 720))
    args = build_parser().parse_args(["--data-dir", "d", "doctor"])
    assert args.data_dir == "d" and args.config is None
    args = build_parser().parse_args(["doctor", "--config", "c.toml"])
    assert args.config == "c.toml"


def test_an_empty_data_folder_or_config_is_refused_not_taken_as_none_given(tmp_path):
    """`--data-dir ""` used the default folder unsaid (an empty value read as none given)."""
    for argv in (["--data-dir", "", "doctor"], ["doctor", "--data-dir", " "], ["run", "--config", ""],
                 ["event", "result", "--broker", "mqtt://127.0.0.1:1", "--station", "a",
                  "--data-dir", "", "g.json"]):
        out = run(*argv, cwd=tmp_path)
        assert out.returncode == 2 and "is empty: give" in out.stderr, (argv, out.stderr)
    assert list(tmp_path.iterdir()) == []  # nothing made in the current folder either
