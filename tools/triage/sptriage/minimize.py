"""Shrinks a reproducer with libFuzzer's -minimize_crash=1 and checks that
the result still crashes with the same state (libFuzzer keeps any crash,
so a minimization can wander to another bug; then the original stays)."""
from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

from .reproduce import reproduce, signature
from .runner import Limits, run_input
from .sanitizer_report import CrashReport


@dataclasses.dataclass(frozen=True)
class Minimized:
    path: Path
    size: int
    original_size: int
    verified: bool   # reproduces the original's type and state
    shrunk: bool     # libFuzzer's result was kept (smaller and verified)


def minimize(binary: Path, original: Path, out: Path, expected: CrashReport, limits: Limits, seconds: int,
             verify_runs: int) -> Minimized:
    candidate = out.with_name(out.name + ".candidate")
    run_input(binary, original, limits, extra=["-minimize_crash=1", f"-max_total_time={seconds}",
                                              f"-exact_artifact_path={candidate}"])
    original_size = original.stat().st_size
    shrunk = False
    if candidate.exists() and candidate.stat().st_size <= original_size:
        check = reproduce(binary, candidate, verify_runs, limits)
        shrunk = check.report is not None and signature(check.report) == signature(expected)
    if shrunk:
        candidate.replace(out)
    else:
        candidate.unlink(missing_ok=True)
        shutil.copyfile(original, out)
    final = reproduce(binary, out, verify_runs, limits)
    verified = final.report is not None and signature(final.report) == signature(expected)
    return Minimized(out, out.stat().st_size, original_size, verified, shrunk)
