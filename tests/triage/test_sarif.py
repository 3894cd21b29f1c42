"""report.sarif from parsed reports: one result per cluster, one rule per
kind, locations at the crashing frame, and the schema's required fields."""
import unittest
from pathlib import Path

from sptriage import sanitizer_report, sarif
from sptriage.clusters import Cluster, Reproducer
from sptriage.report_json import cluster_json
from sptriage.reproduce import Reproduction
from sptriage.runner import Harness

from .sarif_check import sarif_errors
from .support import REPORTS, report_text

KINDS = ["heap_buffer_overflow_read", "heap_buffer_overflow_write", "ubsan_shift", "timeout", "oom_rss_limit",
         "leak", "project_container_header_magic"]


def clusters_of(names):
    out = []
    for name in names:
        report = sanitizer_report.parse(report_text(name))
        reproducer = Reproducer(REPORTS / f"{name}.txt", "dxcontainer", Harness(Path("fuzz_dxcontainer")),
                                Reproduction(report, 3, 3, ""))
        out.append(Cluster(report, [reproducer]))
    return out


class Sarif(unittest.TestCase):
    def setUp(self):
        self.clusters = clusters_of(KINDS)
        self.log = sarif.sarif([cluster_json(i + 1, c) for i, c in enumerate(self.clusters)],
                               [c.report for c in self.clusters])

    def test_passes_the_structural_check(self):
        self.assertEqual(sarif_errors(self.log), [])

    def test_the_check_rejects_what_the_schema_requires(self):
        broken = dict(self.log, version="2.0.0")
        del broken["runs"][0]["results"][0]["message"]
        self.assertEqual(len(sarif_errors(broken)), 2)

    def test_one_result_per_cluster_and_one_rule_per_kind(self):
        run = self.log["runs"][0]
        self.assertEqual(len(run["results"]), len(KINDS))
        rules = [r["id"] for r in run["tool"]["driver"]["rules"]]
        self.assertEqual(rules, ["AddressSanitizer/heap-buffer-overflow", "UndefinedBehaviorSanitizer/invalid-shift-exponent",
                                 "libFuzzer/timeout", "libFuzzer/out-of-memory", "LeakSanitizer/memory-leak"])
        for result in run["results"]:
            self.assertEqual(rules[result["ruleIndex"]], result["ruleId"])

    def test_location_is_the_frame_the_state_names(self):
        result = self.log["runs"][0]["results"][-1]
        physical = result["locations"][0]["physicalLocation"]
        self.assertEqual(physical["artifactLocation"], {"uri": "parsers/dxcontainer/container.cpp",
                                                        "uriBaseId": "SRCROOT"})
        self.assertGreater(physical["region"]["startLine"], 0)
        self.assertEqual(result["level"], "error")
        self.assertEqual(result["stacks"][0]["frames"][0]["location"]["physicalLocation"]["artifactLocation"]["uri"],
                         "parsers/core/bytes.h")


if __name__ == "__main__":
    unittest.main()
