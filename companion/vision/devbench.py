"""Measuring the camera on material others made (``vision-dev``), for ``benchmarks/bench_vision``.

Kept in the package (not the benchmark) so that the training command and the tests can use
the same scoring. Each function takes the material it scores; the caller decides which part
(held out, or tuned-on and labelled so) it reports.
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

import numpy as np

from companion.vision.devdata import FenPhoto, Still, Video


@dataclass
class StillScore:
    photos: int = 0
    cells: int = 0
    cells_right: int = 0
    boards_right: int = 0
    found: int = 0  # corners found within 0.25 cell
    located: int = 0  # ... or within 0.25 cell once turned half round (8x8 only, see line())
    auto_cells: int = 0
    auto_right: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    corner_errors: list[float] = field(default_factory=list)

    def line(self) -> str:
        pct = 100 * self.cells_right / max(self.cells, 1)
        auto = 100 * self.auto_right / max(self.auto_cells, 1)
        med = np.median(self.corner_errors) if self.corner_errors else float("nan")
        return (f"cells {pct:.2f} % ({self.cells_right}/{self.cells}), whole boards "
                f"{self.boards_right}/{self.photos}; corners found within 0.25 cell "
                f"{self.found}/{self.photos} (median error {med:.2f} cell; board located, its "
                f"half turn aside: {self.located}/{self.photos}), cells with found corners "
                f"{auto:.2f} %; errors {self.errors or 'none'}")


def _truth_cells(still: Still) -> dict[str, str]:
    hidden = set(still.truth.get("occluded") or [])
    return {c: s for c, s in still.truth["occupancy"].items() if c not in hidden}


def score_stills(stills: list[Still], read: Callable[[np.ndarray, Any, np.ndarray | None],
                                                    dict[str, str] | None],
                 find: Callable[[np.ndarray, Any], np.ndarray | None] | None = None,
                 known: bool = False) -> StillScore:
    """``read(image, geometry, corners)`` -> cell -> "."/"w"/"b" (None: refused);
    ``find(image, geometry[, expected])`` -> corners or None; ``known``: give ``find`` the
    position standing on the board (as a game does), to tell an 8x8 board's half turn."""
    import cv2

    from companion.vision.geometry import get_geometry

    out = StillScore()
    for still in stills:
        image = cv2.imread(str(still.image), cv2.IMREAD_COLOR)
        g = get_geometry(still.truth["geometry"])
        truth = _truth_cells(still)
        corners = np.asarray(still.truth["corners"], float)
        seen = read(image, g, corners)
        wrong = [c for c in truth if seen is None or seen.get(c) != truth[c]]
        for c in wrong:
            key = f"{truth[c]}->{seen.get(c, '?') if seen else '?'}"
            out.errors[key] = out.errors.get(key, 0) + 1
        out.photos += 1
        out.cells += len(truth)
        out.cells_right += len(truth) - len(wrong)
        out.boards_right += not wrong
        if find is not None:
            found = find(image, g, still.truth["occupancy"]) if known else find(image, g)
            cell = np.linalg.norm(corners[1] - corners[0]) / g.files
            if found is not None:
                err = float(np.linalg.norm(found - corners, axis=1).max() / cell)
                out.corner_errors.append(err)
                out.found += err < 0.25
                # an 8x8 board's squares look the same turned half round: which end is rank 1
                # comes from the pieces, the game's position or the camera stand, not the board
                turned = np.roll(found, 2, axis=0) if g.files == g.ranks else found
                half = float(np.linalg.norm(turned - corners, axis=1).max() / cell)
                out.located += min(err, half) < 0.25
                auto = read(image, g, found)
                if auto is not None:
                    out.auto_right += sum(auto.get(c) == truth[c] for c in truth)
            else:
                out.corner_errors.append(float("inf"))
            out.auto_cells += len(truth)
    return out


