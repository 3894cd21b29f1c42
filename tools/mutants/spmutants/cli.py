"""scripts/mutants: how many planted bugs do the fuzz targets find?"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

from sptriage import cli as triage_cli
from sptriage import targets as fuzz_table

from . import random_mode, tree
from .catalog import MUTANTS, Mutant

REPO = Path(__file__).resolve().parents[3]

EPILOG = """\
For each mutant in tools/mutants/spmutants/catalog.py: plant it in the
scratch tree (--scratch, default build/mutants/tree; the working tree is
never written), build its fuzz target there (`fuzz` preset), fuzz from a
copy of the corpus it reads (the fuzz target table's) for --seconds with
the target's .options flags and a fixed -seed, and record whether and when
it crashed. Then scripts/triage runs over every crash into DIR/triage/.

DIR/mutants.json: {"score": detected fraction, "seconds": S, "mutants":
[{id, file, line, function, description, target, detected, seconds,
crash, build_seconds}]}; DIR/mutants.md: the same as a table; DIR/bin/<id>/:
each mutant's binary (triage needs it); DIR/runs/<id>/: fuzzing log,
corpus copy and crash file. Exit 0 when every mutant was detected.

--random N: N mutants drawn by a generator seeded with --seed from every
site of parsers/*/ (comparisons, && and ||, early returns, constants,
bounds and offsets), all compiled into one schema build of a scratch tree
(default build/mutants/schema-tree; made once per state of the sources)
and switched on at run time, each run against every oracle that reaches
its site (corpus and conformance replay through the fuzz targets, the
differential targets, conformance expectations, the unit tests, then
--fuzz-seconds of libFuzzer), cheapest first until one kills it.
DIR (default build/mutants/random)/mutants.json and mutants.md: the score
per oracle, parser folder and operator, and the survivors, never reached
or reached but not caught (tools/triage/README.md, "Random mutants").
tools/mutants/equivalent.json lists the known equivalent mutants."""


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="scripts/mutants", description=__doc__, epilog=EPILOG,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=int, default=30, help="fuzzing time per mutant (default 30)")
    p.add_argument("--out", type=Path, help="result folder DIR (default build/mutants/out, with --random "
                                             "build/mutants/random)")
    p.add_argument("--scratch", type=Path, help="scratch tree (default build/mutants/tree, with --random "
                                                 "build/mutants/schema-tree)")
    p.add_argument("--seed", type=int, default=1, help="libFuzzer -seed, and with --random the draw's (default 1: "
                                                      "runs repeat)")
    p.add_argument("--only", nargs="*", metavar="ID", help="run only these mutants")
    p.add_argument("--jobs", type=int, default=2, help="build jobs, and with --random mutants run at once (default 2)")
    p.add_argument("--no-triage", action="store_true", help="skip the triage of the crashes")
    p.add_argument("--random", type=int, metavar="N", help="N random mutants in one schema build instead of the "
                                                          "catalogue")
    p.add_argument("--fuzz-seconds", type=int, default=5,
                   help="with --random: libFuzzer seconds for a mutant the deterministic oracles miss (default 5)")
    p.add_argument("--minutes", type=float, help="with --random: start no mutant after this many minutes (the rest "
                                                 "are reported as not run)")
    args = p.parse_args(argv)
    mode = "random" if args.random is not None else "out"
    args.out = (args.out or REPO / "build" / "mutants" / mode).resolve()
    args.scratch = (args.scratch or REPO / "build" / "mutants" / ("schema-tree" if args.random is not None
                                                                   else "tree")).resolve()
    return args


def fuzz_flags(target: str) -> list[str]:
    """The flags scripts/fuzz gives the target (scripts/lib/fuzz-flags.sh:
    its .options and the run limits), so a mutant is fuzzed as nightly runs
    fuzz; paths are relative to the repository."""
    script = 'source scripts/lib/fuzz-flags.sh; options_of "$1"; printf "%s\\n" "${SP_FUZZ_LIMITS[@]}"'
    out = subprocess.run(["bash", "-c", script, "-", target], cwd=REPO, check=True, capture_output=True, text=True)
    return out.stdout.split()


def build(scratch: Path, target: str, jobs: int) -> None:
    if not (scratch / "build" / "fuzz" / "build.ninja").exists():
        subprocess.run(["cmake", "--preset", "fuzz"], cwd=scratch, check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["cmake", "--build", "--preset", "fuzz", "-j", str(jobs), "--target", f"fuzz_{target}"],
                   cwd=scratch, check=True, stdout=subprocess.DEVNULL)


def fuzz(binary: Path, target: str, corpus_name: str, run_dir: Path, seconds: int,
         seed: int) -> tuple[float, Path | None]:
    """Fuzzes a copy of the committed corpus/<corpus_name> (libFuzzer writes
    into its corpus folder) until the first crash or `seconds`; the time and
    the crash."""
    if run_dir.exists():
        shutil.rmtree(run_dir)
    corpus = run_dir / "corpus"
    shutil.copytree(REPO / "corpus" / corpus_name, corpus)
    artifacts = run_dir / "artifacts"
    artifacts.mkdir()
    cmd = [str(binary), *fuzz_flags(target), f"-max_total_time={seconds}", f"-seed={seed}",
           f"-artifact_prefix={artifacts}/", str(corpus)]
    start = time.monotonic()
    with (run_dir / "log").open("wb") as log:
        subprocess.run(cmd, cwd=REPO, stdin=subprocess.DEVNULL, stdout=log, stderr=log, check=False,
                       timeout=seconds * 4 + 120)
    elapsed = time.monotonic() - start
    crashes = sorted(artifacts.iterdir())
    return elapsed, (crashes[0] if crashes else None)


def run_mutant(m: Mutant, args: argparse.Namespace) -> dict:
    with tree.planted(args.scratch, m) as line:
        started = time.monotonic()
        build(args.scratch, m.target, args.jobs)
        build_seconds = time.monotonic() - started
        binary = args.out / "bin" / m.id / f"fuzz_{m.target}"
        binary.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(args.scratch / "build" / "fuzz" / "bin" / f"fuzz_{m.target}", binary)
    # The scratch tree's table: the fuzz build there is configured by now.
    corpus_name = fuzz_table.load(args.scratch / "build" / "fuzz" / "bin", args.scratch).corpus_of(m.target)
    seconds, crash = fuzz(binary, m.target, corpus_name, args.out / "runs" / m.id, args.seconds, args.seed)
    return {"id": m.id, "file": m.file, "line": line, "function": m.function, "description": m.description,
            "target": m.target, "detected": crash is not None, "seconds": round(seconds, 1),
            "crash": str(crash) if crash else None, "binary": str(binary), "build_seconds": round(build_seconds, 1)}


def write_markdown(path: Path, data: dict) -> None:
    detected = sum(m["detected"] for m in data["mutants"])
    lines = [f"# Mutants: {detected} of {len(data['mutants'])} detected in {data['seconds']} s each "
             f"(score {data['score']:.2f})", "",
             "| id | file:line | what | target | detected | seconds |", "|---|---|---|---|---|---|"]
    for m in data["mutants"]:
        lines.append(f"| {m['id']} | {m['file']}:{m['line']} | {m['description']} | {m['target']} | "
                     f"{'yes' if m['detected'] else 'NO'} | {m['seconds']} |")
    path.write_text("\n".join(lines) + "\n")


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.random is not None:
        return random_mode.run(args, REPO)
    selected = [m for m in MUTANTS if not args.only or m.id in args.only]
    args.out.mkdir(parents=True, exist_ok=True)
    args.scratch.mkdir(parents=True, exist_ok=True)
    tree.sync(REPO, args.scratch)
    results = []
    for m in selected:
        r = run_mutant(m, args)
        results.append(r)
        print(f"{m.id:28} {'detected' if r['detected'] else 'MISSED  '} {r['seconds']:7.1f} s  "
              f"(build {r['build_seconds']} s)", file=sys.stderr)
    data = {"score": sum(r["detected"] for r in results) / len(results), "seconds": args.seconds,
            "mutants": results}
    (args.out / "mutants.json").write_text(json.dumps(data, indent=2) + "\n")
    write_markdown(args.out / "mutants.md", data)
    crashes = [{"input": r["crash"], "target": r["target"], "binary": r["binary"]} for r in results if r["detected"]]
    if crashes and not args.no_triage:
        manifest = args.out / "crashes.json"
        manifest.write_text(json.dumps(crashes, indent=2) + "\n")
        triage_cli.main(["--manifest", str(manifest), "--out", str(args.out / "triage")])
    print(f"score {data['score']:.2f}: {args.out}/mutants.md", file=sys.stderr)
    return 0 if all(r["detected"] for r in results) else 1
