"""Groups reproduced crashes into clusters: one per target, crash type and
state. The target is part of the key because a state names functions that
every target shares (LLVMFuzzerTestOneInput, the round-trip checks of
fuzzers/support), so the same state under two targets need not be one bug.
"""
from __future__ import annotations

import dataclasses
from pathlib import Path

from .minimize import Minimized
from .reproduce import Reproduction, signature
from .runner import Harness
from .sanitizer_report import CrashReport
from .severity import severity
from .targets import UNKNOWN_FORMAT


@dataclasses.dataclass(frozen=True)
class Reproducer:
    path: Path
    target: str
    harness: Harness
    reproduction: Reproduction
    format: str = UNKNOWN_FORMAT  # as `shaderprobe identify` names it


@dataclasses.dataclass
class Cluster:
    report: CrashReport            # of the first reproducer
    reproducers: list[Reproducer]
    minimized: Minimized | None = None

    @property
    def crash_type(self) -> str:
        return self.report.crash_type

    @property
    def crash_state(self) -> list[str]:
        return list(self.report.state)

    @property
    def severity(self) -> str:
        return severity(self.report)

    @property
    def reliable(self) -> bool:
        return all(r.reproduction.reliable for r in self.reproducers)

    @property
    def target(self) -> str:
        return self.reproducers[0].target

    def smallest(self) -> Reproducer:
        return min(self.reproducers, key=lambda r: (r.path.stat().st_size, str(r.path)))


def cluster(reproducers: list[Reproducer]) -> list[Cluster]:
    """Reproducers that crashed, grouped by target and signature, in
    first-seen order."""
    out: dict = {}
    for r in reproducers:
        report = r.reproduction.report
        if report is None:
            continue
        key = (r.target, signature(report))
        if key in out:
            out[key].reproducers.append(r)
        else:
            out[key] = Cluster(report, [r])
    return list(out.values())
