"""Settings: language, sound volume, display rotation; the pin map and device status shown.

Language and volume apply at once and are saved to the user's config file. A new rotation is
applied and then asks "keep or go back": with no answer it goes back by itself after a few
seconds (a panel turned the wrong way may be unreadable), and only a kept rotation is saved.

The pin map says each device's state with a shape as well as a colour (✓ connected,
~ stand-in, ✗ missing). A simulated GPIO (gpiozero's mock pins, used on a PC) counts as a
stand-in: nothing is wired, as ``companion doctor`` says. The screen is native.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from companion.config import ConfigError, save_user_settings
from companion.ui import theme
from companion.ui.registry import register_screen
from companion.ui.screen import Screen
from companion.ui.widgets import Button, draw_text, draw_text_block

ROTATIONS = (0, 90, 180, 270)
KEEP_OR_REVERT_MS = 10_000
STATE_MARK = {"found": ("✓", theme.OK), "stand-in": ("~", theme.WARN), "missing": ("✗", theme.DANGER)}


def device_state(hardware, report) -> str:
    """found / stand-in / missing, with simulated pins counted as a stand-in."""
    state = report.state.value
    factory = getattr(hardware, "pin_factory_name", "") or ""
    if state == "found" and "mock" in factory.lower():
        return "stand-in"
    return state


class SettingsScreen(Screen):
    name = "settings"
    title_key = "settings.title"
    native = True

    def _rows(self) -> tuple[int, int, int]:
        top = self.header_h + self.u(20)
        return top, top + self.u(76), top + self.u(152)

    def _pins_panel(self) -> pygame.Rect:
        w, h = self.size
        pw = max(self.u(306), w // 2 - self.u(100))
        rows = max(8, len(self.app.config.gpio.pins))
        return pygame.Rect(w - self.u(12) - pw, self.header_h + self.u(12), pw, self.u(44) + rows * self.u(36) + self.u(8))

    def layout(self) -> None:
        rows = self._rows()
        x0 = self.u(200)
        self.buttons = [self.back_button()]
        for i, lang in enumerate(("it", "en")):
            self.buttons.append(Button(pygame.Rect(x0 + i * self.u(130), rows[0], self.u(120), self.u(56)),
                                       self.t(f"lang.{lang}"), self._set_lang(lang),
                                       selected=(self.app.t.lang == lang), size=self.u(20)))
        self.buttons.append(Button(pygame.Rect(x0, rows[1], self.u(56), self.u(56)), "−", lambda: self._volume(-0.1),
                                   size=self.u(30)))
        self.buttons.append(Button(pygame.Rect(x0 + self.u(194), rows[1], self.u(56), self.u(56)), "+",
                                   lambda: self._volume(+0.1), size=self.u(30)))
        for i, angle in enumerate(ROTATIONS):
            self.buttons.append(Button(pygame.Rect(x0 + i * self.u(64), rows[2], self.u(58), self.u(56)), f"{angle}°",
                                       self._set_rotation(angle), selected=(self.app.rotate == angle),
                                       size=self.u(18)))
        self.message = getattr(self, "message", "")

    def _save(self, updates: dict) -> None:
        try:
            path = save_user_settings(updates)
            self.message = self.t("settings.saved", path=path)
        except (ConfigError, OSError) as exc:
            self.message = self.t("settings.save_failed", error=exc)

    def _set_lang(self, lang: str):
        def apply() -> None:
            self.app.set_language(lang)
            self._save({"ui": {"lang": lang}})
            self.layout()
        return apply

    def _volume(self, delta: float) -> None:
        volume = round(min(1.0, max(0.0, self._current_volume() + delta)), 1)
        if self.app.sound is not None:
            self.app.sound.set_volume(volume)
        self.app.config = replace(self.app.config, sound=replace(self.app.config.sound, volume=volume))
        self.app.play("beep")
        self._save({"sound": {"volume": volume}})

    def _current_volume(self) -> float:
        return self.app.config.sound.volume

    def _set_rotation(self, angle: int):
        def apply() -> None:
            from companion.ui.screens.confirm import ConfirmScreen

            before = self.app.rotate
            if angle == before:
                return
            self.app.set_rotation(angle)  # shown at once, so the question is asked the new way up

            def keep() -> None:
                self._save({"ui": {"rotate": angle}})
                self.layout()

            def revert() -> None:
                self.app.set_rotation(before)
                self.message = self.t("settings.rotation_reverted", angle=before)
                self.layout()

            self.app.push(ConfirmScreen(
                self.app, self.t("settings.rotation_ask"), self.t("settings.rotation_body", angle=angle),
                self.t("settings.rotation_keep", angle=angle), keep,
                cancel_label=self.t("settings.rotation_back", angle=before), on_cancel=revert, danger=False,
                timeout_ms=KEEP_OR_REVERT_MS))
        return apply

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        w, h = self.size
        rows = self._rows()
        labels = ("settings.language", "settings.volume", "settings.rotation")
        for y, key in zip(rows, labels):
            draw_text(surface, self.t(key), (self.u(16), y + self.u(28)), self.u(22), theme.TEXT, "midleft",
                      max_width=self.u(178), min_size=self.u(16))
        bar = pygame.Rect(self.u(266), rows[1] + self.u(12), self.u(118), self.u(18))
        pygame.draw.rect(surface, theme.PANEL, bar, border_radius=self.u(6))
        fill = bar.copy()
        fill.width = int(bar.width * self._current_volume())
        pygame.draw.rect(surface, theme.ACCENT, fill, border_radius=self.u(6))
        draw_text(surface, f"{int(round(self._current_volume() * 100))} %", (bar.centerx, bar.bottom + self.u(3)),
                  self.u(17), theme.MUTED, "midtop")
        self._draw_pins(surface)
        self._draw_legend(surface)
        files = ", ".join(self.app.config.sources) or self.t("settings.none")
        bottom = pygame.Rect(self.u(16), h - self.u(56), self._pins_panel().x - self.u(28), self.u(52))
        lines = [f"{self.t('settings.config_files')}: {files}"] + ([self.message] if self.message else [])
        for i, line in enumerate(lines[-2:]):
            draw_text(surface, line, (bottom.x, bottom.y + i * self.u(24)), self.u(16),
                      theme.ACCENT if line == self.message else theme.MUTED, max_width=bottom.width,
                      min_size=self.u(16))

    def _draw_legend(self, surface: pygame.Surface) -> None:
        y = self._rows()[2] + self.u(70)
        draw_text(surface, self.t("settings.devices"), (self.u(16), y), self.u(18), theme.MUTED, bold=True)
        width = self._pins_panel().x - self.u(56)
        for i, state in enumerate(("found", "stand-in", "missing")):
            mark, colour = STATE_MARK[state]
            row_y = y + self.u(28) + i * self.u(26)
            draw_text(surface, mark, (self.u(24), row_y), self.u(18), colour, "midtop", bold=True)
            draw_text(surface, self.t(f"device.{state}"), (self.u(40), row_y), self.u(16), theme.TEXT,
                      max_width=width, min_size=self.u(16))

    def _draw_pins(self, surface: pygame.Surface) -> None:
        panel = self._pins_panel()
        pygame.draw.rect(surface, theme.PANEL, panel, border_radius=self.u(10))
        draw_text(surface, self.t("settings.pins"), (panel.x + self.u(12), panel.y + self.u(10)), self.u(19),
                  theme.MUTED, bold=True, max_width=panel.width - self.u(24), min_size=self.u(16))
        for i, (name, pin, state) in enumerate(self.pin_rows()):
            y = panel.y + self.u(44) + i * self.u(36)
            draw_text(surface, self.t(f"pin.{name}"), (panel.x + self.u(12), y), self.u(16), theme.TEXT,
                      max_width=panel.width - self.u(130), min_size=self.u(16))
            draw_text(surface, f"GPIO{pin}", (panel.right - self.u(40), y), self.u(16), theme.MUTED, "topright")
            if state is not None:
                mark, colour = STATE_MARK[state]
                draw_text(surface, mark, (panel.right - self.u(20), y - self.u(1)), self.u(18), colour, "midtop",
                          bold=True)

    def pin_rows(self) -> list[tuple[str, int, str | None]]:
        """(device, pin, found / stand-in / missing or None when unknown) in pin-map order."""
        hardware = self.app.hardware
        status = hardware.status if hardware is not None else {}
        out = []
        for name, pin in self.app.config.gpio.pins.items():
            report = status.get(name)
            out.append((name, pin, device_state(hardware, report) if report is not None else None))
        return out


register_screen("settings", SettingsScreen)
