"""Reading the physical board with a camera (issue 8).

The pieces, each in a module of its own (none imported here, so the command line stays light):

- :mod:`~companion.vision.geometry` -- the boards (8x8, 11x10 with citadels) and cell names;
- :mod:`~companion.vision.view` -- corners, the straightened top-down image, piece lean;
- :mod:`~companion.vision.calibration` / :mod:`~companion.vision.markers` -- finding the board
  (by its squares, or by printed corner markers) and noticing a moved camera;
- :mod:`~companion.vision.classify` -- each cell empty, light piece or dark piece;
- :mod:`~companion.vision.presence` -- hands and motion over the board;
- :mod:`~companion.vision.reader` -- :class:`Reader`: frames in, :class:`Reading` out;
- :mod:`~companion.vision.follower` -- :class:`Follower`: stable readings in, moves out;
- :mod:`~companion.vision.sources` / :mod:`~companion.vision.store` -- cameras, videos, image
  folders; calibrations kept per camera;
- :mod:`~companion.vision.synth` -- synthetic photos and game videos with ground truth.

A screen uses it like this (``frame`` from a source, ``position`` from the rules engine)::

    reader = Reader(get_geometry("8x8"), corners=None)     # or the four tapped corners
    follower = Follower(position, on_event=journal_the_move)
    reading = reader.read(frame)       # .status: OK, HAND, MOTION, NO_BOARD, CAMERA_MOVED
    for event in follower.feed(reading):   # MOVE, TAKEBACK, AMBIGUOUS (choose()), CHECK
        ...
"""
