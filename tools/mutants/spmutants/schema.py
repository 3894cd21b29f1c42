"""Mutant schemata (as Mull and Dextool build them): every mutation of
every site is compiled into one build of the scratch tree, each site
rewritten as

    (sp_mutant_on(ID1) ? (mutation 1) : sp_mutant_on(ID2) ? (mutation 2) : (original))

and one is switched on at run time by SP_MUTANT=ID (tools/mutants/schema/
sp_mutant.h, force-included by the scratch build alone). Sites inside
other sites nest in their original. The build holds all of them, so it
is made once per state of the sources, whatever batch a run draws.

A mutation that does not compile is dropped and counted: each rewritten
file is compiled first on its own (-fsyntax-only; a header through a unit
that includes it), then the whole build; a compiler error inside a mutation
drops it, inside a site's original the whole site, and a unit whose
errors point at no site is bisected by site."""
from __future__ import annotations

import concurrent.futures
import dataclasses
import hashlib
import json
import os
import re
import shlex
import subprocess
import time
from pathlib import Path

from . import tree
from .sites import Mutant, Site

SCHEMA_DIR = "tools/mutants/schema"
BUILD = "build/schema"  # inside the scratch tree
STATE = "schema-state.json"  # in the build folder: what the last build of which schema dropped
ERROR = re.compile(r"^(/[^:\n]+):(\d+):(\d+): (?:fatal )?error: (.*)$", re.M)
DIAGNOSTIC = re.compile(r"^((?:/|\.{1,2}/)[^:\n]+):(\d+):(\d+): (?:fatal )?(error|warning|note): (.*)$", re.M)
# No overload takes the arguments: reported at the callee's name, which an
# enclosing site's original may hold (`if (!r.read(count)) return`), while
# the culprit is the switch that made an argument a temporary.
CALL = re.compile(r"no matching (?:member )?function for call to ")
SYNTAX = re.compile(r"expected |extraneous |unexpected |use of undeclared |unknown type name ")
MAX_ROUNDS = 12
UNITY_INCLUDE = re.compile(r'^#include "(/[^"]+)"$', re.M)


@dataclasses.dataclass
class Rendered:
    text: str
    parts: dict[int, tuple[int, int]]  # mutant id -> its "sp_mutant_on(id) ? (...) :" in text
    switches: dict[Site, tuple[int, int]]  # site -> its whole switch in text


def render(text: str, mutants: list[Mutant]) -> Rendered:
    """The file with each site rewritten as the switch of its mutants. A
    mutation is one line and the original keeps its own, so every line of
    the file stays where it was."""
    by_site: dict[Site, list[Mutant]] = {}
    for m in mutants:
        by_site.setdefault(m.site, []).append(m)
    children: dict[Site | None, list[Site]] = {None: []}
    stack: list[Site] = []
    for site in sorted(by_site, key=lambda s: (s.start, -s.end)):
        while stack and stack[-1].end <= site.start:
            stack.pop()
        parent = stack[-1] if stack else None
        if parent is not None and site.end > parent.end:
            continue  # crosses its parent: dropped by crossing_sites() before this
        children.setdefault(parent, []).append(site)
        children.setdefault(site, [])
        stack.append(site)
    out: list[str] = []
    size = 0
    parts: dict[int, tuple[int, int]] = {}
    switches: dict[Site, tuple[int, int]] = {}

    def put(s: str) -> None:
        nonlocal size
        out.append(s)
        size += len(s)

    def emit(start: int, end: int, inner: list[Site]) -> None:
        at = start
        for site in inner:
            put(text[at:site.start])
            switch(site)
            at = site.end
        put(text[at:end])

    def switch(site: Site) -> None:
        begin = size
        put("(")
        for m in by_site[site]:
            part = size
            put(f"sp_mutant_on({m.id}) ? ({m.mutation.mutated}) : ")
            parts[m.id] = (part, size)
        before, after = by_site[site][0].mutation.original_code.split("{}")
        put("(" + before)
        emit(site.start, site.end, children[site])
        put(after + "))")
        switches[site] = (begin, size)

    emit(0, len(text), children[None])
    return Rendered("".join(out), parts, switches)


def crossing_sites(mutants: list[Mutant]) -> set[Site]:
    """Sites that overlap another without nesting in it (the later one of
    each such pair): a switch must hold whole expressions."""
    out: set[Site] = set()
    by_file: dict[str, list[Site]] = {}
    for site in {m.site for m in mutants}:
        by_file.setdefault(site.file, []).append(site)
    for sites in by_file.values():
        stack: list[Site] = []
        for site in sorted(sites, key=lambda s: (s.start, -s.end)):
            while stack and stack[-1].end <= site.start:
                stack.pop()
            if stack and site.end > stack[-1].end:
                out.add(site)
            else:
                stack.append(site)
    return out


