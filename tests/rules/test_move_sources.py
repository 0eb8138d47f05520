"""Who entered a move is kept in the journal: a move the camera played, one of a run it saw only
together, or the referee's answer to its question; a touched (or typed) move carries nothing.
The tag survives a power cut, an undo and redo, reaches the game's record, and a journal
written before moves were tagged (or by a later version with a source this one does not know)
reads as before."""

from __future__ import annotations

import json
import sqlite3

import pytest

from companion.core.journal import Journal
from companion.rules.duere_session import DueReSession
from companion.rules.session import BY_CAMERA, BY_CAMERA_ASKED, BY_CAMERA_TOGETHER, BoardSession


def option(session, text):
    return next(o for o in session.options() if str(o.payload) == text)


def test_each_move_keeps_who_entered_it_across_a_power_cut_and_in_the_record(tmp_path):
    path = tmp_path / "j.db"
    journal = Journal.open(path)
    s = BoardSession.new(journal, "magici")
    s.play(option(s, "e2e4"), by=BY_CAMERA)
    s.play_text("e7e5")  # touched
    s.play(option(s, "g1f3"), by=BY_CAMERA_TOGETHER)
    s.play(option(s, "b8c6"), by=BY_CAMERA_TOGETHER)
    s.play(option(s, "f1c4"), by=BY_CAMERA_ASKED)
    match_id = s.match.id
    journal.close()  # the power goes

    again = BoardSession.open(Journal.open(path).match(match_id))
    assert [(h.text, h.by) for h in again.history] == [
        ("e2e4", "camera"), ("e7e5", ""), ("g1f3", "camera_together"),
        ("b8c6", "camera_together"), ("f1c4", "camera_asked")]
    record = again.record()
    assert [m.get("by") for m in record["moves"]] == [
        "camera", None, "camera_together", "camera_together", "camera_asked"]
    json.dumps(record)  # the export writes it as is


def test_undo_and_redo_keep_the_moves_source(tmp_path):
    s = BoardSession.new(Journal.open(tmp_path / "j.db"), "camerlano")
    first = s.options()[0]
    s.play(first, by=BY_CAMERA)
    assert s.undo() and s.history == []
    assert s.redo()
    assert [h.by for h in s.history] == ["camera"]


def test_an_unknown_source_is_refused_before_anything_is_written(tmp_path):
    s = BoardSession.new(Journal.open(tmp_path / "j.db"), "magici")
    with pytest.raises(ValueError, match="unknown move source 'robot'"):
        s.play(option(s, "e2e4"), by="robot")
    assert s.history == [] and [e.kind for e in s.match.effective()] == []


def test_due_re_steps_keep_their_source_with_their_die(tmp_path):
    path = tmp_path / "j.db"
    s = DueReSession.new(Journal.open(path), "duere")
    s.roll_dice((4, 3))
    step = next(o for o in s.options() if o.payload[0] == 4 and str(o.payload[1]) == "c2e4")
    s.play(step, by=BY_CAMERA_ASKED)
    data = [e.data for e in s.match.effective() if e.kind == "move"]
    assert data == [{"move": "c2e4", "die": 4, "fen_before": data[0]["fen_before"],
                     "by": "camera_asked"}]
    again = DueReSession.open(Journal.open(path).match(s.match.id))
    assert [(h.text, h.by) for h in again.history if h.text != "4-3"] == [("4:c2e4", "camera_asked")]


@pytest.mark.parametrize("by", [None, 5, "telepathy", ["camera"]])
def test_a_journal_without_a_source_or_with_one_unknown_reads_as_touched(tmp_path, by):
    """A journal written before moves were tagged (no ``by``), or by a version with a source
    this one does not know: the moves are replayed as they were, shown as touched."""
    path = tmp_path / "j.db"
    s = BoardSession.new(Journal.open(path), "magici")
    s.play(option(s, "e2e4"), by=BY_CAMERA)
    s.play_text("e7e5")
    match_id = s.match.id
    s.match.journal.close()
    db = sqlite3.connect(path)
    rows = db.execute("SELECT seq, data FROM events WHERE kind = 'move'").fetchall()
    for seq, text in rows:
        data = json.loads(text)
        data.pop("by", None)
        if by is not None:
            data["by"] = by
        db.execute("UPDATE events SET data = ? WHERE seq = ?", (json.dumps(data), seq))
    db.commit()
    db.close()
    again = BoardSession.open(Journal.open(path).match(match_id))
    assert again.replay_error is None
    assert [(h.text, h.by) for h in again.history] == [("e2e4", ""), ("e7e5", "")]
    assert "by" not in again.record()["moves"][0]

