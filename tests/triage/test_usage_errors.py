"""scripts/triage's usage errors exit 2 and say why; an input the binary
never ran is one of them, never "did not reproduce"."""
import contextlib
import io
import shutil
import tempfile
import unittest
from pathlib import Path

from sptriage import cli


class UsageErrors(unittest.TestCase):
    def setUp(self):
        self.tmp = Path(tempfile.mkdtemp(prefix="sptriage-usage-"))
        self.addCleanup(shutil.rmtree, self.tmp)
        self.bin = self.tmp / "bin"
        self.bin.mkdir()
        self.input = self.tmp / "crash-1"
        self.input.write_bytes(b"DXBC")

    def fake_binary(self, script: str) -> None:
        path = self.bin / "fuzz_buggy"
        path.write_text("#!/bin/sh\n" + script + "\n")
        path.chmod(0o755)

    def triage(self, *args: str) -> tuple[int, str]:
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            status = cli.main(["--bin-dir", str(self.bin), "--out", str(self.tmp / "out"), *args])
        return status, err.getvalue()

    def test_a_replay_main_given_libfuzzer_flags_is_a_usage_error(self):
        # What the dev preset's replay main prints for "-timeout=10".
        self.fake_binary('echo "error: cannot read $1" >&2; exit 2')
        status, err = self.triage("--target", "buggy", str(self.input))
        self.assertEqual(status, 2)
        self.assertIn("did not run", err)
        self.assertIn("cannot read -timeout=", err)
        self.assertFalse((self.tmp / "out" / "report.json").exists())

    def test_a_clean_libfuzzer_run_is_not_a_crash(self):
        self.fake_binary('for a; do f=$a; done; echo "Running: $f" >&2; echo "Executed $f in 0 ms" >&2')
        status, err = self.triage("--target", "buggy", "--runs", "1", str(self.input))
        self.assertEqual(status, 0, err)
        self.assertIn("0 clusters, 1 not reproduced", err)

    def test_a_missing_input_is_a_usage_error(self):
        self.fake_binary("exit 0")
        status, err = self.triage("--target", "buggy", str(self.tmp / "nope"))
        self.assertEqual(status, 2)
        self.assertIn("does not exist", err)

    def test_a_missing_binary_is_a_usage_error(self):
        status, err = self.triage("--target", "other", str(self.input))
        self.assertEqual(status, 2)
        self.assertIn("fuzz_other is missing", err)

    def test_an_engine_or_its_arguments_without_a_binary_to_run_are_usage_errors(self):
        for args, message in ((["--engine", "afl"], "needs --binary"),
                              (["--binary", str(self.bin / "fuzz_buggy"), "--args", "@@"], "--args is for")):
            with self.subTest(args=args):
                status, err = self.triage(*args, str(self.input))
                self.assertEqual(status, 2)
                self.assertIn(message, err)

    def test_no_inputs_is_a_usage_error(self):
        self.assertEqual(self.triage()[0], 2)


if __name__ == "__main__":
    unittest.main()
