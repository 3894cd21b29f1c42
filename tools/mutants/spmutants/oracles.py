"""The oracles a random mutant is run against, and which of their units
reach its site.

A baseline run of the schema build with no mutant on traces, for every
unit of every oracle, the sites it executes (SP_MUTANT_TRACE, and the
per-input and per-test hooks of tools/mutants/schema/):

  replay        each committed corpus file, its regressions and the
                conformance cases of its format, through each fuzz target
                reading them (libFuzzer given files: one run each); the
                targets' round-trip and invariant checks and the sanitizers
                judge
  differential  the same through the targets that compare with another
                implementation (LLVM 22, vkd3d-shader)
  conform       each conformance case's expectations (`shaderprobe conform`)
  unit          each GoogleTest test of sp_tests
  fuzz          a short libFuzzer run of a target whose corpus reaches the
                site, from the inputs that reach it

A mutant changes nothing until its site runs, so a deterministic unit that
never executes the site cannot kill it: each mutant runs only the units
that reach its site, each oracle's together in one process, the cheapest
(by the baseline's times) first, until one kills it; fuzzing comes last.
A unit that fails in the baseline judges nothing and is left out (and
reported)."""
from __future__ import annotations

import concurrent.futures
import dataclasses
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

ORACLES = ("replay", "differential", "conform", "unit", "fuzz")

# Kill detection needs the kind of report, not symbols: symbolising every
# crash of thousands of runs would cost more than the runs.
ENV = {
    "ASAN_OPTIONS": "abort_on_error=0:detect_leaks=1:symbolize=0:allocator_may_return_null=0:print_summary=1",
    "UBSAN_OPTIONS": "print_stacktrace=0:report_error_type=1:halt_on_error=1:symbolize=0",
    # Files replayed through a libFuzzer build take every check, the ones a
    # fuzzing run gives a hash-picked share of inputs too (fuzzers/support/fuzz_check.h).
    "SP_FUZZ_EVERY_INPUT": "1",
}
INPUT_TIMEOUT = 5  # libFuzzer -timeout of one input: the baseline's slowest takes well under a second
RSS_LIMIT_MB = 2560
# What a failed run printed that says why, first match wins.
REASONS = [re.compile(p) for p in (
    r"invariant broken: .*", r"ERROR: AddressSanitizer: [\w-]+(?: on address)?", r"ERROR: LeakSanitizer: .*",
    r"[^\s]+: runtime error: .*", r"ERROR: libFuzzer: [\w-]+", r"ALARM: working on the last Unit.*",
    r"\[  FAILED  \] [^\s,]+", r"AddressSanitizer: .*", r"(?:Segmentation fault|Aborted)")]


def reason(output: str) -> str:
    for p in REASONS:
        m = p.search(output)
        if m:
            return m.group(0)[:200]
    lines = [x for x in output.strip().splitlines() if x.strip()]
    return lines[-1][:200] if lines else "exit status"


@dataclasses.dataclass
class Run:
    returncode: int
    output: str
    seconds: float
    timed_out: bool


def run(cmd: list[str], cwd: Path, env: dict[str, str], timeout: float) -> Run:
    """cmd in a session of its own, all of which is killed past timeout (a
    conform worker or a test's child must not outlive a hung run)."""
    start = time.monotonic()
    with tempfile.TemporaryFile() as out:
        p = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=out,
                             start_new_session=True)
        try:
            p.wait(timeout=timeout)
            timed_out = False
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
            timed_out = True
        out.seek(0)
        text = out.read().decode(errors="replace")
    return Run(p.returncode, text, time.monotonic() - start, timed_out)


def fnv1a(data: bytes) -> str:
    """The label fuzz_trace.cpp gives an input."""
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


COSTLY_TEST_SECONDS = 5.0
# A step's time limit: ten times what its units took in the baseline, and
# this much more. A mutant that hangs a test is killed at the limit, so
# every hang costs the whole limit: kept short, since a test that hangs may
# run before the one that fails (the unity build orders them), and
# --gtest_fail_fast stops at a failure, not at a hang.
STEP_SECONDS = 10


