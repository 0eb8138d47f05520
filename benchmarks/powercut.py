"""Power cut below the process: what the disk holds if the power goes at any instant.

SIGKILL leaves the page cache in place, so a killed process loses nothing the kernel had been
given. A power cut loses everything not yet synced. This harness records every write, truncate,
fsync, creation and unlink the journal's process makes in its folder (``powercut_shim/shim.c``,
an ``LD_PRELOAD`` library built with gcc), while a workload of dice rolls, atomic groups (a move
and its finish), new matches and restarts runs and appends a line to ``acks`` after each action
returns (the moment a screen would show it). Then, for many cut points in that log, it rebuilds
the folder a disk would hold:

* ``strict``: each file holds exactly what its last ``fsync`` covered; a file created or removed
  exists or not as of the folder's last ``fsync`` (POSIX promises no more);
* ``harsh``: as strict, plus any random subset of the unsynced 512-byte sectors written since
  (the page cache writes back in any order), and any prefix of the unsynced folder changes.

Each rebuilt folder is opened as the app would at boot; every acknowledged action must be there,
every action whole or absent (never half a group), the journal never damaged.

Run: ``python benchmarks/bench_faults.py`` (the full figures), ``tests/core/test_powercut.py``
(reduced).
"""

from __future__ import annotations

import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SHIM_C = HERE / "powercut_shim" / "shim.c"
SECTOR = 512

WORKLOAD = textwrap.dedent(
    """
    import os, random, sys
    from companion.core.journal import Journal

    folder, seed, actions, sync = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    rng = random.Random(seed)
    path = os.path.join(folder, "journal.db")
    acks = os.open(os.path.join(folder, "acks"), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)

    def start():
        j = Journal.open(path)
        j._conn.execute("PRAGMA wal_autocheckpoint=30")  # checkpoints often: their writes are cut too
        if sync != "FULL":  # the peer run only: the app always uses FULL
            j._conn.execute(f"PRAGMA synchronous={sync}")
        return j

    j = start()
    m = j.new_match("dice")
    for i in range(actions):
        r = rng.random()
        if r < 0.04:  # the app restarts: the last close checkpoints and removes the WAL
            j.close()
            j = start()
            m = j.match(m.id)
        pad = "x" * rng.choice((0, 10, 300, 3000))
        if r < 0.12:  # a new match and its first event: one action
            with j.atomic():
                m = j.new_match("dice")
                m.append("roll", {"i": i, "part": 0, "parts": 1, "pad": pad})
        elif r < 0.45:  # a move and the finish it causes, an undo of both: one action
            n = rng.randint(2, 4)
            with j.atomic():
                for p in range(n):
                    m.append("roll", {"i": i, "part": p, "parts": n, "pad": pad})
        else:
            m.append("roll", {"i": i, "part": 0, "parts": 1, "pad": pad})
        os.write(acks, b"%d\\n" % i)  # the screen shows it now: acknowledged
    j.close()
    """
)


def build_shim(out_dir: Path) -> Path | None:
    cc = shutil.which("gcc") or shutil.which("cc")
    if cc is None:
        return None
    so = out_dir / "powercut-shim.so"
    r = subprocess.run([cc, "-shared", "-fPIC", "-O2", "-o", str(so), str(SHIM_C), "-ldl"], capture_output=True)
    return so if r.returncode == 0 else None


def record(work: Path, shim: Path, seed: int, actions: int,
           synchronous: str = "FULL") -> list[tuple[str, str, int, int, bytes]]:
    """Run the workload under the shim; return its log: (op, name, offset, length, data)."""
    folder = work / "live"
    folder.mkdir()
    log = work / "ops.log"
    env = dict(os.environ, LD_PRELOAD=str(shim), POWERCUT_DIR=str(folder), POWERCUT_LOG=str(log),
               PYTHONPATH=str(ROOT))
    subprocess.run([sys.executable, "-c", WORKLOAD, str(folder), str(seed), str(actions), synchronous], env=env,
                   check=True, timeout=600)
    raw = log.read_bytes()
    ops = []
    at = 0
    while at < len(raw):
        op = chr(raw[at])
        (plen,) = struct.unpack_from("<I", raw, at + 1)
        name = raw[at + 5:at + 5 + plen].decode()
        off, length = struct.unpack_from("<QQ", raw, at + 5 + plen)
        at += 5 + plen + 16
        data = b""
        if op in "WR":
            data = raw[at:at + length]
            at += length
        if op == "R":
            data = os.path.relpath(data.decode(), folder).encode()
        rel = os.path.relpath(name, folder)
        ops.append((op, rel, off, length, data))
    return ops


@dataclass
class Inode:
    durable: bytearray = field(default_factory=bytearray)
    pending: list[tuple[str, int, bytes]] = field(default_factory=list)  # ("W", off, data) / ("T", len, b"")


def _apply(data: bytearray, op: tuple[str, int, bytes]) -> None:
    kind, off, payload = op
    if kind == "W":
        if len(data) < off:
            data.extend(b"\0" * (off - len(data)))
        data[off:off + len(payload)] = payload
    else:
        del data[off:]
        if len(data) < off:
            data.extend(b"\0" * (off - len(data)))


