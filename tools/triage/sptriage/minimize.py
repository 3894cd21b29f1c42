"""Shrinks a reproducer, with libFuzzer's -minimize_crash=1 or AFL++'s
afl-tmin, and checks that the result still crashes with the same state
(either keeps any crash, so a minimization can wander to another bug;
then the original stays). A broken round trip's first differing byte may
move as bytes before it go, so there the check, its frame and the type
must stay, not the offset."""
from __future__ import annotations

import dataclasses
import shutil
import subprocess
from pathlib import Path

from .reproduce import reproduce, signature
from .runner import Harness, Limits, environment, run_input
from .sanitizer_report import DIFFERENCE_PREFIX, CrashReport


@dataclasses.dataclass(frozen=True)
class Minimized:
    path: Path
    size: int
    original_size: int
    verified: bool   # reproduces the original's type and state
    shrunk: bool     # the minimizer's result was kept (smaller and verified)
    note: str = ""   # why nothing was tried, when nothing was


def same_bug(report: CrashReport | None, expected: CrashReport) -> bool:
    """Whether a minimization's crash is the expected one: the same type and
    state, the first differing byte of a round trip aside."""
    def key(r: CrashReport) -> tuple:
        crash_type, state = signature(r)
        return crash_type, tuple(line for line in state if not line.startswith(DIFFERENCE_PREFIX))
    return report is not None and key(report) == key(expected)


def shrink(harness: Harness, original: Path, candidate: Path, limits: Limits, seconds: int) -> str:
    """Writes the engine's minimization of `original` to `candidate` (when
    it gets one); returns a note when there is no minimizer to run."""
    if harness.engine == "libfuzzer":
        run_input(harness.binary, original, limits, extra=["-minimize_crash=1", f"-max_total_time={seconds}",
                                                           f"-exact_artifact_path={candidate}"])
        return ""
    tmin = shutil.which("afl-tmin")
    if tmin is None:
        return "not minimized: afl-tmin is not installed"
    # afl-tmin runs the target as AFL++ does, @@ and all, and stops where it
    # is; -m none: ASan's shadow memory would break any address space limit.
    try:
        subprocess.run([tmin, "-i", str(original), "-o", str(candidate), "-t", str(limits.timeout_seconds * 1000),
                        "-m", "none", "--", str(harness.binary), *harness.args], stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment(), timeout=seconds,
                       check=False)
    except subprocess.TimeoutExpired:
        candidate.unlink(missing_ok=True)
    return ""


def minimize(harness: Harness, original: Path, out: Path, expected: CrashReport, limits: Limits, seconds: int,
             verify_runs: int) -> Minimized:
    candidate = out.with_name(out.name + ".candidate")
    note = shrink(harness, original, candidate, limits, seconds)
    original_size = original.stat().st_size
    shrunk = False
    if candidate.exists() and candidate.stat().st_size <= original_size:
        shrunk = same_bug(reproduce(harness, candidate, verify_runs, limits).report, expected)
    if shrunk:
        candidate.replace(out)
    else:
        candidate.unlink(missing_ok=True)
        shutil.copyfile(original, out)
    verified = same_bug(reproduce(harness, out, verify_runs, limits).report, expected)
    return Minimized(out, out.stat().st_size, original_size, verified, shrunk, note)