@dataclass
class GameScore:
    moves: int = 0
    followed: int = 0
    false: int = 0
    asked: int = 0
    confirmed: int = 0  # moves the camera offered in a question, the true one picked
    restarts: int = 0  # times the referee said the board is right (see follow_game's right)
    ms: list[float] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)

    def add(self, other: "GameScore") -> None:
        self.moves += other.moves
        self.followed += other.followed
        self.false += other.false
        self.asked += other.asked
        self.confirmed += other.confirmed
        self.restarts += other.restarts
        self.ms += other.ms
        self.lines += other.lines

    def line(self) -> str:
        pct = 100 * self.followed / max(self.moves, 1)
        return (f"moves followed {self.followed}/{self.moves} = {pct:.1f} % (target >= 99 %), "
                f"false moves {self.false} (target 0), questions {self.asked}"
                + (f" (offering {self.confirmed} of the moves, picked)" if self.confirmed
                   else "")
                + (f"; the board said right {self.restarts} time(s)" if self.restarts else ""))


def follow_game(variant: str, start_fen: str | None, truth_moves: list[str],
                frames: "Any", corners: np.ndarray | None, name: str = "",
                fps: float | None = None, made: "list[int] | None" = None,
                right: bool = False) -> GameScore:
    """Follow ``frames`` as the app does; a question is answered as the players would (the
    true move when offered, or the true run of moves; else by touch: the true move played)
    and counted. ``fps``: the
    frames' rate when known (a webcam's: the follower's calm is then measured in seconds).
    ``made``: per true move, the frame (counted from the first of ``frames``) from which it
    stands on the board; given, a question that does not offer the truth is answered by
    touch with every true move standing on the board by then (a referee asked to check the
    squares enters all the moves the game lacks), not the next one only. ``right``: asked to
    check squares, the referee also says the board is right once those moves are entered (the
    board screen's camera menu, :meth:`~companion.ui.vision.follow.CameraFollow.start_again`):
    the camera starts again from the game as it then stands, learning the board's look anew.

    A move is followed when the camera played it unasked; false when it played another.
    """
    from companion.rules import get_variant
    from companion.vision.follower import RUN_JOIN, ChangeFollower, EventKind
    from companion.vision.geometry import geometry_for_cells
    from companion.vision.reader import Reader

    v = get_variant(variant)
    pos = v.from_fen(start_fen) if start_fen else v.start_position()
    g = geometry_for_cells(list(pos.geometry.cells))
    from companion.vision.follower import occupancy

    reader = Reader(g, corners, expected=occupancy(pos, g.cells))
    follower = ChangeFollower(pos, fps=fps)
    score = GameScore(moves=len(truth_moves))
    done = 0

    def answer(move: str) -> bool:
        try:
            follower.choose(move)
        except ValueError:  # the camera's picture of the game went astray: give up here
            score.lines.append(f"    {name}: lost the game at {move}")
            return False
        # as the app's screen does after an answer or a touch: the reader is told the position
        # (learnt from it, when the board was not learnt yet)
        reader.tell(occupancy(follower.position, g.cells))
        return True

    for at, frame in enumerate(frames):
        t = time.perf_counter()
        reading = reader.read(frame)
        events = follower.feed(reading)
        score.ms.append(1000 * (time.perf_counter() - t))
        for e in events:
            expected = truth_moves[done] if done < len(truth_moves) else None
            if e.kind is EventKind.MOVE:
                if e.move == expected:
                    score.followed += 1
                    done += 1
                else:
                    score.false += 1
                    score.lines.append(f"    {name}: false move {e.move} (truth {expected})")
                    # the players put it right by touch: take it back, play the true one
                    follower.position.pop()
                    follower.history.pop()
                    if expected is not None:
                        if not answer(expected):
                            return score
                        done += 1
            elif e.kind is EventKind.TAKEBACK:
                score.false += 1
                score.lines.append(f"    {name}: false takeback {e.move}")
            elif expected is not None:
                score.asked += 1
                score.lines.append(f"    {name}: asked {e} (truth {expected})")
                # a run of moves offered (made fast, seen only together) is confirmed when it
                # is the true moves in their order, a move when it is the true one; else the
                # true move is entered by touch (with ``made``: every one standing by now)
                standing = truth_moves[done:max(done + 1, sum(m <= at for m in made))] \
                    if made is not None else [expected]
                picked = next((c.split(RUN_JOIN) for c in e.candidates if RUN_JOIN in c and
                               c.split(RUN_JOIN) == truth_moves[done:done + len(c.split(RUN_JOIN))]),
                              [expected] if expected in e.candidates else [])
                score.confirmed += len(picked)
                run = picked + standing[len(picked):] if picked else standing
                for move in run:
                    if not answer(move):
                        return score
                    done += 1
                if right and e.kind is EventKind.CHECK:
                    follower = ChangeFollower(follower.position, fps=fps)
                    reader.expect(occupancy(follower.position, g.cells))
                    score.restarts += 1
                    break
    missed = len(truth_moves) - done
    if missed:
        score.lines.append(f"    {name}: {missed} move(s) never seen")
    return score


