"""Small helpers shared by the Scacchi Magici screens: colours, clock text, labels, links.

>>> house_rgb("#ae0001")
(174, 0, 1)
>>> seconds_text(27_001), clock_text(1_181_000), clock_text(0)
('28', '19:41', '0:00')
>>> next_digit_change_ms(27_400), next_digit_change_ms(27_000)
(400, 1000)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.magici.model import Piece, ResultKind, Side
from companion.ui import theme

if TYPE_CHECKING:
    from companion.app import App

GAME = "magici"  # the journal's game name for one game
AMBER, ALARM = (130, 84, 10), (150, 24, 24)  # the clock panel at 10 s; red only for the 5 s alarm
CHAMPIONSHIP_GAME = "magici-championship"


def house_rgb(colour: str) -> tuple[int, int, int]:
    """``"#RRGGBB"`` to an RGB triple (grey for anything unreadable)."""
    try:
        return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)
    except (ValueError, IndexError, TypeError):
        return (128, 128, 128)


def readable_on(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black or white text, whichever reads better on ``rgb``."""
    r, g, b = rgb
    return (20, 20, 24) if 0.299 * r + 0.587 * g + 0.114 * b > 150 else (245, 245, 245)


def dim(rgb: tuple[int, int, int], factor: float = 0.45) -> tuple[int, int, int]:
    r, g, b = rgb
    return int(r * factor), int(g * factor), int(b * factor)


def seconds_text(ms: int) -> str:
    """The move countdown as whole seconds, rounded up (``0`` only at zero)."""
    return str(max(0, -(-int(ms) // 1000)))


def clock_text(ms: int) -> str:
    """The game countdown as ``M:SS``, rounded up to the second."""
    seconds = max(0, -(-int(ms) // 1000))
    return f"{seconds // 60}:{seconds % 60:02d}"


def next_digit_change_ms(remaining_ms: int) -> int:
    """Milliseconds until a running countdown's rounded-up seconds change."""
    rest = int(remaining_ms) % 1000
    return rest if rest else 1000


def piece_label(t: Callable[..., str], piece: Piece) -> str:
    """A piece in the referee's language: ``Dd1`` in Italian (Donna), ``Qd1`` in English."""
    return t(f"magici.letter.{piece.kind.value}") + piece.square


def side_key(side: Side) -> str:
    return f"magici.side.{side.value}"


def result_key(kind: ResultKind) -> str:
    return f"magici.result.{kind.value}"


@dataclass(frozen=True)
class ChampionshipLink:
    """Which championship game a timer game is: stored in the game's match ``meta``."""

    match_id: int
    round: int
    board: int

    def to_meta(self) -> dict[str, int]:
        return {"match": self.match_id, "round": self.round, "board": self.board}

    @classmethod
    def from_meta(cls, meta: dict[str, Any] | None) -> "ChampionshipLink | None":
        data = (meta or {}).get("championship")
        if not isinstance(data, dict):
            return None
        try:
            return cls(int(data["match"]), int(data["round"]), int(data["board"]))
        except (KeyError, TypeError, ValueError):
            return None


def hardware_call(app: "App", part: str, method: str, *args: Any) -> None:
    """Drive an output (LEDs, buzzer) if there is one; a failing device never stops a game."""
    hw = getattr(app, "hardware", None)
    device = getattr(hw, part, None) if hw is not None else None
    if device is None:
        return
    try:
        getattr(device, method)(*args)
    except Exception:  # the device layer reports its own faults (banner, doctor)
        pass


def plural(t: Callable[..., str], key: str, n: int, **values: Any) -> str:
    """``key.one`` for 1, ``key.many`` otherwise (Italian and English plurals agree on that)."""
    return t(f"{key}.{'one' if n == 1 else 'many'}", n=n, **values)


def spells_left_text(t: Callable[..., str], n: int) -> str:
    """"1 incantesimo" / "2 incantesimi" left."""
    return t("magici.timer.spells_left.one" if n == 1 else "magici.timer.spells_left.many", n=n)


def clock_colours(st: Any, move_ms: int) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """The clock panel's background and digits: neutral; amber at 10 s; red only the 5 s alarm."""
    if st.over or not st.begun or st.paused:
        return theme.PANEL, theme.MUTED
    if move_ms <= 5_000:
        return ALARM, theme.TEXT
    if move_ms <= 10_000:
        return AMBER, theme.TEXT
    return theme.PANEL, theme.TEXT


def fit_row(labels: list[str], left: int, width: int, height: int, gap: int, size: int,
            min_size: int = 16) -> tuple[list[tuple[int, int]], int]:
    """A row of buttons sharing ``width``: each as wide as its label needs (plus the same share
    of what is left), at the largest font from ``size`` down to ``min_size`` at which every label
    fits whole. Returns each button's ``(x, width)`` and the font size.

    >>> import pygame; _ = pygame.font.init()
    >>> spans, size = fit_row(["Pausa", "Incantesimi"], 0, 400, 68, 6, 22)
    >>> size, spans[0][0], spans[1][0] + spans[1][1]
    (22, 0, 400)
    """
    pad = max(16, height // 4) + 6  # the button keeps a margin either side of its label
    n = len(labels)
    if n == 0:
        return [], size
    room = width - gap * (n - 1)
    chosen, needs = min_size, [theme.font(min_size, True).size(label)[0] + pad for label in labels]
    for s in range(size, min_size - 1, -1):
        trial = [theme.font(s, True).size(label)[0] + pad for label in labels]
        if sum(trial) <= room:
            chosen, needs = s, trial
            break
    if sum(needs) > room:  # nothing fits whole: equal shares (the button shrinks its label)
        needs = [room // n] * n
    extra = (room - sum(needs)) // n
    spans, x = [], left
    for i, need in enumerate(needs):
        w = need + extra if i < n - 1 else left + width - x
        spans.append((x, w))
        x += w + gap
    return spans, chosen


def mark_rgb(colour: str, against: tuple[int, int, int] = theme.PANEL, need: float = 2.0) -> tuple[int, int, int]:
    """A House's colour as a mark (the bar at a name's edge, a disc) that shows on the dark
    screen's panels: a colour too dark to tell from them (Corvonero's dark blue) is lightened
    just enough, and stays blue; the others are the House's own colour. (The mark only repeats
    the House's name, which is always written beside it.)

    >>> [mark_rgb(c) == house_rgb(c) for c in ("#ae0001", "#2a623d", "#ecb939", "#222f5b")]
    [True, True, True, False]
    >>> theme.contrast(mark_rgb("#222f5b"), theme.PANEL) >= 2.0, theme.contrast(mark_rgb("#222f5b"), theme.BG) >= 2.5
    (True, True)
    """
    rgb = house_rgb(colour)
    for step in range(11):
        mixed = tuple(round(c + (255 - c) * step / 10) for c in rgb)
        if theme.contrast(mixed, against) >= need:  # type: ignore[arg-type]
            return mixed  # type: ignore[return-value]
    return (255, 255, 255)
