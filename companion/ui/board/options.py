"""Before a new game: the game's rule options, each a button that steps through its values.

RULES.md: every ruling a club might decide differently is a named rule option with the ruling
as default. The rows come from the engine's variant: a true/false option, an option with a
closed set of values, and Due Re's die-to-piece
table (one row per die face), all read from the engine's public
:func:`companion.rules.options_of`. Options with open values (Magici's army points) are left to
the screens that own them. The options chosen are stored in the new match (its meta), so a resumed
game keeps them.

>>> [r.key for r in option_rows("elolbia")], option_rows("duere")[0].values[:2]
(['edge_rule', 'queen_replacement_men'], ('king', 'queen'))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from companion.rules import OptionError, get_variant, options_of
from companion.ui import theme
from companion.ui.board import strings as board_strings
from companion.ui.screen import Screen
from companion.ui.widgets import Button, draw_text, wrap_text

if TYPE_CHECKING:
    from companion.app import App

ROW_H = 60  # a row at most (800×480 design pixels); its button is 6 less
MIN_ROW_H = 56  # a row at least: its button a finger high (50 px)
BAR_H = 60  # the bottom buttons
LABEL_H = 24  # an option's name above its value (two columns of wide values)


@dataclass(frozen=True)
class OptionRow:
    """One line of the options screen: the option (``dice_table:3`` for a die face) and the
    values a tap steps through."""

    key: str
    values: tuple[Any, ...]


def option_rows(game: str) -> list[OptionRow]:
    """The options of ``game`` a referee can switch on the screen."""
    rows: list[OptionRow] = []
    for spec in options_of(game):
        if spec.name == "dice_table" and spec.item_values:
            rows += [OptionRow(f"dice_table:{face}", spec.item_values) for face in range(1, 7)]
        elif spec.values is not None:
            rows.append(OptionRow(spec.name, spec.values))
    return rows


def get_value(options: dict[str, Any], key: str) -> Any:
    if key.startswith("dice_table:"):
        return options["dice_table"][int(key.split(":")[1])]
    return options[key]


def set_value(options: dict[str, Any], key: str, value: Any) -> None:
    if key.startswith("dice_table:"):
        table = {int(face): family for face, family in options["dice_table"].items()}
        table[int(key.split(":")[1])] = value
        options["dice_table"] = table
    else:
        options[key] = value


def changed_options(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """Only the options that differ from the rulings (what the match stores)."""
    defaults = get_variant(game).options
    return {k: v for k, v in options.items() if defaults.get(k) != v}


class OptionsScreen(Screen):
    """The rule options of a new game, and a button that starts it with them.

    Native: it lays itself out at the display's size. Each row is the option's name (wrapped
    on two lines if need be) and a button with its value; when the rows do not all fit one
    under the other a finger high (Due Re's seven), they go in two columns."""

    name = "board-options"
    native = True

    def __init__(self, app: "App", game: str, start: Callable[[dict[str, Any]], None],
                 current: dict[str, Any] | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.start_game = start
        self.rows = option_rows(game)
        self.options: dict[str, Any] = dict(get_variant(game, current or None).options)
        self.label_rects: list[pygame.Rect] = []

    # -- geometry -----------------------------------------------------------------------------
    def bar_y(self) -> int:
        return self.size[1] - self.u(10) - self.u(BAR_H)

    def _widest_value(self) -> int:
        f = theme.font(self.u(19), True)
        return max((f.size(self.value_text(r.key, v))[0] for r in self.rows for v in r.values), default=0)

    def grid(self) -> tuple[int, int, int, bool]:
        """(columns, rows per column, row height, stacked) for the option rows: one column
        with each name beside its value when they fit a finger high, else two columns, the
        name above its value when the values need the column's width."""
        u = self.u
        top = self.header_h + u(12)
        bottom = self.bar_y() - u(8) - u(24)  # the hint's line above the bar
        room = bottom - top
        n = max(1, len(self.rows))
        if n * u(MIN_ROW_H) <= room or self.size[0] < u(700):
            return 1, n, min(max(u(ROW_H), self._label_need()), room // n), False
        per_column = -(-n // 2)
        col_w = self._column_width(2)
        stacked = self._widest_value() + u(32) > col_w * 3 // 5 \
            and room // per_column >= u(LABEL_H) + u(MIN_ROW_H)
        if stacked:
            return 2, per_column, min(u(ROW_H) + u(LABEL_H), room // per_column), True
        return 2, per_column, min(u(ROW_H), room // per_column), False

    def _label_need(self) -> int:
        """The height the longest name needs beside its value in one column (a portrait display's
        narrow labels may take three lines)."""
        u = self.u
        col_w = self._column_width(1)
        button_w = min(max(self._widest_value() + u(32), col_w * 2 // 5), col_w * 3 // 5, u(336))
        width = col_w - button_w - u(20)
        size = u(20)
        lines = max((len(wrap_text(self.label_text(r.key), size, width)) for r in self.rows), default=1)
        return lines * round(size * 1.15) + u(12)

    def _column_width(self, columns: int) -> int:
        return (self.size[0] - 2 * self.u(14) - self.u(20) * (columns - 1)) // columns

    def row_places(self) -> list[tuple[pygame.Rect, pygame.Rect]]:
        """For each row: where its name goes, and its value button."""
        u = self.u
        columns, per_column, row_h, stacked = self.grid()
        margin, gap = u(14), u(20)
        col_w = self._column_width(columns)
        button_w = min(max(self._widest_value() + u(32), col_w * 2 // 5), col_w * 3 // 5,
                       u(336) if columns == 1 else col_w)
        top = self.header_h + u(12)
        places = []
        for i in range(len(self.rows)):
            col, row = divmod(i, per_column)
            x = margin + col * (col_w + gap)
            y = top + row * row_h
            if stacked:
                places.append((pygame.Rect(x + u(4), y, col_w - u(8), u(LABEL_H)),
                               pygame.Rect(x, y + u(LABEL_H), col_w, row_h - u(LABEL_H) - u(8))))
            else:
                button = pygame.Rect(x + col_w - button_w, y, button_w, row_h - u(6))
                places.append((pygame.Rect(x + u(10), y, col_w - button_w - u(20), row_h - u(6)), button))
        return places

    def layout(self) -> None:
        u = self.u
        w = self.size[0]
        self.buttons = [self.back_button()]
        places = self.row_places()
        self.label_rects = [label for label, _ in places]
        for row, (_, rect) in zip(self.rows, places):
            default = get_value(get_variant(self.game).options, row.key)
            value = get_value(self.options, row.key)
            self.buttons.append(Button(rect, self.value_text(row.key, value), self._stepper(row), size=u(19),
                                       selected=value != default))
        bottom = self.bar_y()
        half = (w - u(28) - u(20)) // 2
        self.buttons.append(Button(pygame.Rect(u(14), bottom, min(u(300), half), u(BAR_H)),
                                   self.t("board.options.defaults"), self.reset, size=u(20)))
        start_w = min(u(336), half)
        self.buttons.append(Button(pygame.Rect(w - u(14) - start_w, bottom, start_w, u(BAR_H)),
                                   self.t("board.options.start"), self.start, primary=True, size=u(24)))

    def value_text(self, key: str, value: Any) -> str:
        if key.startswith("dice_table:"):
            name = board_strings.piece_name(self.t, str(value))
            return name[:1].upper() + name[1:]
        if isinstance(value, bool):
            return self.t("board.options.yes") if value else self.t("board.options.no")
        text_key = f"board.optval.{self.game}.{key}.{value}"
        text = self.t(text_key)
        return str(value) if text == text_key else text

    def label_text(self, key: str) -> str:
        if key.startswith("dice_table:"):
            return self.t("board.options.die", face=key.split(":")[1])
        text_key = f"board.opt.{self.game}.{key}"
        text = self.t(text_key)
        return key.replace("_", " ") if text == text_key else text

    def _stepper(self, row: OptionRow) -> Callable[[], None]:
        def step() -> None:
            current = get_value(self.options, row.key)
            i = row.values.index(current) if current in row.values else -1
            set_value(self.options, row.key, row.values[(i + 1) % len(row.values)])
            self.layout()
            self.dirty = True
        return step

    def reset(self) -> None:
        self.options = dict(get_variant(self.game).options)
        self.layout()
        self.dirty = True

    def start(self) -> None:
        chosen = changed_options(self.game, self.options)
        try:
            get_variant(self.game, chosen or None)
        except OptionError as exc:
            self.app.show_banner(str(exc))
            return
        self.start_game(chosen)

    def draw(self, surface: pygame.Surface) -> None:
        u = self.u
        w = self.size[0]
        surface.fill(theme.BG)
        from companion.ui.board.panel import draw_header

        draw_header(self, surface, self.t("board.options.title", game=self.t(f"game.{self.game}")), w - self.u(8))
        if not self.rows:
            draw_text(surface, self.t("board.options.none"), (u(24), self.header_h + u(30)), u(22), theme.MUTED)
        for row, rect in zip(self.rows, self.label_rects):
            text = self.label_text(row.key)
            size = u(20) if rect.height > u(LABEL_H) else u(18)
            while size > 16 and len(wrap_text(text, size, rect.width)) * round(size * 1.15) > rect.height:
                size -= 1
            size = max(16, size)
            step = round(size * 1.15)
            lines = wrap_text(text, size, rect.width)
            room = max(1, rect.height // step)
            if len(lines) > room:  # the rest on the last line: shrunk, or cut with an ellipsis that shows
                lines = [*lines[:room - 1], " ".join(lines[room - 1:])]
            y = rect.centery - step * len(lines) // 2
            for i, line in enumerate(lines):
                draw_text(surface, line, (rect.x, y + i * step), size, theme.TEXT, max_width=rect.width, min_size=16)
        draw_text(surface, self.t("board.options.hint"), (w - u(14), self.bar_y() - u(8)), max(16, u(16)),
                  theme.MUTED, "bottomright", max_width=w - u(28))
        for b in self.buttons:
            b.draw(surface)