def offset_of(text: str, line: int, column: int) -> int | None:
    """The character offset of a compiler's line and (byte) column."""
    lines = text.split("\n")
    if not 1 <= line <= len(lines):
        return None
    start = sum(len(x) + 1 for x in lines[: line - 1])
    return start + len(lines[line - 1].encode()[: column - 1].decode(errors="ignore"))


@dataclasses.dataclass
class Schema:
    """The schema of a tree: every mutant, those dropped (id -> why: the
    compiler's error), and the scratch tree and build it goes into."""
    repo: Path
    scratch: Path
    mutants: list[Mutant]
    dropped: dict[int, str] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        self.sources = {f: (self.repo / f).read_text() for f in sorted({m.site.file for m in self.mutants})}
        for site in crossing_sites(self.mutants):
            self.drop_site(site, "overlaps another site without nesting in it")

    @property
    def build_dir(self) -> Path:
        return self.scratch / BUILD

    def live(self, rel: str | None = None) -> list[Mutant]:
        return [m for m in self.mutants if m.id not in self.dropped and (rel is None or m.site.file == rel)]

    def rendered(self, rel: str, mutants: list[Mutant] | None = None) -> Rendered:
        return render(self.sources[rel], self.live(rel) if mutants is None else mutants)

    def key(self) -> str:
        """What the build depends on: the sources, every mutant, the switch."""
        h = hashlib.sha256()
        for rel, text in self.sources.items():
            h.update(rel.encode() + b"\0" + text.encode() + b"\0")
        for m in self.mutants:
            h.update(f"{m.id} {m.site.file} {m.site.start} {m.site.end} {m.mutation.mutated}\n".encode())
        for f in sorted((self.repo / SCHEMA_DIR).iterdir()):
            h.update(f.read_bytes())
        h.update(Path(__file__).read_bytes())  # what a compiler error drops
        return h.hexdigest()

    def write(self) -> None:
        """Syncs the scratch tree with the repository, with the live schema
        in the files it rewrites; only files whose text changes are written."""
        tree.sync(self.repo, self.scratch, {f: self.rendered(f).text for f in self.sources})

    def write_file(self, rel: str, mutants: list[Mutant]) -> None:
        text = self.rendered(rel, mutants).text
        path = self.scratch / rel
        if path.read_text() != text:
            path.write_text(text)

    def drop(self, mutant_id: int, why: str) -> bool:
        if mutant_id in self.dropped:
            return False
        self.dropped[mutant_id] = why
        return True

    def drop_site(self, site: Site, why: str) -> bool:
        return any([self.drop(m.id, why) for m in self.mutants if m.site == site])

    def attribute(self, log: str) -> tuple[int, list[tuple[str, int, str]]]:
        """Drops what the errors of a compiler's log point into: a mutation,
        or the innermost site whose original holds the error (not for a call
        no overload takes: see CALL); an error in a template (sp_mutant.h's,
        a parser's) by the first of its notes that points into a switch ("in
        instantiation ... requested here"). How many were dropped, and the
        errors that point at none (file, line, message)."""
        renders = {f: self.rendered(f) for f in self.sources}

        def in_scratch(path: str) -> str:
            # A compiler behind ccache with a base_dir prints paths relative
            # to the folder it ran in, the build folder.
            return os.path.relpath(os.path.join(self.build_dir, path), self.scratch)

        def hit(path: str, line: str, column: str, why: str, call: bool) -> int | None:
            rel = in_scratch(path)
            r = renders.get(rel)
            at = offset_of(r.text, int(line), int(column)) if r else None
            if at is None:
                return None
            parts = [i for i, (a, b) in r.parts.items() if a <= at < b]
            if parts:
                return sum(self.drop(i, why) for i in parts)
            if call:
                return None  # at the callee's name: the culprit is an argument's switch, left to bisect()
            inner = [s for s, (a, b) in r.switches.items() if a <= at < b]
            return self.drop_site(min(inner, key=lambda s: s.end - s.start), why) if inner else None

        dropped, stray = 0, []
        groups: list[list[tuple[str, str, str, str, str]]] = []
        for path, line, column, kind, message in DIAGNOSTIC.findall(log):
            if kind != "note" or not groups:
                groups.append([])
            groups[-1].append((path, line, column, kind, message))
        errors = [g for g in groups if g[0][3] == "error"]
        # After a syntax error the parser's later errors say little (a broken
        # declaration makes every later use of its names an error): the next
        # round compiles again without the first culprit.
        cut = next((k for k, g in enumerate(errors) if SYNTAX.match(g[0][4])), len(errors))
        for (path, line, column, _, message), *notes in errors[:cut + 1]:
            why = f"{in_scratch(path)}:{line}: {message}"
            call = bool(CALL.match(message))
            for where in [(path, line, column)] + [(p, l, c) for p, l, c, _, _ in notes]:
                n = hit(*where, why, call)
                if n is not None:
                    dropped += n
                    break
            else:
                stray.append((in_scratch(path), int(line), message))
        return dropped, stray


