"""How a random mutant meets the oracles (tools/mutants/spmutants/oracles.py):
the traces the schema's hooks write, the runs that can kill a mutant at a
site (cheapest first, never a unit that does not reach it), why a run
failed, and a hung run ended whole."""
import tempfile
import time
import unittest
from pathlib import Path

from spmutants import oracles
from spmutants.oracles import Baseline, Unit


class Traces(unittest.TestCase):
    def test_units_and_bitmaps_read_as_sites(self):
        site_of = {5: 4, 4: 4, 9: 9}
        with tempfile.TemporaryDirectory() as d:
            units = Path(d) / "units"
            units.write_text("init 9\n00ab 4 5\nSuite.Test 9\n00ab 9\n")
            self.assertEqual(oracles.read_units(units, site_of), {"init": {9}, "00ab": {4, 9}, "Suite.Test": {9}})
            trace = Path(d) / "trace"
            trace.write_bytes(bytes([0, 0, 0, 0, 0, 1, 0, 0, 0, 1]))
            self.assertEqual(oracles.read_trace(trace, site_of), {4, 9})

    def test_input_labels_are_fnv1a(self):
        self.assertEqual(oracles.fnv1a(b""), "cbf29ce484222325")
        self.assertEqual(oracles.fnv1a(b"a"), "af63dc4c8601ec8c")


class Plan(unittest.TestCase):
    def setUp(self):
        self.baseline = Baseline({
            "replay": {"psv0": [Unit("a", 0.01, {1}), Unit("b", 0.02, {2})],
                       "dxcontainer": [Unit("c", 2.0, {1})]},
            "differential": {"dxcontainer_llvm": [Unit("c", 0.1, {1})]},
            "conform": {"": [Unit("y_case", 0.3, {1, 2})]},
            "unit": {"": [Unit("Slow.Test", 9.0, {1}), Unit("Fast.Test", 0.1, {3}), Unit("Peer.Test", 30.0, {1}),
                          Unit("Quick.Test", 0.2, {1})]},
        }, {}, 1.0)
        self.oracles = oracles.Oracles.__new__(oracles.Oracles)

    def test_only_units_reaching_the_site_cheapest_first(self):
        plan = [(o, g, [u.name for u in us]) for _, o, g, us in self.oracles.plan(self.baseline, 1)]
        self.assertEqual(plan, [("replay", "psv0", ["a"]), ("differential", "dxcontainer_llvm", ["c"]),
                                ("unit", "", ["Quick.Test"]), ("conform", "", ["y_case"]),
                                ("replay", "dxcontainer", ["c"]), ("unit", "", ["Slow.Test"]),
                                ("unit", "", ["Peer.Test"])])
        self.assertEqual(self.oracles.plan(self.baseline, 7), [])

    def test_a_baseline_survives_json(self):
        again = Baseline.from_json(self.baseline.to_json())
        self.assertEqual(again.reaching("unit", 3), {"": [Unit("Fast.Test", 0.1, {3})]})


class Runs(unittest.TestCase):
    def test_why_a_run_failed(self):
        self.assertEqual(oracles.reason("x\ninvariant broken: round trip: a != b\n==1==ERROR: AddressSanitizer: ..."),
                         "invariant broken: round trip: a != b")
        self.assertEqual(oracles.reason("==7==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x1"),
                         "ERROR: AddressSanitizer: heap-buffer-overflow on address")
        self.assertEqual(oracles.reason("[ RUN ] A.B\n[  FAILED  ] A.B (3 ms)\n"), "[  FAILED  ] A.B")
        self.assertEqual(oracles.reason("p.cpp:3:4: runtime error: shift exponent 40"),
                         "p.cpp:3:4: runtime error: shift exponent 40")

    def test_a_hung_run_ends_with_its_children(self):
        with tempfile.TemporaryDirectory() as d:
            child = Path(d) / "child"
            r = oracles.run(["bash", "-c", f"sleep 30 & echo $! > {child}; wait"], Path(d), {}, 0.5)
            self.assertTrue(r.timed_out)
            pid = int(child.read_text())
            # Killed with its session, the child ends (a zombie until it is
            # reaped); were it left running, this would wait until ctest's
            # timeout ends the test.
            while running(pid):
                time.sleep(0.01)


def running(pid: int) -> bool:
    """Whether process pid exists and has not ended."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat[stat.rindex(")") + 2] not in "ZX"

if __name__ == "__main__":
    unittest.main()