def split_costly(units: list[Unit]) -> list[list[Unit]]:
    """The tests reaching a site as the unit oracle runs them: the cheap ones
    in one process, then each costly one (a peer run on hundreds of inputs, a
    sweep of every prefix) in a step of its own, so it runs only when the
    cheaper steps of every oracle have not killed the mutant. gtest runs a
    filter's tests in their declaration order, not by cost."""
    cheap = [u for u in units if u.seconds < COSTLY_TEST_SECONDS]
    return ([cheap] if cheap else []) + [[u] for u in units if u.seconds >= COSTLY_TEST_SECONDS]


def environment(mutant: int | None = None, trace: Path | None = None, units: Path | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SP_MUTANT")}
    env.update(ENV)
    if mutant is not None:
        env["SP_MUTANT"] = str(mutant)
    if trace is not None:
        env["SP_MUTANT_TRACE"] = str(trace)
    if units is not None:
        env["SP_MUTANT_UNITS"] = str(units)
    return env


def read_units(path: Path, site_of: dict[int, int]) -> dict[str, set[int]]:
    """label -> the sites its unit reached (each mutant id read as its site's first)."""
    out: dict[str, set[int]] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            label, *ids = line.split()
            out.setdefault(label, set()).update(site_of.get(int(i), int(i)) for i in ids)
    return out


def read_trace(path: Path, site_of: dict[int, int]) -> set[int]:
    data = path.read_bytes() if path.exists() else b""
    return {site_of.get(m.start(), m.start()) for m in re.finditer(rb"[^\x00]", data)}


@dataclasses.dataclass
class Unit:
    """One thing an oracle runs: an input of a target, a case, a test."""
    name: str  # file path, case path or test name
    seconds: float
    sites: set[int]


@dataclasses.dataclass
class Baseline:
    """What the schema build does with no mutant on."""
    # oracle -> group (a fuzz target for replay and differential, "" else) -> units
    units: dict[str, dict[str, list[Unit]]]
    failing: dict[str, list[str]]  # oracle -> units that fail with no mutant on
    seconds: float

    def reaching(self, oracle: str, site: int) -> dict[str, list[Unit]]:
        return {g: [u for u in us if site in u.sites] for g, us in self.units.get(oracle, {}).items()
                if any(site in u.sites for u in us)}

    def to_json(self) -> dict:
        return {"units": {o: {g: [[u.name, round(u.seconds, 4), sorted(u.sites)] for u in us] for g, us in gs.items()}
                          for o, gs in self.units.items()},
                "failing": self.failing, "seconds": self.seconds}

    @staticmethod
    def from_json(d: dict) -> Baseline:
        return Baseline({o: {g: [Unit(n, s, set(ids)) for n, s, ids in us] for g, us in gs.items()}
                         for o, gs in d["units"].items()}, d["failing"], d["seconds"])


class Oracles:
    """The scratch build's binaries and what they read: the fuzz target
    table, the corpora, the conformance cases and the tests."""

    def __init__(self, repo: Path, scratch: Path, build_dir: Path, site_of: dict[int, int], jobs: int,
                 fuzz_seconds: int, seed: int):
        self.repo, self.scratch, self.bin = repo, scratch, build_dir / "bin"
        self.site_of, self.jobs, self.fuzz_seconds, self.seed = site_of, jobs, fuzz_seconds, seed
        self.table = [t for t in json.loads((build_dir / "fuzz_targets.json").read_text())
                      if not t["baseline"] and (self.bin / f"fuzz_{t['name']}").exists()]
        self.peer_cache = build_dir / "peer-cache"

    def environment(self, **kw) -> dict[str, str]:
        """environment(), with the other implementations' outcomes kept in
        the build folder (conformance/peer_cache.h): every mutant's conform
        and unit runs give the same peers the same cases, and the peers
        (spirv-val on the VBC suite: 20 s a run) cost more than shaderprobe."""
        return environment(**kw) | {"SP_CONFORM_PEER_CACHE": str(self.peer_cache)}

    # Inputs.
    def case_files(self) -> list[Path]:
        """The conformance cases, as `shaderprobe conform` collects them."""
        root = self.repo / "conformance" / "cases"
        return sorted(p for p in root.rglob("*") if p.is_file() and p.suffix not in (".expect", ".md", ".json"))

    def inputs(self) -> dict[str, list[Path]]:
        """target -> the files it replays: its corpus, the corpus's
        regressions, and the conformance cases when its corpus holds whole
        files of their format (the majority of the corpus identifies so)."""
        cases = self.case_files()
        formats = self.identify(cases)
        out = {}
        for t in self.table:
            files = [p for d in ("corpus/" + t["corpus"], "corpus/regressions/" + t["corpus"])
                     for p in sorted((self.repo / d).glob("*")) if p.is_file()]
            sample = files[:: max(1, len(files) // 40)]
            kinds = list(self.identify(sample).values())
            whole = max(set(kinds), key=kinds.count) if kinds else None
            out[t["name"]] = files + [c for c in cases if whole and formats.get(c) == whole]
        return out

    def identify(self, files: list[Path]) -> dict[Path, str]:
        if not files:
            return {}
        r = subprocess.run([str(self.bin / "shaderprobe"), "identify", "--json", *map(str, files)],
                           capture_output=True, text=True, env=self.environment())
        return {Path(e["file"]): e["format"] for e in json.loads(r.stdout or "[]")} if r.stdout else {}

    def oracle_of(self, target: str) -> str:
        return "differential" if next(t for t in self.table if t["name"] == target)["needs"] else "replay"

    def fuzz_flags(self, target: str) -> list[str]:
        """The target's .options as scripts/fuzz gives them (paths relative
        to the repository, where the fuzz oracle runs)."""
        script = 'source scripts/lib/fuzz-flags.sh; options_of "$1"'
        out = subprocess.run(["bash", "-c", script, "-", target], cwd=self.repo, capture_output=True, text=True)
        return out.stdout.split()

    # The baseline.
    def baseline(self, work: Path) -> Baseline:
        started = time.monotonic()
        work.mkdir(parents=True, exist_ok=True)
        units: dict[str, dict[str, list[Unit]]] = {o: {} for o in ORACLES if o != "fuzz"}
        failing: dict[str, list[str]] = {o: [] for o in units}
        jobs = []
        for target, files in self.inputs().items():
            jobs.append(("replay", target, files))
        jobs.append(("conform", "", self.case_files()))
        jobs += [("unit", str(shard), None) for shard in range(self.jobs)]
        with concurrent.futures.ThreadPoolExecutor(self.jobs) as pool:
            futures = {}
            for oracle, group, files in jobs:
                if oracle == "replay":
                    futures[pool.submit(self._trace_replay, group, files, work / f"replay-{group}")] = group
                elif oracle == "conform":
                    for k, case in enumerate(files):
                        futures[pool.submit(self._trace_case, case, work / f"case-{k}")] = "case"
                else:
                    futures[pool.submit(self._trace_tests, int(group), work / f"unit-{group}")] = "unit"
            cases: list[Unit] = []
            tests: list[Unit] = []
            for f in concurrent.futures.as_completed(futures):
                kind = futures[f]
                got, bad = f.result()
                if kind == "case":
                    cases += got
                    failing["conform"] += bad
                elif kind == "unit":
                    tests += got
                    failing["unit"] += bad
                else:
                    oracle = self.oracle_of(kind)
                    units[oracle][kind] = got
                    failing[oracle] += bad
        units["conform"][""] = sorted(cases, key=lambda u: u.name)
        units["unit"][""] = sorted(tests, key=lambda u: u.name)
        return Baseline(units, {o: sorted(f) for o, f in failing.items()}, round(time.monotonic() - started, 1))

    def _trace_replay(self, target: str, files: list[Path], work: Path) -> tuple[list[Unit], list[str]]:
        """Every file once through the target, tracing each input's sites;
        an input that fails is set aside and the rest run again."""
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir(parents=True)
        by_hash: dict[str, Path] = {}
        for p in files:
            by_hash.setdefault(fnv1a(p.read_bytes()), p)
        pending, failing, ms = list(by_hash.values()), [], {}
        while pending:
            r = run([str(self.bin / f"fuzz_{target}"), f"-timeout={INPUT_TIMEOUT}", f"-rss_limit_mb={RSS_LIMIT_MB}",
                     *map(str, pending)], self.repo, self.environment(trace=work / "trace", units=work / "units"),
                    120 + 2 * len(pending))
            for name, t in re.findall(r"^Executed (.+) in (\d+) ms$", r.output, re.M):
                ms[name] = int(t)
            if r.returncode == 0:
                break
            ran = re.findall(r"^Running: (.+)$", r.output, re.M)
            bad = Path(ran[-1]) if ran else pending[0]
            failing.append(str(bad))
            pending = pending[pending.index(bad) + 1:] if bad in pending else pending[1:]
        traced = read_units(work / "units", self.site_of)
        init = traced.pop("init", set())
        out = []
        for h, p in by_hash.items():
            if str(p) in failing:
                continue
            out.append(Unit(str(p), ms.get(str(p), 0) / 1000, traced.get(h, set()) | init))
        return sorted(out, key=lambda u: (u.seconds, u.name)), failing

    def _trace_case(self, case: Path, work: Path) -> tuple[list[Unit], list[str]]:
        work.unlink(missing_ok=True)
        r = run([str(self.bin / "shaderprobe"), "conform", "-q", str(case)], self.repo,
                self.environment(trace=work), 300)
        sites = read_trace(work, self.site_of)
        work.unlink(missing_ok=True)
        if r.returncode != 0:
            return [], [str(case)]
        return [Unit(str(case), r.seconds, sites)], []

    def _trace_tests(self, shard: int, work: Path) -> tuple[list[Unit], list[str]]:
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir(parents=True)
        env = self.environment(trace=work / "trace", units=work / "units")
        env.update({"GTEST_TOTAL_SHARDS": str(self.jobs), "GTEST_SHARD_INDEX": str(shard)})
        run([str(self.bin / "sp_tests"), f"--gtest_output=json:{work}/tests.json"], self.scratch, env, 3600)
        traced = read_units(work / "units", self.site_of)
        init = traced.pop("init", set())
        report = json.loads((work / "tests.json").read_text()) if (work / "tests.json").exists() else {}
        out, failing = [], []
        for suite in report.get("testsuites", []):
            for t in suite.get("testsuite", []):
                name = f"{suite['name']}.{t['name']}"
                if t.get("result") == "SKIPPED" or t.get("status") == "NOTRUN":
                    continue
                if t.get("failures"):
                    failing.append(name)
                    continue
                out.append(Unit(name, float(t.get("time", "0s").rstrip("s")), traced.get(name, set()) | init))
        return out, failing

    # A mutant.
    def plan(self, baseline: Baseline, site: int) -> list[tuple[float, str, str, list[Unit]]]:
        """The deterministic runs that can kill a mutant at site, cheapest
        first: (estimated seconds, oracle, group, units)."""
        steps = []
        for oracle in ("replay", "differential", "conform", "unit"):
            for group, units in baseline.reaching(oracle, site).items():
                for part in split_costly(units) if oracle == "unit" else [units]:
                    steps.append((0.5 + sum(u.seconds for u in part), oracle, group, part))
        return sorted(steps, key=lambda s: s[0])

    def judge(self, baseline: Baseline, mutant: int, site: int, work: Path) -> dict:
        """Runs the mutant through the units reaching its site until one
        kills it; what killed it, and each oracle's runs."""
        ran: list[dict] = []
        steps = self.plan(baseline, site)
        for _cost, oracle, group, units in steps:
            killed, why, seconds = self._run(oracle, group, units, mutant, work)
            ran.append({"oracle": oracle, "group": group, "units": len(units), "killed": killed,
                        "seconds": round(seconds, 2)})
            if killed:
                return {"status": "killed", "killed_by": {"oracle": oracle, "group": group, "why": why}, "runs": ran}
        fuzzable = baseline.reaching("replay", site) or baseline.reaching("differential", site)
        if fuzzable and self.fuzz_seconds > 0:
            # The reaching target that runs its inputs fastest gets the most
            # executions out of the seconds.
            target = min(fuzzable, key=lambda g: sum(u.seconds for u in baseline.units[self.oracle_of(g)][g])
                         / max(1, len(baseline.units[self.oracle_of(g)][g])))
            killed, why, seconds = self._fuzz(target, fuzzable[target], mutant, work)
            ran.append({"oracle": "fuzz", "group": target, "units": len(fuzzable[target]), "killed": killed,
                        "seconds": round(seconds, 2)})
            if killed:
                return {"status": "killed", "killed_by": {"oracle": "fuzz", "group": target, "why": why}, "runs": ran}
        return {"status": "survived" if steps else "not reached", "killed_by": None, "runs": ran}

    def _run(self, oracle: str, group: str, units: list[Unit], mutant: int, work: Path) -> tuple[bool, str, float]:
        env = self.environment(mutant=mutant)
        budget = STEP_SECONDS + 10 * sum(u.seconds for u in units)
        if oracle in ("replay", "differential"):
            r = run([str(self.bin / f"fuzz_{group}"), f"-timeout={INPUT_TIMEOUT}", f"-rss_limit_mb={RSS_LIMIT_MB}",
                     *(u.name for u in units)], self.repo, env, budget + INPUT_TIMEOUT * 2)
            ran = re.findall(r"^Running: (.+)$", r.output, re.M)
            where = f" ({Path(ran[-1]).relative_to(self.repo)})" if ran and r.returncode else ""
            return r.returncode != 0, ("timeout" if r.timed_out else reason(r.output)) + where, r.seconds
        if oracle == "conform":
            report = work / f"conform-{mutant}.json"
            r = run([str(self.bin / "shaderprobe"), "conform", "-q", "--json", str(report), *(u.name for u in units)],
                    self.repo, env, budget)
            return r.returncode != 0, "timeout" if r.timed_out else self._conform_reason(report, r), r.seconds
        r = run([str(self.bin / "sp_tests"), "--gtest_fail_fast", "--gtest_filter=" + ":".join(u.name for u in units)],
                self.scratch, env, budget)
        return r.returncode != 0, "timeout" if r.timed_out else reason(r.output), r.seconds

    @staticmethod
    def _conform_reason(report: Path, r: Run) -> str:
        try:
            results = json.loads(report.read_text())["results"]
        except (OSError, ValueError, KeyError):
            return reason(r.output)
        finally:
            report.unlink(missing_ok=True)
        for x in results:
            if x["impl"] == "shaderprobe" and (x["met"] is False or x["verdict"] in ("crash", "timeout", "oom")
                                               or x.get("mismatches")):
                return f"{x['case']}: {x['verdict']}, expectation not met{': ' + x['detail'][:150] if x.get('detail') else ''}"
        return reason(r.output)

    def _fuzz(self, target: str, units: list[Unit], mutant: int, work: Path) -> tuple[bool, str, float]:
        """A few seconds of libFuzzer from the inputs reaching the site."""
        folder = work / f"fuzz-{mutant}"
        shutil.rmtree(folder, ignore_errors=True)
        (folder / "corpus").mkdir(parents=True)
        (folder / "artifacts").mkdir()
        for k, u in enumerate(units[:256]):
            shutil.copyfile(u.name, folder / "corpus" / f"{k}")
        r = run([str(self.bin / f"fuzz_{target}"), *self.fuzz_flags(target), f"-max_total_time={self.fuzz_seconds}",
                 f"-seed={self.seed}", f"-timeout={INPUT_TIMEOUT}", f"-rss_limit_mb={RSS_LIMIT_MB}",
                 f"-artifact_prefix={folder}/artifacts/", str(folder / "corpus")], self.repo,
                self.environment(mutant=mutant), self.fuzz_seconds * 4 + 60)
        found = any((folder / "artifacts").iterdir())
        shutil.rmtree(folder, ignore_errors=True)
        return found, reason(r.output) if found else "", r.seconds


def cache_key(oracles: Oracles, build_key: str) -> str:
    """What the baseline depends on: the build and every file it reads."""
    h = hashlib.sha256(build_key.encode())
    for p in sorted(oracles.bin.iterdir()):
        st = p.stat()
        h.update(f"{p.name} {st.st_size} {st.st_mtime_ns}\n".encode())
    for folder in ("corpus", "conformance/cases"):
        for p in sorted((oracles.repo / folder).rglob("*")):
            if p.is_file():
                st = p.stat()
                h.update(f"{p} {st.st_size} {st.st_mtime_ns}\n".encode())
    return h.hexdigest()
