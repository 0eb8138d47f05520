"""A board is learnt from the start position even when the network reads much of the light set
as dark (light wood on brown squares in a dim room), so long as the pieces stand where the
position has them and the light pieces read lighter than the dark ones; a board turned half
round (the start looks alike both ways but for the colours) is not learnt."""

from __future__ import annotations

import numpy as np

from companion.rules import get_variant
from companion.vision.follower import occupancy
from companion.vision.geometry import get_geometry
from companion.vision.reader import Reader, ReadStatus, colour_order, shows_position
from companion.vision.synth import random_scene, render

G = get_geometry("8x8")
START = occupancy(get_variant("magici").start_position(), G.cells)


class DimLightSet:
    """Stands in for the cell network: the light pieces on dark squares read dark (but less
    surely than the dark set), as a real light-wood set on brown squares was; ``turned``:
    the colours as a board turned half round shows them."""

    def __init__(self, turned: bool = False) -> None:
        self.turned = turned
        self.learnt_from: list[str] | None = None
        self.others: list = []

    def probabilities(self, batch: np.ndarray, turns: int = 1) -> np.ndarray:
        rows = []
        for cell in G.cells:
            held = START[cell]
            if held == ".":
                rows.append([0.96, 0.02, 0.02])
            elif (held == "w") != self.turned:
                rows.append([0.01, 0.3, 0.69] if not G.is_light(cell) else [0.01, 0.9, 0.09])
            else:
                rows.append([0.01, 0.02, 0.97])
        return np.array(rows)

    def calibrate(self, batch: np.ndarray, labels: list[str]) -> None:
        self.learnt_from = labels


def reader_with(net: DimLightSet) -> tuple[Reader, np.ndarray]:
    rng = np.random.default_rng(41)
    shot = render(random_scene(rng, G), {c: v for c, v in START.items() if v != "."}, rng)
    reader = Reader(G, shot.corners, expected=START)
    reader.net = net
    return reader, shot.image


def test_the_order_of_light_and_dark_tells_a_board_from_one_turned_half_round():
    net = DimLightSet()
    p = net.probabilities(np.zeros(0))
    assert colour_order(START, G.cells, p) == 1.0
    assert shows_position(START, G.cells, p)
    turned = DimLightSet(turned=True).probabilities(np.zeros(0))
    assert colour_order(START, G.cells, turned) < 0.5
    assert not shows_position(START, G.cells, turned)


def test_a_light_set_read_dark_on_its_dark_squares_is_learnt_from_the_start():
    net = DimLightSet()
    reader, image = reader_with(net)
    first = reader.read(image)
    # the first frame of a video is never learnt from: nothing says it was calm
    assert first.status is ReadStatus.UNEXPECTED and net.learnt_from is None
    second = reader.read(image)
    assert second.ok and second.learnt and reader.learnt
    assert net.learnt_from == [START[c] for c in G.cells]
    assert not reader.read(image).learnt  # the flag marks the one frame learnt from


def test_a_board_turned_half_round_is_not_learnt():
    net = DimLightSet(turned=True)
    reader, image = reader_with(net)
    for _ in range(3):
        assert reader.read(image).status is ReadStatus.UNEXPECTED
    assert net.learnt_from is None and not reader.learnt
