"""Driving the ChessBall screens like a referee: find a button by its text, tap it."""

from __future__ import annotations

from typing import Any

from companion.ui.input import Action, Kind

from ..conftest import tap


ENTERING_X = 280  # the substitution picker's column of entering pieces
LEAVING_X = 20


def tap_at(app: Any, pos: tuple[int, int]) -> None:
    """A finger tap at a logical point (press, release, tap), as the input layer makes it.

    A banner (a goal, half time) covers the header strip until it times out or is tapped:
    a person taps it away first to reach a header button under it (never a main button).
    """
    while app.banners and app.banner_rect().collidepoint(pos):
        before = len(app.banners)
        tap(app, *app.banner_rect().center)
        assert len(app.banners) < before
    tap(app, *pos)


def find(app: Any, label: str, *, startswith: bool = False, column_x: int | None = None) -> Any:
    """The top screen's button with this label (in the column starting at ``column_x``)."""
    for b in app.top.buttons:
        if column_x is not None and b.rect.x != column_x:
            continue
        if b.label == label or (startswith and b.label.startswith(label)):
            return b
    labels = [b.label for b in app.top.buttons]
    raise AssertionError(f"no button {label!r} on {type(app.top).__name__}; buttons: {labels}")


def press(app: Any, key: str, *, startswith: bool = False, prefix: str = "", **values: Any) -> None:
    """Tap the button labelled ``prefix + app.t(key, **values)``; it must be enabled."""
    button = find(app, prefix + app.t(key, **values), startswith=startswith)
    assert button.enabled, f"button {button.label!r} is disabled"
    tap_at(app, button.rect.center)


def enabled(app: Any, key: str, *, startswith: bool = False, prefix: str = "", **values: Any) -> bool:
    return find(app, prefix + app.t(key, **values), startswith=startswith).enabled


def command(app: Any, name: str) -> None:
    app.dispatch(Action(Kind.COMMAND, name=name, source="gpio"))
    app.tick()


def board_tap(app: Any, point: tuple[int, int]) -> None:
    """Tap a lattice point on the tracker's board (a little off-centre: snapping is forgiving);
    when points that mean something are closer together than a finger the magnifier opens,
    and the point is tapped again there, as a person would."""
    x, y = app.top.board.to_pixel(point)
    tap_at(app, (x + 6, y - 5))
    magnifier = getattr(app.top, "magnifier", None)
    if magnifier is not None:
        mx, my = magnifier.to_pixel(point)
        assert magnifier.rect.collidepoint((mx, my)), f"{point} is not in the magnifier around {magnifier.centre}"
        tap_at(app, (mx + 9, my - 8))


def faces(app: Any, picker_faces: list[int], picker: Any) -> None:
    """Type dice faces in by touch on a FacePicker of the top screen."""
    for die, face in enumerate(picker_faces):
        row = picker.row_rect(die)
        x = row.x + (face - 1) * (picker.size + picker.gap) + picker.size // 2
        tap_at(app, (x, row.centery))
