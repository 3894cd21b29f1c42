"""scripts/nightly's report, history and verdict, on a made-up night (the
steps themselves run in scripts/nightly's own runs, not in ctest: they fuzz
for minutes)."""
import json
import tempfile
import unittest
import xml.dom.minidom
from pathlib import Path

from spnightly import charts, report


def night(date: str = "2026-11-23T01:00:00Z", cov: int = 1000, findings: int = 0) -> dict:
    stats = {"target": "psv0", "seconds": 60, "execs": 600000, "exec_per_sec": 10000, "cov": cov,
             "corpus": 120, "new": 4, "findings": findings}
    return {
        "date": date, "commit": "abc1234", "minutes": 10, "jobs": 2, "seconds_per_target": 60,
        "fuzzing": [stats, dict(stats, target="rts0", cov=None, findings=0)],
        "merge": [{"corpus": "psv0", "before": 116, "after": 118}],
        "regressions": [{"target": "psv0", "replayed": 2, "failed": []}],
        "conformance": {"impls": ["shaderprobe"], "exit": 0, "html": "conform.html", "markdown": "conform.md",
                        "summary": {"cases": 182, "passed": True, "shaderprobe_failures": 0,
                                    "impls": {"shaderprobe": {"accept": 90, "reject": 92, "crash": 0, "timeout": 0,
                                                              "oom": 0, "met": 182, "unmet": 0}},
                                    "sweeps": {"truncate": {"cases": 182, "runs": 179335, "crashes": 0, "mismatches": 0}}}},
        "triage": {"psv0": {"report": "triage/psv0/report.md", "not_reproduced": [],
                            "clusters": [{"id": 1, "crash_type": "Heap-buffer-overflow READ 4",
                                          "crash_state": ["sp::dxc::parse_psv", "LLVMFuzzerTestOneInput"], "severity": "Medium",
                                          "reliable": True, "dir": "triage/psv0/cluster-1",
                                          "reproducers": ["crash-1"]}]}} if findings else {},
        "coverage": {"exit": 0, "html": "coverage/index.html",
                     "folders": {"parsers/core": {"covered": 900, "lines": 1000, "percent": 90.0}}},
        "mutants": {"exit": 0, "count": 100, "seed": 1, "score": 0.8, "report": "mutants/mutants.md",
                    "totals": {"killed": 40, "reached": 50, "not reached": 30, "dropped": 2, "not run": 0},
                    "by_folder": {"parsers/core": 0.75, "parsers/fxc": None},
                    "by_oracle": {"replay": {"ran": 50, "killed": 30}, "fuzz": {"ran": 12, "killed": 2}}},
        "timings": {"install and build": 20.0, "fuzz": 480.0, "merge": 30.0, "conformance": 60.0,
                    "after fuzzing": 90.0, "total": 590.0}, "problems": [],
    }


class TimeSpent(unittest.TestCase):
    def test_the_first_lines_say_how_the_time_went(self):
        n = dict(night(), failures=[])
        text = report.markdown(n).splitlines()[2]
        self.assertEqual(text, "590 s in all: install and build 20 s; fuzzing 480 s (2 targets x 60 s of the 10 "
                               "minutes asked, 2 jobs); after fuzzing 90 s (merge 30, conformance 60).")
        self.assertIn(text, report.page(n, []))


class Verdict(unittest.TestCase):
    def test_clean_night_passes(self):
        self.assertEqual(report.failures(night()), [])

    def test_crash_regression_and_conformance_fail(self):
        n = night(findings=1)
        n["fuzzing"][1]["merge_findings"] = 2
        n["regressions"][0]["failed"] = ["corpus/regressions/psv0/x"]
        n["conformance"]["exit"] = 1
        n["conformance"]["summary"]["passed"] = False
        failures = report.failures(n)
        self.assertEqual(len(failures), 4)
        self.assertIn("new crash", failures[0])
        self.assertIn("fuzz_rts0: 2 input(s) of the corpus merge", failures[1])
        self.assertIn("corpus/regressions/psv0/x", failures[2])
        self.assertIn("conformance", failures[3])


class Reports(unittest.TestCase):
    def test_a_night_without_mutants_and_an_older_history(self):
        n = dict(night(), mutants=None, failures=[])
        self.assertIn("Not run (--mutants 0).", report.markdown(n))
        old = night()
        del old["mutants"]
        series = report.trend_series([dict(old, coverage=old["coverage"]["folders"])])
        self.assertEqual(series["Random mutants killed per parser folder (% of those reached)"], {"all": [None]})

    def test_history_and_pages(self):
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp)
            for i, cov in enumerate((1000, 1100)):
                n = night(date=f"2026-11-2{i + 1}T01:00:00Z", cov=cov, findings=i)
                n["failures"] = report.failures(n)
                report.save_history(out / "history", n)
            history = report.load_history(out / "history")
            self.assertEqual([h["date"][:10] for h in history], ["2026-11-21", "2026-11-22"])
            series = report.trend_series(history)
            self.assertEqual(series["libFuzzer coverage (cov: edges) per target"]["psv0"], [1000, 1100])
            self.assertEqual(series["libFuzzer coverage (cov: edges) per target"]["rts0"], [None, None])
            mutants = series["Random mutants killed per parser folder (% of those reached)"]
            self.assertEqual(mutants, {"all": [80.0, 80.0], "parsers/core": [75.0, 75.0], "parsers/fxc": [None, None]})
            report.write(out, n, history)
            md = (out / "report.md").read_text()
            self.assertIn("[#1 Heap-buffer-overflow READ 4](triage/psv0/cluster-1)", md)
            self.assertIn("**FAIL**", md)
            self.assertIn("40 of 50 reached killed, score 80.0%", md)
            self.assertIn("| parsers/core | 75.0% |", md)
            page = (out / "report.html").read_text()
            self.assertEqual(page.count("<svg"), 5)
            self.assertIn("score <b>80.0%</b>", page)
            self.assertIn('href="triage/psv0/cluster-1">#1 Heap-buffer-overflow READ 4: sp::dxc::parse_psv / '
                          'LLVMFuzzerTestOneInput</a>', page)
            self.assertEqual(json.loads((out / "report.json").read_text())["commit"], "abc1234")


class Charts(unittest.TestCase):
    def test_svg_is_well_formed_with_gaps_and_one_night(self):
        for labels, values in ((["a", "b", "c"], [1, None, 3]), (["a"], [5])):
            svg = charts.line_chart("t <&>", {"s": values, "empty": [None] * len(values)}, labels)
            xml.dom.minidom.parseString(svg)  # raises on malformed XML
            self.assertEqual(svg.count("<circle"), len([v for v in values if v is not None]))

    def test_nice_max(self):
        self.assertEqual([charts.nice_max(v) for v in (0, 0.7, 3, 47, 101, 25000)], [1, 1, 5, 50, 200, 50000])


if __name__ == "__main__":
    unittest.main()
