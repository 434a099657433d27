#!/usr/bin/python3
"""Sums up the level matches of gui/levels/measure.sh: for each pair of neighbouring levels
(level k against k+1, level 9 against the full engine) the games, the score and the Elo
difference with its 95 % interval (from the game pairs of each opening: pentanomial), and each
level's Elo against the full engine as the sum of the chain above it (intervals added in
quadrature: the matches are independent).  The levels' limits are read from search/level.c.

    gui/levels/summary.py RUN_DIR [--top DIR] [--markdown FILE] [--readme FILE] [--svg FILE]
                          [--js FILE] [--full-nodes N]

--top DIR takes the last link (level 9 against the full engine) from DIR's result files instead
(a run with another node budget for the full engine, --full-nodes).

--markdown writes the table, --readme puts it between the markers "<!-- BEGIN LEVEL TABLE" and
"<!-- END LEVEL TABLE -->" of FILE (gui/README.md), --svg writes the plot, --js replaces the table between
"BEGIN LEVELS" and "END LEVELS" in the page's code (gui/web/panels.js).  Standard library
only."""

import glob
import math
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def level_table():
    """{level: (depth, nodes, noise)} from search/level.c."""
    text = open(os.path.join(ROOT, "search", "level.c")).read()
    rows = re.findall(r"\{(\d+), (\d+), (\d+)\},\s*/\* (\d+)", text)
    return {int(lv): (int(d), int(n), int(z)) for d, n, z, lv in rows}


def read_results(run_dir):
    """{k: [pair points of level k, 0..2 each]} over every round's result file of level k
    against level k+1."""
    pairs = {}
    for path in sorted(glob.glob(os.path.join(run_dir, "*r*-L*-L*.res"))):
        names, games = {}, {}
        for line in open(path):
            w = line.split()
            if w[:1] == ["engine"]:
                names[int(w[1])] = int(w[3])  # "engine 1 Level 3"
            elif w[:1] == ["game"]:
                opening, white, black, result = int(w[2]), int(w[4]), int(w[5]), w[6]
                pts = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(result)
                if pts is None:
                    continue
                low = min(names, key=names.get)  # the engine of the lower level
                games.setdefault(opening, []).append(pts if white == low else 1 - pts)
        if not names:
            continue
        k = min(names.values())
        for opening, g in games.items():
            if len(g) == 2:
                pairs.setdefault(k, []).append(g[0] + g[1])
    return pairs


def elo_of(score):
    return -400 * math.log10(1 / score - 1)


def pair_elo(points):
    """Elo of the lower level against the higher, its 95 % half-interval, games, score."""
    n = len(points)
    s = sum(points) / (2 * n)
    var = sum((p / 2 - s) ** 2 for p in points) / max(n - 1, 1) / n
    clipped = min(max(s, 0.25 / n), 1 - 0.25 / n)  # all lost or all won: a finite bound
    slope = 400 / math.log(10) / (clipped * (1 - clipped))
    return elo_of(clipped), 1.96 * math.sqrt(max(var, 0.25 / n / n)) * slope, 2 * n, s


def chain(pairs):
    """{level: (elo vs full, half-interval, games of the chain above it)}; level 10 = 0."""
    out = {10: (0.0, 0.0, 0)}
    total, var, games = 0.0, 0.0, 0
    for k in range(9, 0, -1):
        if k not in pairs:
            break
        e, h, n, _ = pair_elo(pairs[k])
        total, var, games = total + e, var + h * h, games + n
        out[k] = (total, math.sqrt(var), games)
    return out


def signed(e):
    """+35, 0, −850 (a true minus sign)."""
    r = round(e)
    return "0" if r == 0 else f"{r:+d}".replace("-", "\u2212")


def limits_text(t):
    depth, nodes, noise = t
    if not (depth or nodes):
        return "none (full strength)"
    parts = [f"depth {depth}" if depth else f"{nodes:,} nodes"]
    parts.append(f"bonus up to {noise / 100:g} pawn{'' if noise == 100 else 's'}")
    return ", ".join(parts)


def markdown(pairs, ch, table):
    rows = ["| Level | Limits per move | Against the next level | Elo vs full (95 % interval) | Games in the chain |",
            "|---|---|---|---|---|"]
    for k in range(1, 11):
        nxt = "—"
        if k in pairs:
            e, h, n, s = pair_elo(pairs[k])
            nxt = f"{signed(e)} ± {h:.0f} vs {'full' if k == 9 else f'level {k + 1}'} ({n} games, {100 * s:.0f} %)"
        if k in ch:
            e, h, g = ch[k]
            el = "0 (the reference)" if k == 10 else f"{signed(e)} [{signed(e - h)}, {signed(e + h)}]"
            gs = str(g) if k < 10 else "—"
        else:
            el, gs = "not measured", "—"
        rows.append(f"| {k} | {limits_text(table[k])} | {nxt} | {el} | {gs} |")
    return "\n".join(rows) + "\n"


