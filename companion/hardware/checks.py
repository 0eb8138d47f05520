"""The checks behind ``companion doctor``: one :class:`Finding` per item, never an exception.

Each check looks without changing anything and says what to do when something is not there.
SDL is probed in a child process with a time limit, so a display or sound driver that hangs
cannot hang the doctor.
"""

from __future__ import annotations

import enum
import glob
import importlib.metadata
import importlib.util
import json
import os
import platform
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.hardware.status import DeviceReport, DeviceState

PROBE_TIMEOUT_S = 15.0


class Verdict(enum.Enum):
    OK = "ok"
    MISSING = "missing"
    STAND_IN = "stand-in"
    DAMAGED = "damaged"  # kept but unreadable: a journal moved aside, a match set aside


@dataclass(frozen=True)
class Finding:
    verdict: Verdict
    area: str  # display, audio, GPIO, serial, camera, config, python, journal
    text: str

    def line(self) -> str:
        return f"{self.verdict.value:<9} {self.area:<8} {self.text}"


_FROM_DEVICE = {DeviceState.FOUND: Verdict.OK, DeviceState.MISSING: Verdict.MISSING,
                DeviceState.STAND_IN: Verdict.STAND_IN}


def from_report(area: str, report: DeviceReport) -> Finding:
    return Finding(_FROM_DEVICE[report.state], area, f"{report.name}: {report.message}")


# -- SDL in a child process ------------------------------------------------------------------------
_VIDEO_PROBE = """
import json, os
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame
out = {"pygame": pygame.version.ver, "sdl": ".".join(map(str, pygame.get_sdl_version()))}
try:
    pygame.display.init()
    out["driver"] = pygame.display.get_driver()
    out["sizes"] = [list(s) for s in pygame.display.get_desktop_sizes()]
except pygame.error as exc:
    out["error"] = str(exc)
print(json.dumps(out))
"""

_AUDIO_PROBE = """
import json, os
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame
out = {}
try:
    pygame.mixer.init()
    out["init"] = list(pygame.mixer.get_init() or ())
    out["driver"] = os.environ.get("SDL_AUDIODRIVER") or "default"
except pygame.error as exc:
    out["error"] = str(exc)
print(json.dumps(out))
"""


def run_probe(code: str, timeout: float = PROBE_TIMEOUT_S) -> dict[str, Any]:
    """Run ``code`` in a child Python and return the JSON it prints (or an ``error`` key)."""
    try:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              timeout=timeout, env=dict(os.environ))
    except subprocess.TimeoutExpired:
        return {"error": f"no answer within {timeout:.0f} s (the driver hangs)"}
    except OSError as exc:
        return {"error": str(exc)}
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return {"error": f"the probe failed: {tail}"}
    try:
        return json.loads(lines[-1])
    except ValueError:
        return {"error": f"unexpected probe output {lines[-1]!r}"}


def user_groups() -> set[str] | None:
    """The groups of this process's user, or None off Linux."""
    if not sys.platform.startswith("linux"):
        return None
    import grp

    names = set()
    for gid in os.getgroups() + [os.getgid()]:
        try:
            names.add(grp.getgrgid(gid).gr_name)
        except KeyError:
            pass
    return names


def _group_finding(area: str, needed: tuple[str, ...], why: str) -> Finding | None:
    groups = user_groups()
    if groups is None:
        return None
    if os.geteuid() == 0:
        return Finding(Verdict.OK, area, f"running as root: groups {', '.join(needed)} not needed")
    lacking = [g for g in needed if g not in groups]
    if not lacking:
        return Finding(Verdict.OK, area, f"user is in {', '.join(needed)}")
    return Finding(Verdict.MISSING, area, f"user is not in {', '.join(lacking)} ({why}): "
                   f"sudo usermod -aG {','.join(lacking)} $USER, then log in again")


def check_display() -> list[Finding]:
    out: list[Finding] = []
    probe = run_probe(_VIDEO_PROBE)
    wanted = os.environ.get("SDL_VIDEODRIVER", "")
    if "error" in probe:
        hint = ("check /dev/dri and the video/render groups" if wanted == "kmsdrm"
                else "on the Pi set SDL_VIDEODRIVER=kmsdrm (the service does)")
        out.append(Finding(Verdict.MISSING, "display", f"SDL video did not start ({probe['error']}): {hint}"))
    elif probe.get("driver") in ("dummy", "offscreen"):
        out.append(Finding(Verdict.STAND_IN, "display",
                           f"SDL driver {probe['driver']!r}: headless, nothing is shown "
                           "(on the Pi run with SDL_VIDEODRIVER=kmsdrm, as the service does)"))
    else:
        sizes = ", ".join("x".join(map(str, s)) for s in probe.get("sizes", [])) or "unknown size"
        out.append(Finding(Verdict.OK, "display", f"SDL driver {probe.get('driver')!r}, screen {sizes}"))
    seats = [f"{k}={os.environ[k]}" for k in ("DISPLAY", "WAYLAND_DISPLAY") if os.environ.get(k)]
    cards = sorted(glob.glob("/dev/dri/card*"))
    if seats:
        out.append(Finding(Verdict.OK, "display", "desktop session: " + ", ".join(seats)))
    elif cards:
        out.append(Finding(Verdict.OK, "display", f"no desktop; DRM devices for kmsdrm: {', '.join(cards)}"))
    else:
        out.append(Finding(Verdict.MISSING, "display",
                           "no DISPLAY/WAYLAND_DISPLAY and no /dev/dri/card*: enable the KMS "
                           "driver (dtoverlay=vc4-kms-v3d) or run headless with SDL_VIDEODRIVER=dummy"))
    groups = _group_finding("display", ("video", "render", "input"),
                            "kmsdrm needs video and render; touches need input")
    if groups is not None:
        out.append(groups)
    return out


