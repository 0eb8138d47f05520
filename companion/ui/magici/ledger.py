"""The spell ledger: per team the three spells (each once per game), who cast which, on what,
when; and the form that casts one.

The ledger (:mod:`companion.magici.spells`) enforces the rules the station can know without a
board: once per game, one spell per turn, no answer to a spell, cast by the team not on move,
never by or against the King, the pieces each spell needs. Its refusal is shown in the
referee's language. With a position known (the board screen attached) the rules engine's
:func:`~companion.rules.magici_spells.spell_query` decides as well, and the moves it leaves are
shown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from companion.magici.model import Piece, PieceKind, Side
from companion.magici.rules_bridge import spell_check_from_rules
from companion.magici.spells import Announcement, Spell, SpellCall, SpellCast
from companion.magici.station import Refused
from companion.ui import theme
from companion.ui.magici import strings  # noqa: F401  (registers the strings)
from companion.ui.magici.common import clock_text, mark_rgb, piece_label, side_key
from companion.ui.magici.grid import BoardGrid, draw_piece
from companion.ui.magici.overlay import StationOverlay
from companion.ui.magici.refusals import refusal_text
from companion.ui.screen import HEADER_H
from companion.ui.widgets import Button, draw_text, draw_text_block, wrap_text

if TYPE_CHECKING:
    from companion.app import App
    from companion.ui.magici.timer import TimerScreen

ROW_Y, ROW_H = HEADER_H + 56, 96
# The pieces each spell's form asks for, in order: (field, whose piece: "own" caster side / "enemy").
FIELDS: dict[Spell, tuple[tuple[str, str], ...]] = {
    Spell.TACTICAL: (("caster", "own"), ("target", "enemy")),
    Spell.DEFENSIVE: (("mover", "enemy"), ("caster", "own")),
    Spell.HOSTILE: (("mover", "enemy"), ("captures", "own"), ("caster", "own"), ("target", "enemy")),
}
KIND_ORDER = (PieceKind.QUEEN, PieceKind.ROOK, PieceKind.BISHOP, PieceKind.KNIGHT, PieceKind.PAWN, PieceKind.KING)


def _recording(st: Any) -> bool:
    """A spell may be recorded: the clocks run, or they pause for the spell."""
    return st.running or (st.paused and st.pause_reason == "spell" and not st.over)


def cast_text(t: Callable[..., str], cast: SpellCast) -> str:
    """``Pe7 → Dd1`` (a piece and what it commands) for the ledger's line."""
    call = cast.call
    text = piece_label(t, call.caster)
    if call.announced is not None and call.spell is Spell.DEFENSIVE:
        text += f" → {piece_label(t, call.announced.mover)}"
    if call.target is not None:
        text += f" → {piece_label(t, call.target)}"
    return text


