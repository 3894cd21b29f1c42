"""The random batch's score and report (tools/mutants/spmutants/report.py),
and the list of known equivalent mutants it leaves out."""
import json
import unittest

from spmutants import random_mode, report, sites

from .support import SOURCE


def result(mutant_id, folder, operator, status, oracle=None, ran=()):
    r = {"id": mutant_id, "file": f"{folder}/a.cpp", "line": mutant_id, "folder": folder, "operator": operator,
         "change": "a < b -> a <= b", "source": "if (a < b) x();", "key": "k", "status": status,
         "reached_by": {"replay": 3, "differential": 0, "conform": 1 if status != "not reached" else 0, "unit": 0},
         "runs": [{"oracle": o, "group": "", "units": 1, "killed": o == oracle, "seconds": 0.1} for o in ran],
         "killed_by": {"oracle": oracle, "group": "psv0", "why": "invariant broken: x"} if oracle else None}
    return r


META = {"mode": "random", "count": 6, "seed": 1, "jobs": 2, "fuzz_seconds": 5, "load_average_start": [1.0, 1, 1],
        "load_average_end": [2.0, 2, 2], "timings": {"sites": 1.0, "total": 9.0},
        "schema": {"mutants": 100, "sites": 50, "dropped": 4},
        "baseline": {"cached": True, "seconds": 5.0, "failing": {"unit": ["A.b"]}, "units": {"replay": 10}}}


class Score(unittest.TestCase):
    def setUp(self):
        self.data = report.summarise([
            result(1, "parsers/core", "relational", "killed", "replay", ["replay"]),
            result(2, "parsers/core", "guard", "killed", "unit", ["replay", "conform", "unit"]),
            result(3, "parsers/core", "guard", "survived", None, ["replay", "unit", "fuzz"]),
            result(4, "parsers/fxc", "constant", "not reached"),
            result(5, "parsers/fxc", "constant", "equivalent"),
            result(6, "parsers/fxc", "bound", "dropped"),
        ], META)

    def test_the_score_counts_reached_non_equivalent_mutants(self):
        self.assertEqual(self.data["score"], round(2 / 3, 4))
        self.assertEqual(self.data["by_folder"]["parsers/core"]["score"], round(2 / 3, 4))
        self.assertIsNone(self.data["by_folder"]["parsers/fxc"]["score"])
        self.assertEqual(self.data["totals"]["not reached"], 1)

    def test_each_oracle_counts_what_it_ran_on_and_killed_first(self):
        self.assertEqual(self.data["by_oracle"]["replay"], {"ran": 3, "killed": 1})
        self.assertEqual(self.data["by_oracle"]["unit"], {"ran": 2, "killed": 1})
        self.assertEqual(self.data["by_oracle"]["fuzz"], {"ran": 1, "killed": 0})

    def test_markdown_lists_both_kinds_of_survivor(self):
        md = report.markdown(self.data)
        self.assertIn("score 66.7%", md)
        self.assertIn("## Reached, not caught (1)", md)
        self.assertIn("## Never reached by any oracle (1)", md)
        self.assertIn("Units that fail with no mutant on (left out): unit: A.b", md)
        json.dumps(self.data)


class Equivalent(unittest.TestCase):
    def test_every_entry_names_a_mutant_of_the_tree_and_why(self):
        keys = {m.key for m in sites.all_mutants(SOURCE)}
        entries = random_mode.load_equivalent(SOURCE)
        self.assertEqual(sorted(k for k in entries if k not in keys), [])
        self.assertTrue(all(len(why) > 20 for why in entries.values()))


if __name__ == "__main__":
    unittest.main()
