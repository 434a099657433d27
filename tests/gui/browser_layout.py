#!/usr/bin/python3
"""Layout (issue 30, item 4), in headless Chromium, measured on the page:
  * at 1920x1080 the board fills the height and the panels the rest of the width;
  * at 1024x700 every piece set stays readable: the smallest label of every piece on the
    board (its font size, scaled by the piece's size on the screen) is at least 9 px, and so
    are the board's coordinates;
  * the clocks' colours mean something in every clock mode: grey before the first move, dark
    for the clock that runs, red only when a game clock runs low; in fixed time per move never
    red (the engines' two clocks were both red);
  * the new-game dialog shows only the fields of the chosen clock, and a bad TFEN leaves it
    open with the error in it and everything typed kept.
Screenshots: the start and a mid-game at both sizes (KAKI_SHOTS: a directory to copy them to).

    browser_layout.py KAKI_BOARD MATCH_PGN ARTIFACT_DIR"""

import os
import shutil
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_lib import Page, check, finish, start_server, wait  # noqa: E402

BOARD, PGN, OUT = sys.argv[1], sys.argv[2], sys.argv[3]
NOTES = os.environ.get("KAKI_SHOTS")
server, URL = start_server(BOARD)
page = Page(URL, OUT, 1920, 1080)
figures = []


def save(name):
    path = page.shot(name)
    if NOTES:
        os.makedirs(NOTES, exist_ok=True)
        shutil.copy(path, os.path.join(NOTES, name))


def rect(css):
    return page.js("return document.querySelector(arguments[0]).getBoundingClientRect().toJSON()", css)


def use_set(name):
    page.el(f"input[name=set][value={name}]").click()
    wait(lambda: page.js("return document.body.dataset.set") == name, "piece set " + name)
    time.sleep(0.2)


def smallest_label():
    """The smallest text of every piece of the set (promoted ones too), in CSS pixels: a
    piece's size on the screen (getBoundingClientRect) times the text's computed font size
    over the piece's 100 units."""
    return page.js("""
        let min = 1e9, which = '';
        const px = document.querySelector('#board use.pc').getBoundingClientRect().height / 100;
        for (const sym of document.querySelectorAll('#board defs symbol[id^="p"]')) {
          for (const t of sym.querySelectorAll('text')) {
            const size = parseFloat(getComputedStyle(t).fontSize) * px;
            if (size < min) { min = size; which = sym.id + ' ' + t.textContent; }
          }
        }
        const c = document.querySelector('#board .coord');
        const k = document.getElementById('board').getBoundingClientRect().height / window.kakiGeometry.size;
        return [min, which, parseFloat(getComputedStyle(c).fontSize) * k];""")


def measure(w, h):
    page.resize(w, h)
    b, head, side = rect("#board"), rect("header"), rect("#side")
    free_h = h - head["height"]
    figures.append("%dx%d: board %.0f x %.0f px (%.0f%% of the height below the header), squares %.1f px; "
                   "the panels end %.0f px from the right edge"
                   % (w, h, b["width"], b["height"], 100 * b["height"] / free_h, b["width"] * 60 / 1004,
                      w - side["right"]))
    return b, head, side


# 1. 1920x1080: the board fills the height, the panels the width ----------------------------
b, head, side = measure(1920, 1080)
check(b["height"] >= 0.95 * (1080 - head["height"]) and b["bottom"] <= 1080,
      "1920x1080: the board fills the height (%.0f of %.0f px)" % (b["height"], 1080 - head["height"]))
check(1920 - side["right"] <= 24 and side["left"] - b["right"] <= 24,
      "no empty width: the panels from %.0f to %.0f px" % (side["left"], side["right"]))
save("start-1920x1080.png")

# 2. 1024x700: every piece set readable -----------------------------------------------------
b, head, side = measure(1024, 700)
check(b["height"] >= 0.9 * (700 - head["height"]), "1024x700: the board fills the height (%.0f px)" % b["height"])
for name in ("kanji", "mnemonic", "letters"):
    use_set(name)
    size, which, coord = smallest_label()
    figures.append("1024x700, %s: smallest piece label %.1f px (%s), coordinates %.1f px" % (name, size, which, coord))
    check(size >= 9 and coord >= 9, "%s: the smallest label is %.1f px (%s), the coordinates %.1f px"
          % (name, size, which, coord))
    save("start-1024x700-%s.png" % name)
use_set("kanji")
shutil.copy(os.path.join(OUT, "start-1024x700-kanji.png"), os.path.join(OUT, "start-1024x700.png"))
if NOTES:
    shutil.copy(os.path.join(OUT, "start-1024x700-kanji.png"), os.path.join(NOTES, "start-1024x700.png"))

