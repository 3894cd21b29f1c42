"""The fuzz targets a change reaches, which `scripts/fuzz --changed [BASE]`
runs, so that every target is fuzzed after its format changes.

A change reaches the targets of the formats its paths belong to and, when
it reaches any format, the targets with a ROLE (sp_fuzzer() in
fuzzers/CMakeLists.txt): `printers`, which prints inputs of every format
through the registry, and `container`, the container's whole-file target.
A/B baselines are never chosen: they fuzz another target's code with less.

A path belongs to formats by the first of these rules that applies (a
format is a line of parsers/formats/registry.def):
- documentation (`*.md`, docs/) to none: no target reads it (a
  differential's deviations.md is for people);
- parsers/<format>/, conformance/<format>/ and conformance/cases/<format>/
  to that format;
- corpus/<corpus>/ and corpus/regressions/<corpus>/ to the formats of the
  targets reading that corpus;
- a file of fuzzers/ or fuzzers/support/ named, after a `fuzz_` or `seeds_`
  prefix, for a format, a target or a corpus (the longest such name, then
  followed by `.`, `_` or `-`) to that one's format: <format>.cmake,
  .dict, .options and .seeds, fuzz_<target>.cpp, <target>.options,
  support/<format>_*, support/bitstream_* (the bitstream target's, so
  bitcode's); any other file there (CMakeLists.txt, support/fuzz_check.cpp,
  support/printer_checks.cpp, ...) is every target's, so every format's;
- the build's own files (CMakeLists.txt, CMakePresets.json, cmake/,
  parsers/CMakeLists.txt) and what a run of scripts/fuzz reads
  (scripts/fuzz, scripts/lib/fuzz-*.sh) to every format;
- another folder of parsers/ or tools/ to what links one of the libraries
  its CMakeLists.txt adds: a format's parsers/<format>/CMakeLists.txt or
  fuzzers/<format>.cmake is that format's, fuzzers/CMakeLists.txt (the
  support every target links) every format's, another such folder's
  CMakeLists.txt what that folder belongs to. So parsers/bitstream is
  bitcode's (sp_bitcode links it), parsers/core and parsers/formats (the
  registry) every format's, and so is tools/vkd3d_peer (sp_fuzzer() links
  it into the targets that NEED it, and the rule does not tell them from
  the rest), while the CLI is nobody's. A folder of parsers/ without a
  library is every format's, as nothing tells;
- any other file of conformance/ to what the files of fuzzers/ that
  include it belong to (conformance/fnv1a.h: every format, through
  support/fuzz_check.cpp); no target links the rest of the conformance
  runner;
- anything else (tests/, the other scripts/, ci/, bench/, examples/, the
  Python tools) to none: no fuzz target is built from it.

A change since BASE is what `git diff` gives between the working tree and
the commit where HEAD left BASE (so that what others merged into BASE since
does not count), plus the untracked files."""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

from . import targets as fuzz_table

# What a run of scripts/fuzz reads besides the targets: flags, corpora, the
# table's readers.
FUZZ_RUN_FILES = re.compile(r"scripts/fuzz|scripts/lib/fuzz-[^/]*\.sh")
BUILD_FILES = re.compile(r"CMakeLists\.txt|CMakePresets\.json|cmake/.*|parsers/CMakeLists\.txt")
FUZZER_PREFIXES = ("fuzz_", "seeds_")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)


def registry_formats(repo: Path) -> list[str]:
    """The registered formats, in registry order (as cmake/formats.cmake
    reads them)."""
    text = (repo / "parsers" / "formats" / "registry.def").read_text()
    return re.findall(r"^SP_FORMAT\(([a-z0-9_]+)\)", text, re.MULTILINE)


def cmake_code(path: Path) -> str:
    """A CMake file without its comments ("" when it does not exist: a
    deleted file)."""
    return re.sub(r"#.*", "", path.read_text()) if path.is_file() else ""


