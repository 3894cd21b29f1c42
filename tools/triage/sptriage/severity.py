"""Security severity of a crash, by the rules ClusterFuzz applies to
sanitizer crash types: memory reuse (use-after-free, double free) is High,
out-of-bounds access is Medium, a WRITE raises either one level, a wild
read is Medium and a wild write High; null dereferences, undefined
behaviour without a memory access, leaks, timeouts, out-of-memory and
aborts are not security bugs ("None")."""
from __future__ import annotations

from .sanitizer_report import CrashReport

LEVELS = ("None", "Low", "Medium", "High", "Critical")

# ASan error kind -> base level before the access kind is considered.
_BY_KIND = {
    "heap-use-after-free": "High",
    "double-free": "High",
    "bad-free": "High",
    "stack-use-after-return": "High",
    "stack-use-after-scope": "Medium",
    "use-after-poison": "Medium",
    "heap-buffer-overflow": "Medium",
    "stack-buffer-overflow": "Medium",
    "stack-buffer-underflow": "Medium",
    "global-buffer-overflow": "Medium",
    "container-overflow": "Medium",
    "dynamic-stack-buffer-overflow": "Medium",
    "negative-size-param": "Medium",
    "memcpy-param-overlap": "Low",
    "SEGV": "Medium",
    # UBSan checks that are memory accesses in disguise.
    "out-of-bounds-index": "Medium",
}


def severity(report: CrashReport) -> str:
    if report.crash_type.startswith("Null-dereference"):
        return "None"
    level = _BY_KIND.get(report.kind, "None")
    if level != "None" and report.access == "WRITE":
        level = LEVELS[min(LEVELS.index(level) + 1, len(LEVELS) - 1)]
    return level
