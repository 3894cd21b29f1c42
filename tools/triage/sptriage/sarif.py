"""report.sarif: SARIF 2.1.0, one result per cluster, one rule per kind of
report (ASan error type, UBSan check, LeakSanitizer, libFuzzer timeout and
out-of-memory, aborts and broken invariants). A result's location is the
frame its crash state names first; its stack is the whole crash stack."""
from __future__ import annotations

import json
from pathlib import Path

from .crash_state import Frame
from .sanitizer_report import CrashReport
from .targets import REPO

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
TOOL = "shaderprobe-triage"
SRCROOT = "SRCROOT"

# SARIF result levels by severity: security bugs are errors.
_LEVEL = {"Critical": "error", "High": "error", "Medium": "error", "Low": "warning", "None": "warning"}


def rule_id(report: CrashReport) -> str:
    return f"{report.sanitizer}/{report.kind}"


def _physical(frame: Frame) -> dict | None:
    if not frame.file or frame.line is None:
        return None
    project = frame.project_file
    artifact = {"uri": project, "uriBaseId": SRCROOT} if project else {"uri": Path(frame.file).as_uri()
                                                                        if frame.file.startswith("/") else frame.file}
    region = {"startLine": frame.line}
    if frame.column:
        region["startColumn"] = frame.column
    return {"artifactLocation": artifact, "region": region}


def _location(frame: Frame) -> dict:
    out: dict = {}
    physical = _physical(frame)
    if physical:
        out["physicalLocation"] = physical
    if frame.function:
        out["logicalLocations"] = [{"fullyQualifiedName": frame.name, "kind": "function"}]
    return out


def sarif(clusters_json: list[dict], reports: list[CrashReport]) -> dict:
    rules: list[dict] = []
    index: dict[str, int] = {}
    results = []
    for c, report in zip(clusters_json, reports):
        rid = rule_id(report)
        if rid not in index:
            index[rid] = len(rules)
            rules.append({"id": rid, "name": report.kind,
                          "shortDescription": {"text": f"{report.sanitizer}: {report.kind}"},
                          "properties": {"sanitizer": report.sanitizer}})
        state = " / ".join(c["crash_state"]) or "(no frames)"
        result = {
            "ruleId": rid,
            "ruleIndex": index[rid],
            "level": _LEVEL[c["severity"]],
            "message": {"text": f"{c['crash_type']} in {state} ({Path(c['binary']).name}, severity {c['severity']})"},
            "partialFingerprints": {"targetCrashTypeAndState/v1": f"{c['target']}|{c['crash_type']}|{state}"},
            "properties": {k: c[k] for k in ("crash_type", "crash_state", "severity", "reliable", "target")},
        }
        if report.location:
            result["locations"] = [_location(report.location)]
        if report.frames:
            result["stacks"] = [{"message": {"text": "crash stack"},
                                 "frames": [{"location": _location(f)} for f in report.frames]}]
        results.append(result)
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": TOOL, "rules": rules}},
            "originalUriBaseIds": {SRCROOT: {"uri": REPO.as_uri() + "/"}},
            "results": results,
        }],
    }


def write(path: Path, clusters_json: list[dict], reports: list[CrashReport]) -> None:
    path.write_text(json.dumps(sarif(clusters_json, reports), indent=2) + "\n")
