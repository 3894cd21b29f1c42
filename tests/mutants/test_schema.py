"""The mutant schema (tools/mutants/spmutants/schema.py and
tools/mutants/schema/sp_mutant.h), compiled for real with clang-22: every
mutant of a small program in one binary, which does what the original
does with no mutant on, what each mutant does with SP_MUTANT=ID, records
the sites it runs, and drops the mutants that do not compile."""
import json
import os
import subprocess
import tempfile
import unittest
from pathlib import Path

from spmutants import schema, sites

from .support import CLANG, SOURCE

PROGRAM = """\
#include <cstdio>
#include <cstdlib>
#include <optional>

enum class Op { add, sub };

constexpr int clamp(int v, int limit) {
  if (v < 0) return 0;
  if (v > limit) return limit;
  return v;
}
static_assert(clamp(12, 10) == 10);  // evaluated by the compiler too

static int apply(Op op, int a, int b) { return op == Op::add ? a + b : a - b; }

static int first(std::optional<int> count) {
  return count ? *count : -1;  // an optional is no number: its bound mutants do not compile
}

static int sum(int n) {
  decltype(n) lo_count, hi_count;  // a type the lexer does not read: hi_count's mutants break the declaration
  lo_count = n;
  hi_count = n * 2;
  return lo_count + hi_count;
}

int main(int argc, char** argv) {
  const int v = std::atoi(argv[1]);
  std::printf("%d %d %d %d\\n", clamp(v, 10), apply(argc > 2 ? Op::sub : Op::add, v, 1), first(v), sum(v));
  return 0;
}
"""


def line_of(text: str) -> int:
    return next(k for k, line in enumerate(PROGRAM.splitlines(), 1) if text in line)


