"""Results files in, standings and games out (CSV and JSON).

A **results file** is JSON; the exported JSON is itself a valid results file::

    {
      "houses": ["Grifondoro", "Serpeverde", "Tassorosso", "Corvonero"],
      "more_spells_better": true,
      "games": [
        {"home": "Grifondoro", "away": "Serpeverde",
         "result": "checkmate", "winner": "Grifondoro",
         "stats": {"Grifondoro": {"spells": 1, "captured": 4, "remaining": 8},
                   "Serpeverde": {"spells": 2, "captured": 2, "remaining": 5}}}
      ]
    }

- ``houses`` (optional, default the seed's four): four names, or objects ``{"name", "colour"}``.
- ``more_spells_better`` (optional, default true): the spells tie-break's direction.
- ``games``: at most six, each a pair of Houses that meet once (``home``/``away`` in either order;
  ``round`` and ``board`` may be given and must then match the schedule). ``result`` is one of
  ``checkmate``, ``enchanted``, ``resignation``, ``draw_time``, ``draw_stalemate``,
  ``draw_agreement``; ``winner`` is a House name (null or absent for a draw). ``stats``
  (optional, zeros if absent) gives per House: ``spells`` used, enemy pieces ``captured``,
  own pieces ``remaining`` (not captured, King included).

>>> state = load_results({"games": [{"home": "Tassorosso", "away": "Corvonero", "result": "draw_agreement"}]})
>>> standings_csv(state).splitlines()[1]
'1,Tassorosso,1,0,0,1,0,1,0,0,0,,Corvonero,35'
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

from companion.magici.championship import SCHEDULE, ChampionshipState, Fixture, fixture_between
from companion.magici.model import DEFAULT_HOUSES, House, ResultKind, SideStats
from companion.magici.standings import GameRecord, StandingRow, TieBreakOptions

FORMAT = "magici-championship/1"
STANDING_FIELDS = ("place", "house", "played", "won", "enchanted", "drawn", "lost", "ranking_points",
                   "spells", "captured", "remaining", "decided_by", "shared_with", "house_points")
GAME_FIELDS = ("round", "board", "home", "away", "result", "winner",
               "home_spells", "home_captured", "home_remaining", "away_spells", "away_captured", "away_remaining")


def number(value: Fraction) -> int | float:
    """House points as a plain number: 25, or 26.667 when a share is not whole."""
    return int(value) if value.denominator == 1 else round(float(value), 3)


def load_results(data: Any, where: str = "results") -> ChampionshipState:
    """A championship state from a results file's JSON; ValueError naming the bad entry."""
    if not isinstance(data, dict):
        raise ValueError(f"{where}: expected a JSON object with 'games'")
    unknown = set(data) - {"format", "houses", "more_spells_better", "games", "standings", "house_points_provisional"}
    if unknown:
        raise ValueError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    raw_houses = data.get("houses", [h.to_data() for h in DEFAULT_HOUSES])
    if not isinstance(raw_houses, list) or len(raw_houses) != 4:
        raise ValueError(f"{where}.houses: a championship has four Houses, got {raw_houses!r}")
    houses = tuple(House.from_data(h, f"{where}.houses[{i}]") for i, h in enumerate(raw_houses))
    more = data.get("more_spells_better", True)
    if not isinstance(more, bool):  # (the text "false" was taken as true: the tie-break reversed)
        raise ValueError(f"{where}.more_spells_better: true or false, got {more!r}")
    if "format" in data and data["format"] != FORMAT:
        raise ValueError(f"{where}.format: {data['format']!r}, this version reads {FORMAT!r}")
    state = ChampionshipState(houses, TieBreakOptions(more))
    if len({h.name.casefold() for h in houses}) != 4:
        raise ValueError(f"{where}.houses: four different names needed, got {list(state.names)}")
    games = data.get("games", [])
    if not isinstance(games, list):
        raise ValueError(f"{where}.games: expected a list")
    records: dict[tuple[int, int], GameRecord] = {}
    for i, g in enumerate(games):
        at = f"{where}.games[{i}]"
        try:
            f, record = _game(state, g)
        except (ValueError, TypeError) as exc:
            raise ValueError(f"{at}: {exc}") from None
        if f.key in records:
            raise ValueError(f"{at}: {state.names[f.home]} - {state.names[f.away]} is entered twice")
        records[f.key] = record
    return ChampionshipState(state.houses, state.options, records)


