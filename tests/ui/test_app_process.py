"""The real app in a process of its own: killed with SIGKILL after some rolls, started again."""

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time

ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", GPIOZERO_PIN_FACTORY="mock",
           PYGAME_HIDE_SUPPORT_PROMPT="1")

# The child is `companion run` itself, with one thread standing in for a GPIO roll button: it
# posts presses the way the hardware adapter does, from outside the main loop.
CHILD = textwrap.dedent(
    """
    import sys, threading, time
    from companion.cli import main
    from companion.ui.input import post_hardware

    def presses():
        time.sleep(0.5)
        while True:
            post_hardware("button_roll")
            time.sleep(0.8)  # longer than the dice animation

    threading.Thread(target=presses, daemon=True).start()
    sys.exit(main(["run", "--windowed", "--data-dir", sys.argv[1]]))
    """
)


def count_rolls(db):
    try:
        conn = sqlite3.connect(db)
        try:
            return conn.execute("SELECT COUNT(*) FROM events WHERE kind = 'roll'").fetchone()[0]
        finally:
            conn.close()
    except sqlite3.OperationalError:
        return 0


def test_sigkill_after_some_rolls_loses_no_roll(tmp_path):
    db = tmp_path / "journal.db"
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(tmp_path)], env=ENV,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and count_rolls(db) < 4 and proc.poll() is None:
            time.sleep(0.1)
        assert proc.poll() is None, proc.stderr.read().decode()
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait()
    rolls = count_rolls(db)
    assert rolls >= 4

    # start again: the app comes up on the same journal and the dice history is all there
    from companion.core.journal import Journal

    j = Journal.open(db)
    history = [e for e in j.latest_unfinished("dice").effective() if e.kind == "roll"]
    j.close()
    assert len(history) == rolls
    again = subprocess.run([sys.executable, "-m", "companion", "run", "--data-dir", str(tmp_path),
                            "--quit-after-ms", "300"], env=ENV, capture_output=True, timeout=60)
    assert again.returncode == 0, again.stderr.decode()
    assert count_rolls(db) == rolls
