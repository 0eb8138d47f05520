"""Touch boards for the grid games (Due Re, Scacchi Magici, and Elolbia, Clupso, Camerlano as
the rules engine gains them).

- :mod:`.session`: a game in the journal (start position, moves, referee actions, undo/redo);
  :mod:`.duere_session` adds Due Re's rolls and dice.
- :mod:`.view`: the board widget for any geometry; :mod:`.screen` the generic game screen
  (:mod:`.panel` draws its right-hand column, :mod:`.referee` its referee menu).
- :mod:`.duere`, :mod:`.magici`: the two games' screens; :mod:`.games` registers every board
  (the app imports ``companion.ui.board.games``).
- :mod:`.notation`, :mod:`.export`: move notation, JSON and PGN records.
"""
