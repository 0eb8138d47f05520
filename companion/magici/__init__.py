"""Scacchi Magici: the referee station (timers, turns, spells, results) and the championship.

Everything here is pure: no pygame, no GPIO; time comes from an injected clock and every
decision is an event in the match journal, so the state is a replay of the journal.

- :mod:`companion.magici.model`: Houses, sides, pieces, results and their ranking points.
- :mod:`companion.magici.spells`: the spell ledger (who may cast what, and when).
- :mod:`companion.magici.station`: the referee station (move and game countdowns, cues).
- :mod:`companion.magici.championship`: four Houses, six games, standings and house points.
"""
