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
from companion.ui.screen import HEADER_H, Screen
from companion.ui.widgets import Button, draw_text

if TYPE_CHECKING:
    from companion.app import App

ROW_H = 52
ROWS_TOP = HEADER_H + 14
ROWS_BOTTOM = 480 - 10 - 60 - 30  # above the hint and the two buttons at the bottom


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
    """The rule options of a new game, and a button that starts it with them."""

    name = "board-options"

    def __init__(self, app: "App", game: str, start: Callable[[dict[str, Any]], None],
                 current: dict[str, Any] | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.start_game = start
        self.rows = option_rows(game)
        # Rows shrink (never grow) so that every option fits above the bottom buttons.
        self.row_h = min(ROW_H, (ROWS_BOTTOM - ROWS_TOP) // max(1, len(self.rows)))
        self.options: dict[str, Any] = dict(get_variant(game, current or None).options)

    def layout(self) -> None:
        self.buttons = [self.back_button()]
        for i, row in enumerate(self.rows):
            rect = pygame.Rect(450, ROWS_TOP + i * self.row_h, 336, self.row_h - 6)
            default = get_value(get_variant(self.game).options, row.key)
            value = get_value(self.options, row.key)
            self.buttons.append(Button(rect, self.value_text(row.key, value), self._stepper(row), size=19,
                                       selected=value != default))
        bottom = 480 - 10 - 60
        self.buttons.append(Button(pygame.Rect(14, bottom, 250, 60), self.t("board.options.defaults"),
                                   self.reset, size=20))
        self.buttons.append(Button(pygame.Rect(450, bottom, 336, 60), self.t("board.options.start"),
                                   self.start, primary=True, size=24))

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
        surface.fill(theme.BG)
        self.draw_header(surface, self.t("board.options.title", game=self.t(f"game.{self.game}")))
        if not self.rows:
            draw_text(surface, self.t("board.options.none"), (24, HEADER_H + 30), 22, theme.MUTED)
        for i, row in enumerate(self.rows):
            y = ROWS_TOP + i * self.row_h + (self.row_h - 6) // 2
            draw_text(surface, self.label_text(row.key), (24, y), 20, theme.TEXT, "midleft", max_width=410)
        draw_text(surface, self.t("board.options.hint"), (786, 480 - 10 - 60 - 6), 16, theme.MUTED, "bottomright",
                  max_width=336)
        for b in self.buttons:
            b.draw(surface)
