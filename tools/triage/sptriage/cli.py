"""scripts/triage: reproduce, parse, cluster, minimize and report crashes."""
from __future__ import annotations

import argparse
import json
import re
import shlex
import shutil
import sys
from pathlib import Path

from . import report_json, report_markdown, sarif, targets
from .clusters import Cluster, Reproducer, cluster
from .minimize import minimize
from .reproduce import reproduce
from .runner import DEFAULT_RSS_LIMIT_MB, DEFAULT_TIMEOUT_SECONDS, ENGINES, INPUT_PLACEHOLDER, CannotRun, Harness, Limits

EPILOG = """\
Each input is run --runs times against build/fuzz/bin/fuzz_<target> (the
`fuzz` preset; --bin-dir to change), or the binary --binary names, under
libFuzzer's -timeout and -rss_limit_mb. Crashes are grouped by target +
crash type + crash state (the top 3 frames in the project's own code, core
helpers such as SpanReader and the checked arithmetic skipped; for a broken
round trip, its message, the first byte that differs and the frame that ran
the check). One reproducer per cluster is minimized, with -minimize_crash=1
or, for --engine afl, afl-tmin (skipped with a note when it is not
installed), and kept only if it still crashes with the same state (a
round trip's first differing byte aside, which moves as bytes go).

Any target, not only shaderprobe's: --binary PATH runs every input through
PATH, whose file name (without a leading fuzz_) is the target's name unless
--target gives one. --engine libfuzzer (the default) gives it the file as
libFuzzer does; --engine afl runs it as AFL++ does: --args holds its
arguments, split as a shell splits them, where @@ stands for the input
file; without @@ (and without --args) the input is its stdin. An AFL++
target has no engine in the process: triage kills it at --timeout (a
Timeout), ASan enforces the rss limit, and a crash that printed no
sanitizer report is named by its signal, with an empty state. Each input's
format is what `shaderprobe identify` names (the bin folder's shaderprobe,
else any preset's), or "unknown" when it names none or no build has one.

  scripts/triage --binary ./fuzz_png crash-*
  scripts/triage --binary ./readpng --engine afl --args '-q @@' out/default/crashes/

Writes DIR/report.md, DIR/report.json ({"clusters": [{id, target, binary,
engine, crash_type, crash_state, crash_address, sanitizer, kind, severity,
reliable, location, reproducers: [{path, size, format, crashes, runs}],
minimized: {path, size, original_size, verified, shrunk, note}, stack}],
"not_reproduced": [...]}),
DIR/report.sarif (SARIF 2.1.0) and DIR/cluster-<id>/ (original, minimized,
stderr.txt). Exit 0 when nothing crashed, 1 when there are clusters, 2 on
a usage error: an input that does not exist, a target that cannot be told,
a missing binary, or one that does not run the input (a replay main of the
dev or asan preset, given libFuzzer's flags).

--manifest FILE names a JSON list of {"input", "target", "binary"} objects
instead of FILE|DIR arguments: scripts/mutants uses it, since every mutant
has its own binary."""


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="scripts/triage", description=__doc__, epilog=EPILOG,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("inputs", nargs="*", type=Path, metavar="FILE|DIR", help="crash files, or folders of them")
    p.add_argument("--target", help="fuzz target name (default: detected from each file: a folder on its path "
                                    "named for a target or corpus, else its format)")
    p.add_argument("--bin-dir", type=Path, default=targets.DEFAULT_BIN_DIR, help="where fuzz_<target> binaries are")
    p.add_argument("--binary", type=Path, help="the target binary for every input, any project's (the target's "
                                               "name: its file name without a leading fuzz_, or --target)")
    p.add_argument("--engine", choices=ENGINES, default="libfuzzer",
                   help="how --binary takes an input: libfuzzer (default), or afl (AFL++: see --args)")
    p.add_argument("--args",
                   help=f"--engine afl: the target's arguments, {INPUT_PLACEHOLDER} for the input file; without "
                        f"{INPUT_PLACEHOLDER} (and by default) the input is its stdin")
    p.add_argument("--manifest", type=Path, help="JSON list of {input, target, binary}")
    p.add_argument("--out", type=Path, default=Path("build/triage"), help="report folder (default build/triage)")
    p.add_argument("--runs", type=int, default=3, help="runs per input (default 3)")
    p.add_argument("--timeout", type=int, default=DEFAULT_TIMEOUT_SECONDS,
                   help="seconds a run may take: libFuzzer's -timeout; an AFL++ target is killed")
    p.add_argument("--rss-limit-mb", type=int, default=DEFAULT_RSS_LIMIT_MB,
                   help="libFuzzer's -rss_limit_mb; ASan's hard_rss_limit_mb for an AFL++ target")
    p.add_argument("--minimize-seconds", type=int, default=20,
                   help="time for -minimize_crash (or afl-tmin) per cluster")
    p.add_argument("--add-regressions", action="store_true",
                   help="copy each verified minimized reproducer to corpus/regressions/<corpus>/, the folder "
                        "ctest replays through every target reading the target's corpus")
    return p.parse_args(argv)


def target_name(binary: Path) -> str:
    return binary.name.removeprefix("fuzz_")


