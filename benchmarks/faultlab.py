"""The fault harness: a journal tried as an unlucky user and an attacker would.

Each scenario returns a :class:`Tally` of trials, crashes (an exception or a non-zero exit where
the app must go on), acknowledged events lost (an action the screen showed as done that the
journal does not hold) and resumes into a state never shown (what a restart rebuilds is neither
the last state shown nor the one being written). Goals: 0, 0, 0.

Scenarios:

* ``inner_commits``: every user action on a touch board (a finishing move, undo at game end, its
  redo, a resignation, a Due Re step) is cut before each of its SQL statements in turn (a
  forked child ``os._exit``\\ s from SQLite's trace callback): the cut between two commits of
  one action, if there were two, would land on a state never shown.
* ``random_kills``: a child plays random board games (moves, undo, redo, Due Re rolls) printing
  each state it shows; SIGKILL at a random moment; the restart must rebuild the last state shown
  (or the one whose write was under way).
* ``damaged_rows``: every kind of row damage the integrity check does not see, on a journal of
  several games, then the app's start-up, every home tile and every resume offer, in process.
* ``truncations``: the journal cut to 0, 1 and random lengths (with and without its WAL): the
  app's open must go on, keeping the damaged file byte for byte.
* ``two_instances``: a second app on a data folder that is in use must be refused.
* ``read_only``: a journal on a read-only medium is read whole and left unchanged.
* ``full_disk``: writes refused while the disk is full lose nothing written before and the
  journal takes writes again when space returns.

``python benchmarks/bench_faults.py`` runs them at full size; ``tests/core/test_fault_harness.py``
runs them reduced.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", GPIOZERO_PIN_FACTORY="mock",
           PYGAME_HIDE_SUPPORT_PROMPT="1")
ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Tally:
    name: str
    trials: int = 0
    crashes: int = 0
    lost: int = 0
    unseen: int = 0
    acknowledged: int = 0
    notes: list[str] = field(default_factory=list)

    def note(self, text: str) -> None:
        if len(self.notes) < 5:
            self.notes.append(text)

    @property
    def ok(self) -> bool:
        return self.crashes == self.lost == self.unseen == 0

    def line(self) -> str:
        return (f"{self.name:<14} trials {self.trials:>5}  acknowledged {self.acknowledged:>6}  crashes {self.crashes}"
                f"  lost {self.lost}  unseen {self.unseen}")


# -- board states ------------------------------------------------------------------------------------
def state_of(session: Any) -> list[Any]:
    """What the board screen shows: the position string, the result, the history's length."""
    return [session.position.fen(), session.result, len(session.history)]


def reopen_state(path: Path, match_id: int) -> list[Any]:
    from companion.core.journal import Journal
    from companion.ui.board.duere_session import DueReSession
    from companion.ui.board.session import BoardSession

    j = Journal.open(path)
    try:
        match = j.match(match_id)
        cls = DueReSession if match.info.game == "duere" else BoardSession
        return state_of(cls.open(match))
    finally:
        j.close()


# -- kills between the statements of one action ----------------------------------------------------
FOOLS_MATE = ["f2f3", "e7e5", "g2g4", "d8h4"]


def _prepare(path: Path, action: str) -> int:
    """Build the match up to just before ``action``; returns its id."""
    from companion.core.journal import Journal
    from companion.rules import Color
    from companion.ui.board.duere_session import DueReSession
    from companion.ui.board.session import BoardSession, RefereeAction

    j = Journal.open(path)
    if action == "duere_step":
        s = DueReSession.new(j, "duere")
        s.roll_dice([3, 4])
    else:
        s = BoardSession.new(j, "magici")
        for mv in FOOLS_MATE[:-1]:
            s.play_text(mv)
        if action in ("undo_at_end", "redo_finish"):
            s.play_text(FOOLS_MATE[-1])
        if action == "redo_finish":
            s.undo()
        if action == "resign_after":
            s.referee(RefereeAction.RESIGN, Color.WHITE)
            s.undo()
    mid = s.match.id
    j.close()
    return mid


def _act(session: Any, action: str) -> None:
    from companion.rules import Color
    from companion.ui.board.session import RefereeAction

    if action == "finishing_move":
        session.play_text(FOOLS_MATE[-1])
    elif action == "undo_at_end":
        session.undo()
    elif action == "redo_finish":
        session.redo()
    elif action in ("resign", "resign_after"):
        session.referee(RefereeAction.RESIGN, Color.WHITE)
    elif action == "duere_step":
        session.play(session.options()[0])


