"""scripts/triage on a real libFuzzer binary (programs/buggy_target.cpp
built with clang-22): clusters, minimization, reports, regressions."""
import json
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

from sptriage import cli

from .sarif_check import sarif_errors
from .support import BUGGY_TARGET

CLANG = shutil.which("clang++-22")

# name -> bytes; the first byte picks the bug in buggy_target.cpp.
INPUTS = {
    "overflow-long": b"h" + b"x" * 40,
    "overflow-short": b"hey",          # same bug, same state: one cluster
    "use-after-free": b"u" + b"y" * 30,
    "abort": b"A" + b"z" * 20,
    "harmless": b"zz",
}


@unittest.skipUnless(CLANG, "clang++-22 is not installed")
class EndToEnd(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = Path(tempfile.mkdtemp(prefix="sptriage-"))
        bin_dir = cls.tmp / "bin"
        bin_dir.mkdir()
        subprocess.run([CLANG, "-std=c++20", "-O1", "-g", "-fsanitize=fuzzer,address,undefined",
                        "-fno-sanitize-recover=all", str(BUGGY_TARGET), "-o", str(bin_dir / "fuzz_buggy")], check=True)
        inputs = cls.tmp / "inputs"
        inputs.mkdir()
        for name, data in INPUTS.items():
            (inputs / name).write_bytes(data)
        cls.out = cls.tmp / "out"
        cls.status = cli.main(["--target", "buggy", "--bin-dir", str(bin_dir), "--out", str(cls.out), "--runs", "2",
                               "--minimize-seconds", "2", str(inputs)])
        cls.report = json.loads((cls.out / "report.json").read_text())

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def test_clusters(self):
        self.assertEqual(self.status, 1)
        kinds = sorted((c["crash_type"], c["crash_state"][0]) for c in self.report["clusters"])
        self.assertEqual(kinds, [("Abrt", "demo::fail_check"), ("Heap-buffer-overflow READ 1", "demo::heap_overflow_read"),
                                 ("Heap-use-after-free READ 1", "demo::use_after_free")])
        overflow = next(c for c in self.report["clusters"] if c["crash_type"].startswith("Heap-buffer"))
        self.assertEqual(len(overflow["reproducers"]), 2)
        self.assertEqual([Path(p).name for p in self.report["not_reproduced"]], ["harmless"])
        for c in self.report["clusters"]:
            self.assertTrue(c["reliable"])

    def test_minimized_reproduces_and_is_not_larger(self):
        for c in self.report["clusters"]:
            m = c["minimized"]
            self.assertTrue(m["verified"], c["crash_type"])
            self.assertLessEqual(m["size"], m["original_size"])
            self.assertEqual(Path(m["path"]).stat().st_size, m["size"])
        uaf = next(c for c in self.report["clusters"] if "use-after-free" in c["crash_type"])
        self.assertLess(uaf["minimized"]["size"], uaf["minimized"]["original_size"])

    def test_reports(self):
        log = json.loads((self.out / "report.sarif").read_text())
        self.assertEqual(sarif_errors(log), [])
        self.assertEqual(len(log["runs"][0]["results"]), 3)
        markdown = (self.out / "report.md").read_text()
        self.assertIn("| High | yes |", markdown)
        self.assertIn("## Did not reproduce", markdown)


if __name__ == "__main__":
    unittest.main()
