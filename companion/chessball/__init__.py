"""ChessBall (seed 000): chess football with dice, as a pure core a screen can drive.

No pygame, no hardware: rules, paths, dice outcomes and the match reducer only.

Modules
-------
- ``lattice``   the 17×17 half-square lattice, goals, end lines, point parsing.
- ``pieces``    sides, piece kinds, how each kind steps, lineups and halves.
- ``paths``     cheapest legal paths of a piece alone and of the ball alone (passes, throws,
                shots with spin), and the step-by-step checks of a proposed path.
- ``dribble``   a piece with the ball: the cheapest dribble and its tick-by-tick check.
- ``query``     "what does it cost from A to B?" asked of a match position (for a screen).
- ``shot``      power on arrival (18 − steps), the keeper's 3d6, parry direction and rebound.
- ``substitution``  the MP table.
- ``options``   :class:`RuleOptions`, the rulings a club may decide differently.
- ``state``     :class:`MatchState`, a plain value (export with ``to_dict``, ``describe``).
- ``events``    reading event fields; :class:`IllegalEvent`.
- ``turns``     the turn structure: first mover, end of move, turn, half and match.
- ``positional`` the reducer's lattice half: kick-off placement, moves, ball, possession.
- ``match``     the reducer ``apply(state, event) -> state``, ``replay(events)`` and
                :class:`Match` (``check`` then ``apply``; journal the normalised event).
- ``simulate``  a legal, dice-driven match player for tests, benchmarks and demos.
- ``cli``       ``companion chessball shot | path | substitution | replay``.

>>> from companion.chessball import Match, Mode
>>> m = Match(Mode.COUNTING)
>>> _ = m.apply({"kind": "kickoff"})
>>> m.expected()
['roll']

Decisions where RULES.md is silent (a named option where a club could differ)
-----------------------------------------------------------------------------
- Points: the goal mouths (x 5..11 on y = 0 and y = 16) are the Kings' alone; other pieces
  stand anywhere else, end lines and side lines included.
- A piece moving without the ball may not pass through or end on the ball's point.
- Diagonal steps between two occupied points are allowed (the lattice has no walls).
- Knight: one jump per move and per turn (``piece_path(..., knight_jumps=None)`` plans over
  several turns). A Knight with the ball jumps with it: the ball keeps its place beside the
  Knight, 3 MP; besides that jump it may turn the ball around itself, 1 MP a ball step.
- Dribble: a tick costs 1 MP: the ball makes at most one step and the piece at most one step
  of its own kind (a tick where only the piece steps also costs 1 MP); after every tick the
  ball is next to the piece. A Pawn makes at most 2 steps of its own in a dribble. A dribble
  never puts the ball on an end line: only a kick (shot) reaches a goal line.
- Possession: being next to the ball (or on its point). If pieces of both sides are next to
  it, the piece that last took it (received a pass, dribbled, won a tackle, the keeper after a
  save) keeps it; the other side must tackle. Without such a holder either side may play it.
- Pass/throw: the ball stops at the first piece on its line (that piece takes it) and at the
  first end-line point. It is taken by the only piece next to where it stops; next to several
  pieces it is loose (contested).
- Spin: the deviation comes after the ball's 1st or 2nd step (``spin_window``, default 2).
- Shot: any kick that reaches a goal mouth, own goals included; its distance is the kick's
  steps. Power 18 − steps may drop to 0 or below: every roll then beats it (a save).
- Save: the keeper holds the ball on the free point straight in front of him (else the nearest
  free point beside him). Out over the end line outside the goal: the same, for that end's King.
- Parry rebound: from the arrival point, left/centre/right as the keeper sees it facing the
  field (45°, straight out, 45°); the residual counts lattice steps (``parry_unit``: half-square,
  or square = 2 steps); it stops early on the lattice's border or on a piece, which takes it.
- A goal ends the turn (remaining moves and MP are lost); the side that conceded kicks off the
  next turn and moves first in it (``kickoff_side_moves_first``, default on). A goal in turn 25
  still leads to half time, where Black kicks off. After a goal both sides field Bishop, Knight
  and Rook again; at half time without a goal the lineups stay.
- Kick-off placement: every field piece in its own half, the halfway line (y = 8) included;
  at least one piece of the kicking side next to the ball, none of the other side.
- First mover of a turn: ``first_mover`` = by-half (ruling: White in the first half, Black in the
  second) or alternate.
- Tackle: rolls go in one event; every throw but the last is a tie; costs ``tackle_cost`` MP
  (default 0) and one move; at most one tackle per turn in all, whoever starts it
  (``tackles_per_turn`` = one; one_per_player lets each side start one); the winning piece holds
  the ball.
- Substitution: at most one every ``substitution_interval`` (3) turns per side: after one in
  turn t the next is allowed from turn t + 3. The bench is the rest of a chess set, so a side
  can never field two Queens. Substitution, tackle, shot and pass are whole moves.
- Counting mode: ``spend`` events accumulate within a move, ``end_move`` ends it; substitution,
  tackle and shot must start a fresh move.
"""

from companion.chessball.events import IllegalEvent
from companion.chessball.match import Match, apply, new_match, replay
from companion.chessball.options import FirstMover, ParryUnit, RuleOptions, TacklesPerTurn
from companion.chessball.pieces import PieceKind, Side
from companion.chessball.state import MatchState, Mode, Phase

__all__ = [
    "FirstMover", "IllegalEvent", "Match", "MatchState", "Mode", "ParryUnit", "Phase", "PieceKind",
    "RuleOptions", "Side", "TacklesPerTurn", "apply", "new_match", "replay",
]
