"""Small files written so that a power cut never leaves them half-written (the journal's
own writes go through SQLite; these are the side files: calibrations, the camera switch)."""

from __future__ import annotations

import os
from pathlib import Path


def sync_folder(folder: Path) -> None:
    """Sync ``folder``'s entries (a file renamed into it is kept through a power cut);
    best effort: a folder that cannot be opened or synced is left as it is."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all: a temporary file beside it, synced,
    renamed over it, the folder synced (OSError as the file system raises it).

    >>> import tempfile
    >>> p = Path(tempfile.mkdtemp()) / "a" / "f.json"
    >>> write_atomic(p, "{}"); p.read_text()
    '{}'
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as out:
        out.write(text)
        out.flush()
        os.fsync(out.fileno())
    os.replace(tmp, path)
    sync_folder(path.parent)
