"""The one command line: ``companion``.

Subcommands of the app itself (``run``, ``screenshot``, ``doctor``) live here; the games and
tools add their own (``rules``, ``chessball``, ``vision``...) through a ``register(subparsers)``
function in their package's ``cli`` module, listed in ``PLUGINS``.

Exit status: 0 success, 1 a failure at run time, 2 bad usage or bad input (argparse's
convention, also used for a wrong position string).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys
from collections.abc import Sequence

from companion import __version__

# Packages that add subcommands; each has ``register(subparsers) -> None``.
PLUGINS: tuple[str, ...] = (
    "companion.rules.cli",
    "companion.chessball.cli",
    "companion.magici.cli",
    "companion.vision.cli",
    "companion.event.cli",
)
APP_COMMANDS = frozenset({"run", "screenshot", "doctor"})


class UsageError(Exception):
    """Bad input on the command line: printed and answered with exit status 2."""


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = text.lower().split("x")
        size = int(w), int(h)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 800x480, got {text!r}")
    from companion.config import MAX_SIDE, MIN_SIDE

    if not all(MIN_SIDE <= side <= MAX_SIDE for side in size):
        raise argparse.ArgumentTypeError(f"size {text!r}: each side must be from {MIN_SIDE} to {MAX_SIDE} pixels")
    return size


def nonempty_path(what: str):
    """An argparse type: a path that is not empty (``Path("")`` is the current folder, and an
    empty value was taken as none given: the default folder used unsaid)."""

    def check(text: str) -> str:
        if not text.strip():
            raise argparse.ArgumentTypeError(f"is empty: give {what}")
        return text

    return check


def _add_run_options(p: argparse.ArgumentParser, suppress: bool = False) -> None:
    """The app's options; on the ``run`` sub-parser they default to SUPPRESS so that
    ``companion --lang en run`` keeps the option given before the subcommand."""
    d = {"default": argparse.SUPPRESS} if suppress else {}
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--windowed", action="store_true", help="run in a window", **d)
    mode.add_argument("--fullscreen", action="store_true", help="run full screen (the kiosk mode)", **d)
    p.add_argument("--size", type=_size, metavar="WxH", help="window or display size, e.g. 800x480", **d)
    p.add_argument("--rotate", type=int, choices=(0, 90, 180, 270), help="rotate the picture", **d)
    p.add_argument("--lang", choices=("it", "en"), help="language of the interface", **d)
    p.add_argument("--config", metavar="PATH", type=nonempty_path("the path of a config file"),
                   help="a config file read after all the others", **d)
    p.add_argument("--data-dir", metavar="DIR", type=nonempty_path("a folder"),
                   help="where the match journal lives", **d)
    # for benchmarks and tests: stop after this long, and report when the first frame was shown
    p.add_argument("--quit-after-ms", type=int, help=argparse.SUPPRESS, **d)
    p.add_argument("--trace", action="store_true", help=argparse.SUPPRESS, **d)


def build_parser(with_plugins: bool = True) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="Referee, clock and scorer for ChessBall, Due Re, Scacchi Magici, "
        "Elolbia, Clupso and Camerlano.",
    )
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    _add_run_options(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    run = sub.add_parser("run", help="start the app (the default)")
    _add_run_options(run, suppress=True)
    run.set_defaults(func=_cmd_run)

    shot = sub.add_parser("screenshot", help="render screens to PNG files with no display")
    which = shot.add_mutually_exclusive_group(required=True)
    which.add_argument("--all", action="store_true", help="every screen, in both languages (one with --lang)")
    which.add_argument("--screen", metavar="NAME", help="one screen (see --list)")
    which.add_argument("--list", action="store_true", help="list the screen names")
    shot.add_argument("--out", metavar="DIR", default="shots", help="output folder")
    # the options the app has too default to SUPPRESS, as on `run`: `companion --config X
    # doctor` keeps X (a sub-parser's own default replaced it, and the file went unread)
    keep = {"default": argparse.SUPPRESS}
    shot.add_argument("--lang", choices=("it", "en"), help="one language (default: both)", **keep)
    shot.add_argument("--size", type=_size, metavar="WxH", help="default 800x480", **keep)
    shot.add_argument("--rotate", type=int, choices=(0, 90, 180, 270),
                      help="as the panel is mounted (720x1280 on its side: 90)", **keep)
    shot.add_argument("--config", metavar="PATH", type=nonempty_path("the path of a config file"),
                      **keep)
    shot.set_defaults(func=_cmd_screenshot)

    doctor = sub.add_parser("doctor", help="report display, audio, GPIO, serial and camera")
    doctor.add_argument("--config", metavar="PATH", type=nonempty_path("the path of a config file"),
                        **keep)
    doctor.add_argument("--data-dir", metavar="DIR", type=nonempty_path("a folder"),
                        help="the data folder whose journal to check", **keep)
    doctor.set_defaults(func=_cmd_doctor)

    for name in PLUGINS if with_plugins else ():
        if _module_exists(name):
            try:
                importlib.import_module(name).register(sub)
            except Exception as exc:  # one broken tool must not stop the app from starting
                print(f"companion: the {name.split('.')[1]} commands are unavailable ({exc!r})", file=sys.stderr)
    return parser


def _module_exists(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:  # its package is not there either
        return False


def _cmd_run(args: argparse.Namespace) -> int:
    from companion.app import run_app

    return run_app(args)


def _cmd_screenshot(args: argparse.Namespace) -> int:
    from companion.ui.screenshot import screenshot_command

    return screenshot_command(args)


def _cmd_doctor(args: argparse.Namespace) -> int:
    from companion.hardware.doctor import doctor_command

    return doctor_command(args)


def _needs_plugins(argv: Sequence[str]) -> bool:
    """The game tools' subcommands are only loaded when asked for (or for help): starting the
    app should not pay for importing every engine's command line first."""
    if any(a in ("-h", "--help") for a in argv):
        return True
    words = [a for a in argv if not a.startswith("-")]
    return bool(words) and words[0] not in APP_COMMANDS and not _is_option_value(argv, words[0])


def _is_option_value(argv: Sequence[str], word: str) -> bool:
    # `companion --lang en` has no command: "en" is a value, not a subcommand
    i = list(argv).index(word)
    return i > 0 and argv[i - 1] in ("--size", "--rotate", "--lang", "--config", "--data-dir", "--quit-after-ms")


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(with_plugins=_needs_plugins(argv))
    args = parser.parse_args(argv)
    func = getattr(args, "func", _cmd_run)
    try:
        return int(func(args) or 0)
    except UsageError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `companion ... | head`: the reader left; say nothing more
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