def svg(ch, full_nodes):
    """Elo against the full engine by level, with the 95 % intervals."""
    W, H, L, R, T, B = 640, 420, 70, 40, 60, 50
    lo = min([e - h for e, h, _ in ch.values()] + [0])
    lo = math.floor(lo / 200) * 200
    x = lambda k: L + (k - 1) * (W - L - R) / 9
    y = lambda e: T + (0 - e) * (H - T - B) / (0 - lo)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
           f'viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="12">',
           f'<rect width="{W}" height="{H}" fill="white"/>',
           f'<text x="{W / 2}" y="20" text-anchor="middle" font-size="14">'
           'Kaki\'s levels: Elo against the full engine (95 % intervals)</text>',
           f'<text x="{W / 2}" y="38" text-anchor="middle" fill="#555">full engine: '
           f'{full_nodes:,} nodes a move; {max(g for _, _, g in ch.values())} games in all, '
           'level k against level k+1</text>']
    for e in range(0, int(lo) - 1, -200):
        out.append(f'<line x1="{L}" x2="{W - R}" y1="{y(e):.1f}" y2="{y(e):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{L - 6}" y="{y(e) + 4:.1f}" text-anchor="end">{e}</text>')
    for k in range(1, 11):
        out.append(f'<text x="{x(k):.1f}" y="{H - B + 18}" text-anchor="middle">{k}</text>')
    out.append(f'<text x="{(L + W - R) / 2}" y="{H - 10}" text-anchor="middle">level</text>')
    out.append(f'<text transform="translate(16 {(T + H - B) / 2}) rotate(-90)" '
               'text-anchor="middle">Elo</text>')
    pts = sorted(ch.items())
    out.append('<polyline fill="none" stroke="#1f5fa8" stroke-width="2" points="' +
               " ".join(f"{x(k):.1f},{y(e):.1f}" for k, (e, _, _) in pts) + '"/>')
    for k, (e, h, _) in pts:
        if h:
            out.append(f'<line x1="{x(k):.1f}" x2="{x(k):.1f}" y1="{y(e - h):.1f}" '
                       f'y2="{y(e + h):.1f}" stroke="#1f5fa8"/>')
            for v in (e - h, e + h):
                out.append(f'<line x1="{x(k) - 5:.1f}" x2="{x(k) + 5:.1f}" y1="{y(v):.1f}" '
                           f'y2="{y(v):.1f}" stroke="#1f5fa8"/>')
        out.append(f'<circle cx="{x(k):.1f}" cy="{y(e):.1f}" r="4" fill="#1f5fa8"/>')
        label = "full" if k == 10 else signed(e)
        anchor = "end" if k == 10 else "start"
        dx = -7 if k == 10 else 7
        out.append(f'<text x="{x(k) + dx:.1f}" y="{y(e) - 6:.1f}" text-anchor="{anchor}">{label}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def js_block(ch, full_nodes):
    rows = []
    for k in range(1, 11):
        if k in ch:
            e, h, _ = ch[k]
            rows.append(f"  {{ level: {k}, elo: {round(e)}, lo: {round(e - h)}, hi: {round(e + h)} }},")
        else:
            rows.append(f"  {{ level: {k}, elo: null, lo: null, hi: null }},")
    games = max(g for _, _, g in ch.values())
    help_ = (f"Levels: Elo against the full engine at {full_nodes:,} nodes a move, from "
             f"{games} games in all between neighbouring levels (gui/README.md); with more time the "
             "full engine is stronger still.")
    return ("// BEGIN LEVELS (generated by gui/levels/summary.py)\nconst LEVELS = [\n" +
            "\n".join(rows) + f"\n];\nconst LEVEL_HELP = {help_!r};\n// END LEVELS").replace("'", '"')


def main():
    args = sys.argv[1:]
    run_dir = args[0]
    opt = {args[i]: args[i + 1] for i in range(1, len(args) - 1, 2)}
    table, pairs = level_table(), read_results(run_dir)
    if "--top" in opt:
        pairs[9] = read_results(opt["--top"]).get(9, [])
        if not pairs[9]:
            del pairs[9]
    ch = chain(pairs)
    md = markdown(pairs, ch, table)
    sys.stdout.write(md)
    if "--markdown" in opt:
        open(opt["--markdown"], "w").write(md)
    if "--readme" in opt:  # the table between the markers of gui/README.md
        path = opt["--readme"]
        text = open(path).read()
        new = re.sub(r"(<!-- BEGIN LEVEL TABLE[^\n]*-->\n).*?(<!-- END LEVEL TABLE -->)",
                     lambda m: m.group(1) + md + m.group(2), text, flags=re.S)
        open(path, "w").write(new)
    if "--svg" in opt:
        open(opt["--svg"], "w").write(svg(ch, int(opt.get("--full-nodes", "150000"))))
    if "--js" in opt:
        path = opt["--js"]
        text = open(path).read()
        new = re.sub(r"// BEGIN LEVELS.*?// END LEVELS",
                     lambda m: js_block(ch, int(opt.get("--full-nodes", "150000"))), text,
                     flags=re.S)
        open(path, "w").write(new)


if __name__ == "__main__":
    main()
