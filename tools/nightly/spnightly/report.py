"""report.md, report.json and report.html of a night, the history they are
compared with (DIR/history/<date>.json, one per night) and the pass/fail
verdict."""
from __future__ import annotations

import html
import json
from pathlib import Path

from . import charts

HISTORY_NIGHTS = 60  # the charts show at most this many past nights


def failures(night: dict) -> list[str]:
    """Why the night fails: a new crash, a regression that crashes again, a
    conformance expectation not met, or a step that did not run."""
    out = []
    for s in night["fuzzing"]:
        if s["findings"]:
            out.append(f"fuzz_{s['target']}: {s['findings']} new crash file(s)")
        if s.get("merge_findings"):
            out.append(f"fuzz_{s['target']}: {s['merge_findings']} input(s) of the corpus merge crash it")
    for r in night["regressions"]:
        for path in r["failed"]:
            out.append(f"fuzz_{r['target']}: regression {path} fails")
    c = night["conformance"]
    if c["exit"] or not (c["summary"] or {}).get("passed"):
        failing = (c["summary"] or {}).get("shaderprobe_failures", "?")
        out.append(f"conformance: {failing} shaderprobe expectation(s) not met (exit {c['exit']})")
    return out + night["problems"]


def load_history(folder: Path) -> list[dict]:
    nights = [json.loads(p.read_text()) for p in sorted(folder.glob("*.json"))] if folder.is_dir() else []
    return nights[-HISTORY_NIGHTS:]


def save_history(folder: Path, night: dict) -> None:
    """Keeps what the trends need (the full night is report.json)."""
    folder.mkdir(parents=True, exist_ok=True)
    keep = {k: night[k] for k in ("date", "commit", "minutes", "jobs", "seconds_per_target", "fuzzing", "timings",
                                  "failures")}
    keep["coverage"] = night["coverage"]["folders"]
    mutation = night.get("mutants") or {}
    keep["mutants"] = {"score": mutation.get("score"), "by_folder": mutation.get("by_folder", {})}
    (folder / (night["date"].replace(":", "") + ".json")).write_text(json.dumps(keep, indent=1) + "\n")


def trend_series(history: list[dict]) -> dict[str, dict[str, list]]:
    """chart title -> series name -> one value per night (None where absent)."""
    def per_target(key: str) -> dict[str, list]:
        names = sorted({s["target"] for n in history for s in n["fuzzing"]})
        return {t: [next((s[key] for s in n["fuzzing"] if s["target"] == t), None) for n in history] for t in names}
    folders = sorted({f for n in history for f in n["coverage"]})

    def score(n: dict, folder: str | None) -> float | None:
        m = n.get("mutants") or {}
        value = m.get("score") if folder is None else m.get("by_folder", {}).get(folder)
        return None if value is None else round(100 * value, 1)
    mutated = sorted({f for n in history for f in (n.get("mutants") or {}).get("by_folder", {})})
    return {
        "Line coverage of corpus/ per parser folder (%)":
            {f: [n["coverage"].get(f, {}).get("percent") for n in history] for f in folders},
        "Random mutants killed per parser folder (% of those reached)":
            {"all": [score(n, None) for n in history], **{f: [score(n, f) for n in history] for f in mutated}},
        "libFuzzer coverage (cov: edges) per target": per_target("cov"),
        "exec/s per target": per_target("exec_per_sec"),
        "corpus files per target": per_target("corpus"),
    }


def cluster_of(triage: dict, target: str) -> dict[str, dict]:
    """artifact file name -> its triage cluster."""
    return {r: c for c in triage.get(target, {}).get("clusters", []) for r in c["reproducers"]}


def findings_text(s: dict) -> str:
    """Crash files of the fuzzing run, and those the merge found."""
    text = str(s["findings"] or 0)
    return text + (f" +{s['merge_findings']} in merge" if s.get("merge_findings") else "")


def time_spent(night: dict) -> str:
    """How the night's time went, for the first lines of the reports."""
    t = night["timings"]
    after = ", ".join(f"{k} {v:.0f}" for k, v in t.items() if k not in ("install and build", "fuzz", "after fuzzing", "total"))
    return (f"{t['total']:.0f} s in all: install and build {t.get('install and build', 0):.0f} s; fuzzing "
            f"{t.get('fuzz', 0):.0f} s ({len(night['fuzzing'])} targets x {night['seconds_per_target']} s of the "
            f"{night['minutes']:g} minutes asked, {night['jobs']} jobs); after fuzzing {t.get('after fuzzing', 0):.0f} s"
            f" ({after}).")


# The conformance summary's counts per implementation (shaderprobe conform).
IMPL_COUNTS = ("accept", "reject", "crash", "timeout", "oom", "n/a", "met", "unmet", "agrees")


