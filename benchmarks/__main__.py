"""Run every benchmark script in this folder, one after the other."""

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", GPIOZERO_PIN_FACTORY="mock",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    only = sys.argv[1:]
    failed = []
    for script in sorted(HERE.glob("bench_*.py")):
        if only and not any(o in script.stem for o in only):
            continue
        print(f"\n=== {script.name}", flush=True)
        if subprocess.run([sys.executable, str(script)], env=env).returncode != 0:
            failed.append(script.name)
    if failed:
        print(f"\nfailed: {', '.join(failed)}")
    return 1 if failed else 0


raise SystemExit(main())
