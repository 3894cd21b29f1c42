"""The planted bugs of scripts/mutants still apply to the source as it is:
each text occurs once, no two share a function, and each names a fuzz
target that exists. (A refactoring that moves a check breaks this test
instead of silently dropping a mutant.)"""
import collections
import unittest

from spmutants import tree
from spmutants.catalog import MUTANTS

from .support import SOURCE


class Catalog(unittest.TestCase):
    def test_at_least_twenty(self):
        self.assertGreaterEqual(len(MUTANTS), 20)

    def test_each_applies_exactly_once_and_changes_the_text(self):
        for m in MUTANTS:
            with self.subTest(mutant=m.id):
                text = (SOURCE / m.file).read_text()
                tree.check(m, text)
                self.assertNotEqual(m.find, m.replace)
                self.assertGreater(tree.line_of(text, m.find), 0)

    def test_no_two_in_one_function_and_unique_ids(self):
        functions = collections.Counter((m.file, m.function) for m in MUTANTS)
        self.assertEqual([k for k, n in functions.items() if n > 1], [])
        self.assertEqual(len({m.id for m in MUTANTS}), len(MUTANTS))

    def test_only_the_parsers_the_targets_fuzz(self):
        for m in MUTANTS:
            self.assertTrue(m.file.startswith(("parsers/dxcontainer/", "parsers/core/", "parsers/bitstream/",
                                               "parsers/bitcode/", "parsers/fxc/", "parsers/d3d9/",
                                               "parsers/vbc/")), m.file)
            self.assertTrue((SOURCE / "fuzzers" / f"{m.target}.options").exists(), m.target)


if __name__ == "__main__":
    unittest.main()
