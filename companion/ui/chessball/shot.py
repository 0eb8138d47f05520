"""The shot resolver: distance → power → the keeper's 3d6 → save / parry (1d6 direction) / goal.

In counting mode the referee types the distance (lattice steps to the goal line) and says
whether the keeper stands on the arrival point; in positional mode the shot is a kick on the
board and this screen opens at the keeper's roll. Every roll is rolled by the app or typed in
from the real dice, and journaled before the outcome is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from companion.chessball.shot import FULL_POWER, ShotOutcome, parry_direction, rebound_steps
from companion.chessball.state import Mode, Phase
from companion.ui import theme
from companion.ui.chessball.common import ChessBallScreen, FacePicker
from companion.ui.chessball.places import place_name, say
from companion.chessball.session import Session
from companion.ui.input import Action, Kind
from companion.ui.screen import HEADER_H
from companion.ui.widgets import Button, draw_text, wrap_text

MAX_DISTANCE = 40


class ShotScreen(ChessBallScreen):
    name = "chessball-shot"
    native = True  # the 800×480 design drawn at the display's size

    def __init__(self, app: Any, session: Session) -> None:
        super().__init__(app, session)
        self.digits = ""
        self.keeper_on_point = True
        self.keeper_picker = FacePicker(3, (20, HEADER_H + 170), size=50, gap=6)
        self.outcome: dict[str, Any] | None = None  # the keeper's result once rolled
        self.rebound: dict[str, Any] | None = None  # the direction roll's result
        self.shooter = session.state.side_to_move
        pending = session.state.pending_shot
        if pending is not None:
            self.shooter = pending.shooter

    # -- which step we are at -------------------------------------------------------------------
    @property
    def stage(self) -> str:
        phase = self.state.phase
        if phase is Phase.KEEPER_ROLL:
            return "keeper"
        if phase is Phase.DIRECTION_ROLL:
            return "direction"
        if self.outcome is None and self.session.mode is Mode.COUNTING and phase is Phase.MOVES:
            return "distance"
        return "result"

    @property
    def distance(self) -> int | None:
        return int(self.digits) if self.digits else None

    # -- buttons --------------------------------------------------------------------------------
    def layout(self) -> None:
        self.buttons = [self.back_button()]
        getattr(self, f"_layout_{self.stage}")()

    def _layout_distance(self) -> None:
        keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "⌫", "0", "C"]
        for i, key in enumerate(keys):
            rect = self.box(20 + (i % 3) * 112, HEADER_H + 16 + (i // 3) * 74, 104, 66)
            self.buttons.append(Button(rect, key, self._key(key), size=self.u(30)))
        on = self.t("common.yes") if self.keeper_on_point else self.t("common.no")
        self.buttons.append(Button(self.box(420, HEADER_H + 200, 360, 64),
                                   self.t("cb.shot.keeper_on_point", answer=on), self._toggle_keeper,
                                   selected=self.keeper_on_point, size=self.u(20)))
        self.buttons.append(Button(self.box(420, 400, 360, 70), self.t("cb.shot.shoot"), self.shoot,
                                   primary=True, enabled=self.distance is not None, size=self.u(28)))

    def _layout_keeper(self) -> None:
        picker = self.keeper_picker
        picker.origin, picker.size, picker.gap = self.at(20, HEADER_H + 170), self.u(50), self.u(6)
        picker.row_gap = picker.gap
        self.buttons += picker.buttons(self._changed, size=self.u(24))
        total = self.keeper_picker.total if self.keeper_picker.complete else None
        self.buttons.append(Button(self.box(20, 400, 346, 70),
                                   self.t("cb.roll.confirm", n=total) if total else self.t("cb.roll.pick_faces"),
                                   self.keeper_typed, enabled=total is not None, size=self.u(22)))
        self.buttons.append(Button(self.box(420, 400, 360, 70), "⚄  " + self.t("cb.shot.keeper_roll_app"),
                                   self.keeper_with_app, primary=True, size=self.u(24)))

    def _layout_direction(self) -> None:
        for face in range(1, 7):
            rect = self.box(20 + (face - 1) % 3 * 118, HEADER_H + 200 + (face - 1) // 3 * 76, 110, 68)
            self.buttons.append(Button(rect, str(face), self._direction(face), size=self.u(28),
                                       sublabel=self.t(f"cb.dir.{parry_direction(face).value}")))
        self.buttons.append(Button(self.box(420, 400, 360, 70), "⚄  " + self.t("cb.shot.direction_app"),
                                   self.direction_with_app, primary=True, size=self.u(24)))

    def _layout_result(self) -> None:
        self.buttons.append(Button(self.box(420, 400, 360, 70), self.t("cb.shot.continue"), self.app.pop,
                                   primary=True, size=self.u(26)))

    def _changed(self) -> None:
        self.layout()
        self.dirty = True

    def _key(self, key: str) -> Callable[[], None]:
        def press() -> None:
            if key == "⌫":
                self.digits = self.digits[:-1]
            elif key == "C":
                self.digits = ""
            elif len(self.digits) < 2 and int(self.digits + key) <= MAX_DISTANCE:
                self.digits = (self.digits + key).lstrip("0") or "0"
            self._changed()
        return press

    def _toggle_keeper(self) -> None:
        self.keeper_on_point = not self.keeper_on_point
        self._changed()

    # -- events ---------------------------------------------------------------------------------
    def shoot(self) -> None:
        if self.distance is None or self.shooter is None:
            return
        event = {"kind": "shot", "side": self.shooter.value, "distance": self.distance,
                 "keeper_on_point": self.keeper_on_point}
        if self.submit(event) and self.state.phase is not Phase.KEEPER_ROLL:
            self.outcome = {"outcome": ShotOutcome.GOAL.value, "power": FULL_POWER - self.distance,
                            "keeper_on_point": False}
        self._changed()

    def _keeper(self, faces: list[int]) -> None:
        pending = self.state.pending_shot
        if self.submit({"kind": "keeper_roll", "faces": faces}):
            last = dict(self.state.last or {})
            last["faces"] = faces
            if pending is not None:
                last.setdefault("power", pending.power)
                last["distance"] = pending.distance
            self.outcome = last
        self.keeper_picker.clear()
        self._changed()

    def keeper_with_app(self) -> None:
        self.app.play("roll")
        self._keeper(list(self.app.dice.roll(3).faces))

    def keeper_typed(self) -> None:
        if self.keeper_picker.complete:
            self._keeper([f for f in self.keeper_picker.faces if f is not None])

    def _direction(self, face: int) -> Callable[[], None]:
        def choose() -> None:
            if self.submit({"kind": "direction_roll", "face": face}):
                self.rebound = dict(self.state.last or {}, face=face)
            self._changed()
        return choose

    def direction_with_app(self) -> None:
        self.app.play("roll")
        self._direction(self.app.dice.roll(1).faces[0])()

    def handle(self, action: Action) -> bool:
        if action.kind is Kind.COMMAND and action.name in ("roll", "ok"):
            stage = self.stage
            if stage == "keeper":
                self.keeper_with_app()
            elif stage == "direction":
                self.direction_with_app()
            elif stage == "distance" and action.name == "ok":
                self.shoot()
            elif stage == "result" and action.name == "ok":
                self.app.pop()
            return True
        if action.kind is Kind.TEXT and self.stage == "distance" and action.name.isdigit():
            self._key(action.name)()
            return True
        return super().handle(action)

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        right = self.t("cb.shot.by", side=self.side(self.shooter)) if self.shooter else ""
        self.draw_header(surface, self.t("cb.shot.title"), right)
        getattr(self, f"_draw_{self.stage}")(surface)
        self.draw_message(surface, self.box(420, 330, 360, 64))
        for b in self.buttons:
            b.draw(surface)

    def _power_box(self, surface: pygame.Surface, distance: int | None, power: int | None) -> None:
        u = self.u
        box = self.box(420, HEADER_H + 16, 360, 170)
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=u(12))
        d = "–" if distance is None else str(distance)
        draw_text(surface, self.tn("cb.shot.distance", distance or 0, n=d), (box.x + u(16), box.y + u(12)), u(22),
                  theme.TEXT)
        draw_text(surface, self.t("cb.shot.power_label"), (box.x + u(16), box.y + u(58)), u(22), theme.MUTED)
        draw_text(surface, "–" if power is None else str(power), (box.right - u(20), box.y + u(80)), u(76),
                  theme.ACCENT, "midright", bold=True)
        draw_text(surface, self.t("cb.shot.power_rule"), (box.x + u(16), box.bottom - u(30)), u(16), theme.MUTED)

    def _draw_distance(self, surface: pygame.Surface) -> None:
        d = self.distance
        self._power_box(surface, d, None if d is None else FULL_POWER - d)

    def _draw_keeper(self, surface: pygame.Surface) -> None:
        pending = self.state.pending_shot
        if pending is not None:
            self._power_box(surface, pending.distance, pending.power)
            draw_text(surface, self.t("cb.shot.keeper_rolls", side=self.side(pending.defender)),
                      self.at(20, HEADER_H + 20), self.u(22), theme.TEXT, bold=True, max_width=self.u(380))
        lines = (wrap_text(self.t("cb.shot.keeper_hint"), self.u(16), self.u(380))
                 + wrap_text(self.t("cb.shot.scale"), self.u(16), self.u(380)))
        for i, line in enumerate(lines[:4]):
            draw_text(surface, line, self.at(20, HEADER_H + 54 + i * 20), self.u(16), theme.MUTED)
        draw_text(surface, self.t("cb.roll.typed_in"), self.at(20, HEADER_H + 140), self.u(17), theme.MUTED)

    def _outcome_lines(self) -> tuple[str, tuple[int, int, int], list[str]]:
        o = self.outcome or {}
        kind = o.get("outcome", "")
        power = o.get("power")
        lines = []
        if "roll" in o:
            lines.append(self.t("cb.shot.roll_vs_power", roll=o["roll"], power=power))
        if kind == ShotOutcome.GOAL.value:
            if o.get("keeper_on_point") is False:
                lines.append(self.t("cb.shot.open_goal"))
            return self.t("cb.outcome.goal"), theme.OK, lines
        if kind == ShotOutcome.SAVE.value:
            lines.append(self.t("cb.shot.save_detail"))
            return self.t("cb.outcome.save"), theme.WARN, lines
        residual = int(o.get("residual", 0))
        steps = rebound_steps(residual, self.session.options.parry_unit)
        lines.append(self.tn("cb.shot.parry_detail", steps, residual=residual, steps=steps))
        return self.t("cb.outcome.parry", n=residual), theme.ACCENT, lines

    def _draw_outcome(self, surface: pygame.Surface, top: int) -> None:
        word, colour, lines = self._outcome_lines()
        draw_text(surface, word, self.at(20, top), self.u(52), colour, bold=True, max_width=self.u(390))
        for i, line in enumerate(lines):
            draw_text(surface, line, self.at(20, top + 66 + i * 28), self.u(19), theme.TEXT,
                      max_width=self.u(390))

    def _draw_direction(self, surface: pygame.Surface) -> None:
        pending = self.state.pending_shot
        if pending is not None:
            self._power_box(surface, pending.distance, pending.power)
        self._draw_outcome(surface, HEADER_H + 10)
        for i, line in enumerate(wrap_text(self.t("cb.shot.direction_hint"), self.u(16), self.u(380))[:2]):
            draw_text(surface, line, self.at(20, HEADER_H + 150 + i * 20), self.u(16), theme.MUTED)

    def _draw_result(self, surface: pygame.Surface) -> None:
        o = self.outcome or {}
        self._power_box(surface, o.get("distance"), o.get("power"))
        if self.outcome is None:
            draw_text(surface, self.t("cb.shot.none"), self.at(20, HEADER_H + 20), self.u(20), theme.MUTED,
                      max_width=self.u(390))
            return
        self._draw_outcome(surface, HEADER_H + 20)
        if self.rebound is not None:
            r = self.rebound
            text = self.tn("cb.shot.rebound", r["rebound_steps"], face=r["face"],
                           direction=self.t(f"cb.dir.{r['direction']}"), steps=r["rebound_steps"])
            draw_text(surface, text, self.at(20, HEADER_H + 190), self.u(19), theme.TEXT, max_width=self.u(390))
            if r.get("ball"):
                draw_text(surface, say(self.t, "cb.shot.ball_at", at=place_name(self.t, tuple(r["ball"]))),
                          self.at(20, HEADER_H + 220), self.u(19), theme.TEXT, max_width=self.u(390))
        s = self.state
        from companion.chessball.pieces import Side

        score = f"{self.side(Side.WHITE)} {s.score[Side.WHITE]} – {s.score[Side.BLACK]} {self.side(Side.BLACK)}"
        draw_text(surface, score, self.at(20, 420), self.u(26), theme.TEXT, bold=True, max_width=self.u(390))