def _game(state: ChampionshipState, g: Any) -> tuple[Fixture, GameRecord]:
    if not isinstance(g, dict):
        raise ValueError(f"expected an object with home, away, result; got {g!r}")
    unknown = set(g) - {"round", "board", "home", "away", "result", "winner", "stats"}
    if unknown:
        raise ValueError(f"unknown field(s) {', '.join(sorted(unknown))}")
    for name in ("home", "away", "result"):
        if name not in g:
            raise ValueError(f"missing {name!r}")
    a, b = state.house_index(g["home"]), state.house_index(g["away"])
    if a == b:
        raise ValueError(f"a House does not play itself ({g['home']!r})")
    f = fixture_between(a, b)
    if ("round" in g or "board" in g) and (g.get("round"), g.get("board")) != f.key:
        raise ValueError(f"{g['home']} - {g['away']} is round {f.round} board {f.board} in the schedule")
    result = ResultKind.parse(g["result"])
    winner = g.get("winner")
    win = None if winner is None else state.house_index(winner)
    if win is not None and win not in (a, b):
        raise ValueError(f"winner {winner!r} did not play this game")
    stats = g.get("stats", {})
    if not isinstance(stats, dict):
        raise ValueError("stats: expected an object keyed by House name")
    by_house = {state.house_index(k): SideStats.from_data(v, f"stats.{k}") for k, v in stats.items()}
    if set(by_house) - {a, b}:
        raise ValueError(f"stats: only {g['home']} and {g['away']} played this game")
    return f, GameRecord(f.home, f.away, result, win, by_house.get(f.home, SideStats()), by_house.get(f.away, SideStats()))


def read_json(path: str | Path) -> Any:
    """The JSON in the file at ``path``; ValueError naming the file and what is wrong."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ValueError(f"{path}: cannot read ({exc.strerror or exc})") from None
    except UnicodeDecodeError as exc:
        raise ValueError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path}: not valid JSON (line {exc.lineno}: {exc.msg})") from None
    except RecursionError:
        raise ValueError(f"{path}: not valid JSON (nested too deep)") from None


def read_results(path: str | Path) -> ChampionshipState:
    return load_results(read_json(path), str(path))


def standing_record(state: ChampionshipState, row: StandingRow) -> dict[str, Any]:
    return {
        "place": row.place, "house": row.name, "played": row.played, "won": row.won,
        "enchanted": row.enchanted, "drawn": row.drawn, "lost": row.lost,
        "ranking_points": row.ranking_points, "spells": row.spells, "captured": row.captured,
        "remaining": row.remaining, "decided_by": row.decided_by.value if row.decided_by else None,
        "shared_with": [state.names[h] for h in row.shared_with], "house_points": number(row.house_points),
    }


def game_record(state: ChampionshipState, f: Fixture, g: GameRecord) -> dict[str, Any]:
    n = state.names
    return {
        "round": f.round, "board": f.board, "home": n[g.home], "away": n[g.away], "result": g.result.value,
        "winner": None if g.winner is None else n[g.winner],
        "stats": {n[g.home]: g.home_stats.to_data(), n[g.away]: g.away_stats.to_data()},
    }


def to_json(state: ChampionshipState) -> dict[str, Any]:
    """Houses, options, every game and the standings; readable back by :func:`load_results`."""
    return {
        "format": FORMAT,
        "houses": [h.to_data() for h in state.houses],
        "more_spells_better": state.options.more_spells_better,
        "games": [game_record(state, f, g) for f, g in state.played()],
        "standings": [standing_record(state, r) for r in state.standings().rows],
        # house points are final only when all six games are in
        "house_points_provisional": not state.complete,
    }


def standings_csv(state: ChampionshipState) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(STANDING_FIELDS)
    for row in state.standings().rows:
        rec = standing_record(state, row)
        rec["decided_by"] = rec["decided_by"] or ""
        rec["shared_with"] = " ".join(rec["shared_with"])
        w.writerow(rec[k] for k in STANDING_FIELDS)
    return out.getvalue()


def games_csv(state: ChampionshipState) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(GAME_FIELDS)
    n = state.names
    for f in SCHEDULE:
        g = state.games.get(f.key)
        if g is None:
            w.writerow([f.round, f.board, n[f.home], n[f.away]] + [""] * 8)
            continue
        w.writerow([f.round, f.board, n[g.home], n[g.away], g.result.value, "" if g.winner is None else n[g.winner],
                    *g.home_stats.to_data().values(), *g.away_stats.to_data().values()])
    return out.getvalue()


def standings_text(state: ChampionshipState) -> str:
    """A fixed-width table for a terminal."""
    head = (f"{'#':<3} {'House':<14} {'P':>2} {'W':>2} {'E':>2} {'D':>2} {'L':>2} {'Pts':>4} {'Sp':>3} "
            f"{'Cap':>4} {'Left':>4}  {'Decided by':<13} {'House pts':>9}")
    lines = [head, "-" * len(head)]
    for r in state.standings().rows:
        place = f"{r.place}=" if r.shared else str(r.place)
        by = "shared" if r.shared else (r.decided_by.value.replace("_", " ") if r.decided_by else "")
        lines.append(f"{place:<3} {r.name[:14]:<14} {r.played:>2} {r.won:>2} {r.enchanted:>2} {r.drawn:>2} "
                     f"{r.lost:>2} {r.ranking_points:>4} {r.spells:>3} {r.captured:>4} {r.remaining:>4}  "
                     f"{by:<13} {number(r.house_points):>9}")
    played = len(state.games)
    if played < len(SCHEDULE):
        lines.append(f"({played} of {len(SCHEDULE)} games played)")
    return "\n".join(lines)
