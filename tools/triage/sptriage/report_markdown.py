"""report.md: the clusters for people, most severe first."""
from __future__ import annotations

from pathlib import Path

from .severity import LEVELS


def write(path: Path, data: dict) -> None:
    clusters = sorted(data["clusters"], key=lambda c: (-LEVELS.index(c["severity"]), c["id"]))
    lines = ["# Crash triage", "",
             f"{len(clusters)} clusters from {sum(len(c['reproducers']) for c in clusters)} reproducing inputs; "
             f"{len(data['not_reproduced'])} inputs did not reproduce.", ""]
    if clusters:
        lines += ["| # | target | crash type | crash state | severity | reliable | minimized |",
                  "|---|---|---|---|---|---|---|"]
        for c in clusters:
            m = c["minimized"]
            minimized = f"{m['size']} of {m['original_size']} bytes" + ("" if m["verified"] else " (NOT verified)") \
                if m else "-"
            lines.append(f"| {c['id']} | {c['target']} | {c['crash_type']} | {'<br>'.join(c['crash_state'])} | "
                         f"{c['severity']} | {'yes' if c['reliable'] else 'flaky'} | {minimized} |")
        lines.append("")
    for c in clusters:
        lines += [f"## {c['id']}. {c['crash_type']} in {c['crash_state'][0] if c['crash_state'] else '?'}", "",
                  f"- target {c['target']}: `{Path(c['binary']).name}` ({c['engine']}); severity {c['severity']}; "
                  f"{'reproduces every time' if c['reliable'] else 'flaky'}"]
        if c["location"]:
            lines.append(f"- at `{c['location']['file']}:{c['location']['line']}` ({c['location']['function']})")
        if c["crash_address"]:
            lines.append(f"- address {c['crash_address']}")
        lines.append("- crash state:")
        lines += [f"    - `{frame}`" for frame in c["crash_state"]]
        for r in c["reproducers"]:
            lines.append(f"- reproducer `{r['path']}` ({r['size']} bytes, format {r['format']}, crashed {r['crashes']} "
                         f"of {r['runs']} runs)")
        if c["minimized"]:
            lines.append(f"- minimized `{c['minimized']['path']}` ({c['minimized']['size']} bytes)"
                         + (f"; {c['minimized']['note']}" if c["minimized"]["note"] else ""))
        lines.append("")
    if data["not_reproduced"]:
        lines += ["## Did not reproduce", ""] + [f"- `{p}`" for p in data["not_reproduced"]] + [""]
    path.write_text("\n".join(lines))
