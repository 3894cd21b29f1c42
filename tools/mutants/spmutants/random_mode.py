"""scripts/mutants --random N --seed S: N mutants drawn at random from
every site of the parsers (sites.py), all compiled into one schema build
(schema.py), each run against every oracle that reaches its site
(oracles.py), and the score per oracle, parser folder and operator."""
from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import time
from pathlib import Path

from . import report, schema, sites
from .oracles import Baseline, Oracles, cache_key

EQUIVALENT = "tools/mutants/equivalent.json"
BASELINE = "baseline.json"  # in the scratch build folder, with the key it was traced for


def load_equivalent(repo: Path) -> dict[str, str]:
    """key -> why (tools/mutants/equivalent.json): mutants that cannot
    change what the program does, left out of the score."""
    data = json.loads((repo / EQUIVALENT).read_text())
    return {f"{e['file']}|{' '.join(e['line'].split())}|{e['change']}": e["reason"] for e in data["mutants"]}


def baseline(oracles: Oracles, build_dir: Path, build_key: str) -> tuple[Baseline, bool]:
    """The baseline traces, from the cache when the build and every input
    are what they were traced with; whether it was cached."""
    key = cache_key(oracles, build_key)
    path = build_dir / BASELINE
    if path.exists():
        data = json.loads(path.read_text())
        if data.get("key") == key:
            return Baseline.from_json(data["baseline"]), True
    b = oracles.baseline(build_dir / "baseline")
    path.write_text(json.dumps({"key": key, "baseline": b.to_json()}))
    return b, False


def run(args: argparse.Namespace, repo: Path) -> int:
    started = time.monotonic()
    load = [round(x, 2) for x in os.getloadavg()]
    timings: dict[str, float] = {}

    def lap(name: str, since: float) -> float:
        now = time.monotonic()
        timings[name] = round(now - since, 1)
        print(f"--- {name}: {timings[name]:.0f} s", flush=True)
        return now

    t = time.monotonic()
    everything = sites.all_mutants(repo)
    first_of_site: dict[sites.Site, int] = {}
    for m in everything:
        first_of_site.setdefault(m.site, m.id)
    site_of = {m.id: first_of_site[m.site] for m in everything}
    batch = sites.draw(everything, args.random, args.seed)
    print(f"{len(everything)} mutants at {len(first_of_site)} sites; drew {len(batch)} (seed {args.seed})", flush=True)
    t = lap("sites", t)

    s = schema.Schema(repo, args.scratch, everything)
    args.out.mkdir(parents=True, exist_ok=True)
    state, settled = schema.build(s, args.jobs, args.out / "schema-build.log")
    print(f"schema build: {len(s.dropped)} of {len(everything)} mutants do not compile", flush=True)
    t = lap("schema build", t)
    timings["of which settling"] = round(settled, 1)

    oracles = Oracles(repo, args.scratch, s.build_dir, site_of, args.jobs, args.fuzz_seconds, args.seed)
    base, cached = baseline(oracles, s.build_dir, state["key"])
    print(f"baseline {'(cached) ' if cached else ''}traced in {base.seconds:.0f} s", flush=True)
    t = lap("baseline", t)

    equivalent = load_equivalent(repo)
    deadline = None if args.minutes is None else time.monotonic() + args.minutes * 60
    work = args.out / "work"
    work.mkdir(exist_ok=True)

    def one(m: sites.Mutant) -> dict:
        if m.id in s.dropped:
            return {"status": "dropped", "why": s.dropped[m.id], "runs": []}
        if m.key in equivalent:
            return {"status": "equivalent", "why": equivalent[m.key], "runs": []}
        if deadline is not None and time.monotonic() > deadline:
            return {"status": "not run", "runs": []}
        began = time.monotonic()
        r = oracles.judge(base, m.id, site_of[m.id], work)
        r["seconds"] = round(time.monotonic() - began, 2)
        return r

    results = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for m, r in zip(batch, pool.map(one, batch)):
            r.update(report.describe(m, {o: sum(len(us) for us in base.reaching(o, site_of[m.id]).values())
                                         for o in ("replay", "differential", "conform", "unit")}))
            results.append(r)
            print(f"{m.id:6} {r['status']:11} {m.site.file}:{m.site.line} {m.mutation.describe()[:70]}", flush=True)
    lap("mutants", t)
    timings["total"] = round(time.monotonic() - started, 1)
    data = report.summarise(results, {
        "mode": "random", "count": args.random, "seed": args.seed, "jobs": args.jobs,
        "fuzz_seconds": args.fuzz_seconds, "load_average_start": load,
        "load_average_end": [round(x, 2) for x in os.getloadavg()], "timings": timings,
        "schema": {"mutants": len(everything), "sites": len(first_of_site), "dropped": len(s.dropped)},
        "baseline": {"cached": cached, "seconds": base.seconds, "failing": base.failing,
                     "units": {o: sum(len(us) for us in gs.values()) for o, gs in base.units.items()}},
    })
    (args.out / "mutants.json").write_text(json.dumps(data, indent=1) + "\n")
    (args.out / "mutants.md").write_text(report.markdown(data))
    print(f"score {data['score']:.2f} ({data['totals']['killed']} of {data['totals']['reached']} reached, "
          f"non-equivalent mutants killed): {args.out}/mutants.md")
    return 0
