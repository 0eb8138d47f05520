"""``companion doctor``: one line per display, audio, GPIO, serial, camera and journal item.

Each line is ``ok``, ``missing`` or ``stand-in`` with what to do. The doctor informs; it exits
0 even when devices are missing, and 2 only for a configuration it cannot read.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any, TextIO

from companion.hardware import checks
from companion.hardware.checks import Finding, Verdict


def gather(config: Any) -> list[Finding]:
    """Every finding, in the order a person reads them; a check that breaks becomes a line."""
    steps: list[tuple[str, Callable[[], list[Finding]]]] = [
        ("config", lambda: checks.check_config(config)),
        ("python", checks.check_python),
        ("display", checks.check_display),
        ("audio", checks.check_audio),
        ("GPIO", lambda: checks.check_gpio(config)),
        ("serial", lambda: checks.check_serial(config)),
        ("camera", lambda: checks.check_camera(config)),
        ("journal", lambda: checks.check_journal(config)),
    ]
    out: list[Finding] = []
    for area, step in steps:
        try:
            out.extend(step())
        except Exception as exc:  # the doctor must finish its round
            out.append(Finding(Verdict.MISSING, area, f"the check itself failed ({type(exc).__name__}: {exc})"))
    return out


def doctor_command(args: argparse.Namespace, out: TextIO | None = None) -> int:
    from companion.config import ConfigError, load_config

    out = out or sys.stdout
    try:
        config = load_config(getattr(args, "config", None))
    except ConfigError as exc:
        print(f"companion doctor: {exc}", file=sys.stderr)
        return 2
    if getattr(args, "data_dir", None):
        from dataclasses import replace
        from pathlib import Path

        config = replace(config, data_dir=Path(args.data_dir))
    findings = gather(config)
    for finding in findings:
        print(finding.line(), file=out)
    counts = {v: sum(f.verdict is v for f in findings) for v in Verdict}
    damaged = f", {counts[Verdict.DAMAGED]} damaged" if counts[Verdict.DAMAGED] else ""
    print(f"-- {counts[Verdict.OK]} ok, {counts[Verdict.MISSING]} missing, "
          f"{counts[Verdict.STAND_IN]} stand-in{damaged}", file=out)
    return 0