def collect(args: argparse.Namespace) -> list[tuple[Path, str, Harness]]:
    """(input, target, harness) for every input file."""
    if args.engine != "libfuzzer" and not args.binary:
        raise targets.UsageError(f"scripts/triage: --engine {args.engine} needs --binary")
    if args.args is not None and args.engine != "afl":
        raise targets.UsageError("scripts/triage: --args is for --engine afl (a libFuzzer binary takes the file)")
    if args.binary and args.manifest:
        raise targets.UsageError("scripts/triage: --manifest names each input's binary; no --binary with it")
    if args.manifest:
        return [(Path(e["input"]), e["target"], Harness(Path(e["binary"])))
                for e in json.loads(args.manifest.read_text())]
    files = []
    for item in args.inputs:
        if not item.exists():
            raise targets.UsageError(f"scripts/triage: {item} does not exist")
        files += sorted(p for p in item.rglob("*") if p.is_file()) if item.is_dir() else [item]
    if args.binary:
        harness = Harness(args.binary, args.engine, tuple(shlex.split(args.args or "")))
        return [(f, args.target or target_name(args.binary), harness) for f in files]
    table = None if args.target else targets.load(args.bin_dir)
    out = []
    for f in files:
        target = args.target or table.detect_target(f)
        if target is None:
            raise targets.UsageError(f"scripts/triage: cannot tell the target of {f}: give --target")
        out.append((f, target, Harness(targets.binary_of(target, args.bin_dir))))
    return out


def slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower()[:60]


def add_regression(c: Cluster, table: targets.Table, root: Path = targets.REPO) -> Path:
    """Copies c's minimized reproducer into corpus/regressions/<corpus>/ of
    root: the folder of the corpus c's target reads, which ctest replays."""
    folder = root / "corpus" / "regressions" / table.corpus_of(c.target)
    folder.mkdir(parents=True, exist_ok=True)
    dest = folder / f"{slug(c.crash_type)}-in-{slug(c.crash_state[0] if c.crash_state else 'unknown')}"
    shutil.copyfile(c.minimized.path, dest)
    return dest


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if not args.inputs and not args.manifest:
        print("scripts/triage: no inputs (FILE|DIR... or --manifest)", file=sys.stderr)
        return 2
    try:
        return triage(args)
    except (targets.UsageError, CannotRun) as e:
        print(e if str(e).startswith("scripts/triage") else f"scripts/triage: {e}", file=sys.stderr)
        return 2


def triage(args: argparse.Namespace) -> int:
    inputs = collect(args)
    for _, target, harness in inputs:
        if not harness.binary.exists():
            hint = "" if args.binary else (f": cmake --preset fuzz && cmake --build --preset fuzz "
                                           f"--target fuzz_{target}")
            print(f"scripts/triage: {harness.binary} is missing{hint}", file=sys.stderr)
            return 2
    limits = Limits(args.timeout, args.rss_limit_mb)
    args.out.mkdir(parents=True, exist_ok=True)
    shaderprobe = targets.find_shaderprobe(args.bin_dir)

    reproducers = []
    for path, target, harness in inputs:
        r = reproduce(harness, path, args.runs, limits)
        reproducers.append(Reproducer(path, target, harness, r, targets.identify(shaderprobe, path)))
        state = f"{r.report.crash_type}: {' / '.join(r.report.state)}" if r.report else "no crash"
        print(f"{path}: {state} ({r.crashes}/{r.runs})", file=sys.stderr)
    clusters = cluster(reproducers)
    for number, c in enumerate(clusters, 1):
        folder = args.out / f"cluster-{number}"
        folder.mkdir(exist_ok=True)
        smallest = c.smallest()
        shutil.copyfile(smallest.path, folder / "original")
        (folder / "stderr.txt").write_text(smallest.reproduction.output)
        c.minimized = minimize(smallest.harness, folder / "original", folder / "minimized", c.report, limits,
                               args.minimize_seconds, args.runs)
        print(f"cluster {number}: {c.crash_type} in {' / '.join(c.crash_state)}; minimized "
              f"{c.minimized.original_size} -> {c.minimized.size} bytes, "
              f"{'same state' if c.minimized.verified else 'NOT the same state'}"
              f"{'; ' + c.minimized.note if c.minimized.note else ''}", file=sys.stderr)
        if args.add_regressions and c.minimized.verified:
            table = targets.load(args.bin_dir)
            if any(t.name == c.target for t in table.targets):
                print(f"  added {add_regression(c, table)}", file=sys.stderr)
            else:
                print(f"  not added: {c.target} is not a fuzz target of shaderprobe", file=sys.stderr)

    not_reproduced = [r.path for r in reproducers if r.reproduction.report is None]
    data = report_json.write(args.out / "report.json", clusters, not_reproduced)
    report_markdown.write(args.out / "report.md", data)
    sarif.write(args.out / "report.sarif", data["clusters"], [c.report for c in clusters])
    print(f"{len(clusters)} clusters, {len(not_reproduced)} not reproduced: {args.out}/report.md", file=sys.stderr)
    return 1 if clusters else 0
