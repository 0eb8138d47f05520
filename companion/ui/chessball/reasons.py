"""The core's refusals (English sentences) in the referee's language.

The core explains a refusal in English; the screen shows the common ones in the chosen
language by recognising their shape. Named groups called ``side*`` or ``piece*`` are
translated too; an unknown sentence is shown as the core wrote it (never hidden).

>>> from companion.i18n import Translator
>>> from companion.ui.chessball import strings
>>> translate_reason(Translator("it"), "spend: this costs 7 MP but white has 5 MP left")
'Costa 7 PM ma al Bianco ne restano 5'
>>> translate_reason(Translator("en"), "move: something new")
'move: something new'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from companion.ui.chessball.places import contract, name_points_in

SIDE = r"(?P<{}>white|black)"
PIECE = r"(?P<{}>king|queen|rook|bishop|knight|pawn)"

_PATTERNS: list[tuple[str, str]] = [
    (rf"costs (?P<cost>\d+) MP but {SIDE.format('side')} has (?P<left>\d+) MP left", "cb.why.not_enough_mp"),
    (rf"it is {SIDE.format('side')}'s move, not {SIDE.format('side_b')}'s", "cb.why.not_your_move"),
    (rf"{SIDE.format('side')} substituted in turn (?P<turn>\d+); at most one every (?P<every>\d+) turns, "
     r"so the next one is allowed from turn (?P<next>\d+)", "cb.why.substitution_interval"),
    (rf"{SIDE.format('side')} has no {PIECE.format('piece')} on the field", "cb.why.not_on_field"),
    (rf"{SIDE.format('side')} has no {PIECE.format('piece')} left on the bench", "cb.why.not_on_bench"),
    (r"the King is never substituted", "cb.why.king_never_substituted"),
    (rf"a {PIECE.format('piece')} cannot be replaced by another", "cb.why.same_piece"),
    (rf"{SIDE.format('side')} has already started a tackle this turn, and a turn holds one tackle in all",
     "cb.why.one_tackle_in_all"),
    (rf"{SIDE.format('side')} has already started a tackle this turn", "cb.why.one_tackle"),
    (rf"a tackle needs a {SIDE.format('side')} piece next to the ball", "cb.why.tackle_needs_piece"),
    (rf"several {SIDE.format('side')} pieces are next to the ball", "cb.why.tackle_which"),
    (r"tie \((?P<n>\d+) each\)", "cb.why.tackle_tie"),
    (rf"the {PIECE.format('piece')} on (?P<at>\d+,\d+) has already jumped this turn", "cb.why.knight_jumped"),
    (r"is not a knight's jump from", "cb.why.not_knight_jump"),
    (r"makes 1 or 2 steps", "cb.why.pawn_steps"),
    (rf"the {PIECE.format('piece')} on (?P<at>\d+,\d+) has no free path to (?P<to>\d+,\d+)", "cb.why.no_path"),
    (r"moves only along its own goal line", "cb.why.king_line"),
    (r"the goal mouth (?P<at>\d+,\d+) is the Kings' alone", "cb.why.goal_mouth"),
    (r"(?P<at>\d+,\d+) is occupied", "cb.why.occupied"),
    (r"holds the ball: win it with a tackle first", "cb.why.win_it_first"),
    (rf"{SIDE.format('side')} has no piece next to the ball", "cb.why.no_piece_at_ball"),
    (r"is not next to the ball", "cb.why.not_next_to_ball"),
    (r"cannot take the ball to", "cb.why.no_dribble"),
    (r"no line \(straight, or with one spin", "cb.why.no_ball_line"),
    (rf"{SIDE.format('side')} kicks off and needs a piece next to the ball", "cb.why.kickoff_needs_piece"),
    (rf"{SIDE.format('side')} may not stand next to the ball at", "cb.why.kickoff_other_side"),
    (rf"{SIDE.format('side')}'s {PIECE.format('piece')} on (?P<at>\d+,\d+) is not in", "cb.why.own_half"),
    (r"has spent (?P<mp>\d+) MP in this move", "cb.why.end_move_first"),
    (r"is a whole move.*end the current move first", "cb.why.whole_move"),
    (r"the match is over", "cb.why.over"),
    (r"not now, the match is waiting for", "cb.why.not_now"),
]
_COMPILED = [(re.compile(p), key) for p, key in _PATTERNS]


def translate_reason(t: Callable[..., str], text: str) -> str:
    """The refusal in the screen's language when its shape is known, else as written."""
    for pattern, key in _COMPILED:
        m = pattern.search(text)
        if m is None:
            continue
        values = {}
        for name, value in m.groupdict().items():
            if name.startswith("side"):
                value = t(f"cb.side.{value}")
            elif name.startswith("piece"):
                value = t(f"cb.piece.{value}")
            elif name in ("at", "to"):
                value = name_points_in(t, value)
            values[name] = value
        return contract(t(key, **values))
    return contract(name_points_in(t, text))
