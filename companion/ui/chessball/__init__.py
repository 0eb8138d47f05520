"""The ChessBall screens: match tracker, lattice board, shot resolver, rolls, substitutions.

Importing this package registers the home tile (``chessball``) and every screen for
``companion screenshot``; the pure rules are in :mod:`companion.chessball`.
"""

from companion.ui.chessball import demo, setup  # noqa: F401  (they register themselves)