@contextmanager
def _settings(module: Any, **values: Any) -> "Iterator[None]":
    """``module``'s settings named in ``values`` set so for the ``with`` block, then put back
    (a peer in the same run: the code as it was without a session's change)."""
    kept = {name: getattr(module, name) for name in values}
    for name, value in values.items():
        setattr(module, name, value)
    try:
        yield
    finally:
        for name, value in kept.items():
            setattr(module, name, value)


@contextmanager
def follower_changes_off() -> "Iterator[None]":
    """The follower without session 40's changes (a peer in the same run, for benchmarks and
    tests): no bound on waiting for an arm across calm stretches (follower.ARM_KEPT), no
    reading the board to get back on track when stuck (STUCK_LOOKS), no squares named after
    a long silence (SILENT_LOOKS)."""
    from companion.vision import follower

    with _settings(follower, ARM_KEPT=2.0, STUCK_LOOKS=10**9, SILENT_LOOKS=10**9):
        yield


@contextmanager
def relearn_off() -> "Iterator[None]":
    """The reader and follower without sessions 42-43's changes (a peer in the same run, for
    benchmarks and tests): no learning the board again once told the game's position
    (reader.RELEARN), no judging by reading the first calm look after a frame learnt from that
    read squares surely holding a piece or not otherwise (follower.AHEAD_DOUBTED), no squares
    read in the other colour left aside by the runs asked about a board seen ahead
    (follower.AHEAD_RECOLOURED)."""
    from companion.vision import follower, reader

    with _settings(reader, RELEARN=False), \
            _settings(follower, AHEAD_DOUBTED=False, AHEAD_RECOLOURED=0):
        yield


@contextmanager
def relearn_recoloured_off() -> "Iterator[None]":
    """The reader without session 44's change (a peer in the same run): the frame learnt again
    from may read no piece come to a square since the board was learnt in the other colour
    (reader.RELEARN_RECOLOURED)."""
    from companion.vision import reader

    with _settings(reader, RELEARN_RECOLOURED=0):
        yield


@contextmanager
def runs_back_off() -> "Iterator[None]":
    """The follower without session 45's change (a peer in the same run): before squares are
    named, no runs of moves read on the board asked about instead (follower.RUNS_BACK)."""
    from companion.vision import follower

    with _settings(follower, RUNS_BACK=False):
        yield


@contextmanager
def answer_read_off() -> "Iterator[None]":
    """The follower without session 46's change (a peer in the same run): a run found by change
    and answered that did not fit its picture leaves the picture before it agreed
    (follower.ANSWER_READ)."""
    from companion.vision import follower

    with _settings(follower, ANSWER_READ=False):
        yield


@contextmanager
def landing_read_off() -> "Iterator[None]":
    """The follower without session 50's first change (a peer in the same run): a single move
    filling a cell read surely empty that changed only as a shade does is played
    (follower.LANDING_READ)."""
    from companion.vision import follower

    with _settings(follower, LANDING_READ=False):
        yield


@contextmanager
def arm_unread_off() -> "Iterator[None]":
    """The follower without session 50's second change (a peer in the same run): a move inside
    an arm-like patch, none of its cells read as it leaves them, is played once the picture
    held still HOLD_FRAMES (follower.ARM_UNREAD)."""
    from companion.vision import follower

    with _settings(follower, ARM_UNREAD=False):
        yield


@contextmanager
def check_once_off() -> "Iterator[None]":
    """The follower without session 50's third change (a peer in the same run): squares the
    players answered about are named again at the next look, the picture unchanged
    (follower.CHECK_ONCE)."""
    from companion.vision import follower

    with _settings(follower, CHECK_ONCE=False):
        yield


