"""report.json: the clusters as data (the schema is in scripts/triage --help
and tools/triage/README.md)."""
from __future__ import annotations

import json
from pathlib import Path

from .clusters import Cluster


def cluster_json(number: int, c: Cluster) -> dict:
    loc = c.report.location
    out = {
        "id": number,
        "target": c.target,
        "binary": str(c.reproducers[0].harness.binary),
        "engine": c.reproducers[0].harness.engine,
        "crash_type": c.crash_type,
        "crash_state": c.crash_state,
        "crash_address": c.report.address,
        "sanitizer": c.report.sanitizer,
        "kind": c.report.kind,
        "severity": c.severity,
        "reliable": c.reliable,
        "location": loc.to_json() if loc else None,
        "reproducers": [{"path": str(r.path), "size": r.path.stat().st_size, "format": r.format,
                         "crashes": r.reproduction.crashes, "runs": r.reproduction.runs} for r in c.reproducers],
        "minimized": None,
        "stack": [f.to_json() for f in c.report.frames],
    }
    if c.minimized:
        m = c.minimized
        out["minimized"] = {"path": str(m.path), "size": m.size, "original_size": m.original_size,
                            "verified": m.verified, "shrunk": m.shrunk, "note": m.note}
    return out


def write(path: Path, clusters: list[Cluster], not_reproduced: list[Path]) -> dict:
    data = {
        "clusters": [cluster_json(i + 1, c) for i, c in enumerate(clusters)],
        "not_reproduced": [str(p) for p in not_reproduced],
    }
    path.write_text(json.dumps(data, indent=2) + "\n")
    return data
