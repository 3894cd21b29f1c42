"""Reproduces one input several times: does it crash every time, and with
the same crash state?"""
from __future__ import annotations

import collections
import dataclasses
from pathlib import Path

from . import sanitizer_report
from .runner import CannotRun, Harness, Limits, RunResult
from .sanitizer_report import CrashReport


@dataclasses.dataclass(frozen=True)
class Reproduction:
    report: CrashReport | None  # the most frequent crash, None when no run crashed
    crashes: int                # runs that ended in that crash
    runs: int
    output: str                 # the stderr of one run with that crash

    @property
    def reliable(self) -> bool:
        return self.report is not None and self.crashes == self.runs


def signature(report: CrashReport) -> tuple[str, tuple[str, ...]]:
    """What makes two crashes the same bug: type and state."""
    return report.crash_type, report.state


def crash_of(result: RunResult) -> CrashReport | None:
    """The run's crash: its report, or for an AFL++ target (no engine in
    the process to report a signal or a hang) how it ended; None when it
    did not crash."""
    try:
        return sanitizer_report.parse(result.stderr)
    except sanitizer_report.NoReport:
        if result.engine == "libfuzzer":
            return None
        if result.timed_out:
            return sanitizer_report.unreported(None)
        return sanitizer_report.unreported(-result.returncode) if result.returncode < 0 else None


def reproduce(harness: Harness, data_file: Path, runs: int, limits: Limits) -> Reproduction:
    seen: collections.Counter = collections.Counter()
    by_signature: dict = {}
    for _ in range(runs):
        result = harness.run(data_file, limits)
        report = crash_of(result)
        if report is None:
            if not result.ran_input:
                last = result.stderr.strip().splitlines()[-1:] or [f"exit status {result.returncode}"]
                raise CannotRun(f"{harness.binary} did not run {data_file} (not a libFuzzer binary?): "
                                f"{last[0]}")
            continue  # ran it, and no run crashed
        seen[signature(report)] += 1
        by_signature.setdefault(signature(report), (report, result.stderr))
    if not seen:
        return Reproduction(None, 0, runs, "")
    best, count = seen.most_common(1)[0]
    report, output = by_signature[best]
    return Reproduction(report, count, runs, output)