@contextmanager
def arm_stretches_off() -> "Iterator[None]":
    """The follower without session 51's change (a peer in the same run): cells waited on as
    an arm are asked about only after HAND_WAIT looks, however many calm stretches they were
    seen in (follower.ARM_STRETCHES)."""
    from companion.vision import follower

    with _settings(follower, ARM_STRETCHES=0):
        yield


@contextmanager
def track_shade_off() -> "Iterator[None]":
    """The follower without session 51's second change (a peer in the same run): stuck, the
    move the board reads as made is kept out by any cell changed next to its squares
    (follower.TRACK_SHADE)."""
    from companion.vision import follower

    with _settings(follower, TRACK_SHADE=False):
        yield


@contextmanager
def session51_off() -> "Iterator[None]":
    """The follower without session 51's changes (a peer in the same run): neither
    ARM_STRETCHES nor TRACK_SHADE."""
    from companion.vision import follower

    with _settings(follower, ARM_STRETCHES=0, TRACK_SHADE=False):
        yield


@contextmanager
def arm_rest_off() -> "Iterator[None]":
    """The follower without session 52's change (a peer in the same run): an arm resting
    still over the board is waited on HAND_WAIT looks' worth of calm, then its squares are
    named (follower.ARM_REST)."""
    from companion.vision import follower

    with _settings(follower, ARM_REST=0):
        yield


@contextmanager
def arm_twitch_off() -> "Iterator[None]":
    """The follower without session 53's change (a peer in the same run): a resting arm that
    twitches begins a new calm stretch, counted towards ARM_STRETCHES and no longer at rest,
    and a cell of it read unsure at one look but surely at the next ends its rest
    (follower.ARM_TWITCH)."""
    from companion.vision import follower

    with _settings(follower, ARM_TWITCH=False):
        yield


@contextmanager
def resting_changes_off() -> "Iterator[None]":
    """The follower without any of session 50's changes (a peer in the same run): no
    LANDING_READ, ARM_UNREAD, CHECK_ONCE nor STALE_STRAY."""
    from companion.vision import follower

    with _settings(follower, LANDING_READ=False, ARM_UNREAD=False, CHECK_ONCE=False,
                   STALE_STRAY=False):
        yield


@contextmanager
def stale_stray_off() -> "Iterator[None]":
    """The follower without session 50's fourth change (a peer in the same run): a piece read
    where the game has none, on squares STALE_NAMED made read, is set aside as a stray one,
    and the board taken as showing the game (follower.STALE_STRAY)."""
    from companion.vision import follower

    with _settings(follower, STALE_STRAY=False):
        yield


@contextmanager
def stale_named_off() -> "Iterator[None]":
    """The follower without session 47's change (a peer in the same run): many squares named
    by change leave the agreed picture as it was, not the board read until it shows the game
    (follower.STALE_NAMED)."""
    from companion.vision import follower

    with _settings(follower, STALE_NAMED=0):
        yield


@contextmanager
def pair_against_off() -> "Iterator[None]":
    """The follower without session 48's change (a peer in the same run): two moves found by
    change in one look are played though the cells' reader reads a cell of theirs surely
    otherwise (follower.PAIR_AGAINST)."""
    from companion.vision import follower

    with _settings(follower, PAIR_AGAINST=False):
        yield


def video_frames(video: Video) -> "Any":
    import cv2

    for path in sorted(video.frames.iterdir()):
        if path.suffix.lower() in (".jpg", ".jpeg", ".png"):
            yield cv2.imread(str(path), cv2.IMREAD_COLOR)


SPOTLIT_FPS = 10.0  # the rate a vision-dev video is taken at for a shadow's lead (its own is
# not recorded): the shadow's 1.5 s of calm before the game are 15 frames


def spotlit(video: Video, seed: int, frames: "list[np.ndarray] | None" = None
            ) -> tuple[list[np.ndarray], list[int]]:
    """``video``'s frames (``frames``: as read already) under a spotlight's hard-edged shadow
    from before the game into its first move (``synth.webcam.shadow_into_first_move``, shadow
    ``seed``), and the frame from which each true move stands on the board in them."""
    from companion.vision.synth.webcam import shadow_into_first_move

    t = video.truth
    frames = list(video_frames(video)) if frames is None else frames
    shaded = shadow_into_first_move(frames, [f["hand"] for f in t["frames"]], SPOTLIT_FPS,
                                    seed)
    lead = len(shaded) - len(frames)
    return shaded, [m["settled_frame"] + lead for m in t["moves"]]