def markdown(night: dict) -> str:
    lines = [f"# shaderprobe nightly, {night['date']} (commit {night['commit']})", "", time_spent(night), ""]
    lines += ["**FAIL**: " + "; ".join(night["failures"]) if night["failures"] else "**PASS**", ""]
    lines += ["## Fuzzing", "", "| target | seconds | execs | exec/s | cov | corpus | new | findings |",
              "|---|---|---|---|---|---|---|---|"]
    for s in night["fuzzing"]:
        t = s["target"]
        found = findings_text(s)
        if t in night["triage"]:
            ids = ", ".join(f"[#{c['id']} {c['crash_type']}]({c['dir']})" for c in night["triage"][t]["clusters"])
            found += f" ([triage]({night['triage'][t]['report']}){': ' + ids if ids else ''})"
        lines.append(f"| {t} | {s['seconds']} | {s['execs']} | {s['exec_per_sec']} | {s['cov']} | {s['corpus']} | {s['new']} | {found} |")
    lines += ["", "## Corpus merge (-set_cover_merge=1)", "", "| corpus | before | after |", "|---|---|---|"]
    lines += [f"| corpus/{m['corpus']} | {m['before']} | {m['after']} |" for m in night["merge"]]
    lines += ["", "## Regressions replayed", "", "| target | replayed | failed |", "|---|---|---|"]
    lines += [f"| {r['target']} | {r['replayed']} | {', '.join(r['failed']) or 0} |" for r in night["regressions"]]
    c = night["conformance"]
    summary = c["summary"] or {}
    lines += ["", "## Conformance", "", f"Implementations: {', '.join(c['impls'])}; "
              f"{summary.get('cases', '?')} cases; shaderprobe expectations "
              f"{'met' if summary.get('passed') else 'NOT met'} ([matrix]({c['html']}), [summary]({c['markdown']})).", "",
              "| implementation | " + " | ".join(IMPL_COUNTS) + " |", "|---" * (len(IMPL_COUNTS) + 1) + "|"]
    for impl, k in summary.get("impls", {}).items():
        lines.append(f"| {impl} | " + " | ".join(str(k.get(x, "")) for x in IMPL_COUNTS) + " |")
    lines += ["", "| sweep | cases | runs | crashes | mismatches |", "|---|---|---|---|---|"]
    lines += [f"| {name} | {k['cases']} | {k['runs']} | {k['crashes']} | {k['mismatches']} |"
              for name, k in summary.get("sweeps", {}).items()]
    lines += ["", f"## Line coverage ([HTML]({night['coverage']['html']}))", "", "| folder | lines | cover |", "|---|---|---|"]
    lines += [f"| {f} | {v['covered']}/{v['lines']} | {v['percent']:.2f}% |" for f, v in night["coverage"]["folders"].items()]
    lines += ["", *mutants_markdown(night.get("mutants"))]
    lines += ["", "## Step times (s)", "", "| step | seconds |", "|---|---|"]
    lines += [f"| {k} | {v:.0f} |" for k, v in night["timings"].items()]
    return "\n".join(lines) + "\n"


def mutants_markdown(m: dict | None) -> list[str]:
    """The random mutants' score per folder and oracle (scripts/mutants --random)."""
    if not m:
        return ["## Random mutants", "", "Not run (--mutants 0)."]
    t = m.get("totals") or {}
    pct = lambda v: "-" if v is None else f"{100 * v:.1f}%"  # noqa: E731
    lines = ["## Random mutants", "",
             f"{m['count']} drawn with seed {m['seed']}: {t.get('killed', '?')} of {t.get('reached', '?')} reached "
             f"killed, score {pct(m.get('score'))}; {t.get('not reached', '?')} never reached, {t.get('dropped', '?')} "
             f"dropped, {t.get('not run', '?')} not run ([report]({m['report']})).", "",
             "| folder | score |", "|---|---|"]
    lines += [f"| {f} | {pct(v)} |" for f, v in m.get("by_folder", {}).items()]
    lines += ["", "| oracle | ran on | killed first |", "|---|---|---|"]
    lines += [f"| {o} | {v['ran']} | {v['killed']} |" for o, v in (m.get("by_oracle") or {}).items()]
    return lines


CSS = """body{font:14px/1.4 system-ui,sans-serif;margin:24px;max-width:1150px;color:#222}
table{border-collapse:collapse;margin:8px 0 16px}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}
td:first-child,th:first-child{text-align:left}th{background:#f0f0f0}.fail{color:#b00;font-weight:bold}
.pass{color:#070;font-weight:bold}.charts{display:flex;flex-wrap:wrap;gap:12px}.charts svg{border:1px solid #ddd}"""


def table(head: list[str], rows: list[list[str]]) -> str:
    """rows hold HTML already (cells may be links)."""
    out = "<table><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head) + "</tr>"
    return out + "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows) + "</table>"


def link(href: str, text: str) -> str:
    return f'<a href="{html.escape(href)}">{html.escape(text)}</a>'


