"""companion: a touchscreen referee, timer and scorer for six chess variants."""

__version__ = "0.1.0"

import os as _os

# pygame prints a greeting on import; the CLI's output must stay clean (tests parse it).
_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
