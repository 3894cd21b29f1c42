"""The steps of a night, each through the script that owns it (scripts/fuzz,
scripts/gen-corpus, scripts/triage, scripts/fuzz-coverage, shaderprobe
conform), collecting what the report needs."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

from sptriage import targets as fuzz_table

STATS_COLUMNS = ("target", "seconds", "execs", "exec_per_sec", "cov", "corpus", "new", "findings")


def sh(root: Path, cmd: list[str], log: Path | None = None, echo: bool = False) -> int:
    """Runs cmd in root; its output goes to log, and to our stdout if echo."""
    with subprocess.Popen(cmd, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) as p:
        out = log.open("w") if log else None
        for line in p.stdout:
            if out:
                out.write(line)
            if echo:
                sys.stdout.write(line)
                sys.stdout.flush()
        if out:
            out.close()
    return p.returncode


def table(root: Path) -> fuzz_table.Table:
    """The fuzz target table of the fuzz build, which the night has built."""
    return fuzz_table.load(root / "build/fuzz/bin", root)


def fuzz_targets(root: Path) -> list[str]:
    """The targets the fuzz build has, by name (the report's rows and its
    history keep one order whatever the registry's), but A/B baselines
    (fuzzers/README.md): the same code as another target with a weaker
    mutator, so their share of the night is better spent on the real
    targets."""
    return sorted(t.name for t in table(root).targets
                  if not t.baseline and (root / "build/fuzz/bin" / f"fuzz_{t.name}").exists())


def read_stats(runs: Path, target: str) -> dict:
    """The line scripts/fuzz printed for target, as numbers (None where '?')."""
    path = runs / target / "stats"
    fields = path.read_text().split() if path.exists() else [target] + ["?"] * (len(STATS_COLUMNS) - 1)
    out: dict = {"target": target}
    for key, value in zip(STATS_COLUMNS[1:], fields[1:]):
        out[key] = int(value) if value.isdigit() else None
    return out


def count_files(folder: Path) -> int:
    return sum(1 for p in folder.iterdir() if p.is_file()) if folder.is_dir() else 0


def replay_regressions(root: Path, targets: list[str], log: Path) -> list[dict]:
    """Every file of corpus/regressions/<corpus> through the libFuzzer build of
    each target reading that corpus (files, never the folder: libFuzzer fuzzes
    a folder and writes into it)."""
    out = []
    with log.open("w") as f:
        for t in targets:
            folder = root / "corpus/regressions" / table(root).corpus_of(t)
            files = sorted(p for p in folder.iterdir() if p.is_file()) if folder.is_dir() else []
            failed = []
            for path in files:
                r = subprocess.run([str(root / f"build/fuzz/bin/fuzz_{t}"), str(path)], cwd=root,
                                   capture_output=True, text=True)
                f.write(f"== fuzz_{t} {path.relative_to(root)}: exit {r.returncode}\n{r.stderr[-4000:]}\n")
                if r.returncode != 0:
                    failed.append(str(path.relative_to(root)))
            out.append({"target": t, "replayed": len(files), "failed": failed})
    return out


def conform(root: Path, out: Path) -> dict:
    """The conformance suite with both sweeps against every implementation
    installed (each format's peers in the table); shaderprobe is the fuzz
    build's (ASan + UBSan)."""
    impls = ["shaderprobe"] + [p["name"] for p in table(root).peers() if shutil.which(p["command"][0])]
    cmd = [str(root / "build/fuzz/bin/shaderprobe"), "conform", "--impl", ",".join(impls),
           "--sweep", "truncate,misalign", "--json", str(out / "conform.json"),
           "--html", str(out / "conform.html"), "--md", str(out / "conform.md"), "conformance/cases"]
    rc = sh(root, cmd, out / "logs/conform.log")
    data = json.loads((out / "conform.json").read_text()) if (out / "conform.json").exists() else {}
    return {"impls": impls, "exit": rc, "summary": data.get("summary"), "html": "conform.html",
            "markdown": "conform.md"}


def triage(root: Path, crashes: dict[str, list[Path]], out: Path) -> dict:
    """scripts/triage over each target's crash files (fuzzing artifacts and
    merge crashes); the file -> cluster map is what links a finding in the
    report to its cluster."""
    result = {}
    for t, folders in crashes.items():
        folders = [f for f in folders if count_files(f)]
        if not folders:
            continue
        dest = out / "triage" / t
        sh(root, ["scripts/triage", "--target", t, "--out", str(dest), *map(str, folders)], out / f"logs/triage-{t}.log")
        report = dest / "report.json"
        data = json.loads(report.read_text()) if report.exists() else {"clusters": [], "not_reproduced": []}
        result[t] = {
            "report": f"triage/{t}/report.md",
            "clusters": [{"id": c["id"], "crash_type": c["crash_type"], "crash_state": c["crash_state"],
                          "severity": c["severity"], "reliable": c["reliable"], "dir": f"triage/{t}/cluster-{c['id']}",
                          "reproducers": [Path(r["path"]).name for r in c["reproducers"]]}
                         for c in data["clusters"]],
            "not_reproduced": [Path(p).name for p in data.get("not_reproduced", [])],
        }
    return result


COVERAGE_ROW = re.compile(r"^(parsers/\S+)\s+(\d+)/(\d+)\s+([\d.]+)%$")


def coverage(root: Path, out: Path) -> dict:
    """scripts/fuzz-coverage on corpus/ (after the merge), its per-folder
    lines and its HTML copied beside the report."""
    log = out / "logs/coverage.log"
    rc = sh(root, ["scripts/fuzz-coverage"], log)
    folders = {}
    for line in log.read_text().splitlines():
        m = COVERAGE_ROW.match(line.strip())
        if m:
            folders[m.group(1)] = {"covered": int(m.group(2)), "lines": int(m.group(3)),
                                   "percent": float(m.group(4))}
    html = root / "build/coverage/html"
    if html.is_dir():
        shutil.rmtree(out / "coverage", ignore_errors=True)
        shutil.copytree(html, out / "coverage")
    return {"exit": rc, "folders": folders, "html": "coverage/index.html"}


def mutants(root: Path, out: Path, count: int, seed: int, minutes: float, jobs: int) -> dict:
    """scripts/mutants --random: a batch of random mutants in its schema
    build (made again only when the sources changed), no mutant started
    after `minutes`; the score per folder and oracle beside coverage."""
    dest = out / "mutants"
    shutil.rmtree(dest, ignore_errors=True)
    rc = sh(root, ["scripts/mutants", "--random", str(count), "--seed", str(seed), "--minutes", f"{minutes:g}",
                   "--jobs", str(jobs), "--out", str(dest)], out / "logs/mutants.log")
    data = json.loads((dest / "mutants.json").read_text()) if (dest / "mutants.json").exists() else {}
    return {"exit": rc, "count": count, "seed": seed, "score": data.get("score"), "totals": data.get("totals"),
            "by_folder": {f: c["score"] for f, c in data.get("by_folder", {}).items()},
            "by_oracle": data.get("by_oracle"), "report": "mutants/mutants.md"}