def configure(scratch: Path, repo: Path) -> None:
    """The scratch build: the fuzz preset's compiler, sanitizers and
    libFuzzer targets, with the tests too (one build serves every oracle),
    at -O1, the switch force-included, and the trace hooks and cheaper
    flags added (schema/hook.cmake). A reference to a temporary is an
    error: a switch turns an lvalue into a copy, which a returned reference
    would dangle."""
    build_dir = scratch / BUILD
    if (build_dir / "build.ninja").exists():
        return
    schema = scratch / SCHEMA_DIR
    flags = f"-include {schema}/sp_mutant.h -Werror=return-stack-address -Werror=dangling"
    subprocess.run(["cmake", "-S", str(scratch), "-B", str(build_dir), "-G", "Ninja",
                    "-DCMAKE_C_COMPILER=clang-22", "-DCMAKE_CXX_COMPILER=clang++-22",
                    "-DCMAKE_BUILD_TYPE=RelWithDebInfo", "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1",
                    f"-DCMAKE_CXX_FLAGS={flags}", f"-DCMAKE_PROJECT_INCLUDE={schema}/hook.cmake",
                    "-DSP_SANITIZE=ON", "-DSP_FUZZ_ENGINE=libfuzzer", "-DSP_BUILD_TESTS=ON", "-DSP_WITH_LLVM=ON",
                    f"-DSP_EXTERNAL_DIR={(repo / '..' / 'shared' / 'external').resolve()}"],
                   check=True, stdout=subprocess.DEVNULL)


def targets(build_dir: Path) -> list[str]:
    """What the oracles run: the fuzz targets this build has (A/B baselines
    aside), shaderprobe and sp_tests. The build files are brought up to date
    first: a target the sources no longer declare (fuzz_shbin_dump once)
    would otherwise still be listed, and ninja would refuse to build it."""
    subprocess.run(["ninja", "-C", str(build_dir), "build.ninja"], check=True, capture_output=True)
    listing = subprocess.run(["ninja", "-C", str(build_dir), "-t", "targets", "all"], check=True,
                             capture_output=True, text=True).stdout
    table = {t["name"]: t for t in json.loads((build_dir / "fuzz_targets.json").read_text())}
    names = {line.split(":")[0] for line in listing.splitlines()}
    fuzz = sorted(f"fuzz_{n}" for n, t in table.items() if not t["baseline"] and f"fuzz_{n}" in names)
    return fuzz + ["shaderprobe", "sp_tests"]


class Syntax:
    """-fsyntax-only of one translation unit with its flags from the scratch
    build's compile_commands.json; a header is checked through a unit that
    includes it."""

    def __init__(self, build_dir: Path, scratch: Path):
        self.scratch = scratch
        self.commands = {}
        for entry in json.loads((build_dir / "compile_commands.json").read_text()):
            rel = os.path.relpath(entry["file"], scratch)
            self.commands.setdefault(rel, (entry["directory"], shlex.split(entry["command"])))

    def unit_for(self, rel: str) -> str | None:
        if rel in self.commands:
            return rel
        include = f'"{Path(rel).parent.name}/{Path(rel).name}"'
        siblings = sorted(u for u in self.commands if u.startswith(str(Path(rel).parent) + "/"))
        # The build's own units (a unity batch: several test files) last.
        for unit in siblings + sorted(self.commands, key=lambda u: (u.startswith(BUILD + "/"), u)):
            if include in self.text_of(unit):
                return unit
        return None

    def text_of(self, unit: str) -> str:
        """The unit's text, with that of the files it includes by absolute
        path: a unity build's unit (CMake's Unity/unity_0_cxx.cxx for
        sp_tests) is those includes alone, and a header only the tests
        include (dxcontainer/model.h) is found through it. A unit the build
        generates (conformance/vbc's SPIR-V samples) is not there before
        the first build, and includes no parser."""
        path = self.scratch / unit
        if not path.exists():
            return ""
        text = path.read_text()
        return text + "".join(Path(f).read_text() for f in UNITY_INCLUDE.findall(text) if Path(f).exists())

    def check(self, unit: str) -> str:
        """The compiler's errors for unit ('' when it compiles)."""
        directory, argv = self.commands[unit]
        cmd, skip = [], False
        for arg in argv:
            if skip:
                skip = False
            elif arg in ("-o", "-MF", "-MT"):
                skip = True
            elif arg not in ("-c", "-MD"):
                cmd.append(arg)
        r = subprocess.run(["nice", *cmd, "-fsyntax-only", "-ferror-limit=0"], cwd=directory, capture_output=True,
                           text=True)
        return "" if r.returncode == 0 else r.stderr


