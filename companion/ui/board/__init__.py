"""Touch boards for the grid games (Due Re, Scacchi Magici, and Elolbia, Clupso, Camerlano as
the rules engine gains them).

- The pure game sessions live beside the rules: :mod:`companion.rules.session` (a game in the
  journal: start position, moves, referee actions, undo/redo), :mod:`companion.rules.duere_session`
  (Due Re's rolls and dice) and :mod:`companion.rules.notation`; the old names
  ``companion.ui.board.session``, ``.duere_session`` and ``.notation`` still import them.
- :mod:`.view`: the board widget for any geometry; :mod:`.screen` the generic game screen
  (:mod:`.panel` draws its right-hand column, :mod:`.referee` its referee menu).
- :mod:`.duere`, :mod:`.magici`: the two games' screens; :mod:`.games` registers every board
  (the app imports ``companion.ui.board.games``).
- :mod:`.export`: JSON and PGN records.
"""

import sys

from companion.rules import duere_session, notation, session

# The sessions moved out of the UI (no pygame in them); these aliases keep old imports working.
# They live here, not as files at the old paths, so that git sees a pure rename.
for _m in (session, duere_session, notation):
    sys.modules[f"{__name__}.{_m.__name__.rsplit('.', 1)[1]}"] = _m
del _m