ACTIONS = ("finishing_move", "undo_at_end", "redo_finish", "resign", "duere_step")


def _cut_child(path: Path, mid: int, action: str, cut_at: int, wfd: int) -> None:
    """In the forked child: open, cut before statement ``cut_at`` of the action."""
    from companion.core.journal import Journal
    from companion.ui.board.duere_session import DueReSession
    from companion.ui.board.session import BoardSession

    j = Journal.open(path)
    match = j.match(mid)
    session = (DueReSession if match.info.game == "duere" else BoardSession).open(match)
    os.write(wfd, (json.dumps({"before": state_of(session)}) + "\n").encode())
    count = [0]

    def trace(_sql: str) -> None:
        count[0] += 1
        if count[0] == cut_at:
            os._exit(137)  # the power or the process dies before this statement

    j._conn.set_trace_callback(trace)
    _act(session, action)
    j._conn.set_trace_callback(None)
    os.write(wfd, (json.dumps({"after": state_of(session), "statements": count[0]}) + "\n").encode())
    os._exit(0)


def _full_action(work: Path, action: str) -> list[Any]:
    """The state the whole action leads to (the only other state a cut may resume into)."""
    from companion.core.journal import Journal
    from companion.ui.board.duere_session import DueReSession
    from companion.ui.board.session import BoardSession

    path = work / f"whole-{action}.db"
    mid = _prepare(path, action)
    j = Journal.open(path)
    try:
        match = j.match(mid)
        session = (DueReSession if match.info.game == "duere" else BoardSession).open(match)
        _act(session, action)
        return state_of(session)
    finally:
        j.close()


def inner_commits(work: Path, actions: tuple[str, ...] = ACTIONS, max_cuts: int = 80) -> Tally:
    """Cut each action before its 1st, 2nd, ... SQL statement until one runs to its end."""
    tally = Tally("inner commits")
    for action in actions:
        whole = _full_action(work, action)
        for cut in range(1, max_cuts + 1):
            path = work / f"cut-{action}-{cut}.db"
            mid = _prepare(path, action)
            r, w = os.pipe()
            pid = os.fork()
            if pid == 0:  # pragma: no cover (the child)
                os.close(r)
                try:
                    _cut_child(path, mid, action, cut, w)
                finally:
                    os._exit(3)
            os.close(w)
            os.waitpid(pid, 0)
            with os.fdopen(r) as f:
                lines = [json.loads(x) for x in f.read().splitlines()]
            tally.trials += 1
            before = lines[0]["before"]
            acknowledged = len(lines) > 1
            try:
                got = reopen_state(path, mid)
            except Exception as exc:  # the restart itself failed
                tally.crashes += 1
                tally.note(f"{action} cut {cut}: {exc!r}")
                break
            if acknowledged:
                tally.acknowledged += 1
                if got != lines[1]["after"]:
                    tally.lost += 1
                    tally.note(f"{action}: acknowledged {lines[1]['after']} but resumed {got}")
            elif got not in (before, whole):  # half an action: a state no screen ever showed
                tally.unseen += 1
                tally.note(f"{action} cut {cut}: resumed {got}; before {before}, whole {whole}")
            for extra in [path, *work.glob(path.name + "-*")]:
                extra.unlink()
            if acknowledged:
                break  # the action ran to its end before this cut: every cut point was tried
    return tally


# -- random kills -----------------------------------------------------------------------------------
RANDOM_CHILD = textwrap.dedent(
    """
    import json, random, sys
    from companion.core.journal import Journal
    from companion.ui.board.duere_session import DueReSession
    from companion.ui.board.session import BoardSession, Refused

    path, seed = sys.argv[1], int(sys.argv[2])
    rng = random.Random(seed)
    j = Journal.open(path)
    out = sys.stdout

    def show(s):
        out.write(json.dumps({"match": s.match.id, "rows": len(s.match.events()),
                              "state": [s.position.fen(), s.result, len(s.history)]}) + "\\n")
        out.flush()

    while True:
        game = rng.choice(["magici", "elolbia", "clupso", "camerlano", "duere"])
        s = (DueReSession if game == "duere" else BoardSession).new(j, game)
        show(s)
        for _ in range(rng.randint(10, 60)):
            r = rng.random()
            try:
                if r < 0.12 and s.can_undo():
                    s.undo()
                elif r < 0.18 and s.can_redo():
                    s.redo()
                elif game == "duere" and s.roll is None and not s.is_over():
                    s.roll_dice([rng.randint(1, 6), rng.randint(1, 6)])
                else:
                    options = s.options()
                    if not options:
                        break
                    s.play(rng.choice(options))
            except Refused:
                continue
            show(s)
    """
)