def first_error(errors: str) -> str:
    m = ERROR.search(errors)
    return m.group(4) if m else (errors.strip().splitlines() or ["?"])[-1]


def bisect(schema: Schema, syntax: Syntax, rel: str, unit: str, lines: set[int] | None = None) -> None:
    """Finds the sites of rel that keep unit from compiling when its errors
    point at no switch: the shortest failing prefix of rel's sites ends with
    a culprit, which is dropped; then the rest.

    The sites on the lines the errors point at (`lines`) are suspected
    first: a call whose argument a switch turned into a temporary is
    reported at the callee's name ("no matching member function for call
    to 'read'"), outside the argument's switch but on its line. When the
    unit compiles without the suspects, only they are bisected, each line's
    on its own but all in the same compilations (bisect_by_line)."""
    def fails(sites: list[Site]) -> str:
        schema.write_file(rel, [m for m in schema.live(rel) if m.site in sites])
        return syntax.check(unit)

    good: list[Site] = []
    pending = sorted({m.site for m in schema.live(rel)}, key=lambda s: s.start)
    suspects = [s for s in pending if s.line in (lines or set())]
    if fails([]):
        pending = []  # the unit fails without rel's sites: not theirs
    elif suspects and len(suspects) < len(pending):
        rest = [s for s in pending if s not in suspects]
        if not fails(rest):
            good, pending = bisect_by_line(schema, rel, fails, rest, suspects)
    while pending and (errors := fails(good + pending)):
        lo, hi = 0, len(pending)  # good + pending[:lo] compiles, good + pending[:hi] does not
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if e := fails(good + pending[:mid]):
                hi, errors = mid, e
            else:
                lo = mid
        schema.drop_site(pending[hi - 1], f"{rel}: {first_error(errors)}")
        good += pending[:hi - 1]
        pending = pending[hi:]
    schema.write_file(rel, schema.live(rel))


