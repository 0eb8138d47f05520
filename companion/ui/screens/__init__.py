"""Every screen module; importing this package registers them all (see ``ui.registry``)."""

from companion.ui import strings  # noqa: F401  (the shell's strings)
from companion.ui.screens import dice, home, resume, settings  # noqa: F401
