"""The standings, big enough for a projector: place, House, ranking points, house points, and
the tie-break that decided a place (or the shared place). Export to CSV and JSON.

The 800×480 canvas is scaled by the app (2.25× on a 1920×1080 projector), so the table uses
few words and large type: a House name at 34 px is 76 px tall on the projector.
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
from companion.ui.magici.common import house_rgb, plural
from companion.ui.magici.desk import KeepsBoardsRunning
from companion.ui.screen import HEADER_H, Screen
from companion.ui.widgets import Button, draw_text

if TYPE_CHECKING:
    from companion.app import App

TABLE_Y, ROW_H = HEADER_H + 40, 84
COL_POINTS, COL_HOUSE_POINTS = 560, 712


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

    def __init__(self, app: "App", championship: Championship) -> None:
        super().__init__(app)
        self.championship = championship

    def layout(self) -> None:
        self.championship = Championship(self.championship.log)
        self.buttons = [self.back_button()]
        self.buttons.append(Button(pygame.Rect(644, 8, 148, 40), self.t("magici.standings.export"), self.export,
                                   size=18))

    def export(self) -> None:
        export_championship(self.app, self.championship)

    def tie_note(self, row: StandingRow) -> str:
        if row.shared:
            return self.t("magici.standings.shared")
        if row.decided_by is not None:
            return self.t("magici.standings.decided_by", how=self.t(f"magici.tiebreak.{row.decided_by.value}"))
        return ""

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        state = self.championship.state
        standings = state.standings()
        self.draw_header(surface, self.t("magici.standings.title"))
        draw_text(surface, plural(self.t, "magici.hub.games_played", standings.games_played, total=len(SCHEDULE)),
                  (400, HEADER_H + 8), 18, theme.MUTED, "midtop")
        draw_text(surface, self.t("magici.standings.points"), (COL_POINTS, TABLE_Y - 4), 18, theme.MUTED, "midbottom")
        final = standings.games_played >= len(SCHEDULE)
        # house points are provisional until all six games are in: said in the header, drawn muted
        head = "magici.standings.house_points" if final else "magici.standings.house_points_provisional"
        draw_text(surface, self.t(head), (COL_HOUSE_POINTS, TABLE_Y - 4), 18,
                  theme.MUTED if final else theme.WARN, "midbottom", max_width=170)
        for i, row in enumerate(standings.rows):
            y = TABLE_Y + i * ROW_H
            rect = pygame.Rect(12, y, 776, ROW_H - 8)
            pygame.draw.rect(surface, theme.PANEL if i % 2 == 0 else theme.PANEL_HI, rect, border_radius=12)
            colour = house_rgb(state.houses[row.house].colour)
            pygame.draw.rect(surface, colour, (12, y, 14, ROW_H - 8), border_top_left_radius=12,
                             border_bottom_left_radius=12)
            place = f"{row.place}°" + ("=" if row.shared else "")
            draw_text(surface, place, (78, rect.centery), 40 if row.shared else 44,
                      theme.ACCENT if row.place == 1 else theme.TEXT,
                      "center", bold=True)
            note = self.tie_note(row)
            draw_text(surface, row.name, (140, rect.centery - 12), 36, theme.TEXT, "midleft", bold=True, max_width=350)
            record = self.t("magici.standings.record", w=row.won, e=row.enchanted, d=row.drawn, l=row.lost)
            line = f"{note} · {record}" if note else record
            draw_text(surface, line, (140, rect.centery + 24), 17, theme.ACCENT if note else theme.MUTED, "midleft",
                      max_width=380)
            draw_text(surface, str(row.ranking_points), (COL_POINTS, rect.centery), 48, theme.TEXT, "center", bold=True)
            draw_text(surface, _points_text(row) + ("" if final else "*"), (COL_HOUSE_POINTS, rect.centery), 48,
                      theme.ACCENT if final else theme.MUTED, "center", bold=True)
        legend = self.t("magici.standings.legend")
        if not final:
            legend += " · " + plural(self.t, "magici.standings.provisional_note",
                                          len(SCHEDULE) - standings.games_played)
        draw_text(surface, legend, (400, TABLE_Y + 4 * ROW_H + 6), 15, theme.MUTED, "midtop", max_width=780)
        for b in self.buttons:
            b.draw(surface)


def _points_text(row: StandingRow) -> str:
    """House points: 25, or 26⅔ shown as 26.7."""
    value = number(row.house_points)
    return str(value) if isinstance(value, int) else f"{value:.1f}"
