"""Paths the triage tests share."""
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[2]
REPORTS = SOURCE / "tests" / "data" / "triage" / "reports"
BUGGY_TARGET = SOURCE / "tests" / "data" / "triage" / "programs" / "buggy_target.cpp"
THIRD_PARTY_TARGET = SOURCE / "tests" / "data" / "triage" / "programs" / "third_party_target.c"
SARIF_REQUIRED_SCHEMA = Path(__file__).resolve().parent / "sarif-2.1.0-required.schema.json"


def report_text(name: str) -> str:
    return (REPORTS / f"{name}.txt").read_text()
