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
from companion.ui.screen import plural
from companion.ui.screens.dice import draw_die
from companion.ui.widgets import MIN_TOUCH, draw_text, report_target, reporting, wrap_text

if TYPE_CHECKING:
    from companion.ui.chessball.tracker import TrackerScreen

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
    u = screen.u
    h = screen.header_h
    pygame.draw.rect(surface, theme.PANEL, (0, 0, surface.get_width(), h))
    left, right = screen.buttons[1].rect.right, screen.buttons[2].rect.left
    cx = (left + right) // 2  # between the report and undo buttons
    score = f"{s.score[Side.WHITE]} – {s.score[Side.BLACK]}"
    half = theme.font(u(34), True).size(score)[0] // 2 + u(8)
    draw_text(surface, score, (cx, h // 2), u(34), theme.TEXT, "center", bold=True)
    room = (right - left) // 2 - half - u(6)
    names = [screen.side(Side.WHITE), screen.side(Side.BLACK)]
    size = u(20)  # both names at one size, the largest that fits; none when even 16 px does not
    while size > u(16) and any(theme.font(size, True).size(n)[0] > room for n in names):
        size -= 1
    if all(theme.font(size, True).size(n)[0] <= room for n in names):  # else the cards below name the sides
        draw_text(surface, names[0], (cx - half, h // 2), size, theme.WHITE_SIDE, "midright", bold=True)
        draw_text(surface, names[1], (cx + half, h // 2), size, theme.MUTED, "midleft", bold=True)


def _cards(screen: "TrackerScreen", surface: pygame.Surface) -> None:
    s = screen.state
    t = screen.t
    u = screen.u
    panel = screen.panel
    top = screen.header_h
    half = t("cb.half", n=s.half)
    info = t("cb.turn", n=s.turn_in_half, of=s.options.turns_per_half)
    draw_text(surface, f"{half} · {info}", (panel.x, top + u(8)), u(20), theme.TEXT, bold=True,
              max_width=panel.width - u(120))
    overall = t("cb.match_turn", n=s.turn, of=2 * s.options.turns_per_half)
    draw_text(surface, overall, (panel.right, top + u(10)), u(16), theme.MUTED, "topright", max_width=u(110))
    card_w = (panel.width - u(8)) // 2
    for col, side in enumerate(Side):
        rect = pygame.Rect(panel.x + col * (card_w + u(8)), top + u(36), card_w, u(92))
        radius = u(10)
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=radius)
        pygame.draw.rect(surface, SIDE_COLOURS[side], (rect.x, rect.y, rect.width, u(8)),
                         border_top_left_radius=radius, border_top_right_radius=radius)
        if s.side_to_move is side:
            pygame.draw.rect(surface, theme.ACCENT, rect, width=u(3), border_radius=radius)
        draw_text(surface, screen.side(side), (rect.x + u(10), rect.y + u(12)), u(18), theme.TEXT, bold=True)
        moves = s.moves_left(side) if s.phase is Phase.MOVES else None
        if moves is not None:
            dots = "●" * moves + "○" * (s.options.moves_per_turn - moves)
            draw_text(surface, dots, (rect.right - u(10), rect.y + u(14)), u(16), theme.ACCENT, "topright")
        mp = s.movement_points[side]
        rolled = s.rolls[side]
        shown = str(mp) if rolled is not None or mp else "–"
        draw_text(surface, shown, (rect.x + u(10), rect.y + u(36)), u(40), theme.TEXT, bold=True)
        draw_text(surface, t("cb.mp"), (rect.x + u(14) + theme.font(u(40), True).size(shown)[0], rect.y + u(56)),
                  u(16), theme.MUTED)
        if rolled is not None:
            draw_text(surface, "+".join(map(str, rolled)), (rect.right - u(10), rect.bottom - u(8)), u(16),
                      theme.MUTED, "bottomright")


def _prompt(screen: "TrackerScreen") -> str:
    s = screen.state
    t = screen.t
    if screen.magnifier is not None:
        return t("cb.prompt.magnifier")
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
            return head + " · " + choice_text(screen)
        return head + ". " + t("cb.prompt.spent", n=s.move_spent)
    if s.phase in (Phase.KEEPER_ROLL, Phase.DIRECTION_ROLL) and s.pending_shot is not None:
        return t("cb.prompt.keeper", power=s.pending_shot.power, side=screen.side(s.pending_shot.defender))
    if s.phase is Phase.FULL_TIME:
        w = s.winner()
        return t("cb.prompt.full_time_win", side=screen.side(w)) if w else t("cb.prompt.full_time_draw")
    return ""


def _status(screen: "TrackerScreen", surface: pygame.Surface) -> None:
    u = screen.u
    panel = screen.panel
    top = screen.header_h + u(136)
    area = pygame.Rect(panel.x, top, panel.width, screen.cell(0, 0).top - u(2) - top)
    size, step = u(17), u(20)
    lines = wrap_text(_prompt(screen), size, area.width, bold=True)
    room = max(1, area.height // step)
    keep = max(1, room - 1) if screen.message else room
    if len(lines) > keep:  # never cut silently
        lines = lines[:keep]
        lines[-1] = lines[-1].rstrip(" ,.:;") + "…"
    y = area.y
    for line in lines:
        draw_text(surface, line, (area.x, y), size, theme.TEXT, bold=True)
        y += step
    if screen.message and y < area.bottom - u(10):
        screen.draw_message(surface, pygame.Rect(area.x, y + u(2), area.width, area.bottom - y), size=u(16))


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
        m.draw(surface, m.marked)
        for p in (m.marked if reporting() else []):
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
    u = screen.u
    left = screen.board.rect
    pygame.draw.rect(surface, (24, 29, 39), left)
    x0, top, cx = left.x + u(20), left.y, left.centerx
    width = left.width - u(40)
    if s.phase is Phase.MOVES and s.side_to_move is not None:
        side = s.side_to_move
        pygame.draw.rect(surface, SIDE_COLOURS[side], (left.x + u(14), top + u(12), u(8), u(64)), border_radius=u(4))
        draw_text(surface, t("cb.pad.title", side=screen.side(side)), (left.x + u(32), top + u(10)), u(24),
                  theme.TEXT, bold=True, max_width=width)
        draw_text(surface, t("cb.pad.status", spent=s.move_spent, left=s.movement_points[side]),
                  (left.x + u(32), top + u(46)), u(20), theme.ACCENT, max_width=width)
        for i, line in enumerate(wrap_text(t("cb.pad.hint"), u(16), left.width - u(28))[:2]):
            draw_text(surface, line, (left.x + u(14), left.bottom - u(86) + i * u(20)), u(16), theme.MUTED)
        return
    if s.phase is Phase.ROLLS:
        draw_text(surface, t("cb.pad.rolls"), (x0, top + u(14)), u(22), theme.TEXT, bold=True)
        for row, side in enumerate(Side):
            y = top + u(70) + row * u(150)
            draw_text(surface, screen.side(side), (x0, y), u(22), theme.TEXT, bold=True)
            faces = s.rolls[side]
            if faces is None:
                draw_text(surface, t("cb.pad.to_roll"), (x0, y + u(44)), u(20), theme.MUTED)
                continue
            for i, face in enumerate(faces):
                draw_die(surface, pygame.Rect(x0 + i * u(84), y + u(34), u(70), u(70)), face)
            draw_text(surface, f"= {sum(faces)}", (left.right - u(20), y + u(69)), u(40), theme.ACCENT, "midright",
                      bold=True)
        return
    if s.phase is Phase.KICKOFF:
        lines = wrap_text(t("cb.pad.kickoff", side=screen.side(s.kickoff_side)), u(24), width, bold=True)
        for i, line in enumerate(lines):
            draw_text(surface, line, (x0, top + u(30) + i * u(32)), u(24), theme.TEXT, bold=True)
        for i, line in enumerate(wrap_text(t("cb.pad.kickoff_hint"), u(17), width)):
            draw_text(surface, line, (x0, top + u(140) + i * u(24)), u(17), theme.MUTED)
        return
    if s.phase is Phase.FULL_TIME:
        draw_text(surface, t("cb.pad.final"), (cx, top + u(94)), u(26), theme.MUTED, "center", bold=True)
        draw_text(surface, f"{s.score[Side.WHITE]} – {s.score[Side.BLACK]}", (cx, top + u(184)), u(96), theme.ACCENT,
                  "center", bold=True)
        return
    if s.pending_shot is not None:
        draw_text(surface, t("cb.pad.shot", power=s.pending_shot.power), (cx, top + u(184)), u(30), theme.ACCENT,
                  "center", bold=True, max_width=width)


def choice_text(screen: "TrackerScreen") -> str:
    """The status line for the move being chosen on the board."""
    s = screen.state
    c = screen.choice
    t = screen.t
    summary = c.summary(s)
    if summary is not None:
        kind = summary["kind"]
        if kind == "shot":
            return plural(t, "cb.preview.shot", summary["cost"], power=summary["power"], left=summary["left"])
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

