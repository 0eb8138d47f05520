"""``companion vision read`` and ``companion vision follow``: the camera from the command line."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.vision.board_text import LAYOUT_HELP


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    vision = subparsers.add_parser("vision", help="read the physical board with a camera")
    sub = vision.add_subparsers(dest="vision_command", metavar="ACTION", required=True)

    read = sub.add_parser(
        "read", help="read one photo: every cell as '.', 'w' or 'b'",
        description="Read one photo of a board.\n\n" + LAYOUT_HELP + "\n\nWith --json: one "
        'object {"corners": [[x, y], ...], "cells": {"a1": ".", ...}}.\nExit status 1 when '
        "the board is not found; 2 for bad input. Something across the board's edge that may "
        "be a hand is said on stderr, and the photo read all the same.",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    read.add_argument("image", metavar="IMAGE", help="a photo (PNG, JPEG...)")
    read.add_argument("--geometry", required=True, choices=("8x8", "11x10c"),
                      help="8x8, or 11x10c (11 files x 10 ranks with citadels z2 and z9)")
    read.add_argument("--corners", metavar="X1,Y1,X2,Y2,X3,Y3,X4,Y4",
                      help="outer corners of the playing area: the a1 corner, the corner past "
                      "the last file on rank 1, the far corner, the corner beyond a on the last "
                      "rank (pixels). Without it the board is found automatically, a1 named by "
                      "the coordinates printed on the frame or by the pieces when they tell, "
                      "else rank 1 is taken as the side nearer the bottom of the photo (a "
                      "guess, said on stderr).")
    read.add_argument("--json", action="store_true", help="one JSON object instead of the grid")
    read.set_defaults(func=_cmd_read)

    follow = sub.add_parser(
        "follow", help="follow a game on video: print each move found",
        description="Follow a game from a video file, a camera (an index such as 0, or "
        "'picamera') or a folder of frames read in name order. Prints each move on its own "
        "line as the rules engine writes it, 'takeback MOVE' for a move taken back, and lines "
        "starting with '?' for what it could not resolve ('? check SQUARES' or '? which move: "
        "MOVES', a run of moves made fast offered as one candidate, its moves joined by "
        "commas). Status changes (hand over the board, camera moved) go to stderr.")
    follow.add_argument("source", metavar="SOURCE")
    follow.add_argument("--variant", required=True, help="the game (magici, duere, ...)")
    follow.add_argument("--fen", metavar="POS", help="the position at the start (default: the "
                        "game's start position)")
    follow.add_argument("--corners", metavar="X1,Y1,X2,Y2,X3,Y3,X4,Y4",
                        help="as for 'vision read'")
    follow.add_argument("--stable", type=int, default=3, metavar="N",
                        help="calm frames that make a stable sight (default 3; with a known "
                        "frame rate, at least half a second's worth)")
    follow.add_argument("--fps", type=float, metavar="N",
                        help="the frames' rate, for a folder of frames (a camera and a video "
                        "file give their own): the board must then stay calm for half a "
                        "second")
    follow.set_defaults(func=_cmd_follow)

    train = sub.add_parser(
        "train", help="retrain the cell network (needs the [train] extra)",
        description="Retrain the camera's cell network (empty / light piece / dark piece) from "
        "the recipe in companion/vision/train.py: our own renders (seeds 10000 on, many with "
        "other piece sets and squares than our renderer's) and the tune part of "
        "../shared/vision-dev (never its held-out part), strongly augmented; writes the ONNX "
        "file the app runs through OpenCV and its last layer beside it, and the ensemble's "
        "further members (other seeds) beside that. About ten minutes a member on two free CPU "
        "threads.")
    train.add_argument("--out", metavar="FILE", help="where to write the network (default: the "
                       "one the app uses, companion/vision/cellnet.onnx)")
    train.add_argument("--renders", type=int, default=240, metavar="N",
                       help="own renders in the data (default 240)")
    train.add_argument("--copies", type=int, default=3, metavar="N",
                       help="times each picture is used, changed at random (default 3)")
    train.add_argument("--epochs", type=int, metavar="N",
                       help="default the recipe's (10 for the first member, 5 for the others)")
    train.add_argument("--members", type=int, metavar="N",
                       help="networks of the ensemble, each from its own seed (default the "
                       "app's, companion/vision/cellnet.py MEMBERS)")
    train.add_argument("--threads", type=int, default=2, metavar="N", help="CPU threads (2)")
    train.add_argument("--real", nargs=2, metavar=("DIR", "TRUTH"),
                       help="photos of a real board to train on too: the folder they are in, "
                       "and a JSON file giving each one's FEN board field ({\"photos\": "
                       "{name: board}}; those named from its \"held_out_from\" on are left "
                       "out, to measure on); each board is found with its position")
    train.set_defaults(func=_cmd_train)


def _cmd_train(args: argparse.Namespace) -> int:
    from pathlib import Path

    from companion.vision.cellnet import MEMBERS, MODEL, member_path

    for name in ("renders", "copies", "epochs", "threads", "members"):
        if getattr(args, name) is not None and getattr(args, name) < 1:
            return _usage(f"--{name} must be at least 1")
    real = None
    if args.real:
        from companion.vision.train import check_real

        folder, truth = Path(args.real[0]), Path(args.real[1])
        problem = check_real(folder, truth)
        if problem:
            return _usage(f"--real: {problem}")
        real = (folder, truth)
    try:
        import torch  # noqa: F401
    except ImportError:
        return _usage("training needs PyTorch: pip install 'companion[train]' (CPU build)")
    from companion.vision.train import train

    out = Path(args.out) if args.out else MODEL
    if not out.parent.is_dir():
        return _usage(f"--out {args.out}: no such folder {out.parent}")
    from companion.vision.train import EPOCHS

    for k in range(args.members or MEMBERS):
        print(f"member {k + 1}: {member_path(out, k)}", flush=True)
        train(member_path(out, k), renders=args.renders, copies=args.copies,
              epochs=args.epochs or EPOCHS[min(k, 1)], threads=args.threads,
              log=lambda line: print(line, flush=True), seed=k, real=real)
    return 0


def _usage(message: str) -> int:
    print(f"companion vision: {message}", file=sys.stderr)
    return 2


def _cmd_read(args: argparse.Namespace) -> int:
    import cv2

    from companion.vision.board_text import board_json, board_lines
    from companion.vision.geometry import get_geometry
    from companion.vision.reader import Reader, ReadStatus
    from companion.vision.view import check_corners, parse_corners

    geometry = get_geometry(args.geometry)
    try:
        corners = parse_corners(args.corners) if args.corners else None
    except ValueError as exc:
        return _usage(str(exc))
    image = cv2.imread(args.image, cv2.IMREAD_COLOR) if Path(args.image).is_file() else None
    if image is None:
        return _usage(f"cannot read the image {args.image!r}"
                      + ("" if Path(args.image).exists() else ": no such file"))
    if corners is not None:
        try:
            check_corners(corners, (image.shape[1], image.shape[0]), max(geometry.files, geometry.ranks))
        except ValueError as exc:
            return _usage(f"{args.image}: {exc}")
    reader = Reader(geometry, corners)
    try:
        reading = reader.read(image, video=False)
        if reading.status is ReadStatus.HAND:
            # said, and read all the same: what lies across the board's edge may be a hand,
            # or a cloth, a clock or a score sheet beside a real board (one was taken for a
            # hand and the whole photo refused); the cells a hand hides may be wrong
            print(f"companion vision: {args.image}: something unlike the table lies across "
                  "the board's edge (a hand?): cells near it may be read wrong",
                  file=sys.stderr)
            reading = reader.read(image, video=False, hands=False)
    except ValueError as exc:
        return _usage(str(exc))
    if not reading.ok:
        print(f"companion vision: {args.image}: {reading.status.value}", file=sys.stderr)
        return 1
    assert reader.corners is not None
    if corners is None:
        from companion.vision.calibration import naming_guessed

        if naming_guessed(image, geometry, reader.corners):
            # the board is found, but nothing in the photo says which corner is a1
            print(f"companion vision: {args.image}: a1 is a guess (no coordinates read on the "
                  "frame, and the pieces do not tell): rank 1 is taken as the side nearer the "
                  "bottom of the photo; if the board stands the other way round, give "
                  "--corners", file=sys.stderr)
    if args.json:
        print(board_json(reader.corners, reading.cells))
    else:
        print("\n".join(board_lines(geometry, reading.cells)))
    return 0


def _cmd_follow(args: argparse.Namespace) -> int:
    from companion.rules import get_variant
    from companion.vision.follower import ChangeFollower
    from companion.vision.geometry import geometry_for_cells
    from companion.vision.reader import Reader, ReadStatus
    import time

    from companion.core.clock import MonotonicClock
    from companion.vision.sources import (FrameStatus, ImageFolderSource, RetryingSource,
                                          open_source)
    from companion.vision.view import parse_corners

    try:
        variant = get_variant(args.variant)
        position = variant.from_fen(args.fen) if args.fen else variant.start_position()
        geometry = geometry_for_cells(list(position.geometry.cells))
        corners = parse_corners(args.corners) if args.corners else None
        source = open_source(args.source)
    except ValueError as exc:
        return _usage(str(exc))
    if args.stable < 1:
        return _usage("--stable must be at least 1")
    if args.fps is not None and not 0 < args.fps <= 1000:
        return _usage(f"--fps must be above 0 and at most 1000 (got {args.fps:g})")
    from companion.vision.follower import occupancy

    # the position on the board turns a found board the right way round
    reader = Reader(geometry, corners, expected=occupancy(position, geometry.cells))
    follower = ChangeFollower(position, stable_frames=args.stable, fps=args.fps)
    video_file = bool(getattr(source, "is_file", False))
    live = not (isinstance(source, ImageFolderSource) or video_file)
    if live:  # a camera that stops is retried, never the end of the game
        source = RetryingSource(source, MonotonicClock().now_ms)
    last_status = None
    failing = False
    frames = 0
    began, why = time.monotonic(), ""
    try:
        while True:
            frame = source.read()
            if frame.status is FrameStatus.END:
                break
            if frame.status is FrameStatus.FAILED and live and frames == 0 \
                    and time.monotonic() - began > NEVER_ANSWERED_S:
                return _usage(f"camera {args.source}: no frame in {NEVER_ANSWERED_S:g} s"
                              + (f" ({why})" if why else ""))
            if frame.status is FrameStatus.FAILED:
                if frame.message and not frame.message.endswith(": retrying"):
                    why = frame.message
                if video_file:  # a file that is not a video (or breaks off): said, not retried
                    if frames == 0:
                        return _usage(f"{args.source}: not a video OpenCV can read"
                                      + (f" ({frame.message})" if frame.message else ""))
                    print(f"companion vision: {args.source}: unreadable after frame {frames}"
                          + (f" ({frame.message})" if frame.message else ""), file=sys.stderr)
                    break
                if not failing and frame.message:
                    print(f"companion vision: {frame.message}", file=sys.stderr)
                failing = live
                if live:
                    time.sleep(0.05)
                continue
            failing = False
            frames += 1
            assert frame.image is not None
            reading = reader.read(frame.image)
            if reading.status is not last_status and reading.status is not ReadStatus.OK:
                print(f"companion vision: {reading.status.value}", file=sys.stderr)
            last_status = reading.status
            for event in follower.feed(reading, at=frame.time):
                print(event, flush=True)
                if event.together and event.move == event.together[-1]:
                    print(f"companion vision: {' '.join(event.together)} were seen only "
                          "together (made in a row, no calm picture between): check them",
                          file=sys.stderr)
    finally:
        source.close()
    if frames == 0:  # (every image of the folder unreadable: nothing was followed)
        return _usage(f"{args.source}: no frame could be read")
    return 0


# seconds a live camera may take to send its first frame before `vision follow` gives up on it
# (one that stops later is retried for as long as the game lasts)
NEVER_ANSWERED_S = 10.0