def check_audio() -> list[Finding]:
    probe = run_probe(_AUDIO_PROBE)
    if "error" in probe:
        return [Finding(Verdict.MISSING, "audio", f"mixer did not start ({probe['error']}): "
                        "the buzzer and screen still work; check the sound card or set "
                        "[sound] enabled = false")]
    if probe.get("driver") == "dummy":
        return [Finding(Verdict.STAND_IN, "audio", "SDL_AUDIODRIVER=dummy: sounds are silent")]
    freq, _fmt, channels = (probe.get("init") or [0, 0, 0])[:3]
    return [Finding(Verdict.OK, "audio", f"mixer at {freq} Hz, {channels} channel(s)")]


def check_gpio(config: Any) -> list[Finding]:
    from companion.hardware.facade import Hardware

    hw = Hardware.from_config(config, post=lambda name: None, with_display=False)
    try:
        if hw.pin_factory_name == "none":
            why = f" ({hw.no_gpio_reason})" if hw.no_gpio_reason else ""
            head = Finding(_FROM_DEVICE[hw.gpio_state], "GPIO", hw.message + why)
        else:
            head = Finding(Verdict.OK, "GPIO", f"pin factory {hw.pin_factory_name}")
        out = [head] + [from_report("GPIO", r) for r in hw.status.values()]
    finally:
        hw.close()
    if hw.pin_factory_name != "none" and glob.glob("/dev/gpiochip*"):
        groups = _group_finding("GPIO", ("gpio",), "lgpio opens /dev/gpiochip*")
        if groups is not None:
            out.append(groups)
    return out


def check_serial(config: Any) -> list[Finding]:
    out: list[Finding] = []
    try:
        from serial.tools import list_ports

        ports = [p.device for p in list_ports.comports()]
    except Exception as exc:
        ports = []
        out.append(Finding(Verdict.MISSING, "serial", f"cannot list ports ({exc})"))
    listing = ", ".join(ports) or "none"
    targets = [("display", config.serial.display), ("display_2", getattr(config.serial, "display_2", ""))]
    if not targets[0][1]:
        out.insert(0, Finding(Verdict.STAND_IN, "serial",
                              "no external display configured (set [serial] display = "
                              f'"/dev/ttyUSB0"); ports seen: {listing}'))
    if not targets[1][1]:
        out.insert(1, Finding(Verdict.STAND_IN, "serial",
                              "no display for board 2 (set [serial] display_2 when two games run at once)"))
    for i, (key, target) in enumerate(targets):
        if not target:
            continue
        board = "" if key == "display" else " (board 2)"
        try:
            import serial

            port = serial.serial_for_url(target, baudrate=config.serial.baud, timeout=0, write_timeout=0.2)
            port.close()
            out.insert(i, Finding(Verdict.OK, "serial", f"display{board} {target} opens at {config.serial.baud} baud"))
        except Exception as exc:
            hint = f"plug it in or fix [serial] {key}"
            if isinstance(exc, PermissionError) or "ermission" in str(exc):
                hint = "add the user to dialout: sudo usermod -aG dialout $USER"
            out.insert(i, Finding(Verdict.MISSING, "serial",
                                  f"display{board} {target} does not open ({exc}): {hint}; ports seen: {listing}"))
    return out


