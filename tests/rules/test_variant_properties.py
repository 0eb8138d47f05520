"""Property tests for Elolbia, Clupso and Camerlano: make/unmake restores the position
string, strings round-trip, and mirror-image positions have equal perft counts."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import get_variant, perft

picks = st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=40)

STARTS = {
    "elolbia": [
        "rnbqkbnr/mmmmmmmm/2mmmm2/8/8/2MMMM2/MMMMMMMM/RNBQKBNR w 1",
        "7k/8/1n1n4/8/1n1n4/2M5/8/7K w 1",  # loops of four jumps
        "4k3/mmm5/1b6/8/2M5/1Mm5/8/4K3 b 7",  # edge rule active for Black, chains for both
    ],
    "clupso": [
        "RNBQ1BNR/MMMMMMMM/2MMMM2/8/8/2mmmm2/mmmmmmmm/rnbq1bnr w 1",
        "1N6/m1M5/8/3m4/8/4M3/1m1m4/q7 w 12",  # promotions near both ends
    ],
    "camerlano": [
        "e1c1m1m1c1e/rnbgvkfgbnr/ppppppppppp/11/11/11/11/PPPPPPPPPPP/RNBGFKVGBNR/E1C1M1M1C1E"
        " w Kk 0,0 1",
        "k4r5/4P1P4/11/3G7/11/2p8/11/11/4p6/10K w Kk 1,2 30",  # Shah-file arrivals
        "e1c1m1m1c1e/rnbgv1fgbnr/ppppppppppp/11/11/11/11/PPPPPPPPPPP/RNBGF1VGBNR/E1C1M1M1C1E"
        "[Kk] w Kk 0,0 1",  # both Shahs in their citadels
    ],
}
CLASSICAL = get_variant("camerlano", {"promotion": "name", "citadel": "classical",
                                      "exchange": "escape_check", "giraffe_minimum": 3,
                                      "bishop_minimum": 2})
CASES = [(name, fen) for name, fens in STARTS.items() for fen in fens]


def walk(name: str, fen: str, choices: list[int], variant=None) -> tuple[object, list[str]]:
    pos = (variant or get_variant(name)).from_fen(fen)
    seen = [pos.fen()]
    for pick in choices:
        moves = pos.legal_moves()
        if not moves:
            break
        pos.push(moves[pick % len(moves)])
        seen.append(pos.fen())
    return pos, seen


@settings(max_examples=60, deadline=None)
@given(case=st.sampled_from(CASES), choices=picks)
def test_push_then_pop_restores_the_position_string(case, choices) -> None:
    name, fen = case
    pos, seen = walk(name, fen, choices)
    variant = get_variant(name)
    for text in seen:
        assert variant.from_fen(text).fen() == text
    while len(seen) > 1:
        seen.pop()
        pos.pop()  # type: ignore[attr-defined]
        assert pos.fen() == seen[-1]  # type: ignore[attr-defined]


@settings(max_examples=30, deadline=None)
@given(fen=st.sampled_from(STARTS["camerlano"]), choices=picks)
def test_camerlano_classical_options_undo_exactly(fen, choices) -> None:
    variant = CLASSICAL
    pos, seen = walk("camerlano", fen, choices, variant)
    for text in seen:
        assert variant.from_fen(text).fen() == text
    while len(seen) > 1:
        seen.pop()
        pos.pop()  # type: ignore[attr-defined]
        assert pos.fen() == seen[-1]  # type: ignore[attr-defined]


def _flip_rows(board: str, turn: bool) -> str:
    rows = board.split("/")[::-1]
    if turn:
        rows = [_reverse_row(r) for r in rows]
    return "/".join(rows).swapcase()


def _reverse_row(row: str) -> str:
    tokens: list[str] = []
    i = 0
    while i < len(row):
        j = i + 1
        if row[i].isdigit():
            while j < len(row) and row[j].isdigit():
                j += 1
        tokens.append(row[i:j])
        i = j
    return "".join(reversed(tokens))


def mirror(name: str, fen: str) -> str:
    """The same position with the colours swapped: turned upside down for the draughts games,
    turned 180 degrees for Camerlano (which maps z2 onto z9)."""
    fields = fen.split()
    side = "b" if fields[1] == "w" else "w"
    if name != "camerlano":
        return " ".join([_flip_rows(fields[0], False), side, *fields[2:]])
    board, _, extra = fields[0].partition("[")
    out = _flip_rows(board, True)
    if extra:
        out += f"[{extra[1].swapcase()}{extra[0].swapcase()}]"
    exchanges = "".join(sorted(fields[2].swapcase())) if fields[2] != "-" else "-"
    white, black = fields[3].split(",")
    return " ".join([out, side, exchanges, f"{black},{white}", fields[4]])


def mirror_left_right(fen: str) -> str:
    fields = fen.split()
    return " ".join(["/".join(_reverse_row(r) for r in fields[0].split("/")), *fields[1:]])


@settings(max_examples=25, deadline=None)
@given(case=st.sampled_from(CASES), choices=st.lists(st.integers(0, 10_000), max_size=12))
def test_mirror_images_have_equal_perft_counts(case, choices) -> None:
    name, fen = case
    pos, _ = walk(name, fen, choices)
    text = pos.fen()  # type: ignore[attr-defined]
    variant = get_variant(name)
    depth = 2
    assert perft(variant.from_fen(mirror(name, text)), depth) == perft(pos, depth)  # type: ignore[arg-type]
    assert mirror(name, mirror(name, text)) == text


@settings(max_examples=20, deadline=None)
@given(choices=st.lists(st.integers(0, 10_000), max_size=16))
def test_elolbia_left_right_mirror_has_equal_perft_counts(choices) -> None:
    pos, _ = walk("elolbia", STARTS["elolbia"][0], choices)
    text = pos.fen()  # type: ignore[attr-defined]
    mirrored = get_variant("elolbia").from_fen(mirror_left_right(text))
    assert perft(mirrored, 2) == perft(pos, 2)  # type: ignore[arg-type]


def test_copy_is_independent_of_the_original() -> None:
    for name, fen in CASES:
        pos = get_variant(name).from_fen(fen)
        clone = pos.copy()
        for _ in range(6):
            moves = clone.legal_moves()
            if not moves:
                break
            clone.push(moves[len(moves) // 2])
        assert pos.fen() == fen and clone.fen() != fen
