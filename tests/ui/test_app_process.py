"""The real app in a process of its own: killed with SIGKILL after some rolls, started again."""

import os
import signal
import subprocess
import sys
import textwrap
import time

ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", GPIOZERO_PIN_FACTORY="mock",
           PYGAME_HIDE_SUPPORT_PROMPT="1")

# The child is `companion run` itself, with one thread standing in for a GPIO roll button: it
# posts presses the way the hardware adapter does, from outside the main loop. Each roll the
# screen shows is written to a side file, so the test can compare what a player saw with what
# the journal kept.
CHILD = textwrap.dedent(
    """
    import sys, threading, time
    from companion.cli import main
    from companion.ui.input import post_hardware
    from companion.ui.screens import dice

    shown = open(sys.argv[2], "a", buffering=1)
    original_roll = dice.DiceScreen.roll

    def roll(self):
        before = len(self.history)
        original_roll(self)
        if len(self.history) > before:
            shown.write(",".join(map(str, self.history[-1][0].faces)) + "\\n")

    dice.DiceScreen.roll = roll

    def presses():
        time.sleep(0.5)
        while True:
            post_hardware("button_roll")
            time.sleep(0.8)  # longer than the dice animation

    threading.Thread(target=presses, daemon=True).start()
    sys.exit(main(["run", "--windowed", "--data-dir", sys.argv[1]]))
    """
)


def test_sigkill_after_some_rolls_loses_no_roll(tmp_path, make_app):
    db, shown_file = tmp_path / "journal.db", tmp_path / "shown.txt"
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(tmp_path), str(shown_file)], env=ENV,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and proc.poll() is None:
            if shown_file.exists() and len(shown_file.read_text().splitlines()) >= 4:
                break
            time.sleep(0.05)
        assert proc.poll() is None, proc.stderr.read().decode()
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait()
    shown = [tuple(int(f) for f in line.split(",")) for line in shown_file.read_text().splitlines()]
    assert len(shown) >= 4

    # start again on the same journal: every roll a player saw is in the dice history, in order
    from companion.ui.screens.dice import DiceScreen

    app = make_app(journal_path=db)
    history = [roll.faces for roll, _ in DiceScreen(app).history]
    assert history[: len(shown)] == shown
    assert len(history) - len(shown) in (0, 1)  # at most the roll being shown at the kill
    app.journal.close()

    again = subprocess.run([sys.executable, "-m", "companion", "run", "--data-dir", str(tmp_path),
                            "--quit-after-ms", "300"], env=ENV, capture_output=True, timeout=60)
    assert again.returncode == 0, again.stderr.decode()


def test_run_with_no_display_exits_2_and_points_to_doctor(tmp_path):
    """SDL falls back to drawing nowhere when it finds no screen: say so instead of looking hung."""
    env = {k: v for k, v in ENV.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["XDG_RUNTIME_DIR"] = str(tmp_path)
    out = subprocess.run([sys.executable, "-m", "companion", "run", "--data-dir", str(tmp_path / "data")],
                         env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 2, out.stderr
    assert "companion doctor" in out.stderr and "no display" in out.stderr
