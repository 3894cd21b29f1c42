"""scripts/triage --add-regressions puts a reproducer where ctest replays it:
for a target that reads another target's corpus, corpus/regressions/<that
corpus>/, which the build's fuzz_<target>.replay test reads. The build is
the one ctest runs in (SP_BUILD_DIR, set by tests/CMakeLists.txt)."""
import json
import os
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

from sptriage import cli, sanitizer_report, targets
from sptriage.clusters import Cluster, Reproducer
from sptriage.minimize import Minimized
from sptriage.reproduce import Reproduction
from sptriage.runner import Harness

from .support import SOURCE, report_text

BUILD = Path(os.environ.get("SP_BUILD_DIR", SOURCE / "build" / "dev"))


@unittest.skipUnless((BUILD / "fuzz_targets.json").exists(), f"{BUILD} is not a configured build")
class AddRegression(unittest.TestCase):
    def setUp(self):
        self.tmp = Path(tempfile.mkdtemp(prefix="sptriage-regressions-"))

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def replay_commands(self) -> dict[str, list[str]]:
        """Each fuzz_<target>.replay test of the build: its command."""
        out = subprocess.run(["ctest", "--show-only=json-v1", "--test-dir", str(BUILD)], capture_output=True,
                             text=True, check=True).stdout
        return {t["name"][len("fuzz_"):-len(".replay")]: t["command"] for t in json.loads(out)["tests"]
                if t["name"].startswith("fuzz_") and t["name"].endswith(".replay")}

    def test_a_sharers_regression_is_replayed(self):
        table = targets.load(BUILD / "bin", SOURCE)
        replays = self.replay_commands()
        # Targets whose corpus is named for another target, with a replay
        # test that reads the corpus's regressions (configure adds only the
        # folders that exist).
        sharers = [t for t in table.targets if t.corpus != t.name and t.name in replays
                   and (SOURCE / "corpus" / "regressions" / t.corpus).is_dir()]
        self.assertTrue(sharers, "no target of this build reads another target's corpus and its regressions")
        target = sharers[0]

        crash = self.tmp / "crash"
        crash.write_bytes(b"\x00")
        report = sanitizer_report.parse(report_text("heap_buffer_overflow_read"))
        reproduction = Reproduction(report, 1, 1, "")
        c = Cluster(report, [Reproducer(crash, target.name, Harness(BUILD / "bin" / f"fuzz_{target.name}"),
                                   reproduction)],
                    Minimized(crash, 1, 1, True, False))
        added = cli.add_regression(c, table, self.tmp)

        folder = added.parent.relative_to(self.tmp)
        self.assertEqual(folder, Path("corpus") / "regressions" / target.corpus)
        self.assertEqual(added.read_bytes(), b"\x00")
        self.assertIn(str(SOURCE / folder), replays[target.name])


if __name__ == "__main__":
    unittest.main()
