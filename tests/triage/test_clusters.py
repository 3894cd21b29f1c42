"""Which recorded reports share a cluster: only the same target, crash type
and state; a round trip's first differing byte is part of the state."""
import unittest
from pathlib import Path

from sptriage import sanitizer_report
from sptriage.clusters import Reproducer, cluster
from sptriage.reproduce import Reproduction
from sptriage.runner import Harness

from .support import REPORTS, report_text

WRITER_INDEX64 = "invariant_fxc_writer_index64"
WRITER_TRAILING = "invariant_fxc_writer_trailing"


def reproducer(name: str, target: str) -> Reproducer:
    report = sanitizer_report.parse(report_text(name))
    return Reproducer(REPORTS / f"{name}.txt", target, Harness(Path(f"fuzz_{target}")),
                      Reproduction(report, 1, 1, ""))


def clustered(*pairs: tuple[str, str]) -> list[list[str]]:
    """The report names of each cluster of (report, target) pairs."""
    return [[r.path.stem for r in c.reproducers] for c in cluster([reproducer(*p) for p in pairs])]


class InvariantState(unittest.TestCase):
    def test_names_the_check_the_first_difference_and_the_frame_that_ran_the_check(self):
        report = sanitizer_report.parse(report_text(WRITER_INDEX64))
        self.assertEqual(report.crash_type, "Invariant broken")
        self.assertEqual(report.state, ("write(decode(x)) is not x", "differs at byte 148",
                                        "sp::fuzz::decode_chunk_checked"))

    def test_the_field_the_check_names_is_part_of_the_state(self):
        text = report_text(WRITER_INDEX64).replace("differs at byte 148\n", "differs at byte 148, in a mov instruction\n")
        self.assertEqual(sanitizer_report.parse(text).state,
                         ("write(decode(x)) is not x", "differs at byte 148, in a mov instruction",
                          "sp::fuzz::decode_chunk_checked"))

    def test_a_check_without_an_offset_keeps_its_frames(self):
        text = report_text(WRITER_INDEX64).replace("invariant: write(decode(x)) is not x differs at byte 148\n", "")
        self.assertEqual(sanitizer_report.parse(text).state,
                         ("write(decode(x)) is not x", "sp::fuzz::decode_chunk_checked", "LLVMFuzzerTestOneInput"))


class Clusters(unittest.TestCase):
    def test_two_invariant_findings_differing_in_offset_stay_apart(self):
        self.assertEqual(clustered((WRITER_INDEX64, "fxc_program"), (WRITER_TRAILING, "fxc_program")),
                         [[WRITER_INDEX64], [WRITER_TRAILING]])

    def test_two_invariant_findings_at_one_offset_of_two_instructions_stay_apart(self):
        first = sanitizer_report.parse(report_text(WRITER_INDEX64).replace(
            "differs at byte 148\n", "differs at byte 148, in a mov instruction\n"))
        second = sanitizer_report.parse(report_text(WRITER_INDEX64).replace(
            "differs at byte 148\n", "differs at byte 148, in a dcl_immediateConstantBuffer instruction\n"))
        self.assertNotEqual(first.state, second.state)

    def test_the_same_report_under_two_targets_stays_apart(self):
        for name in (WRITER_INDEX64, "heap_buffer_overflow_read"):
            with self.subTest(report=name):
                self.assertEqual(clustered((name, "vbc"), (name, "d3d9")), [[name], [name]])

    def test_two_sanitizer_reports_with_the_same_state_merge(self):
        pairs = (("heap_buffer_overflow_read", "buggy"), ("heap_buffer_overflow_read_longer", "buggy"))
        reports = [sanitizer_report.parse(report_text(name)) for name, _ in pairs]
        self.assertNotEqual(reports[0].address, reports[1].address)
        self.assertEqual(clustered(*pairs), [["heap_buffer_overflow_read", "heap_buffer_overflow_read_longer"]])


if __name__ == "__main__":
    unittest.main()