def held_still(video: Video, at: int, rest: int, frames: "list[np.ndarray] | None" = None
               ) -> tuple[list[np.ndarray], list[int]]:
    """``video``'s frames (``frames``: as read already) with frame ``at`` held ``rest`` frames
    (a hand resting still over the board, when the truth has one there), and the frame from
    which each true move stands on the board in them."""
    frames = list(video_frames(video)) if frames is None else frames
    held = frames[:at] + [frames[at]] * rest + frames[at + 1:]
    return held, [m["settled_frame"] + (rest - 1 if m["settled_frame"] > at else 0)
                  for m in video.truth["moves"]]


TWITCH_EVERY = 15  # frames between a resting hand's twitches (1.5 s at SPOTLIT_FPS)
TWITCH_PX = 3.0  # pixels a twitch moves the hand at most, across and along (640x480: a
# tenth of a cell or less)
HAND_DIFF = 30  # a pixel differing by more than this (any channel) from the calm frame
# before the hand came is the hand's, when joined to the picture's edge


def hand_mask(hand_frame: np.ndarray, calm_frame: np.ndarray) -> np.ndarray:
    """(h, w) uint8, 1 where ``hand_frame`` shows the hand and arm: what differs from
    ``calm_frame`` (taken before the hand came) in parts joined to the picture's edge (an arm
    reaches in from outside it; a piece moved or set aside elsewhere is not the hand),
    closed over small gaps and grown by two pixels."""
    import cv2

    diff = np.abs(hand_frame.astype(np.int16) - calm_frame.astype(np.int16)).max(axis=2)
    mask = cv2.morphologyEx((diff > HAND_DIFF).astype(np.uint8), cv2.MORPH_OPEN,
                            np.ones((3, 3), np.uint8))
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((9, 9), np.uint8))
    _, labels = cv2.connectedComponents(mask)
    edge = set(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]).tolist())
    keep = np.isin(labels, [k for k in edge if k])
    return cv2.dilate(keep.astype(np.uint8), np.ones((5, 5), np.uint8))


def twitching(video: Video, at: int, rest: int, frames: "list[np.ndarray] | None" = None,
              seed: int = 0, every: int = TWITCH_EVERY, shift: float = TWITCH_PX
              ) -> tuple[list[np.ndarray], list[int]]:
    """As :func:`held_still`, but the resting hand twitches: every ``every`` frames of the
    rest it moves (at once, from one frame to the next) by up to ``shift`` pixels across and
    along from where it first rested (drawn from ``seed``), showing the board beneath it as
    the calm frame before the hand came had it where it no longer covers it. The hand is
    :func:`hand_mask`'s, so a piece it holds moves with it."""
    import cv2

    frames = list(video_frames(video)) if frames is None else frames
    hand = [f["hand"] for f in video.truth["frames"]]
    before = at
    while before > 0 and hand[before]:
        before -= 1
    still = frames[at]
    mask = hand_mask(still, frames[before])
    bare = np.where(mask[..., None] > 0, frames[before], still)
    size = (still.shape[1], still.shape[0])
    rng = np.random.default_rng([seed, at, 13])
    now, held = still, []
    for i in range(rest):
        if i and i % every == 0:
            m = np.float32([[1, 0, 0], [0, 1, 0]])
            m[:, 2] = rng.uniform(-shift, shift, 2)
            moved = cv2.warpAffine(still, m, size, borderMode=cv2.BORDER_REPLICATE)
            over = cv2.warpAffine(mask, m, size, borderMode=cv2.BORDER_REPLICATE)
            now = np.where(over[..., None] > 0, moved, bare)
        held.append(now)
    return frames[:at] + held + frames[at + 1:], \
        [m["settled_frame"] + (rest - 1 if m["settled_frame"] > at else 0)
         for m in video.truth["moves"]]


