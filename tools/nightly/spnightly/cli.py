"""scripts/nightly's command line and the order of the steps."""
from __future__ import annotations

import argparse
import datetime
import os
import shutil
import subprocess
import time
from pathlib import Path

from . import report, steps

DESCRIPTION = """\
The nightly run: installs what is missing, builds the `fuzz` and `coverage`
presets, fuzzes every target for its share of --minutes of fuzzing
(libFuzzer -fork with --jobs processes, from a work copy of corpus/), merges what was found
back into corpus/ with -set_cover_merge=1 (scripts/gen-corpus -a; an input
that crashes a target sharing the corpus is a finding too), replays
corpus/regressions/ and the conformance suite (both sweeps) against every
implementation installed, triages new crashes (scripts/triage), measures
line coverage (scripts/fuzz-coverage) and the mutation score of a batch of
random mutants (scripts/mutants --random, for at most --mutant-minutes).
Writes DIR/report.md, report.json and report.html, and keeps DIR/history/
for the trend charts.

Exit status: 1 on a new crash, a regression replay failure or a conformance
expectation not met (or a step that failed to run); 0 otherwise."""

# A target fuzzes at least this long when --minutes is shared among more
# targets than it has minutes for; by default every target gets a minute.
MIN_SECONDS_PER_TARGET = 10
DEFAULT_SECONDS_PER_TARGET = 60
DEFAULT_MINUTES = 10
DEFAULT_MUTANTS = 100
DEFAULT_MUTANT_MINUTES = 10


def parse(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="scripts/nightly", description=DESCRIPTION,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--minutes", type=float,
                   help=f"fuzzing time, shared equally among the targets (default: {DEFAULT_MINUTES}, or a minute "
                        "per target when there are more); installing, building and the steps after fuzzing come "
                        "on top and are reported beside it")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                   help="libFuzzer -fork processes and build jobs (default: every core)")
    p.add_argument("--out", type=Path, default=Path("build/nightly"), help="report folder (default build/nightly)")
    p.add_argument("--mutants", type=int, default=DEFAULT_MUTANTS,
                   help=f"random mutants drawn (scripts/mutants --random; default {DEFAULT_MUTANTS}, 0: none)")
    p.add_argument("--mutants-seed", type=int, default=1,
                   help="their seed (default 1: the same sites night after night while the sources stay, so the "
                        "trend shows the oracles, not the draw)")
    p.add_argument("--mutant-minutes", type=float, default=DEFAULT_MUTANT_MINUTES,
                   help=f"no mutant is started after this many minutes of running them (default "
                        f"{DEFAULT_MUTANT_MINUTES}; the schema build comes on top)")
    return p.parse_args(argv)


def fuzz_budget(minutes: float | None, targets: int) -> tuple[float, int]:
    """The night's fuzzing minutes and each target's -max_total_time."""
    if minutes is None:
        minutes = max(DEFAULT_MINUTES, targets * DEFAULT_SECONDS_PER_TARGET / 60)
    return minutes, max(MIN_SECONDS_PER_TARGET, int(minutes * 60 / max(targets, 1)))


def build(root: Path, preset: str, jobs: int, log: Path) -> int:
    # Configure only once: re-configuring a tree another script is building races.
    if not (root / "build" / preset / "build.ninja").exists():
        rc = steps.sh(root, ["cmake", "--preset", preset], log)
        if rc:
            return rc
    return steps.sh(root, ["cmake", "--build", "--preset", preset, "-j", str(jobs)], log)


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    started = time.monotonic()
    root = Path(__file__).resolve().parents[3]
    out = args.out if args.out.is_absolute() else Path.cwd() / args.out
    out.mkdir(parents=True, exist_ok=True)
    for old in ("triage", "logs"):
        shutil.rmtree(out / old, ignore_errors=True)
    (out / "logs").mkdir()
    runs = out / "runs"
    problems: list[str] = []
    timings: dict[str, float] = {}

    def step(name: str, since: float) -> float:
        now = time.monotonic()
        timings[name] = round(now - since, 1)
        print(f"--- {name}: {timings[name]:.0f} s", flush=True)
        return now

    t = time.monotonic()
    subprocess.run([str(root / "scripts/install-deps")], check=True)
    for preset in ("fuzz", "coverage"):
        if build(root, preset, args.jobs, out / f"logs/build-{preset}.log"):
            print(f"build of preset {preset} failed: {out}/logs/build-{preset}.log")
            return 1
    t = step("install and build", t)

    targets = steps.fuzz_targets(root)
    minutes, seconds = fuzz_budget(args.minutes, len(targets))
    print(f"fuzzing {len(targets)} targets for {seconds} s each with {args.jobs} jobs", flush=True)
    fuzz_rc = steps.sh(root, ["scripts/fuzz", "-t", str(seconds), "-j", str(args.jobs), "-o", str(runs), *targets],
                       out / "logs/fuzz.log", echo=True)
    fuzzing = [steps.read_stats(runs, name) for name in targets]
    t = step("fuzz", t)
    after_fuzz = t

    corpora = sorted({steps.table(root).corpus_of(x) for x in targets})
    before = {name: steps.count_files(root / "corpus" / name) for name in corpora}
    merge_crashes = out / "merge-crashes"
    shutil.rmtree(merge_crashes, ignore_errors=True)
    if steps.sh(root, ["scripts/gen-corpus", "-a", str(runs), "-c", str(merge_crashes)], out / "logs/merge.log"):
        problems.append("corpus merge failed (logs/merge.log)")
    merge = [{"corpus": name, "before": n, "after": steps.count_files(root / "corpus" / name)} for name, n in before.items()]
    for s in fuzzing:
        s["merge_findings"] = steps.count_files(merge_crashes / s["target"])
    t = step("merge", t)

    regressions = steps.replay_regressions(root, targets, out / "logs/regressions.log")
    t = step("regressions", t)
    conformance = steps.conform(root, out)
    t = step("conformance", t)
    triage = steps.triage(root, {x: [runs / x / "artifacts", merge_crashes / x] for x in targets}, out)
    t = step("triage", t)
    cov = steps.coverage(root, out)
    if cov["exit"]:
        problems.append("coverage failed (logs/coverage.log)")
    t = step("coverage", t)
    mutation = None
    if args.mutants:
        mutation = steps.mutants(root, out, args.mutants, args.mutants_seed, args.mutant_minutes, args.jobs)
        if mutation["exit"] or mutation["score"] is None:
            problems.append("random mutants failed (logs/mutants.log)")
        t = step("mutants", t)
    timings["after fuzzing"] = round(t - after_fuzz, 1)
    timings["total"] = round(t - started, 1)
    if fuzz_rc and not any(s["findings"] for s in fuzzing):
        problems.append("scripts/fuzz failed without a crash file (logs/fuzz.log)")

    night = {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "commit": subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True,
                                 text=True).stdout.strip(),
        "minutes": minutes, "jobs": args.jobs, "seconds_per_target": seconds,
        "fuzzing": fuzzing, "merge": merge, "regressions": regressions, "conformance": conformance,
        "triage": triage, "coverage": cov, "mutants": mutation, "timings": timings, "problems": problems,
    }
    night["failures"] = report.failures(night)
    report.save_history(out / "history", night)
    report.write(out, night, report.load_history(out / "history"))
    print(f"report: {out}/report.html ({timings['total']:.0f} s)")
    for f in night["failures"]:
        print(f"FAIL: {f}")
    return 1 if night["failures"] else 0
