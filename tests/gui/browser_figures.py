#!/usr/bin/python3
"""Figures a player can trust (issue 30, item 1), in headless Chromium:
  * the clocks do not run before the game's first move (a page opened seconds after the server
    started shows 10:00, grey), and start with it;
  * a clock keeps running while the person steps back through the game;
  * after Kaki (gote) moves, the analysis panel shows its score from sente's view (gote is far
    ahead: negative), so do the graph and the PGN comment ([%eval -..]), and the principal
    variation starts from the position shown (its first move is a legal move there, not the
    move Kaki just played).

    browser_figures.py KAKI_BOARD MATCH_PGN ARTIFACT_DIR"""

import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_lib import Page, check, finish, sq, start_server, wait  # noqa: E402

BOARD, OUT = sys.argv[1], sys.argv[3]
server, URL = start_server(BOARD)

# 1. the clock at page open: the server has been up for seconds, nobody has moved ----------
time.sleep(3)
page = Page(URL, OUT, 1440, 900)
st = page.state()
check(st["clock"]["running"] == -1 and st["clock"]["left"] == [600000, 600000] and not st["clock"]["started"],
      "no clock runs before the first move (left %s, running %s)" % (st["clock"]["left"], st["clock"]["running"]))
bottom = page.el("#player-bottom .clock")
check(bottom.text == "10:00" and "waiting" in bottom.get_attribute("class"),
      "the page shows sente's 10:00, waiting (%s, %s)" % (bottom.text, bottom.get_attribute("class")))
check("start with the first move" in page.el("#status").text, "the status says when the clocks start")
time.sleep(1.5)
check(page.el("#player-bottom .clock").text == "10:00", "still 10:00 a moment later")

# 2. a clock runs while the person steps back through the game ----------------------------
page.new_game("human", "human", {"kind": "increment", "base": 5, "inc": 0})
before = page.version()
page.click_square(sq("i", 5))
page.click_square(sq("i", 6))
page.after_action(before, "sente's first move")
st = page.state()
check(st["clock"]["running"] == 1 and st["clock"]["left"][0] == 300000,
      "the first move starts gote's clock; sente's first move was free (%s)" % st["clock"])
before = page.version()
page.el("#nav-start").click()
page.after_action(before, "back to the start")
st = page.state()
left0, t0 = st["clock"]["left"][1], time.time()
check(st["cursor"] == 0 and st["clock"]["running"] == 1,
      "browsing the start position: gote's clock runs on (running %s)" % st["clock"]["running"])
wait(lambda: time.time() - t0 > 2.0, "two seconds")
st = page.state()
check(st["clock"]["running"] == 1 and left0 - st["clock"]["left"][1] >= 1500,
      "gote's clock went down by %d ms while sente browsed" % (left0 - st["clock"]["left"][1]))
top = page.el("#player-top .clock")
check("running" in top.get_attribute("class"), "on the page too: gote's clock is the running one")
check("clock is running" in page.el("#status").text, "the status says so: %s" % page.el("#status").text)

# 3. Kaki's score after its move: sente's view everywhere; the PV from the position shown --
# gote has two queens against a bare king, far from it: gote is far ahead, with no mate in
# sight at depth 3
TFEN = "13qqk/16/16/16/16/16/16/16/16/16/16/16/16/16/16/7K8 b"
page.new_game("human", "engine", {"kind": "depth", "depth": 3}, TFEN)
check(not page.flipped(), "sente is the person: sente at the bottom")
before = page.version()
page.click_square(sq("h", 1))
page.click_square(sq("h", 2))
wait(lambda: len(page.state()["plies"]) >= 2, "Kaki's answer", 60)
st = wait(lambda: (lambda s: s if s["think"]["valid"] else None)(page.state()), "its thinking in the state", 30)
kaki = st["plies"][1]["hodges"]
lines = st["think"]["lines"] if st else []
check(len(lines) == 1, "one line from the position shown (%s)" % (st["think"] if st else None))
if lines:
    score = lines[0]["score"]
    check(score < 0, "the line's score is from sente's view: %d (gote is ahead)" % score)
    pv = lines[0]["pv"].split()
    legal_hodges = {m["hodges"] for m in st["legal"]}
    check(not pv or (pv[0] != kaki and pv[0] in legal_hodges),
          "the PV starts from the position shown: %s (Kaki played %s)" % (pv, kaki))
    check(len(pv) >= 1, "and shows sente's expected reply (%s)" % pv)
wait(lambda: page.js("return document.getElementById('think-score').textContent").startswith(("−", "gote")),
     "the panel's score")
shown = page.js("return document.getElementById('think-score').textContent")
check(shown.startswith(("−", "gote")), "the panel shows %s: gote is better" % shown)
title = page.js("return document.getElementById('think-score').title")
check("sente's view" in title and "sente's view" in page.el("#score-view").text,
      "labelled: %s / %s" % (title, page.el("#score-view").text))
pv_text = page.js("return document.getElementById('think-pv').textContent")
check(not pv_text.startswith(kaki + " ") and pv_text != kaki, "the panel's PV does not start with %s: %s" % (kaki, pv_text))
evals = [e for e in st["evals"] if e is not None]
check(evals and all(e < 0 for e in evals), "the graph's points are sente's view: %s" % evals)
pgn = page.api("/api/pgn")
notes = re.findall(r"\[%eval ([^,\]]+)", pgn)
check(notes and all(n.startswith(("-", "#-")) for n in notes), "the PGN's comments: %s" % notes)
page.shot("figures-after-kaki.png")
page.el("#analysis").screenshot(os.path.join(OUT, "figures-analysis-panel.png"))

check(not page.console_errors(), "no errors in the browser console %s" % page.console_errors())
finish(page, server)
