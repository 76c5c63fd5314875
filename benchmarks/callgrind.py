"""Instructions of a timed region, counted by valgrind's callgrind: the same from run to run.

A benchmark's child process times its work between two ``time.process_time()`` calls. Run
under callgrind with ``--dump-before=time_process_time``, the counts are written out at each
of those calls, so the second dump holds the region alone: no imports, no warm-up, no
interpreter shutdown. (Subtracting a run of no work from a run of the work, as the scripts did
before, left the start-up's own spread of some ten million instructions in the difference:
two RandomBot games of identical code counted 34 and 52 million.)

    from callgrind import region_instructions
    count = region_instructions([sys.executable, script, "--play", ...], env)
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

MARK = "time_process_time"
"""The C function behind ``time.process_time``: a dump is written as each call begins."""


def region_instructions(argv: list[str], env: dict[str, str] | None = None) -> int:
    """Instructions the process ``argv`` runs between its first two ``time.process_time()``
    calls (it must make exactly two). ``PYTHONHASHSEED=0`` is set, so that sets and dicts
    of strings are walked in the same order each run."""
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "callgrind.out"
        command = [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={out}",
            f"--dump-before={MARK}",
            *argv,
        ]
        environment = {**(os.environ if env is None else env), "PYTHONHASHSEED": "0"}
        done = subprocess.run(command, env=environment, capture_output=True, text=True, check=False)
        dumps = sorted(Path(scratch).glob("callgrind.out.*"))
        if done.returncode != 0 or len(dumps) != 2:
            raise SystemExit(
                f"callgrind: {' '.join(argv[1:])} gave {len(dumps)} timed dumps (two wanted), "
                f"exit {done.returncode}: {done.stderr.strip()[-300:]}"
            )
        for line in out.with_name(out.name + ".2").read_text().splitlines():
            if line.startswith("totals:"):
                return int(line.split()[1])
    raise SystemExit("callgrind: no totals in the region's dump")
