"""The ChessBall screens: match tracker, lattice board, shot resolver, rolls, substitutions.

Importing this package registers the home tile (``chessball``) and every screen for
``companion screenshot``; the pure rules are in :mod:`companion.chessball`.
"""

import sys

from companion.chessball import session
from companion.ui.chessball import demo, setup  # noqa: F401  (they register themselves)

# The session moved to companion.chessball (no pygame in it); the old name still imports it. An
# alias here, not a file at the old path, so that git sees a pure rename.
sys.modules[f"{__name__}.session"] = session

