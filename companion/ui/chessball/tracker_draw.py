"""Drawing the tracker: header with the score, status cards, prompt, board or MP pad."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from companion.chessball.lattice import CENTRE, LAST
from companion.chessball.pieces import Side
from companion.chessball.state import Phase
from companion.ui import theme
from companion.ui.chessball.board import Magnifier, Marks
from companion.ui.chessball.common import SIDE_COLOURS, piece_name
from companion.ui.chessball.places import place_name, say
from companion.ui.screen import HEADER_H
from companion.ui.screens.dice import draw_die
from companion.ui.widgets import MIN_TOUCH, draw_text, report_target, reporting, wrap_text

if TYPE_CHECKING:
    from companion.ui.chessball.tracker import TrackerScreen

PANEL_X = 436
PANEL_W = 356


def draw_tracker(screen: "TrackerScreen", surface: pygame.Surface) -> None:
    surface.fill(theme.BG)
    _header(screen, surface)
    if screen.positional:
        _board(screen, surface)
    else:
        _pad(screen, surface)
    _cards(screen, surface)
    _status(screen, surface)
    for b in screen.buttons:
        b.draw(surface)


def _header(screen: "TrackerScreen", surface: pygame.Surface) -> None:
    s = screen.state
    pygame.draw.rect(surface, theme.PANEL, (0, 0, 800, HEADER_H))
    cx = 343
    draw_text(surface, f"{s.score[Side.WHITE]} – {s.score[Side.BLACK]}", (cx, HEADER_H // 2), 34, theme.TEXT,
              "center", bold=True)
    draw_text(surface, screen.side(Side.WHITE), (cx - 52, HEADER_H // 2), 20, theme.WHITE_SIDE, "midright",
              bold=True, max_width=84, min_size=16)
    draw_text(surface, screen.side(Side.BLACK), (cx + 52, HEADER_H // 2), 20, theme.MUTED, "midleft", bold=True,
              max_width=84, min_size=16)


def _cards(screen: "TrackerScreen", surface: pygame.Surface) -> None:
    s = screen.state
    t = screen.t
    half = t("cb.half", n=s.half)
    info = t("cb.turn", n=s.turn_in_half, of=s.options.turns_per_half)
    draw_text(surface, f"{half} · {info}", (PANEL_X, HEADER_H + 8), 20, theme.TEXT, bold=True, max_width=236)
    overall = t("cb.match_turn", n=s.turn, of=2 * s.options.turns_per_half)
    draw_text(surface, overall, (PANEL_X + PANEL_W, HEADER_H + 10), 16, theme.MUTED, "topright", max_width=110)
    for col, side in enumerate(Side):
        rect = pygame.Rect(PANEL_X + col * 182, HEADER_H + 36, 174, 92)
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=10)
        pygame.draw.rect(surface, SIDE_COLOURS[side], (rect.x, rect.y, rect.width, 8),
                         border_top_left_radius=10, border_top_right_radius=10)
        if s.side_to_move is side:
            pygame.draw.rect(surface, theme.ACCENT, rect, width=3, border_radius=10)
        draw_text(surface, screen.side(side), (rect.x + 10, rect.y + 12), 18, theme.TEXT, bold=True)
        moves = s.moves_left(side) if s.phase is Phase.MOVES else None
        if moves is not None:
            dots = "●" * moves + "○" * (s.options.moves_per_turn - moves)
            draw_text(surface, dots, (rect.right - 10, rect.y + 14), 16, theme.ACCENT, "topright")
        mp = s.movement_points[side]
        rolled = s.rolls[side]
        shown = str(mp) if rolled is not None or mp else "–"
        draw_text(surface, shown, (rect.x + 10, rect.y + 36), 40, theme.TEXT, bold=True)
        draw_text(surface, t("cb.mp"), (rect.x + 14 + theme.font(40, True).size(shown)[0], rect.y + 56), 16,
                  theme.MUTED)
        if rolled is not None:
            draw_text(surface, "+".join(map(str, rolled)), (rect.right - 10, rect.bottom - 8), 16, theme.MUTED,
                      "bottomright")


def _prompt(screen: "TrackerScreen") -> str:
    s = screen.state
    t = screen.t
    if s.phase is Phase.KICKOFF:
        text = t("cb.prompt.kickoff", side=screen.side(s.kickoff_side))
        return text + (" " + t("cb.prompt.kickoff_place") if screen.positional else "")
    if s.phase is Phase.ROLLS:
        return t("cb.prompt.rolls")
    if s.phase is Phase.MOVES and s.side_to_move is not None:
        side = s.side_to_move
        k = s.options.moves_per_turn - s.moves_left(side) + 1
        head = t("cb.prompt.move", k=k, of=s.options.moves_per_turn, side=screen.side(side))
        if screen.positional:
            return head + ": " + choice_text(screen)
        return head + ". " + t("cb.prompt.spent", n=s.move_spent)
    if s.phase in (Phase.KEEPER_ROLL, Phase.DIRECTION_ROLL) and s.pending_shot is not None:
        return t("cb.prompt.keeper", power=s.pending_shot.power, side=screen.side(s.pending_shot.defender))
    if s.phase is Phase.FULL_TIME:
        w = s.winner()
        return t("cb.prompt.full_time_win", side=screen.side(w)) if w else t("cb.prompt.full_time_draw")
    return ""


def _status(screen: "TrackerScreen", surface: pygame.Surface) -> None:
    area = pygame.Rect(PANEL_X, HEADER_H + 136, PANEL_W, 80)
    lines = wrap_text(_prompt(screen), 17, area.width, bold=True)
    y = area.y
    for line in lines[: 3 if screen.message else 4]:
        draw_text(surface, line, (area.x, y), 17, theme.TEXT, bold=True)
        y += 20
    if screen.message and y < area.bottom - 10:
        screen.draw_message(surface, pygame.Rect(area.x, y + 2, area.width, area.bottom - y), size=16)


def _board(screen: "TrackerScreen", surface: pygame.Surface) -> None:
    s = screen.state
    if screen.placement is not None:
        pieces = [(p, side, kind) for p, (side, kind) in screen.placement.pieces.items()]
        hints = []
        if screen.placement.selected is not None:
            side = screen.placement.pieces[screen.placement.selected][0]
            hints = [(x, y) for x in range(17) for y in range(1, 16)
                     if (y <= 8 if side is Side.WHITE else y >= 8) and (x, y) not in screen.placement.pieces
                     and (x, y) != CENTRE]
        screen.board.draw(surface, pieces, CENTRE, Marks(selected=screen.placement.selected, hints=hints,
                                                         ghost=screen.drag_ghost))
        _lattice_targets(screen, surface)
        return
    pieces = [(p, pc.side, pc.kind) for p, pc in s.board.items()]
    marks = screen.choice.marks(s) if s.phase is Phase.MOVES else Marks()
    marks.ghost = screen.drag_ghost
    holder = None
    if s.holder is not None:
        found = s.piece_of(s.holder)
        holder = found[0] if found is not None else None
    screen.board.draw(surface, pieces, s.ball, marks, holder=holder)
    _lattice_targets(screen, surface)


def _lattice_targets(screen: "TrackerScreen", surface: pygame.Surface) -> None:
    """The magnifier when open; and, for the accessibility check, each point a tap can mean
    now as a touch target: the room around it up to the next such point, or the magnifier's
    enlarged point when another one is closer than a finger."""
    m = screen.magnifier
    if m is not None:
        points = [p for p in m.points() if screen.meaningful(p)] if reporting() else []
        m.draw(surface, points if reporting() else [p for p in m.points() if screen.meaningful(p)])
        for p in points:
            x, y = m.to_pixel(p)
            report_target(pygame.Rect(x - m.step // 2, y - m.step // 2, m.step, m.step), f"lattice {p} (magnified)")
        return
    if not reporting():
        return
    view = screen.board
    points = [(x, y) for x in range(LAST + 1) for y in range(LAST + 1) if screen.meaningful((x, y))]
    pixels = {p: view.to_pixel(p) for p in points}
    for p in points:
        px, py = pixels[p]
        gap = min((((qx - px) ** 2 + (qy - py) ** 2) ** 0.5 for q, (qx, qy) in pixels.items() if q != p),
                  default=2 * MIN_TOUCH)
        if gap >= MIN_TOUCH:  # alone: the finger snaps to it from anywhere near
            side = int(min(gap, 2 * MIN_TOUCH))
            report_target(pygame.Rect(px - side // 2, py - side // 2, side, side), f"lattice {p}")
        else:  # crowded: reached through the magnifier, at its size
            step = Magnifier(view, p).step
            report_target(pygame.Rect(px - step // 2, py - step // 2, step, step), f"lattice {p} (via magnifier)")


def _pad(screen: "TrackerScreen", surface: pygame.Surface) -> None:
    s = screen.state
    t = screen.t
    left = pygame.Rect(0, HEADER_H, 424, 480 - HEADER_H)
    pygame.draw.rect(surface, (24, 29, 39), left)
    if s.phase is Phase.MOVES and s.side_to_move is not None:
        side = s.side_to_move
        pygame.draw.rect(surface, SIDE_COLOURS[side], (14, HEADER_H + 12, 8, 64), border_radius=4)
        draw_text(surface, t("cb.pad.title", side=screen.side(side)), (32, HEADER_H + 10), 24, theme.TEXT, bold=True,
                  max_width=380)
        draw_text(surface, t("cb.pad.status", spent=s.move_spent, left=s.movement_points[side]),
                  (32, HEADER_H + 46), 20, theme.ACCENT, max_width=380)
        for i, line in enumerate(wrap_text(t("cb.pad.hint"), 16, 396)[:2]):
            draw_text(surface, line, (14, 394 + i * 20), 16, theme.MUTED)
        return
    if s.phase is Phase.ROLLS:
        draw_text(surface, t("cb.pad.rolls"), (20, HEADER_H + 14), 22, theme.TEXT, bold=True)
        for row, side in enumerate(Side):
            y = HEADER_H + 70 + row * 150
            draw_text(surface, screen.side(side), (20, y), 22, theme.TEXT, bold=True)
            faces = s.rolls[side]
            if faces is None:
                draw_text(surface, t("cb.pad.to_roll"), (20, y + 44), 20, theme.MUTED)
                continue
            for i, face in enumerate(faces):
                draw_die(surface, pygame.Rect(20 + i * 84, y + 34, 70, 70), face)
            draw_text(surface, f"= {sum(faces)}", (404, y + 69), 40, theme.ACCENT, "midright", bold=True)
        return
    if s.phase is Phase.KICKOFF:
        lines = wrap_text(t("cb.pad.kickoff", side=screen.side(s.kickoff_side)), 24, 380, bold=True)
        for i, line in enumerate(lines):
            draw_text(surface, line, (20, HEADER_H + 30 + i * 32), 24, theme.TEXT, bold=True)
        for i, line in enumerate(wrap_text(t("cb.pad.kickoff_hint"), 17, 380)):
            draw_text(surface, line, (20, HEADER_H + 140 + i * 24), 17, theme.MUTED)
        return
    if s.phase is Phase.FULL_TIME:
        draw_text(surface, t("cb.pad.final"), (212, 150), 26, theme.MUTED, "center", bold=True)
        draw_text(surface, f"{s.score[Side.WHITE]} – {s.score[Side.BLACK]}", (212, 240), 96, theme.ACCENT, "center",
                  bold=True)
        return
    if s.pending_shot is not None:
        draw_text(surface, t("cb.pad.shot", power=s.pending_shot.power), (212, 240), 30, theme.ACCENT, "center",
                  bold=True, max_width=400)


def choice_text(screen: "TrackerScreen") -> str:
    """The status line for the move being chosen on the board."""
    s = screen.state
    c = screen.choice
    t = screen.t
    summary = c.summary(s)
    if summary is not None:
        kind = summary["kind"]
        if kind == "shot":
            return say(t, "cb.preview.shot", n=summary["cost"], power=summary["power"], left=summary["left"])
        to = place_name(t, summary["to"])
        if kind == "kick":
            return say(t, "cb.preview.kick", to=to, n=summary["cost"], left=summary["left"])
        frm = place_name(t, summary["from"])
        if kind == "dribble":
            return say(t, "cb.preview.dribble", piece=piece_name(t, summary["piece"]), frm=frm,
                     to=to, ball=place_name(t, summary["ball"]), n=summary["cost"], left=summary["left"])
        return say(t, "cb.preview.move", piece=piece_name(t, summary["piece"]), frm=frm, to=to,
                 n=summary["cost"], left=summary["left"])
    if c.ball_selected:
        return t("cb.hint.ball_selected")
    if c.selected is not None:
        piece = s.board.get(c.selected)
        name = piece_name(t, piece.kind) if piece else ""
        return t("cb.hint.piece_selected_ball" if c.with_ball else "cb.hint.piece_selected", piece=name)
    return t("cb.hint.select")

