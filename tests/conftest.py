"""Every test runs headless: no display, no sound card, mock GPIO pins; and away from the user's
data folder (a test run on a station must not change its journal, calibration or camera
switch: the default data folder is a temporary one)."""

import atexit
import os
import shutil
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("COMPANION_STRICT_I18N", "1")  # a screen showing an untranslated key fails
# what the tests make with tempfile (a doctest's journal, the browser's profile) lands in one
# folder, removed when the test process ends; pytest's own tmp_path stays where it was
os.environ.setdefault("PYTEST_DEBUG_TEMPROOT", tempfile.gettempdir())
_TEMP = tempfile.mkdtemp(prefix="companion-tests-")
tempfile.tempdir = _TEMP
atexit.register(shutil.rmtree, _TEMP, True)
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="data-")


def pytest_collection_modifyitems(config, items):
    """The slow tests (``@pytest.mark.slow``, a quarter of a minute or more each) first, the
    rest in their order: run in parallel, a long test begun last keeps one process busy while
    the others have finished (the suite's time on two cores is the busier one's)."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