class Reach:
    """Which formats each path of the tree belongs to (the module's rules)."""

    def __init__(self, table: list[fuzz_table.Target], repo: Path):
        self.table, self.repo = table, repo
        self.formats = registry_formats(repo)
        self.every = frozenset(self.formats) | {t.format for t in table}
        # Names a file of fuzzers/ may be named for, each with its formats;
        # a format's own name first, then a target's, then a corpus's.
        self.names: dict[str, frozenset[str]] = {}
        for t in table:
            self.names.setdefault(t.corpus, frozenset(u.format for u in table if u.corpus == t.corpus))
        self.names |= {t.name: frozenset({t.format}) for t in table}
        self.names |= {f: frozenset({f}) for f in self.formats}
        self.memo: dict[str, frozenset[str]] = {}

    def reached(self, paths: list[str]) -> set[str]:
        """The formats changes to `paths` reach."""
        return set().union(*(self.formats_of(p) for p in paths))

    def describe(self, formats: set[str] | frozenset[str]) -> str:
        return "every format" if formats >= self.every else ", ".join(sorted(formats)) or "no format"

    def formats_of(self, path: str) -> frozenset[str]:
        if path not in self.memo:
            self.memo[path] = frozenset()  # a cycle of links or includes adds nothing
            self.memo[path] = frozenset(self.rules(path))
        return self.memo[path]

    def rules(self, path: str) -> frozenset[str] | set[str]:
        parts = path.split("/")
        top, name = parts[0], parts[-1]
        if name.endswith(".md") or top == "docs":
            return set()
        if top in ("parsers", "conformance") and len(parts) > 2 and parts[1] in self.formats:
            return {parts[1]}
        if top == "conformance" and len(parts) > 3 and parts[1] == "cases" and parts[2] in self.formats:
            return {parts[2]}
        if top == "corpus" and len(parts) > 2:
            corpus = parts[2] if parts[1] == "regressions" and len(parts) > 3 else parts[1]
            return {t.format for t in self.table if t.corpus == corpus}
        if top == "fuzzers":
            return self.named_for(name) or self.every
        if BUILD_FILES.fullmatch(path) or FUZZ_RUN_FILES.fullmatch(path):
            return self.every
        if top in ("parsers", "tools") and len(parts) > 2:
            return self.linkers_of(f"{top}/{parts[1]}")
        if top == "conformance":
            return self.includers_of(path)
        return set()

    def named_for(self, name: str) -> frozenset[str]:
        """The formats of the longest format, target or corpus name `name`
        starts with (after a `fuzz_` or `seeds_` prefix), else none."""
        for prefix in FUZZER_PREFIXES:
            if name.startswith(prefix):
                name = name[len(prefix):]
                break
        found = [n for n in self.names if name == n or (name.startswith(n) and name[len(n)] in "._-")]
        return self.names[max(found, key=len)] if found else frozenset()

    def linkers_of(self, folder: str) -> frozenset[str] | set[str]:
        """What the CMake files linking a library of `folder` belong to."""
        libraries = re.findall(r"\badd_library\(\s*([\w.-]+)", cmake_code(self.repo / folder / "CMakeLists.txt"))
        if not libraries:
            return self.every if folder.startswith("parsers/") else set()
        uses = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, libraries)) + r")(?![\w-])")
        candidates = [*self.repo.glob("parsers/*/CMakeLists.txt"), *self.repo.glob("tools/*/CMakeLists.txt"),
                      *self.repo.glob("fuzzers/*.cmake"), self.repo / "fuzzers" / "CMakeLists.txt"]
        out: set[str] = set()
        for cmake in candidates:
            rel = cmake.relative_to(self.repo).as_posix()
            if not rel.startswith(folder + "/") and uses.search(cmake_code(cmake)):
                out |= self.formats_of(rel)
        return out

    def includers_of(self, path: str) -> set[str]:
        """What the files of fuzzers/ that #include `path` belong to."""
        out: set[str] = set()
        for source in (self.repo / "fuzzers").rglob("*"):
            if source.suffix in (".cpp", ".h") and path in INCLUDE.findall(source.read_text(errors="replace")):
                out |= self.formats_of(source.relative_to(self.repo).as_posix())
        return out


def targets_of(table: list[fuzz_table.Target], formats: set[str] | frozenset[str]) -> list[str]:
    """The targets a change to `formats` reaches, in table order."""
    return [t.name for t in table if not t.baseline and (t.format in formats or (formats and t.role))]


def select(table: list[fuzz_table.Target], paths: list[str], repo: Path = fuzz_table.REPO) -> list[str]:
    """The targets changes to `paths` reach, in table order."""
    return targets_of(table, Reach(table, repo).reached(paths))


def git(repo: Path, *args: str) -> str:
    done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise fuzz_table.UsageError(f"git {' '.join(args)}: {done.stderr.strip()}")
    return done.stdout


def default_base(repo: Path) -> str:
    """origin/main where the clone has it, else HEAD (uncommitted changes)."""
    found = subprocess.run(["git", "-C", str(repo), "rev-parse", "--verify", "--quiet", "origin/main^{commit}"],
                           capture_output=True, check=False)
    return "origin/main" if found.returncode == 0 else "HEAD"


def changed_paths(repo: Path, base: str) -> list[str]:
    """Every path changed since `base` (module docstring), sorted; a rename
    gives both names."""
    fork = git(repo, "merge-base", base, "HEAD").strip()
    paths = git(repo, "diff", "--name-only", "--no-renames", fork, "--").splitlines()
    paths += git(repo, "ls-files", "--others", "--exclude-standard").splitlines()
    return sorted(set(paths))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python3 -m sptriage.changes", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("base", nargs="?", help="the commit the change is since (default: origin/main if it exists, "
                                           "else HEAD)")
    p.add_argument("--table", type=Path, required=True, help="a build's fuzz_targets.json")
    p.add_argument("--repo", type=Path, default=fuzz_table.REPO, help="the work tree (default: this one)")
    p.add_argument("--explain", action="store_true", help="print each changed path's formats to stderr")
    args = p.parse_args(argv)
    try:
        table = [fuzz_table.Target(**t) for t in json.loads(args.table.read_text())]
        base = args.base or default_base(args.repo)
        paths = changed_paths(args.repo, base)
        reach = Reach(table, args.repo)
        formats = reach.reached(paths)
    except (OSError, fuzz_table.UsageError) as e:
        print(f"{p.prog}: {e}", file=sys.stderr)
        return 2
    if args.explain:
        for path in paths:
            print(f"  {path}: {reach.describe(reach.formats_of(path))}", file=sys.stderr)
    chosen = targets_of(table, formats)
    print(f"changed since {base}: {len(paths)} paths, reaching {reach.describe(formats)}: "
          f"{len(chosen)} fuzz targets", file=sys.stderr)
    for name in chosen:
        print(name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