class SpellLedgerScreen(StationOverlay):
    name = "magici-spells"
    title_key = "magici.spells.title"
    native = True  # the 800×480 design drawn at the display's size (``box``, ``at``, ``u``)

    def __init__(self, app: "App", timer: "TimerScreen", position: Callable[[], Any] | None = None) -> None:
        super().__init__(app, timer)
        self.position = position

    def enter(self) -> None:
        """Both clocks of this board pause while the spell is recorded (``pause_during_spell``)."""
        if self.timer is not None:
            outcome = self.station.spell_pause()
            if outcome:
                self.timer.desk.say(self.t("magici.spells.paused_for_spell"))
                self.app.play("beep")
        super().enter()

    def leave(self) -> None:
        if self.timer is not None and self.station.spell_resume():
            self.timer.desk.feed_display()
            self.app.play("tap")  # the clocks go on: the cue that the turn runs again
        super().leave()

    def layout(self) -> None:
        st = self.station.state
        self.buttons = [self.back_button()]
        for col, side in enumerate(Side):
            used = st.spells.used(side)
            for row, spell in enumerate(Spell):
                if spell in used:
                    continue
                rect = self.box(12 + col * 396 + 262, ROW_Y + row * ROW_H + 18, 110, 58)
                can = _recording(st) and st.on_move is not side
                self.buttons.append(Button(rect, self.t("magici.spells.cast"), self._caster(side, spell), enabled=can,
                                           size=self.u(22), primary=can))

    def _caster(self, side: Side, spell: Spell) -> Callable[[], None]:
        def open_form() -> None:
            assert self.timer is not None
            self.app.push(SpellCastScreen(self.app, self.timer, side, spell, self.position))
        return open_form

    def draw(self, surface: pygame.Surface) -> None:
        st = self.station.state
        surface.fill(theme.BG)
        self.draw_header(surface, self.t("magici.spells.title"))
        self.draw_clocks(surface)
        u, at, box = self.u, self.at, self.box
        for col, side in enumerate(Side):
            x = 12 + col * 396
            house = st.house(side)
            pygame.draw.circle(surface, mark_rgb(house.colour), at(x + 14, HEADER_H + 26), u(11))
            draw_text(surface, house.name, at(x + 32, HEADER_H + 26), u(26), theme.TEXT, "midleft", bold=True,
                      max_width=u(250), min_size=u(18))
            draw_text(surface, self.t(side_key(side)), at(x + 380, HEADER_H + 26), u(18), theme.MUTED, "midright")
            for row, spell in enumerate(Spell):
                rect = box(x, ROW_Y + row * ROW_H, 380, ROW_H - 8)
                cast = next((c for c in st.spells.casts if c.call.side is side and c.call.spell is spell), None)
                pygame.draw.rect(surface, theme.PANEL if cast is None else theme.PANEL_HI, rect, border_radius=u(10))
                draw_text(surface, self.t(f"magici.spell.{spell.value}"), (rect.x + u(14), rect.y + u(10)), u(26),
                          theme.TEXT if cast is None else theme.MUTED, bold=True)
                if cast is None:
                    draw_text_block(surface, self.t(f"magici.spell.{spell.value}.short"),
                                    pygame.Rect(rect.x + u(14), rect.y + u(42), u(240), rect.height - u(44)), u(16),
                                    theme.MUTED, max_lines=2, line_gap=1.2)
                else:
                    draw_text(surface, cast_text(self.t, cast), (rect.x + u(14), rect.y + u(44)), u(22), theme.ACCENT,
                              bold=True, max_width=u(352), min_size=u(16))
                    left = "" if cast.game_remaining_ms is None else " · " + clock_text(cast.game_remaining_ms)
                    draw_text(surface, self.t("magici.timer.turn", n=cast.turn) + left,
                              (rect.right - u(12), rect.y + u(14)), u(17), theme.MUTED, "topright")
        view = self.station.view()
        if view.obligation is not None:
            text = self.timer.desk.obligation_text(view.obligation) if self.timer else ""
            colour = theme.ACCENT
        elif self.timer is not None and self.timer.desk.message_warn:
            text, colour = self.timer.desk.message, theme.WARN  # a cue while the form is open
        elif not _recording(st):
            text, colour = self.t("magici.spells.not_running"), theme.MUTED
        else:
            text = self.t("magici.spells.who", house=st.house(st.on_move.other).name)
            colour = theme.MUTED
        draw_text(surface, text, self.at(400, 426), self.u(20), colour, "center", max_width=self.u(770),
                  min_size=self.u(16))
        for b in self.buttons:
            b.draw(surface)


