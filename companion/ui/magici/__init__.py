"""Scacchi Magici screens: the hub (home tile), new game, the game timer, the spell ledger, the
army builder, results, the championship and its standings.

Importing this package registers the home tile and every screen (for ``companion screenshot``).
"""

from companion.ui.magici import strings  # noqa: F401
from companion.ui.magici import demos, hub, refusals  # noqa: F401  (refusals registers its strings)
