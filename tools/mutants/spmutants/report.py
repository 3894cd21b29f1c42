"""DIR/mutants.json and DIR/mutants.md of a random batch: each mutant's
fate, the score per oracle, parser folder and operator, and the
survivors, split into those no oracle reaches and those reached but not
caught.

The score is killed / (killed + survived): of the mutants some oracle
reaches, not dropped (no compile) and not known equivalent, how many one
kills. Oracles run cheapest first and stop at the first kill, so an
oracle's kills are the mutants it killed first; `ran` counts the mutants
it was run on."""
from __future__ import annotations

from .oracles import ORACLES
from .sites import Mutant

STATUSES = ("killed", "survived", "not reached", "equivalent", "dropped", "not run")


def describe(m: Mutant, reached_by: dict[str, int]) -> dict:
    return {"id": m.id, "file": m.site.file, "line": m.site.line, "folder": m.folder,
            "operator": m.mutation.operator, "change": m.mutation.describe(), "source": m.site.context,
            "key": m.key, "reached_by": reached_by}


def counts(results: list[dict]) -> dict:
    out = {s: sum(r["status"] == s for r in results) for s in STATUSES}
    out["mutants"] = len(results)
    out["reached"] = out["killed"] + out["survived"]
    out["score"] = round(out["killed"] / out["reached"], 4) if out["reached"] else None
    return out


def summarise(results: list[dict], meta: dict) -> dict:
    oracles = {o: {"ran": 0, "killed": 0} for o in ORACLES}
    for r in results:
        for o in {x["oracle"] for x in r["runs"]}:
            oracles[o]["ran"] += 1
        if r["status"] == "killed":
            oracles[r["killed_by"]["oracle"]]["killed"] += 1
    totals = counts(results)
    data = dict(meta)
    data.update({
        "score": totals["score"],
        "totals": totals,
        "by_oracle": oracles,
        "by_folder": {f: counts([r for r in results if r["folder"] == f]) for f in sorted({r["folder"] for r in results})},
        "by_operator": {o: counts([r for r in results if r["operator"] == o])
                        for o in sorted({r["operator"] for r in results})},
        "mutants": results,
    })
    return data


def pct(score: float | None) -> str:
    return "-" if score is None else f"{100 * score:.1f}%"


def markdown(data: dict) -> str:
    t = data["totals"]
    timings = ", ".join(f"{k} {v:.0f} s" for k, v in data["timings"].items())
    lines = [f"# Random mutants: {t['killed']} of {t['reached']} reached mutants killed "
             f"(score {pct(data['score'])}), seed {data['seed']}", "",
             f"{t['mutants']} drawn from {data['schema']['mutants']} mutants at {data['schema']['sites']} sites "
             f"({data['schema']['dropped']} of those do not compile). Of the {t['mutants']}: {t['killed']} killed, "
             f"{t['survived']} reached but not caught, {t['not reached']} at a site no oracle reaches, "
             f"{t['equivalent']} known equivalent, {t['dropped']} dropped (their schema does not compile), "
             f"{t['not run']} not run (time budget).", "",
             f"Time: {timings}; {data['jobs']} jobs, {data['fuzz_seconds']} s of fuzzing per survivor; load average "
             f"{data['load_average_start'][0]} at the start, {data['load_average_end'][0]} at the end. Baseline "
             f"{'cached' if data['baseline']['cached'] else 'traced'}: "
             + ", ".join(f"{n} {o} units" for o, n in data["baseline"]["units"].items()) + ".", ""]
    failing = {o: f for o, f in data["baseline"]["failing"].items() if f}
    if failing:
        lines += ["Units that fail with no mutant on (left out): "
                  + "; ".join(f"{o}: {', '.join(f[:5])}{' ...' if len(f) > 5 else ''}" for o, f in failing.items()), ""]
    lines += ["## Per oracle (cheapest first, until the first kill)", "", "| oracle | ran on | killed first |",
              "|---|---|---|"]
    lines += [f"| {o} | {v['ran']} | {v['killed']} |" for o, v in data["by_oracle"].items()]
    for title, key in (("parser folder", "by_folder"), ("operator", "by_operator")):
        lines += ["", f"## Per {title}", "",
                  f"| {title} | mutants | killed | reached, not caught | not reached | equivalent | dropped | score |",
                  "|---|---|---|---|---|---|---|---|"]
        lines += [f"| {name} | {c['mutants']} | {c['killed']} | {c['survived']} | {c['not reached']} | "
                  f"{c['equivalent']} | {c['dropped']} | {pct(c['score'])} |" for name, c in data[key].items()]
    for status, title in (("survived", "Reached, not caught"), ("not reached", "Never reached by any oracle")):
        rows = [r for r in data["mutants"] if r["status"] == status]
        lines += ["", f"## {title} ({len(rows)})", "", "| id | file:line | operator | change | reached by |",
                  "|---|---|---|---|---|"]
        for r in rows:
            reached = ", ".join(f"{n} {o}" for o, n in r["reached_by"].items() if n) or "-"
            lines.append(f"| {r['id']} | {r['file']}:{r['line']} | {r['operator']} | `{cell(r['change'])}` | {reached} |")
    lines += ["", "## Killed", "", "| id | file:line | change | by | why |", "|---|---|---|---|---|"]
    for r in data["mutants"]:
        if r["status"] == "killed":
            k = r["killed_by"]
            by = f"{k['oracle']}{' ' + k['group'] if k['group'] else ''}"
            lines.append(f"| {r['id']} | {r['file']}:{r['line']} | `{cell(r['change'])}` | {by} | {cell(k['why'])} |")
    return "\n".join(lines) + "\n"


def cell(text: str) -> str:
    return text.replace("|", "\\|").replace("`", "'")[:160]
