"""Reading the physical board with a camera (issue 8).

The pieces, each in a module of its own (none imported here, so the command line stays light):

- :mod:`~companion.vision.geometry` -- the boards (8x8, 11x10 with citadels) and cell names;
- :mod:`~companion.vision.view` -- corners, the straightened top-down image, piece lean;
- :mod:`~companion.vision.calibration` / :mod:`~companion.vision.markers` -- finding the board
  (by its squares, or by printed corner markers) and noticing a moved camera;
- :mod:`~companion.vision.cellnet` -- each cell empty, light piece or dark piece, by a small
  network run through OpenCV, which learns the board in use from a known position
  (:mod:`~companion.vision.train`: its recipe and ``companion vision train``);
  :mod:`~companion.vision.classify` -- the rule-based reading used without the network;
- :mod:`~companion.vision.change` -- how much each cell changed between two pictures;
- :mod:`~companion.vision.presence` -- a hand round the board in a lone photo;
- :mod:`~companion.vision.reader` -- :class:`Reader`: frames in, :class:`Reading` out (calm
  from time: the picture stopped changing);
- :mod:`~companion.vision.follower` -- :class:`ChangeFollower`: calm pictures in, moves out
  (every legal move scored by the change it explains); :class:`Follower` for readings
  without pictures;
- :mod:`~companion.vision.devdata` / :mod:`~companion.vision.devbench` -- material others
  made (``../shared/vision-dev``), its fixed tune/held-out split (``split.json``), scoring;
- :mod:`~companion.vision.sources` / :mod:`~companion.vision.store` -- cameras, videos, image
  folders; calibrations kept per camera;
- :mod:`~companion.vision.synth` -- synthetic photos and game videos with ground truth.

A screen uses it like this (``frame`` from a source, ``position`` from the rules engine)::

    reader = Reader(get_geometry("8x8"), corners=None,      # or the four tapped corners
                    expected=occupancy(position, cells))    # learn the board, turn it right
    follower = ChangeFollower(position, on_event=journal_the_move)
    reading = reader.read(frame)   # .status: OK, MOTION, NO_BOARD, CAMERA_MOVED, UNEXPECTED
    for event in follower.feed(reading):   # MOVE, TAKEBACK, AMBIGUOUS (choose()), CHECK
        ...
"""
