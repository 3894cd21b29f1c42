"""The planted bugs of scripts/mutants still apply to the source as it is:
each text occurs once, no two share a function, and each names a fuzz
target that exists. (A refactoring that moves a check breaks this test
instead of silently dropping a mutant.)"""
import collections
import re
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
        # A mutant's file lies in a parser folder its target's format is
        # built from: parsers/<format>/ (the target's FORMAT in its
        # fuzzers/<format>.cmake declaration) or one whose sp_<folder>
        # library that folder's CMakeLists.txt links (core, bitstream).
        formats = {}
        for cmake in (SOURCE / "fuzzers").glob("*.cmake"):
            formats.update(re.findall(r"sp_fuzzer\((\w+) FORMAT (\w+)", cmake.read_text()))
        for m in MUTANTS:
            with self.subTest(mutant=m.id):
                self.assertTrue((SOURCE / "fuzzers" / f"{m.target}.options").exists(), m.target)
                self.assertIn(m.target, formats)
                folder = SOURCE / "parsers" / formats[m.target]
                linked = re.findall(r"\bsp_(\w+)", (folder / "CMakeLists.txt").read_text())
                allowed = {folder.name} | {name for name in linked if (SOURCE / "parsers" / name).is_dir()}
                self.assertTrue(m.file.startswith("parsers/"), m.file)
                self.assertIn(m.file.split("/")[1], allowed, m.file)


if __name__ == "__main__":
    unittest.main()