# a mid-game: a kaki-match game at its 30th ply, with its scores in the graph
text = open(PGN, encoding="utf-8").read()
before = page.version()
page.js("document.getElementById('pgn-text').value = arguments[0]", text)
page.el("#btn-load-pgn").click()
page.after_action(before, "the kaki-match game")
before = page.version()
page.js("document.querySelectorAll('#moves .ply')[29].click()")
page.after_action(before, "ply 30")
save("midgame-1024x700.png")
page.resize(1920, 1080)
save("midgame-1920x1080.png")
page.resize(1440, 900)

# 3. the clocks' colours ----------------------------------------------------------------------
def clocks():
    return [page.js("return document.querySelector(arguments[0]).className", "#player-%s .clock" % p) for p in ("top", "bottom")]


page.new_game("human", "engine", {"kind": "increment", "base": 5, "inc": 2})
c = clocks()
check(all("waiting" in x and "low" not in x and "running" not in x for x in c),
      "minutes + increment, before the first move: both grey (%s)" % c)
# two engines at a fixed time per move: never red, at most one dark
page.new_game("engine", "engine", {"kind": "permove", "move": 2})
samples, shown = [], []
for _ in range(12):  # each clock's class and text read at once (the page redraws between calls)
    read = page.js("return ['top', 'bottom'].map(p => {"
                   " const c = document.querySelector('#player-' + p + ' .clock');"
                   " return [c.className, c.textContent]; });")
    samples.append([r[0] for r in read])
    shown.append([r[1] for r in read])
    time.sleep(0.25)
# red only for an engine past its move's time (a loaded machine may make it late): the clock
# then shows no time left
check(not any("low" in x or ("flagged" in x and not (t.startswith("-") or t == "0:00.0"))
              for s, ts in zip(samples, shown) for x, t in zip(s, ts)),
      "fixed time per move: no clock red while time is left (%s %s)" % (samples[-1], shown[-1]))
check(all(sum("running" in x for x in s) <= 1 for s in samples), "at most one clock running at a time")
check(any("running" in x for s in samples for x in s), "the thinking engine's clock runs (%s)" % samples[0])
page.el("#btn-stop").click()
wait(lambda: page.state()["paused"] or page.state()["over"], "the engines stopped")
time.sleep(0.3)
check(not any("running" in x or "low" in x for x in clocks()), "stopped: no clock dark or red (%s)" % clocks())
page.new_game("human", "engine", {"kind": "permove", "move": 2})
check(page.el("#player-bottom .clock").text == "" and "s/move" in page.el("#player-top .clock").text,
      "person against engine: the person untimed, the engine's %s" % page.el("#player-top .clock").text)

# 4. the new-game dialog --------------------------------------------------------------------
page.el("#btn-new").click()
wait(lambda: page.js("return document.getElementById('dlg-new').open"), "the dialog")
expected = {"increment": ["base", "inc"], "sudden": ["base"], "permove": ["move"], "depth": ["depth"], "none": []}
for kind, fields in expected.items():
    page.js("const s = document.getElementById('clock-kind'); s.value = arguments[0];"
            "s.dispatchEvent(new Event('change', {bubbles: true}))", kind)
    shown = page.js("return [...document.querySelectorAll('#form-new input[type=number]')]"
                    ".filter(e => e.offsetParent !== null).map(e => e.name)")
    check(shown == fields, "clock %s: the fields %s (%s)" % (kind, fields, shown))
page.fill_new_game("human", "engine", {"kind": "increment", "base": 7, "inc": 3}, "not a TFEN")
before = page.version()
page.el("#new-ok").click()
err = wait(lambda: page.el("#new-error").text or None, "the dialog's error")
check(err and "TFEN" in err, "a bad TFEN: the error in the dialog (%s)" % err)
check(page.js("return document.getElementById('dlg-new').open"), "the dialog stays open")
kept = page.js("const f = document.getElementById('form-new');"
               "return [f.tfen.value, f.clock.value, f.base.value, f.inc.value, f.gote.value]")
check(kept == ["not a TFEN", "increment", "7", "3", "engine"], "what was typed is kept: %s" % kept)
check(page.version() == before, "the game did not change")
save("new-game-error.png")
page.el("#new-cancel").click()
check(not page.js("return document.getElementById('dlg-new').open"), "Cancel closes it")

for f in figures:
    print("figures:", f, flush=True)
errors = [e for e in page.console_errors() if "status of 422" not in e["message"]]  # the bad TFEN
check(not errors, "no errors in the browser console %s" % errors)
finish(page, server)
