"""Drawing the panel of a board screen (beside the board, or below it on a portrait display):
the turn line, the message, the captured pieces, the history, the modal overlay, and the end of
the game in words. Every length and font size is the 800×480 design's times the screen's unit."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from companion.rules import Color
from companion.ui import theme
from companion.ui.board.captures import grouped
from companion.ui.board.view import CHESS_GLYPHS, LIGHT
from companion.ui.widgets import draw_text, draw_text_block, wrap_text

if TYPE_CHECKING:
    from companion.ui.board.screen import GameScreen

HISTORY_LINE_H = 24
COUNT_TEXT = (20, 20, 24)  # "×3" beside a captured kind, on the light strip


def draw_header(screen: Any, surface: pygame.Surface, title: str, right: int) -> None:
    """The header strip with the title centred in the room between the back button and
    ``right`` (the camera button's left edge), shrunk to fit there rather than cut (a portrait
    display is narrow)."""
    u = screen.u
    w, h = surface.get_width(), screen.header_h
    pygame.draw.rect(surface, theme.PANEL, (0, 0, w, h))
    left = u(8) + u(136) + u(12)
    half = min(w // 2 - left, right - u(12) - w // 2)
    draw_text(surface, title, (w // 2, h // 2), u(28), theme.TEXT, "center", bold=True, max_width=2 * half,
              min_size=16)


def draw_status(screen: "GameScreen", surface: pygame.Surface, rect: pygame.Rect) -> None:
    u = screen.u
    text, colour = screen.status_line()
    side = screen.side_to_move()
    swatch = pygame.Rect(rect.x, rect.y + u(4), u(26), u(26))
    pygame.draw.rect(surface, screen.palette()[int(side)], swatch, border_radius=u(6))
    pygame.draw.rect(surface, theme.MUTED, swatch, width=max(2, u(2)), border_radius=u(6))
    draw_text(surface, text, (rect.x + u(34), rect.y + u(17)), u(22), colour, "midleft", bold=True,
              max_width=rect.width - u(36), min_size=16)
    message, level = status_message(screen)
    if message:
        colour = theme.WARN if level == "warn" else theme.MUTED
        size = max(16, u(16))
        step = round(size * 1.2)
        room = max(1, (rect.height - u(36)) // step)
        draw_text_block(surface, message, pygame.Rect(rect.x, rect.y + u(36), rect.width, room * step), size, colour,
                        max_lines=room, line_gap=1.2)


def status_message(screen: "GameScreen") -> tuple[str, str]:
    """The line under the turn: the squares the camera named while that doubt stands (it
    stops following until they are set right), under a warning said after; else the last
    message, else "Check!", else the first-move hint."""
    doubt = screen.camera_doubt_text()
    if doubt:  # ... under the last warning (a touch refused, the clock's word: read first,
        # and kept whole where the panel is short; the squares stay marked on the board)
        warning = screen.message if screen.message and screen.message_level == "warn" else ""
        return (f"{warning}\n{doubt}" if warning else doubt), "warn"
    if screen.message:
        return screen.message, screen.message_level
    if not screen.session.is_over() and screen.king_in_check() is not None:
        return screen.t("board.check"), "warn"
    if not screen.entered and not screen.session.history:
        return screen.t("board.hint"), "info"
    return "", "info"


def draw_captures(screen: "GameScreen", surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The pieces each side has lost, as the board draws them (shape and letter), grouped by
    kind with a count: White's losses on the left, Black's on the right."""
    lost = screen.lost_pieces()
    if rect.height <= 0 or not (lost[0] or lost[1]):
        return
    u = screen.u
    icon = rect.height
    half = (rect.width - u(8)) // 2
    for color in (Color.WHITE, Color.BLACK):
        x = rect.x + (0 if color == Color.WHITE else half + u(8))
        right = x + half
        # on a light square's colour: dark and light pieces both stand out, as on the board
        pygame.draw.rect(surface, LIGHT, (x, rect.y, half, rect.height), border_radius=u(6))
        x += u(4)
        for piece, n in grouped(lost[int(color)]):
            count = f"×{n}" if n > 1 else ""
            width = icon + (theme.font(max(16, u(16)), True).size(count)[0] + u(2) if count else 0)
            if x + width > right:
                draw_text(surface, "…", (right - u(4), rect.centery), max(16, u(18)), COUNT_TEXT, "midright")
                break
            box = pygame.Rect(x, rect.y, icon, icon)
            if piece.kind in CHESS_GLYPHS:  # a glyph fills less of its box than a token: a little bigger
                box = box.inflate(icon // 4, icon // 4)
            screen.view.draw_piece(surface, piece, box)
            x += icon
            if count:
                x += draw_text(surface, count, (x, rect.centery), max(16, u(16)), COUNT_TEXT, "midleft",
                               bold=True).width + u(6)


def draw_history(screen: "GameScreen", surface: pygame.Surface, rect: pygame.Rect) -> None:
    u = screen.u
    line_h = u(HISTORY_LINE_H)
    if rect.height < u(30) + line_h:
        return
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=u(8))
    draw_text(surface, screen.t("board.history"), (rect.x + u(10), rect.y + u(6)), max(16, u(16)), theme.MUTED,
              bold=True)
    if not screen.move_number_in_header():
        draw_text(surface, screen.t("board.move_number", n=screen.session.position.fullmove),
                  (rect.right - u(10), rect.y + u(6)), max(16, u(16)), theme.MUTED, "topright", bold=True)
    lines = screen.history_lines()
    room = max(1, (rect.height - u(30)) // line_h)
    if not lines:
        draw_text(surface, screen.t("board.no_moves_yet"), (rect.x + u(10), rect.y + u(30)), u(17), theme.MUTED)
        return
    # a turn too long for the width goes on two rows (never cut): the last turn in bold
    rows: list[tuple[str, bool]] = []
    for i, line in enumerate(lines):
        last = i == len(lines) - 1
        fits = theme.font(u(18), last).size(line)[0] <= rect.width - u(20)
        rows += [(part, last) for part in ([line] if fits else wrap_text(line, u(18), rect.width - u(20), last))]
    for i, (text, last) in enumerate(rows[-room:]):
        draw_text(surface, text, (rect.x + u(10), rect.y + u(28) + i * line_h), u(18),
                  theme.TEXT if last else theme.MUTED, bold=last, max_width=rect.width - u(20), min_size=16)


def draw_overlay(screen: "GameScreen", surface: pygame.Surface) -> None:
    w, h = surface.get_size()
    top = screen.header_h
    area = getattr(screen, "overlay_area", None) or pygame.Rect(0, top, w, h - top)
    shade = pygame.Surface(area.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 150))
    surface.blit(shade, area.topleft)
    n = len(screen.overlay_buttons) - 1
    box = screen.overlay_rect(n)
    pygame.draw.rect(surface, theme.PANEL_HI, box, border_radius=screen.u(12))
    draw_text(surface, screen.overlay_title, (box.centerx, box.y + screen.u(24)), screen.u(22), theme.TEXT, "center",
              bold=True, max_width=box.width - screen.u(20), min_size=16)
    for b in screen.overlay_buttons:
        b.draw(surface)


HISTORY_NOTES = frozenset({"draw_agreed", "resign", "queen_replacement", "pass", "pass_turn"})


def outcome_text(screen: "GameScreen", result: dict[str, Any]) -> str:
    """The end of the game in words."""
    termination = str(result.get("termination", ""))
    winner = result.get("winner")
    side = screen.side_name(Color.WHITE if winner == "w" else Color.BLACK) if winner else ""
    key = {
        "checkmate": "board.over.checkmate", "stalemate": "board.over.stalemate",
        "kings captured": "board.over.kings_captured", "agreement": "board.over.agreement",
        "resignation": "board.over.resignation", "abandoned": "board.over.abandoned",
        "all men captured": "board.over.men_captured", "all pieces captured": "board.over.pieces_captured",
        "shah captured": "board.over.shah_captured",
        "no legal move": "board.over.no_moves", "draw by agreement": "board.over.agreement",
        "shah in the enemy citadel": "board.over.citadel",
    }.get(termination)
    if key is None:
        return screen.t("board.over.other", result=f"{result.get('result', '')} ({termination})")
    return screen.t(key, side=side)
