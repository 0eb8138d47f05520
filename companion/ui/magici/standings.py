"""The standings, big enough for a projector: place, House, ranking points, house points, and
the tie-break that decided a place (or the shared place). Export to CSV and JSON.

The screen lays itself out at the display's own size (``native``): on a 1920×1080 projector
the table fills the picture with sharp type (a House name at 81 px), no black bars; the
columns follow the width, the rows the height. Few words and large type at every size.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from companion.magici.championship import SCHEDULE, Championship
from companion.magici.files import games_csv, number, standings_csv, to_json
from companion.magici.standings import StandingRow
from companion.ui import theme
from companion.ui.magici import strings  # noqa: F401  (registers the strings)
from companion.ui.magici.common import mark_rgb, plural
from companion.ui.magici.desk import KeepsBoardsRunning
from companion.ui.screen import HEADER_H, Screen
from companion.ui.widgets import Button, draw_text, draw_text_block

if TYPE_CHECKING:
    from companion.app import App

TABLE_Y, ROW_H = HEADER_H + 40, 80  # on the 800×480 panel (times ``unit`` elsewhere)
COL_POINTS, COL_HOUSE_POINTS = 560, 712  # the columns' centres on an 800 px wide screen


def export_championship(app: "App", championship: Championship) -> list[Path]:
    """Write the standings and every game to ``data_dir/exports`` (CSV and JSON); a banner
    says where. Returns the files written."""
    folder = Path(app.config.data_dir) / "exports"
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(app.journal.wall_ms() / 1000))
    state = championship.state
    files = {
        folder / f"magici-standings-{stamp}.csv": standings_csv(state),
        folder / f"magici-games-{stamp}.csv": games_csv(state),
        folder / f"magici-championship-{stamp}.json": json.dumps(to_json(state), indent=2, ensure_ascii=False) + "\n",
    }
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for path, text in files.items():
            path.write_text(text, encoding="utf-8")
    except OSError as exc:
        app.show_banner(app.t("magici.export.failed", error=exc.strerror or str(exc)), level="warn")
        return []
    app.show_banner(app.t("magici.export.done", n=len(files), path=str(folder)), level="info")
    return list(files)


class StandingsScreen(KeepsBoardsRunning, Screen):
    name = "magici-standings"
    title_key = "magici.standings.title"
    native = True  # shown to a room on a projector: drawn at its size, not scaled up

    def __init__(self, app: "App", championship: Championship) -> None:
        super().__init__(app)
        self.championship = championship

    def layout(self) -> None:
        self.championship = Championship(self.championship.log)
        self.buttons = [self.back_button()]
        w, _ = self.size
        self.buttons.append(Button(pygame.Rect(w - self.u(8) - self.u(160), self.u(4), self.u(160), self.u(48)),
                                   self.t("magici.standings.export"), self.export, size=self.u(20)))

    def export(self) -> None:
        export_championship(self.app, self.championship)

    def tie_note(self, row: StandingRow) -> str:
        if row.shared:
            return self.t("magici.standings.shared")
        if row.decided_by is not None:
            return self.t("magici.standings.decided_by", how=self.t(f"magici.tiebreak.{row.decided_by.value}"))
        return ""

    def draw(self, surface: pygame.Surface) -> None:
        u, (w, h) = self.u, self.size
        x_of = lambda x: round(x * w / 800)  # noqa: E731  (a column's place follows the width)
        surface.fill(theme.BG)
        state = self.championship.state
        standings = state.standings()
        self.draw_header(surface, self.t("magici.standings.title"))
        table_y, row_h = u(TABLE_Y), u(ROW_H)
        col_points, col_house = x_of(COL_POINTS), x_of(COL_HOUSE_POINTS)
        draw_text(surface, plural(self.t, "magici.hub.games_played", standings.games_played, total=len(SCHEDULE)),
                  (x_of(270), table_y - u(6)), u(18), theme.MUTED, "midbottom")
        draw_text(surface, self.t("magici.standings.points"), (col_points, table_y - u(6)), u(18), theme.MUTED,
                  "midbottom", max_width=x_of(150), min_size=u(16))
        final = standings.games_played >= len(SCHEDULE)
        # house points are provisional until all six games are in: said in the header, drawn muted
        head = "magici.standings.house_points" if final else "magici.standings.house_points_provisional"
        draw_text(surface, self.t(head), (col_house, table_y - u(6)), u(18),
                  theme.MUTED if final else theme.WARN, "midbottom", max_width=w - col_house + x_of(70) - u(16),
                  min_size=u(16))
        for i, row in enumerate(standings.rows):
            y = table_y + i * row_h
            rect = pygame.Rect(u(12), y, w - 2 * u(12), row_h - u(8))
            radius = u(12)
            pygame.draw.rect(surface, theme.PANEL if i % 2 == 0 else theme.PANEL_HI, rect, border_radius=radius)
            colour = mark_rgb(state.houses[row.house].colour)
            pygame.draw.rect(surface, colour, (rect.x, y, u(14), rect.height), border_top_left_radius=radius,
                             border_bottom_left_radius=radius)
            place = f"{row.place}°" + ("=" if row.shared else "")
            draw_text(surface, place, (rect.x + u(66), rect.centery), u(40) if row.shared else u(44),
                      theme.ACCENT if row.place == 1 else theme.TEXT, "center", bold=True)
            note = self.tie_note(row)
            name_x = rect.x + u(128)
            name_w = col_points - x_of(60) - name_x
            draw_text(surface, row.name, (name_x, rect.centery - u(12)), u(36), theme.TEXT, "midleft", bold=True,
                      max_width=name_w, min_size=u(20))
            record = self.t("magici.standings.record", w=row.won, e=row.enchanted, d=row.drawn, l=row.lost)
            line = f"{note} · {record}" if note else record
            draw_text(surface, line, (name_x, rect.centery + u(23)), u(18), theme.ACCENT if note else theme.MUTED,
                      "midleft", max_width=name_w + x_of(40), min_size=u(16))
            draw_text(surface, str(row.ranking_points), (col_points, rect.centery), u(48), theme.TEXT, "center",
                      bold=True)
            draw_text(surface, _points_text(row) + ("" if final else "*"), (col_house, rect.centery), u(48),
                      theme.ACCENT if final else theme.MUTED, "center", bold=True)
        legend = self.t("magici.standings.legend")
        if not final:
            legend += " · " + plural(self.t, "magici.standings.provisional_note",
                                          len(SCHEDULE) - standings.games_played)
        top = table_y + 4 * row_h
        draw_text_block(surface, legend, pygame.Rect(u(12), top, w - 2 * u(12), h - top - u(4)), u(16),
                        theme.MUTED, max_lines=3, align="center", line_gap=1.2)
        for b in self.buttons:
            b.draw(surface)


def _points_text(row: StandingRow) -> str:
    """House points: 25, or 26⅔ shown as 26.7."""
    value = number(row.house_points)
    return str(value) if isinstance(value, int) else f"{value:.1f}"