class SpellCastScreen(StationOverlay):
    """Name the pieces (kind, then square), then cast: the refusal, or the spell in the ledger."""

    name = "magici-cast"
    native = True  # the 800×480 design drawn at the display's size (``box``, ``at``, ``u``)

    def __init__(self, app: "App", timer: "TimerScreen", side: Side, spell: Spell,
                 position: Callable[[], Any] | None = None) -> None:
        super().__init__(app, timer)
        self.side, self.spell = side, spell
        self._position = position() if position is not None else None  # the board does not move meanwhile
        self.fields = FIELDS[spell]
        self.pieces: dict[str, Piece | None] = {name: None for name, _ in self.fields}
        self.active = 0
        self.kind = PieceKind.PAWN
        self.message: list[str] = []
        self.grid = BoardGrid(pygame.Rect(408, HEADER_H + 4, 384, 384))  # 48 px squares
        self.kind_buttons: list[tuple[Button, Side, PieceKind]] = []

    def position(self) -> Any:
        """The board's position (None: no board; the referee names the pieces' kinds)."""
        return self._position

    def layout(self) -> None:
        self.grid = BoardGrid(self.box(408, HEADER_H + 4, 384, 384))
        self.buttons = [self.back_button()]
        for i, (name, _) in enumerate(self.fields):
            piece = self.pieces[name]
            label = f"{self.t(f'magici.field.{name}')}: {piece_label(self.t, piece) if piece else '—'}"
            self.buttons.append(Button(self.box(12, HEADER_H + 8 + i * 58, 374, 52), label, self._activate(i),
                                       selected=(i == self.active), size=self.u(20)))
        self.kind_buttons = []
        if self.position() is None:
            y = HEADER_H + 8 + len(self.fields) * 58 + 6
            for i, kind in enumerate(KIND_ORDER):  # each shows its piece, in the colour of whose it is
                button = Button(self.box(12 + i * 63, y, 58, 56), "", self._kind(kind),
                                selected=(kind is self.kind), size=self.u(34))
                self.buttons.append(button)
                self.kind_buttons.append((button, self._whose(self.active), kind))
        label = self.t("magici.spells.cast_now", spell=self.t(f"magici.spell.{self.spell.value}"))
        self.buttons.append(Button(self.box(12, 396, 374, 72), label, self.cast, primary=True, size=self.u(24)))

    def _whose(self, index: int) -> Side:
        return self.side if self.fields[min(index, len(self.fields) - 1)][1] == "own" else self.side.other

    def _activate(self, index: int) -> Callable[[], None]:
        def activate() -> None:
            self.active = index
            self.layout()
        return activate

    def _kind(self, kind: PieceKind) -> Callable[[], None]:
        def choose() -> None:
            self.kind = kind
            self.layout()
        return choose

    def handle(self, action) -> bool:
        from companion.ui.input import Kind

        if super().handle(action):
            return True
        if action.kind is Kind.TAP and action.pos:
            square = self.grid.square_at(action.pos)
            if square is not None:
                self.pick(square)
                return True
        return False

    def pick(self, square: str, kind: PieceKind | None = None) -> None:
        """Set the active field to the piece on ``square`` (of ``kind``, or the chosen kind)."""
        pos = self.position()
        if kind is None and pos is not None:
            found = pos.piece_at(square)
            if found is None:
                self.message = [self.t("magici.spells.empty_square", square=square)]
                return
            kind = PieceKind(found.symbol.upper())
        name = self.fields[self.active][0]
        self.pieces[name] = Piece(kind or self.kind, square)
        self.message = []
        if self.active < len(self.fields) - 1:
            self.active += 1
        self.layout()

    def call(self) -> SpellCall | None:
        p = self.pieces
        caster = p.get("caster")
        if caster is None:
            return None
        announced = None
        if self.spell is Spell.DEFENSIVE and p.get("mover") is not None:
            announced = Announcement(p["mover"], captures=caster)  # type: ignore[arg-type]
        elif self.spell is Spell.HOSTILE and p.get("mover") is not None:
            announced = Announcement(p["mover"], captures=p.get("captures"))  # type: ignore[arg-type]
        return SpellCall(self.spell, self.side, caster, target=p.get("target"), announced=announced,
                         attacked_by=self._attackers(caster))

    def _attackers(self, caster: Piece) -> tuple[Piece, ...] | None:
        pos = self.position()
        if pos is None or self.spell is not Spell.HOSTILE:
            return None
        out = []
        for m in pos.legal_moves():
            if m.target == caster.square:
                mover = pos.piece_at(m.origin)
                out.append(Piece(PieceKind(mover.symbol.upper()), m.origin))
        return tuple(dict.fromkeys(out))

    def cast(self) -> None:
        call = self.call()
        if call is None:
            self.message = [self.t("magici.spells.need_caster")]
            self.app.play("error")
            return
        st = self.station.state
        refusal = st.spells.refusal(call, st.turn, st.on_move) if _recording(st) else None
        if refusal is not None:
            text = self.t(f"magici.spellrefused.{refusal.reason.value}")
            self.message = [text + (f" ({refusal.detail})" if refusal.detail else "")]
            self.app.play("error")
            return
        pos = self.position()
        # with a board, the rules engine vetoes what the position does not allow (the station asks it)
        self.station.spell_check = spell_check_from_rules(lambda: pos) if pos is not None else None
        outcome = self.station.cast_spell(call)
        assert self.timer is not None
        self.timer.desk.react(list(outcome.cues))
        if not outcome:
            if outcome.refused is Refused.SPELL and pos is not None:
                # the engine's reasons, asked again here for their codes (the station joins them as text)
                reasons = self._query(pos, call).reasons or (outcome.message.split(": ", 1)[-1],)
                self.message = [self.t("magici.spells.board_refuses"),
                                "; ".join(refusal_text(self.t, r) for r in reasons)]
            else:
                key = f"magici.refused.{outcome.refused.value}" if outcome.refused else "magici.refused.spell"
                self.message = [self.t(key)]
            self.app.play("error")
            return
        moves_text = ""
        if pos is not None:
            moves = self._query(pos, call).moves
            if call.spell is Spell.HOSTILE and call.target is not None:
                moves = tuple(m for m in moves if m.origin == call.target.square)  # the caster chose the capturer
            moves_text = ", ".join(str(m) for m in moves[:8])
        said = self.t("magici.spells.cast_done", house=st.house(self.side).name,
                      spell=self.t(f"magici.spell.{self.spell.value}"))
        if moves_text:
            said += " · " + self.t("magici.spells.moves_left", moves=moves_text)
        self.timer.desk.say(said)
        self.timer.layout()
        self.app.play("double_beep")
        self.app.pop()

    def _query(self, pos: Any, call: SpellCall) -> Any:
        from companion.rules.magici_spells import Spell as RulesSpell
        from companion.rules.magici_spells import spell_query
        from companion.rules.pieces import Color

        spell = {Spell.HOSTILE: RulesSpell.HOSTILE, Spell.DEFENSIVE: RulesSpell.DEFENSIVE,
                 Spell.TACTICAL: RulesSpell.TACTICAL}[call.spell]
        color = Color.WHITE if call.side is Side.WHITE else Color.BLACK
        announced = None
        if call.announced is not None:
            capture = call.announced.captures or call.caster
            announced = call.announced.mover.square + capture.square
        named = call.target.square if call.spell is Spell.TACTICAL and call.target else None
        try:
            return spell_query(pos, color, spell, call.caster.square, announced=announced, named=named)
        except Exception as exc:  # an announced move the engine cannot read
            from companion.rules.magici_spells import SpellAnswer

            return SpellAnswer(False, (str(exc),))

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        house = self.station.state.house(self.side)
        self.draw_header(surface, f"{self.t(f'magici.spell.{self.spell.value}')} · {house.name}")
        self.draw_clocks(surface)
        pos = self.position()
        pieces: dict[str, tuple[Side, PieceKind]] = {}
        if pos is not None:
            for f in "abcdefgh":
                for r in range(1, 9):
                    found = pos.piece_at(f"{f}{r}")
                    if found is not None:
                        side = Side.WHITE if found.color == 0 else Side.BLACK
                        pieces[f"{f}{r}"] = (side, PieceKind(found.symbol.upper()))
        marks: dict[str, tuple[int, int, int]] = {}
        for i, (name, _) in enumerate(self.fields):
            piece = self.pieces[name]
            if piece is not None:
                if pos is None:
                    pieces[piece.square] = (self._whose(i), piece.kind)
                marks[piece.square] = theme.ACCENT if i == self.active else theme.OK
        self.grid.draw(surface, pieces, marks)
        for b in self.buttons:
            b.draw(surface)
        for button, side, kind in self.kind_buttons:
            draw_piece(surface, side, kind, button.rect.center, self.u(38))
        y = HEADER_H + 8 + len(self.fields) * 58 + (70 if pos is None else 6)
        lines: list[str] = []
        if self.message:
            for m in self.message:
                lines += wrap_text(m, self.u(17), self.u(374))
            colour = theme.WARN
        else:
            lines = wrap_text(self.t(f"magici.spell.{self.spell.value}.rule"), self.u(17), self.u(374))
            colour = theme.MUTED
        for i, line in enumerate(lines[: max(1, (390 - y) // 22)]):
            draw_text(surface, line, self.at(12, y + i * 22), self.u(17), colour)
