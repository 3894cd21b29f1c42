"""Where random mutants go (tools/mutants/spmutants/lexer.py, sites.py):
operands found by precedence, nothing in comments, strings or constant
contexts, and a draw that is the same for the same seed."""
import collections
import tempfile
import unittest
from pathlib import Path

from spmutants import lexer, sites

from .support import SOURCE


def sites_of(code: str) -> list[sites.Site]:
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "x.cpp"
        path.write_text(code)
        return sites.file_sites(path, "x.cpp")


def originals(code: str, operator: str) -> list[str]:
    return [m.original for s in sites_of(code) for m in s.mutations if m.operator == operator]


class Lexer(unittest.TestCase):
    def test_comments_strings_and_directives_hold_no_tokens(self):
        tokens = lexer.tokenize('#include <a>\n#define X(a) \\\n  a < 1\nint x = 1; // y < 2\n/* z > 3 */ '
                                'auto s = "w < 4"; auto r = R"q(v > 5)q"; char c = \'<\';\n')
        self.assertEqual([t.text for t in tokens if t.kind == "punct"], ["=", ";", "=", ";", "=", ";", "=", ";"])
        self.assertEqual(tokens[0].line, 4)

    def test_template_brackets_are_told_from_comparisons(self):
        tokens = lexer.tokenize("f(static_cast<uint32_t>(a) < b, std::vector<std::array<int, 2>> v, i < n && m > k);")
        brackets = [(t.text, t.template) for t in tokens if t.text in ("<", ">", ">>")]
        self.assertEqual(brackets, [("<", True), (">", True), ("<", False), ("<", True), ("<", True), (">>", True),
                                    ("<", False), (">", False)])

    def test_digit_separators_and_exponents_are_one_number(self):
        self.assertEqual([t.text for t in lexer.tokenize("x = 1'000 + 1e+5 + 0x1Fu;") if t.kind == "number"],
                         ["1'000", "1e+5", "0x1Fu"])


class Operands(unittest.TestCase):
    def test_a_comparison_takes_what_binds_tighter(self):
        code = "bool f(int a, int b, int c) { return a + b * 2 < c - 1 && c != (a | b); }"
        self.assertEqual(originals(code, "relational"), ["a + b * 2 < c - 1", "a + b * 2 < c - 1",
                                                         "c != ( a | b )"])

    def test_logical_operators_group_to_the_left(self):
        code = "bool f(bool a, bool b, bool c) { return a && b || c && !a; }"
        self.assertEqual(sorted(originals(code, "logical")), ["a && b", "a && b || c && ! a", "c && ! a"])

    def test_an_equality_stops_at_a_bitwise_and(self):
        code = "bool f(unsigned x) { return (x & 3u) == 0 && x == 4; }"
        self.assertIn("( x & 3u ) == 0", originals(code, "relational"))

    def test_swap_and_bound_mutations_of_a_comparison(self):
        site = next(s for s in sites_of("bool f(int i, int n) { return i < n * 2; }") if s.mutations[0].original ==
                    "i < n * 2")
        self.assertEqual(sorted(m.shown for m in site.mutations),
                         ["i < (n * 2) + 1", "i < (n * 2) - 1", "i <= n * 2", "i >= n * 2", "n * 2 < i"])

    def test_an_early_return_is_a_guard(self):
        code = "int f(const char* p) { if (!p) return 1; if (p[0] == 'a') { return 2; } if (int x = *p; x) return 3; return 0; }"
        self.assertEqual(originals(code, "guard"), ["if (! p) return", "if (p [ 0 ] == 'a') return"])

    def test_constants_keep_their_base_and_suffix(self):
        code = "unsigned f() { return 0x1Fu + 0 + 1 + 10; }"
        shown = [m.shown for s in sites_of(code) for m in s.mutations if m.operator == "constant"]
        self.assertEqual(shown, ["0x20u", "0x1Eu", "1", "0", "2", "11", "9"])

    def test_bounds_are_names_that_say_so_read_as_values(self):
        code = ("struct R { unsigned size() const; unsigned offset; };\n"
                "unsigned f(R& r, unsigned kHeaderBytes, unsigned count) {\n"
                "  unsigned end_offset = r.offset;\n  count = 2;\n  ++count;\n  return r.size() + kHeaderBytes + count; }")
        self.assertEqual(originals(code, "bound")[::2], ["r . offset", "r . size ( )", "kHeaderBytes", "count"])


    def test_declared_names_are_no_bounds(self):
        code = ("void g(unsigned n) { unsigned first_count, second_count; std::vector<int> x_size(3), y_size;\n"
                "  Foo::Bar* p_end = nullptr, *q_end; uint64_t code = 0, count = 0; first_count = n;\n"
                "  f(first_count, second_count, x_size, q_end, count); }")
        self.assertEqual(originals(code, "bound")[::2], ["first_count", "second_count", "x_size", "q_end", "count"])
        self.assertEqual({s.line for s in sites_of(code) if s.mutations[0].operator == "bound"}, {3})