def random_kills(work: Path, runs: int = 20, seed: int = 7, min_s: float = 0.3, max_s: float = 2.5) -> Tally:
    tally = Tally("random kills")
    rng = random.Random(seed)
    for run in range(runs):
        path = work / f"kill-{run}.db"
        proc = subprocess.Popen([sys.executable, "-c", RANDOM_CHILD, str(path), str(rng.randrange(10**6))],
                                env=dict(ENV, PYTHONPATH=str(ROOT)), stdout=subprocess.PIPE, text=True)
        time.sleep(rng.uniform(min_s, max_s))
        os.kill(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate()
        shown = [json.loads(line) for line in out.splitlines() if line.endswith("}")]
        tally.trials += 1
        tally.acknowledged += len(shown)
        if not shown:
            continue
        last = shown[-1]
        try:
            got = reopen_state(path, last["match"])
            rows = _rows(path, last["match"])
        except Exception as exc:
            tally.crashes += 1
            tally.note(f"run {run}: {exc!r}")
            continue
        if rows < last["rows"]:  # an action the screen showed is not in the journal
            tally.lost += 1
            tally.note(f"run {run}: shown after {last['rows']} rows, the journal has {rows}")
        elif rows == last["rows"] and got != last["state"]:  # the same rows, another state
            tally.unseen += 1
            tally.note(f"run {run}: shown {last['state']}, resumed {got}")
        # more rows: the action under way had committed (one transaction) just before the kill
    return tally


def _rows(path: Path, match_id: int) -> int:
    from companion.core.journal import Journal

    j = Journal.open(path)
    try:
        return len(j.match(match_id).events())
    finally:
        j.close()


# -- damaged rows -----------------------------------------------------------------------------------
ROW_DAMAGE = {
    "event JSON broken": "UPDATE events SET data = '{\"x\": [1' WHERE match_id = {m} AND seq = 2",
    "event not UTF-8": "UPDATE events SET data = CAST(X'7B2266223A22FF227D' AS TEXT) WHERE match_id = {m} AND seq = 2",
    "kind not UTF-8": "UPDATE events SET kind = CAST(X'FF' AS TEXT) WHERE match_id = {m} AND seq = 1",
    "kind empty": "UPDATE events SET kind = '' WHERE match_id = {m} AND seq = 1",
    "data a list": "UPDATE events SET data = '[1, 2]' WHERE match_id = {m} AND seq = 2",
    "data a blob": "UPDATE events SET data = X'00FF00' WHERE match_id = {m} AND seq = 2",
    "time text": "UPDATE events SET at_ms = 'noon' WHERE match_id = {m} AND seq = 2",
    "number text": "UPDATE events SET seq = 'x' WHERE match_id = {m} AND seq = 2",
    "undo of a missing event": "INSERT INTO events VALUES ({m}, 999, 'undo', '{\"target\": 4242}', 5)",
    "undo of nothing": "INSERT INTO events VALUES ({m}, 999, 'undo', '{}', 5)",
    "redo of a non-undo": "INSERT INTO events VALUES ({m}, 999, 'redo', '{\"target\": 1}', 5)",
    "meta JSON broken": "UPDATE matches SET meta = '{' WHERE id = {m}",
    "meta not UTF-8": "UPDATE matches SET meta = CAST(X'FFFE' AS TEXT) WHERE id = {m}",
    "title not UTF-8": "UPDATE matches SET title = CAST(X'C3' AS TEXT) WHERE id = {m}",
    "game not UTF-8": "UPDATE matches SET game = CAST(X'C3' AS TEXT) WHERE id = {m}",
    "created_at text": "UPDATE matches SET created_at = 'today' WHERE id = {m}",
    "roll without faces": "UPDATE events SET data = '{\"sides\": 6}' WHERE match_id = {m} AND kind = 'roll'",
    "roll faces text": "UPDATE events SET data = '{\"faces\": \"six\"}' WHERE match_id = {m} AND kind = 'roll'",
    "move not a move": "UPDATE events SET data = '{\"move\": \"zz\"}' WHERE match_id = {m} AND kind = 'move'",
    "move without move": "UPDATE events SET data = '{}' WHERE match_id = {m} AND kind = 'move'",
    "unknown variant": "UPDATE matches SET meta = '{\"variant\": \"nosuch\", \"start_fen\": \"x\"}' WHERE id = {m}",
    "bad start string": "UPDATE matches SET meta = json_set(meta, '$.start_fen', 'garbage') WHERE id = {m}",
    "no meta keys": "UPDATE matches SET meta = '{}' WHERE id = {m}",
    "meta a list": "UPDATE matches SET meta = '[]' WHERE id = {m}",
    "variant a number": "UPDATE matches SET meta = json_set(meta, '$.variant', 7) WHERE id = {m}",
}

BOARD_GAMES = ("duere", "elolbia", "clupso", "camerlano")


def _journal_with_games(path: Path, seed: int) -> dict[int, int]:
    """Dice, Due Re and each grid game, a few actions each; returns match id -> event count."""
    from companion.core.journal import Journal
    from companion.ui.board.duere_session import DueReSession
    from companion.ui.board.session import BoardSession

    rng = random.Random(seed)
    j = Journal.open(path)
    counts = {}
    dice = j.new_match("dice", title="d")
    for _ in range(4):
        dice.append("roll", {"faces": [rng.randint(1, 6), rng.randint(1, 6)], "sides": 6})
    counts[dice.id] = 4
    for game in BOARD_GAMES:
        s = (DueReSession if game == "duere" else BoardSession).new(j, game)
        for _ in range(6):
            if game == "duere" and s.roll is None:
                s.roll_dice([rng.randint(1, 6), rng.randint(1, 6)])
            elif s.options():
                s.play(rng.choice(s.options()))
        counts[s.match.id] = len(s.match.events())
    j.close()
    return counts


def _start_app(path: Path) -> Any:
    """The app's start-up, in process: open (moving a damaged file aside), check, offer resumes."""
    import pygame

    from companion.app import App, open_journal, start_up_checks
    from companion.config import load_config
    from companion.core.clock import FakeClock
    from companion.core.dice import Dice
    from companion.ui.screens.home import HomeScreen

    pygame.display.init()
    pygame.font.init()
    journal, moved = open_journal(path.parent)
    app = App(load_config(paths=[]), journal=journal, dice=Dice.seeded(1), clock=FakeClock(), lang="en")
    app.push(HomeScreen(app))
    start_up_checks(app)
    return app, moved


def _tap(app: Any, button: Any) -> None:
    from companion.ui.input import Action, Kind

    app.dispatch(Action(Kind.PRESS, button.rect.center))
    app.dispatch(Action(Kind.TAP, button.rect.center))
    app.tick()
    app.render()


def _tour(app: Any) -> None:
    """Tap every resume offer, then every home tile and the dice, drawing each screen, as a
    referee would after a start (through the app's dispatch, so what it catches is caught)."""
    from companion.ui.registry import GAME_ORDER
    from companion.ui.screens.home import HomeScreen
    from companion.ui.screens.resume import ResumeScreen

    for _ in range(10):
        if not (isinstance(app.top, ResumeScreen) and app.top.matches):
            break
        _tap(app, next(b for b in app.top.buttons if b.primary))
        app.home()
        HomeScreen.offer_resume(app)
    app.home()
    home = app.stack[0]
    labels = [app.t(f"game.{key}") for key in GAME_ORDER] + ["⚄ " + app.t("home.dice")]
    for label in labels:
        button = next((b for b in home.buttons if b.label == label and b.enabled), None)
        if button is not None:
            _tap(app, button)
            app.home()


def damaged_rows(work: Path, seeds: int = 1) -> Tally:
    tally = Tally("damaged rows")
    import pygame  # noqa: F401

    for seed in range(seeds):
        for name, sql in ROW_DAMAGE.items():
            folder = work / f"rows-{seed}-{abs(hash(name))}"
            folder.mkdir()
            path = folder / "journal.db"
            counts = _journal_with_games(path, seed)
            conn = sqlite3.connect(path)
            targets = list(counts)
            victim = targets[(seed + len(name)) % len(targets)]
            try:
                conn.execute(sql.replace("{m}", str(victim)))
                conn.commit()
            except sqlite3.DatabaseError as exc:
                tally.note(f"{name}: could not apply ({exc})")
            conn.close()
            tally.trials += 1
            try:
                app, _ = _start_app(path)
                _tour(app)
            except Exception as exc:
                tally.crashes += 1
                tally.note(f"{name} on match {victim}: {exc!r}")
                continue
            # every other match is intact, event for event
            for mid, n in counts.items():
                if mid == victim:
                    continue
                tally.acknowledged += n
                try:
                    have = len(app.journal.match(mid).events())
                except Exception as exc:
                    have = 0
                    tally.note(f"{name}: match {mid} unreadable after ({exc!r})")
                if have < n:
                    tally.lost += n - have
            app.journal.close()
    return tally


# -- truncations ------------------------------------------------------------------------------------
def truncations(work: Path, cuts: int = 12, seed: int = 3) -> Tally:
    from companion.app import open_journal

    tally = Tally("truncations")
    rng = random.Random(seed)
    base = work / "trunc-base"
    base.mkdir()
    counts = _journal_with_games(base / "journal.db", seed)
    full = (base / "journal.db").read_bytes()
    lengths = [0, 1, 2, 100, 511, 512, 4096] + [rng.randrange(len(full)) for _ in range(cuts)]
    for i, n in enumerate(lengths):
        folder = work / f"trunc-{i}"
        folder.mkdir()
        data = full[:n]
        (folder / "journal.db").write_bytes(data)
        tally.trials += 1
        try:
            j, aside = open_journal(folder)
            j.matches()
            j.scan()
            kept = {mid: len(j.match(mid).events()) for mid in counts if mid not in j.aside} if aside is None else {}
            j.new_match("dice").append("roll", {"faces": [1]})  # the app goes on writing
            j.close()
        except Exception as exc:
            tally.crashes += 1
            tally.note(f"cut at {n}: {exc!r}")
            continue
        if aside is not None and Path(aside).read_bytes() != data:
            tally.lost += 1  # the damaged file was not kept byte for byte
            tally.note(f"cut at {n}: the file moved aside differs")
        if aside is None and n < len(full):
            # used as it is: only right if the cut fell where nothing was (the last page's free
            # space); anything missing must have been noticed (set aside), never used silently
            silent = sum(counts[mid] - have for mid, have in kept.items())
            tally.lost += max(0, silent)
            tally.note(f"cut at {n}: used as it was, {silent} events missing unnoticed")
    return tally


# -- two instances, read-only medium, full disk ------------------------------------------------------
def two_instances(work: Path) -> Tally:
    from companion.app import AlreadyRunning, lock_data_dir

    tally = Tally("two instances")
    folder = work / "two"
    first = lock_data_dir(folder)
    tally.trials += 1
    try:
        second = lock_data_dir(folder)
        second.close()
        tally.crashes += 1
        tally.note("a second app on the same folder was let in")
    except AlreadyRunning as exc:
        if exc.pid != os.getpid():
            tally.crashes += 1
            tally.note(f"the refusal named pid {exc.pid}, not {os.getpid()}")
    first.close()
    tally.trials += 1
    again = lock_data_dir(folder)  # released with its holder
    again.close()
    return tally


def read_only(work: Path) -> Tally:
    from companion.core.journal import Journal

    tally = Tally("read-only")
    src, mnt = work / "ro-src", work / "ro"
    src.mkdir()
    mnt.mkdir()
    counts = _journal_with_games(src / "journal.db", 5)
    ok = os.geteuid() == 0 and subprocess.run(["mount", "--bind", str(src), str(mnt)], capture_output=True).returncode == 0
    if ok and subprocess.run(["mount", "-o", "remount,ro,bind", str(mnt)], capture_output=True).returncode != 0:
        subprocess.run(["umount", str(mnt)])
        ok = False
    if not ok:
        tally.note("no read-only bind mount here: a 0555 folder stands in")
        mnt.rmdir()
        mnt = src
        src.chmod(0o555)
    before = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in src.iterdir()}
    try:
        tally.trials += 1
        j = Journal.open(mnt / "journal.db", readonly=True)
        for mid, n in counts.items():
            tally.acknowledged += n
            tally.lost += max(0, n - len(j.match(mid).events()))
        j.close()
    except Exception as exc:
        tally.crashes += 1
        tally.note(repr(exc))
    finally:
        if ok:
            subprocess.run(["umount", str(mnt)])
        else:
            src.chmod(0o755)
    after = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in src.iterdir()}
    if after != before:
        tally.lost += 1
        tally.note("the read-only open changed the files")
    return tally


