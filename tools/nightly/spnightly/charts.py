"""Hand-written SVG line charts (no plotting library: the report must build
with the standard library only)."""
from __future__ import annotations

import html

PALETTE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf")
WIDTH, HEIGHT = 560, 300
LEFT, RIGHT, TOP, BOTTOM = 60, 150, 30, 40  # the right margin holds the legend


def nice_max(value: float) -> float:
    """The smallest 1, 2 or 5 x 10^n at or above value, so ticks are round."""
    if value <= 0:
        return 1.0
    step = 1.0
    while step * 10 <= value:
        step *= 10
    while step > value * 10:
        step /= 10
    return next(m * step for m in (1, 2, 5, 10) if m * step >= value)


def line_chart(title: str, series: dict[str, list], labels: list[str]) -> str:
    """One chart: a line per series over the nights of labels; a night
    without a value leaves a gap, a single night shows as dots."""
    e = html.escape
    values = [v for vs in series.values() for v in vs if v is not None]
    top = nice_max(max(values, default=0))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    n = max(len(labels), 1)

    def x(i: int) -> float:
        return LEFT + (plot_w * i / (n - 1) if n > 1 else plot_w / 2)

    def y(v: float) -> float:
        return TOP + plot_h * (1 - v / top)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif" font-size="11">',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
           f'<text x="{LEFT}" y="18" font-size="13" font-weight="bold">{e(title)}</text>']
    for k in range(5):
        v = top * k / 4
        out.append(f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{y(v):.1f}" y2="{y(v):.1f}" stroke="#e5e5e5"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{v:g}</text>')
    out.append(f'<line x1="{LEFT}" x2="{LEFT}" y1="{TOP}" y2="{TOP + plot_h}" stroke="#888"/>')
    for i in sorted({0, n - 1, (n - 1) // 2}):
        if i < len(labels):
            out.append(f'<text x="{x(i):.1f}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle">{e(labels[i])}</text>')
    for k, (name, vs) in enumerate(series.items()):
        color = PALETTE[k % len(PALETTE)]
        runs, run = [], []
        for i, v in enumerate(vs):
            if v is None:
                runs, run = runs + [run] if run else runs, []
            else:
                run.append(f"{x(i):.1f},{y(v):.1f}")
        runs += [run] if run else []
        for r in runs:
            out.append(f'<polyline fill="none" stroke="{color}" stroke-width="2" points="{" ".join(r)}"/>')
        for i, v in enumerate(vs):
            if v is not None:
                out.append(f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="3" fill="{color}"><title>{e(name)}: {v:g}</title></circle>')
        ly = TOP + 14 * k
        out.append(f'<rect x="{WIDTH - RIGHT + 10}" y="{ly}" width="10" height="10" fill="{color}"/>')
        out.append(f'<text x="{WIDTH - RIGHT + 24}" y="{ly + 9}">{e(name)}</text>')
    out.append("</svg>")
    return "".join(out)
