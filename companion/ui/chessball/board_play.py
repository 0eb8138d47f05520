"""What a touch on the lattice means: kick-off placement, and choosing a move with its preview.

Moves phase: tap one of the mover's pieces (or the ball), then the destination; the core finds
the cheapest legal path, and the preview shows it with its MP cost, or the reason it is
refused. A piece next to the ball moves *with* it when it holds it (switchable); then a tap
next to the piece's destination says where the ball should end. A drag from a piece to a
point does the same as the two taps. Nothing is journaled until the referee confirms.

>>> from companion.chessball.state import MatchState
>>> p = Placement.suggested(MatchState())
>>> p.tap((4, 5)); p.selected
(4, 5)
>>> p.tap((4, 6)); (4, 6) in p.pieces, p.selected
(True, None)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.chessball.events import IllegalEvent
from companion.chessball.lattice import Point, chebyshev, is_goal_mouth, square_name
from companion.chessball.pieces import PieceKind, Side
from companion.chessball.shot import shot_power
from companion.chessball.simulate import kickoff_pieces
from companion.chessball.state import MatchState
from companion.ui.chessball.board import Marks
from companion.chessball.session import Preview, Session


@dataclass
class Placement:
    """The kick-off placement being arranged on the screen (not journaled until confirmed)."""

    pieces: dict[Point, tuple[Side, PieceKind]] = field(default_factory=dict)
    selected: Point | None = None

    @classmethod
    def suggested(cls, state: MatchState) -> "Placement":
        """A legal starting placement (each side in its half, the kicker next to the ball)."""
        return cls({tuple(item["at"]): (Side(item["side"]), PieceKind(item["piece"]))  # type: ignore[misc]
                    for item in kickoff_pieces(state)})

    def tap(self, p: Point) -> None:
        if p in self.pieces:
            kind = self.pieces[p][1]
            self.selected = None if p == self.selected or kind is PieceKind.KING else p
        elif self.selected is not None:
            self.pieces[p] = self.pieces.pop(self.selected)
            self.selected = None

    def event(self) -> dict[str, Any]:
        return {"kind": "kickoff", "pieces": [
            {"side": side.value, "piece": kind.value, "at": list(at)} for at, (side, kind) in sorted(self.pieces.items())
        ]}


def point_name(p: Point) -> str:
    """The short name of a square centre (``e4``); see :func:`places.place_name` for any point."""
    return square_name(p)


@dataclass
class MoveChoice:
    """The move being chosen on the board in the moves phase."""

    selected: Point | None = None
    ball_selected: bool = False
    target: Point | None = None
    ball_target: Point | None = None
    with_ball: bool = False
    preview: Preview | None = None
    refusal: str | None = None  # the core's reason (English); the screen translates it

    def clear(self) -> None:
        self.selected = self.target = self.ball_target = None
        self.ball_selected = self.with_ball = False
        self.preview, self.refusal = None, None

    # -- touches ------------------------------------------------------------------------------
    def tap(self, session: Session, p: Point) -> None:
        s = session.state
        mover = s.side_to_move
        if mover is None:
            return
        piece = s.board.get(p)
        if self.ball_selected:  # any other point is where the ball is played to
            if p == s.ball or p == self.selected:
                self.clear()
            else:
                self.target = p
                self.update(session)
            return
        if self.selected is None:
            self._select(s, p, mover)
            return
        if p == self.selected:
            if p == s.ball:  # the ball stopped on this piece's point: a second tap takes the ball alone
                self.clear()
                self.ball_selected, self.selected = True, p
            else:
                self.clear()
            return
        if piece is not None and piece.side is mover and p != self.target:
            self._select(s, p, mover)
            return
        if p == s.ball and piece is None and not self.with_ball:
            self._select(s, p, mover)
            return
        if (self.with_ball and self.target is not None and chebyshev(p, self.target) == 1
                and p not in s.board):
            self.ball_target = p
        else:
            self.target, self.ball_target = p, None
        self.update(session)

    def drag(self, session: Session, start: Point, end: Point) -> None:
        """A finger dragged from ``start`` to ``end``: select there, aim here."""
        self.clear()
        self.tap(session, start)
        if self.selected is not None or self.ball_selected:
            self.tap(session, end)

    def _select(self, s: MatchState, p: Point, mover: Side) -> None:
        self.clear()
        piece = s.board.get(p)
        if piece is not None and piece.side is mover:
            self.selected = p
            holds = s.holder == piece.uid or (s.holder is None and s.ball is not None and chebyshev(p, s.ball) <= 1
                                              and any(pc.side is mover for _, pc in s.pieces_next_to_ball()))
            self.with_ball = piece.kind is not PieceKind.KING and s.ball is not None and holds \
                and chebyshev(p, s.ball) <= 1
        elif p == s.ball and piece is None:
            self.ball_selected = True
            self.selected = p

    def can_take_ball(self, s: MatchState) -> bool:
        """The selected piece is next to the ball (so it may move with it; a King holding the
        ball usually plays it, so for him moving with it is a choice, never the default)."""
        if self.selected is None or self.ball_selected or s.ball is None:
            return False
        piece = s.board.get(self.selected)
        return piece is not None and chebyshev(self.selected, s.ball) <= 1

    def toggle_ball(self, session: Session) -> None:
        if self.can_take_ball(session.state):
            self.with_ball = not self.with_ball
            self.ball_target = None
            self.update(session)

    # -- the event and its preview ------------------------------------------------------------
    def event(self, s: MatchState) -> dict[str, Any] | None:
        mover = s.side_to_move
        if mover is None or self.selected is None or self.target is None:
            return None
        if self.ball_selected:
            return {"kind": "kick", "side": mover.value, "to": list(self.target)}
        if self.with_ball:
            event = {"kind": "dribble", "side": mover.value, "from": list(self.selected), "to": list(self.target)}
            if self.ball_target is not None:
                event["ball_to"] = list(self.ball_target)
            return event
        return {"kind": "move", "side": mover.value, "from": list(self.selected), "to": list(self.target)}

    def update(self, session: Session) -> None:
        self.preview, self.refusal = None, None
        event = self.event(session.state)
        if event is None:
            return
        try:
            self.preview = session.probe(event)
        except IllegalEvent as exc:
            self.refusal = str(exc)

    def marks(self, s: MatchState) -> Marks:
        marks = Marks(selected=self.selected, target=self.target, refused=self.refusal is not None)
        if self.preview is not None:
            e = self.preview.event
            marks.cost = self.preview.cost
            if e["kind"] == "move":
                marks.path = [tuple(e["from"])] + [tuple(p) for p in e["path"]]
            elif e["kind"] == "dribble":
                marks.path = [tuple(e["from"])] + [tuple(t[0]) for t in e["ticks"]]
                marks.ball_path = [s.ball] + [tuple(t[1]) for t in e["ticks"]] if s.ball else []
            elif e["kind"] == "kick":
                marks.ball_path = [s.ball] + [tuple(p) for p in e["path"]] if s.ball else []
        if self.with_ball and self.target is not None and self.ball_target is None and self.preview is not None:
            marks.hints = [q for q in _ring(self.target) if q not in s.board and q != s.ball]
        return marks

    def is_shot(self, s: MatchState) -> bool:
        return self.ball_selected and self.target is not None and is_goal_mouth(self.target)

    def summary(self, s: MatchState) -> dict[str, Any] | None:
        """Numbers for the status line: what, from, to (lattice points), cost, and for a shot its power."""
        if self.preview is None:
            return None
        e = self.preview.event
        cost = self.preview.cost
        out: dict[str, Any] = {"kind": e["kind"], "cost": cost, "to": tuple(e["to"])}
        mover = s.side_to_move
        out["left"] = s.movement_points[mover] - cost if mover else 0
        if e["kind"] in ("move", "dribble"):
            piece = s.board[tuple(e["from"])]
            out["piece"] = piece.kind
            out["from"] = tuple(e["from"])
        if e["kind"] == "dribble":
            out["ball"] = tuple(e["ball_to"])
        if e["kind"] == "kick" and is_goal_mouth(tuple(e["to"])):
            out["kind"] = "shot"
            out["power"] = shot_power(cost)
        return out


def _ring(p: Point) -> list[Point]:
    return [(p[0] + dx, p[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
            if (dx or dy) and 0 <= p[0] + dx <= 16 and 0 < p[1] + dy < 16]
