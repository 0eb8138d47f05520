"""What a referee station's cues become: sounds, buzzer beeps, LEDs and the external display.

The station (:mod:`companion.magici.station`) says *what* happened (a cue); this module says
how the room hears and sees it. Every output is optional: no hardware, no LEDs wired, no
serial display configured are all normal, and a failing device never stops the game.

=====================  ===============  ==============  =====================
cue                    sound            buzzer          LEDs
=====================  ===============  ==============  =====================
turn                   ``tap``          short           side to move
10 s left (move)       ``beep``         short           (unchanged)
5 s left (move)        ``double_beep``  double          (unchanged)
move expired           ``long_beep``    long            side to move (next)
time up / result       ``long_beep``    long            off
paused                 ``beep``         --              off
=====================  ===============  ==============  =====================

The external display (``[serial] display``) shows the 30 s move countdown in the slot of the
side on move and the shared 20 min game countdown in the other slot, the side to move, the
House on move as the message and the result when the game is over. It is fed only when what
it shows changes; :meth:`SerialDisplay.show` never blocks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.hardware.outputs import BeepPattern
from companion.hardware.protocol import DisplayState
from companion.hardware.protocol import Side as DisplaySide
from companion.magici.model import Side
from companion.magici.replay import StationState
from companion.magici.timing import Cue, CueKind
from companion.ui.magici.common import hardware_call

if TYPE_CHECKING:
    from companion.app import App

WARNING_SOUNDS = {True: ("double_beep", BeepPattern.DOUBLE), False: ("beep", BeepPattern.SHORT)}


def sound_cue(app: "App", cue: Cue, state: StationState) -> None:
    """Turn one cue into sound, a buzzer pattern and the side-to-move LEDs."""
    kind = cue.kind
    if kind is CueKind.TURN:
        app.play("tap")
        hardware_call(app, "buzzer", "beep", BeepPattern.SHORT)
        hardware_call(app, "leds", "show_side_to_move", state.on_move.value if state.running else None)
    elif kind in (CueKind.MOVE_WARNING, CueKind.GAME_WARNING):
        last = cue.threshold_ms is not None and cue.threshold_ms <= 5_000
        sound, pattern = WARNING_SOUNDS[last]
        app.play(sound)
        hardware_call(app, "buzzer", "beep", pattern)
    elif kind is CueKind.MOVE_EXPIRED:
        app.play("long_beep")
        hardware_call(app, "buzzer", "beep", BeepPattern.LONG)
    elif kind in (CueKind.TIME_UP, CueKind.RESULT):
        app.play("long_beep")
        hardware_call(app, "buzzer", "beep", BeepPattern.LONG)
        hardware_call(app, "leds", "show_side_to_move", None)
    elif kind is CueKind.PAUSED:
        app.play("beep")
        hardware_call(app, "leds", "show_side_to_move", None)
    elif kind is CueKind.RESUMED:
        app.play("tap")
        hardware_call(app, "leds", "show_side_to_move", state.on_move.value)


def display_state(state: StationState, move_ms: int, game_ms: int) -> DisplayState:
    """What the external display shows for this station state."""
    if state.result is not None:
        winner = state.result.winner
        score = "1/2-1/2" if winner is None else ("1-0" if winner is Side.WHITE else "0-1")
        name = state.house(winner).name if winner is not None else ""
        return DisplayState(None, None, DisplaySide.NONE, score, name)
    on_move = state.on_move
    move, game = (move_ms, game_ms) if on_move is Side.WHITE else (game_ms, move_ms)
    side = DisplaySide.NONE if state.paused or not state.begun else (
        DisplaySide.WHITE if on_move is Side.WHITE else DisplaySide.BLACK)
    message = "PAUSA" if state.paused else state.house_on_move.name
    return DisplayState(move, game, side, "", message)


class DisplayFeed:
    """Feeds the optional external display, only when its picture changes.

    >>> class Fake:
    ...     connected = True
    ...     def __init__(self): self.shown = []
    ...     def show(self, s): self.shown.append(s)
    >>> feed = DisplayFeed(Fake())
    >>> feed.push(DisplayState(30_000, 60_000)), feed.push(DisplayState(29_900, 60_000))
    (True, False)
    """

    def __init__(self, display: Any) -> None:
        self.display = display
        self._lines: list[bytes] | None = None
        self.was_connected: bool | None = None

    @classmethod
    def for_app(cls, app: "App", board: int = 1) -> "DisplayFeed | None":
        """The serial display of ``board`` (``[serial] display`` for board 1, ``display_2``)."""
        hw = getattr(app, "hardware", None)
        display = getattr(hw, "display" if board == 1 else f"display_{board}", None)
        return None if display is None else cls(display)

    def push(self, state: DisplayState) -> bool:
        """Hand ``state`` to the display if it looks different; True if it was sent."""
        lines = state.lines()
        if lines == self._lines:
            return False
        self._lines = lines
        try:
            self.display.show(state)
        except Exception:  # the adapter never blocks; a broken one must not stop the clock
            return False
        return True

    def link_change(self) -> bool | None:
        """None if the link is as it was; else the new state (True: connected)."""
        now = bool(getattr(self.display, "connected", False))
        before, self.was_connected = self.was_connected, now
        if before is None or before == now:
            return None
        return now
