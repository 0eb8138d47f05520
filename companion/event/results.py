"""The desk's championship: every result the stations sent, gathered into one results file.

A result comes from one *source* (station, match) and is a game object of the results-file
format (:mod:`companion.magici.files`): an ``event.game`` event (``companion event result``, or
a desk's own entry), or a ``championship.result`` of a station's championship screen (a
``magici-championship`` match, replayed with :func:`companion.magici.championship.replay`).
Undo counts: a source's result is what its effective events say now.

Two sources giving the same game for a fixture count once. Two giving different games are a
**conflict**: the fixture stays out of the standings until a station takes its result back
(undo), and the conflict is shown with both versions; nothing is overwritten silently.

>>> from companion.magici.model import DEFAULT_HOUSES
>>> g = {"round": 1, "board": 1, "home": "Grifondoro", "away": "Serpeverde", "result": "draw_agreement"}
>>> t = tally({("s1", 1): [("event.game", g)], ("s2", 4): [("event.game", dict(g, result="draw_time"))]})
>>> [c["fixture"] for c in t.conflicts], len(t.state.games)
([[1, 1]], 0)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.magici.championship import ChampionshipState
from companion.magici.files import game_record, load_results, to_json

GAME = "event.game"  # data: one game object of the results-file format
RESULT_MATCH = "event-result"  # the journal game of a match that only carries a result
UNDO, REDO = "undo", "redo"


def effective(events: Sequence[tuple[int, str, dict[str, Any]]]) -> list[tuple[str, dict[str, Any]]]:
    """The events that count, ``(kind, data)``, from ``(seq, kind, data)`` in order: the
    journal's undo/redo rule (an undo cancels its target; a redo cancels its undo)."""
    by_seq = {seq: (kind, data) for seq, kind, data in events}
    undone: set[int] = set()
    for seq, kind, data in events:
        try:
            if kind == UNDO:
                undone.add(int(data["target"]))
            elif kind == REDO:
                undone.discard(int(by_seq[int(data["target"])][1]["target"]))
        except (KeyError, TypeError, ValueError):
            continue  # a marker naming nothing known changes nothing
    return [(k, d) for s, k, d in events if k not in (UNDO, REDO) and s not in undone]


def source_games(game: str, events: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    """The game objects one source currently states (raises ValueError if they do not read)."""
    if game == "magici-championship":
        from companion.magici.championship import replay

        state = replay([_Ev(k, d) for k, d in events])
        return [game_record(state, f, g) for f, g in state.played()]
    return [d for k, d in events if k == GAME]


@dataclass(frozen=True)
class _Ev:
    kind: str
    data: dict[str, Any]
    at_ms: int = 0


@dataclass
class Tally:
    state: ChampionshipState
    games: dict[str, dict[str, Any]] = field(default_factory=dict)  # "round.board" -> game + sources
    conflicts: list[dict[str, Any]] = field(default_factory=list)
    rejected: list[dict[str, Any]] = field(default_factory=list)

    def standings_json(self) -> dict[str, Any]:
        """Exactly what ``companion magici standings FILE --json`` prints for these games."""
        return to_json(self.state)


def tally(sources: dict[tuple[str, int], list[tuple[str, dict[str, Any]]]],
          base: dict[str, Any] | None = None, games_of: dict[tuple[str, int], str] | None = None) -> Tally:
    """Gather ``sources`` ((station, match) -> effective (kind, data)) on top of a results file
    ``base`` (houses, options, games already entered)."""
    base = dict(base or {})
    base.pop("standings", None)
    base.pop("format", None)
    base_list = list(base.get("games", []))
    empty = load_results({**base, "games": []}, "championship")
    candidates: dict[tuple[int, int], list[tuple[str, dict[str, Any]]]] = {}

    def offer(source: str, g: Any) -> None:
        try:
            one = load_results({**base, "games": [g]}, source)
        except ValueError as exc:
            rejected.append({"source": source, "game": g, "problem": str(exc)})
            return
        (f, rec), = one.played()
        candidates.setdefault(f.key, []).append((source, game_record(one, f, rec)))

    rejected: list[dict[str, Any]] = []
    for i, g in enumerate(base_list):
        offer(f"file.games[{i}]", g)
    for (station, match), events in sorted(sources.items()):
        game = (games_of or {}).get((station, match), RESULT_MATCH)
        try:
            found = source_games(game, events)
        except (ValueError, KeyError, TypeError) as exc:
            rejected.append({"source": f"{station}/{match}", "game": None, "problem": str(exc)})
            continue
        for g in found:
            offer(f"{station}/{match}", g)

    chosen: dict[str, Any] = {}
    games: dict[str, dict[str, Any]] = {}
    conflicts: list[dict[str, Any]] = []
    for key in sorted(candidates):
        versions: dict[str, dict[str, Any]] = {}
        by_version: dict[str, list[str]] = {}
        for source, rec in candidates[key]:
            text = json.dumps(rec, sort_keys=True)
            versions[text] = rec
            by_version.setdefault(text, []).append(source)
        if len(versions) == 1:
            (text, rec), = versions.items()
            chosen[text] = rec
            games[f"{key[0]}.{key[1]}"] = {**rec, "sources": by_version[text]}
        else:
            conflicts.append({"fixture": list(key),
                              "versions": [{**versions[t], "sources": s} for t, s in by_version.items()]})
    state = load_results({**base, "games": list(chosen.values())}, "championship") if chosen else empty
    return Tally(state, games, conflicts, rejected)
