"""A minimized round-trip finding is the same bug when only its first
differing byte moved, and not when its check did. The target is a shell
script that speaks libFuzzer's part: it breaks a round trip at the byte
its input's size names, and its -minimize_crash=1 keeps 3 bytes."""
import shutil
import tempfile
import unittest
import unittest.mock
from pathlib import Path

from sptriage import sanitizer_report
from sptriage.minimize import minimize
from sptriage.runner import Harness, Limits

TARGET = """#!/bin/sh
for a; do
  case $a in -exact_artifact_path=*) out=${a#*=};; -minimize_crash=1) minimize=1;; esac
  f=$a
done
if [ -n "$minimize" ]; then head -c 3 "$f" > "$out"; exit 0; fi
echo "Running: $f" >&2
n=$(wc -c < "$f")
what="write(parse(x)) is not x"
[ "$n" -lt 4 ] && [ -n "$OTHER_CHECK_WHEN_SHORT" ] && what="another alignment gives another model"
echo "invariant broken: $what" >&2
echo "invariant: $what differs at byte $n" >&2
exit 1
"""


class MinimizeRoundTrip(unittest.TestCase):
    def setUp(self):
        self.tmp = Path(tempfile.mkdtemp(prefix="sptriage-minimize-"))
        self.binary = self.tmp / "fuzz_writer"
        self.binary.write_text(TARGET)
        self.binary.chmod(0o755)
        self.original = self.tmp / "original"
        self.original.write_bytes(b"0123456789")
        self.expected = sanitizer_report.parse("invariant broken: write(parse(x)) is not x\n"
                                               "invariant: write(parse(x)) is not x differs at byte 10\n")

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def minimized(self):
        return minimize(Harness(self.binary), self.original, self.tmp / "minimized", self.expected, Limits(), 1, 1)

    def test_the_offset_may_move(self):
        m = self.minimized()
        self.assertTrue(m.shrunk and m.verified)
        self.assertEqual(m.path.read_bytes(), b"012")

    def test_the_check_may_not_change(self):
        with unittest.mock.patch.dict("os.environ", {"OTHER_CHECK_WHEN_SHORT": "1"}):
            m = self.minimized()
        self.assertFalse(m.shrunk)
        self.assertTrue(m.verified)
        self.assertEqual(m.path.read_bytes(), b"0123456789")


if __name__ == "__main__":
    unittest.main()