class ConstantContexts(unittest.TestCase):
    def test_no_site_outside_function_bodies_or_in_constant_contexts(self):
        code = ("constexpr int kA = 1 + 2;\nstatic_assert(kA < 4);\nenum class E { a = 1, b = 2 };\n"
                "struct S { int x = 3; };\nconstexpr int table() { return 7 + 8; }\nconstexpr int kT = table();\n"
                "int f(int v) {\n  constexpr int local = 5;\n  switch (v) { case 6: return sizeof(int) + 0; }\n"
                "  char buf[16] = {};\n  std::array<int, 9> a{};\n  return v;\n}\n")
        self.assertEqual([(s.line, s.mutations[0].original) for s in sites_of(code)], [(9, "0")])

    def test_a_constexpr_function_called_at_run_time_has_sites(self):
        self.assertEqual(originals("constexpr bool fits(int a, int n) { return a <= n; }", "relational")[0], "a <= n")


class Tree(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.mutants = sites.all_mutants(SOURCE)
        cls.sites = list(dict.fromkeys(m.site for m in cls.mutants))

    def test_every_operator_family_in_every_parser_folder(self):
        families = collections.defaultdict(set)
        for m in self.mutants:
            families[m.folder].add(m.mutation.operator)
        for folder in ("parsers/core", "parsers/dxcontainer", "parsers/bitstream", "parsers/bitcode", "parsers/fxc",
                       "parsers/d3d9"):
            self.assertEqual(families[folder], {"bound", "constant", "guard", "logical", "relational", "swap"}, folder)

    def test_builders_and_the_harness_comparison_hold_none(self):
        files = {s.file for s in self.sites}
        self.assertFalse(files & sites.EXCLUDED)
        self.assertFalse([f for f in files if not f.endswith((".cpp", ".h"))])

    def test_the_draw_repeats_for_a_seed_one_mutant_per_site(self):
        a = sites.draw(self.mutants, 300, 1)
        self.assertEqual([m.id for m in a], [m.id for m in sites.draw(self.mutants, 300, 1)])
        self.assertNotEqual([m.id for m in a], [m.id for m in sites.draw(self.mutants, 300, 2)])
        self.assertEqual(len(a), 300)
        self.assertEqual(len({m.site for m in a}), 300)
        per_family = collections.Counter(m.mutation.operator for m in a)
        self.assertGreater(min(per_family.values()), 30, per_family)

    def test_each_file_numbers_its_own_block(self):
        files = sites.source_files(SOURCE)
        self.assertEqual([m.site.file for m in self.mutants], sorted(m.site.file for m in self.mutants))
        for m in self.mutants:
            self.assertEqual((m.id - 1) // sites.BLOCK, files.index(m.site.file))
        self.assertEqual(len({m.id for m in self.mutants}), len(self.mutants))


if __name__ == "__main__":
    unittest.main()
