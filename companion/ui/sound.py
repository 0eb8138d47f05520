"""Sounds, synthesised with numpy at start-up (no files to lose), played through SDL's mixer.

With no sound card (or ``SDL_AUDIODRIVER`` unusable) the bank is silent and says why:
the app never fails over sound.
"""

from __future__ import annotations

import numpy as np
import pygame

RATE = 22_050


def _tone(freq: float, ms: int, volume: float = 0.5, decay: float = 0.0, rate: int = RATE) -> np.ndarray:
    t = np.arange(int(rate * ms / 1000)) / rate
    wave = np.sin(2 * np.pi * freq * t) * volume
    if decay:
        wave *= np.exp(-t * decay)
    fade = min(len(wave) // 10, 200)
    if fade:
        ramp = np.linspace(0, 1, fade)
        wave[:fade] *= ramp
        wave[-fade:] *= ramp[::-1]
    return wave


def _rattle(ms: int = 450, seed: int = 3, rate: int = RATE) -> np.ndarray:
    """Dice rattling on a table: short clicks with random gaps, fading out."""
    rng = np.random.default_rng(seed)
    k = rate / RATE
    out = np.zeros(int(rate * ms / 1000))
    click_len = int(300 * k)
    pos = 0
    while pos < len(out) - click_len - 100:
        click = rng.normal(0, 1, click_len) * np.exp(-np.arange(click_len) / (40 * k))
        out[pos:pos + click_len] += click * (1 - pos / len(out)) * 0.6
        pos += int(rng.integers(350, 1600) * k)
    return out


def _to_sound(wave: np.ndarray) -> pygame.mixer.Sound:
    pcm = (np.clip(wave, -1, 1) * 32767).astype(np.int16)
    channels = pygame.mixer.get_init()[2]
    if channels > 1:
        pcm = np.repeat(pcm[:, None], channels, axis=1)
    return pygame.sndarray.make_sound(np.ascontiguousarray(pcm))


class SoundBank:
    NAMES = ("roll", "beep", "double_beep", "long_beep", "tap", "error")

    def __init__(self, enabled: bool = True, volume: float = 0.8) -> None:
        self.volume = volume
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.problem = ""
        if not enabled:
            self.problem = "sound is switched off ([sound] enabled = false)"
            return
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=512)
            rate = pygame.mixer.get_init()[0]  # SDL may have opened another rate than asked
            beep = _tone(1760, 120, rate=rate)
            self.sounds = {
                "roll": _to_sound(_rattle(rate=rate)),
                "beep": _to_sound(beep),
                "double_beep": _to_sound(np.concatenate([beep, np.zeros(rate // 12), beep])),
                "long_beep": _to_sound(_tone(880, 900, rate=rate)),
                "tap": _to_sound(_tone(2400, 25, 0.3, rate=rate)),
                "error": _to_sound(_tone(220, 250, 0.6, rate=rate)),
            }
        except (pygame.error, ValueError, TypeError) as exc:
            self.problem = f"no sound ({exc})"
            self.sounds = {}

    @property
    def available(self) -> bool:
        return bool(self.sounds)

    def set_volume(self, volume: float) -> None:
        self.volume = min(max(volume, 0.0), 1.0)

    def play(self, name: str) -> None:
        sound = self.sounds.get(name)
        if sound is None or self.volume <= 0:
            return
        try:
            sound.set_volume(self.volume)
            sound.play()
        except pygame.error:
            pass