def score_video(video: Video, given_corners: bool = True) -> GameScore:
    t = video.truth
    moves = [m["move"].replace("-", "") for m in t["moves"]]
    # the engine's notation for each true move: from-to, a chain through its path
    moves = [_engine_text(t, m) for m in t["moves"]]
    corners = np.asarray(t["corners"], float) if given_corners else None
    s = follow_game(t["variant"], t["start_fen"], moves, video_frames(video), corners,
                    video.name)
    return s


def _engine_text(truth: dict, move: dict) -> str:
    """The rules engine's text of a ground-truth move (found among the legal moves by its
    position after)."""
    from companion.rules import get_variant

    v = get_variant(truth["variant"])
    pos = v.from_fen(truth["start_fen"])
    for m in truth["moves"]:
        target = m.get("fen_after")
        found = None
        legal_moves = pos.legal_moves()
        for legal in legal_moves:
            if target is None:
                break
            pos.push(legal)
            same = pos.fen().split()[:2] == target.split()[:2]
            pos.pop()
            if same:
                found = legal
                break
        if found is None:  # by its squares: from, then the path
            want = m["from"] + "".join(m["path"])
            texts = {str(x): x for x in legal_moves}
            found = texts.get(want) or next(
                (x for t, x in texts.items() if t.startswith(m["from"]) and m["to"] in t), None)
        if found is None:
            raise ValueError(f"{m['text']}: not a legal move in the replay of the truth")
        if m is move:
            return str(found)
        pos.push(found)
    raise ValueError("move not in the truth")


def photo_chains(photos: list[FenPhoto]
                 ) -> list[tuple[str, list[FenPhoto], list[str]]]:
    """Photos of one orthodox 8x8 game strung into games: a photo follows another when one
    legal move (either side to move, castling rights or none) leads from its position to the
    next one's, and the game goes forward (more cells unlike the start: a knight going home
    is not taken as a move). Returns, per game of at least one move, the first position's
    FEN, its photos in order and the moves in the engine's notation; a photo is in one game
    at most.

    >>> from pathlib import Path
    >>> from companion.vision.devdata import FenPhoto, START_8X8, fen_occupancy
    >>> named = [START_8X8, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR",
    ...          "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR"]
    >>> photos = [FenPhoto(str(i), Path(f"{i}.jpg"), fen_occupancy(b), b)
    ...           for i, b in enumerate(named)]
    >>> [(fen.split()[1], [p.name for p in ps], moves) for fen, ps, moves in photo_chains(photos)]
    [('w', ['0', '1', '2'], ['e2e4', 'e7e5'])]
    """
    from companion.rules import get_variant
    from companion.vision.devdata import START_8X8, fen_occupancy
    from companion.vision.geometry import get_geometry

    variant = get_variant("magici")  # orthodox chess, spells aside
    cells = get_geometry("8x8").cells
    start = fen_occupancy(START_8X8)

    def apart(photo: FenPhoto) -> int:
        return sum(photo.occupancy[c] != start[c] for c in cells)

    def step(a: FenPhoto, b: FenPhoto) -> tuple[str, str] | None:
        for turn in "wb":
            for rights in ("KQkq", "-"):
                fen = f"{a.board} {turn} {rights} - 0 1"
                try:
                    pos = variant.from_fen(fen)
                except ValueError:
                    continue
                for m in pos.legal_moves():
                    pos.push(m)
                    same = pos.fen().split()[0] == b.board
                    pos.pop()
                    if same:
                        return fen, str(m)
        return None

    links: dict[str, tuple[FenPhoto, str, str]] = {}
    for a in photos:
        for b in sorted(photos, key=apart):
            if a.name not in links and apart(b) > apart(a):
                found = step(a, b)
                if found is not None:
                    links[a.name] = (b, *found)
    reached = {b.name for b, _, _ in links.values()}
    used: set[str] = set()
    out = []
    for first in photos:
        if first.name not in links or first.name in reached:
            continue
        chain, moves, fen0 = [first], [], links[first.name][1]
        while chain[-1].name in links and links[chain[-1].name][0].name not in used:
            b, _, move = links[chain[-1].name]
            chain.append(b)
            moves.append(move)
        if moves:
            used.update(p.name for p in chain)
            out.append((fen0, chain, moves))
    return out