@dataclasses.dataclass
class LineSearch:
    """bisect()'s search on one error line: good + pending[:lo] compiles,
    good + pending[:hi] fails (lo None: pending not tried as a whole yet);
    why: the line's error."""
    pending: list[Site]
    lo: int | None = None
    hi: int = 0
    why: str = ""

    def trial(self) -> list[Site]:
        return self.pending if self.lo is None else self.pending[:(self.lo + self.hi) // 2]


def bisect_by_line(schema: Schema, rel: str, fails, good: list[Site],
                   suspects: list[Site]) -> tuple[list[Site], list[Site]]:
    """bisect()'s search for the shortest failing prefix, run for each
    error line's suspects at once: one compilation holds, for every line,
    the part of its suspects that line's search tries next, and the lines
    its errors point at say which parts fail. vbc/shader_reader.cpp's 13
    calls (`r.read(count)`) took 65 compilations one line after another.
    Lines are assumed independent (a culprit's error is on its own line);
    an error elsewhere, or what is left failing at the end, hands the
    suspects not dropped to bisect()'s search of them all. Returns the
    sites known to compile, and those left to search."""
    path = str(schema.scratch / rel)
    lines: dict[int, LineSearch] = {}
    for s in suspects:
        lines.setdefault(s.line, LineSearch([])).pending.append(s)
    verified = False  # the last compilation was of good alone, and clean
    while lines:
        errors = fails(good + [s for search in lines.values() for s in search.trial()])
        verified = not errors and all(search.lo is None for search in lines.values())
        failed: dict[int, str] = {}
        for where, line, _, message in ERROR.findall(errors):
            failed.setdefault(int(line) if where == path else 0, message)
        if (errors and not failed) or not set(failed) <= set(lines):
            return good, [s for search in lines.values() for s in search.pending]
        for line, search in list(lines.items()):
            if search.lo is None and line not in failed:
                good += search.pending
                del lines[line]
                continue
            if search.lo is None:
                search.lo, search.hi = 0, len(search.pending)
            elif line in failed:
                search.hi = (search.lo + search.hi) // 2
            else:
                search.lo = (search.lo + search.hi) // 2
            search.why = failed.get(line, search.why)
            if search.hi - search.lo == 1:
                schema.drop_site(search.pending[search.hi - 1], f"{rel}:{line}: {search.why}")
                good += search.pending[:search.hi - 1]
                lines[line] = LineSearch(search.pending[search.hi:])
                if not lines[line].pending:
                    del lines[line]
    if not verified and fails(good):
        return [], [s for s in good if any(m.site == s for m in schema.live(rel))]
    return good, []


def settle(schema: Schema, syntax: Syntax, units: list[str], jobs: int) -> None:
    """Compiles units (-fsyntax-only, in parallel) until all compile,
    dropping what their errors point at; a unit whose errors point at no
    switch bisects the rewritten file they point into (or its own). Not in
    the first round: there most such units share a header with others,
    whose errors drop its culprits, and the next round compiles them in
    parallel, not one by one before a bisection."""
    for round_ in range(1, MAX_ROUNDS + 1):
        began, before = time.monotonic(), len(schema.dropped)
        schema.write()
        with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
            failing = {u: e for u, e in zip(units, pool.map(syntax.check, units)) if e}
        if not failing:
            print(f"settling, round {round_}: {len(units)} units compile ({time.monotonic() - began:.0f} s)", flush=True)
            return
        unexplained = []
        for unit, errors in failing.items():
            dropped, stray = schema.attribute(errors)
            if not dropped:
                unexplained.append((unit, stray))
        bisected = 0
        for unit, stray in unexplained if round_ > 1 else []:
            schema.write()
            if not syntax.check(unit):
                continue  # mended by what other units' errors dropped
            files = {rel for rel, _, _ in stray if rel in schema.sources} or ({unit} & set(schema.sources))
            for rel in sorted(files):
                bisect(schema, syntax, rel, unit, {line for r, line, _ in stray if r == rel})
            bisected += 1
        print(f"settling, round {round_}: {len(failing)} of {len(units)} units fail, {len(unexplained)} with errors "
              f"at no switch, {bisected} bisected; {len(schema.dropped) - before} mutants dropped "
              f"({time.monotonic() - began:.0f} s)", flush=True)
        units = sorted(failing)
    # Still failing (a file of many culprits, each a syntax error counted
    # alone): bisect what is left.
    schema.write()
    for unit in units:
        if syntax.check(unit):
            for rel in sorted({unit} & set(schema.sources)):
                bisect(schema, syntax, rel, unit)


def build(schema: Schema, jobs: int, log: Path) -> tuple[dict, float]:
    """Makes the scratch build of the schema, or finds it made: the state
    of the last build says which schema it was and what it dropped.
    Every rewritten file is settled first, -fsyntax-only (an error found in
    the whole build would rebuild every unit including a header again),
    then the whole build, whose errors drop what they point at until it
    links. Returns the state, and the seconds the settling took (0 when
    the state was found)."""
    schema.write()  # a first run has no scratch tree to configure yet
    configure(schema.scratch, schema.repo)
    state_path = schema.build_dir / STATE
    key = schema.key()
    state = json.loads(state_path.read_text()) if state_path.exists() else {}
    began = time.monotonic()
    if state.get("key") == key:
        schema.dropped.update({int(k): v for k, v in state["dropped"].items()})
    else:
        state_path.unlink(missing_ok=True)
        syntax = Syntax(schema.build_dir, schema.scratch)
        units = {rel: syntax.unit_for(rel) for rel in schema.sources}
        for rel, unit in units.items():
            if unit is None:
                for m in schema.live(rel):
                    schema.drop(m.id, f"{rel}: no translation unit of the build includes it")
        settle(schema, syntax, sorted({u for u in units.values() if u}), jobs)
    settled = time.monotonic() - began
    names = targets(schema.build_dir)
    for _ in range(MAX_ROUNDS):
        schema.write()
        r = subprocess.run(["nice", "ninja", "-C", str(schema.build_dir), "-k", "0", "-j", str(jobs), *names],
                           capture_output=True, text=True)
        log.write_text(r.stdout + r.stderr)
        if r.returncode == 0:
            state = {"key": key, "dropped": {str(k): v for k, v in sorted(schema.dropped.items())}}
            state_path.write_text(json.dumps(state, indent=1) + "\n")
            return state, settled
        dropped, stray = schema.attribute(r.stdout + r.stderr)
        if not dropped:
            raise RuntimeError(f"the schema build fails outside every switch ({log}): {stray[:3]}")
    raise RuntimeError(f"the schema build still fails after {MAX_ROUNDS} rounds ({log})")
