"""Checks a SARIF or JUnit file the tools wrote (conformance/ci_output.h):
  validate_ci_output.py sarif FILE   against the SARIF 2.1.0 schema's required
                                     fields (tests/triage's check)
  validate_ci_output.py junit FILE   well-formed XML whose counts add up
Exit 0 valid, 1 invalid (the problems on stdout), 77 when this python has no
jsonschema (the caller skips)."""
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))


def sarif_problems(path: Path) -> list[str]:
    import json
    try:
        from tests.triage.sarif_check import sarif_errors
    except ImportError:
        sys.exit(77)
    log = json.loads(path.read_text())
    problems = sarif_errors(log)
    for run in log["runs"]:
        ids = [r["id"] for r in run["tool"]["driver"].get("rules", [])]
        for i, result in enumerate(run.get("results", [])):
            if ids[result["ruleIndex"]] != result["ruleId"]:
                problems.append(f"results/{i}: ruleIndex {result['ruleIndex']} is not {result['ruleId']}")
    return problems


def junit_problems(path: Path) -> list[str]:
    root = ET.parse(path).getroot()
    if root.tag != "testsuites":
        return [f"root is <{root.tag}>"]
    problems = []
    suites = root.findall("testsuite")
    for suite in suites:
        cases = suite.findall("testcase")
        failed = [c for c in cases if c.find("failure") is not None]
        if int(suite.get("tests")) != len(cases) or int(suite.get("failures")) != len(failed):
            problems.append(f"{suite.get('name')}: counts {suite.get('tests')}/{suite.get('failures')}, "
                            f"holds {len(cases)}/{len(failed)}")
        for c in cases:
            if not c.get("classname") or not c.get("name"):
                problems.append(f"{suite.get('name')}: a testcase without classname or name")
            if c.get("time") is not None:
                float(c.get("time"))
    for attr in ("tests", "failures"):
        total = sum(int(s.get(attr)) for s in suites)
        if int(root.get(attr)) != total:
            problems.append(f"testsuites {attr}={root.get(attr)}, suites add up to {total}")
    return problems


def main() -> int:
    kind, path = sys.argv[1], Path(sys.argv[2])
    problems = sarif_problems(path) if kind == "sarif" else junit_problems(path)
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
