"""Export of a game record: JSON for every grid game (position strings and moves), PGN for
Scacchi Magici (a SetUp/FEN header, SAN moves, a comment where a Pawn turns round).

>>> import tempfile, os
>>> from companion.core.journal import Journal
>>> from companion.ui.board.session import BoardSession
>>> s = BoardSession.new(Journal.open(os.path.join(tempfile.mkdtemp(), "j.db")), "magici")
>>> s.play_text("e2e4"); s.play_text("e7e5")
>>> print(magici_pgn(s).splitlines()[-1])
1. e4 e5 *
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from companion.rules.session import BoardSession

CHESS_FEN_FIELDS = 6


def export_record(session: BoardSession, folder: Path) -> list[Path]:
    """Write the game's record to ``folder`` (made if missing); returns the files written:
    ``<game>-<match>.json`` always, ``<game>-<match>.pgn`` for Scacchi Magici."""
    folder.mkdir(parents=True, exist_ok=True)
    stem = f"{session.game}-{session.match.id}"
    json_path = folder / f"{stem}.json"
    json_path.write_text(json.dumps(session.record(), indent=2, ensure_ascii=False) + "\n", "utf-8")
    paths = [json_path]
    if session.game == "magici":
        pgn_path = folder / f"{stem}.pgn"
        pgn_path.write_text(magici_pgn(session), "utf-8")
        paths.append(pgn_path)
    return paths


def magici_pgn(session: BoardSession) -> str:
    """The game as PGN. The FEN header holds the six chess fields of the start; a start with
    turned Pawns (or spells used) is given whole in a comment, and each move that turns a Pawn
    round gets a comment with its facing (``{the Pawn on e8 turns round (e8:b)}``)."""
    info = session.match.info
    result = (session.result or {}).get("result", "*")
    fields = session.start_fen.split()
    date = time.strftime("%Y.%m.%d", time.gmtime(info.created_at / 1000))
    headers = [
        ("Event", info.title or "Scacchi Magici"), ("Site", "?"), ("Date", date), ("Round", "-"),
        ("White", "?"), ("Black", "?"), ("Result", result), ("SetUp", "1"),
        ("FEN", " ".join(fields[:CHESS_FEN_FIELDS])),
    ]
    out = [f'[{k} "{v}"]' for k, v in headers]
    out.append("")
    tokens: list[str] = []
    if len(fields) > CHESS_FEN_FIELDS:
        tokens.append(f"{{Scacchi Magici start: {session.start_fen}}}")
    pos = session.variant.from_fen(session.start_fen)
    for i, entry in enumerate(h for h in session.history if h.text not in ("draw_agreed", "resign")):
        if i == 0 and entry.color.name == "BLACK":
            tokens.append(f"{entry.number}...")
        elif entry.color.name == "WHITE":
            tokens.append(f"{entry.number}.")
        if entry.text == "pass_turn":
            pos.push_pass()  # type: ignore[attr-defined]
            tokens.append("--")
            continue
        move = pos.parse_move(entry.text)
        before = pos.piece_at(move.origin)
        pos.push(move)
        tokens.append(entry.notation)
        after = pos.piece_at(move.target)
        if before is not None and after is not None and after.state != before.state:
            mark = "b" if after.state == "turned" else "r"
            tokens.append(f"{{the Pawn on {move.target} turns round ({move.target}:{mark})}}")
    tokens.append(result)
    out.append(_wrap(" ".join(tokens)))
    return "\n".join(out) + "\n"


def _wrap(text: str, width: int = 79) -> str:
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return "\n".join(lines)


__all__ = ["export_record", "magici_pgn"]