@dataclass
class Disk:
    """What the disk and the page cache hold, op by op."""

    live: dict[str, Inode] = field(default_factory=dict)  # names as the process sees them
    durable_names: dict[str, Inode] = field(default_factory=dict)  # names as of the last folder sync
    pending_names: list[tuple[str, str, Inode | None, str]] = field(default_factory=list)
    acks: int = 0

    def step(self, op: str, name: str, off: int, length: int, data: bytes) -> None:
        if name == "acks":
            if op == "W":
                self.acks += data.count(b"\n")
            return
        if name == ".":  # the folder itself
            if op == "S":
                self.durable_names = dict(self.live)
                self.pending_names = []
            return
        if op == "N":
            inode = Inode()
            self.live[name] = inode
            self.pending_names.append(("N", name, inode, ""))
        elif op == "U":
            self.live.pop(name, None)
            self.pending_names.append(("U", name, None, ""))
        elif op == "R":  # atomic: the new name and the old one's removal land together
            target = data.decode()
            inode = self.live.pop(name, None)
            if inode is not None:
                self.live[target] = inode
            self.pending_names.append(("R", name, inode, target))
        elif name in self.live:
            inode = self.live[name]
            if op == "W":
                inode.pending.append(("W", off, data))
            elif op == "T":
                inode.pending.append(("T", length, b""))
            elif op == "S":
                for p in inode.pending:
                    _apply(inode.durable, p)
                inode.pending = []

    def image(self, rng: random.Random | None) -> dict[str, bytes]:
        """The folder after a power cut now (``rng``: the harsh mode's random write-back)."""
        names = dict(self.durable_names)
        if rng is not None and self.pending_names:
            for kind, name, inode, target in self.pending_names[: rng.randint(0, len(self.pending_names))]:
                if kind == "N" and inode is not None:
                    names[name] = inode
                elif kind == "U":
                    names.pop(name, None)
                elif kind == "R":
                    names.pop(name, None)
                    if inode is not None:
                        names[target] = inode
        out = {}
        for name, inode in names.items():
            data = bytearray(inode.durable)
            if rng is not None:
                for kind, off, payload in inode.pending:
                    if kind == "T":
                        if rng.random() < 0.5:
                            _apply(data, (kind, off, payload))
                        continue
                    for s in range(0, len(payload), SECTOR):  # each sector reaches the disk or not
                        if rng.random() < 0.5:
                            _apply(data, ("W", off + s, payload[s:s + SECTOR]))
            out[name] = bytes(data)
        return out


@dataclass
class CutTally:
    mode: str
    cuts: int = 0
    acknowledged: int = 0
    lost: int = 0
    unseen: int = 0  # half an action found (a state no screen showed)
    crashes: int = 0  # the journal damaged or unreadable after the cut
    notes: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (f"power cut, {self.mode:<6} cuts {self.cuts:>5}  acknowledged {self.acknowledged:>7}  "
                f"crashes {self.crashes}  lost {self.lost}  unseen {self.unseen}")


def check(image: dict[str, bytes], acks: int, tally: CutTally, where: Path) -> None:
    from companion.core.journal import Journal, JournalError

    if where.exists():
        shutil.rmtree(where)
    where.mkdir()
    for name, data in image.items():
        if name.endswith("-shm"):
            continue  # shared memory: rebuilt by SQLite (a stale one is ignored the same way)
        (where / name).write_bytes(data)
    tally.cuts += 1
    tally.acknowledged += acks
    if "journal.db" not in image:
        if acks:
            tally.lost += acks
            if len(tally.notes) < 5:
                tally.notes.append(f"the journal vanished with {acks} actions acknowledged")
        return
    try:
        j = Journal.open(where / "journal.db")
        parts: dict[int, set[int]] = {}
        whole: dict[int, int] = {}
        for info in j.matches(include_set_aside=True):
            for e in j.match(info.id).events():
                parts.setdefault(e.data["i"], set()).add(e.data["part"])
                whole[e.data["i"]] = e.data["parts"]
        aside = dict(j.aside)
        j.close()
    except (JournalError, KeyError) as exc:
        tally.crashes += 1
        tally.lost += acks
        if len(tally.notes) < 5:
            tally.notes.append(f"after {acks} acks: {exc!r}")
        return
    if aside:
        tally.crashes += 1
        if len(tally.notes) < 5:
            tally.notes.append(f"matches set aside after a cut: {aside}")
    missing = [i for i in range(acks) if i not in parts]
    tally.lost += len(missing)
    if missing and len(tally.notes) < 5:
        tally.notes.append(f"after {acks} acks: actions {missing[:5]} missing")
    for i, got in parts.items():
        if len(got) != whole[i]:
            tally.unseen += 1
            if len(tally.notes) < 5:
                tally.notes.append(f"action {i}: parts {sorted(got)} of {whole[i]}")
        if i > acks:  # beyond the one action under way: impossible unless the log is misread
            tally.unseen += 1


def run(actions: int = 300, cuts: int = 200, seed: int = 1, work: Path | None = None,
        synchronous: str = "FULL") -> list[CutTally] | None:
    """Record one workload, then cut it at ``cuts`` points in each mode. None without a C compiler.
    ``synchronous`` other than FULL is for the peer figure only."""
    with tempfile.TemporaryDirectory(prefix="powercut-") as tmp:
        base = Path(work or tmp)
        shim = build_shim(base)
        if shim is None:
            return None
        ops = record(base, shim, seed, actions, synchronous)
        rng = random.Random(seed)
        syncs = [k for k, op in enumerate(ops) if op[0] == "S"]
        points = set(rng.sample(range(len(ops) + 1), min(cuts // 2, len(ops) + 1)))
        points |= {k for s in rng.sample(syncs, min(cuts // 4, len(syncs))) for k in (s, s + 1)}  # either side
        points.add(len(ops))  # after the last write: everything acknowledged must be there
        out = []
        for mode in ("strict", "harsh"):
            tally = CutTally(mode)
            disk = Disk()
            k = 0
            for point in sorted(points):
                while k < point:
                    disk.step(*ops[k])
                    k += 1
                check(disk.image(None if mode == "strict" else rng), disk.acks, tally, base / "cut")
            out.append(tally)
        return out


if __name__ == "__main__":
    for t in run() or []:
        print(t.line(), t.notes)
