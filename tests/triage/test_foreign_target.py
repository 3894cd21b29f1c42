"""scripts/triage --binary on a target of another project
(programs/third_party_target.c, built with clang-22 from a folder outside
this tree, so no frame is the project's): as a libFuzzer target, and as an
AFL++ target given its input on the command line and on stdin."""
import json
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

from sptriage import cli

from .support import THIRD_PARTY_TARGET

CLANG = shutil.which("clang-22")

# 'R', then a length byte that says 48 bytes follow, where 26 do.
CRASH = b"R\x30" + b"abcdefghijklmnopqrstuvwxyz"
HARMLESS = b"Q\x30"


def libfuzzer_available() -> bool:
    """Whether clang-22 links -fsanitize=fuzzer (its runtime is a package
    of its own)."""
    if CLANG is None:
        return False
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "probe.c"
        source.write_text("#include <stddef.h>\n#include <stdint.h>\n"
                          "int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { return 0; }\n")
        return subprocess.run([CLANG, "-fsanitize=fuzzer", str(source), "-o", str(Path(tmp) / "probe")],
                              capture_output=True, check=False).returncode == 0


class ForeignTarget(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = Path(tempfile.mkdtemp(prefix="sptriage-foreign-"))
        cls.source = cls.tmp / "target.c"
        shutil.copyfile(THIRD_PARTY_TARGET, cls.source)
        cls.inputs = cls.tmp / "crashes"
        cls.inputs.mkdir()
        (cls.inputs / "crash-1").write_bytes(CRASH)
        (cls.inputs / "crash-2").write_bytes(CRASH + b"0123456789")
        (cls.inputs / "harmless").write_bytes(HARMLESS)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def build(self, name: str, *flags: str) -> Path:
        binary = self.tmp / name
        subprocess.run([CLANG, "-g", "-O1", *flags, str(self.source), "-o", str(binary)], check=True)
        return binary

    def triage(self, out: str, *args: str) -> tuple[int, dict]:
        status = cli.main(["--out", str(self.tmp / out), "--runs", "2", "--minimize-seconds", "2", *args,
                           str(self.inputs)])
        return status, json.loads((self.tmp / out / "report.json").read_text())

    def assert_one_cluster_naming_the_planted_bug(self, report: dict, target: str) -> dict:
        self.assertEqual(len(report["clusters"]), 1, report["clusters"])
        c = report["clusters"][0]
        self.assertEqual(c["target"], target)
        self.assertTrue(c["crash_type"].startswith("Heap-buffer-overflow READ"), c["crash_type"])
        self.assertEqual(c["crash_state"][0], "planted_record_overread")
        self.assertEqual(sorted(Path(r["path"]).name for r in c["reproducers"]), ["crash-1", "crash-2"])
        self.assertEqual({r["format"] for r in c["reproducers"]}, {"unknown"})
        self.assertEqual([Path(p).name for p in report["not_reproduced"]], ["harmless"])
        return c

    @unittest.skipUnless(libfuzzer_available(), "clang-22 with libFuzzer is not installed")
    def test_a_libfuzzer_target(self):
        binary = self.build("fuzz_records", "-fsanitize=fuzzer,address")
        status, report = self.triage("libfuzzer", "--binary", str(binary))
        self.assertEqual(status, 1)
        c = self.assert_one_cluster_naming_the_planted_bug(report, "records")
        self.assertEqual(c["engine"], "libfuzzer")
        m = c["minimized"]
        self.assertTrue(m["verified"])
        self.assertTrue(m["shrunk"])
        self.assertLess(m["size"], len(CRASH))
        self.assertEqual(Path(m["path"]).read_bytes()[:1], b"R")
        self.assertTrue((self.tmp / "libfuzzer" / "report.sarif").exists())
        self.assertIn("`fuzz_records` (libfuzzer)", (self.tmp / "libfuzzer" / "report.md").read_text())

    @unittest.skipUnless(CLANG, "clang-22 is not installed")
    def test_an_afl_target_on_the_command_line_and_on_stdin(self):
        binary = self.build("readrecords", "-DAFL_MAIN", "-fsanitize=address")
        for out, args in (("afl-file", ["--args", "-x @@"]), ("afl-stdin", [])):
            with self.subTest(args=args):
                status, report = self.triage(out, "--binary", str(binary), "--engine", "afl", *args)
                self.assertEqual(status, 1)
                c = self.assert_one_cluster_naming_the_planted_bug(report, "readrecords")
                self.assertEqual(c["engine"], "afl")
                m = c["minimized"]
                self.assertTrue(m["verified"])
                if shutil.which("afl-tmin") is None:
                    self.assertEqual(m["note"], "not minimized: afl-tmin is not installed")
                    self.assertEqual(m["size"], m["original_size"])


class UnreportedAflCrash(unittest.TestCase):
    """An AFL++ target that prints no report is named by how it ended."""

    def setUp(self):
        self.tmp = Path(tempfile.mkdtemp(prefix="sptriage-signal-"))
        self.input = self.tmp / "crash"
        self.input.write_bytes(b"x")

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def cluster_of(self, script: str) -> dict:
        binary = self.tmp / "target"
        binary.write_text("#!/bin/sh\n" + script + "\n")
        binary.chmod(0o755)
        out = self.tmp / "out"
        self.assertEqual(cli.main(["--binary", str(binary), "--engine", "afl", "--out", str(out), "--runs", "1",
                                   "--timeout", "1", str(self.input)]), 1)
        [c] = json.loads((out / "report.json").read_text())["clusters"]
        return c

    def test_a_signal(self):
        c = self.cluster_of("kill -SEGV $$")
        self.assertEqual((c["crash_type"], c["crash_state"], c["sanitizer"]), ("Segv on unknown address", [], "signal"))

    def test_a_hang_killed_at_the_timeout(self):
        self.assertEqual(self.cluster_of("exec sleep 30")["crash_type"], "Timeout")


if __name__ == "__main__":
    unittest.main()
