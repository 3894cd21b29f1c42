"""scripts/fuzz --changed: the targets a change reaches (sptriage/changes.py),
over the table the sp_fuzzer() declarations of fuzzers/ give (read without a
build: declared_targets.cmake) and this tree's registry and CMake files."""
import functools
import json
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

from sptriage import changes, targets

from .support import SOURCE


@functools.cache
def declared_table() -> tuple[targets.Target, ...]:
    with tempfile.TemporaryDirectory(prefix="sptriage-changes-") as out:
        subprocess.run(["cmake", f"-DSOURCE={SOURCE}", f"-DOUT={out}", "-P",
                        str(Path(__file__).with_name("declared_targets.cmake"))], check=True, capture_output=True)
        return tuple(targets.Target(**t) for t in json.loads((Path(out) / "fuzz_targets.json").read_text()))


@unittest.skipUnless(shutil.which("cmake"), "no cmake to read the declarations with")
class Selection(unittest.TestCase):
    def select(self, *paths: str) -> list[str]:
        return changes.select(list(declared_table()), list(paths), SOURCE)

    def every_fuzzed_target(self) -> list[str]:
        return [t.name for t in declared_table() if not t.baseline]

    def test_the_declarations_give_one_printers_and_one_container_target(self):
        roles = {t.role: t.name for t in declared_table() if t.role}
        self.assertEqual(roles, {"printers": "dump", "container": "dxcontainer"})

    def test_a_change_to_one_format_reaches_its_targets_and_the_printers_and_container(self):
        self.assertEqual(self.select("parsers/shbin/reader.cpp"), ["dxcontainer", "dump", "shbin", "shbin_dvle"])
        self.assertEqual(self.select("conformance/cases/vbc/some_case"), ["dxcontainer", "dump", "vbc"])

    def test_the_bitstream_folder_is_the_bitcode_formats_by_its_link(self):
        self.assertEqual(self.select("parsers/bitstream/walk.cpp"),
                         ["dxcontainer", "dump", "bitstream", "bitcode", "dxil", "bitstream_llvm"])

    def test_a_file_of_fuzzers_belongs_to_the_format_target_or_corpus_it_is_named_for(self):
        fxc = ["dxcontainer", "dump", "fxc_program", "fxc_rdef", "fxc_stat_ifce", "fxc_vkd3d"]
        self.assertEqual(self.select("fuzzers/fuzz_fxc_rdef.cpp"), fxc)
        self.assertEqual(self.select("fuzzers/fxc.cmake"), fxc)
        self.assertEqual(self.select("fuzzers/support/fxc_vkd3d_compare.cpp"), fxc)
        # The bitstream target's support, dictionary and seeds are bitcode's.
        for path in ("fuzzers/support/bitstream_mutator.cpp", "fuzzers/bitstream.dict", "fuzzers/seeds_bitstream.cpp"):
            self.assertEqual(self.select(path), ["dxcontainer", "dump", "bitstream", "bitcode", "dxil", "bitstream_llvm"], path)

    def test_a_corpus_belongs_to_the_formats_of_its_readers(self):
        dxcontainer = [t.name for t in declared_table() if t.format == "dxcontainer" and not t.baseline]
        self.assertEqual(self.select("corpus/regressions/psv0/crash-1"), dxcontainer)
        # fuzz_fxc_vkd3d and fuzz_dxil (bitcode's: the DXIL module behind a
        # container) read whole containers too, so fxc and bitcode are reached.
        readers = [t.name for t in declared_table()
                   if t.format in ("dxcontainer", "bitcode", "fxc") and not t.baseline]
        self.assertEqual(self.select("corpus/dxcontainer/0a1b"), readers)

    def test_shared_code_reaches_every_target_but_the_baselines(self):
        every = self.every_fuzzed_target()
        self.assertNotIn("dxcontainer_bytes", every)
        for path in ("parsers/core/span_reader.h", "parsers/formats/registry.cpp", "fuzzers/CMakeLists.txt",
                     "fuzzers/support/fuzz_check.cpp", "cmake/fuzzing.cmake", "CMakeLists.txt",
                     "conformance/fnv1a.h", "scripts/lib/fuzz-flags.sh"):
            self.assertEqual(self.select(path), every, path)

    def test_what_no_target_is_built_from_reaches_none(self):
        for path in ("README.md", "fuzzers/README.md", "fuzzers/fuzz_dxcontainer_llvm.deviations.md",
                     "parsers/shbin/README.md", "docs/adding-a-format.md", "tests/triage/test_changes.py",
                     "scripts/test", "tools/shaderprobe/main.cpp", "tools/triage/sptriage/changes.py",
                     "conformance/runner.cpp", "ci/oss-fuzz/build.sh"):
            self.assertEqual(self.select(path), [], path)
        self.assertEqual(self.select(), [])

    def test_the_roles_and_baselines_come_from_the_table(self):
        table = [targets.Target("a", "vbc", "a", False, "", "printers"),
                 targets.Target("b", "shbin", "b", False, ""),
                 targets.Target("c", "shbin", "c", True, ""),
                 targets.Target("d", "d3d9", "d", False, ""),
                 targets.Target("e", "d3d9", "e", True, "", "container")]
        self.assertEqual(changes.select(table, ["parsers/shbin/reader.cpp"], SOURCE), ["a", "b"])
        self.assertEqual(changes.select(table, ["README.md"], SOURCE), [])


class ChangedPaths(unittest.TestCase):
    def setUp(self):
        self.repo = Path(tempfile.mkdtemp(prefix="sptriage-changes-git-"))
        self.git("init", "-q", "-b", "main")
        self.commit("README.md", "parsers/shbin/reader.cpp")

    def tearDown(self):
        shutil.rmtree(self.repo)

    def git(self, *args: str) -> None:
        subprocess.run(["git", "-C", str(self.repo), "-c", "user.name=t", "-c", "user.email=t@t", *args], check=True,
                       capture_output=True)

    def commit(self, *paths: str) -> None:
        for p in paths:
            (self.repo / p).parent.mkdir(parents=True, exist_ok=True)
            with (self.repo / p).open("a") as f:
                f.write("x\n")
        self.git("add", *paths)
        self.git("commit", "-q", "-m", "change")

    def test_commits_since_the_fork_and_uncommitted_and_untracked_files(self):
        self.git("branch", "upstream")
        self.commit("parsers/vbc/reader.cpp")
        (self.repo / "parsers/shbin/reader.cpp").write_text("edited\n")
        (self.repo / "corpus/d3d9").mkdir(parents=True)
        (self.repo / "corpus/d3d9/new").write_text("seed\n")
        # What the base gains after the fork is not this change.
        self.git("checkout", "-q", "upstream")
        self.commit("parsers/d3d9/reader.cpp")
        self.git("checkout", "-q", "main")
        self.assertEqual(changes.changed_paths(self.repo, "upstream"),
                         ["corpus/d3d9/new", "parsers/shbin/reader.cpp", "parsers/vbc/reader.cpp"])

    def test_the_base_is_origin_main_where_the_clone_has_it_else_head(self):
        self.assertEqual(changes.default_base(self.repo), "HEAD")
        self.git("update-ref", "refs/remotes/origin/main", "HEAD")
        self.assertEqual(changes.default_base(self.repo), "origin/main")

    def test_an_unknown_base_is_a_usage_error(self):
        with self.assertRaises(targets.UsageError):
            changes.changed_paths(self.repo, "no-such-commit")


if __name__ == "__main__":
    unittest.main()
