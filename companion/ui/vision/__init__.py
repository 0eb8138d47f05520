"""The camera screens (issue 8): the live view with the board as read, and the calibration.

The camera worker (:mod:`~companion.ui.vision.worker`) reads frames in a thread of its own; the
boards' "follow with camera" switch (:mod:`companion.ui.board.screen`) uses the same worker.
"""

from companion.ui.vision import calibration_screen, camera_screen  # noqa: F401  (they register)