@unittest.skipUnless(CLANG, "clang++-22 is not installed")
class Schema(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.TemporaryDirectory()
        root = Path(cls.dir.name)
        (root / "repo").mkdir()
        (root / "scratch").mkdir()
        (root / "repo" / "x.cpp").write_text(PROGRAM)
        (root / "scratch" / "x.cpp").write_text(PROGRAM)
        cls.root = root
        cls.mutants = sites.number(sites.file_sites(root / "repo" / "x.cpp", "x.cpp"), ["x.cpp"])
        cls.schema = schema.Schema(root / "repo", root / "scratch", cls.mutants)
        cls.rounds = 0
        while True:
            cls.schema.write_file("x.cpp", cls.schema.live("x.cpp"))
            r = cls.compile(root / "scratch" / "x.cpp", root / "schema")
            if r.returncode == 0:
                break
            cls.rounds += 1
            dropped, _ = cls.schema.attribute(r.stderr)
            if not dropped or cls.rounds > 5:
                raise AssertionError(r.stderr)
        cls.compile(root / "repo" / "x.cpp", root / "original").check_returncode()

    @classmethod
    def tearDownClass(cls):
        cls.dir.cleanup()

    @staticmethod
    def compile(source: Path, binary: Path) -> subprocess.CompletedProcess:
        return subprocess.run([CLANG, "-std=c++20", "-include", str(SOURCE / schema.SCHEMA_DIR / "sp_mutant.h"),
                               str(source), "-o", str(binary)], capture_output=True, text=True)

    def run_it(self, binary: str, arg: str, **env: str) -> str:
        return subprocess.run([str(self.root / binary), arg], capture_output=True, text=True,
                              env={**os.environ, **env}).stdout

    def by(self, change: str) -> sites.Mutant:
        return next(m for m in self.mutants if m.mutation.describe() == change)

    def test_the_file_keeps_its_lines(self):
        rendered = (self.root / "scratch" / "x.cpp").read_text()
        self.assertEqual(rendered.count("\n"), PROGRAM.count("\n"))
        self.assertIn("sp_mutant_on(", rendered.splitlines()[line_of("if (v > limit)") - 1])

    def test_only_what_does_not_compile_is_dropped(self):
        dropped = sorted((self.mutants[i - 1].site.line, self.mutants[i - 1].mutation.describe())
                         for i in self.schema.dropped)
        count, declaration = line_of("return count ?"), line_of("lo_count, hi_count;")
        self.assertEqual(dropped, [(count, "count -> (count) + 1"), (count, "count -> (count) + 1"),
                                   (count, "count -> (count) - 1"), (count, "count -> (count) - 1"),
                                   (declaration, "hi_count -> (hi_count) + 1"),
                                   (declaration, "hi_count -> (hi_count) - 1"),
                                   (declaration, "lo_count -> (lo_count) + 1"),
                                   (declaration, "lo_count -> (lo_count) - 1")])
        # The declaration's syntax error made every later use of hi_count an
        # error too; those mutants compile once it is dropped.
        self.assertGreater(self.rounds, 1)

    def test_no_mutant_on_is_the_original(self):
        for arg in ("-3", "4", "12"):
            self.assertEqual(self.run_it("schema", arg), self.run_it("original", arg))

    def test_each_mutant_switches_on_alone(self):
        self.assertEqual(self.run_it("original", "12"), "10 13 12 36\n")
        guard = self.by("if (v > limit) return -> (the early return deleted)")
        self.assertEqual(self.run_it("schema", "12", SP_MUTANT=str(guard.id)), "12 13 12 36\n")
        relational = self.by("v < 0 -> v <= 0")
        self.assertEqual(self.run_it("schema", "0", SP_MUTANT=str(relational.id)), "0 1 0 0\n")
        swap = self.by("op == Op :: add -> op != Op :: add")
        self.assertEqual(self.run_it("schema", "12", SP_MUTANT=str(swap.id)), "10 11 12 36\n")

    def test_the_trace_holds_the_sites_that_ran(self):
        trace = self.root / "trace"
        self.run_it("schema", "12", SP_MUTANT_TRACE=str(trace))
        hit = {i for i, b in enumerate(trace.read_bytes()) if b}
        self.assertIn(self.by("v < 0 -> v <= 0").id, hit)
        # first() gets a value, so its "-1" never runs.
        minus_one = [m.id for m in self.mutants if m.site.line == line_of("return count ?")
                     and m.mutation.operator == "constant"]
        self.assertEqual(len(minus_one), 2)
        self.assertFalse(hit & set(minus_one))
        self.assertFalse(hit & set(self.schema.dropped))


@unittest.skipUnless(CLANG, "clang++-22 is not installed")
class FirstBuild(unittest.TestCase):
    """What a first run meets on a machine with no scratch build yet."""

    def test_the_switch_compiles_in_cmakes_compiler_check(self):
        # CMake's check of the compiler compiles a unit with the force-
        # included header before the project's C++20 is set.
        with tempfile.TemporaryDirectory() as d:
            unit = Path(d) / "check.cpp"
            unit.write_text("int main() { return 0; }\n")
            for std in ("-std=c++17", "-std=c++20"):
                r = subprocess.run([CLANG, std, "-Werror", "-fsyntax-only", "-include",
                                    str(SOURCE / schema.SCHEMA_DIR / "sp_mutant.h"), str(unit)],
                                   capture_output=True, text=True)
                self.assertEqual(r.returncode, 0, f"{std}: {r.stderr}")

    def test_a_unit_the_build_generates_is_passed_over(self):
        # compile_commands.json names sources the build has not generated
        # yet (conformance/vbc's SPIR-V samples); a header is checked
        # through a unit that exists and includes it.
        with tempfile.TemporaryDirectory() as d:
            scratch, build = Path(d) / "scratch", Path(d) / "scratch" / "build"
            for folder in ("lib", "tool", "build"):
                (scratch / folder).mkdir(parents=True)
            (scratch / "lib" / "a.h").write_text("int a();\n")
            (scratch / "tool" / "main.cpp").write_text('#include "lib/a.h"\nint main() { return a(); }\n')
            # build/gen/samples.cpp sorts before tool/main.cpp.
            (build / "compile_commands.json").write_text(json.dumps([
                {"directory": str(build), "file": str(build / "gen" / "samples.cpp"), "command": "c++ -c gen/samples.cpp"},
                {"directory": str(build), "file": str(scratch / "tool" / "main.cpp"), "command": "c++ -c ../tool/main.cpp"}]))
            self.assertEqual(schema.Syntax(build, scratch).unit_for("lib/a.h"), "tool/main.cpp")

    def test_a_header_only_a_unity_unit_includes_is_checked_through_it(self):
        # CMake's unity build compiles Unity/unity_0_cxx.cxx, which includes
        # the tests by absolute path; one of them includes the header.
        with tempfile.TemporaryDirectory() as d:
            scratch = Path(d) / "scratch"
            build = scratch / schema.BUILD
            for folder in ("lib", "tests", "build/schema/Unity"):
                (scratch / folder).mkdir(parents=True)
            (scratch / "lib" / "model.h").write_text("int a();\n")
            (scratch / "tests" / "a_test.cpp").write_text('#include "lib/model.h"\nint t() { return a(); }\n')
            unity = build / "Unity" / "unity_0_cxx.cxx"
            unity.write_text(f'/* generated by CMake */\n\n#include "{scratch / "tests" / "a_test.cpp"}"\n')
            (build / "compile_commands.json").write_text(json.dumps([
                {"directory": str(build), "file": str(unity), "command": "c++ -c Unity/unity_0_cxx.cxx"}]))
            self.assertEqual(schema.Syntax(build, scratch).unit_for("lib/model.h"), f"{schema.BUILD}/Unity/unity_0_cxx.cxx")
            # A unit of its own is cheaper to check than a batch of tests.
            (scratch / "tool").mkdir()
            (scratch / "tool" / "main.cpp").write_text('#include "lib/model.h"\nint main() { return a(); }\n')
            (build / "compile_commands.json").write_text(json.dumps([
                {"directory": str(build), "file": str(unity), "command": "c++ -c Unity/unity_0_cxx.cxx"},
                {"directory": str(build), "file": str(scratch / "tool" / "main.cpp"), "command": "c++ -c ../tool/main.cpp"}]))
            self.assertEqual(schema.Syntax(build, scratch).unit_for("lib/model.h"), "tool/main.cpp")


CALL_PROGRAM = """\
#include <cstdio>

struct Reader {
  bool read(unsigned& out) { out = 7; return true; }
  bool read(unsigned long& out) { out = 8; return true; }
};

static unsigned total(unsigned limit) {
  unsigned sum = 0;
  for (unsigned i = 0; i < limit; ++i) sum += i > 3 ? 1 : 2;
""" + "".join(f"  if (sum > {k}) return {k};\n" for k in range(200, 0, -5)) + """\
  return sum;
}

int main() {
  Reader r;
  unsigned count = 0;
  if (!r.read(count)) return 1;
  std::printf("%u %u\\n", count, total(count));
  return 0;
}
"""


@unittest.skipUnless(CLANG, "clang++-22 is not installed")
class Settle(unittest.TestCase):
    """schema.settle() on a unit whose error points at no switch of its
    own: `r.read(count)` with count's bound mutants (temporaries, which no
    overload of read takes) is reported at `read`, inside the guard
    site's original."""

    def settle(self, program: str) -> tuple[schema.Schema, list[sites.Mutant], int]:
        """settle() of program as x.cpp: the schema, its mutants and how
        many compilations it took."""
        with tempfile.TemporaryDirectory() as d:
            root = Path(d)
            for folder in ("repo", "scratch", "build"):
                (root / folder).mkdir()
            (root / "repo" / "x.cpp").write_text(program)
            (root / "scratch" / "x.cpp").write_text(program)
            unit = root / "scratch" / "x.cpp"
            header = SOURCE / schema.SCHEMA_DIR / "sp_mutant.h"
            (root / "build" / "compile_commands.json").write_text(json.dumps([{
                "directory": str(root / "build"), "file": str(unit),
                "command": f"{CLANG} -std=c++20 -include {header} -c {unit} -o x.o"}]))
            mutants = sites.number(sites.file_sites(root / "repo" / "x.cpp", "x.cpp"), ["x.cpp"])
            s = schema.Schema(root / "repo", root / "scratch", mutants)
            syntax = schema.Syntax(root / "build", root / "scratch")
            checks = []
            check = syntax.check
            syntax.check = lambda u: checks.append(u) or check(u)
            # Schema.write() syncs the scratch tree with the repository's files.
            subprocess.run(["git", "init", "-q", str(root / "repo")], check=True)
            schema.settle(s, syntax, ["x.cpp"], 1)
            compiled = len(checks)
            self.assertEqual(syntax.check("x.cpp"), "")
            return s, mutants, compiled

    def test_the_arguments_site_is_found_on_the_errors_line(self):
        s, mutants, compiled = self.settle(CALL_PROGRAM)
        call = line_of_in(CALL_PROGRAM, "r.read(count)")
        self.assertEqual(sorted(mutants[i - 1].mutation.describe() for i in s.dropped),
                         ["count -> (count) + 1", "count -> (count) - 1"])
        self.assertTrue(all(mutants[i - 1].site.line == call for i in s.dropped))
        # Three rounds (the first leaves a unit with errors at no switch
        # to the next), the unit again before bisecting, without x.cpp's
        # sites, without the error line's, with all, two halvings of the
        # line's three sites, with all but the culprit: ten, where
        # halving the file's 177 sites took fifteen.
        self.assertGreater(len({m.site for m in mutants}), 150)
        self.assertEqual(compiled, 10)

    def test_each_error_lines_culprit_is_found_in_the_same_compilations(self):
        reads = "".join(f"  unsigned count{k} = 0;\n  if (!r.read(count{k})) return {k};\n" for k in range(1, 9))
        program = CALL_PROGRAM.replace("  if (!r.read(count)) return 1;\n", "  if (!r.read(count)) return 1;\n" + reads)
        s, mutants, compiled = self.settle(program)
        calls = {line_of_in(program, f"r.read({v})") for v in ["count"] + [f"count{k}" for k in range(1, 9)]}
        self.assertEqual(len(s.dropped), 2 * len(calls))
        self.assertEqual({mutants[i - 1].site.line for i in s.dropped}, calls)
        self.assertTrue(all(mutants[i - 1].mutation.describe().endswith(("+ 1", "- 1")) for i in s.dropped))
        # As many as for one line: the nine lines' searches share their
        # compilations, which one line after another took fifty.
        self.assertEqual(compiled, 10)


def line_of_in(program: str, text: str) -> int:
    return next(k for k, line in enumerate(program.splitlines(), 1) if text in line)


class Targets(unittest.TestCase):
    """schema.targets() on a build whose generator (here a script standing
    for CMake) no longer declares a target it built before."""

    GENERATOR = """\
import json, pathlib, sys
d = pathlib.Path(sys.argv[1])
names = (d / "targets.txt").read_text().split()
lines = ["rule regen", f"  command = {sys.executable} {d / 'gen.py'} {d}", "  generator = 1",
         f"build build.ninja: regen {d / 'targets.txt'}"]
lines += [f"build fuzz_{n}: phony" for n in names] + ["build shaderprobe: phony", "build sp_tests: phony"]
(d / "build.ninja").write_text("\\n".join(lines) + "\\n")
(d / "fuzz_targets.json").write_text(json.dumps([{"name": n, "baseline": False} for n in names]))
"""

    def test_a_target_the_sources_dropped_is_not_listed(self):
        with tempfile.TemporaryDirectory() as tmp:
            d = Path(tmp)
            (d / "gen.py").write_text(self.GENERATOR)
            (d / "targets.txt").write_text("psv0 shbin_dump")
            subprocess.run(["python3", str(d / "gen.py"), str(d)], check=True)
            self.assertEqual(schema.targets(d), ["fuzz_psv0", "fuzz_shbin_dump", "shaderprobe", "sp_tests"])
            (d / "targets.txt").write_text("psv0")
            earlier = (d / "targets.txt").stat().st_mtime - 10
            os.utime(d / "build.ninja", (earlier, earlier))
            self.assertEqual(schema.targets(d), ["fuzz_psv0", "shaderprobe", "sp_tests"])


if __name__ == "__main__":
    unittest.main()
