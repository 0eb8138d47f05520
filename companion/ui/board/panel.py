"""Drawing the right-hand panel of a board screen: the turn line, the message, the history,
the modal overlay, and the end of the game in words."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from companion.rules import Color
from companion.ui import theme
from companion.ui.screen import HEADER_H
from companion.ui.widgets import draw_text, wrap_text

if TYPE_CHECKING:
    from companion.ui.board.screen import GameScreen

HISTORY_LINE_H = 24


def draw_status(screen: "GameScreen", surface: pygame.Surface, rect: pygame.Rect) -> None:
    text, colour = screen.status_line()
    side = screen.side_to_move()
    swatch = pygame.Rect(rect.x, rect.y + 4, 26, 26)
    pygame.draw.rect(surface, screen.palette()[int(side)], swatch, border_radius=6)
    pygame.draw.rect(surface, theme.MUTED, swatch, width=2, border_radius=6)
    draw_text(surface, text, (rect.x + 34, rect.y + 17), 22, colour, "midleft", bold=True,
              max_width=rect.width - 36)
    message, level = status_message(screen)
    if message:
        colour = theme.WARN if level == "warn" else theme.MUTED
        for i, line in enumerate(wrap_text(message, 16, rect.width)[:2]):
            draw_text(surface, line, (rect.x, rect.y + 38 + i * 19), 16, colour)


def status_message(screen: "GameScreen") -> tuple[str, str]:
    """The line under the turn: the last message, else "Check!", else the first-move hint."""
    if screen.message:
        return screen.message, screen.message_level
    if not screen.session.is_over() and screen.king_in_check() is not None:
        return screen.t("board.check"), "warn"
    if not screen.entered and not screen.session.history:
        return screen.t("board.hint"), "info"
    return "", "info"


def draw_history(screen: "GameScreen", surface: pygame.Surface, rect: pygame.Rect) -> None:
    if rect.height < 40:
        return
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=8)
    draw_text(surface, screen.t("board.history"), (rect.x + 10, rect.y + 6), 16, theme.MUTED, bold=True)
    lines = screen.history_lines()
    room = max(1, (rect.height - 30) // HISTORY_LINE_H)
    if not lines:
        draw_text(surface, screen.t("board.no_moves_yet"), (rect.x + 10, rect.y + 30), 17, theme.MUTED)
        return
    for i, line in enumerate(lines[-room:]):
        last = i == len(lines[-room:]) - 1
        draw_text(surface, line, (rect.x + 10, rect.y + 28 + i * HISTORY_LINE_H), 18,
                  theme.TEXT if last else theme.MUTED, bold=last, max_width=rect.width - 20)


def draw_overlay(screen: "GameScreen", surface: pygame.Surface) -> None:
    shade = pygame.Surface((800, 480 - HEADER_H), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 150))
    surface.blit(shade, (0, HEADER_H))
    n = len(screen.overlay_buttons) - 1
    box = screen.overlay_rect(n)
    pygame.draw.rect(surface, theme.PANEL_HI, box, border_radius=12)
    draw_text(surface, screen.overlay_title, (box.centerx, box.y + 24), 22, theme.TEXT, "center", bold=True,
              max_width=box.width - 20)
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
