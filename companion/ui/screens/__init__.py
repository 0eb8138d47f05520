"""Every screen module; importing this package registers them all (see ``ui.registry``).

The shell's own screens are here; the games' screen packages (``companion.ui.board``,
``.chessball``, ``.magici``...) register themselves when :func:`ui.registry.load_all` imports
them. The board package is the one whose ``__init__`` stays light, so its registrations are
named here.
"""

from companion.ui import strings  # noqa: F401  (the shell's strings)
from companion.ui.screens import confirm, dice, home, resume, settings  # noqa: F401
from companion.ui.board import games as board_games  # noqa: F401,E402