def check_camera(config: Any) -> list[Finding]:
    out: list[Finding] = []
    cameras: list[Any] | None = None
    if importlib.util.find_spec("picamera2") is None:
        out.append(Finding(Verdict.STAND_IN, "camera", "picamera2 is not installed (on the Pi: "
                           "apt install python3-picamera2 and a venv with --system-site-packages)"))
    else:
        try:
            from picamera2 import Picamera2

            cameras = list(Picamera2.global_camera_info())
            names = ", ".join(str(c.get("Model", c)) for c in cameras) or "none attached"
            out.append(Finding(Verdict.OK if cameras else Verdict.MISSING, "camera",
                               f"picamera2: cameras {names}"))
        except Exception as exc:
            out.append(Finding(Verdict.STAND_IN, "camera",
                               f"picamera2 does not import here ({type(exc).__name__}: {exc}): "
                               "it needs libcamera from the OS packages"))
    videos = sorted(glob.glob("/dev/video*"))
    out.append(Finding(Verdict.OK if videos else Verdict.STAND_IN, "camera",
                       f"V4L2 devices: {', '.join(videos) if videos else 'none'}"))
    source = config.camera.source
    if not source:
        out.insert(0, Finding(Verdict.STAND_IN, "camera", "no camera configured ([camera] source)"))
    elif source == "picamera":
        ok = bool(cameras)
        out.insert(0, Finding(Verdict.OK if ok else Verdict.MISSING, "camera",
                              "source picamera " + ("has a camera" if ok else
                                                    "has no camera: check the ribbon cable")))
    elif source.isdigit():
        dev = f"/dev/video{source}"
        ok = os.path.exists(dev)
        out.insert(0, Finding(Verdict.OK if ok else Verdict.MISSING, "camera",
                              f"source {source}: {dev} " + ("exists" if ok else "is not there: plug the camera in")))
    else:
        path = Path(source).expanduser()
        if path.is_dir():
            images = [p for p in path.iterdir() if p.suffix.lower() in (".jpg", ".jpeg", ".png")]
            out.insert(0, Finding(Verdict.OK if images else Verdict.MISSING, "camera",
                                  f"source folder {path}: {len(images)} image(s)"))
        elif path.is_file():
            out.insert(0, Finding(Verdict.OK, "camera", f"source video file {path}"))
        else:
            out.insert(0, Finding(Verdict.MISSING, "camera", f"source {source!r} does not exist: fix [camera] source"))
    return out


def check_python() -> list[Finding]:
    out = [Finding(Verdict.OK, "python", f"Python {platform.python_version()} at {sys.executable}")]
    for dist in ("companion", "pygame-ce", "gpiozero", "pyserial", "opencv-python-headless", "numpy"):
        try:
            out.append(Finding(Verdict.OK, "python", f"{dist} {importlib.metadata.version(dist)}"))
        except importlib.metadata.PackageNotFoundError:
            out.append(Finding(Verdict.MISSING, "python", f"{dist} is not installed: make venv"))
    model = Path("/proc/device-tree/model")
    try:
        machine = model.read_text(errors="replace").strip("\0\n ")
    except OSError:
        machine = f"{platform.system()} {platform.machine()} (not a Raspberry Pi)"
    out.append(Finding(Verdict.OK, "python", f"machine: {machine}"))
    return out


def check_config(config: Any) -> list[Finding]:
    if config.sources:
        return [Finding(Verdict.OK, "config", f"read {path}") for path in config.sources]
    return [Finding(Verdict.OK, "config", "built-in defaults only (no /etc/companion/config.toml, "
                    "no ~/.config/companion/config.toml, no --config)")]


def check_journal(config: Any) -> list[Finding]:
    """The match journal, read only (never written, so it is safe while the app runs): how
    many matches, each one set aside as unreadable, and every damaged file moved aside."""
    from companion.core.journal import Journal, JournalDamaged, JournalError

    folder = Path(config.data_dir)
    path = folder / "journal.db"
    out: list[Finding] = []
    for moved in sorted(folder.glob("journal.damaged-*.db")):
        out.append(Finding(Verdict.DAMAGED, "journal", f"{moved}: a damaged journal moved aside at start-up "
                           "(kept for recovery; delete it by hand once it is not needed)"))
    if folder.exists() and not folder.is_dir():
        out.insert(0, Finding(Verdict.MISSING, "journal", f"{folder}: the data folder is a file: the app "
                              "cannot start there; give another --data-dir or move the file away"))
        return out
    if path.exists() and not path.is_file():
        out.insert(0, Finding(Verdict.MISSING, "journal", f"{path}: a folder where the journal should be: "
                              "the app cannot start there; move it away"))
        return out
    if not path.exists():
        out.insert(0, Finding(Verdict.OK, "journal", f"{path}: not made yet (the app makes it at start)"))
        return out
    try:
        journal = Journal.open(path, readonly=True)
    except JournalDamaged as exc:
        out.insert(0, Finding(Verdict.DAMAGED, "journal", f"{exc}; the app will move it aside at start"))
        return out
    except JournalError as exc:
        out.insert(0, Finding(Verdict.MISSING, "journal", str(exc)))
        return out
    try:
        journal.scan()
        count = len(journal.matches(include_set_aside=True))
        aside = journal.set_aside_matches()
    finally:
        journal.close()
    out.insert(0, Finding(Verdict.OK, "journal", f"{path}: {count} match{'es' if count != 1 else ''}, "
                          f"{len(aside)} set aside"))
    for mid, game, reason in aside:
        out.insert(1, Finding(Verdict.DAMAGED, "journal", f"match {mid} ({game}) set aside, kept in the file: "
                              f"{reason}"))
    return out
