"""The learned cell reader: empty, light piece or dark piece, from a small network run by OpenCV.

Each cell is seen as a crop of the straightened board two cells wide centred on it (so the
crop also holds the squares round it, the reference for "light" and "dark" under this light,
and the body of a tall piece that rises out of the cell). The crops are taken from the log
picture less the median of the playing area (a brighter or darker exposure is an offset).

The network (``cellnet.onnx`` beside this file, a few tens of kB, trained by
``companion vision train`` -- :mod:`companion.vision.train`) runs through ``cv2.dnn``: the app
needs nothing beyond OpenCV and numpy. It gives three scores per cell and the features under
them; :meth:`CellNet.calibrate` learns, from one picture of a known position (the start of a
game), what empty cells, light and dark pieces look like *on this board, under this light*, by
retuning the network's last layer on these cells (held near the trained one).

>>> import numpy as np
>>> from companion.vision.geometry import get_geometry
>>> from companion.vision.synth import random_scene, render
>>> g = get_geometry("8x8")
>>> rng = np.random.default_rng(7)
>>> shot = render(random_scene(rng, g), {"d1": "w", "e8": "b", "c4": "w"}, rng)
>>> net = CellNet.load()
>>> seen = net.read(shot.image, g, shot.corners)
>>> seen["d1"], seen["e8"], seen["c4"], seen["e4"]
('w', 'b', 'w', '.')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from companion.vision.geometry import BoardGeometry
from companion.vision.view import BoardView

MODEL = Path(__file__).resolve().parent / "cellnet.onnx"
CELL = 12  # pixels per cell in the straightened picture the crops come from
CROP = 2 * CELL  # a crop is two cells wide, centred on its cell
CLASSES = (".", "w", "b")
TUNE_STEPS = 200  # gradient steps when learning a board
TUNE_RATE = 0.5
TUNE_HOLD = 0.05  # pull of the trained last layer against this board's examples


def straighten(image: np.ndarray, geometry: BoardGeometry, corners: object) -> tuple[
        np.ndarray, BoardView]:
    """The normalised straightened picture (float32, 3 channels) and its view."""
    view = BoardView.from_corners(geometry, corners, (image.shape[1], image.shape[0]), CELL)
    top = view.warp(image)
    if top.ndim == 2:
        top = np.repeat(top[..., None], 3, axis=2)
    log = np.log(top.astype(np.float32) + 8.0)
    m, S = int(view.margin * CELL), CELL
    area = log[m : m + geometry.ranks * S, m : m + geometry.files * S]
    log -= np.median(area.reshape(-1, 3), axis=0)
    return log, view


def crops(image: np.ndarray, geometry: BoardGeometry, corners: object) -> np.ndarray:
    """(cells, 3, CROP, CROP) float32 crops, rows in ``geometry.cells`` order."""
    log, view = straighten(image, geometry, corners)
    return crops_from(log, view)


def crops_from(log: np.ndarray, view: BoardView) -> np.ndarray:
    g = view.geometry
    centres = np.array([g.cell_centre(c) for c in g.cells])
    top = np.round(view.plane_to_top(centres)).astype(int)
    h, w = log.shape[:2]
    pad = CROP
    padded = cv2.copyMakeBorder(log, pad, pad, pad, pad, cv2.BORDER_REPLICATE)
    out = np.empty((len(top), 3, CROP, CROP), np.float32)
    half = CROP // 2
    for i, (x, y) in enumerate(top):
        x, y = int(np.clip(x, 0, w)) + pad, int(np.clip(y, 0, h)) + pad
        out[i] = padded[y - half : y + half, x - half : x + half].transpose(2, 0, 1)
    return out


def _softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


@dataclass
class CellNet:
    """The network, and what it learnt of the board in use (after :meth:`calibrate`).

    The network's last layer (scores from the features) is kept beside it
    (``cellnet_head.npz``) so that learning a board can retune that layer: the features stay
    the network's, the weights move only as far as this board's examples pull them from the
    trained ones.
    """

    net: "cv2.dnn.Net"
    weight: np.ndarray  # (3, k) the trained last layer ...
    bias: np.ndarray  # (3,)
    tuned: tuple[np.ndarray, np.ndarray] | None = None  # ... and as learnt for this board
    _names: list[str] = field(default_factory=lambda: ["logits", "features"])

    @classmethod
    def load(cls, path: Path | str = MODEL) -> "CellNet":
        path = Path(path)
        if not path.exists():
            raise FileNotFoundError(f"cell network {path} is missing: run 'companion vision "
                                    "train' (needs the [train] extra)")
        net = cv2.dnn.readNetFromONNX(str(path))
        head = np.load(path.with_name(path.stem + "_head.npz"))
        return cls(net, head["weight"].astype(np.float64), head["bias"].astype(np.float64))

    @classmethod
    def available(cls) -> bool:
        return MODEL.exists() and MODEL.with_name(MODEL.stem + "_head.npz").exists()

    def run(self, batch: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Scores (n, 3) and features (n, k) of a batch of crops."""
        self.net.setInput(np.ascontiguousarray(batch, np.float32))
        logits, features = self.net.forward(self._names)
        return logits.reshape(len(batch), -1), features.reshape(len(batch), -1)

    def probabilities(self, batch: np.ndarray, turns: int = 1) -> np.ndarray:
        """(n, 3) probabilities of empty, light, dark; ``turns`` > 1 averages the crops seen
        turned by quarter turns and mirrored (up to 8 ways: slower, steadier)."""
        out = np.zeros((len(batch), len(CLASSES)))
        views = [(k, m) for m in (False, True) for k in range(4)][: max(1, min(turns, 8))]
        for k, mirror in views:
            b = np.rot90(batch, k, axes=(2, 3))
            if mirror:
                b = b[:, :, :, ::-1]
            logits, features = self.run(np.ascontiguousarray(b))
            if self.tuned is not None:
                w, bias = self.tuned
                logits = features.astype(np.float64) @ w.T + bias
            out += _softmax(logits)
        return out / len(views)

    def read(self, image: np.ndarray, geometry: BoardGeometry, corners: object
             ) -> dict[str, str]:
        p = self.probabilities(crops(image, geometry, corners))
        return {c: CLASSES[int(k)] for c, k in zip(geometry.cells, p.argmax(axis=1))}

    def calibrate(self, batch: np.ndarray, labels: list[str], steps: int = TUNE_STEPS) -> None:
        """Learn this board from crops of a known position (``labels``: "."/"w"/"b" each):
        the last layer is retuned on them, held near the trained one."""
        _, features = self.run(batch)
        f = features.astype(np.float64)
        y = np.array([CLASSES.index(x) for x in labels])
        onehot = np.eye(len(CLASSES))[y]
        # each class counts alike, however many cells it has in this position
        counts = np.maximum(onehot.sum(axis=0), 1)
        weights = (onehot / counts).sum(axis=1) / max(int((counts > 0).sum()), 1)
        w, b = self.weight.copy(), self.bias.copy()
        scale = 1.0 / max(float((f**2).sum(axis=1).mean()), 1e-6)
        for _ in range(steps):
            p = _softmax(f @ w.T + b)
            g = (p - onehot) * weights[:, None]  # (n, 3)
            gw = g.T @ f + TUNE_HOLD * (w - self.weight)
            gb = g.sum(axis=0) + TUNE_HOLD * (b - self.bias)
            w -= TUNE_RATE * scale * gw
            b -= TUNE_RATE * gb
        self.tuned = (w, b)

    def forget(self) -> None:
        self.tuned = None
