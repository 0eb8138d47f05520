"""Settings: language, sound volume, display rotation; the pin map and device status shown.

Changes apply at once and are saved to the user's config file.
"""

from __future__ import annotations

import pygame

from companion.config import ConfigError, save_user_settings
from companion.ui import theme
from companion.ui.registry import register_screen
from companion.ui.screen import HEADER_H, Screen
from companion.ui.widgets import Button, draw_text

ROW_Y = (HEADER_H + 20, HEADER_H + 96, HEADER_H + 172)


class SettingsScreen(Screen):
    name = "settings"
    title_key = "settings.title"

    def layout(self) -> None:
        cfg = self.app.config
        self.buttons = [self.back_button()]
        for i, lang in enumerate(("it", "en")):
            self.buttons.append(Button(pygame.Rect(200 + i * 130, ROW_Y[0], 120, 56), self.t(f"lang.{lang}"),
                                       self._set_lang(lang), selected=(self.app.t.lang == lang), size=20))
        self.buttons.append(Button(pygame.Rect(200, ROW_Y[1], 56, 56), "−", lambda: self._volume(-0.1), size=30))
        self.buttons.append(Button(pygame.Rect(394, ROW_Y[1], 56, 56), "+", lambda: self._volume(+0.1), size=30))
        for i, angle in enumerate((0, 90, 180, 270)):
            self.buttons.append(Button(pygame.Rect(200 + i * 64, ROW_Y[2], 58, 56), f"{angle}°",
                                       self._set_rotation(angle), selected=(self.app.rotate == angle), size=18))
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
        from dataclasses import replace

        self.app.config = replace(self.app.config, sound=replace(self.app.config.sound, volume=volume))
        self.app.play("beep")
        self._save({"sound": {"volume": volume}})

    def _current_volume(self) -> float:
        return self.app.config.sound.volume

    def _set_rotation(self, angle: int):
        def apply() -> None:
            self.app.set_rotation(angle)
            self._save({"ui": {"rotate": angle}})
            self.layout()
        return apply

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        labels = ("settings.language", "settings.volume", "settings.rotation")
        for y, key in zip(ROW_Y, labels):
            draw_text(surface, self.t(key), (16, y + 28), 22, theme.TEXT, "midleft", max_width=176)
        bar = pygame.Rect(266, ROW_Y[1] + 18, 118, 20)
        pygame.draw.rect(surface, theme.PANEL, bar, border_radius=6)
        fill = bar.copy()
        fill.width = int(bar.width * self._current_volume())
        pygame.draw.rect(surface, theme.ACCENT, fill, border_radius=6)
        draw_text(surface, f"{int(round(self._current_volume() * 100))} %", (bar.centerx, bar.bottom + 4), 14,
                  theme.MUTED, "midtop")
        self._draw_pins(surface)
        self._draw_legend(surface)
        files = ", ".join(self.app.config.sources) or self.t("settings.none")
        draw_text(surface, f"{self.t('settings.config_files')}: {files}", (16, 428), 15, theme.MUTED, max_width=768)
        if self.message:
            draw_text(surface, self.message, (16, 452), 15, theme.ACCENT, max_width=768)

    def _draw_legend(self, surface: pygame.Surface) -> None:
        y = ROW_Y[2] + 72
        draw_text(surface, self.t("settings.devices"), (16, y), 18, theme.MUTED, bold=True)
        for i, (state, color) in enumerate((("found", theme.OK), ("stand-in", theme.WARN), ("missing", theme.DANGER))):
            pygame.draw.circle(surface, color, (24, y + 40 + i * 28), 7)
            draw_text(surface, self.t(f"device.{state}"), (40, y + 30 + i * 28), 17, theme.TEXT, max_width=420)

    def _draw_pins(self, surface: pygame.Surface) -> None:
        pins = self.app.config.gpio.pins
        panel = pygame.Rect(482, HEADER_H + 12, 306, 408)  # ten pins (two boards' buttons), 36 px apart
        step = 36
        pygame.draw.rect(surface, theme.PANEL, panel, border_radius=10)
        draw_text(surface, self.t("settings.pins"), (panel.x + 12, panel.y + 10), 19, theme.MUTED, bold=True)
        status = {}
        if self.app.hardware is not None:
            status = self.app.hardware.status
        for i, (name, pin) in enumerate(pins.items()):
            y = panel.y + 44 + i * step
            draw_text(surface, self.t(f"pin.{name}"), (panel.x + 12, y), 17, theme.TEXT, max_width=170)
            draw_text(surface, f"GPIO{pin}", (panel.x + 190, y), 17, theme.ACCENT)
            report = status.get(name)
            if report is not None:
                state = report.state.value
                color = theme.OK if state == "found" else theme.WARN if state == "stand-in" else theme.DANGER
                pygame.draw.circle(surface, color, (panel.right - 20, y + 10), 7)


register_screen("settings", SettingsScreen)
