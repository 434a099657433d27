#!/usr/bin/env python3
"""Plots for the evaluation's report (docs/EVALUATION.md), as SVG files written without any
plotting library (python3 alone):

  bench/plot-eval.py loss LOSS_LOG OUT.svg [TITLE]
      the tuner's training and validation loss per epoch (kaki-tune tune --loss-log)
  bench/plot-eval.py elo PROGRESS OUT.svg [TITLE]
      the Elo (with its 95 % interval) and the SPRT's log-likelihood ratio after every game of
      a kaki-match run (the progress lines on stderr; bench/eval-match.sh keeps them in
      OUT/progress.txt)
  bench/plot-eval.py times PGN OUT.svg [TITLE]
      the seconds each engine move took in the first game of a kaki-match PGN (from the move
      comments), plotted and summarised on stdout
"""
import re
import sys

W, H = 720, 360
LEFT, RIGHT, TOP, BOTTOM = 70, 20, 40, 50
COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"]


def nice_ticks(lo, hi, n=6):
    span = hi - lo if hi > lo else 1.0
    raw = span / n
    mag = 10 ** len(str(int(raw))) / 10 if raw >= 1 else 10 ** -len(str(int(1 / raw)))
    step = min((m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw), default=raw)
    t = step * (lo // step)
    ticks = []
    while t <= hi + step * 1e-9:
        if t >= lo - step * 1e-9:
            ticks.append(t)
        t += step
    return ticks


def fmt(v):
    return ("%.4f" % v).rstrip("0").rstrip(".") if abs(v) < 1 else "%g" % round(v, 2)


def chart(series, xlabel, ylabel, title, bands=(), hlines=()):
    """series: [(name, [(x, y)...])]; bands: [(name, [(x, lo, hi)...])]; hlines: [(y, label)]."""
    xs = [x for _, pts in series for x, _ in pts]
    ys = [y for _, pts in series for _, y in pts] + [y for y, _ in hlines]
    for _, pts in bands:
        ys += [lo for _, lo, _ in pts] + [hi for _, _, hi in pts]
    x0, x1 = min(xs), max(xs)
    y0, y1 = min(ys), max(ys)
    pad = (y1 - y0) * 0.05 or 1.0
    y0, y1 = y0 - pad, y1 + pad
    if x1 == x0:
        x1 = x0 + 1
    sx = lambda x: LEFT + (x - x0) / (x1 - x0) * (W - LEFT - RIGHT)
    sy = lambda y: H - BOTTOM - (y - y0) / (y1 - y0) * (H - TOP - BOTTOM)
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" '
           'font-size="12">' % (W, H), '<rect width="100%" height="100%" fill="white"/>',
           '<text x="%d" y="22" font-size="15">%s</text>' % (LEFT, title)]
    for t in nice_ticks(y0, y1):
        out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ddd"/>' % (LEFT, W - RIGHT, sy(t), sy(t)))
        out.append('<text x="%d" y="%.1f" text-anchor="end">%s</text>' % (LEFT - 6, sy(t) + 4, fmt(t)))
    for t in nice_ticks(x0, x1):
        out.append('<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="#eee"/>' % (sx(t), sx(t), TOP, H - BOTTOM))
        out.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>' % (sx(t), H - BOTTOM + 16, fmt(t)))
    out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#444"/>'
               % (LEFT, TOP, W - LEFT - RIGHT, H - TOP - BOTTOM))
    out.append('<text x="%d" y="%d" text-anchor="middle">%s</text>' % ((LEFT + W - RIGHT) // 2, H - 12, xlabel))
    out.append('<text x="16" y="%d" text-anchor="middle" transform="rotate(-90 16 %d)">%s</text>'
               % ((TOP + H - BOTTOM) // 2, (TOP + H - BOTTOM) // 2, ylabel))
    for i, (name, pts) in enumerate(bands):
        poly = ["%.1f,%.1f" % (sx(x), sy(hi)) for x, _, hi in pts] + \
               ["%.1f,%.1f" % (sx(x), sy(lo)) for x, lo, _ in reversed(pts)]
        out.append('<polygon points="%s" fill="%s" fill-opacity="0.15" stroke="none"/>' % (" ".join(poly), COLOURS[i]))
    for y, label in hlines:
        out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#888" stroke-dasharray="4 3"/>'
                   % (LEFT, W - RIGHT, sy(y), sy(y)))
        out.append('<text x="%d" y="%.1f" text-anchor="end" fill="#666">%s</text>' % (W - RIGHT - 4, sy(y) - 4, label))
    for i, (name, pts) in enumerate(series):
        path = " ".join("%s%.1f,%.1f" % ("M" if k == 0 else "L", sx(x), sy(y)) for k, (x, y) in enumerate(pts))
        out.append('<path d="%s" fill="none" stroke="%s" stroke-width="1.8"/>' % (path, COLOURS[i]))
        out.append('<text x="%d" y="%d" fill="%s">%s</text>' % (W - RIGHT - 200, TOP + 16 + 16 * i, COLOURS[i], name))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def loss_plot(path, out, title):
    train, valid = [], []
    for line in open(path):
        f = line.split()
        if f and not line.startswith("#"):
            train.append((int(f[0]), float(f[1])))
            valid.append((int(f[0]), float(f[2])))
    svg = chart([("training loss", train), ("validation loss", valid)], "epoch", "mean squared error",
                title or "Texel tuning: loss per epoch")
    open(out, "w").write(svg)


GAME = re.compile(r"^\[(\d+)/\d+\].*\| (?:\S+ [\d-]+ \(W-L-D\) )?([+-]?[\d.]+) (?:\+- ([\d.]+)|\[([+-]?[\d.]+), ([+-]?[\d.]+)\])"
                  r".*\| LLR ([+-]?[\d.]+)")


def elo_plot(path, out, title):
    elo, band, llr = [], [], []
    for line in open(path):
        m = GAME.match(line)
        if not m:
            continue
        n, e = int(m.group(1)), float(m.group(2))
        if m.group(3):
            lo, hi = e - float(m.group(3)), e + float(m.group(3))
        else:
            lo, hi = float(m.group(4)), float(m.group(5))
        if n < 10:  # the first games' intervals are meaningless and swamp the scale
            continue
        elo.append((n, e))
        band.append((n, lo, hi))
        llr.append((n, float(m.group(6))))
    svg = chart([("Elo (95 % interval shaded)", elo)], "games", "Elo", title or "Elo over the match",
                bands=[("interval", band)], hlines=[(0, "0")])
    open(out, "w").write(svg)
    svg = chart([("LLR", llr)], "games", "log-likelihood ratio", (title or "SPRT") + ": LLR (elo0=0, elo1=50)",
                hlines=[(2.944, "H1 accepted"), (-2.944, "H0 accepted")])
    open(out.replace(".svg", "-llr.svg"), "w").write(svg)


MOVE_TIME = re.compile(r"\{\S+ [^ }]+/\d+ ([\d.]+)s\}")


def times_plot(path, out, title):
    text = open(path).read()
    game = text.split("\n\n[Event")[0]  # the first game
    secs = [float(t) for t in MOVE_TIME.findall(game)]
    sides = [("sente", secs[0::2]), ("gote", secs[1::2])]
    for name, s in sides:
        if s:
            srt = sorted(s)
            print("%s: %d moves, %.1f s in all, mean %.1f s, median %.1f s, longest %.1f s"
                  % (name, len(s), sum(s), sum(s) / len(s), srt[len(srt) // 2], srt[-1]))
    print("seconds per move:", " ".join("%.1f" % t for t in secs))
    svg = chart([(name, [(i + 1, t) for i, t in enumerate(s)]) for name, s in sides if s],
                "move", "seconds", title or "Time per move")
    open(out, "w").write(svg)


if __name__ == "__main__":
    plots = {"loss": loss_plot, "elo": elo_plot, "times": times_plot}
    if len(sys.argv) < 4 or sys.argv[1] not in plots:
        sys.exit(__doc__)
    plots[sys.argv[1]](sys.argv[2], sys.argv[3], sys.argv[4] if len(sys.argv) > 4 else None)
