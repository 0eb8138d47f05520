"""The network, the desk and the pure sessions they replay never pull in pygame."""

import subprocess
import sys

import pytest

MODULES = [
    "companion.event",
    "companion.rules.session",
    "companion.rules.duere_session",
    "companion.rules.notation",
    "companion.chessball.session",
]


@pytest.mark.parametrize("module", MODULES)
def test_module_imports_without_pygame(module: str) -> None:
    code = f"import sys, {module}; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False", f"{module} imported pygame"


def test_old_session_paths_are_the_moved_modules() -> None:
    from companion.chessball import session as chessball_session
    from companion.rules import duere_session, notation, session
    from companion.ui.board import duere_session as old_duere
    from companion.ui.board import notation as old_notation
    from companion.ui.board import session as old_session
    from companion.ui.chessball import session as old_chessball

    assert old_session is session and old_duere is duere_session and old_notation is notation
    assert old_chessball is chessball_session