def _small_disk(folder: Path) -> bool:
    """A 2 MB tmpfs at ``folder`` (root only): a disk that really fills up (ENOSPC)."""
    folder.mkdir(exist_ok=True)
    if os.geteuid() != 0:
        return False
    return subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m,mode=0700", "tmpfs", str(folder)],
                          capture_output=True).returncode == 0


def _fill(folder: Path) -> Path:
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        while True:
            os.write(fd, b"\0" * 4096)
    except OSError:
        pass
    finally:
        os.close(fd)
    return filler


def full_disk(work: Path, writes: int = 200) -> Tally:
    """Actions on a board while the disk is full: each refused with a clear error, the screen
    left as the journal holds it; space comes back and play goes on; nothing lost."""
    from companion.core.journal import Journal, JournalError
    from companion.ui.board.session import BoardSession

    tally = Tally("full disk")
    disk = work / "disk"
    real = _small_disk(disk)
    path = disk / "journal.db"
    j = None
    try:
        j = Journal.open(path)
        s = BoardSession.new(j, "camerlano")
        rng = random.Random(11)
        shown: list[Any] = []
        filler = None
        if real:
            filler = _fill(disk)
        else:
            tally.note("no tmpfs here: SQLite's max_page_count stands in for a full disk")
            pages = j._conn.execute("PRAGMA page_count").fetchone()[0]
            j._conn.execute(f"PRAGMA max_page_count={pages}")
        refused = 0
        for i in range(writes):
            tally.trials += 1
            before = state_of(s)
            try:
                if i % 7 == 6 and s.can_undo():
                    s.undo()
                elif s.options():
                    s.play(rng.choice(s.options()))
                else:
                    s = BoardSession.new(j, "camerlano")
                shown.append((s.match.id, state_of(s)))
                tally.acknowledged += 1
            except JournalError:
                refused += 1
                if state_of(s) != before:  # the screen must still show what the journal holds
                    tally.unseen += 1
            except Exception as exc:
                tally.crashes += 1
                tally.note(repr(exc))
            if i == writes // 2:  # space comes back
                if filler is not None:
                    filler.unlink()
                else:
                    j._conn.execute("PRAGMA max_page_count=1073741823")
        tally.note(f"{refused} actions refused while full")
        if refused == 0 or refused == writes:
            tally.crashes += 1
            tally.note("the disk never filled, or never came back: nothing was tried")
        j.close()
        j = None
        if shown:
            mid, last = shown[-1]
            got = reopen_state(path, mid)
            if got != last:
                tally.lost += 1
                tally.note(f"shown {last}, resumed {got}")
    finally:
        if j is not None:
            j.close()
        if real:
            subprocess.run(["umount", str(disk)])
    return tally


SCENARIOS = ("inner_commits", "random_kills", "damaged_rows", "truncations", "two_instances", "read_only",
             "full_disk")


def run_all(reduced: bool = True, only: tuple[str, ...] = SCENARIOS) -> list[Tally]:
    out = []
    with tempfile.TemporaryDirectory(prefix="faultlab-") as tmp:
        work = Path(tmp)
        for name in only:
            folder = work / name
            folder.mkdir()
            if name == "inner_commits":
                out.append(inner_commits(folder))
            elif name == "random_kills":
                out.append(random_kills(folder, runs=3 if reduced else 60, max_s=1.5 if reduced else 4.0))
            elif name == "damaged_rows":
                out.append(damaged_rows(folder, seeds=1 if reduced else 4))
            elif name == "truncations":
                out.append(truncations(folder, cuts=6 if reduced else 60))
            elif name == "two_instances":
                out.append(two_instances(folder))
            elif name == "read_only":
                out.append(read_only(folder))
            elif name == "full_disk":
                out.append(full_disk(folder, writes=60 if reduced else 400))
    return out