def page(night: dict, history: list[dict]) -> str:
    e = html.escape
    verdict = (f'<p class="fail">FAIL: {e("; ".join(night["failures"]))}</p>' if night["failures"]
               else '<p class="pass">PASS</p>')
    fuzz_rows = []
    for s in night["fuzzing"]:
        t = s["target"]
        found = html.escape(findings_text(s))
        if t in night["triage"]:
            tri = night["triage"][t]
            found += " (" + ", ".join([link(tri["report"], "triage")] + [
                link(c["dir"], f"#{c['id']} {c['crash_type']}: {' / '.join(c['crash_state'])}")
                for c in tri["clusters"]]) + ")"
        fuzz_rows.append([e(t)] + [e(str(s[k])) for k in ("seconds", "execs", "exec_per_sec", "cov", "corpus", "new")] + [found])
    c = night["conformance"]
    summary = c["summary"] or {}
    impl_rows = [[e(i)] + [str(k.get(x, "")) for x in IMPL_COUNTS]
                 for i, k in summary.get("impls", {}).items()]
    sweep_rows = [[e(n)] + [str(k[x]) for x in ("cases", "runs", "crashes", "mismatches")]
                  for n, k in summary.get("sweeps", {}).items()]
    svg = "".join(charts.line_chart(title, series, [n["date"][5:16].replace("T", " ") for n in history])
                  for title, series in trend_series(history).items())
    parts = [
        f"<!doctype html><html><head><meta charset='utf-8'><title>shaderprobe nightly {e(night['date'])}</title>",
        f"<style>{CSS}</style></head><body>",
        f"<h1>shaderprobe nightly</h1><p>{e(night['date'])}, commit {e(night['commit'])}.</p><p>{e(time_spent(night))}</p>",
        verdict,
        f"<h2>Trends ({len(history)} night{'s' if len(history) != 1 else ''})</h2><div class='charts'>{svg}</div>",
        "<h2>Fuzzing</h2>", table(["target", "seconds", "execs", "exec/s", "cov", "corpus", "new", "findings"], fuzz_rows),
        "<h2>Corpus merge (-set_cover_merge=1)</h2>",
        table(["corpus", "before", "after"], [[e("corpus/" + m["corpus"]), str(m["before"]), str(m["after"])] for m in night["merge"]]),
        "<h2>Regressions replayed</h2>",
        table(["target", "replayed", "failed"], [[e(r["target"]), str(r["replayed"]), e(", ".join(r["failed"])) or "0"]
                                                 for r in night["regressions"]]),
        f"<h2>Conformance</h2><p>{e(', '.join(c['impls']))}: {summary.get('cases', '?')} cases; shaderprobe expectations "
        f"<b>{'met' if summary.get('passed') else 'NOT met'}</b> ({link(c['html'], 'full matrix')}, {link(c['markdown'], 'summary')}).</p>",
        table(["implementation", *IMPL_COUNTS], impl_rows),
        table(["sweep", "cases", "runs", "crashes", "mismatches"], sweep_rows),
        f"<h2>Line coverage ({link(night['coverage']['html'], 'llvm-cov HTML')})</h2>",
        table(["folder", "lines", "cover"], [[e(f), f"{v['covered']}/{v['lines']}", f"{v['percent']:.2f}%"]
                                             for f, v in night["coverage"]["folders"].items()]),
        *mutants_html(night.get("mutants")),
        "<h2>Step times</h2>", table(["step", "seconds"], [[e(k), f"{v:.0f}"] for k, v in night["timings"].items()]),
        "</body></html>",
    ]
    return "\n".join(parts) + "\n"


def mutants_html(m: dict | None) -> list[str]:
    if not m:
        return ["<h2>Random mutants</h2><p>Not run (--mutants 0).</p>"]
    e = html.escape
    t = m.get("totals") or {}
    pct = lambda v: "-" if v is None else f"{100 * v:.1f}%"  # noqa: E731
    return [f"<h2>Random mutants ({link(m['report'], 'report')})</h2><p>{m['count']} drawn with seed {m['seed']}: "
            f"{t.get('killed', '?')} of {t.get('reached', '?')} reached killed, score <b>{pct(m.get('score'))}</b>; "
            f"{t.get('not reached', '?')} never reached, {t.get('not run', '?')} not run.</p>",
            table(["folder", "score"], [[e(f), pct(v)] for f, v in m.get("by_folder", {}).items()]),
            table(["oracle", "ran on", "killed first"],
                  [[e(o), str(v["ran"]), str(v["killed"])] for o, v in (m.get("by_oracle") or {}).items()])]


def write(out: Path, night: dict, history: list[dict]) -> None:
    (out / "report.json").write_text(json.dumps(night, indent=2) + "\n")
    (out / "report.md").write_text(markdown(night))
    (out / "report.html").write_text(page(night, history))
