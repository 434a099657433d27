#!/usr/bin/python3
"""Analysis for players (issue 30, item 5), in headless Chromium:
  * MultiPV: with "lines" set to 3 in the analysis panel, the panel shows three lines of the same
    depth with different first moves, best first (sente's view: the best for sente, who is to
    move, has the highest score); set to 1, one line;
  * the review: a short game in which sente's rook moves to where gote's queen takes it
    (1. d1d3 h3d3) is reviewed; the review shows its progress, marks the blunder "??" in red in
    the move list, and lists it with the better move the engine preferred and both scores;
    the other moves are not marked.
Screenshots: analysis-multipv.png, review.png (copied by the caller to the notes).

    browser_analysis.py KAKI_BOARD MATCH_PGN ARTIFACT_DIR"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_lib import Page, check, finish, sq, start_server, wait  # noqa: E402

BOARD, OUT = sys.argv[1], sys.argv[3]
server, URL = start_server(BOARD)
page = Page(URL, OUT, 1440, 900)

# sente: rook d1, king p1; gote: king a16, queen h3 (the rook on d3 would hang)
TFEN = "k15/16/16/16/16/16/16/16/16/16/16/16/16/7q8/16/3R11K b"
page.new_game("human", "human", {"kind": "none"}, TFEN)

# 1. MultiPV in the panel -------------------------------------------------------------------
page.js("const s = document.getElementById('multipv'); s.value = '3';"
        "s.dispatchEvent(new Event('change', {bubbles: true}))")
wait(lambda: page.state()["multipv"] == 3, "MultiPV 3 taken")
page.el("#btn-analyse").click()


def panel_lines():
    return page.js("return Array.from(document.querySelectorAll('#think-lines .line'))"
                   ".map(li => [li.dataset.depth, li.querySelector('.score').textContent,"
                   " li.querySelector('.pv').textContent])")


def deep_lines(n):
    t = page.state()["think"]
    return t.get("valid") and len(t["lines"]) == n and t["lines"][0]["depth"] >= 4 and \
        len({l["depth"] for l in t["lines"]}) == 1


wait(lambda: deep_lines(3), "three lines at depth 4 or more", 120)
# the panel follows the server's state at its next poll: under load that can be a while
shown = []  # the lines the wait saw: the panel may change again before a second read


def three_shown():
    shown[:] = panel_lines()
    return len(shown) == 3


wait(three_shown, "the panel shows the three lines", 60)
lines = list(shown)
check(len(lines) == 3, "the panel shows 3 lines: %s" % lines)
firsts = [l[2].split(" ")[0] for l in lines]
check(len(set(firsts)) == 3 and all(firsts), "three different first moves: %s" % firsts)
scores = [l["score"] for l in page.state()["think"]["lines"]]
check(scores == sorted(scores, reverse=True), "best first (sente to move, sente's view): %s" % scores)
page.shot("analysis-multipv.png")

page.js("const s = document.getElementById('multipv'); s.value = '1';"
        "s.dispatchEvent(new Event('change', {bubbles: true}))")
wait(lambda: page.state()["multipv"] == 1 and deep_lines(1), "back to one line", 120)
wait(lambda: len(panel_lines()) == 1, "the panel shows one line")
page.el("#btn-analyse").click()
wait(lambda: not page.state()["analysing"], "analysis off")

# 2. the review of a game with a planted blunder --------------------------------------------
for i, (a, b) in enumerate((("d1", "d3"), ("h3", "d3"), ("p1", "o2"))):
    page.api("/api/move", {"ply": i, "from": sq(a[0], int(a[1:])), "to": sq(b[0], int(b[1:]))})
wait(lambda: len(page.els("#moves .ply")) == 3, "the three moves on the page")
check([p["wire"] for p in page.state()["plies"]] == ["d1d3", "h3d3", "p1o2"], "the game is played")
page.js("document.getElementById('review').scrollIntoView();"
        "document.getElementById('review-depth').value = '4';"
        "document.getElementById('review-threshold').value = '300';"
        "document.getElementById('btn-review').click()")
wait(lambda: page.api("/api/review")["running"] or page.api("/api/review")["done"] == 4, "the review starts")
wait(lambda: not page.api("/api/review")["running"], "the review ends", 300)
r = page.api("/api/review")
check(r["done"] == r["total"] == 4 and not r["error"], "every position reviewed: %s" % r)
check(len(r["marks"]) == 1 and r["marks"][0]["ply"] == 0, "one move marked, sente's d1d3: %s" % r["marks"])
m = r["marks"][0] if r["marks"] else {}
check(m.get("mark") == "??" and m.get("drop", 0) > 600, "a blunder of more than twice 300 cp: %s" % m)
check(m.get("better") and m.get("better") != m.get("played"), "a better move is named: %s" % m)
wait(lambda: "reviewed at depth 4" in page.el("#review-progress").text, "the progress says it is done")
marked = page.els("#moves .ply.blunder")
check(len(marked) == 1 and marked[0].get_attribute("data-ply") == "1" and marked[0].text.endswith("??"),
      "the move list marks the first move ?? (%s)" % [e.text for e in marked])
check(marked and marked[0].value_of_css_property("color") in ("rgba(192, 34, 27, 1)", "rgb(192, 34, 27)"),
      "in red: %s" % (marked[0].value_of_css_property("color") if marked else None))
check(len(page.els("#moves .ply.mistake")) == 0, "no other move marked")
items = page.els("#review-marks .review-line")
check(len(items) == 1 and m.get("better", "?") in items[0].text and "??" in items[0].text,
      "the review list names the better move: %s" % [i.text for i in items])
page.shot("review.png")
check(not page.console_errors(), "no errors in the console: %s" % page.console_errors())
finish(page, server)
